//! The championship's penalties page's read model: every penalty and
//! sanction, in force and revoked (G-D2: published), and for the judges the
//! imposition form's lists.

use crate::access::Judges;
use crate::db::championships::Championship;
use crate::db::entries::EntryStatus;
use crate::db::teams::{Team, TeamStatus};
use crate::db::tournaments::Tournament;
use crate::db::{self, DbConnection, QueryError};
use crate::ids::{ChampionshipId, EntryId, PersonId};
use crate::penalties::{InPlay, Listed};
use crate::rules::regulation::Regulation;

/// Everything the penalties page shows, for one viewer.
pub struct PenaltiesPage {
    pub championship: Championship,
    /// The regulation in force now: its catalogue of penalties (G-D2).
    pub regulation: Regulation,
    /// Every penalty of the championship with the names it shows.
    pub listed: Vec<Listed>,
    /// The championship's teams, whatever their status.
    pub teams: Vec<Team>,
    pub tournaments: Vec<Tournament>,
    /// Whether the viewer holds a judge's role (or is an administrator).
    pub is_judge: bool,
    /// For the judges: G-D2, the games being played now.
    pub in_play: Vec<InPlay>,
    /// For the judges: the entries of unfinished tournaments still entered
    /// (id, tournament number, name), for a team with several (G-B13).
    pub entries: Vec<(EntryId, i32, String)>,
    /// For the judges: the championship's players, suggested for the
    /// player the penalty names.
    pub players: Vec<String>,
}

impl PenaltiesPage {
    /// The penalties of `c` as `viewer` (person, is an administrator) sees
    /// them; `None` when there is no such championship.
    pub fn load(
        conn: &mut DbConnection,
        viewer: Option<(PersonId, bool)>,
        c: ChampionshipId,
    ) -> Result<Option<PenaltiesPage>, QueryError> {
        let Some(championship) = db::championships::by_id(conn, c)? else {
            return Ok(None);
        };
        let regulation =
            crate::regulation::in_force(conn, &championship, db::utc_now())?.regulation;
        let listed = crate::penalties::list(conn, c)?;
        let teams = db::teams::of_championship(conn, c, &TeamStatus::ALL)?;
        let tournaments = db::tournaments::of_championship(conn, c)?;
        let is_judge = crate::access::holds::<Judges>(conn, viewer, c)?;
        let (mut in_play, mut entries, mut players) = (Vec::new(), Vec::new(), Vec::new());
        if is_judge {
            in_play = crate::penalties::games_in_play(conn, c)?;
            players = db::teams::member_nicks_of_championship(conn, c)?;
            for t in tournaments.iter().filter(|t| t.finished_at.is_none()) {
                for x in db::entries::of_tournament(conn, t.id)? {
                    if x.status() == EntryStatus::Entered {
                        entries.push((x.id, t.number, x.name));
                    }
                }
            }
        }
        Ok(Some(PenaltiesPage {
            championship,
            regulation,
            listed,
            teams,
            tournaments,
            is_judge,
            in_play,
            entries,
            players,
        }))
    }
}

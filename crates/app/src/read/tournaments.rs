//! The tournament page's read model: the tournament as shown (a draft
//! round as its publication will leave it), its recorded games, bars,
//! the captains' reports, the viewer's powers and teams, and the places
//! once finished, loaded in one place.

use std::collections::HashMap;

use crate::access::{ChiefJudge, Judges, Organizers};
use crate::db::results::{PlaceOverride, PlaceRow};
use crate::db::teams::{Team, TeamStatus};
use crate::db::violations::ViolationReport;
use crate::db::{self, DbConnection, QueryError};
use crate::ids::{ChampionshipId, GameId, OrganizationId, PersonId, TeamId, TournamentId};
use crate::penalties::Bar;
use crate::rounds::Loaded;

/// Everything the tournament page shows, for one viewer.
pub struct TournamentPage {
    /// The tournament loaded whole, a draft round as its publication will
    /// leave it (G-A7, `play_state::load_as_shown`).
    pub loaded: Loaded,
    /// The games whose record (PGN) is kept.
    pub recorded: Vec<GameId>,
    /// G-G4, G-G7: who may not play in this tournament.
    pub bars: Vec<Bar>,
    /// G-V33: the captains' reports, for the judges only.
    pub reports: Vec<ViolationReport>,
    /// The viewer is a judge of the championship (or an administrator).
    pub is_judge: bool,
    /// The viewer is its chief judge (reopens a finished tournament).
    pub is_chief: bool,
    /// The viewer organizes it (R-3.5 rounds, R-2.2 check-in).
    pub is_organizer: bool,
    /// The teams the viewer may enter (`entries::teams_for`).
    pub my_teams: Vec<Team>,
    /// The current members of the first of them, (nick, full name): the
    /// entry form's boards pick from these.
    pub my_members: Vec<(String, String)>,
    /// Who captains each team of the championship now (may withdraw its
    /// entries).
    pub team_captains: HashMap<TeamId, PersonId>,
    /// Organization names, when asked for (to word a refused entry's
    /// eligibility reasons).
    pub organization_names: Vec<(OrganizationId, String)>,
    /// The places recorded at the finish, of this tournament, and the
    /// places an upheld appeal set (G-D4); empty while not finished.
    pub places: Vec<PlaceRow>,
    pub overrides: Vec<PlaceOverride>,
}

impl TournamentPage {
    /// The page of tournament `t` of championship `c` as `viewer` (id,
    /// administrator) sees it; `None` when there is no such tournament in
    /// that championship.
    pub fn load(
        conn: &mut DbConnection,
        viewer: Option<(PersonId, bool)>,
        c: ChampionshipId,
        t: TournamentId,
        with_organizations: bool,
    ) -> Result<Option<TournamentPage>, QueryError> {
        let Some(loaded) = crate::play_state::load_as_shown(conn, t, db::utc_now())?
            .filter(|l| l.ctx.championship.id == c)
        else {
            return Ok(None);
        };
        let ids: Vec<GameId> = loaded.games.iter().map(|g| g.id).collect();
        let recorded = db::games::recorded_among(conn, &ids)?;
        let bars = crate::penalties::bars_in(conn, c, t)?;
        let is_judge = crate::access::holds::<Judges>(conn, viewer, c)?;
        let is_chief = crate::access::holds::<ChiefJudge>(conn, viewer, c)?;
        let is_organizer = crate::access::holds::<Organizers>(conn, viewer, c)?;
        let reports = if is_judge {
            db::violations::of_tournament(conn, t)?
        } else {
            Vec::new()
        };
        let my_teams = match viewer {
            Some((person, _)) => crate::entries::teams_for(conn, &loaded.ctx, person)?,
            None => Vec::new(),
        };
        let my_members = match my_teams.first() {
            Some(team) => db::teams::current_members(conn, team.id)?
                .into_iter()
                .map(|m| (m.nick, m.full_name))
                .collect(),
            None => Vec::new(),
        };
        let team_captains = db::teams::of_championship(conn, c, &TeamStatus::ALL)?
            .into_iter()
            .map(|team| (team.id, team.captain_id))
            .collect();
        let organization_names = if with_organizations {
            db::organizations::list(conn)?
                .into_iter()
                .map(|o| (o.id, o.name))
                .collect()
        } else {
            Vec::new()
        };
        let (places, overrides) = if loaded.ctx.tournament.finished_at.is_some() {
            let mut places = db::results::places_of_championship(conn, c)?;
            places.retain(|p| p.tournament_id == t);
            (places, db::results::overrides_of(conn, t)?)
        } else {
            (Vec::new(), Vec::new())
        };
        Ok(Some(TournamentPage {
            loaded,
            recorded,
            bars,
            reports,
            is_judge,
            is_chief,
            is_organizer,
            my_teams,
            my_members,
            team_captains,
            organization_names,
            places,
            overrides,
        }))
    }
}

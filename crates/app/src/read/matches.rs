//! The read models of play at the boards: the match page (its boards,
//! reports, substitutions and the viewer's powers over them) and a
//! captain's line-up page (G-V22), each loaded in one place.

use std::collections::HashMap;

use crate::access::{ChiefJudge, Judges};
use crate::db::rounds::{Match, Round};
use crate::db::violations::ViolationReport;
use crate::db::{self, DbConnection, QueryError};
use crate::eligibility::Unfit;
use crate::ids::{ChampionshipId, EntryId, GameId, MatchId, PersonId, TournamentId};
use crate::rounds::Loaded;

/// The tournament of this championship, loaded whole, a draft round as
/// its publication will leave it (G-A7); `None` when it is not there.
fn shown(
    conn: &mut DbConnection,
    c: ChampionshipId,
    t: TournamentId,
) -> Result<Option<Loaded>, QueryError> {
    Ok(crate::play_state::load_as_shown(conn, t, db::utc_now())?
        .filter(|l| l.ctx.championship.id == c))
}

/// G-A7 at this moment: the players of these entries who may not play now.
fn unfit_now(
    conn: &mut DbConnection,
    l: &Loaded,
    entries: &[EntryId],
) -> Result<Vec<(PersonId, Vec<Unfit>)>, QueryError> {
    let mut out = Vec::new();
    for e in l.entries.iter().filter(|x| entries.contains(&x.id)) {
        let people: Vec<PersonId> = l
            .players
            .iter()
            .filter(|p| p.entry_id == e.id)
            .map(|p| p.person_id)
            .collect();
        out.extend(crate::eligibility::unfit_to_play(
            conn,
            &l.ctx,
            e.team_id,
            &people,
            db::utc_now(),
        )?);
    }
    Ok(out)
}

/// Everything the match page shows, for one viewer.
pub struct MatchPage {
    /// The tournament as shown (a draft round as its publication will
    /// leave it, G-A7).
    pub loaded: Loaded,
    /// The match, and its round (published, or the viewer judges).
    pub the_match: Match,
    pub round: Round,
    /// The match's games whose record (PGN) is kept.
    pub recorded: Vec<GameId>,
    /// The match's games created on lichess: their ids there.
    pub on_server: HashMap<GameId, String>,
    /// The people who may act for each entry of the tournament.
    pub captains: HashMap<EntryId, Vec<PersonId>>,
    /// The viewer judges the championship (or administers the platform).
    pub is_judge: bool,
    /// The viewer is its chief judge (answers G-V33 reports).
    pub is_chief: bool,
    /// The viewer may act for the home side, for the away side.
    pub home_captain: bool,
    pub away_captain: bool,
    /// G-V33: the reports on this match the viewer may read
    /// (`violations::visible`).
    pub reports: Vec<ViolationReport>,
    /// G-A7 at this moment: the players of both sides who may not play
    /// now, with the reasons.
    pub unfit: Vec<(PersonId, Vec<Unfit>)>,
    /// The match's players' ratings as the regulation counts them on the
    /// tournament's day.
    pub ratings: HashMap<PersonId, crate::rules::rating::Held>,
}

/// The ratings the regulation of `loaded` counts for these people on its
/// tournament's day (none when it counts no rating).
fn counted_in(
    conn: &mut DbConnection,
    loaded: &Loaded,
    people: &[PersonId],
) -> Result<HashMap<PersonId, crate::rules::rating::Held>, QueryError> {
    crate::ratings::counted(
        conn,
        &loaded.ctx.regulation.ratings.order,
        people,
        loaded.ctx.tournament.starts_at.date(),
    )
}

impl MatchPage {
    /// Match `m` of tournament `t` of championship `c` as `viewer` (id,
    /// administrator) sees it; `None` when there is no such match there,
    /// or its round is a draft and the viewer does not judge.
    pub fn load(
        conn: &mut DbConnection,
        viewer: Option<(PersonId, bool)>,
        c: ChampionshipId,
        t: TournamentId,
        m: MatchId,
    ) -> Result<Option<MatchPage>, QueryError> {
        let Some(loaded) = shown(conn, c, t)? else {
            return Ok(None);
        };
        let ids: Vec<GameId> = loaded.games_of(m).map(|g| g.id).collect();
        let recorded = db::games::recorded_among(conn, &ids)?;
        let on_server = crate::game_servers::current(db::game_servers::of_games(conn, &ids)?)
            .into_values()
            .filter_map(|s| Some((s.game_id, s.remote_id?)))
            .collect();
        let captains = crate::entries::entry_captains(conn, c, &loaded.entries)?;
        let is_judge = crate::access::holds::<Judges>(conn, viewer, c)?;
        let is_chief = crate::access::holds::<ChiefJudge>(conn, viewer, c)?;
        let me = viewer.map(|v| v.0);
        let mut reports = crate::violations::visible(conn, &loaded, me, is_judge)?;
        reports.retain(|r| r.match_id == m);
        let Some(the_match) = loaded.matches.iter().find(|x| x.id == m).cloned() else {
            return Ok(None);
        };
        let sides: Vec<EntryId> = [Some(the_match.home_entry_id), the_match.away_entry_id]
            .into_iter()
            .flatten()
            .collect();
        let unfit = unfit_now(conn, &loaded, &sides)?;
        let Some(round) = loaded.rounds.iter().find(|x| x.id == the_match.round_id) else {
            return Ok(None);
        };
        if !round.is_published() && !is_judge {
            return Ok(None);
        }
        let round = round.clone();
        let speaks_for = |entry: Option<EntryId>| {
            entry.is_some_and(|e| {
                captains
                    .get(&e)
                    .is_some_and(|v| me.is_some_and(|me| v.contains(&me)))
            })
        };
        let home_captain = speaks_for(Some(the_match.home_entry_id));
        let away_captain = speaks_for(the_match.away_entry_id);
        let players: Vec<PersonId> = loaded
            .games_of(m)
            .flat_map(|g| [g.home_player_id, g.away_player_id])
            .flatten()
            .collect();
        let ratings = counted_in(conn, &loaded, &players)?;
        Ok(Some(MatchPage {
            loaded,
            the_match,
            round,
            recorded,
            on_server,
            captains,
            is_judge,
            is_chief,
            home_captain,
            away_captain,
            reports,
            unfit,
            ratings,
        }))
    }
}

/// What a captain's line-up page shows (G-V22).
pub struct LineupPage {
    /// The tournament as shown (a draft round as its publication will
    /// leave it, G-A7).
    pub loaded: Loaded,
    /// The entry whose line-ups these are.
    pub entry: EntryId,
    /// The viewer may act for the entry (its captains).
    pub viewer_is_captain: bool,
    /// G-A7 at this moment: the entry's players who may not play now.
    pub unfit: Vec<(PersonId, Vec<Unfit>)>,
    /// The entry's players' ratings as the regulation counts them on the
    /// tournament's day (none when it counts no rating).
    pub ratings: std::collections::HashMap<PersonId, crate::rules::rating::Held>,
}

impl LineupPage {
    /// Entry `e`'s line-ups in tournament `t` of championship `c`, for
    /// `viewer`; `None` when there is no such entry there.
    pub fn load(
        conn: &mut DbConnection,
        viewer: PersonId,
        c: ChampionshipId,
        t: TournamentId,
        e: EntryId,
    ) -> Result<Option<LineupPage>, QueryError> {
        let Some(loaded) = shown(conn, c, t)? else {
            return Ok(None);
        };
        let captains = crate::entries::entry_captains(conn, c, &loaded.entries)?;
        let unfit = unfit_now(conn, &loaded, &[e])?;
        if !loaded.entries.iter().any(|x| x.id == e) {
            return Ok(None);
        }
        let players: Vec<PersonId> = loaded
            .players
            .iter()
            .filter(|p| p.entry_id == e)
            .map(|p| p.person_id)
            .collect();
        let ratings = counted_in(conn, &loaded, &players)?;
        Ok(Some(LineupPage {
            viewer_is_captain: captains.get(&e).is_some_and(|v| v.contains(&viewer)),
            loaded,
            entry: e,
            unfit,
            ratings,
        }))
    }
}

//! Penalties from the regulation's catalogue (G-G1 …): half-points deducted
//! from a team's championship points, with the reason and who imposed them
//! (none for those the platform records itself, such as a late entry).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::penalties;
use crate::ids::{ChampionshipId, EntryId, GameId, PersonId, TeamId, TournamentId};
use crate::rules::score::HalfPoints;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = penalties)]
pub struct Penalty {
    pub id: i64,
    pub championship_id: i64,
    pub tournament_id: Option<i64>,
    pub team_id: i64,
    pub entry_id: Option<i64>,
    pub code: String,
    /// Half-points deducted.
    pub amount: i32,
    pub reason: String,
    pub imposed_by: Option<i64>,
    pub imposed_at: NaiveDateTime,
    pub revoked_at: Option<NaiveDateTime>,
    pub revoked_by: Option<i64>,
    pub revoke_reason: Option<String>,
    /// Cases (G-G6) or games (G-G8) the amount covers.
    pub count: i32,
    /// What it bars besides points (`rules::penalties::Sanction`).
    pub sanction: Option<String>,
    /// The tournament the sanction bars.
    pub bars_tournament_id: Option<i64>,
    /// The person the sanction falls on (G-G4, G-G7).
    pub person_id: Option<i64>,
    /// G-D2: the game lost by the offending entry (`entry_id`).
    pub game_id: Option<i64>,
}

impl Penalty {
    pub fn amount(&self) -> HalfPoints {
        HalfPoints(self.amount)
    }

    pub fn in_force(&self) -> bool {
        self.revoked_at.is_none()
    }
}

pub struct NewPenalty<'a> {
    pub championship: ChampionshipId,
    pub tournament: Option<TournamentId>,
    pub team: TeamId,
    pub entry: Option<EntryId>,
    pub code: &'a str,
    pub amount: HalfPoints,
    pub reason: &'a str,
    pub imposed_by: Option<PersonId>,
    pub imposed_at: NaiveDateTime,
}

pub fn insert(conn: &mut DbConnection, new: &NewPenalty) -> QueryResult<i64> {
    super::championships::bump_results_version(conn, new.championship)?;
    diesel::insert_into(penalties::table)
        .values((
            penalties::championship_id.eq(new.championship.0),
            penalties::tournament_id.eq(new.tournament.map(|t| t.0)),
            penalties::team_id.eq(new.team.0),
            penalties::entry_id.eq(new.entry.map(|e| e.0)),
            penalties::code.eq(new.code),
            penalties::amount.eq(new.amount.0),
            penalties::reason.eq(new.reason),
            penalties::imposed_by.eq(new.imposed_by.map(|p| p.0)),
            penalties::imposed_at.eq(new.imposed_at),
        ))
        .returning(penalties::id)
        .get_result(conn)
}

pub fn of_championship(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<Vec<Penalty>> {
    penalties::table
        .filter(penalties::championship_id.eq(championship.0))
        .order((penalties::imposed_at, penalties::id))
        .select(Penalty::as_select())
        .load(conn)
}

/// Every penalty of a team (its doubles' too), in force or revoked, for
/// the team's public page.
pub fn of_team(conn: &mut DbConnection, team: TeamId) -> QueryResult<Vec<Penalty>> {
    penalties::table
        .filter(penalties::team_id.eq(team.0))
        .order((penalties::imposed_at, penalties::id))
        .select(Penalty::as_select())
        .load(conn)
}

/// Sanction columns of a penalty just inserted.
pub struct Scope {
    pub count: i32,
    pub sanction: Option<&'static str>,
    pub bars_tournament: Option<TournamentId>,
    pub person: Option<PersonId>,
    /// G-D2: the game the penalty lost.
    pub game: Option<GameId>,
}

pub fn set_scope(conn: &mut DbConnection, id: i64, scope: &Scope) -> QueryResult<()> {
    diesel::update(penalties::table.find(id))
        .set((
            penalties::count.eq(scope.count),
            penalties::sanction.eq(scope.sanction),
            penalties::bars_tournament_id.eq(scope.bars_tournament.map(|t| t.0)),
            penalties::person_id.eq(scope.person.map(|p| p.0)),
            penalties::game_id.eq(scope.game.map(|g| g.0)),
        ))
        .execute(conn)
        .map(drop)
}

pub fn by_id(conn: &mut DbConnection, id: i64) -> QueryResult<Option<Penalty>> {
    penalties::table
        .find(id)
        .select(Penalty::as_select())
        .first(conn)
        .optional()
}

/// Revokes a penalty in force of championship `c`; the row stays on record
/// and the championship's results version moves. Returns false when it was
/// already revoked.
pub fn revoke(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: i64,
    by: PersonId,
    reason: &str,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    super::championships::bump_results_version(conn, c)?;
    diesel::update(
        penalties::table
            .find(id)
            .filter(penalties::championship_id.eq(c.0))
            .filter(penalties::revoked_at.is_null()),
    )
    .set((
        penalties::revoked_at.eq(Some(at)),
        penalties::revoked_by.eq(Some(by.0)),
        penalties::revoke_reason.eq(Some(reason)),
    ))
    .execute(conn)
    .map(|n| n == 1)
}

/// Sanctions in force of a championship (rows with a `sanction`).
pub fn sanctions_in_force(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<Vec<Penalty>> {
    penalties::table
        .filter(penalties::championship_id.eq(championship.0))
        .filter(penalties::revoked_at.is_null())
        .filter(penalties::sanction.is_not_null())
        .select(Penalty::as_select())
        .load(conn)
}

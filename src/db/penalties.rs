//! Penalties from the regulation's catalogue (G-G1 …): half-points deducted
//! from a team's championship points, with the reason and who imposed them
//! (none for those the platform records itself, such as a late entry).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::penalties;
use crate::ids::{ChampionshipId, EntryId, GameId, PenaltyId, PersonId, TeamId, TournamentId};
use crate::rules::score::HalfPoints;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = penalties)]
pub struct Penalty {
    pub id: PenaltyId,
    pub championship_id: ChampionshipId,
    pub tournament_id: Option<TournamentId>,
    pub team_id: TeamId,
    pub entry_id: Option<EntryId>,
    pub code: String,
    /// Half-points deducted.
    pub amount: i32,
    pub reason: String,
    pub imposed_by: Option<PersonId>,
    pub imposed_at: NaiveDateTime,
    pub revoked_at: Option<NaiveDateTime>,
    pub revoked_by: Option<PersonId>,
    pub revoke_reason: Option<String>,
    /// Cases (G-G6) or games (G-G8) the amount covers.
    pub count: i32,
    /// What it bars besides points (`rules::penalties::Sanction`).
    pub sanction: Option<String>,
    /// The tournament the sanction bars.
    pub bars_tournament_id: Option<TournamentId>,
    /// The person the sanction falls on (G-G4, G-G7).
    pub person_id: Option<PersonId>,
    /// G-D2: the game lost by the offending entry (`entry_id`).
    pub game_id: Option<GameId>,
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

pub fn insert(conn: &mut DbConnection, new: &NewPenalty) -> QueryResult<PenaltyId> {
    super::championships::bump_results_version(conn, new.championship)?;
    diesel::insert_into(penalties::table)
        .values((
            penalties::championship_id.eq(new.championship),
            penalties::tournament_id.eq(new.tournament),
            penalties::team_id.eq(new.team),
            penalties::entry_id.eq(new.entry),
            penalties::code.eq(new.code),
            penalties::amount.eq(new.amount.0),
            penalties::reason.eq(new.reason),
            penalties::imposed_by.eq(new.imposed_by),
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
        .filter(penalties::championship_id.eq(championship))
        .order((penalties::imposed_at, penalties::id))
        .select(Penalty::as_select())
        .load(conn)
}

/// Every penalty of a team (its doubles' too), in force or revoked, for
/// the team's public page.
pub fn of_team(conn: &mut DbConnection, team: TeamId) -> QueryResult<Vec<Penalty>> {
    penalties::table
        .filter(penalties::team_id.eq(team))
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

pub fn set_scope(conn: &mut DbConnection, id: PenaltyId, scope: &Scope) -> QueryResult<()> {
    diesel::update(penalties::table.find(id))
        .set((
            penalties::count.eq(scope.count),
            penalties::sanction.eq(scope.sanction),
            penalties::bars_tournament_id.eq(scope.bars_tournament),
            penalties::person_id.eq(scope.person),
            penalties::game_id.eq(scope.game),
        ))
        .execute(conn)
        .map(drop)
}

pub fn by_id(conn: &mut DbConnection, id: PenaltyId) -> QueryResult<Option<Penalty>> {
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
    id: PenaltyId,
    by: PersonId,
    reason: &str,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    super::championships::bump_results_version(conn, c)?;
    diesel::update(
        penalties::table
            .find(id)
            .filter(penalties::championship_id.eq(c))
            .filter(penalties::revoked_at.is_null()),
    )
    .set((
        penalties::revoked_at.eq(Some(at)),
        penalties::revoked_by.eq(Some(by)),
        penalties::revoke_reason.eq(Some(reason)),
    ))
    .execute(conn)
    .map(|n| n == 1)
}

/// Sanctions in force of a championship (rows with a `sanction`).
/// The sanctions in force that fall on one person, in every championship
/// (G-G4, G-G7), for the person's page.
pub fn sanctions_on_person(conn: &mut DbConnection, person: PersonId) -> QueryResult<Vec<Penalty>> {
    penalties::table
        .filter(penalties::person_id.eq(person))
        .filter(penalties::revoked_at.is_null())
        .filter(penalties::sanction.is_not_null())
        .order((penalties::imposed_at, penalties::id))
        .select(Penalty::as_select())
        .load(conn)
}

pub fn sanctions_in_force(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<Vec<Penalty>> {
    penalties::table
        .filter(penalties::championship_id.eq(championship))
        .filter(penalties::revoked_at.is_null())
        .filter(penalties::sanction.is_not_null())
        .select(Penalty::as_select())
        .load(conn)
}

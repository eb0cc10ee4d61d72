//! Tournaments (stages) of a championship: number and start instant (UTC).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{DbConnection, WriteTx, schema::tournaments, utc_now};
use league_ids::{ChampionshipId, TournamentId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tournaments)]
pub struct Tournament {
    pub id: TournamentId,
    pub championship_id: ChampionshipId,
    pub number: i32,
    pub starts_at: NaiveDateTime,
    pub created_at: NaiveDateTime,
    /// Round 1 drawn: the field is frozen.
    pub drawn_at: Option<NaiveDateTime>,
    /// The format chosen for the field at the draw (JSON of `rules::regulation::Format`).
    pub format: Option<String>,
    pub finished_at: Option<NaiveDateTime>,
    /// Bumped with every change of a result, penalty or decision.
    pub results_version: i64,
    /// The rounds the organizers set for a Swiss; `None`: the
    /// regulation's.
    pub rounds: Option<i32>,
    /// Cancelled before its draw (with `cancel_reason`): left out of every
    /// list and answered as not found; the row stays for the audit log.
    pub cancelled_at: Option<NaiveDateTime>,
    pub cancel_reason: Option<String>,
}

pub fn of_championship(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<Vec<Tournament>> {
    tournaments::table
        .filter(tournaments::championship_id.eq(championship))
        .filter(tournaments::cancelled_at.is_null())
        .order((tournaments::starts_at, tournaments::number))
        .select(Tournament::as_select())
        .load(conn)
}

/// A tournament, unless it was cancelled.
pub fn by_id(conn: &mut DbConnection, id: TournamentId) -> QueryResult<Option<Tournament>> {
    tournaments::table
        .find(id)
        .filter(tournaments::cancelled_at.is_null())
        .select(Tournament::as_select())
        .first(conn)
        .optional()
}

/// Adds tournaments at these instants, numbered after the existing ones in
/// start order. Call inside `write_transaction`.
pub fn add(
    tx: &mut WriteTx<'_>,
    championship: ChampionshipId,
    starts: &[NaiveDateTime],
) -> QueryResult<usize> {
    let conn = tx.conn();
    let last: Option<i32> = tournaments::table
        .filter(tournaments::championship_id.eq(championship))
        .select(diesel::dsl::max(tournaments::number))
        .first(conn)?;
    let mut number = last.unwrap_or(0);
    let now = utc_now();
    for at in starts {
        number += 1;
        diesel::insert_into(tournaments::table)
            .values((
                tournaments::championship_id.eq(championship),
                tournaments::number.eq(number),
                tournaments::starts_at.eq(at),
                tournaments::created_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(starts.len())
}

pub fn set_start(tx: &mut WriteTx<'_>, id: TournamentId, at: NaiveDateTime) -> QueryResult<usize> {
    // The start picks the regulation version the tournament plays under.
    bump_results_version(tx, id)?;
    let conn = tx.conn();
    diesel::update(tournaments::table.find(id))
        .set(tournaments::starts_at.eq(at))
        .execute(conn)
}

/// Freezes the field: round 1 is drawn with this format.
pub fn mark_drawn(
    tx: &mut WriteTx<'_>,
    id: TournamentId,
    format_json: &str,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(tournaments::table.find(id))
        .set((
            tournaments::drawn_at.eq(at),
            tournaments::format.eq(format_json),
        ))
        .execute(conn)
}

/// The tournament's championship and when it finished (`None`: it is in
/// play), read with its row locked for the rest of the transaction on
/// PostgreSQL, so that a write checked against "in play" and the finish
/// cannot interleave; SQLite's write transactions hold the database's
/// write lock already. `None`: no such tournament.
pub fn lock_finished_at(
    tx: &mut WriteTx<'_>,
    id: TournamentId,
) -> QueryResult<Option<(ChampionshipId, Option<NaiveDateTime>)>> {
    finished_at_held(tx, id, false)
}

/// [`lock_finished_at`] for a write of results alone (a game's result, a
/// round's sheet, a file of games): on PostgreSQL the row is held `FOR KEY
/// SHARE`, which such writes share with one another while every other
/// write of the tournament (`lock_finished_at`'s `FOR UPDATE`: the finish,
/// a pairing, a line-up) waits for them and they for it. What the results
/// writes of one round must not do at once is held by the round
/// (`rounds::hold`). SQLite's write transactions run one at a time.
pub fn hold_for_results(
    tx: &mut WriteTx<'_>,
    id: TournamentId,
) -> QueryResult<Option<(ChampionshipId, Option<NaiveDateTime>)>> {
    finished_at_held(tx, id, true)
}

fn finished_at_held(
    tx: &mut WriteTx<'_>,
    id: TournamentId,
    shared: bool,
) -> QueryResult<Option<(ChampionshipId, Option<NaiveDateTime>)>> {
    let conn = tx.conn();
    let query = tournaments::table
        .find(id)
        .select((tournaments::championship_id, tournaments::finished_at));
    match conn {
        DbConnection::Postgresql(pg) if shared => query.for_key_share().first(pg).optional(),
        DbConnection::Postgresql(pg) => query.for_update().first(pg).optional(),
        DbConnection::Sqlite(_) => query.first(conn).optional(),
    }
}

pub fn mark_finished(
    tx: &mut WriteTx<'_>,
    id: TournamentId,
    at: Option<NaiveDateTime>,
) -> QueryResult<usize> {
    let conn = tx.conn();
    // Finishing happens once: a tournament finished already stays as it
    // was (0 rows); reopening (`at` None) applies to a finished one.
    let target = tournaments::table.find(id);
    match at {
        Some(_) => diesel::update(target.filter(tournaments::finished_at.is_null()))
            .set(tournaments::finished_at.eq(at))
            .execute(conn),
        None => diesel::update(target.filter(tournaments::finished_at.is_not_null()))
            .set(tournaments::finished_at.eq(at))
            .execute(conn),
    }
}

/// Sets the rounds of a Swiss; `None` returns to the regulation's.
pub fn set_rounds(
    tx: &mut WriteTx<'_>,
    id: TournamentId,
    rounds: Option<i32>,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(tournaments::table.find(id))
        .set(tournaments::rounds.eq(rounds))
        .execute(conn)
}

/// Call in the same transaction as any change of what standings count
/// other than a game's result (a penalty, a decision, a whole match's
/// forfeit, a finish), so that cached standings keyed by the version go
/// stale. The championship's version moves with it
/// (`championships::bump_results_version`). A game's result moves both by
/// the games' trigger (migration 000041; on PostgreSQL at the commit).
pub fn bump_results_version(tx: &mut WriteTx<'_>, id: TournamentId) -> QueryResult<usize> {
    let championship = diesel::update(tournaments::table.find(id))
        .set(tournaments::results_version.eq(tournaments::results_version + 1))
        .returning(tournaments::championship_id)
        .get_result::<ChampionshipId>(tx.conn())
        .optional()?;
    match championship {
        Some(c) => super::championships::bump_results_version(tx, c).map(|_| 1),
        None => Ok(0),
    }
}

/// The results version of tournament `t` of championship `c` and of the
/// championship (one query; `None` when `t` is not a tournament of `c`).
pub fn results_versions(
    conn: &mut DbConnection,
    c: ChampionshipId,
    t: TournamentId,
) -> QueryResult<Option<(i64, i64)>> {
    use super::schema::championship_content as cc;
    tournaments::table
        .inner_join(cc::table.on(cc::championship_id.eq(tournaments::championship_id)))
        .filter(tournaments::id.eq(t))
        .filter(tournaments::championship_id.eq(c))
        .select((tournaments::results_version, cc::results_version))
        .first(conn)
        .optional()
}

/// Whether tournament `t` is one of championship `c`'s (path nesting).
pub fn in_championship(
    conn: &mut DbConnection,
    c: ChampionshipId,
    t: TournamentId,
) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        tournaments::table
            .filter(tournaments::id.eq(t))
            .filter(tournaments::championship_id.eq(c))
            .filter(tournaments::cancelled_at.is_null()),
    ))
    .get_result(conn)
}

/// Cancels a tournament not yet drawn (`at`, `reason`); 0 when it is drawn
/// or already cancelled. Call inside `write_transaction`.
pub fn cancel(
    tx: &mut WriteTx<'_>,
    id: TournamentId,
    at: NaiveDateTime,
    reason: &str,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(
        tournaments::table
            .find(id)
            .filter(tournaments::drawn_at.is_null())
            .filter(tournaments::cancelled_at.is_null()),
    )
    .set((
        tournaments::cancelled_at.eq(Some(at)),
        tournaments::cancel_reason.eq(Some(reason)),
    ))
    .execute(conn)
}

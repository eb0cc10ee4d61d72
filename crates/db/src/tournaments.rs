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
    let conn = tx.conn();
    let query = tournaments::table
        .find(id)
        .select((tournaments::championship_id, tournaments::finished_at));
    match conn {
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

/// Call in the same transaction as any change of a result, penalty or
/// decision, so that cached standings keyed by the version go stale. The
/// championship's version moves with it (`championships::bump_results_version`).
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

pub fn bump_results_version(tx: &mut WriteTx<'_>, id: TournamentId) -> QueryResult<usize> {
    let conn = tx.conn();
    use super::schema::championships;
    diesel::update(
        championships::table.filter(
            championships::id.eq_any(
                tournaments::table
                    .find(id)
                    .select(tournaments::championship_id),
            ),
        ),
    )
    .set(championships::results_version.eq(championships::results_version + 1))
    .execute(conn)?;
    diesel::update(tournaments::table.find(id))
        .set(tournaments::results_version.eq(tournaments::results_version + 1))
        .execute(conn)
}

/// The results version of tournament `t` of championship `c` and of the
/// championship (one query; `None` when `t` is not a tournament of `c`).
pub fn results_versions(
    conn: &mut DbConnection,
    c: ChampionshipId,
    t: TournamentId,
) -> QueryResult<Option<(i64, i64)>> {
    use super::schema::championships;
    tournaments::table
        .inner_join(championships::table)
        .filter(tournaments::id.eq(t))
        .filter(tournaments::championship_id.eq(c))
        .select((tournaments::results_version, championships::results_version))
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

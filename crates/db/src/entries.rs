//! Entries of a tournament (G-B13) and the people named in them.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{entries, entry_players, people};
use super::{DbConnection, WriteTx};
use league_ids::{ChampionshipId, EntryId, PersonId, TeamId, TournamentId};

/// Where an entry stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryStatus {
    /// Registered: playing, waiting or sitting out (G-B13) is
    /// decided by `rules::entries::field`.
    Entered,
    /// Withdrawn before the draw; the waiting list moves up.
    Withdrawn,
    /// Withdrawn during play (G-G2): loses all remaining games.
    Retired,
}

impl EntryStatus {
    pub fn code(self) -> &'static str {
        match self {
            EntryStatus::Entered => "entered",
            EntryStatus::Withdrawn => "withdrawn",
            EntryStatus::Retired => "retired",
        }
    }

    pub fn from_code(code: &str) -> Option<EntryStatus> {
        match code {
            "entered" => Some(EntryStatus::Entered),
            "withdrawn" => Some(EntryStatus::Withdrawn),
            "retired" => Some(EntryStatus::Retired),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = entries)]
pub struct Entry {
    pub id: EntryId,
    pub tournament_id: TournamentId,
    pub team_id: TeamId,
    pub name: String,
    pub double_no: Option<i32>,
    pub line: String,
    pub submitted_by: PersonId,
    pub submitted_at: NaiveDateTime,
    pub late: bool,
    pub status: String,
    pub status_at: Option<NaiveDateTime>,
    pub status_reason: Option<String>,
    pub retired_after_round: Option<i32>,
    pub start_no: Option<i32>,
    /// E-13: when the fair-play undertaking was accepted with the entry.
    pub undertaken_at: Option<NaiveDateTime>,
}

impl Entry {
    pub fn status(&self) -> EntryStatus {
        EntryStatus::from_code(&self.status).unwrap_or(EntryStatus::Entered)
    }

    /// The captain for this tournament: whoever submitted the line (G-B13).
    pub fn captain(&self) -> PersonId {
        self.submitted_by
    }
}

/// A person named in an entry.
#[derive(Debug, Clone, Queryable)]
pub struct EntryPlayer {
    pub entry_id: EntryId,
    pub person_id: PersonId,
    pub substitute: bool,
    /// Board number for board players, order for substitutes (from 1).
    pub ordinal: i32,
    pub nick: String,
}

pub struct NewEntry<'a> {
    pub tournament: TournamentId,
    pub team: TeamId,
    pub name: &'a str,
    pub double_no: Option<u8>,
    pub line: &'a str,
    pub submitted_by: PersonId,
    pub submitted_at: NaiveDateTime,
    pub late: bool,
    /// E-13: the fair-play undertaking accepted with this line.
    pub undertaken: bool,
    pub boards: &'a [PersonId],
    pub substitutes: &'a [PersonId],
}

pub fn of_tournament(conn: &mut DbConnection, t: TournamentId) -> QueryResult<Vec<Entry>> {
    entries::table
        .filter(entries::tournament_id.eq(t))
        .order((entries::submitted_at, entries::id))
        .select(Entry::as_select())
        .load(conn)
}

/// The entries of tournament `t` paired in any of its rounds (a match or a
/// bye): the entries that took part, whatever their status now.
pub fn paired_in(
    conn: &mut DbConnection,
    t: TournamentId,
) -> QueryResult<std::collections::BTreeSet<EntryId>> {
    use super::schema::{matches, rounds};
    let pairs: Vec<(EntryId, Option<EntryId>)> = matches::table
        .inner_join(rounds::table.on(rounds::id.eq(matches::round_id)))
        .filter(rounds::tournament_id.eq(t))
        .select((matches::home_entry_id, matches::away_entry_id))
        .load(conn)?;
    Ok(pairs
        .into_iter()
        .flat_map(|(home, away)| std::iter::once(home).chain(away))
        .collect())
}

pub fn by_id(conn: &mut DbConnection, id: EntryId) -> QueryResult<Option<Entry>> {
    entries::table
        .find(id)
        .select(Entry::as_select())
        .first(conn)
        .optional()
}

/// (id, name) of these entries.
pub fn names_of(conn: &mut DbConnection, ids: &[EntryId]) -> QueryResult<Vec<(EntryId, String)>> {
    entries::table
        .filter(entries::id.eq_any(ids))
        .select((entries::id, entries::name))
        .load(conn)
}

/// The people of these entries, board players first then substitutes.
pub fn players_of(conn: &mut DbConnection, ids: &[EntryId]) -> QueryResult<Vec<EntryPlayer>> {
    entry_players::table
        .inner_join(people::table)
        .filter(entry_players::entry_id.eq_any(ids))
        .order((
            entry_players::entry_id,
            entry_players::substitute,
            entry_players::ordinal,
        ))
        .select((
            entry_players::entry_id,
            entry_players::person_id,
            entry_players::substitute,
            entry_players::ordinal,
            people::nick,
        ))
        .load(conn)
}

fn insert_players(
    conn: &mut DbConnection,
    entry: EntryId,
    boards: &[PersonId],
    substitutes: &[PersonId],
) -> QueryResult<()> {
    let rows: Vec<_> = boards
        .iter()
        .enumerate()
        .map(|(i, p)| (false, i, *p))
        .chain(substitutes.iter().enumerate().map(|(i, p)| (true, i, *p)))
        .map(|(substitute, i, person)| {
            (
                entry_players::entry_id.eq(entry),
                entry_players::person_id.eq(person),
                entry_players::substitute.eq(substitute),
                entry_players::ordinal.eq(i32::try_from(i + 1).unwrap_or(i32::MAX)),
            )
        })
        .collect();
    for row in rows {
        diesel::insert_into(entry_players::table)
            .values(row)
            .execute(conn)?;
    }
    Ok(())
}

/// Inserts an entry with its people. Call inside `write_transaction`.
pub fn insert(tx: &mut WriteTx<'_>, new: &NewEntry) -> QueryResult<EntryId> {
    let conn = tx.conn();
    let id = diesel::insert_into(entries::table)
        .values((
            entries::tournament_id.eq(new.tournament),
            entries::team_id.eq(new.team),
            entries::name.eq(new.name),
            entries::double_no.eq(new.double_no.map(i32::from)),
            entries::line.eq(new.line),
            entries::submitted_by.eq(new.submitted_by),
            entries::submitted_at.eq(new.submitted_at),
            entries::late.eq(new.late),
            entries::undertaken_at.eq(new.undertaken.then_some(new.submitted_at)),
            entries::status.eq(EntryStatus::Entered.code()),
        ))
        .returning(entries::id)
        .get_result(conn)?;
    insert_players(conn, id, new.boards, new.substitutes)?;
    Ok(id)
}

/// Enters a withdrawn entry again (before the draw) under its own name,
/// which is unique in the tournament: the row takes the new line, people
/// and registration time, so the entry queues behind those already
/// registered. Call inside `write_transaction`.
pub fn reenter(tx: &mut WriteTx<'_>, id: EntryId, new: &NewEntry) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::update(entries::table.find(id))
        .set((
            entries::line.eq(new.line),
            entries::submitted_by.eq(new.submitted_by),
            entries::submitted_at.eq(new.submitted_at),
            entries::late.eq(new.late),
            entries::undertaken_at.eq(new.undertaken.then_some(new.submitted_at)),
            entries::status.eq(EntryStatus::Entered.code()),
            entries::status_at.eq(None::<NaiveDateTime>),
            entries::status_reason.eq(None::<String>),
        ))
        .execute(conn)?;
    diesel::delete(entry_players::table.filter(entry_players::entry_id.eq(id))).execute(conn)?;
    insert_players(conn, id, new.boards, new.substitutes)
}

/// Replaces the line of an entry (before the draw); the registration time,
/// and so the entry's place in the queue, stays.
pub fn replace_line(
    tx: &mut WriteTx<'_>,
    id: EntryId,
    line: &str,
    submitted_by: PersonId,
    undertaken_at: Option<NaiveDateTime>,
    boards: &[PersonId],
    substitutes: &[PersonId],
) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::update(entries::table.find(id))
        .set((
            entries::line.eq(line),
            entries::submitted_by.eq(submitted_by),
            entries::undertaken_at.eq(undertaken_at),
        ))
        .execute(conn)?;
    diesel::delete(entry_players::table.filter(entry_players::entry_id.eq(id))).execute(conn)?;
    insert_players(conn, id, boards, substitutes)
}

/// Puts an entry back as it was before a sanction changed it: its line,
/// people and status (the registration time, and so its place in the
/// queue, R-1.9, is its own throughout). Call inside `write_transaction`.
pub fn restore(
    tx: &mut WriteTx<'_>,
    id: EntryId,
    line: &str,
    status: EntryStatus,
    boards: &[PersonId],
    substitutes: &[PersonId],
) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::update(entries::table.find(id))
        .set((
            entries::line.eq(line),
            entries::status.eq(status.code()),
            entries::status_at.eq(None::<NaiveDateTime>),
            entries::status_reason.eq(None::<String>),
        ))
        .execute(conn)?;
    diesel::delete(entry_players::table.filter(entry_players::entry_id.eq(id))).execute(conn)?;
    insert_players(conn, id, boards, substitutes)
}

pub fn set_status(
    tx: &mut WriteTx<'_>,
    id: EntryId,
    status: EntryStatus,
    at: NaiveDateTime,
    reason: Option<&str>,
    after_round: Option<i32>,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(entries::table.find(id))
        .set((
            entries::status.eq(status.code()),
            entries::status_at.eq(at),
            entries::status_reason.eq(reason),
            entries::retired_after_round.eq(after_round),
        ))
        .execute(conn)
}

/// Gives the playing entries their pairing numbers at the draw.
pub fn set_start_no(tx: &mut WriteTx<'_>, id: EntryId, start_no: i32) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(entries::table.find(id))
        .set(entries::start_no.eq(start_no))
        .execute(conn)
}

/// Entries (status `entered`) in tournaments other than `except` that name
/// this person, with the tournament they belong to: for G-B22 within one
/// tournament and across parallel ones.
pub fn entered_with_person(
    conn: &mut DbConnection,
    person: PersonId,
) -> QueryResult<Vec<(EntryId, String, TournamentId)>> {
    entry_players::table
        .inner_join(entries::table)
        .filter(entry_players::person_id.eq(person))
        .filter(entries::status.ne(EntryStatus::Withdrawn.code()))
        .select((entries::id, entries::name, entries::tournament_id))
        .load(conn)
}

/// Whether entry `e` is in tournament `t` of championship `c` (path nesting).
pub fn in_tournament(
    conn: &mut DbConnection,
    c: ChampionshipId,
    t: TournamentId,
    e: EntryId,
) -> QueryResult<bool> {
    use super::schema::tournaments;
    diesel::select(diesel::dsl::exists(
        entries::table
            .inner_join(tournaments::table)
            .filter(entries::id.eq(e))
            .filter(entries::tournament_id.eq(t))
            .filter(tournaments::championship_id.eq(c))
            .filter(tournaments::cancelled_at.is_null()),
    ))
    .get_result(conn)
}

//! Board line-ups per round number (G-V22) and substitutions during a
//! round (G-V31, G-V32).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{entries, lineups, substitutions};
use super::{DbConnection, WriteTx};
use league_ids::{EntryId, MatchId, PersonId, SubstitutionId, TournamentId};

/// One board of an entry's line-up for a round; `person_id` None = left
/// empty.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = lineups)]
pub struct LineupBoard {
    pub entry_id: EntryId,
    pub round_no: i32,
    pub board: i32,
    pub person_id: Option<PersonId>,
    pub set_by: Option<PersonId>,
    pub set_at: NaiveDateTime,
}

/// Every line-up set in a tournament, by entry, round and board.
pub fn of_tournament(conn: &mut DbConnection, t: TournamentId) -> QueryResult<Vec<LineupBoard>> {
    lineups::table
        .inner_join(entries::table.on(entries::id.eq(lineups::entry_id)))
        .filter(entries::tournament_id.eq(t))
        .order((lineups::entry_id, lineups::round_no, lineups::board))
        .select(LineupBoard::as_select())
        .load(conn)
}

/// Replaces an entry's line-up for one round, board 1 first.
pub fn set(
    tx: &mut WriteTx<'_>,
    entry: EntryId,
    round_no: i32,
    boards: &[Option<PersonId>],
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::delete(
        lineups::table
            .filter(lineups::entry_id.eq(entry))
            .filter(lineups::round_no.eq(round_no)),
    )
    .execute(conn)?;
    for (i, person) in boards.iter().enumerate() {
        diesel::insert_into(lineups::table)
            .values((
                lineups::entry_id.eq(entry),
                lineups::round_no.eq(round_no),
                lineups::board.eq(i32::try_from(i + 1).unwrap_or(i32::MAX)),
                lineups::person_id.eq(*person),
                lineups::set_by.eq(by),
                lineups::set_at.eq(at),
            ))
            .execute(conn)?;
    }
    Ok(())
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = substitutions)]
pub struct Substitution {
    pub id: SubstitutionId,
    pub match_id: MatchId,
    pub entry_id: EntryId,
    pub board: i32,
    pub from_game: i32,
    pub out_person_id: PersonId,
    pub in_person_id: PersonId,
    /// captain (G-V31) | disconnect (G-V32)
    pub reason: String,
    pub announcement: String,
    pub recorded_by: Option<PersonId>,
    pub recorded_at: NaiveDateTime,
}

pub struct NewSubstitution<'a> {
    pub match_id: MatchId,
    pub entry: EntryId,
    pub board: i32,
    pub from_game: i32,
    pub out: PersonId,
    pub replacement: PersonId,
    pub reason: &'a str,
    pub announcement: &'a str,
    pub by: PersonId,
    pub at: NaiveDateTime,
}

pub fn insert_substitution(
    tx: &mut WriteTx<'_>,
    s: &NewSubstitution,
) -> QueryResult<SubstitutionId> {
    let conn = tx.conn();
    diesel::insert_into(substitutions::table)
        .values((
            substitutions::match_id.eq(s.match_id),
            substitutions::entry_id.eq(s.entry),
            substitutions::board.eq(s.board),
            substitutions::from_game.eq(s.from_game),
            substitutions::out_person_id.eq(s.out),
            substitutions::in_person_id.eq(s.replacement),
            substitutions::reason.eq(s.reason),
            substitutions::announcement.eq(s.announcement),
            substitutions::recorded_by.eq(s.by),
            substitutions::recorded_at.eq(s.at),
        ))
        .returning(substitutions::id)
        .get_result(conn)
}

/// The substitutions of a tournament's matches, in the order made.
pub fn substitutions_of_matches(
    conn: &mut DbConnection,
    ids: &[MatchId],
) -> QueryResult<Vec<Substitution>> {
    substitutions::table
        .filter(substitutions::match_id.eq_any(ids))
        .order(substitutions::id)
        .select(Substitution::as_select())
        .load(conn)
}

//! Captains' reports to the chief judge of the opponent's substitution
//! violations (G-V33), and the judge's answers.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::violation_reports as v;
use super::{DbConnection, WriteTx};
use league_ids::{ChampionshipId, EntryId, MatchId, PersonId, TournamentId, ViolationReportId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = v)]
pub struct ViolationReport {
    pub id: ViolationReportId,
    pub championship_id: ChampionshipId,
    pub tournament_id: TournamentId,
    pub match_id: MatchId,
    /// The side reported.
    pub against_entry_id: EntryId,
    /// The board concerned, when the captain named one.
    pub board: Option<i32>,
    pub what: String,
    pub filed_by: PersonId,
    pub filed_at: NaiveDateTime,
    pub answer: Option<String>,
    pub answered_by: Option<PersonId>,
    pub answered_at: Option<NaiveDateTime>,
}

impl ViolationReport {
    pub fn is_open(&self) -> bool {
        self.answered_at.is_none()
    }
}

pub struct NewViolationReport<'a> {
    pub championship: ChampionshipId,
    pub tournament: TournamentId,
    pub game_match: MatchId,
    pub against: EntryId,
    pub board: Option<i32>,
    pub what: &'a str,
    pub by: PersonId,
    pub at: NaiveDateTime,
}

pub fn insert(tx: &mut WriteTx<'_>, n: &NewViolationReport) -> QueryResult<ViolationReportId> {
    let conn = tx.conn();
    diesel::insert_into(v::table)
        .values((
            v::championship_id.eq(n.championship),
            v::tournament_id.eq(n.tournament),
            v::match_id.eq(n.game_match),
            v::against_entry_id.eq(n.against),
            v::board.eq(n.board),
            v::what.eq(n.what),
            v::filed_by.eq(n.by),
            v::filed_at.eq(n.at),
        ))
        .returning(v::id)
        .get_result(conn)
}

pub fn by_id(
    conn: &mut DbConnection,
    id: ViolationReportId,
) -> QueryResult<Option<ViolationReport>> {
    v::table
        .find(id)
        .select(ViolationReport::as_select())
        .first(conn)
        .optional()
}

/// The reports of a tournament, oldest first.
pub fn of_tournament(
    conn: &mut DbConnection,
    t: TournamentId,
) -> QueryResult<Vec<ViolationReport>> {
    v::table
        .filter(v::tournament_id.eq(t))
        .order(v::id)
        .select(ViolationReport::as_select())
        .load(conn)
}

/// Records the answer of a report still open; false when it had one.
pub fn answer(
    tx: &mut WriteTx<'_>,
    id: ViolationReportId,
    text: &str,
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    let conn = tx.conn();
    let n = diesel::update(v::table.find(id).filter(v::answered_at.is_null()))
        .set((
            v::answer.eq(Some(text)),
            v::answered_by.eq(Some(by)),
            v::answered_at.eq(Some(at)),
        ))
        .execute(conn)?;
    Ok(n == 1)
}

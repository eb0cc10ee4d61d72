//! Appeals, their remedies and votes, and fair-play reports (G-D4, G-Zh1,
//! G-Zh2, G-E3).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{appeal_committee, appeal_remedies, appeal_votes, appeals, fair_play_reports};
use super::{DbConnection, WriteTx};
use league_ids::{
    AppealId, AppealRemedyId, ChampionshipId, EntryId, FairPlayReportId, GameId, PenaltyId,
    PersonId, TeamId, TournamentId,
};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = appeals)]
pub struct Appeal {
    pub id: AppealId,
    pub championship_id: ChampionshipId,
    pub tournament_id: TournamentId,
    /// appeal | fair_play
    pub kind: String,
    pub filed_by: Option<PersonId>,
    pub filing_team_id: Option<TeamId>,
    pub concerned_team_id: Option<TeamId>,
    pub report_id: Option<FairPlayReportId>,
    pub what_happened: String,
    pub claim: String,
    pub contested: String,
    pub game_ref: String,
    pub filed_at: NaiveDateTime,
    /// open | decided
    pub status: String,
    /// upheld | rejected
    pub outcome: Option<String>,
    pub decided_at: Option<NaiveDateTime>,
    pub decided_by: Option<PersonId>,
    pub supervised_person_id: Option<PersonId>,
    /// refused | played
    pub supervised_outcome: Option<String>,
    pub supervised_at: Option<NaiveDateTime>,
}

impl Appeal {
    pub fn is_open(&self) -> bool {
        self.status == "open"
    }
}

pub struct NewAppeal<'a> {
    pub championship: ChampionshipId,
    pub tournament: TournamentId,
    pub kind: &'a str,
    pub filed_by: PersonId,
    pub filing_team: Option<TeamId>,
    pub concerned_team: Option<TeamId>,
    pub report: Option<FairPlayReportId>,
    pub what_happened: &'a str,
    pub claim: &'a str,
    pub contested: &'a str,
    pub game_ref: &'a str,
    pub at: NaiveDateTime,
}

pub fn insert(tx: &mut WriteTx<'_>, n: &NewAppeal) -> QueryResult<AppealId> {
    let conn = tx.conn();
    diesel::insert_into(appeals::table)
        .values((
            appeals::championship_id.eq(n.championship),
            appeals::tournament_id.eq(n.tournament),
            appeals::kind.eq(n.kind),
            appeals::filed_by.eq(Some(n.filed_by)),
            appeals::filing_team_id.eq(n.filing_team),
            appeals::concerned_team_id.eq(n.concerned_team),
            appeals::report_id.eq(n.report),
            appeals::what_happened.eq(n.what_happened),
            appeals::claim.eq(n.claim),
            appeals::contested.eq(n.contested),
            appeals::game_ref.eq(n.game_ref),
            appeals::filed_at.eq(n.at),
            appeals::status.eq("open"),
        ))
        .returning(appeals::id)
        .get_result(conn)
}

pub fn by_id(conn: &mut DbConnection, id: AppealId) -> QueryResult<Option<Appeal>> {
    appeals::table
        .find(id)
        .select(Appeal::as_select())
        .first(conn)
        .optional()
}

pub fn of_championship(conn: &mut DbConnection, c: ChampionshipId) -> QueryResult<Vec<Appeal>> {
    appeals::table
        .filter(appeals::championship_id.eq(c))
        .order(appeals::id)
        .select(Appeal::as_select())
        .load(conn)
}

/// Closes an open case of championship `c` and moves the championship's
/// results version; false when it was decided already.
pub fn mark_decided(
    tx: &mut WriteTx<'_>,
    c: ChampionshipId,
    id: AppealId,
    outcome: &str,
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    super::championships::bump_results_version(tx, c)?;
    let conn = tx.conn();
    diesel::update(
        appeals::table
            .find(id)
            .filter(appeals::championship_id.eq(c))
            .filter(appeals::status.eq("open")),
    )
    .set((
        appeals::status.eq("decided"),
        appeals::outcome.eq(Some(outcome)),
        appeals::decided_by.eq(Some(by)),
        appeals::decided_at.eq(Some(at)),
    ))
    .execute(conn)
    .map(|n| n == 1)
}

/// G-Zh2: the supervised game demanded of a person, or what came of it.
/// Records the G-Zh2 demand (`outcome` None) or what came of it, once:
/// an outcome already recorded stays (false).
pub fn set_supervised(
    tx: &mut WriteTx<'_>,
    id: AppealId,
    person: PersonId,
    outcome: Option<&str>,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    let conn = tx.conn();
    diesel::update(
        appeals::table
            .find(id)
            .filter(appeals::supervised_outcome.is_null()),
    )
    .set((
        appeals::supervised_person_id.eq(Some(person)),
        appeals::supervised_outcome.eq(outcome),
        appeals::supervised_at.eq(Some(at)),
    ))
    .execute(conn)
    .map(|n| n == 1)
}

/// The case a fair-play report went to, if it went to one.
pub fn case_of_report(
    conn: &mut DbConnection,
    report: FairPlayReportId,
) -> QueryResult<Option<AppealId>> {
    appeals::table
        .filter(appeals::report_id.eq(Some(report)))
        .select(appeals::id)
        .first(conn)
        .optional()
}

/// The cases fair-play reports of the championship went to.
pub fn cases_of_reports(
    conn: &mut DbConnection,
    c: ChampionshipId,
) -> QueryResult<Vec<(FairPlayReportId, AppealId)>> {
    appeals::table
        .filter(appeals::championship_id.eq(c))
        .filter(appeals::report_id.is_not_null())
        .select((appeals::report_id.assume_not_null(), appeals::id))
        .load(conn)
}

/// Fixes the committee of a case: (person, seat) as it stands now.
pub fn freeze_committee(
    tx: &mut WriteTx<'_>,
    appeal: AppealId,
    members: &[(PersonId, &str)],
) -> QueryResult<()> {
    let conn = tx.conn();
    for (person, seat) in members {
        diesel::insert_into(appeal_committee::table)
            .values((
                appeal_committee::appeal_id.eq(appeal),
                appeal_committee::person_id.eq(*person),
                appeal_committee::seat.eq(*seat),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// The committee fixed when the case opened; empty for a case opened
/// before committees were kept.
pub fn committee_of(
    conn: &mut DbConnection,
    appeal: AppealId,
) -> QueryResult<Vec<(PersonId, String)>> {
    appeal_committee::table
        .filter(appeal_committee::appeal_id.eq(appeal))
        .order(appeal_committee::person_id)
        .select((appeal_committee::person_id, appeal_committee::seat))
        .load(conn)
}

/// Open cases whose committee the person sits on and has not voted in yet.
pub fn awaiting_vote_of(conn: &mut DbConnection, person: PersonId) -> QueryResult<Vec<Appeal>> {
    let voted = appeal_votes::table
        .filter(appeal_votes::person_id.eq(person))
        .select(appeal_votes::appeal_id);
    let seats = appeal_committee::table
        .filter(appeal_committee::person_id.eq(person))
        .select(appeal_committee::appeal_id);
    appeals::table
        .filter(appeals::id.eq_any(seats))
        .filter(appeals::status.eq("open"))
        .filter(appeals::id.ne_all(voted))
        .order(appeals::filed_at)
        .select(Appeal::as_select())
        .load(conn)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = appeal_remedies)]
pub struct Remedy {
    pub id: AppealRemedyId,
    pub appeal_id: AppealId,
    /// game_result | impose | revoke | standing
    pub kind: String,
    pub game_id: Option<GameId>,
    pub result: Option<String>,
    pub code: Option<String>,
    pub team_id: Option<TeamId>,
    /// Half-points.
    pub amount: Option<i32>,
    pub penalty_id: Option<PenaltyId>,
    pub added_by: Option<PersonId>,
    pub added_at: NaiveDateTime,
    /// 'standing': the entry and the final place it takes.
    pub entry_id: Option<EntryId>,
    pub place: Option<i32>,
}

#[derive(Default)]
pub struct NewRemedy<'a> {
    pub kind: &'a str,
    pub game: Option<GameId>,
    pub result: Option<&'a str>,
    pub code: Option<&'a str>,
    pub team: Option<TeamId>,
    pub amount: Option<i32>,
    pub penalty: Option<PenaltyId>,
    pub entry: Option<EntryId>,
    pub place: Option<i32>,
}

pub fn add_remedy(
    tx: &mut WriteTx<'_>,
    appeal: AppealId,
    r: &NewRemedy,
    by: Option<PersonId>,
    at: NaiveDateTime,
) -> QueryResult<AppealRemedyId> {
    let conn = tx.conn();
    diesel::insert_into(appeal_remedies::table)
        .values((
            appeal_remedies::appeal_id.eq(appeal),
            appeal_remedies::kind.eq(r.kind),
            appeal_remedies::game_id.eq(r.game),
            appeal_remedies::result.eq(r.result),
            appeal_remedies::code.eq(r.code),
            appeal_remedies::team_id.eq(r.team),
            appeal_remedies::amount.eq(r.amount),
            appeal_remedies::penalty_id.eq(r.penalty),
            appeal_remedies::entry_id.eq(r.entry),
            appeal_remedies::place.eq(r.place),
            appeal_remedies::added_by.eq(by),
            appeal_remedies::added_at.eq(at),
        ))
        .returning(appeal_remedies::id)
        .get_result(conn)
}

/// Removes a proposed remedy of a case; false when it is not the case's.
pub fn remove_remedy(
    tx: &mut WriteTx<'_>,
    appeal: AppealId,
    remedy: AppealRemedyId,
) -> QueryResult<bool> {
    let conn = tx.conn();
    diesel::delete(
        appeal_remedies::table
            .find(remedy)
            .filter(appeal_remedies::appeal_id.eq(appeal)),
    )
    .execute(conn)
    .map(|n| n == 1)
}

/// Forgets the votes cast on a case: how many there were.
pub fn clear_votes(tx: &mut WriteTx<'_>, appeal: AppealId) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::delete(appeal_votes::table.filter(appeal_votes::appeal_id.eq(appeal))).execute(conn)
}

pub fn remedies_of(conn: &mut DbConnection, appeal: AppealId) -> QueryResult<Vec<Remedy>> {
    appeal_remedies::table
        .filter(appeal_remedies::appeal_id.eq(appeal))
        .order(appeal_remedies::id)
        .select(Remedy::as_select())
        .load(conn)
}

/// The penalty an applied remedy imposed.
pub fn set_remedy_penalty(
    tx: &mut WriteTx<'_>,
    id: AppealRemedyId,
    penalty: PenaltyId,
) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::update(appeal_remedies::table.find(id))
        .set(appeal_remedies::penalty_id.eq(Some(penalty)))
        .execute(conn)
        .map(drop)
}

/// The case whose decision imposed or revoked these penalties.
pub fn cases_of_penalties(
    conn: &mut DbConnection,
    penalties: &[PenaltyId],
) -> QueryResult<Vec<(PenaltyId, AppealId)>> {
    appeal_remedies::table
        .filter(appeal_remedies::penalty_id.eq_any(penalties))
        .select((
            appeal_remedies::penalty_id.assume_not_null(),
            appeal_remedies::appeal_id,
        ))
        .load(conn)
}

/// Records a vote; false when the person has voted already.
pub fn vote(
    tx: &mut WriteTx<'_>,
    appeal: AppealId,
    person: PersonId,
    uphold: bool,
    weight: i32,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    let conn = tx.conn();
    let done: bool = diesel::select(diesel::dsl::exists(
        appeal_votes::table
            .filter(appeal_votes::appeal_id.eq(appeal))
            .filter(appeal_votes::person_id.eq(person)),
    ))
    .get_result(conn)?;
    if done {
        return Ok(false);
    }
    diesel::insert_into(appeal_votes::table)
        .values((
            appeal_votes::appeal_id.eq(appeal),
            appeal_votes::person_id.eq(person),
            appeal_votes::uphold.eq(uphold),
            appeal_votes::weight.eq(weight),
            appeal_votes::voted_at.eq(at),
        ))
        .execute(conn)
        .map(|n| n == 1)
}

/// (person, uphold, weight) of every vote cast on a case.
pub fn votes_of(
    conn: &mut DbConnection,
    appeal: AppealId,
) -> QueryResult<Vec<(PersonId, bool, i32)>> {
    appeal_votes::table
        .filter(appeal_votes::appeal_id.eq(appeal))
        .order(appeal_votes::voted_at)
        .select((
            appeal_votes::person_id,
            appeal_votes::uphold,
            appeal_votes::weight,
        ))
        .load(conn)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = fair_play_reports)]
pub struct Report {
    pub id: FairPlayReportId,
    pub championship_id: ChampionshipId,
    pub tournament_id: TournamentId,
    pub person_id: PersonId,
    pub team_id: TeamId,
    /// Comma-separated `rules::appeals::Ground` codes.
    pub grounds: String,
    pub notes: String,
    pub recorded_by: Option<PersonId>,
    pub recorded_at: NaiveDateTime,
}

pub struct NewReport<'a> {
    pub championship: ChampionshipId,
    pub tournament: TournamentId,
    pub person: PersonId,
    pub team: TeamId,
    pub grounds: &'a str,
    pub notes: &'a str,
    pub by: PersonId,
    pub at: NaiveDateTime,
}

pub fn insert_report(tx: &mut WriteTx<'_>, n: &NewReport) -> QueryResult<FairPlayReportId> {
    let conn = tx.conn();
    diesel::insert_into(fair_play_reports::table)
        .values((
            fair_play_reports::championship_id.eq(n.championship),
            fair_play_reports::tournament_id.eq(n.tournament),
            fair_play_reports::person_id.eq(n.person),
            fair_play_reports::team_id.eq(n.team),
            fair_play_reports::grounds.eq(n.grounds),
            fair_play_reports::notes.eq(n.notes),
            fair_play_reports::recorded_by.eq(Some(n.by)),
            fair_play_reports::recorded_at.eq(n.at),
        ))
        .returning(fair_play_reports::id)
        .get_result(conn)
}

pub fn report_by_id(conn: &mut DbConnection, id: FairPlayReportId) -> QueryResult<Option<Report>> {
    fair_play_reports::table
        .find(id)
        .select(Report::as_select())
        .first(conn)
        .optional()
}

pub fn reports_of(conn: &mut DbConnection, c: ChampionshipId) -> QueryResult<Vec<Report>> {
    fair_play_reports::table
        .filter(fair_play_reports::championship_id.eq(c))
        .order(fair_play_reports::id)
        .select(Report::as_select())
        .load(conn)
}

/// The people holding `role` on the championship.
pub fn holders(
    conn: &mut DbConnection,
    c: ChampionshipId,
    role: super::roles::Role,
) -> QueryResult<Vec<PersonId>> {
    use super::schema::role_grants;
    role_grants::table
        .filter(role_grants::championship_id.eq(c))
        .filter(role_grants::role.eq(role.as_str()))
        .order(role_grants::person_id)
        .select(role_grants::person_id)
        .load(conn)
}

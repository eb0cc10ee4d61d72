//! Penalties from the regulation's catalogue (G-G1 …): half-points deducted
//! from a team's championship points, with the reason and who imposed them
//! (none for those the platform records itself, such as a late entry).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{penalties, sanction_entry_changes};
use super::{DbConnection, WriteTx};
use league_i18n::{Message, msg};
use league_ids::{
    AppealId, ChampionshipId, EntryId, GameId, PenaltyId, PersonId, TeamId, TournamentId,
};
use league_rules::score::HalfPoints;

/// The reason the platform records with a late entry's G-G1 penalty;
/// pages and mails word it in their language (`reason_message`).
pub const AUTO_LATE_ENTRY: &str = "auto:late-entry";

/// The reason the platform records with the G-G4 sanction it passes to
/// the members of a team dissolved while holding a sanction (G-B41).
pub const AUTO_DISSOLVED: &str = "auto:dissolved";

/// The reason the platform records with what an upheld appeal does (G-D4):
/// a penalty imposed or revoked, a tournament reopened; the case's number
/// follows.
const AUTO_APPEAL: &str = "auto:appeal:";

/// The stored reason of what the decision of appeal `case` does.
pub fn appeal_reason(case: AppealId) -> String {
    format!("{AUTO_APPEAL}{case}")
}

/// A penalty's (or a revocation's) reason as people read it: the
/// platform's own reasons in the reader's language, the judges' as they
/// wrote them.
pub fn reason_message(stored: &str) -> Message {
    // Reasons stored before the platform wrote `auto:appeal:` read alike.
    const OLD_APPEAL: &str = "appeal case #";
    match stored {
        AUTO_LATE_ENTRY => msg!("penalty-auto-late-entry").into(),
        AUTO_DISSOLVED => msg!("penalty-auto-dissolved").into(),
        other => match other
            .strip_prefix(AUTO_APPEAL)
            .or_else(|| other.strip_prefix(OLD_APPEAL))
        {
            Some(case) => Message::new(msg!("penalty-auto-appeal")).arg("case", case),
            None => Message::new(msg!("as-written")).arg("text", other),
        },
    }
}

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

pub fn insert(tx: &mut WriteTx<'_>, new: &NewPenalty) -> QueryResult<PenaltyId> {
    super::championships::bump_results_version(tx, new.championship)?;
    let conn = tx.conn();
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

pub fn set_scope(tx: &mut WriteTx<'_>, id: PenaltyId, scope: &Scope) -> QueryResult<()> {
    let conn = tx.conn();
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
    tx: &mut WriteTx<'_>,
    c: ChampionshipId,
    id: PenaltyId,
    by: PersonId,
    reason: &str,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    super::championships::bump_results_version(tx, c)?;
    let conn = tx.conn();
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

/// What a sanction did to an entry before its tournament's draw: the
/// entry as it was (line, people by id, status) and as the sanction left
/// it (line, status).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = sanction_entry_changes)]
pub struct EntryChange {
    pub id: i64,
    pub penalty_id: PenaltyId,
    pub entry_id: EntryId,
    pub line_before: String,
    /// Person ids, comma-separated, in board order.
    pub boards_before: String,
    /// Person ids, comma-separated, in order.
    pub substitutes_before: String,
    pub status_before: String,
    pub line_after: String,
    pub status_after: String,
    pub changed_at: NaiveDateTime,
}

impl EntryChange {
    fn ids(text: &str) -> Vec<PersonId> {
        text.split(',')
            .filter_map(|x| x.trim().parse().ok())
            .map(PersonId)
            .collect()
    }

    pub fn boards(&self) -> Vec<PersonId> {
        Self::ids(&self.boards_before)
    }

    pub fn substitutes(&self) -> Vec<PersonId> {
        Self::ids(&self.substitutes_before)
    }
}

/// The entry before and after a sanction's change, to record.
pub struct NewEntryChange<'a> {
    pub penalty: PenaltyId,
    pub entry: EntryId,
    pub line_before: &'a str,
    pub boards_before: &'a [PersonId],
    pub substitutes_before: &'a [PersonId],
    pub status_before: &'a str,
    pub line_after: &'a str,
    pub status_after: &'a str,
    pub at: NaiveDateTime,
}

/// Records what a sanction did to an entry. Call inside `write_transaction`.
pub fn record_entry_change(tx: &mut WriteTx<'_>, x: &NewEntryChange) -> QueryResult<()> {
    let conn = tx.conn();
    let ids = |v: &[PersonId]| {
        v.iter()
            .map(|p| p.0.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    diesel::insert_into(sanction_entry_changes::table)
        .values((
            sanction_entry_changes::penalty_id.eq(x.penalty),
            sanction_entry_changes::entry_id.eq(x.entry),
            sanction_entry_changes::line_before.eq(x.line_before),
            sanction_entry_changes::boards_before.eq(ids(x.boards_before)),
            sanction_entry_changes::substitutes_before.eq(ids(x.substitutes_before)),
            sanction_entry_changes::status_before.eq(x.status_before),
            sanction_entry_changes::line_after.eq(x.line_after),
            sanction_entry_changes::status_after.eq(x.status_after),
            sanction_entry_changes::changed_at.eq(x.at),
        ))
        .execute(conn)
        .map(drop)
}

/// The entries a penalty changed, in the order it changed them.
pub fn entry_changes_of(
    conn: &mut DbConnection,
    penalty: PenaltyId,
) -> QueryResult<Vec<EntryChange>> {
    sanction_entry_changes::table
        .filter(sanction_entry_changes::penalty_id.eq(penalty))
        .order(sanction_entry_changes::id)
        .select(EntryChange::as_select())
        .load(conn)
}

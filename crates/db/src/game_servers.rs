//! Game servers: people's linked accounts (tokens sealed by the
//! application, never in clear here), OAuth sign-ins under way, the
//! account that creates a championship's games, and the games created on
//! a server for games here with where each stands.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{
    games, matches, rounds, server_accounts, server_connections, server_games, server_sign_ins,
    tournaments,
};
use super::{DbConnection, WriteTx};
use league_ids::{
    ChampionshipId, GameId, MatchId, PersonId, RoundId, ServerAccountId, ServerGameId,
};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = server_accounts)]
pub struct Account {
    pub id: ServerAccountId,
    pub person_id: PersonId,
    pub server: String,
    pub username: String,
    pub username_key: String,
    pub scopes: String,
    pub token_sealed: String,
    pub linked_at: NaiveDateTime,
    pub refused_at: Option<NaiveDateTime>,
}

impl Account {
    /// Whether the server granted `scope`.
    pub fn has_scope(&self, scope: &str) -> bool {
        self.scopes.split([' ', ',']).any(|s| s == scope)
    }
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = server_accounts)]
pub struct NewAccount<'a> {
    pub person_id: PersonId,
    pub server: &'a str,
    pub username: &'a str,
    pub username_key: &'a str,
    pub scopes: &'a str,
    pub token_sealed: &'a str,
    pub linked_at: NaiveDateTime,
}

/// Links an account: replaces the person's earlier link to the server.
pub fn link(tx: &mut WriteTx<'_>, new: &NewAccount<'_>) -> QueryResult<ServerAccountId> {
    let conn = tx.conn();
    diesel::delete(
        server_accounts::table
            .filter(server_accounts::person_id.eq(new.person_id))
            .filter(server_accounts::server.eq(new.server)),
    )
    .execute(conn)?;
    diesel::insert_into(server_accounts::table)
        .values(new)
        .returning(server_accounts::id)
        .get_result(conn)
}

pub fn account_by_id(conn: &mut DbConnection, id: ServerAccountId) -> QueryResult<Option<Account>> {
    server_accounts::table
        .find(id)
        .select(Account::as_select())
        .first(conn)
        .optional()
}

/// The person's account on the server, if linked.
pub fn account_of(
    conn: &mut DbConnection,
    person: PersonId,
    server: &str,
) -> QueryResult<Option<Account>> {
    server_accounts::table
        .filter(server_accounts::person_id.eq(person))
        .filter(server_accounts::server.eq(server))
        .select(Account::as_select())
        .first(conn)
        .optional()
}

/// The accounts these people linked on the server.
pub fn accounts_of(
    conn: &mut DbConnection,
    server: &str,
    people: &[PersonId],
) -> QueryResult<Vec<Account>> {
    server_accounts::table
        .filter(server_accounts::server.eq(server))
        .filter(server_accounts::person_id.eq_any(people))
        .select(Account::as_select())
        .load(conn)
}

/// The account of a username (folded) on the server.
pub fn account_by_username(
    conn: &mut DbConnection,
    server: &str,
    key: &str,
) -> QueryResult<Option<Account>> {
    server_accounts::table
        .filter(server_accounts::server.eq(server))
        .filter(server_accounts::username_key.eq(key))
        .select(Account::as_select())
        .first(conn)
        .optional()
}

pub fn unlink(tx: &mut WriteTx<'_>, id: ServerAccountId) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::delete(server_accounts::table.find(id)).execute(conn)
}

/// The server refused the account's token (expired or revoked).
pub fn mark_refused(
    tx: &mut WriteTx<'_>,
    id: ServerAccountId,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(server_accounts::table.find(id))
        .set(server_accounts::refused_at.eq(Some(at)))
        .execute(conn)
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = server_sign_ins)]
pub struct SignIn {
    pub state: String,
    pub person_id: PersonId,
    pub server: String,
    pub verifier_sealed: String,
    pub scopes: String,
    pub championship_id: Option<ChampionshipId>,
    pub created_at: NaiveDateTime,
}

/// Keeps a sign-in begun, dropping the person's sign-ins older than
/// `stale` (abandoned at the server).
pub fn begin_sign_in(
    tx: &mut WriteTx<'_>,
    new: &SignIn,
    stale: NaiveDateTime,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::delete(server_sign_ins::table.filter(server_sign_ins::created_at.lt(stale)))
        .execute(conn)?;
    diesel::insert_into(server_sign_ins::table)
        .values(new)
        .execute(conn)
}

/// Takes a sign-in by its state (once: it is removed).
pub fn take_sign_in(tx: &mut WriteTx<'_>, state: &str) -> QueryResult<Option<SignIn>> {
    let conn = tx.conn();
    let found = server_sign_ins::table
        .find(state)
        .select(SignIn::as_select())
        .first(conn)
        .optional()?;
    if found.is_some() {
        diesel::delete(server_sign_ins::table.find(state)).execute(conn)?;
    }
    Ok(found)
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = server_connections)]
pub struct Connection {
    pub championship_id: ChampionshipId,
    pub account_id: ServerAccountId,
    pub connected_by: PersonId,
    pub connected_at: NaiveDateTime,
}

pub fn connection_of(
    conn: &mut DbConnection,
    c: ChampionshipId,
) -> QueryResult<Option<Connection>> {
    server_connections::table
        .find(c)
        .select(Connection::as_select())
        .first(conn)
        .optional()
}

/// Every connected championship.
pub fn connections(conn: &mut DbConnection) -> QueryResult<Vec<Connection>> {
    server_connections::table
        .order(server_connections::championship_id)
        .select(Connection::as_select())
        .load(conn)
}

pub fn connect(tx: &mut WriteTx<'_>, new: &Connection) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::delete(server_connections::table.find(new.championship_id)).execute(conn)?;
    diesel::insert_into(server_connections::table)
        .values(new)
        .execute(conn)
}

pub fn disconnect(tx: &mut WriteTx<'_>, c: ChampionshipId) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::delete(server_connections::table.find(c)).execute(conn)
}

/// Where a game created on a server stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// To be created.
    Queued,
    /// A creation request is under way (a restart finds out how it ended).
    Pushing,
    /// Created on the server, not yet seen played.
    Scheduled,
    /// Seen on the server, waiting or being played.
    Playing,
    /// Played out; its result, record and clocks are recorded here.
    Recorded,
    /// Played out, but a result was entered here first: kept.
    Kept,
    /// Aborted: the judge decides (G-V23).
    Aborted,
    /// A player never moved: the judge decides (E-6, a forfeit).
    NoStart,
    /// Ended by the server for its own reasons: the judge decides.
    Ended,
    /// The server refused to create it (see `problem`).
    Refused,
    /// To be cancelled on the server (a substitution, a forfeit).
    Cancelling,
    /// No longer wanted.
    Withdrawn,
}

impl Status {
    pub const ALL: [Status; 12] = [
        Status::Queued,
        Status::Pushing,
        Status::Scheduled,
        Status::Playing,
        Status::Recorded,
        Status::Kept,
        Status::Aborted,
        Status::NoStart,
        Status::Ended,
        Status::Refused,
        Status::Cancelling,
        Status::Withdrawn,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Status::Queued => "queued",
            Status::Pushing => "pushing",
            Status::Scheduled => "scheduled",
            Status::Playing => "playing",
            Status::Recorded => "recorded",
            Status::Kept => "kept",
            Status::Aborted => "aborted",
            Status::NoStart => "no_start",
            Status::Ended => "ended",
            Status::Refused => "refused",
            Status::Cancelling => "cancelling",
            Status::Withdrawn => "withdrawn",
        }
    }

    pub fn from_code(code: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.code() == code)
    }

    /// Still to be created, or created and not yet over.
    pub fn is_open(self) -> bool {
        matches!(
            self,
            Status::Queued | Status::Pushing | Status::Scheduled | Status::Playing
        )
    }
}

/// The stored codes of these states.
fn codes(statuses: &[Status]) -> Vec<&'static str> {
    statuses.iter().map(|s| s.code()).collect()
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = server_games)]
pub struct ServerGame {
    pub id: ServerGameId,
    pub game_id: GameId,
    pub championship_id: ChampionshipId,
    pub server: String,
    pub status: String,
    pub white_id: PersonId,
    pub black_id: PersonId,
    pub bulk_id: Option<String>,
    pub remote_id: Option<String>,
    pub pair_at: NaiveDateTime,
    pub problem: Option<String>,
    pub problem_person: Option<PersonId>,
    pub problem_detail: Option<String>,
    pub attempts: i32,
    pub next_try_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl ServerGame {
    pub fn status(&self) -> Status {
        Status::from_code(&self.status).unwrap_or(Status::Withdrawn)
    }
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = server_games)]
pub struct NewServerGame<'a> {
    pub game_id: GameId,
    pub championship_id: ChampionshipId,
    pub server: &'a str,
    pub status: &'a str,
    pub white_id: PersonId,
    pub black_id: PersonId,
    pub pair_at: NaiveDateTime,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

pub fn insert(tx: &mut WriteTx<'_>, new: &NewServerGame<'_>) -> QueryResult<ServerGameId> {
    let conn = tx.conn();
    diesel::insert_into(server_games::table)
        .values(new)
        .returning(server_games::id)
        .get_result(conn)
}

/// Every row of these games, oldest first (the last is the current one).
pub fn of_games(conn: &mut DbConnection, ids: &[GameId]) -> QueryResult<Vec<ServerGame>> {
    server_games::table
        .filter(server_games::game_id.eq_any(ids))
        .order(server_games::id)
        .select(ServerGame::as_select())
        .load(conn)
}

/// Every row of a round's games, oldest first.
pub fn of_round(conn: &mut DbConnection, round: RoundId) -> QueryResult<Vec<ServerGame>> {
    server_games::table
        .inner_join(games::table.inner_join(matches::table))
        .filter(matches::round_id.eq(round))
        .order(server_games::id)
        .select(ServerGame::as_select())
        .load(conn)
}

/// Rows in these states, oldest first.
pub fn with_status(conn: &mut DbConnection, statuses: &[Status]) -> QueryResult<Vec<ServerGame>> {
    let codes = codes(statuses);
    server_games::table
        .filter(server_games::status.eq_any(codes))
        .order(server_games::id)
        .select(ServerGame::as_select())
        .load(conn)
}

/// Why a game waits for someone: a code (`not_linked`, `token`,
/// `organizer_token`, `server_refused`, `aborted`, `no_start_white`, …),
/// the person it concerns, and the server's own words where it gave some.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Problem<'a> {
    pub code: &'a str,
    pub person: Option<PersonId>,
    pub detail: Option<&'a str>,
}

impl<'a> Problem<'a> {
    pub fn of(code: &'a str) -> Problem<'a> {
        Problem {
            code,
            ..Problem::default()
        }
    }

    pub fn of_person(code: &'a str, person: PersonId) -> Problem<'a> {
        Problem {
            code,
            person: Some(person),
            detail: None,
        }
    }
}

/// Moves rows to `status`, with or without a problem.
pub fn set_status(
    tx: &mut WriteTx<'_>,
    ids: &[ServerGameId],
    status: Status,
    problem: Option<Problem<'_>>,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    advance(tx, ids, &Status::ALL, status, problem, at)
}

/// [`set_status`] for the rows still in one of `from`: a row another
/// instance moved on meanwhile is left as it is.
pub fn advance(
    tx: &mut WriteTx<'_>,
    ids: &[ServerGameId],
    from: &[Status],
    status: Status,
    problem: Option<Problem<'_>>,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    let conn = tx.conn();
    let from = codes(from);
    diesel::update(
        server_games::table
            .filter(server_games::id.eq_any(ids))
            .filter(server_games::status.eq_any(from)),
    )
    .set((
        server_games::status.eq(status.code()),
        server_games::problem.eq(problem.map(|p| p.code)),
        server_games::problem_person.eq(problem.and_then(|p| p.person)),
        server_games::problem_detail.eq(problem.and_then(|p| p.detail)),
        server_games::updated_at.eq(at),
    ))
    .execute(conn)
}

/// The rows of a bulk in these states.
pub fn of_bulk(
    conn: &mut DbConnection,
    bulk: &str,
    statuses: &[Status],
) -> QueryResult<Vec<ServerGame>> {
    let codes = codes(statuses);
    server_games::table
        .filter(server_games::bulk_id.eq(bulk))
        .filter(server_games::status.eq_any(codes))
        .order(server_games::id)
        .select(ServerGame::as_select())
        .load(conn)
}

/// Back in the queue without its server ids (its bulk was cancelled
/// before the games existed, or its creation failed), to try at `next`
/// after `attempts` failures; only rows still in one of `from`.
pub fn requeue(
    tx: &mut WriteTx<'_>,
    ids: &[ServerGameId],
    from: &[Status],
    attempts: i32,
    next: Option<NaiveDateTime>,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    let conn = tx.conn();
    let from = codes(from);
    diesel::update(
        server_games::table
            .filter(server_games::id.eq_any(ids))
            .filter(server_games::status.eq_any(from)),
    )
    .set((
        server_games::status.eq(Status::Queued.code()),
        server_games::bulk_id.eq(None::<String>),
        server_games::remote_id.eq(None::<String>),
        server_games::problem.eq(None::<String>),
        server_games::problem_person.eq(None::<PersonId>),
        server_games::problem_detail.eq(None::<String>),
        server_games::attempts.eq(attempts),
        server_games::next_try_at.eq(next),
        server_games::updated_at.eq(at),
    ))
    .execute(conn)
}

/// Created on the server: its bulk's and its own id.
pub fn created(
    tx: &mut WriteTx<'_>,
    id: ServerGameId,
    bulk: &str,
    remote: &str,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(server_games::table.find(id))
        .set((
            server_games::status.eq(Status::Scheduled.code()),
            server_games::bulk_id.eq(Some(bulk)),
            server_games::remote_id.eq(Some(remote)),
            server_games::problem.eq(None::<String>),
            server_games::problem_person.eq(None::<PersonId>),
            server_games::problem_detail.eq(None::<String>),
            server_games::attempts.eq(0),
            server_games::next_try_at.eq(None::<NaiveDateTime>),
            server_games::updated_at.eq(at),
        ))
        .execute(conn)
}

/// A game that wants a game on the server: of a published round of a
/// tournament neither finished nor cancelled, with both players named.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct Wanted {
    pub game_id: GameId,
    pub match_id: MatchId,
    pub board: i32,
    pub game_no: i32,
    pub home_player_id: Option<PersonId>,
    pub away_player_id: Option<PersonId>,
    pub home_white: bool,
    pub result: String,
    pub starts_at: NaiveDateTime,
    pub published_at: Option<NaiveDateTime>,
}

/// The games of the championship's published rounds in tournaments still
/// being played, by match, board and game number.
pub fn games_in_play(conn: &mut DbConnection, c: ChampionshipId) -> QueryResult<Vec<Wanted>> {
    games::table
        .inner_join(matches::table.inner_join(rounds::table.inner_join(tournaments::table)))
        .filter(tournaments::championship_id.eq(c))
        .filter(tournaments::finished_at.is_null())
        .filter(tournaments::cancelled_at.is_null())
        .filter(rounds::status.eq("published"))
        .order((games::match_id, games::board, games::game_no))
        .select((
            games::id,
            games::match_id,
            games::board,
            games::game_no,
            games::home_player_id,
            games::away_player_id,
            games::home_white,
            games::result,
            tournaments::starts_at,
            rounds::published_at,
        ))
        .load(conn)
}

/// Where each of these games is: its tournament and its round's number.
pub fn places_of(
    conn: &mut DbConnection,
    ids: &[GameId],
) -> QueryResult<Vec<(GameId, league_ids::TournamentId, i32)>> {
    games::table
        .inner_join(matches::table.inner_join(rounds::table))
        .filter(games::id.eq_any(ids))
        .select((games::id, rounds::tournament_id, rounds::number))
        .load(conn)
}

/// Claims queued rows for a creation request (`pushing`): a row another
/// instance claimed first is left out. Returns the rows claimed.
pub fn claim(
    tx: &mut WriteTx<'_>,
    ids: &[ServerGameId],
    at: NaiveDateTime,
) -> QueryResult<Vec<ServerGame>> {
    let conn = tx.conn();
    let mut mine = Vec::new();
    for id in ids {
        let n = diesel::update(
            server_games::table
                .find(*id)
                .filter(server_games::status.eq(Status::Queued.code())),
        )
        .set((
            server_games::status.eq(Status::Pushing.code()),
            server_games::updated_at.eq(at),
        ))
        .execute(conn)?;
        if n == 1 {
            mine.push(*id);
        }
    }
    server_games::table
        .filter(server_games::id.eq_any(&mine))
        .order(server_games::id)
        .select(ServerGame::as_select())
        .load(conn)
}

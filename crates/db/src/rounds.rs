//! Rounds, their matches and games (results with a version each).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{games, matches, rounds};
use super::{DbConnection, WriteTx};
use league_ids::{ChampionshipId, EntryId, GameId, MatchId, PersonId, RoundId, TournamentId};
use league_rules::score::BoardResult;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = rounds)]
pub struct Round {
    pub id: RoundId,
    pub tournament_id: TournamentId,
    pub number: i32,
    /// regular | playoff (G-V42)
    pub kind: String,
    /// draft | published
    pub status: String,
    pub seed: Option<i64>,
    pub notes: String,
    pub created_at: NaiveDateTime,
    pub published_at: Option<NaiveDateTime>,
}

impl Round {
    pub fn is_published(&self) -> bool {
        self.status == "published"
    }
    pub fn is_playoff(&self) -> bool {
        self.kind == "playoff"
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = matches)]
pub struct Match {
    pub id: MatchId,
    pub round_id: RoundId,
    pub table_no: i32,
    pub home_entry_id: EntryId,
    pub away_entry_id: Option<EntryId>,
    pub stage: String,
    pub group_no: Option<i32>,
    pub forfeit: Option<String>,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = games)]
pub struct Game {
    pub id: GameId,
    pub match_id: MatchId,
    pub board: i32,
    pub game_no: i32,
    pub home_player_id: Option<PersonId>,
    pub away_player_id: Option<PersonId>,
    pub home_white: bool,
    pub result: String,
    pub reported_result: Option<String>,
    pub reported_by: Option<PersonId>,
    pub reported_at: Option<NaiveDateTime>,
    pub decided_by: Option<PersonId>,
    pub decided_at: Option<NaiveDateTime>,
    pub version: i32,
}

impl Game {
    pub fn result(&self) -> BoardResult {
        result_from_code(&self.result).unwrap_or(BoardResult::NotPlayed)
    }
}

/// A stored result code as people read it, the same in every language:
/// `1-0`, `½-½`, `0-1`, `+-` and the other forfeits as stored, `…` while
/// pending, `R` for a replay.
pub fn result_words(code: &str) -> String {
    match code {
        "pending" => "…".to_owned(),
        "1/2" => "½-½".to_owned(),
        "replay" => "R".to_owned(),
        other => other.to_owned(),
    }
}

/// The stored code of a result, home side first.
pub fn result_code(r: BoardResult) -> &'static str {
    match r {
        BoardResult::HomeWin => "1-0",
        BoardResult::Draw => "1/2",
        BoardResult::AwayWin => "0-1",
        BoardResult::HomeForfeitWin => "+-",
        BoardResult::AwayForfeitWin => "-+",
        BoardResult::DoubleForfeit => "--",
        BoardResult::NotPlayed => "pending",
        BoardResult::Replay => "replay",
    }
}

pub fn result_from_code(code: &str) -> Option<BoardResult> {
    Some(match code {
        "1-0" => BoardResult::HomeWin,
        "1/2" => BoardResult::Draw,
        "0-1" => BoardResult::AwayWin,
        "+-" => BoardResult::HomeForfeitWin,
        "-+" => BoardResult::AwayForfeitWin,
        "--" => BoardResult::DoubleForfeit,
        "pending" => BoardResult::NotPlayed,
        "replay" => BoardResult::Replay,
        _ => return None,
    })
}

pub fn of_tournament(conn: &mut DbConnection, t: TournamentId) -> QueryResult<Vec<Round>> {
    rounds::table
        .filter(rounds::tournament_id.eq(t))
        .order(rounds::number)
        .select(Round::as_select())
        .load(conn)
}

pub fn by_id(conn: &mut DbConnection, id: RoundId) -> QueryResult<Option<Round>> {
    rounds::table
        .find(id)
        .select(Round::as_select())
        .first(conn)
        .optional()
}

/// How a results write holds its round for the rest of the transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundHold {
    /// Writes that cannot complete the round (a played result changed to
    /// another): many at once.
    Shared,
    /// A write that may complete the round (an unplayed game given its
    /// result, a whole sheet): alone, so that no played result of the
    /// round changes past the moment it is complete (G-V23) unseen.
    Alone,
}

/// Holds round `id` for a results write (PostgreSQL `FOR SHARE` or `FOR NO
/// KEY UPDATE`; SQLite's write transactions run one at a time). Call after
/// `tournaments::hold_for_results` and before reading whether the round is
/// complete.
pub fn hold(tx: &mut WriteTx<'_>, id: RoundId, how: RoundHold) -> QueryResult<()> {
    let conn = tx.conn();
    let query = rounds::table.find(id).select(rounds::id);
    if let DbConnection::Postgresql(pg) = conn {
        match how {
            RoundHold::Shared => query.for_share().first::<RoundId>(pg).optional()?,
            RoundHold::Alone => query.for_no_key_update().first::<RoundId>(pg).optional()?,
        };
    }
    Ok(())
}

pub fn insert_round(
    tx: &mut WriteTx<'_>,
    t: TournamentId,
    number: i32,
    kind: &str,
    seed: Option<i64>,
    notes: &str,
    at: NaiveDateTime,
) -> QueryResult<RoundId> {
    let conn = tx.conn();
    diesel::insert_into(rounds::table)
        .values((
            rounds::tournament_id.eq(t),
            rounds::number.eq(number),
            rounds::kind.eq(kind),
            rounds::status.eq("draft"),
            rounds::seed.eq(seed),
            rounds::notes.eq(notes),
            rounds::created_at.eq(at),
        ))
        .returning(rounds::id)
        .get_result(conn)
}

pub fn publish(tx: &mut WriteTx<'_>, id: RoundId, at: NaiveDateTime) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(rounds::table.find(id))
        .set((rounds::status.eq("published"), rounds::published_at.eq(at)))
        .execute(conn)
}

pub struct NewMatch<'a> {
    pub round: RoundId,
    pub table_no: i32,
    pub home: EntryId,
    pub away: Option<EntryId>,
    pub stage: &'a str,
    pub group_no: Option<i32>,
}

pub fn insert_match(tx: &mut WriteTx<'_>, m: &NewMatch) -> QueryResult<MatchId> {
    let conn = tx.conn();
    diesel::insert_into(matches::table)
        .values((
            matches::round_id.eq(m.round),
            matches::table_no.eq(m.table_no),
            matches::home_entry_id.eq(m.home),
            matches::away_entry_id.eq(m.away),
            matches::stage.eq(m.stage),
            matches::group_no.eq(m.group_no),
        ))
        .returning(matches::id)
        .get_result(conn)
}

pub fn matches_of_rounds(conn: &mut DbConnection, ids: &[RoundId]) -> QueryResult<Vec<Match>> {
    matches::table
        .filter(matches::round_id.eq_any(ids))
        .order((matches::round_id, matches::table_no))
        .select(Match::as_select())
        .load(conn)
}

pub fn match_by_id(conn: &mut DbConnection, id: MatchId) -> QueryResult<Option<Match>> {
    matches::table
        .find(id)
        .select(Match::as_select())
        .first(conn)
        .optional()
}

pub struct NewGame {
    pub match_id: MatchId,
    pub board: i32,
    pub game_no: i32,
    pub home_player: Option<PersonId>,
    pub away_player: Option<PersonId>,
    pub home_white: bool,
}

pub fn insert_game(tx: &mut WriteTx<'_>, g: &NewGame) -> QueryResult<GameId> {
    let conn = tx.conn();
    diesel::insert_into(games::table)
        .values((
            games::match_id.eq(g.match_id),
            games::board.eq(g.board),
            games::game_no.eq(g.game_no),
            games::home_player_id.eq(g.home_player),
            games::away_player_id.eq(g.away_player),
            games::home_white.eq(g.home_white),
        ))
        .returning(games::id)
        .get_result(conn)
}

pub fn games_of_matches(conn: &mut DbConnection, ids: &[MatchId]) -> QueryResult<Vec<Game>> {
    games::table
        .filter(games::match_id.eq_any(ids))
        .order((games::match_id, games::board, games::game_no))
        .select(Game::as_select())
        .load(conn)
}

pub fn game_by_id(conn: &mut DbConnection, id: GameId) -> QueryResult<Option<Game>> {
    games::table
        .find(id)
        .select(Game::as_select())
        .first(conn)
        .optional()
}

/// Sets a final result if the game is still at `version`; returns false
/// when another writer changed it first (no lost update).
pub fn decide_result(
    tx: &mut WriteTx<'_>,
    id: GameId,
    version: i32,
    result: BoardResult,
    by: Option<PersonId>,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    let conn = tx.conn();
    let n = diesel::update(
        games::table
            .filter(games::id.eq(id))
            .filter(games::version.eq(version)),
    )
    .set((
        games::result.eq(result_code(result)),
        games::reported_result.eq(None::<String>),
        games::reported_by.eq(None::<PersonId>),
        games::reported_at.eq(None::<NaiveDateTime>),
        games::decided_by.eq(by),
        games::decided_at.eq(at),
        games::version.eq(version + 1),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Puts a person (or nobody) on one side of a game that has no result yet
/// (a line-up set before play, a substitution); returns false if the game
/// has a result already.
pub fn set_player(
    tx: &mut WriteTx<'_>,
    id: GameId,
    home: bool,
    person: Option<PersonId>,
) -> QueryResult<bool> {
    let conn = tx.conn();
    let target = games::table
        .filter(games::id.eq(id))
        .filter(games::result.eq_any(["pending", "replay"]));
    let n = if home {
        diesel::update(target)
            .set((
                games::home_player_id.eq(person),
                games::version.eq(games::version + 1),
            ))
            .execute(conn)?
    } else {
        diesel::update(target)
            .set((
                games::away_player_id.eq(person),
                games::version.eq(games::version + 1),
            ))
            .execute(conn)?
    };
    Ok(n == 1)
}

/// A captain's report of a result, waiting for the other captain or a
/// judge; false if the game changed since `version`.
pub fn report_result(
    tx: &mut WriteTx<'_>,
    id: GameId,
    version: i32,
    result: BoardResult,
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    let conn = tx.conn();
    let n = diesel::update(
        games::table
            .filter(games::id.eq(id))
            .filter(games::version.eq(version)),
    )
    .set((
        games::reported_result.eq(result_code(result)),
        games::reported_by.eq(by),
        games::reported_at.eq(at),
        games::version.eq(version + 1),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// G-V23: every game of the round still without a result is to be
/// replayed. Returns how many games changed.
pub fn replay_pending(tx: &mut WriteTx<'_>, round: RoundId) -> QueryResult<usize> {
    let conn = tx.conn();
    let ids = matches::table
        .filter(matches::round_id.eq(round))
        .select(matches::id);
    diesel::update(
        games::table
            .filter(games::match_id.eq_any(ids))
            .filter(games::result.eq("pending")),
    )
    .set((
        games::result.eq("replay"),
        games::reported_result.eq(None::<String>),
        games::reported_by.eq(None::<PersonId>),
        games::reported_at.eq(None::<NaiveDateTime>),
        games::version.eq(games::version + 1),
    ))
    .execute(conn)
}

/// A whole match forfeited: `home` (home wins), `away` or `double`.
pub fn set_match_forfeit(
    tx: &mut WriteTx<'_>,
    id: MatchId,
    forfeit: Option<&str>,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(matches::table.find(id))
        .set(matches::forfeit.eq(forfeit))
        .execute(conn)
}

/// A judge's adjustment of a draft: the entries of a match.
pub fn set_match_entries(
    tx: &mut WriteTx<'_>,
    id: MatchId,
    home: EntryId,
    away: Option<EntryId>,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(matches::table.find(id))
        .set((
            matches::home_entry_id.eq(home),
            matches::away_entry_id.eq(away),
        ))
        .execute(conn)
}

pub fn delete_games(tx: &mut WriteTx<'_>, m: MatchId) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::delete(games::table.filter(games::match_id.eq(m))).execute(conn)
}

/// Replaces a round's notes (play::notes encodes them).
pub fn set_notes(tx: &mut WriteTx<'_>, id: RoundId, notes: &str) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(rounds::table.find(id))
        .set(rounds::notes.eq(notes))
        .execute(conn)
}

/// A game a person played in a published round, with where it was played
/// (the person's page: games by board).
#[derive(Debug, Clone)]
pub struct PersonGame {
    pub championship_id: ChampionshipId,
    pub championship_name: String,
    pub tournament_id: TournamentId,
    pub tournament_number: i32,
    pub round_number: i32,
    /// regular | playoff
    pub round_kind: String,
    pub table_no: i32,
    pub home_entry_id: EntryId,
    pub away_entry_id: Option<EntryId>,
    pub game: Game,
}

/// Every game of published rounds in which `person` sat at a board, in
/// the order of championships, tournaments, rounds, boards and games.
/// Drafts stay with the judges.
pub fn games_of_person(conn: &mut DbConnection, person: PersonId) -> QueryResult<Vec<PersonGame>> {
    use super::schema::{championships, tournaments};
    type Row = (
        ChampionshipId,
        String,
        TournamentId,
        i32,
        i32,
        String,
        i32,
        EntryId,
        Option<EntryId>,
        Game,
    );
    let rows: Vec<Row> = games::table
        .inner_join(matches::table.inner_join(
            rounds::table.inner_join(tournaments::table.inner_join(championships::table)),
        ))
        .filter(
            games::home_player_id
                .eq(person)
                .or(games::away_player_id.eq(person)),
        )
        .filter(rounds::status.eq("published"))
        .order((
            championships::id,
            tournaments::number,
            rounds::number,
            games::board,
            games::game_no,
            games::id,
        ))
        .select((
            championships::id,
            championships::name,
            tournaments::id,
            tournaments::number,
            rounds::number,
            rounds::kind,
            matches::table_no,
            matches::home_entry_id,
            matches::away_entry_id,
            Game::as_select(),
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(
            |(c, cn, t, tn, rn, kind, table_no, home, away, game)| PersonGame {
                championship_id: c,
                championship_name: cn,
                tournament_id: t,
                tournament_number: tn,
                round_number: rn,
                round_kind: kind,
                table_no,
                home_entry_id: home,
                away_entry_id: away,
                game,
            },
        )
        .collect())
}

/// Whether round `r` is in tournament `t` of championship `c` (path nesting).
pub fn round_in_tournament(
    conn: &mut DbConnection,
    c: ChampionshipId,
    t: TournamentId,
    r: RoundId,
) -> QueryResult<bool> {
    use super::schema::tournaments;
    diesel::select(diesel::dsl::exists(
        rounds::table
            .inner_join(tournaments::table)
            .filter(rounds::id.eq(r))
            .filter(rounds::tournament_id.eq(t))
            .filter(tournaments::championship_id.eq(c)),
    ))
    .get_result(conn)
}

/// Whether match `m` is in tournament `t` of championship `c` (path nesting).
pub fn match_in_tournament(
    conn: &mut DbConnection,
    c: ChampionshipId,
    t: TournamentId,
    m: MatchId,
) -> QueryResult<bool> {
    use super::schema::tournaments;
    diesel::select(diesel::dsl::exists(
        matches::table
            .inner_join(rounds::table.inner_join(tournaments::table))
            .filter(matches::id.eq(m))
            .filter(rounds::tournament_id.eq(t))
            .filter(tournaments::championship_id.eq(c)),
    ))
    .get_result(conn)
}

/// Whether game `g` is in tournament `t` of championship `c` (path nesting).
pub fn game_in_tournament(
    conn: &mut DbConnection,
    c: ChampionshipId,
    t: TournamentId,
    g: GameId,
) -> QueryResult<bool> {
    use super::schema::tournaments;
    diesel::select(diesel::dsl::exists(
        games::table
            .inner_join(matches::table.inner_join(rounds::table.inner_join(tournaments::table)))
            .filter(games::id.eq(g))
            .filter(rounds::tournament_id.eq(t))
            .filter(tournaments::championship_id.eq(c)),
    ))
    .get_result(conn)
}

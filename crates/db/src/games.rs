//! Game records (PGN) kept with the games' results, and the judges' PGN
//! files between upload and confirmation.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{game_records as gr, games, matches, pgn_imports as pi, rounds};
use super::{DbConnection, WriteTx};
use league_ids::{GameId, MatchId, PersonId, PgnImportId, RoundId, TournamentId};

/// A game's record: the PGN and what was read from it when it was stored.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = gr)]
pub struct GameRecord {
    pub game_id: GameId,
    pub pgn: String,
    /// The players as the file names them.
    pub white_nick: String,
    pub black_nick: String,
    pub plies: i32,
    /// The main line in UCI, space-separated.
    pub moves: String,
    /// The clock after each ply in milliseconds, space-separated, `-`
    /// where the file gives none.
    pub clocks: String,
    /// The time each ply took in milliseconds, the same way.
    pub spent: String,
    /// The base time of the time control, when the file gives it.
    pub base_ms: Option<i64>,
    pub final_fen: String,
    /// `import` or `api`.
    pub source: String,
    pub recorded_by: Option<PersonId>,
    pub recorded_at: NaiveDateTime,
}

impl GameRecord {
    /// The main line's moves in UCI.
    pub fn uci_moves(&self) -> Vec<String> {
        self.moves.split_whitespace().map(str::to_owned).collect()
    }

    /// The clock after each ply (milliseconds), `None` where unknown.
    pub fn clocks_ms(&self) -> Vec<Option<u32>> {
        numbers(&self.clocks)
    }

    /// The time each ply took (milliseconds), `None` where unknown.
    pub fn spent_ms(&self) -> Vec<Option<u32>> {
        numbers(&self.spent)
    }
}

fn numbers(s: &str) -> Vec<Option<u32>> {
    s.split_whitespace().map(|x| x.parse().ok()).collect()
}

/// Writes a list of optional numbers the way [`GameRecord`] reads them.
pub fn write_numbers(values: impl IntoIterator<Item = Option<u32>>) -> String {
    values
        .into_iter()
        .map(|v| v.map_or_else(|| "-".to_owned(), |n| n.to_string()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A record to store; replaces the game's earlier one.
pub struct NewGameRecord<'a> {
    pub game: GameId,
    pub pgn: &'a str,
    pub white_nick: &'a str,
    pub black_nick: &'a str,
    pub plies: i32,
    pub moves: &'a str,
    pub clocks: &'a str,
    pub spent: &'a str,
    pub base_ms: Option<i64>,
    pub final_fen: &'a str,
    pub source: &'a str,
    pub by: Option<PersonId>,
    pub at: NaiveDateTime,
}

/// Stores a game's record, in place of the one it had.
pub fn put(tx: &mut WriteTx<'_>, n: &NewGameRecord) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::delete(gr::table.find(n.game)).execute(conn)?;
    diesel::insert_into(gr::table)
        .values((
            gr::game_id.eq(n.game),
            gr::pgn.eq(n.pgn),
            gr::white_nick.eq(n.white_nick),
            gr::black_nick.eq(n.black_nick),
            gr::plies.eq(n.plies),
            gr::moves.eq(n.moves),
            gr::clocks.eq(n.clocks),
            gr::spent.eq(n.spent),
            gr::base_ms.eq(n.base_ms),
            gr::final_fen.eq(n.final_fen),
            gr::source.eq(n.source),
            gr::recorded_by.eq(n.by),
            gr::recorded_at.eq(n.at),
        ))
        .execute(conn)?;
    Ok(())
}

pub fn of_game(conn: &mut DbConnection, g: GameId) -> QueryResult<Option<GameRecord>> {
    gr::table
        .find(g)
        .select(GameRecord::as_select())
        .first(conn)
        .optional()
}

/// The records of the games of some matches, in board and game order.
pub fn of_matches(conn: &mut DbConnection, ids: &[MatchId]) -> QueryResult<Vec<GameRecord>> {
    gr::table
        .inner_join(games::table)
        .filter(games::match_id.eq_any(ids))
        .order((games::match_id, games::board, games::game_no))
        .select(GameRecord::as_select())
        .load(conn)
}

/// The records of a tournament's games (of one round when given), in
/// round, table, board and game order.
pub fn of_tournament(
    conn: &mut DbConnection,
    t: TournamentId,
    round: Option<RoundId>,
) -> QueryResult<Vec<GameRecord>> {
    let mut q = gr::table
        .inner_join(games::table.inner_join(matches::table.inner_join(rounds::table)))
        .filter(rounds::tournament_id.eq(t))
        .into_boxed();
    if let Some(r) = round {
        q = q.filter(rounds::id.eq(r));
    }
    q.order((
        rounds::number,
        matches::table_no,
        games::board,
        games::game_no,
    ))
    .select(GameRecord::as_select())
    .load(conn)
}

/// Which of these games have a record.
pub fn recorded_among(conn: &mut DbConnection, ids: &[GameId]) -> QueryResult<Vec<GameId>> {
    gr::table
        .filter(gr::game_id.eq_any(ids))
        .select(gr::game_id)
        .load(conn)
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = pi)]
pub struct PgnImport {
    pub id: PgnImportId,
    pub tournament_id: TournamentId,
    /// The round the file is for; `None`: the whole tournament.
    pub round_id: Option<RoundId>,
    pub file_name: String,
    pub text: String,
    pub uploaded_by: PersonId,
    pub uploaded_at: NaiveDateTime,
    pub confirmed_at: Option<NaiveDateTime>,
    /// What became of each game (JSON, `app::games::Outcome`).
    pub outcome: Option<String>,
}

pub struct NewPgnImport<'a> {
    pub tournament: TournamentId,
    pub round: Option<RoundId>,
    pub file_name: &'a str,
    pub text: &'a str,
    pub by: PersonId,
    pub at: NaiveDateTime,
}

pub fn insert_import(tx: &mut WriteTx<'_>, n: &NewPgnImport) -> QueryResult<PgnImportId> {
    let conn = tx.conn();
    diesel::insert_into(pi::table)
        .values((
            pi::tournament_id.eq(n.tournament),
            pi::round_id.eq(n.round),
            pi::file_name.eq(n.file_name),
            pi::text.eq(n.text),
            pi::uploaded_by.eq(n.by),
            pi::uploaded_at.eq(n.at),
        ))
        .returning(pi::id)
        .get_result(conn)
}

pub fn import_by_id(conn: &mut DbConnection, id: PgnImportId) -> QueryResult<Option<PgnImport>> {
    pi::table
        .find(id)
        .select(PgnImport::as_select())
        .first(conn)
        .optional()
}

/// Marks an import confirmed with its outcome, if it was not yet;
/// returns false when it already was (a second confirmation changes
/// nothing).
pub fn confirm_import(
    tx: &mut WriteTx<'_>,
    id: PgnImportId,
    outcome: &str,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    let conn = tx.conn();
    let n = diesel::update(pi::table.find(id).filter(pi::confirmed_at.is_null()))
        .set((pi::confirmed_at.eq(at), pi::outcome.eq(outcome)))
        .execute(conn)?;
    Ok(n == 1)
}

/// A staged file as the tournament's list shows it: id, round, file
/// name, upload and confirmation times.
pub type ImportLine = (
    PgnImportId,
    Option<RoundId>,
    String,
    NaiveDateTime,
    Option<NaiveDateTime>,
);

/// A tournament's imports, newest first (without their text).
pub fn imports_of(conn: &mut DbConnection, t: TournamentId) -> QueryResult<Vec<ImportLine>> {
    pi::table
        .filter(pi::tournament_id.eq(t))
        .order(pi::id.desc())
        .select((
            pi::id,
            pi::round_id,
            pi::file_name,
            pi::uploaded_at,
            pi::confirmed_at,
        ))
        .load(conn)
}

/// The kept games of some tournaments with the game each belongs to and
/// its tournament, in tournament, round, table, board and game order.
pub fn of_tournaments(
    conn: &mut DbConnection,
    ts: &[TournamentId],
) -> QueryResult<Vec<(GameRecord, crate::rounds::Game, TournamentId)>> {
    gr::table
        .inner_join(games::table.inner_join(matches::table.inner_join(rounds::table)))
        .filter(rounds::tournament_id.eq_any(ts))
        .filter(rounds::status.eq("published"))
        .order((
            rounds::tournament_id,
            rounds::number,
            matches::table_no,
            games::board,
            games::game_no,
        ))
        .select((
            GameRecord::as_select(),
            crate::rounds::Game::as_select(),
            rounds::tournament_id,
        ))
        .load(conn)
}

/// An engine's analysis of a kept game (JSON plies), replacing one made
/// at the same depth.
pub fn put_analysis(
    tx: &mut WriteTx<'_>,
    game: GameId,
    depth: i32,
    engine: &str,
    plies: &str,
    at: NaiveDateTime,
) -> QueryResult<()> {
    let conn = tx.conn();
    use super::schema::game_analyses as ga;
    diesel::delete(
        ga::table
            .filter(ga::game_id.eq(game))
            .filter(ga::depth.eq(depth)),
    )
    .execute(conn)?;
    diesel::insert_into(ga::table)
        .values((
            ga::game_id.eq(game),
            ga::depth.eq(depth),
            ga::engine.eq(engine),
            ga::plies.eq(plies),
            ga::analysed_at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

/// Forgets every analysis of `game` (its record's moves changed).
pub fn drop_analyses(tx: &mut WriteTx<'_>, game: GameId) -> QueryResult<usize> {
    let conn = tx.conn();
    use super::schema::game_analyses as ga;
    diesel::delete(ga::table.filter(ga::game_id.eq(game))).execute(conn)
}

/// The analyses of these games at `depth`: game, engine, plies (JSON).
pub fn analyses_of(
    conn: &mut DbConnection,
    ids: &[GameId],
    depth: i32,
) -> QueryResult<Vec<(GameId, String, String)>> {
    use super::schema::game_analyses as ga;
    ga::table
        .filter(ga::game_id.eq_any(ids))
        .filter(ga::depth.eq(depth))
        .select((ga::game_id, ga::engine, ga::plies))
        .load(conn)
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = super::schema::analysis_jobs)]
pub struct AnalysisJob {
    pub id: league_ids::AnalysisJobId,
    pub championship_id: league_ids::ChampionshipId,
    pub person_id: PersonId,
    pub from_tournament: TournamentId,
    pub to_tournament: TournamentId,
    pub depth: i32,
    /// `queued`, `running`, `done`, `cancelled` or `failed`.
    pub status: String,
    pub games_done: i32,
    pub games_total: i32,
    pub error: Option<String>,
    pub requested_by: PersonId,
    pub requested_at: NaiveDateTime,
    pub finished_at: Option<NaiveDateTime>,
}

impl AnalysisJob {
    pub fn is_open(&self) -> bool {
        matches!(self.status.as_str(), "queued" | "running")
    }
}

pub struct NewAnalysisJob {
    pub championship: league_ids::ChampionshipId,
    pub person: PersonId,
    pub from: TournamentId,
    pub to: TournamentId,
    pub depth: i32,
    pub games_total: i32,
    pub by: PersonId,
    pub at: NaiveDateTime,
}

pub fn insert_job(
    tx: &mut WriteTx<'_>,
    n: &NewAnalysisJob,
) -> QueryResult<league_ids::AnalysisJobId> {
    let conn = tx.conn();
    use super::schema::analysis_jobs as j;
    diesel::insert_into(j::table)
        .values((
            j::championship_id.eq(n.championship),
            j::person_id.eq(n.person),
            j::from_tournament.eq(n.from),
            j::to_tournament.eq(n.to),
            j::depth.eq(n.depth),
            j::status.eq("queued"),
            j::games_done.eq(0),
            j::games_total.eq(n.games_total),
            j::requested_by.eq(n.by),
            j::requested_at.eq(n.at),
        ))
        .returning(j::id)
        .get_result(conn)
}

pub fn job_by_id(
    conn: &mut DbConnection,
    id: league_ids::AnalysisJobId,
) -> QueryResult<Option<AnalysisJob>> {
    use super::schema::analysis_jobs as j;
    j::table
        .find(id)
        .select(AnalysisJob::as_select())
        .first(conn)
        .optional()
}

/// The jobs about a person in a championship, newest first.
pub fn jobs_of(
    conn: &mut DbConnection,
    c: league_ids::ChampionshipId,
    person: PersonId,
) -> QueryResult<Vec<AnalysisJob>> {
    use super::schema::analysis_jobs as j;
    j::table
        .filter(j::championship_id.eq(c))
        .filter(j::person_id.eq(person))
        .order(j::id.desc())
        .select(AnalysisJob::as_select())
        .load(conn)
}

/// The oldest job still to run (a running one first: it resumes).
pub fn next_job(conn: &mut DbConnection) -> QueryResult<Option<AnalysisJob>> {
    use super::schema::analysis_jobs as j;
    j::table
        .filter(j::status.eq_any(["queued", "running"]))
        .order(j::id)
        .select(AnalysisJob::as_select())
        .first(conn)
        .optional()
}

/// Moves an open job on: its status, progress and, when it ends, the
/// time and the error. A job no longer open (cancelled meanwhile) is left
/// as it is; returns whether it was changed.
pub fn advance_job(
    tx: &mut WriteTx<'_>,
    id: league_ids::AnalysisJobId,
    status: &str,
    done: i32,
    error: Option<&str>,
    finished: Option<NaiveDateTime>,
) -> QueryResult<bool> {
    let conn = tx.conn();
    use super::schema::analysis_jobs as j;
    let n = diesel::update(
        j::table
            .find(id)
            .filter(j::status.eq_any(["queued", "running"])),
    )
    .set((
        j::status.eq(status),
        j::games_done.eq(done),
        j::error.eq(error),
        j::finished_at.eq(finished),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

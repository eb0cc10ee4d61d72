//! Game records: a judge's PGN file for a round or a tournament, matched
//! to the pairing and shown before anything is stored, then confirmed in
//! one transaction through the same result path as the judges' sheets
//! (versions, audit, results version); every game of the file is then
//! recorded, attached to the result already entered, or left out with
//! its reason. A game server's result through the API may carry its
//! game's PGN too.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use super::PlayError;
use super::play_state::Act;
use super::rounds::{ResultWrite, RoundProblem, write_results};
use crate::db::games::{self as dg, NewGameRecord, NewPgnImport, PgnImport};
use crate::db::rounds::{self as r, Game, Match, Round};
use crate::db::{DbConnection, audit, people, tournaments, write_transaction};
use crate::i18n::Message;
use crate::ids::{GameId, MatchId, PersonId, PgnImportId, RoundId, TournamentId};
use crate::msg;
use crate::rules::game_import::{self as gi, Entered, LeftOut, Outcome, Slot, Verdict};
use crate::rules::pgn::{self, GameResult, PgnGame};
use crate::rules::score::BoardResult;

/// Largest PGN file taken: a tournament of 280 blitz games with clock
/// comments is well under a megabyte.
pub const MAX_PGN_BYTES: usize = 8 * 1024 * 1024;

/// Why a PGN import was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GamesProblem {
    /// The file holds no game.
    NoGames,
    /// The file is larger than [`MAX_PGN_BYTES`].
    TooLarge,
    /// The file was confirmed already: a second confirmation changes
    /// nothing.
    AlreadyConfirmed,
    /// A result of the file could not be written (a game changed since
    /// the preview; the tournament finished meanwhile).
    Round(RoundProblem),
    /// The PGN sent with a result is not one readable game.
    NotOneGame,
    /// The PGN sent with a result names other players than the game's.
    OtherPlayers,
    /// The PGN sent with a result ends with another result.
    OtherResult,
}

pub type GamesError = PlayError<GamesProblem>;

fn refuse<T>(p: GamesProblem) -> Result<T, GamesError> {
    Err(PlayError::Refused(vec![p]))
}

fn from_round(e: PlayError<RoundProblem>) -> GamesError {
    match e {
        PlayError::NotFound => PlayError::NotFound,
        PlayError::Forbidden => PlayError::Forbidden,
        PlayError::Db(d) => PlayError::Db(d),
        PlayError::Refused(ps) => {
            PlayError::Refused(ps.into_iter().map(GamesProblem::Round).collect())
        }
    }
}

/// Keeps a judge's PGN file for `t` (a round of it, or all of it) until
/// it is confirmed.
pub fn stage(
    conn: &mut DbConnection,
    t: TournamentId,
    round: Option<RoundId>,
    file_name: &str,
    text: &str,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<PgnImportId, GamesError> {
    if text.len() > MAX_PGN_BYTES {
        return refuse(GamesProblem::TooLarge);
    }
    // Text that names no player and holds no legal move is not a game.
    if pgn::read(text)
        .games
        .iter()
        .all(|g| g.tags.is_empty() && g.moves.is_empty())
    {
        return refuse(GamesProblem::NoGames);
    }
    write_transaction(conn, |conn| {
        tournaments::by_id(conn, t)?.ok_or(PlayError::NotFound)?;
        if let Some(rid) = round {
            r::by_id(conn, rid)?
                .filter(|x| x.tournament_id == t)
                .ok_or(PlayError::NotFound)?;
        }
        Ok(dg::insert_import(
            conn,
            &NewPgnImport {
                tournament: t,
                round,
                file_name,
                text,
                by: judge,
                at: now,
            },
        )?)
    })
}

/// Where a game of the pairing is, as the pages name it ("2.4/2").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameAt {
    pub round: i32,
    pub table: i32,
    pub board: i32,
    pub game_no: i32,
}

/// One game of the file as the preview shows it.
#[derive(Debug, Clone)]
pub struct PreviewLine {
    /// Line of the file where the game begins.
    pub line: usize,
    pub white: String,
    pub black: String,
    pub file_result: GameResult,
    pub verdict: Verdict,
    pub swapped: bool,
    pub replaces: bool,
    /// The moves could be read only up to this ply.
    pub damaged_from: Option<usize>,
    /// The game of the pairing, with its version as the preview saw it.
    pub game: Option<(GameId, i32, GameAt)>,
    /// The result entered now, as its code (`1-0`, `+-`, …; home first).
    pub entered: Option<String>,
    /// Why the file's result cannot be written here, if it cannot: the
    /// round is not published or the tournament is finished.
    pub blocked: Option<RoundProblem>,
}

/// A staged file against the pairing as it stands.
#[derive(Debug, Clone)]
pub struct Preview {
    pub import: PgnImport,
    /// The round the file is for; `None`: the whole tournament.
    pub round_no: Option<i32>,
    pub lines: Vec<PreviewLine>,
    /// The file had more games than are read ([`pgn::MAX_GAMES`]).
    pub truncated: bool,
    pub finished: bool,
}

/// The pairing of `t` (of one round when given) as slots, with the
/// games, matches and rounds they come from.
struct Pairing {
    rounds: Vec<Round>,
    matches: Vec<Match>,
    games: Vec<Game>,
    slots: Vec<Slot>,
}

impl Pairing {
    /// Every game of the round had a final result (G-V23).
    fn round_complete(&self, round: RoundId) -> bool {
        self.matches
            .iter()
            .filter(|m| m.round_id == round && m.forfeit.is_none() && m.away_entry_id.is_some())
            .all(|m| {
                self.games
                    .iter()
                    .filter(|g| g.match_id == m.id)
                    .all(|g| g.result().is_final())
            })
    }

    fn load(
        conn: &mut DbConnection,
        t: TournamentId,
        round: Option<RoundId>,
    ) -> Result<Self, GamesError> {
        let rounds: Vec<Round> = r::of_tournament(conn, t)?
            .into_iter()
            .filter(|x| round.is_none_or(|id| x.id == id))
            .collect();
        let ids: Vec<RoundId> = rounds.iter().map(|x| x.id).collect();
        let matches = r::matches_of_rounds(conn, &ids)?;
        let mids: Vec<MatchId> = matches.iter().map(|m| m.id).collect();
        let games = r::games_of_matches(conn, &mids)?;
        let persons: Vec<PersonId> = games
            .iter()
            .flat_map(|g| [g.home_player_id, g.away_player_id])
            .flatten()
            .collect();
        let nicks: HashMap<PersonId, String> =
            people::nicks_of(conn, &persons)?.into_iter().collect();
        let gids: Vec<GameId> = games.iter().map(|g| g.id).collect();
        let recorded = dg::recorded_among(conn, &gids)?;
        let mut slots = Vec::with_capacity(games.len());
        for g in &games {
            let Some(m) = matches.iter().find(|m| m.id == g.match_id) else {
                continue;
            };
            let Some(rnd) = rounds.iter().find(|x| x.id == m.round_id) else {
                continue;
            };
            let nick = |p: Option<PersonId>| p.and_then(|p| nicks.get(&p)).map(|n| gi::fold(n));
            let (home, away) = (nick(g.home_player_id), nick(g.away_player_id));
            let (white, black) = if g.home_white {
                (home, away)
            } else {
                (away, home)
            };
            slots.push(Slot {
                key: g.id.0,
                round: u32::try_from(rnd.number).unwrap_or(0),
                board: u32::try_from(g.board).unwrap_or(0),
                game_no: u32::try_from(g.game_no).unwrap_or(0),
                white,
                black,
                entered: entered_of(g),
                recorded: recorded.contains(&g.id),
            });
        }
        Ok(Pairing {
            rounds,
            matches,
            games,
            slots,
        })
    }

    fn game(&self, key: i64) -> Option<(&Game, &Match, &Round)> {
        let g = self.games.iter().find(|g| g.id.0 == key)?;
        let m = self.matches.iter().find(|m| m.id == g.match_id)?;
        let rnd = self.rounds.iter().find(|x| x.id == m.round_id)?;
        Some((g, m, rnd))
    }
}

/// A game's stored result in the scheduled colours.
fn entered_of(g: &Game) -> Entered {
    let by_colour = |home_won: Outcome| {
        if g.home_white {
            home_won
        } else {
            match home_won {
                Outcome::WhiteWins => Outcome::BlackWins,
                Outcome::BlackWins => Outcome::WhiteWins,
                Outcome::Draw => Outcome::Draw,
            }
        }
    };
    match r::result_from_code(&g.result) {
        Some(BoardResult::HomeWin) => Entered::Played(by_colour(Outcome::WhiteWins)),
        Some(BoardResult::AwayWin) => Entered::Played(by_colour(Outcome::BlackWins)),
        Some(BoardResult::Draw) => Entered::Played(Outcome::Draw),
        Some(BoardResult::NotPlayed | BoardResult::Replay) | None => Entered::Pending,
        Some(
            BoardResult::HomeForfeitWin | BoardResult::AwayForfeitWin | BoardResult::DoubleForfeit,
        ) => Entered::Forfeit,
    }
}

/// The file's result for a game, home first.
fn board_result(g: &Game, o: Outcome) -> BoardResult {
    match (o, g.home_white) {
        (Outcome::Draw, _) => BoardResult::Draw,
        (Outcome::WhiteWins, true) | (Outcome::BlackWins, false) => BoardResult::HomeWin,
        (Outcome::WhiteWins, false) | (Outcome::BlackWins, true) => BoardResult::AwayWin,
    }
}

fn preview_of(conn: &mut DbConnection, import: PgnImport) -> Result<Preview, GamesError> {
    let t = import.tournament_id;
    let finished = tournaments::by_id(conn, t)?
        .ok_or(PlayError::NotFound)?
        .finished_at
        .is_some();
    let pairing = Pairing::load(conn, t, import.round_id)?;
    let read = pgn::read(&import.text);
    let round_no = import
        .round_id
        .and_then(|id| pairing.rounds.iter().find(|x| x.id == id))
        .map(|x| x.number);
    let matched = gi::match_games(
        &read.games,
        &pairing.slots,
        round_no.and_then(|n| u32::try_from(n).ok()),
    );
    let lines = matched
        .into_iter()
        .map(|m| {
            let game = &read.games[m.index];
            let at = m.verdict.slot().and_then(|k| pairing.game(k));
            let blocked = at.and_then(|(_, _, rnd)| {
                if finished {
                    Some(RoundProblem::AlreadyFinished)
                } else if !rnd.is_published() {
                    Some(RoundProblem::NotPublished)
                } else {
                    None
                }
            });
            PreviewLine {
                line: game.line,
                white: game.white().unwrap_or_default().to_owned(),
                black: game.black().unwrap_or_default().to_owned(),
                file_result: game.result,
                damaged_from: gi::damaged_from(game),
                game: at.map(|(g, m, rnd)| {
                    (
                        g.id,
                        g.version,
                        GameAt {
                            round: rnd.number,
                            table: m.table_no,
                            board: g.board,
                            game_no: g.game_no,
                        },
                    )
                }),
                entered: at.map(|(g, _, _)| g.result.clone()),
                blocked,
                verdict: m.verdict,
                swapped: m.swapped,
                replaces: m.replaces,
            }
        })
        .collect();
    Ok(Preview {
        import,
        round_no,
        lines,
        truncated: read.truncated,
        finished,
    })
}

/// The staged file `id` of `t` against the pairing as it stands now.
pub fn preview(
    conn: &mut DbConnection,
    t: TournamentId,
    id: PgnImportId,
) -> Result<Preview, GamesError> {
    let import = dg::import_by_id(conn, id)?
        .filter(|i| i.tournament_id == t)
        .ok_or(PlayError::NotFound)?;
    preview_of(conn, import)
}

/// The judge's answer for one game of the preview: the version the
/// preview showed and, for a conflict, whether the file's result
/// replaces the one entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    pub game: GameId,
    pub version: i32,
    pub take_file: bool,
}

/// What became of one game of the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Done {
    /// Its result was recorded and the record kept.
    Recorded,
    /// The record was kept with the result already entered.
    Attached,
    /// The record was kept; the result entered stands against the file's.
    KeptEntered,
    /// Left out, for the reason given.
    LeftOut,
}

/// One game of the file after confirmation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeLine {
    pub line: usize,
    pub white: String,
    pub black: String,
    pub file_result: String,
    pub done: Done,
    pub at: Option<GameAt>,
    /// Why it was left out: a key of `words::games` and its argument.
    pub why: Option<Why>,
}

/// Why a game was left out, as stored with the outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "kebab-case")]
pub enum Why {
    NoPlayers,
    NoResult,
    NotInPairing { nicks: Vec<String> },
    NoSuchGame,
    OtherRound { round: u32 },
    Duplicate { line: usize },
    NotPublished,
    Finished,
}

impl Why {
    pub fn of(l: &LeftOut) -> Self {
        match l {
            LeftOut::NoPlayers => Why::NoPlayers,
            LeftOut::NoResult => Why::NoResult,
            LeftOut::NotInPairing(n) => Why::NotInPairing { nicks: n.clone() },
            LeftOut::NoSuchGame => Why::NoSuchGame,
            LeftOut::OtherRound(r) => Why::OtherRound { round: *r },
            LeftOut::Duplicate { line } => Why::Duplicate { line: *line },
        }
    }
}

/// What a confirmed file did, game by game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportOutcome {
    pub lines: Vec<OutcomeLine>,
}

impl ImportOutcome {
    pub fn count(&self, done: Done) -> usize {
        self.lines.iter().filter(|l| l.done == done).count()
    }
}

/// Confirms the staged file `id`: in one transaction, the results to
/// record (and the conflicts the judge settled for the file) are written
/// through the judges' result path, and every matched game's record is
/// kept. A game changed since the preview refuses the whole file with its
/// current state. A second confirmation is refused and changes nothing.
pub fn confirm(
    conn: &mut DbConnection,
    t: TournamentId,
    id: PgnImportId,
    choices: &[Choice],
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<ImportOutcome, GamesError> {
    write_transaction(conn, |conn| {
        let import = dg::import_by_id(conn, id)?
            .filter(|i| i.tournament_id == t)
            .ok_or(PlayError::NotFound)?;
        if import.confirmed_at.is_some() {
            return refuse(GamesProblem::AlreadyConfirmed);
        }
        let (championship, finished) =
            tournaments::hold_for_results(conn, t)?.ok_or(PlayError::NotFound)?;
        let finished = finished.is_some();
        // The file may complete any round it names: each is held alone,
        // in one order for every writer.
        let mut held = match import.round_id {
            Some(round) => vec![round],
            None => crate::db::rounds::of_tournament(conn, t)?
                .into_iter()
                .map(|x| x.id)
                .collect(),
        };
        held.sort_unstable();
        for round in held {
            crate::db::rounds::hold(conn, round, crate::db::rounds::RoundHold::Alone)?;
        }
        let pairing = Pairing::load(conn, t, import.round_id)?;
        let read = pgn::read(&import.text);
        let round_no = import
            .round_id
            .and_then(|rid| pairing.rounds.iter().find(|x| x.id == rid))
            .and_then(|x| u32::try_from(x.number).ok());
        let matched = gi::match_games(&read.games, &pairing.slots, round_no);
        let mut writes: Vec<ResultWrite> = Vec::new();
        let mut stale = Vec::new();
        let mut keep: Vec<(usize, GameId)> = Vec::new();
        let mut lines = Vec::with_capacity(matched.len());
        for m in &matched {
            let game = &read.games[m.index];
            let at = m.verdict.slot().and_then(|k| pairing.game(k));
            let mut line = OutcomeLine {
                line: game.line,
                white: game.white().unwrap_or_default().to_owned(),
                black: game.black().unwrap_or_default().to_owned(),
                file_result: game.result.code().to_owned(),
                done: Done::LeftOut,
                at: at.map(|(g, mt, rnd)| GameAt {
                    round: rnd.number,
                    table: mt.table_no,
                    board: g.board,
                    game_no: g.game_no,
                }),
                why: None,
            };
            // The preview's version of every game it showed must come
            // back unchanged: the file does what the judge saw, or nothing.
            if let Some((g, _, _)) = at
                && choices
                    .iter()
                    .find(|c| c.game == g.id)
                    .is_none_or(|c| c.version != g.version)
            {
                stale.push(RoundProblem::SheetChanged {
                    game: g.id,
                    result: g.result.clone(),
                    version: g.version,
                });
            }
            let write = |o: Outcome| -> Option<BoardResult> {
                let (g, _, rnd) = at?;
                (!finished && rnd.is_published()).then(|| board_result(g, o))
            };
            match (&m.verdict, at) {
                (Verdict::LeftOut(why), _) => line.why = Some(Why::of(why)),
                (_, None) => line.why = Some(Why::NoSuchGame),
                (Verdict::Attach { .. }, Some((g, _, _))) => {
                    line.done = Done::Attached;
                    keep.push((m.index, g.id));
                }
                (Verdict::Record { result, .. }, Some((g, mt, rnd))) => match write(*result) {
                    Some(res) => {
                        writes.push(ResultWrite {
                            game: g,
                            round_no: rnd.number,
                            table_no: mt.table_no,
                            result: res,
                            round_complete: pairing.round_complete(rnd.id),
                        });
                        line.done = Done::Recorded;
                        keep.push((m.index, g.id));
                    }
                    None => {
                        line.why = Some(if finished {
                            Why::Finished
                        } else {
                            Why::NotPublished
                        });
                    }
                },
                (Verdict::Conflict { file, .. }, Some((g, mt, rnd))) => {
                    let choice = choices.iter().find(|c| c.game == g.id);
                    match (choice.filter(|c| c.take_file), write(*file)) {
                        (Some(_), Some(res)) => {
                            writes.push(ResultWrite {
                                game: g,
                                round_no: rnd.number,
                                table_no: mt.table_no,
                                result: res,
                                round_complete: pairing.round_complete(rnd.id),
                            });
                            line.done = Done::Recorded;
                        }
                        _ => line.done = Done::KeptEntered,
                    }
                    keep.push((m.index, g.id));
                }
            }
            lines.push(line);
        }
        if !stale.is_empty() {
            return Err(PlayError::Refused(
                stale.into_iter().map(GamesProblem::Round).collect(),
            ));
        }
        write_results(
            conn,
            (championship, t),
            &writes,
            judge,
            msg!("audit-games-result-pgn"),
            Act::File,
            now,
        )
        .map_err(from_round)?;
        for (index, game) in keep {
            store(conn, game, &read.games[index], "import", Some(judge), now)?;
        }
        let outcome = ImportOutcome { lines };
        let json = serde_json::to_string(&outcome).unwrap_or_default();
        if !dg::confirm_import(conn, id, &json, now)? {
            return refuse(GamesProblem::AlreadyConfirmed);
        }
        let championship = tournaments::by_id(conn, t)?
            .ok_or(PlayError::NotFound)?
            .championship_id;
        audit::Entry::new("games.import", format!("pgn-import:{id}"))
            .actor(judge)
            .championship(championship)
            .said(
                Message::new(msg!("audit-games-import"))
                    .arg("file", import.file_name.as_str())
                    .arg("recorded", outcome.count(Done::Recorded))
                    .arg(
                        "attached",
                        outcome.count(Done::Attached) + outcome.count(Done::KeptEntered),
                    )
                    .arg("left", outcome.count(Done::LeftOut)),
            )
            .record(conn)?;
        Ok(outcome)
    })
}

/// The outcome a confirmed import stored.
pub fn outcome_of(import: &PgnImport) -> Option<ImportOutcome> {
    serde_json::from_str(import.outcome.as_deref()?).ok()
}

/// Keeps `game`'s record as read from the file, in place of an earlier
/// one. Call inside the caller's transaction. The engine analysis of an
/// earlier record with other moves (or from another position) is dropped
/// with it (G-E3): the fair-play figures never read an analysis of moves
/// the game no longer has, and a new request analyses the moves kept.
pub(crate) fn store(
    conn: &mut crate::db::WriteTx<'_>,
    game: GameId,
    record: &PgnGame,
    source: &str,
    by: Option<PersonId>,
    now: NaiveDateTime,
) -> Result<(), crate::db::QueryError> {
    let moves: Vec<&str> = record.moves.iter().map(|m| m.uci.as_str()).collect();
    if let Some(earlier) = dg::of_game(conn, game)?
        && (earlier.moves != moves.join(" ")
            || start_of(&earlier.pgn) != record.tag("FEN").map(str::to_owned))
    {
        dg::drop_analyses(conn, game)?;
    }
    let clocks = dg::write_numbers(record.moves.iter().map(|m| m.clock_ms));
    let spent = dg::write_numbers(
        record
            .move_seconds()
            .into_iter()
            .map(|s| s.and_then(|s| (s >= 0.0).then(|| (s * 1000.0).round() as u32))),
    );
    dg::put(
        conn,
        &NewGameRecord {
            game,
            pgn: &record.text,
            white_nick: record.white().unwrap_or_default(),
            black_nick: record.black().unwrap_or_default(),
            plies: i32::try_from(record.moves.len()).unwrap_or(i32::MAX),
            moves: &moves.join(" "),
            clocks: &clocks,
            spent: &spent,
            base_ms: record
                .time_control()
                .map(|(base, _)| i64::from(base) * 1000),
            final_fen: &record.final_fen,
            source,
            by,
            at: now,
        },
    )?;
    // A game server's ratings of the players, as the record carries them.
    super::ratings::from_game_record(conn, game, record, now)?;
    Ok(())
}

/// The start position a kept record's PGN names, when not the usual one.
pub(crate) fn start_of(pgn_text: &str) -> Option<String> {
    let game = pgn::read(pgn_text).games.into_iter().next()?;
    game.tag("FEN").map(str::to_owned)
}

/// The PGN sent with a game server's result for `g`, checked against the
/// game: one readable game, the game's players (either colours), the
/// result sent. Returns the game to keep.
pub fn check_sent(
    text: &str,
    home: Option<&str>,
    away: Option<&str>,
    result: BoardResult,
) -> Result<PgnGame, GamesProblem> {
    if text.len() > MAX_PGN_BYTES {
        return Err(GamesProblem::TooLarge);
    }
    let mut read = pgn::read(text);
    if read.games.len() != 1 {
        return Err(GamesProblem::NotOneGame);
    }
    let game = read.games.remove(0);
    let (Some(w), Some(b)) = (game.white().map(gi::fold), game.black().map(gi::fold)) else {
        return Err(GamesProblem::OtherPlayers);
    };
    let (home, away) = (home.map(gi::fold), away.map(gi::fold));
    let home_is_white = match (home.as_deref(), away.as_deref()) {
        (Some(h), Some(a)) if h == w && a == b => true,
        (Some(h), Some(a)) if h == b && a == w => false,
        _ => return Err(GamesProblem::OtherPlayers),
    };
    let said = match (game.result, home_is_white) {
        (GameResult::Draw, _) => Some(BoardResult::Draw),
        (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => {
            Some(BoardResult::HomeWin)
        }
        (GameResult::WhiteWins, false) | (GameResult::BlackWins, true) => {
            Some(BoardResult::AwayWin)
        }
        _ => None,
    };
    if said != Some(result) {
        return Err(GamesProblem::OtherResult);
    }
    Ok(game)
}

/// A game server's result for `game` with the game's PGN, if it sent one:
/// the PGN is checked against the game (its players, the result sent),
/// and the result and the record are kept in one transaction.
#[allow(clippy::too_many_arguments)]
pub fn record_result_with_pgn(
    conn: &mut DbConnection,
    t: TournamentId,
    game: GameId,
    version: i32,
    result: BoardResult,
    judge: PersonId,
    source: super::rounds::ResultSource<'_>,
    pgn_text: Option<&str>,
    now: NaiveDateTime,
) -> Result<(), GamesError> {
    write_transaction(conn, |conn| {
        let checked = match pgn_text {
            Some(text) => {
                let g = r::game_by_id(conn, game)?.ok_or(PlayError::NotFound)?;
                let ids: Vec<PersonId> = [g.home_player_id, g.away_player_id]
                    .into_iter()
                    .flatten()
                    .collect();
                let nicks: HashMap<PersonId, String> =
                    people::nicks_of(conn, &ids)?.into_iter().collect();
                let nick = |p: Option<PersonId>| p.and_then(|p| nicks.get(&p)).map(String::as_str);
                match check_sent(text, nick(g.home_player_id), nick(g.away_player_id), result) {
                    Ok(record) => Some(record),
                    Err(p) => return refuse(p),
                }
            }
            None => None,
        };
        record_in(
            conn, t, game, version, result, judge, source, checked, "api", now,
        )
    })
}

/// A result with the game's record when there is one, in the caller's
/// transaction: a result sent with its record answers to that record,
/// not to one kept before (`Act::File`); the record is kept under
/// `origin` (`api`, a server's host).
#[allow(clippy::too_many_arguments)]
fn record_in(
    tx: &mut crate::db::WriteTx<'_>,
    t: TournamentId,
    game: GameId,
    version: i32,
    result: BoardResult,
    judge: PersonId,
    source: super::rounds::ResultSource<'_>,
    record: Option<PgnGame>,
    origin: &str,
    now: NaiveDateTime,
) -> Result<(), GamesError> {
    let act = if record.is_some() {
        Act::File
    } else {
        Act::Entry
    };
    super::rounds::record_result_in(tx, t, game, version, result, judge, source, act, now)
        .map_err(from_round)?;
    if let Some(record) = record {
        store(tx, game, &record, origin, Some(judge), now)?;
    }
    Ok(())
}

/// How a game played out on a game server was settled here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    /// Its result, record and clocks are recorded.
    Recorded,
    /// A result was entered here first (a judge's), or the game's players
    /// changed since: what is here stands.
    Kept,
    /// The result path refused it (the tournament finished, the round
    /// closed): the judge decides.
    Refused,
    /// Another instance settled it first.
    Elsewhere,
}

/// Records a game played out on a game server through the judges' own
/// result path (its checks, version, audit and results version), with its
/// record when the server's PGN is of these players and this result, and
/// settles the server's row, in one transaction. A result already here is
/// never overwritten; nor is a game whose players changed since.
pub fn record_from_server(
    conn: &mut DbConnection,
    row: &crate::db::game_servers::ServerGame,
    winner: Option<crate::rules::game_server::Colour>,
    exported: &crate::game_servers::lichess::ExportedGame,
    actor: PersonId,
    now: NaiveDateTime,
) -> Result<Settled, crate::db::QueryError> {
    use crate::db::game_servers::{self as gs, Problem, Status};
    let outcome = write_transaction(conn, |tx| -> Result<Settled, GamesError> {
        let open = [Status::Scheduled, Status::Playing];
        if gs::advance(tx, &[row.id], &open, Status::Recorded, None, now)? == 0 {
            return Ok(Settled::Elsewhere);
        }
        let settled =
            |tx: &mut crate::db::WriteTx<'_>, s: Settled| -> Result<Settled, GamesError> {
                let (status, problem) = match s {
                    Settled::Kept => (Status::Kept, None),
                    Settled::Refused => (Status::Ended, Some(Problem::of("not_recorded"))),
                    _ => return Ok(s),
                };
                gs::set_status(tx, &[row.id], status, problem, now)?;
                Ok(s)
            };
        // The game vanished (a round taken back): nothing to record.
        let Some(g) = r::game_by_id(tx, row.game_id)? else {
            return settled(tx, Settled::Kept);
        };
        let players = match (g.home_player_id, g.away_player_id) {
            (Some(h), Some(a)) if g.home_white => Some((h, a)),
            (Some(h), Some(a)) => Some((a, h)),
            _ => None,
        };
        if players != Some((row.white_id, row.black_id))
            || !matches!(g.result.as_str(), "pending" | "replay")
        {
            return settled(tx, Settled::Kept);
        }
        let result = crate::rules::game_server::board_result(winner, g.home_white);
        let names: HashMap<PersonId, String> =
            gs::accounts_of(tx, &row.server, &[row.white_id, row.black_id])?
                .into_iter()
                .map(|a| (a.person_id, a.username))
                .collect();
        let name = |p: Option<PersonId>| p.and_then(|p| names.get(&p)).map(String::as_str);
        // A record that is not of these players and this result is left
        // out; the result stands on its own.
        let record = exported.pgn.as_deref().and_then(|text| {
            check_sent(text, name(g.home_player_id), name(g.away_player_id), result).ok()
        });
        let m = r::match_by_id(tx, g.match_id)?.ok_or(PlayError::NotFound)?;
        let round = r::by_id(tx, m.round_id)?.ok_or(PlayError::NotFound)?;
        let source = super::rounds::ResultSource::GameServer {
            server: &row.server,
            game: &exported.id,
        };
        let recorded = tx.savepoint(|tx| {
            record_in(
                tx,
                round.tournament_id,
                g.id,
                g.version,
                result,
                actor,
                source,
                record,
                &row.server,
                now,
            )
        });
        match recorded {
            Ok(()) => Ok(Settled::Recorded),
            Err(PlayError::Refused(_)) => settled(tx, Settled::Refused),
            Err(e) => Err(e),
        }
    });
    match outcome {
        Ok(s) => Ok(s),
        Err(PlayError::Db(e)) => Err(e),
        Err(e) => {
            tracing::warn!(error = ?e, "a game of a server could not be settled");
            Ok(Settled::Refused)
        }
    }
}

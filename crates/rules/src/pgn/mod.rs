//! PGN: reading game records exported by game servers (lichess, chess.com,
//! club servers).
//!
//! [`decode`] turns the bytes of a file into text; [`read`] finds every game
//! in it. Reading is liberal, as servers differ: tags several to a line,
//! move numbers glued to moves, comments, NAGs, variations and `%` lines
//! skipped, SAN matched leniently against the legal moves (module `san`).
//! A game that cannot be read fully keeps the moves read so far and says
//! why in [`PgnGame::problem`]; the file as a whole never fails.

mod clock;
mod lexer;
mod san;

use cozy_chess::Board;
use cozy_chess::util::{display_san_move, display_uci_move};

use lexer::{Lexer, Tok, Token};

/// Largest number of games read from one file.
pub const MAX_GAMES: usize = 5_000;
/// Largest number of plies read from one game.
pub const MAX_PLIES: usize = 1_000;

/// Bytes of a PGN file → text, as every text file is read
/// ([`crate::text::decode`]).
pub fn decode(bytes: &[u8]) -> String {
    crate::text::decode(bytes)
}

/// The games of a file.
#[derive(Debug, Clone, PartialEq)]
pub struct Read {
    /// Every game, in file order, at most [`MAX_GAMES`].
    pub games: Vec<PgnGame>,
    /// Whether the file had more games than [`MAX_GAMES`] (those are not
    /// read).
    pub truncated: bool,
}

/// One game of a file.
#[derive(Debug, Clone, PartialEq)]
pub struct PgnGame {
    /// Tags in file order, names as written, values unescaped (`\"` and
    /// `\\`).
    pub tags: Vec<(String, String)>,
    /// The main line only (variations skipped), each move legal from the
    /// start position (or that of a \[FEN\] tag). Reading stops at the first
    /// illegal or unreadable move: then `problem` says which and `moves`
    /// holds the legal ones before it.
    pub moves: Vec<PlayedMove>,
    /// The termination marker after the moves; when missing, the \[Result\]
    /// tag; Unknown if neither.
    pub result: GameResult,
    /// The \[Result\] tag read as a result (None when absent or unreadable),
    /// to detect a marker that disagrees.
    pub result_tag: Option<GameResult>,
    /// The game's own text as in the decoded, LF-normalized file, from its
    /// first tag to its termination marker inclusive, trimmed.
    pub text: String,
    /// 1-based line of the file where the game begins.
    pub line: usize,
    /// FEN of the position after the last legal move (six fields); empty
    /// when the \[FEN\] tag cannot be read ([`PgnProblem::BadFen`]).
    pub final_fen: String,
    /// Why the game could not be read fully.
    pub problem: Option<PgnProblem>,
}

/// A move of the main line.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedMove {
    /// SAN as cozy-chess writes it, with `+` and `#` (`Nf3`, `O-O`,
    /// `exd8=Q+`).
    pub san: String,
    /// UCI as engines expect it: castling as the king's two squares
    /// (`e1g1`), promotion as `e7e8q`.
    pub uci: String,
    /// Clock after the move in milliseconds, from `[%clk …]`.
    pub clock_ms: Option<u32>,
    /// Time the move took in milliseconds, from `[%emt …]`.
    pub elapsed_ms: Option<u32>,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// `*`: still going on, or abandoned without a result.
    Unfinished,
    /// Neither a marker nor a readable \[Result\] tag.
    Unknown,
}

impl GameResult {
    /// The PGN notation: "1-0", "0-1", "1/2-1/2", "*", and "?" for Unknown.
    pub fn code(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
            GameResult::Unknown => "?",
        }
    }

    /// A termination marker or \[Result\] value; None for anything else.
    pub fn parse(s: &str) -> Option<GameResult> {
        match s.trim() {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" | "1/2" | "½" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unfinished),
            _ => None,
        }
    }
}

/// Why a game could not be read fully.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PgnProblem {
    /// A move that is not legal (or not readable) in its position: its ply
    /// (1-based) and the move as written.
    IllegalMove { ply: usize, written: String },
    /// The \[FEN\] tag cannot be read (its value).
    BadFen(String),
    /// Over [`MAX_PLIES`] plies (the rest skipped).
    TooLong,
    /// Malformed text: an unclosed comment, variation or tag, an
    /// unterminated string… (English, for logs).
    Syntax(String),
}

impl PgnGame {
    /// The value of a tag (name case-insensitive, first occurrence); None
    /// when absent, empty or "?".
    pub fn tag(&self, name: &str) -> Option<&str> {
        let (_, value) = self
            .tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))?;
        let trimmed = value.trim();
        (!trimmed.is_empty() && trimmed != "?").then_some(value.as_str())
    }

    /// The \[White\] tag, trimmed.
    pub fn white(&self) -> Option<&str> {
        self.tag("White").map(str::trim)
    }

    /// The \[Black\] tag, trimmed.
    pub fn black(&self) -> Option<&str> {
        self.tag("Black").map(str::trim)
    }

    /// Round and board: [Round "3"] is round 3; [Round "3.2"] is round 3,
    /// board 2 (as tournament programs write); a [Board] tag gives the
    /// board too and wins over the suffix. "-" and "?" give None.
    pub fn round_and_board(&self) -> (Option<u32>, Option<u32>) {
        let number = |s: &str| s.trim().parse::<u32>().ok();
        let (round, suffix) = match self.tag("Round").map(str::trim) {
            Some(round) => {
                let mut parts = round.split('.');
                let r = parts.next().and_then(number);
                (r, parts.next().and_then(number))
            }
            None => (None, None),
        };
        let board = self.tag("Board").and_then(number).or(suffix);
        (round, board)
    }

    /// \[TimeControl\] base seconds and increment, when readable: "180+2" →
    /// (180, 2), "600" → (600, 0), "40/7200:3600" → the first period,
    /// (7200, 0).
    pub fn time_control(&self) -> Option<(u32, u32)> {
        clock::time_control(self.tag("TimeControl")?)
    }

    /// Seconds each ply took: its `[%emt]` when present; else the drop of
    /// its side's `[%clk]` since that side's previous move plus the
    /// increment of \[TimeControl\]; for the first move of each side, from
    /// the base of \[TimeControl\] (or the \[WhiteClock\] / \[BlackClock\] tags
    /// when there is no readable \[TimeControl\]), None when unknown. None
    /// for a negative value, and for every ply when the game has no clock
    /// comments.
    pub fn move_seconds(&self) -> Vec<Option<f64>> {
        let plies: Vec<(Option<u32>, Option<u32>)> = self
            .moves
            .iter()
            .map(|m| (m.clock_ms, m.elapsed_ms))
            .collect();
        let control = self.time_control();
        let increment_ms = control.map_or(0, |(_, inc)| i64::from(inc) * 1000);
        let base_ms = match control {
            Some((base, _)) => {
                let base = Some(i64::from(base) * 1000);
                (base, base)
            }
            None => {
                let side = |name: &str| self.tag(name).and_then(clock::duration_ms).map(i64::from);
                (side("WhiteClock"), side("BlackClock"))
            }
        };
        clock::move_seconds(&clock::Clocks {
            plies: &plies,
            white_first: self.tag("FEN").is_none_or(san::white_to_move),
            increment_ms,
            base_ms,
        })
    }
}

/// Every game of the text, in file order (see [`Read`]). Text with no game
/// gives no games.
pub fn read(text: &str) -> Read {
    let mut games = Vec::new();
    let mut truncated = false;
    let mut current: Option<GameReader> = None;
    for token in Lexer::new(text) {
        if let Tok::Tag { name, .. } = &token.tok
            && current.as_ref().is_some_and(|g| g.ends_before_tag(name))
            && let Some(done) = current.take()
        {
            games.push(done.finish(text));
        }
        if current.is_none() {
            if !starts_game(&token.tok) {
                continue;
            }
            if games.len() == MAX_GAMES {
                truncated = true;
                break;
            }
            current = Some(GameReader::new(&token));
        }
        let Some(game) = current.as_mut() else {
            continue;
        };
        if game.take(token)
            && let Some(done) = current.take()
        {
            games.push(done.finish(text));
        }
    }
    if let Some(done) = current.take() {
        games.push(done.finish(text));
    }
    Read { games, truncated }
}

/// Whether a token outside any game begins one: a tag, a move number with
/// its dot, or a symbol that reads as a move. Free text around games (a
/// lone marker, a comment, words) begins none, so a file of prose has no
/// games.
fn starts_game(tok: &Tok<'_>) -> bool {
    match tok {
        Tok::Tag { .. } => true,
        Tok::Symbol(s) => match classify(s) {
            Symbol::Number => s.contains(['.', '…']),
            Symbol::Move(written) => san::readable(written),
            _ => false,
        },
        _ => false,
    }
}

/// What a symbol of movetext is.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Symbol<'a> {
    /// A termination marker.
    Marker(GameResult),
    /// A move number (`12.`, `12...`, `12…`, `12`).
    Number,
    /// A glyph or mark with no letter or digit (`+-`, `=`, `!`, a lone
    /// `...`), or an `e.p.` written apart: nothing to read.
    Glyph,
    /// A null move (`--`, `Z0`), as written.
    Null(&'a str),
    /// A move, as written (the move number stripped).
    Move(&'a str),
}

fn classify(s: &str) -> Symbol<'_> {
    if let Some(result) = GameResult::parse(s) {
        return Symbol::Marker(result);
    }
    // Castling with zeros is not a move number.
    let castling = s
        .trim_end_matches(['+', '#', '!', '?'])
        .trim_start_matches(['0', '-']);
    if castling.is_empty() && s.starts_with("0-0") {
        return Symbol::Move(s);
    }
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let after = &s[digits..];
    let dots = after.trim_start_matches(['.', '…']);
    let rest = if digits > 0 && dots.len() == after.len() && !after.is_empty() {
        // Digits not followed by a dot: not a move number; read it whole.
        s
    } else {
        dots
    };
    if rest.is_empty() {
        return if digits > 0 {
            Symbol::Number
        } else {
            Symbol::Glyph
        };
    }
    if rest == "--" || rest.eq_ignore_ascii_case("z0") {
        return Symbol::Null(rest);
    }
    if !rest.chars().any(char::is_alphanumeric)
        || rest.eq_ignore_ascii_case("e.p.")
        || rest.eq_ignore_ascii_case("ep")
    {
        return Symbol::Glyph;
    }
    Symbol::Move(rest)
}

/// A game being read, token by token.
struct GameReader {
    start: usize,
    end: usize,
    line: usize,
    tags: Vec<(String, String)>,
    /// Set once movetext began (or the game ends): the position, None when
    /// the \[FEN\] tag cannot be read.
    board: Option<Option<Board>>,
    moves: Vec<PlayedMove>,
    /// Moves are no longer read (an illegal move, too many, a bad FEN).
    stopped: bool,
    /// Whether a comment now speaks of the last move read (for clocks).
    after_move: bool,
    depth: usize,
    marker: Option<GameResult>,
    problem: Option<PgnProblem>,
}

impl GameReader {
    fn new(first: &Token<'_>) -> Self {
        GameReader {
            start: first.start,
            end: first.end,
            line: first.line,
            tags: Vec::new(),
            board: None,
            moves: Vec::new(),
            stopped: false,
            after_move: false,
            depth: 0,
            marker: None,
            problem: None,
        }
    }

    /// Whether a tag named `name` begins the next game instead of
    /// belonging to this one: after movetext, or repeating a tag of this
    /// game's header (a game of tags alone before it).
    fn ends_before_tag(&self, name: &str) -> bool {
        self.board.is_some()
            || (!name.is_empty() && self.tags.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)))
    }

    /// Notes a problem: the first one counts, except that a problem with
    /// the moves replaces a syntax one (it says more about what is missing).
    fn note(&mut self, problem: PgnProblem) {
        let replace = match &self.problem {
            None => true,
            Some(PgnProblem::Syntax(_)) => !matches!(problem, PgnProblem::Syntax(_)),
            Some(_) => false,
        };
        if replace {
            self.problem = Some(problem);
        }
    }

    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty() && *v != "?")
    }

    /// The position the moves start from, set up once.
    fn board(&mut self) -> Option<&mut Board> {
        if self.board.is_none() {
            let board = match self.tag("FEN").map(str::to_string) {
                None => Some(san::start()),
                Some(fen) => {
                    let board = san::position(&fen);
                    if board.is_none() {
                        self.note(PgnProblem::BadFen(fen));
                        self.stopped = true;
                    }
                    board
                }
            };
            self.board = Some(board);
        }
        self.board.as_mut().and_then(Option::as_mut)
    }

    /// Reads a token; true when it ends the game (its termination marker).
    fn take(&mut self, token: Token<'_>) -> bool {
        let extends = !matches!(token.tok, Tok::Escape);
        match token.tok {
            Tok::Tag {
                name,
                value,
                problem,
            } => {
                if let Some(p) = problem {
                    self.note(PgnProblem::Syntax(format!("{p} (line {})", token.line)));
                }
                if !name.is_empty() {
                    self.tags.push((name.to_string(), value));
                }
            }
            Tok::Escape => {}
            Tok::LineComment | Tok::Nag | Tok::Stray => {
                self.board();
            }
            Tok::Comment { body, unclosed } => {
                self.board();
                if unclosed {
                    self.note(PgnProblem::Syntax(format!(
                        "unclosed comment (line {})",
                        token.line
                    )));
                }
                if self.depth == 0
                    && self.after_move
                    && let Some(last) = self.moves.last_mut()
                {
                    let (clk, emt) = clock::commands(body);
                    last.clock_ms = last.clock_ms.or(clk);
                    last.elapsed_ms = last.elapsed_ms.or(emt);
                }
            }
            Tok::Open => {
                self.board();
                self.depth += 1;
            }
            Tok::Close => {
                self.board();
                self.depth = self.depth.saturating_sub(1);
            }
            Tok::Symbol(s) => {
                self.board();
                if self.symbol(s) {
                    self.end = token.end;
                    return true;
                }
            }
        }
        if extends {
            self.end = token.end;
        }
        false
    }

    /// Reads a symbol of movetext; true for the termination marker.
    fn symbol(&mut self, s: &str) -> bool {
        if self.depth > 0 {
            return false;
        }
        match classify(s) {
            Symbol::Marker(result) => {
                self.marker = Some(result);
                return true;
            }
            Symbol::Number | Symbol::Glyph => {}
            Symbol::Null(written) => {
                self.after_move = false;
                if !self.stopped {
                    self.stopped = true;
                    let ply = self.moves.len() + 1;
                    self.note(PgnProblem::IllegalMove {
                        ply,
                        written: written.to_string(),
                    });
                }
            }
            Symbol::Move(written) => {
                self.after_move = false;
                if self.stopped {
                    return false;
                }
                if self.moves.len() >= MAX_PLIES {
                    self.stopped = true;
                    self.note(PgnProblem::TooLong);
                    return false;
                }
                let ply = self.moves.len() + 1;
                let Some(board) = self.board() else {
                    return false;
                };
                match san::find_move(board, written) {
                    Some(mv) => {
                        let san = display_san_move(board, mv).to_string();
                        let uci = display_uci_move(board, mv).to_string();
                        board.play_unchecked(mv);
                        self.moves.push(PlayedMove {
                            san,
                            uci,
                            clock_ms: None,
                            elapsed_ms: None,
                        });
                        self.after_move = true;
                    }
                    None => {
                        self.stopped = true;
                        self.note(PgnProblem::IllegalMove {
                            ply,
                            written: written.to_string(),
                        });
                    }
                }
            }
        }
        false
    }

    fn finish(mut self, text: &str) -> PgnGame {
        if self.depth > 0 {
            self.note(PgnProblem::Syntax("unclosed variation".into()));
        }
        let final_fen = self.board().map(|b| b.to_string()).unwrap_or_default();
        let result_tag = self.tag("Result").and_then(GameResult::parse);
        PgnGame {
            result: self.marker.or(result_tag).unwrap_or(GameResult::Unknown),
            result_tag,
            text: text[self.start..self.end].trim().to_string(),
            line: self.line,
            final_fen,
            problem: self.problem,
            tags: self.tags,
            moves: self.moves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The only game of `text`, checked to read back the same from its own
    /// text.
    fn one(text: &str) -> PgnGame {
        let read = read(text);
        assert_eq!(read.games.len(), 1, "games of {text:?}");
        assert!(!read.truncated);
        let game = read.games.into_iter().next().expect("game");
        assert_reads_back(&game);
        game
    }

    /// Reading a game's text gives the same game (at line 1).
    fn assert_reads_back(game: &PgnGame) {
        let again = read(&game.text);
        assert_eq!(again.games.len(), 1, "games of {:?}", game.text);
        let again = &again.games[0];
        assert_eq!(
            again,
            &PgnGame {
                line: 1,
                ..game.clone()
            }
        );
    }

    fn sans(game: &PgnGame) -> Vec<&str> {
        game.moves.iter().map(|m| m.san.as_str()).collect()
    }

    fn ucis(game: &PgnGame) -> Vec<&str> {
        game.moves.iter().map(|m| m.uci.as_str()).collect()
    }

    const LICHESS: &str = r#"[Event "Rated Blitz game"]
[Site "https://lichess.org/abcd1234"]
[Date "2024.03.01"]
[Round "-"]
[White "alice"]
[Black "bob"]
[Result "1-0"]
[WhiteElo "1800"]
[BlackElo "1750"]
[TimeControl "180+0"]
[Termination "Normal"]

1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.2] [%clk 0:03:00] } 2. Nf3 { [%eval 0.1] [%clk 0:02:58] } 2... Nc6 { [%eval 0.15] [%clk 0:02:55] } 3. Bc4 { [%eval 0.0] [%clk 0:02:50] } 3... Nf6 { [%eval 0.3] [%clk 0:02:49] } 4. Ng5 { [%clk 0:02:45] } 4... d5 { [%clk 0:02:40] } 5. exd5 { [%clk 0:02:44] } 5... Nxd5?? { [%eval #4] [%clk 0:02:30] } 6. Nxf7 { [%clk 0:02:40] } 1-0
"#;

    #[test]
    fn a_lichess_game_with_clocks_and_evals() {
        let g = one(LICHESS);
        assert_eq!(g.problem, None);
        assert_eq!(g.line, 1);
        assert_eq!(g.white(), Some("alice"));
        assert_eq!(g.black(), Some("bob"));
        assert_eq!(g.result, GameResult::WhiteWins);
        assert_eq!(g.result_tag, Some(GameResult::WhiteWins));
        assert_eq!(
            sans(&g),
            [
                "e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5", "d5", "exd5", "Nxd5", "Nxf7"
            ]
        );
        assert_eq!(g.moves[0].uci, "e2e4");
        assert_eq!(g.moves[0].clock_ms, Some(180_000));
        assert_eq!(g.moves[9].clock_ms, Some(150_000));
        assert_eq!(g.time_control(), Some((180, 0)));
        assert_eq!(g.round_and_board(), (None, None));
        let secs: Vec<Option<f64>> = [0.0, 0.0, 2.0, 5.0, 8.0, 6.0, 5.0, 9.0, 1.0, 10.0, 4.0]
            .into_iter()
            .map(Some)
            .collect();
        assert_eq!(g.move_seconds(), secs);
        assert!(g.text.starts_with("[Event \"Rated Blitz game\"]"));
        assert!(g.text.ends_with("[%clk 0:02:40] } 1-0"));
    }

    const CHESS_COM: &str = r#"[Event "Live Chess"]
[Site "Chess.com"]
[Date "2024.03.02"]
[Round "-"]
[White "Ivan"]
[Black "Petr"]
[Result "0-1"]
[TimeControl "180+2"]
[Termination "Petr won by checkmate"]

1. f3 {[%clk 0:02:59.9]} 1... e5 {[%clk 0:03:01.2]} 2. g4 {[%clk 0:02:58.1]} 2... Qh4# {[%clk 0:02:59]} 0-1
"#;

    #[test]
    fn a_chess_com_game_with_increment_and_tenths() {
        let g = one(CHESS_COM);
        assert_eq!(g.problem, None);
        assert_eq!(g.time_control(), Some((180, 2)));
        assert_eq!(sans(&g), ["f3", "e5", "g4", "Qh4#"]);
        assert_eq!(g.moves[0].clock_ms, Some(179_900));
        assert_eq!(
            g.move_seconds(),
            vec![Some(2.1), Some(0.8), Some(3.8), Some(4.2)]
        );
        assert_eq!(g.result, GameResult::BlackWins);
    }

    #[test]
    fn the_final_fen_of_fools_mate() {
        let g = one("1. f3 e5 2. g4 Qh4# 0-1");
        assert_eq!(
            g.final_fen,
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        );
        assert_eq!(g.tags, vec![]);
        assert_eq!(g.result_tag, None);
    }

    #[test]
    fn an_empty_game_ends_on_the_start_position() {
        let g = one("[Event \"x\"]\n[Result \"*\"]\n\n*");
        assert_eq!(g.moves, vec![]);
        assert_eq!(
            g.final_fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(g.result, GameResult::Unfinished);
    }

    #[test]
    fn decode_strips_a_bom_and_normalizes_line_ends() {
        assert_eq!(decode(b"\xEF\xBB\xBF[Event \"x\"]"), "[Event \"x\"]");
        assert_eq!(decode(b"a\r\nb\rc\n\r\nd"), "a\nb\nc\n\nd");
        assert_eq!(decode("½-½ Иванов".as_bytes()), "½-½ Иванов");
        assert_eq!(decode(b""), "");
    }

    #[test]
    fn a_crlf_file_reads_as_lf() {
        let bytes = b"[Event \"a\"]\r\n[Result \"*\"]\r\n\r\n1. e4 {multi\r\nline} e5 *\r\n\r\n[Event \"b\"]\r\n1. d4 *\r\n";
        let text = decode(bytes);
        assert!(!text.contains('\r'));
        let read = read(&text);
        assert_eq!(read.games.len(), 2);
        assert_eq!(
            read.games[0].text,
            "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 {multi\nline} e5 *"
        );
        assert_eq!(sans(&read.games[0]), ["e4", "e5"]);
        assert_eq!(read.games[1].line, 7);
    }

    #[test]
    fn a_bom_file_reads_its_first_tag() {
        let g = one(&decode(
            b"\xEF\xBB\xBF[Event \"x\"]\n[White \"A\"]\n\n1. e4 *",
        ));
        assert_eq!(g.tags[0], ("Event".to_string(), "x".to_string()));
        assert_eq!(g.white(), Some("A"));
    }

    #[test]
    fn windows_1251_nicknames_are_decoded() {
        let original = "[White \"Иванов\"]\n[Black \"Пётр Сидоров\"]\n{Комментарий} 1. e4 e5 *\n";
        let (bytes, _, unmappable) = encoding_rs::WINDOWS_1251.encode(original);
        assert!(!unmappable);
        assert!(std::str::from_utf8(&bytes).is_err());
        let text = decode(&bytes);
        assert_eq!(text, original);
        let g = one(&text);
        assert_eq!(g.white(), Some("Иванов"));
        assert_eq!(g.black(), Some("Пётр Сидоров"));
        assert_eq!(sans(&g), ["e4", "e5"]);
    }

    #[test]
    fn a_game_without_clock_comments_has_no_seconds() {
        let g = one("[TimeControl \"180+2\"]\n1. e4 {book} e5 2. Nf3 Nc6 *");
        assert_eq!(g.move_seconds(), vec![None; 4]);
        assert!(
            g.moves
                .iter()
                .all(|m| m.clock_ms.is_none() && m.elapsed_ms.is_none())
        );
    }

    #[test]
    fn elapsed_times_and_initial_clock_tags() {
        let g = one("[Event \"x\"]\n1. e4 {[%emt 0:00:03]} e5 {[%emt 0:00:01.5] [%clk 0:04:00]} *");
        assert_eq!(g.moves[0].elapsed_ms, Some(3_000));
        assert_eq!(g.moves[1].clock_ms, Some(240_000));
        assert_eq!(g.move_seconds(), vec![Some(3.0), Some(1.5)]);

        let g = one("[WhiteClock \"0:03:00\"]\n[BlackClock \"0:02:00\"]\n\n\
             1. e4 {[%clk 0:02:55]} e5 {[%clk 0:01:58]} 2. d4 {[%clk 0:02:56]} *");
        assert_eq!(g.time_control(), None);
        assert_eq!(g.move_seconds(), vec![Some(5.0), Some(2.0), None]);

        // No base: the first move of each side is unknown.
        let g = one("1. e4 {[%clk 0:02:55]} e5 {[%clk 0:01:58]} 2. d4 {[%clk 0:02:50]} *");
        assert_eq!(g.move_seconds(), vec![None, None, Some(5.0)]);

        // Black moves first from this FEN: its base is BlackClock.
        let g = one(
            "[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 1\"]\n[WhiteClock \"0:01:00\"]\n[BlackClock \"0:02:00\"]\n\
             1... Kd7 {[%clk 0:01:59]} 2. Kd2 {[%clk 0:00:58]} *",
        );
        assert_eq!(g.move_seconds(), vec![Some(1.0), Some(2.0)]);
    }

    #[test]
    fn variations_comments_nags_and_escapes_are_skipped() {
        let text = "[Event \"v\"]\n\n1. e4 (1. d4 d5 (1... Nf6 {inside (a) comment} 2. c4) 2. c4) e5 \
                    {a comment (with parens) ; and a semicolon} 2. Nf3 $1 ; line comment Nc3\n\
                    % escape Qxf7\n2... Nc6 3. Bb5!? (3. Bc4 {italian} (3. d4 exd4)) a6 $6 *";
        let g = one(text);
        assert_eq!(g.problem, None);
        assert_eq!(sans(&g), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    }

    #[test]
    fn move_numbers_and_lenient_san() {
        let g = one(
            "1.e4 1…e5 2.Ngf3 2...Nc6 3.Bb5!! a6 4. Bxc6+ dxc6 5.0-0 f6 6.d4 exd4 7.Nxd4 c5 8.Nb3 Qxd1 9.Rxd1 *",
        );
        assert_eq!(g.problem, None);
        assert_eq!(
            sans(&g),
            [
                "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "f6", "d4", "exd4",
                "Nxd4", "c5", "Nb3", "Qxd1", "Rxd1"
            ]
        );
        assert_eq!(g.moves[8].uci, "e1g1");
    }

    #[test]
    fn castling_is_written_as_the_kings_two_squares() {
        let g = one(
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O d6 5. d3 Bg4 6. Nc3 Qd7 7. Be3 O-O-O 8. Bxc5 dxc5 *",
        );
        assert_eq!(g.problem, None);
        assert_eq!(g.moves[6].san, "O-O");
        assert_eq!(g.moves[6].uci, "e1g1");
        assert_eq!(g.moves[13].san, "O-O-O");
        assert_eq!(g.moves[13].uci, "e8c8");
        assert_eq!(
            g.final_fen,
            "2kr2nr/pppq1ppp/2n5/2p1p3/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 9"
        );
    }

    #[test]
    fn promotions() {
        let g = one(
            "[SetUp \"1\"]\n[FEN \"8/P6k/8/8/8/8/1p5K/8 w - - 0 1\"]\n\n\
             1. a8=Q b1N 2. Qb8 Nc3 3. Qxb1 *",
        );
        assert_eq!(g.problem, None);
        // A capture mark on a quiet move is tolerated.
        assert_eq!(ucis(&g), ["a7a8q", "b2b1n", "a8b8", "b1c3", "b8b1"]);
        assert_eq!(sans(&g), ["a8=Q", "b1=N", "Qb8", "Nc3", "Qb1+"]);

        let g = one("[FEN \"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. exd8Q+ *");
        assert_eq!(ucis(&g), ["e7d8q"]);
        assert_eq!(sans(&g), ["exd8=Q+"]);
    }

    #[test]
    fn a_fen_start_position_with_or_without_setup() {
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
        let after = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let with = one(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n2. Nf3 Nc6 *"));
        assert_eq!(with.problem, None);
        assert_eq!(with.final_fen, after);
        let alone = one(&format!("[FEN \"{fen}\"]\n\n2. Nf3 Nc6 *"));
        assert_eq!(alone.final_fen, after);
    }

    #[test]
    fn a_bad_fen_reads_no_moves() {
        let g = one("[FEN \"rnbqkbnr/pppppppp/9/8 w\"]\n\n1. e4 *");
        assert_eq!(
            g.problem,
            Some(PgnProblem::BadFen("rnbqkbnr/pppppppp/9/8 w".into()))
        );
        assert_eq!(g.moves, vec![]);
        assert_eq!(g.final_fen, "");
        assert_eq!(g.result, GameResult::Unfinished);
    }

    #[test]
    fn an_illegal_move_stops_reading_at_its_ply() {
        let g = one("[Result \"1-0\"]\n1. e4 e5 2. Ke3 Nc6 3. Nf3 1-0");
        assert_eq!(
            g.problem,
            Some(PgnProblem::IllegalMove {
                ply: 3,
                written: "Ke3".into()
            })
        );
        assert_eq!(sans(&g), ["e4", "e5"]);
        assert_eq!(
            g.final_fen,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
        );
        assert_eq!(g.result, GameResult::WhiteWins);

        let g = one("1. e4 e5 2. Nf9 *");
        assert_eq!(
            g.problem,
            Some(PgnProblem::IllegalMove {
                ply: 3,
                written: "Nf9".into()
            })
        );
    }

    #[test]
    fn null_moves_are_a_problem() {
        for null in ["--", "Z0"] {
            let g = one(&format!("1. e4 {null} 2. d4 *"));
            assert_eq!(
                g.problem,
                Some(PgnProblem::IllegalMove {
                    ply: 2,
                    written: null.into()
                })
            );
            assert_eq!(sans(&g), ["e4"]);
        }
    }

    #[test]
    fn too_many_plies() {
        let mut text = String::new();
        for i in 0..260 {
            text.push_str(&format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2));
        }
        text.push_str("1/2-1/2");
        let g = one(&text);
        assert_eq!(g.problem, Some(PgnProblem::TooLong));
        assert_eq!(g.moves.len(), MAX_PLIES);
        assert_eq!(g.result, GameResult::Draw);
    }

    #[test]
    fn a_marker_that_disagrees_with_the_result_tag() {
        let g = one("[Result \"1-0\"]\n\n1. e4 e5 0-1");
        assert_eq!(g.result, GameResult::BlackWins);
        assert_eq!(g.result_tag, Some(GameResult::WhiteWins));

        let g = one("[Result \"1/2-1/2\"]\n\n1. e4 e5");
        assert_eq!(g.result, GameResult::Draw);
        assert_eq!(g.text, "[Result \"1/2-1/2\"]\n\n1. e4 e5");

        let g = one("[Result \"?\"]\n\n1. e4 e5");
        assert_eq!(g.result, GameResult::Unknown);
        assert_eq!(g.result_tag, None);

        let g = one("1. e4 e5 ½-½");
        assert_eq!(g.result, GameResult::Draw);
        assert_eq!(GameResult::Draw.code(), "1/2-1/2");
        assert_eq!(GameResult::Unknown.code(), "?");
    }

    const SEVERAL: &str = "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\
                           [Event \"B\"] [Result \"*\"]\n\n1. d4 *\n\n\
                           1. c4 c5 1/2-1/2\n\
                           [Event \"D\"]\n1. g3\n[Event \"E\"]\n[Event \"F\"]\n1. b3 0-1\n";

    #[test]
    fn several_games_with_their_lines() {
        let read = read(SEVERAL);
        assert!(!read.truncated);
        let lines: Vec<usize> = read.games.iter().map(|g| g.line).collect();
        assert_eq!(lines, [1, 6, 10, 11, 13, 14]);
        let events: Vec<Option<&str>> = read.games.iter().map(|g| g.tag("Event")).collect();
        assert_eq!(
            events,
            [Some("A"), Some("B"), None, Some("D"), Some("E"), Some("F")]
        );
        assert_eq!(
            read.games[1].text,
            "[Event \"B\"] [Result \"*\"]\n\n1. d4 *"
        );
        assert_eq!(read.games[2].text, "1. c4 c5 1/2-1/2");
        assert_eq!(read.games[3].text, "[Event \"D\"]\n1. g3");
        assert_eq!(read.games[3].result, GameResult::Unknown);
        assert_eq!(read.games[4].text, "[Event \"E\"]");
        assert_eq!(sans(&read.games[5]), ["b3"]);
        for g in &read.games {
            assert_eq!(g.problem, None);
            assert_reads_back(g);
        }
    }

    #[test]
    fn no_games_in_text_without_any() {
        for text in [
            "",
            "\n\n",
            "% escape only\n",
            "{ a comment } ; and another\n",
            "*",
        ] {
            assert_eq!(
                read(text),
                Read {
                    games: vec![],
                    truncated: false
                }
            );
        }
    }

    #[test]
    fn more_games_than_the_limit_are_cut() {
        let text = "[Event \"x\"] *\n".repeat(MAX_GAMES + 1);
        let read = read(&text);
        assert!(read.truncated);
        assert_eq!(read.games.len(), MAX_GAMES);
        let text = "[Event \"x\"] *\n".repeat(MAX_GAMES);
        let all = super::read(&text);
        assert!(!all.truncated);
        assert_eq!(all.games.len(), MAX_GAMES);
    }

    #[test]
    fn rounds_and_boards() {
        let rb = |tags: &str| one(&format!("{tags}\n*")).round_and_board();
        assert_eq!(rb("[Round \"3\"]"), (Some(3), None));
        assert_eq!(rb("[Round \"3.2\"]"), (Some(3), Some(2)));
        assert_eq!(rb("[Round \"3.2\"] [Board \"5\"]"), (Some(3), Some(5)));
        assert_eq!(rb("[Round \"4\"] [Board \"?\"]"), (Some(4), None));
        assert_eq!(rb("[Round \"-\"]"), (None, None));
        assert_eq!(rb("[Round \"?\"] [Board \"2\"]"), (None, Some(2)));
        assert_eq!(rb("[Event \"x\"]"), (None, None));
    }

    #[test]
    fn tags_by_name() {
        let g = one(
            "[white \" Alice \"]\n[Black \"?\"]\n[Site \"\"]\n[Annotator \"a \\\"b\\\" \\\\c\"]\n*",
        );
        assert_eq!(g.white(), Some("Alice"));
        assert_eq!(g.tag("WHITE"), Some(" Alice "));
        assert_eq!(g.black(), None);
        assert_eq!(g.tag("Site"), None);
        assert_eq!(g.tag("Annotator"), Some("a \"b\" \\c"));
        assert_eq!(g.tags[0].0, "white");
    }

    #[test]
    fn syntax_problems() {
        let g = one("[Event \"x]\n1. e4 *");
        assert!(matches!(g.problem, Some(PgnProblem::Syntax(_))));
        assert_eq!(g.tag("Event"), Some("x"));
        assert_eq!(sans(&g), ["e4"]);

        let g = one("1. e4 (1. d4 d5 e5 2. Nf3");
        assert_eq!(
            g.problem,
            Some(PgnProblem::Syntax("unclosed variation".into()))
        );
        assert_eq!(sans(&g), ["e4"]);

        let read = read("[Event \"a\"]\n1. e4 {oops\n\n[Event \"b\"]\n1. d4 *");
        assert_eq!(read.games.len(), 2);
        assert!(matches!(read.games[0].problem, Some(PgnProblem::Syntax(_))));
        assert_eq!(sans(&read.games[0]), ["e4"]);
        assert_eq!(read.games[1].problem, None);
        assert_eq!(sans(&read.games[1]), ["d4"]);

        // A move problem says more than a syntax one.
        let g = one("[Event \"x]\n1. e4 e4 *");
        assert!(matches!(
            g.problem,
            Some(PgnProblem::IllegalMove { ply: 2, .. })
        ));
    }

    /// A legal game from `choices` (each picks among the legal moves) and
    /// its PGN, formatted in ways `style` picks: move numbers glued or not,
    /// clocks, NAGs, variations, comments, line breaks.
    fn write_game(choices: &[u16], style: u64) -> (String, Vec<String>) {
        let mut seed = style | 1;
        let mut bit = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed.is_multiple_of(n)
        };
        let mut board = Board::default();
        let mut text = String::from("[Event \"Generated\"]\n[TimeControl \"300+3\"]\n\n");
        let mut sans = Vec::new();
        for (ply, &choice) in choices.iter().enumerate() {
            let mut legal = Vec::new();
            board.generate_moves(|m| {
                legal.extend(m);
                false
            });
            if legal.is_empty() {
                break;
            }
            let mv = legal[usize::from(choice) % legal.len()];
            let san = display_san_move(&board, mv).to_string();
            let number = ply / 2 + 1;
            if ply % 2 == 0 {
                text.push_str(&format!("{number}."));
                if !bit(3) {
                    text.push(' ');
                }
            } else if bit(4) {
                text.push_str(&format!("{number}... "));
            }
            text.push_str(&san);
            if bit(5) {
                text.push_str("!?");
            }
            text.push(' ');
            if bit(2) {
                text.push_str(&format!(
                    "{{ [%clk 0:0{}:{:02}.{}] }} ",
                    ply % 5,
                    ply % 60,
                    ply % 10
                ));
            }
            if bit(6) {
                text.push_str("$2 ");
            }
            if bit(7) {
                let alt = legal[(usize::from(choice) + 1) % legal.len()];
                let alt = display_san_move(&board, alt).to_string();
                let dots = if ply % 2 == 0 { "." } else { "..." };
                text.push_str(&format!("({number}{dots} {alt} {{alternative}}) "));
            }
            if bit(8) {
                text.push('\n');
            }
            board.play_unchecked(mv);
            sans.push(san);
        }
        text.push('*');
        (text, sans)
    }

    proptest! {
        #[test]
        fn a_written_game_reads_back(
            choices in proptest::collection::vec(any::<u16>(), 0..120),
            style in any::<u64>(),
        ) {
            let (text, expected) = write_game(&choices, style);
            let read = read(&text);
            prop_assert_eq!(read.games.len(), 1);
            let game = &read.games[0];
            prop_assert_eq!(&game.problem, &None);
            prop_assert_eq!(&game.text, text.trim());
            let got: Vec<String> = game.moves.iter().map(|m| m.san.clone()).collect();
            prop_assert_eq!(got, expected);
            prop_assert_eq!(game.move_seconds().len(), game.moves.len());
            assert_reads_back(game);
        }
    }

    #[test]
    fn many_blitz_games_read_at_once() {
        // 280 games of 80 plies, as a tournament's file might hold (its
        // speed is measured by benches/pgn.rs, not here).
        let mut file = String::new();
        for i in 0..280u64 {
            let choices: Vec<u16> = (0..80u16)
                .map(|k| k.wrapping_mul(31).wrapping_add(i as u16 * 7))
                .collect();
            let (text, _) = write_game(&choices, i * 7919 + 1);
            file.push_str(&text);
            file.push_str("\n\n");
        }
        let read = read(&file);
        assert_eq!(read.games.len(), 280);
        assert!(read.games.iter().all(|g| g.problem.is_none()));
    }
}

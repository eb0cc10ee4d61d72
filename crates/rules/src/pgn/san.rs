//! Moves as servers write them, matched against the legal moves of a
//! position; start positions from \[FEN\] tags.
//!
//! The matcher is deliberately lenient: it reads the written move into a
//! pattern (piece, optional origin file and rank, destination, promotion)
//! and picks the one legal move that fits. Check and annotation marks are
//! ignored, over-disambiguation is accepted, `0-0` is castling, the `=` of a
//! promotion is optional, a lowercase piece letter that is not a file letter
//! names the piece, coordinate notation (`e2e4`, `Ng1-f3`, `e7e8q`) fits as
//! well, and a promotion written without its piece is a queen.

use cozy_chess::{Board, FenParseError, File, Move, Piece, Rank, Square};

/// The legal move of `board` that `written` names, if exactly one fits.
pub(super) fn find_move(board: &Board, written: &str) -> Option<Move> {
    let chars = normalize(written)?;
    let legal = legal_moves(board);
    if let Some(long) = castling_side(&chars) {
        return legal
            .iter()
            .find(|(piece, mv)| *piece == Piece::King && castle_side(board, *mv) == Some(long))
            .map(|(_, mv)| *mv);
    }
    let pattern = Pattern::read(&chars)?;
    for origin in &pattern.origins {
        let fits: Vec<Move> = legal
            .iter()
            .filter(|(piece, mv)| origin.fits(*piece, mv.from) && mv.to == pattern.to)
            .filter(|(_, mv)| castle_side(board, *mv).is_none())
            .map(|(_, mv)| *mv)
            .collect();
        let fits = if fits.is_empty() {
            // A king written to its castling square (`Kg1`, `e1g1`).
            legal
                .iter()
                .filter(|(piece, mv)| {
                    origin.fits(*piece, mv.from)
                        && castle_side(board, *mv).is_some()
                        && king_destination(board, *mv) == pattern.to
                })
                .map(|(_, mv)| *mv)
                .collect()
        } else {
            fits
        };
        if fits.is_empty() {
            continue;
        }
        let promoted: Vec<Move> = fits
            .iter()
            .copied()
            .filter(|mv| mv.promotion == pattern.promotion)
            .collect();
        return match promoted.as_slice() {
            [one] => Some(*one),
            [] if pattern.promotion.is_none() => fits
                .iter()
                .copied()
                .find(|mv| mv.promotion == Some(Piece::Queen)),
            _ => None,
        };
    }
    None
}

/// Whether `written` has the form of a move (whatever the position).
pub(super) fn readable(written: &str) -> bool {
    normalize(written)
        .is_some_and(|chars| castling_side(&chars).is_some() || Pattern::read(&chars).is_some())
}

/// Every legal move of the position with the piece that makes it.
fn legal_moves(board: &Board) -> Vec<(Piece, Move)> {
    let mut out = Vec::with_capacity(64);
    board.generate_moves(|moves| {
        let piece = moves.piece;
        out.extend(moves.into_iter().map(|mv| (piece, mv)));
        false
    });
    out
}

/// For a castling move (cozy-chess writes it as the king taking its own
/// rook): `Some(true)` when it is the long one, `Some(false)` the short one.
fn castle_side(board: &Board, mv: Move) -> Option<bool> {
    let us = board.side_to_move();
    let castles = board.king(us) == mv.from && board.colored_pieces(us, Piece::Rook).has(mv.to);
    castles.then(|| mv.to.file() < mv.from.file())
}

/// Where the king ends up after a castling move: g or c file.
fn king_destination(board: &Board, mv: Move) -> Square {
    let file = if mv.to.file() < mv.from.file() {
        File::C
    } else {
        File::G
    };
    Square::new(file, Rank::First.relative_to(board.side_to_move()))
}

/// The written move without check, mate and annotation marks, figurines
/// turned into letters; None when nothing is left.
fn normalize(written: &str) -> Option<Vec<char>> {
    let mut chars: Vec<char> = written
        .chars()
        .map(|c| match c {
            '♔' | '♚' => 'K',
            '♕' | '♛' => 'Q',
            '♖' | '♜' => 'R',
            '♗' | '♝' => 'B',
            '♘' | '♞' => 'N',
            '♙' | '♟' => 'P',
            '×' => 'x',
            other => other,
        })
        .collect();
    loop {
        while chars
            .last()
            .is_some_and(|c| matches!(c, '+' | '#' | '!' | '?' | '‼' | '⁇' | '⁈' | '⁉' | '†' | '‡'))
        {
            chars.pop();
        }
        // An en passant capture marked as such: `exd6e.p.`, `exd6ep`.
        let text: String = chars.iter().collect::<String>().to_ascii_lowercase();
        if let Some(cut) = ["e.p.", "e.p", "ep"]
            .iter()
            .find(|s| text.len() > s.len() + 1 && text.ends_with(*s))
        {
            chars.truncate(chars.len() - cut.len());
            continue;
        }
        break;
    }
    (!chars.is_empty()).then_some(chars)
}

/// `Some(long)` when the move is castling: `O-O`, `0-0`, `O-O-O`, `0-0-0`
/// (any case, dashes optional).
fn castling_side(chars: &[char]) -> Option<bool> {
    let letters: String = chars
        .iter()
        .filter(|c| **c != '-')
        .map(|c| {
            if *c == '0' {
                'O'
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect();
    match letters.as_str() {
        "OO" => Some(false),
        "OOO" => Some(true),
        _ => None,
    }
}

/// Which pieces a written move may start from.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Origin {
    /// None: any piece (coordinate notation names the square instead).
    piece: Option<Piece>,
    file: Option<File>,
    rank: Option<Rank>,
}

impl Origin {
    fn fits(&self, piece: Piece, from: Square) -> bool {
        self.piece.is_none_or(|p| p == piece)
            && self.file.is_none_or(|f| f == from.file())
            && self.rank.is_none_or(|r| r == from.rank())
    }
}

/// A written move other than castling.
#[derive(Debug, Clone, PartialEq)]
struct Pattern {
    /// The readings of the origin, tried in order (a lowercase `b` is first
    /// the b-pawn, then the bishop).
    origins: Vec<Origin>,
    to: Square,
    promotion: Option<Piece>,
}

fn file_of(c: char) -> Option<File> {
    ('a'..='h')
        .contains(&c)
        .then(|| File::index(c as usize - 'a' as usize))
}

fn rank_of(c: char) -> Option<Rank> {
    ('1'..='8')
        .contains(&c)
        .then(|| Rank::index(c as usize - '1' as usize))
}

fn piece_of(c: char) -> Option<Piece> {
    match c.to_ascii_uppercase() {
        'P' => Some(Piece::Pawn),
        'N' => Some(Piece::Knight),
        'B' => Some(Piece::Bishop),
        'R' => Some(Piece::Rook),
        'Q' => Some(Piece::Queen),
        'K' => Some(Piece::King),
        _ => None,
    }
}

impl Pattern {
    fn read(chars: &[char]) -> Option<Pattern> {
        let mut rest = chars;
        // Promotion: `=Q`, `Q`, `/Q`, `(Q)`, `q`.
        let mut promotion = None;
        if let [head @ .., '(', p, ')'] = rest {
            promotion = Some(promotion_piece(*p)?);
            rest = head;
        } else if let [head @ .., p] = rest
            && p.is_alphabetic()
        {
            promotion = Some(promotion_piece(*p)?);
            rest = head;
            if let [head @ .., '=' | '/'] = rest {
                rest = head;
            }
        }
        let [head @ .., f, r] = rest else {
            return None;
        };
        let to = Square::new(file_of(*f)?, rank_of(*r)?);
        rest = head;
        if let [head @ .., 'x' | ':' | '-'] = rest {
            rest = head;
        }
        let origins = origins(rest)?;
        Some(Pattern {
            origins,
            to,
            promotion,
        })
    }
}

fn promotion_piece(c: char) -> Option<Piece> {
    piece_of(c).filter(|p| !matches!(p, Piece::Pawn | Piece::King))
}

/// The readings of what comes before the destination: a piece letter, then
/// an optional file and rank.
fn origins(prefix: &[char]) -> Option<Vec<Origin>> {
    let square = |chars: &[char]| -> Option<(Option<File>, Option<Rank>)> {
        match chars {
            [] => Some((None, None)),
            [c] => match (file_of(*c), rank_of(*c)) {
                (Some(f), _) => Some((Some(f), None)),
                (_, Some(r)) => Some((None, Some(r))),
                _ => None,
            },
            [f, r] => Some((Some(file_of(*f)?), Some(rank_of(*r)?))),
            _ => None,
        }
    };
    match prefix {
        [first, rest @ ..] if first.is_ascii_uppercase() => {
            let piece = piece_of(*first)?;
            let (file, rank) = square(rest)?;
            Some(vec![Origin {
                piece: Some(piece),
                file,
                rank,
            }])
        }
        // A lowercase piece letter that is not a file letter: the piece.
        [first @ ('n' | 'r' | 'q' | 'k'), rest @ ..] => {
            let (file, rank) = square(rest)?;
            Some(vec![Origin {
                piece: piece_of(*first),
                file,
                rank,
            }])
        }
        _ => {
            let mut out = Vec::with_capacity(2);
            if let Some((file, rank)) = square(prefix) {
                // With a full square, any piece (coordinate notation);
                // otherwise a pawn.
                let piece = if file.is_some() && rank.is_some() {
                    None
                } else {
                    Some(Piece::Pawn)
                };
                out.push(Origin { piece, file, rank });
            }
            if let ['b', rest @ ..] = prefix
                && let Some((file, rank)) = square(rest)
            {
                out.push(Origin {
                    piece: Some(Piece::Bishop),
                    file,
                    rank,
                });
            }
            (!out.is_empty()).then_some(out)
        }
    }
}

/// The position a \[FEN\] tag gives, read leniently: missing fields are
/// supplied (White to move, no castling, no en passant, counters 0 and 1),
/// castling rights that the position cannot have and an en passant square
/// that cannot be are dropped, unreadable move counters are reset.
pub(super) fn position(fen: &str) -> Option<Board> {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if fields.is_empty() || fields.len() > 6 {
        return None;
    }
    let defaults = ["", "w", "-", "-", "0", "1"];
    for default in &defaults[fields.len()..] {
        fields.push((*default).to_string());
    }
    // Each round repairs the field the error names; four fields can be.
    for _ in 0..5 {
        let err = match fields.join(" ").parse::<Board>() {
            Ok(board) => return Some(board),
            Err(err) => err,
        };
        match err {
            FenParseError::InvalidCastlingRights if fields[2] != "-" => {
                // Keep the letters the position allows, one by one.
                let letters = std::mem::take(&mut fields[2]);
                let mut kept = String::new();
                for c in letters.chars() {
                    let mut trial = fields.clone();
                    trial[2] = format!("{kept}{c}");
                    let fails = matches!(
                        trial.join(" ").parse::<Board>(),
                        Err(FenParseError::InvalidCastlingRights)
                    );
                    if !fails {
                        kept.push(c);
                    }
                }
                fields[2] = if kept.is_empty() { "-".into() } else { kept };
            }
            FenParseError::InvalidEnPassant if fields[3] != "-" => fields[3] = "-".into(),
            FenParseError::InvalidHalfMoveClock if fields[4] != "0" => {
                let capped = fields[4].parse::<u32>().is_ok_and(|n| n > 100);
                fields[4] = if capped { "100" } else { "0" }.into();
            }
            FenParseError::InvalidFullmoveNumber if fields[5] != "1" => fields[5] = "1".into(),
            _ => return None,
        }
    }
    None
}

/// The standard start position.
pub(super) fn start() -> Board {
    Board::default()
}

/// Whether White moves first in the position of a \[FEN\] tag's value.
pub(super) fn white_to_move(fen: &str) -> bool {
    fen.split_whitespace().nth(1) != Some("b")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse().expect("fen")
    }

    fn uci(board: &Board, written: &str) -> Option<String> {
        find_move(board, written)
            .map(|mv| cozy_chess::util::display_uci_move(board, mv).to_string())
    }

    #[test]
    fn plain_and_marked_moves() {
        let b = start();
        assert_eq!(uci(&b, "e4").as_deref(), Some("e2e4"));
        assert_eq!(uci(&b, "Nf3+!?").as_deref(), Some("g1f3"));
        assert_eq!(uci(&b, "Ngf3").as_deref(), Some("g1f3"));
        assert_eq!(uci(&b, "N1f3").as_deref(), Some("g1f3"));
        assert_eq!(uci(&b, "Ng1f3").as_deref(), Some("g1f3"));
        assert_eq!(uci(&b, "Ng1-f3").as_deref(), Some("g1f3"));
        assert_eq!(uci(&b, "g1f3").as_deref(), Some("g1f3"));
        assert_eq!(uci(&b, "nf3").as_deref(), Some("g1f3"));
        assert_eq!(uci(&b, "♘f3").as_deref(), Some("g1f3"));
        assert_eq!(uci(&b, "e2-e4").as_deref(), Some("e2e4"));
        assert_eq!(uci(&b, "e5"), None);
        assert_eq!(uci(&b, "Nf4"), None);
        assert_eq!(uci(&b, "Qh5"), None);
        assert_eq!(uci(&b, "zz"), None);
        assert_eq!(uci(&b, "--"), None);
        assert!(readable("Nf3") && readable("0-0-0") && readable("exd8=Q+"));
        assert!(!readable("Hello") && !readable("world") && !readable("--"));
    }

    #[test]
    fn ambiguity_is_refused() {
        // Knights on b1 and f3 (after Nf3 and Nc3 moved away) both reach d2.
        let b = board("rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RN1QKB1R w KQkq - 0 1");
        assert_eq!(uci(&b, "Nd2"), None);
        assert_eq!(uci(&b, "Nbd2").as_deref(), Some("b1d2"));
        assert_eq!(uci(&b, "Nfd2").as_deref(), Some("f3d2"));
    }

    #[test]
    fn pawn_captures_and_the_b_file() {
        // White pawns b3 and d3, a black knight on c4, a bishop on e6 sees c4.
        let b = board("4k3/8/4B3/8/2n5/1P1P4/8/4K3 w - - 0 1");
        assert_eq!(uci(&b, "bxc4").as_deref(), Some("b3c4"));
        assert_eq!(uci(&b, "Bxc4").as_deref(), Some("e6c4"));
        assert_eq!(uci(&b, "dxc4").as_deref(), Some("d3c4"));
        assert_eq!(uci(&b, "dc4").as_deref(), Some("d3c4"));
        assert_eq!(uci(&b, "dxc4ep"), Some("d3c4".into()));
        // With no pawn on the b file, a lowercase b is the bishop.
        let b = board("4k3/8/4B3/8/2n5/3P4/8/4K3 w - - 0 1");
        assert_eq!(uci(&b, "bxc4").as_deref(), Some("e6c4"));
    }

    #[test]
    fn castling_and_promotion() {
        let b = board("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(uci(&b, "O-O").as_deref(), Some("e1g1"));
        assert_eq!(uci(&b, "0-0-0+").as_deref(), Some("e1c1"));
        assert_eq!(uci(&b, "Kg1").as_deref(), Some("e1g1"));
        assert_eq!(uci(&b, "e1c1").as_deref(), Some("e1c1"));
        assert_eq!(uci(&b, "b8=Q").as_deref(), Some("b7b8q"));
        assert_eq!(uci(&b, "b8Q").as_deref(), Some("b7b8q"));
        assert_eq!(uci(&b, "b8=N").as_deref(), Some("b7b8n"));
        assert_eq!(uci(&b, "b7b8q").as_deref(), Some("b7b8q"));
        assert_eq!(uci(&b, "b8(R)").as_deref(), Some("b7b8r"));
        assert_eq!(uci(&b, "bxa8=Q+").as_deref(), Some("b7a8q"));
        assert_eq!(uci(&b, "b8").as_deref(), Some("b7b8q"));
        assert_eq!(uci(&b, "b8=K"), None);
    }

    #[test]
    fn lenient_fens() {
        assert!(position("8/8/8/8/8/8/8/K6k w - -").is_some());
        assert!(position("8/8/8/8/8/8/8/K6k w").is_some());
        assert!(position("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1").is_some());
        assert!(
            position("4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1")
                .is_some_and(|b| b.castle_rights(cozy_chess::Color::White).short.is_some())
        );
        assert!(position("4k3/8/8/8/8/8/8/4K3 w - - 200 0").is_some());
        assert!(position("4k3/8/8/8/8/8/8/4K3 w - e6 0 1").is_some());
        assert!(position("not a fen").is_none());
        assert!(position("8/8/8/8/8/8/8/8 w - - 0 1").is_none());
    }
}

//! The one-character codes of the records that both the writer and the
//! reader use: colours, board results, roster positions and bye letters.

use crate::score::{BoardResult, ByeKind, Colour};

/// A colour as the round cells and 801 blocks write it: `w` or `b`.
pub(super) fn colour_char(c: Colour) -> char {
    match c {
        Colour::White => 'w',
        Colour::Black => 'b',
    }
}

/// A roster position (1-based) as an 801 block writes it: `1`–`9`, then
/// `A`–`Z`; `0` for an empty board.
pub(super) fn roster_char(pos: Option<usize>) -> char {
    match pos {
        Some(p) if (1..=9).contains(&p) => char::from(b'0' + u8::try_from(p).unwrap_or(0)),
        Some(p) if (10..=35).contains(&p) => char::from(b'A' + u8::try_from(p - 10).unwrap_or(0)),
        _ => '0',
    }
}

/// Inverse of [`roster_char`]: the roster position (1-based) a character
/// names, none for `0` or anything else.
pub(super) fn roster_pos(c: char) -> Option<usize> {
    match c {
        '1'..='9' => Some(c as usize - '0' as usize),
        'A'..='Z' => Some(c as usize - 'A' as usize + 10),
        _ => None,
    }
}

/// A board result as the home (`home`) or the away team's line shows it.
pub(super) fn result_char(r: BoardResult, home: bool) -> char {
    let r = if home { r } else { r.flipped() };
    match r {
        BoardResult::HomeWin => '1',
        BoardResult::Draw => '=',
        BoardResult::AwayWin => '0',
        BoardResult::HomeForfeitWin => '+',
        BoardResult::AwayForfeitWin | BoardResult::DoubleForfeit => '-',
        BoardResult::NotPlayed => '*',
        BoardResult::Replay => 'R',
    }
}

/// The letter of a bye in the round cells and 801 blocks: `U` (pairing
/// allocated), `F`, `H` or `Z`.
pub(super) fn bye_letter(kind: ByeKind) -> char {
    match kind {
        ByeKind::PairingAllocated => 'U',
        ByeKind::FullPoint => 'F',
        ByeKind::HalfPoint => 'H',
        ByeKind::ZeroPoint => 'Z',
    }
}

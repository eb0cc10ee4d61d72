//! Records 801 and 802: each team's results, round by round.

use super::line::Line;
use crate::score::{ByeKind, HalfPoints};
use crate::trf::{Expected, Field, TrfError, err};

/// One round of an 801 record: ` OOO C R…R P…P`.
pub(super) struct Block801 {
    /// The opponent's pairing number; none for a bye.
    pub(super) opponent: Option<u16>,
    /// The team's colour on board 1, as written.
    pub(super) colour: char,
    /// One result character per board (of game 1, then game 2).
    pub(super) results: Vec<char>,
    /// One roster position per board (`0` = empty board).
    pub(super) players: Vec<char>,
}

/// An 801 record: a team's results.
pub(super) struct Record801 {
    /// Line number.
    pub(super) line: usize,
    /// The team's pairing number.
    pub(super) team: u16,
    /// One block per round.
    pub(super) blocks: Vec<Block801>,
}

/// 801: the header `801 TT NNNNN MP GP`, then one block per round.
pub(super) fn parse_801(l: &Line) -> Result<Record801, TrfError> {
    let (team, gp_end) = header_801(l)?;
    let mut blocks = vec![];
    let mut pos = gp_end;
    while pos < l.chars.len() {
        let (block, width) = block_801(l, pos)?;
        blocks.push(block);
        pos += width;
    }
    Ok(Record801 {
        line: l.no,
        team,
        blocks,
    })
}

/// The header of an 801 record: the team number, and the index where the
/// game points end (the first block starts there).
fn header_801(l: &Line) -> Result<(u16, usize), TrfError> {
    // Team number: first token after the tag.
    let mut i = 3;
    while l.chars.get(i) == Some(&' ') {
        i += 1;
    }
    let start = i;
    while l.chars.get(i).is_some_and(char::is_ascii_digit) {
        i += 1;
    }
    let team_text: String = l.chars.get(start..i).unwrap_or_default().iter().collect();
    let team: u16 = team_text
        .parse()
        .map_err(|_| err(l.no, Expected::TeamAfter801, team_text.clone()))?;
    // Nickname: the 5 columns after one blank.
    let mut j = (i + 6).min(l.chars.len());
    // Match points and game points: the next two tokens.
    let mut token_end = |field: Field| -> Result<usize, TrfError> {
        while l.chars.get(j) == Some(&' ') {
            j += 1;
        }
        let s = j;
        while l.chars.get(j).is_some_and(|c| *c != ' ') {
            j += 1;
        }
        let text: String = l.chars.get(s..j).unwrap_or_default().iter().collect();
        HalfPoints::parse_decimal(&text)
            .map(|_| j)
            .ok_or_else(|| err(l.no, Expected::In801Header { field }, text))
    };
    token_end(Field::MatchPoints)?;
    let gp_end = token_end(Field::GamePoints)?;
    Ok((team, gp_end))
}

/// The block at index `pos` of an 801 record, and its width.
fn block_801(l: &Line, pos: usize) -> Result<(Block801, usize), TrfError> {
    // Blocks: " OOO C R…R P…P", results start 7 columns into the block.
    let at = |k: usize| l.chars.get(pos + k).copied().unwrap_or(' ');
    let opp_text: String = (1..=3).map(at).collect::<String>().trim().to_string();
    let colour = at(5);
    let mut n = 0;
    while at(7 + n) != ' ' && pos + 7 + n < l.chars.len() {
        n += 1;
    }
    if n == 0 {
        return Err(err(
            l.no,
            Expected::RoundResultsAt { column: pos + 8 },
            l.chars
                .get(pos..)
                .unwrap_or_default()
                .iter()
                .collect::<String>(),
        ));
    }
    let results: Vec<char> = (0..n).map(|k| at(7 + k)).collect();
    let players: Vec<char> = (0..n).map(|k| at(8 + n + k)).collect();
    let opponent = if opp_text.is_empty() {
        None
    } else {
        Some(opp_text.parse().map_err(|_| {
            err(
                l.no,
                Expected::OpponentAt { column: pos + 2 },
                opp_text.clone(),
            )
        })?)
    };
    let block = Block801 {
        opponent,
        colour,
        results,
        players,
    };
    Ok((block, 8 + 2 * n))
}

/// 802: checked, not kept (801 holds every result): the team number, the
/// totals, and per round an opponent or bye code and the game points.
pub(super) fn check_802(l: &Line) -> Result<(), TrfError> {
    let _: u16 = l.number(5, 7, Field::TeamNumber)?;
    for (from, to, field) in [
        (15, 20, Field::TotalMatchPoints),
        (22, 27, Field::TotalGamePoints),
    ] {
        let s = l.cols(from, to);
        if HalfPoints::parse_decimal(&s).is_none() {
            return Err(err(l.no, Expected::InColumns { field, from, to }, s));
        }
    }
    let mut col = 29;
    while col <= l.chars.len() {
        let opp = l.cols(col, col + 2);
        if !opp.is_empty() && ByeKind::from_code(&opp).is_none() && opp.parse::<u16>().is_err() {
            return Err(err(
                l.no,
                Expected::InColumns {
                    field: Field::OpponentOrBye,
                    from: col,
                    to: col + 2,
                },
                opp,
            ));
        }
        let gp = l.cols(col + 6, col + 9);
        if !gp.is_empty() && HalfPoints::parse_decimal(&gp).is_none() {
            return Err(err(
                l.no,
                Expected::InColumns {
                    field: Field::GamePoints,
                    from: col + 6,
                    to: col + 9,
                },
                gp,
            ));
        }
        col += 13;
    }
    Ok(())
}

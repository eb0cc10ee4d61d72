//! The team records: 310 (TRF-2026) and 013 (TRF16, what Swiss-Manager
//! exports).

use super::Reader;
use super::line::{Line, fits};
use crate::score::HalfPoints;
use crate::tournament::{PlayerId, Team, TeamId};
use crate::trf::{Expected, Field, TrfError, UnknownRecord, err};

impl Reader {
    /// 310: a team. Its pairing number must end in column 7.
    pub(super) fn read_team(&mut self, l: &Line) -> Result<(), TrfError> {
        fits(l, 8, Field::TeamNumber, 999)?;
        self.teams.push(parse_310(l)?);
        Ok(())
    }

    /// 013: a team numbered in order, its line kept in case 310 records
    /// give the team list.
    pub(super) fn read_team_013(&mut self, l: &Line) -> Result<(), TrfError> {
        let id = u16::try_from(self.teams_013.len() + 1).unwrap_or(u16::MAX);
        self.teams_013.push(parse_013(l, id)?);
        self.records_013.push(UnknownRecord {
            line: l.no,
            text: l.text(),
        });
        Ok(())
    }
}

/// A 310 record: pairing number, name, nickname, match and game points
/// (checked, not kept) and the roster.
fn parse_310(l: &Line) -> Result<Team, TrfError> {
    let id: u16 = l.number(5, 7, Field::TeamNumber)?;
    let name = l.cols(9, 40);
    let nick = l.cols(42, 46);
    for (from, to, field) in [(55, 60, Field::MatchPoints), (62, 67, Field::GamePoints)] {
        let s = l.cols(from, to);
        if !s.is_empty() && HalfPoints::parse_decimal(&s).is_none() {
            return Err(err(l.no, Expected::InColumns { field, from, to }, s));
        }
    }
    let mut roster = vec![];
    let mut col = 74;
    while col <= l.chars.len() {
        let s = l.cols(col, col + 3);
        if !s.is_empty() {
            roster.push(PlayerId(l.number(
                col,
                col + 3,
                Field::PlayerStartingRank,
            )?));
        }
        col += 5;
    }
    Ok(Team {
        id: TeamId(id),
        name,
        nickname: Some(nick).filter(|n| !n.is_empty()),
        roster,
    })
}

/// A TRF16 team record: `013 NAME…(32) PPPP PPPP …`, numbered in order.
fn parse_013(l: &Line, id: u16) -> Result<Team, TrfError> {
    let name = l.cols(5, 36);
    let mut roster = vec![];
    let mut col = 37;
    while col <= l.chars.len() {
        if let Some(p) = l.opt_number(col, col + 3, Field::PlayerStartingRank)? {
            roster.push(PlayerId(p));
        }
        col += 5;
    }
    Ok(Team {
        id: TeamId(id),
        name,
        nickname: None,
        roster,
    })
}

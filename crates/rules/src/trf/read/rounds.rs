//! The records of single rounds: 300 (line-ups), 320 (pairing-allocated
//! byes), 240 (other byes) and 330 (forfeited matches).

use super::line::Line;
use super::{Reader, common};
use crate::score::{ByeKind, HalfPoints};
use crate::tournament::MatchForfeit;
use crate::trf::{Expected, Field, TrfError, err};

impl Reader {
    /// 300: a team's players by board in one round (0 = empty board).
    pub(super) fn read_lineup(&mut self, l: &Line) -> Result<(), TrfError> {
        let round: u16 = l.number(5, 7, Field::RoundNumber)?;
        let team: u16 = l.number(9, 11, Field::TeamNumber)?;
        let opponent: u16 = l.opt_number(13, 15, Field::OpponentNumber)?.unwrap_or(0);
        let mut ids = vec![];
        let mut col = 17;
        while col <= l.chars.len() {
            ids.push(l.opt_number(col, col + 3, Field::PlayerId)?.unwrap_or(0));
            col += 5;
        }
        self.lineups.insert(
            (round, team),
            common::Lineup {
                line: l.no,
                opponent,
                players: ids,
            },
        );
        Ok(())
    }

    /// 320: the value of a pairing-allocated bye, then its team in each
    /// round.
    pub(super) fn read_pab(&mut self, l: &Line) -> Result<(), TrfError> {
        let value = |from: usize, to: usize, field: Field| {
            HalfPoints::parse_decimal(&l.cols(from, to)).ok_or_else(|| {
                err(
                    l.no,
                    Expected::InColumns { field, from, to },
                    l.cols(from, to),
                )
            })
        };
        self.pab_value = Some((
            value(5, 8, Field::PabMatchPoints)?,
            value(10, 13, Field::PabGamePoints)?,
        ));
        // One team per round; a blank round has no PAB.
        let mut col = 15;
        self.pab.clear();
        while col <= l.chars.len() {
            self.pab
                .push(l.opt_number(col, col + 2, Field::TeamNumber)?.unwrap_or(0));
            col += 4;
        }
        Ok(())
    }

    /// 240: the teams with a bye of one kind (F, H or Z) in one round.
    pub(super) fn read_byes(&mut self, l: &Line) -> Result<(), TrfError> {
        let kind = match l.char_at(5) {
            'F' => ByeKind::FullPoint,
            'H' => ByeKind::HalfPoint,
            'Z' => ByeKind::ZeroPoint,
            c => return Err(err(l.no, Expected::ByeType { column: 5 }, c.to_string())),
        };
        let round: u16 = l.number(7, 9, Field::RoundNumber)?;
        let mut col = 11;
        while col <= l.chars.len() {
            let team: u16 = l.number(col, col + 3, Field::TeamNumber)?;
            self.byes.insert((round, team), kind);
            col += 5;
        }
        Ok(())
    }

    /// 330: a match forfeited as a whole (`+-`, `-+` or `--`, the team
    /// listed as White first).
    pub(super) fn read_forfeit(&mut self, l: &Line) -> Result<(), TrfError> {
        let f = match l.cols(5, 6).as_str() {
            "+-" => MatchForfeit::HomeWins,
            "-+" => MatchForfeit::AwayWins,
            "--" => MatchForfeit::Double,
            s => return Err(err(l.no, Expected::ForfeitType { from: 5, to: 6 }, s)),
        };
        let round: u16 = l.number(8, 10, Field::RoundNumber)?;
        let white: u16 = l.number(12, 14, Field::WhiteTeamNumber)?;
        let black: u16 = l.number(16, 18, Field::BlackTeamNumber)?;
        self.forfeits.insert((round, white, black), f);
        Ok(())
    }
}

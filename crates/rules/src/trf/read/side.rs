//! A board result from one side, and one team's side of a match as its 801
//! line shows it.

use std::collections::BTreeMap;

use super::team_rounds::{Block801, Record801};
use crate::score::{BoardResult, Colour};
use crate::tournament::{PlayerId, Team};
use crate::trf::codes::{colour_char, roster_pos};
use crate::trf::{Expected, TrfError, err};

/// A board result as one team's line shows it (its own point of view): an
/// 801 block or a 001 round cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SideResult {
    Win,
    Draw,
    Loss,
    ForfeitWin,
    ForfeitLoss,
    Pending,
    Replay,
}

impl SideResult {
    /// The result code of a 001 cell that names an opponent: played games
    /// (`1 = 0`, `W D L` not rated), forfeits, a game not played yet.
    pub(super) fn from_player_code(c: char) -> Option<SideResult> {
        Some(match c {
            '1' | 'W' => SideResult::Win,
            '=' | 'D' => SideResult::Draw,
            '0' | 'L' => SideResult::Loss,
            '+' => SideResult::ForfeitWin,
            '-' => SideResult::ForfeitLoss,
            '*' | ' ' => SideResult::Pending,
            _ => return None,
        })
    }

    /// The same game from the other side.
    pub(super) fn flipped(self) -> SideResult {
        match self {
            SideResult::Win => SideResult::Loss,
            SideResult::Loss => SideResult::Win,
            SideResult::ForfeitWin => SideResult::ForfeitLoss,
            SideResult::ForfeitLoss => SideResult::ForfeitWin,
            other => other,
        }
    }

    pub(super) fn from_char(c: char) -> Option<SideResult> {
        Some(match c {
            '1' => SideResult::Win,
            '=' => SideResult::Draw,
            '0' => SideResult::Loss,
            '+' => SideResult::ForfeitWin,
            '-' => SideResult::ForfeitLoss,
            '*' => SideResult::Pending,
            'R' => SideResult::Replay,
            _ => return None,
        })
    }

    pub(super) fn code(self) -> char {
        match self {
            SideResult::Win => '1',
            SideResult::Draw => '=',
            SideResult::Loss => '0',
            SideResult::ForfeitWin => '+',
            SideResult::ForfeitLoss => '-',
            SideResult::Pending => '*',
            SideResult::Replay => 'R',
        }
    }

    /// Whether `other`, on the opponent's line, is the same board result
    /// (a double forfeit is `-` on both lines).
    pub(super) fn mirrors(self, other: SideResult) -> bool {
        use SideResult::{Draw, ForfeitLoss, ForfeitWin, Loss, Pending, Replay, Win};
        matches!(
            (self, other),
            (Win, Loss)
                | (Loss, Win)
                | (Draw, Draw)
                | (ForfeitWin, ForfeitLoss)
                | (ForfeitLoss, ForfeitWin | ForfeitLoss)
                | (Pending, Pending)
                | (Replay, Replay)
        )
    }

    /// What the opponent's line may show, for an error message.
    pub(super) fn mirror_codes(self) -> &'static [char] {
        match self {
            SideResult::Win => &['0'],
            SideResult::Draw => &['='],
            SideResult::Loss => &['1'],
            SideResult::ForfeitWin => &['-'],
            SideResult::ForfeitLoss => &['+', '-'],
            SideResult::Pending => &['*'],
            SideResult::Replay => &['R'],
        }
    }
}

/// A board result seen from the home team, from the home and away lines'
/// results; either may be missing (a match on one line only). A `-` alone
/// is a forfeit loss for its side: a double forfeit needs both lines.
pub(super) fn board_result(home: Option<SideResult>, away: Option<SideResult>) -> BoardResult {
    match (home, away) {
        (Some(h), a) => match h {
            SideResult::Win => BoardResult::HomeWin,
            SideResult::Draw => BoardResult::Draw,
            SideResult::Loss => BoardResult::AwayWin,
            SideResult::ForfeitWin => BoardResult::HomeForfeitWin,
            SideResult::ForfeitLoss if a == Some(SideResult::ForfeitLoss) => {
                BoardResult::DoubleForfeit
            }
            SideResult::ForfeitLoss => BoardResult::AwayForfeitWin,
            SideResult::Pending => BoardResult::NotPlayed,
            SideResult::Replay => BoardResult::Replay,
        },
        (None, Some(a)) => match a {
            SideResult::Win => BoardResult::AwayWin,
            SideResult::Draw => BoardResult::Draw,
            SideResult::Loss => BoardResult::HomeWin,
            SideResult::ForfeitWin => BoardResult::AwayForfeitWin,
            SideResult::ForfeitLoss => BoardResult::HomeForfeitWin,
            SideResult::Pending => BoardResult::NotPlayed,
            SideResult::Replay => BoardResult::Replay,
        },
        (None, None) => BoardResult::NotPlayed,
    }
}

/// One team's side of a match in one round: its 801 line and block, read.
pub(super) struct Side<'a> {
    pub(super) rec: &'a Record801,
    pub(super) block: &'a Block801,
    /// The team's colour on board 1.
    pub(super) colour: Colour,
    pub(super) results: Vec<SideResult>,
}

impl<'a> Side<'a> {
    /// Reads a block that names an opponent: `slots` results, a colour and
    /// result characters, each error naming the line.
    pub(super) fn read(
        rec: &'a Record801,
        block: &'a Block801,
        slots: usize,
        round_no: u16,
    ) -> Result<Side<'a>, TrfError> {
        if block.results.len() != slots {
            return Err(err(
                rec.line,
                Expected::ResultCount {
                    count: slots,
                    round: round_no,
                },
                block.results.iter().collect::<String>(),
            ));
        }
        let colour = match block.colour {
            'w' | 'W' => Colour::White,
            'b' | 'B' => Colour::Black,
            c => {
                return Err(err(
                    rec.line,
                    Expected::Colour { round: round_no },
                    c.to_string(),
                ));
            }
        };
        let results = block
            .results
            .iter()
            .map(|&c| {
                SideResult::from_char(c).ok_or_else(|| {
                    err(
                        rec.line,
                        Expected::ResultChar { round: round_no },
                        c.to_string(),
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Side {
            rec,
            block,
            colour,
            results,
        })
    }

    /// The opponent's side of the same round (`partner`'s block `pb`),
    /// checked against this one: it must name this team as its opponent,
    /// have the other colour and show every board result mirrored. A
    /// disagreement names the opponent's line and what this line implies.
    pub(super) fn check_partner(
        &self,
        partner: &'a Record801,
        pb: &'a Block801,
        slots: usize,
        boards: usize,
        round_no: u16,
    ) -> Result<Side<'a>, TrfError> {
        let (me, line) = (self.rec.team, self.rec.line);
        if pb.opponent != Some(me) {
            let found = match pb.opponent {
                Some(o) => o.to_string(),
                None => format!("no opponent ({})", pb.results.iter().collect::<String>()),
            };
            return Err(err(
                partner.line,
                Expected::Opponent {
                    team: me,
                    round: round_no,
                    line,
                    partner: partner.team,
                },
                found,
            ));
        }
        let theirs = Side::read(partner, pb, slots, round_no)?;
        if theirs.colour == self.colour {
            return Err(err(
                partner.line,
                Expected::OppositeColour {
                    colour: colour_char(self.colour.opposite()),
                    round: round_no,
                    team: me,
                    line,
                },
                pb.colour.to_string(),
            ));
        }
        for (idx, (mine, other)) in self.results.iter().zip(&theirs.results).enumerate() {
            if !mine.mirrors(*other) {
                let board = idx % boards.max(1) + 1;
                let game = (slots > boards).then(|| idx / boards.max(1) + 1);
                return Err(err(
                    partner.line,
                    Expected::Mirror {
                        accepted: mine.mirror_codes().to_vec(),
                        board,
                        game,
                        round: round_no,
                        mirroring: mine.code(),
                        team: me,
                        line,
                    },
                    other.code().to_string(),
                ));
            }
        }
        Ok(theirs)
    }

    /// The player on result slot `idx`, from the roster position in 801.
    pub(super) fn player(&self, idx: usize, roster_of: &BTreeMap<u16, &Team>) -> Option<PlayerId> {
        let pos = self.block.players.get(idx).and_then(|&c| roster_pos(c))?;
        roster_of
            .get(&self.rec.team)
            .and_then(|t| t.roster.get(pos.checked_sub(1)?))
            .copied()
    }
}

//! Record 001: a player, with the round cells of the common layout.

use super::line::{Line, fits};
use super::{Reader, common};
use crate::score::HalfPoints;
use crate::tournament::{Player, PlayerId};
use crate::trf::{Expected, Field, TrfError, err};

impl Reader {
    /// 001: the player, and their round cells. A starting rank must end in
    /// column 8.
    pub(super) fn read_player(&mut self, l: &Line) -> Result<(), TrfError> {
        fits(l, 9, Field::StartingRank, 9999)?;
        self.players.push(parse_001(l)?);
        self.player_games.push(common::parse_cells(l)?);
        Ok(())
    }
}

/// The player of a 001 line: starting rank, name, rating, federation and
/// FIDE number; the points, when given, must be a number.
fn parse_001(l: &Line) -> Result<Player, TrfError> {
    let id: u16 = l.number(5, 8, Field::StartingRank)?;
    let name = l.cols(15, 47);
    let rating: Option<u16> = l.opt_number(49, 52, Field::Rating)?;
    let fed = l.cols(54, 56);
    let fide_id: Option<u64> = l.opt_number(58, 68, Field::FideNumber)?;
    let points = l.cols(81, 84);
    if !points.is_empty() && HalfPoints::parse_decimal(&points).is_none() {
        return Err(err(
            l.no,
            Expected::PlayerPoints { from: 81, to: 84 },
            points,
        ));
    }
    Ok(Player {
        id: PlayerId(id),
        name,
        rating,
        federation: Some(fed).filter(|f| !f.is_empty()),
        fide_id,
    })
}

//! Play on a game server: the servers the platform creates games on, and
//! what the state of a game there means for the game's result here. The
//! server says how a game ended; the regulation decides what is recorded
//! without a judge (a game played out) and what waits for one (an aborted
//! game: G-V23's replay; a player who never moved: E-6's lateness or a
//! forfeit; a game the server ended for its own reasons).

use crate::score::BoardResult;

/// The server the platform pairs on (its host, as PGN's `Site` names it).
pub const LICHESS: &str = "lichess.org";

/// Every server a regulation may name.
pub const SERVERS: &[&str] = &[LICHESS];

/// A colour on the server's board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    fn from_word(w: &str) -> Option<Colour> {
        match w {
            "white" => Some(Colour::White),
            "black" => Some(Colour::Black),
            _ => None,
        }
    }

    fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// Where a game on the server stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Created, nobody has moved yet.
    Waiting,
    /// Being played.
    Playing,
    /// Played out: the winner's colour, `None` for a draw.
    Played(Option<Colour>),
    /// Aborted before it counted: the judge decides (G-V23: replayed).
    Aborted,
    /// A player never made his first move: the judge decides (E-6, or a
    /// forfeit).
    NoStart { absent: Option<Colour> },
    /// Ended by the server itself (a fair-play closure, an unknown end):
    /// the judge decides.
    EndedByServer,
}

/// A game's standing from the server's status word and winner (lichess's
/// `status` and `winner`); `None` for a status the platform does not know.
pub fn standing(status: &str, winner: Option<&str>) -> Option<Standing> {
    let winner = winner.and_then(Colour::from_word);
    Some(match status {
        "created" => Standing::Waiting,
        "started" => Standing::Playing,
        "aborted" => Standing::Aborted,
        "noStart" => Standing::NoStart {
            absent: winner.map(Colour::other),
        },
        // A draw by agreement, stalemate, a claim or too little material.
        "draw" | "stalemate" | "insufficientMaterialClaim" => Standing::Played(None),
        // A decisive end on the board or the clock; a flag fall against
        // a lone king is a draw, and the server then gives no winner.
        "mate" | "resign" | "timeout" | "outoftime" | "variantEnd" => Standing::Played(winner),
        "cheat" | "unknownFinish" => Standing::EndedByServer,
        _ => return None,
    })
}

/// The result to record for a game played out, home side first, when the
/// home player had `home_white`.
pub fn board_result(winner: Option<Colour>, home_white: bool) -> BoardResult {
    match (winner, home_white) {
        (None, _) => BoardResult::Draw,
        (Some(Colour::White), true) | (Some(Colour::Black), false) => BoardResult::HomeWin,
        (Some(Colour::White), false) | (Some(Colour::Black), true) => BoardResult::AwayWin,
    }
}

/// The forfeit a judge would enter for a player who never moved: the
/// absent side loses, home side first.
pub fn no_start_forfeit(absent: Colour, home_white: bool) -> BoardResult {
    if (absent == Colour::White) == home_white {
        BoardResult::AwayForfeitWin
    } else {
        BoardResult::HomeForfeitWin
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g_v23_an_aborted_game_waits_for_the_judge_and_a_played_one_is_recorded() {
        assert_eq!(standing("aborted", None), Some(Standing::Aborted));
        assert_eq!(
            standing("mate", Some("black")),
            Some(Standing::Played(Some(Colour::Black)))
        );
        assert_eq!(standing("outoftime", None), Some(Standing::Played(None)));
        assert_eq!(standing("stalemate", None), Some(Standing::Played(None)));
        assert_eq!(
            standing("cheat", Some("white")),
            Some(Standing::EndedByServer)
        );
        assert_eq!(standing("someday", None), None);
    }

    #[test]
    fn e_6_a_player_who_never_moved_is_named_and_loses_only_by_the_judges_forfeit() {
        let s = standing("noStart", Some("white")).expect("known");
        assert_eq!(
            s,
            Standing::NoStart {
                absent: Some(Colour::Black)
            }
        );
        // Home had Black and did not move: away wins by forfeit.
        assert_eq!(
            no_start_forfeit(Colour::Black, false),
            BoardResult::AwayForfeitWin
        );
        assert_eq!(
            no_start_forfeit(Colour::Black, true),
            BoardResult::HomeForfeitWin
        );
    }

    #[test]
    fn the_winner_colour_is_turned_into_the_home_sides_result() {
        assert_eq!(
            board_result(Some(Colour::White), true),
            BoardResult::HomeWin
        );
        assert_eq!(
            board_result(Some(Colour::White), false),
            BoardResult::AwayWin
        );
        assert_eq!(
            board_result(Some(Colour::Black), false),
            BoardResult::HomeWin
        );
        assert_eq!(board_result(None, false), BoardResult::Draw);
    }
}

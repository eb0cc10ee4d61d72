//! Imposing a penalty of the regulation's catalogue (G-G1 … G-G8, G-D2):
//! what the judge's choice amounts to — the points deducted (by case or by
//! game when the rule counts them) and the sanction that bars a team or a
//! person from entering. Every problem of the request is reported at once.

use super::regulation::{PenaltyEffect, PenaltyRule};
use super::score::HalfPoints;

/// What a penalty bars besides the points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sanction {
    /// G-G3: the team misses the tournament after the one it left.
    DisqualifiedNext,
    /// G-G3 a second time: the team may not enter the championship again.
    Banned,
    /// G-G4: a member of the dissolved team misses the next tournament.
    MissesTournament,
    /// G-D2: the team is removed from the tournament.
    Removed,
    /// G-G7: the player may not play in the tournament (a substitute may).
    PlayerRemoved,
}

impl Sanction {
    pub const ALL: [Sanction; 5] = [
        Sanction::DisqualifiedNext,
        Sanction::Banned,
        Sanction::MissesTournament,
        Sanction::Removed,
        Sanction::PlayerRemoved,
    ];

    /// The stored code.
    pub fn as_str(self) -> &'static str {
        match self {
            Sanction::DisqualifiedNext => "disqualified_next",
            Sanction::Banned => "banned",
            Sanction::MissesTournament => "misses_tournament",
            Sanction::Removed => "removed",
            Sanction::PlayerRemoved => "player_removed",
        }
    }

    pub fn parse(s: &str) -> Option<Sanction> {
        Sanction::ALL.into_iter().find(|x| x.as_str() == s)
    }

    /// True when the sanction falls on one person rather than the team.
    pub fn on_person(self) -> bool {
        matches!(self, Sanction::MissesTournament | Sanction::PlayerRemoved)
    }
}

/// The judge's choice, with what the platform knows about the case.
#[derive(Debug, Clone, Default)]
pub struct Request {
    /// Cases (G-G6) or games (G-G8); 1 for the others.
    pub count: u32,
    /// The fine chosen among the rule's amounts (G-D2: 0.5 or 1); `None`
    /// for the rule's own.
    pub amount: Option<HalfPoints>,
    /// G-D2: removal from the tournament instead of a fine.
    pub removal: bool,
    /// G-D2: loss of the current game instead of a fine.
    pub game_loss: bool,
    /// The game concerned was named (G-D2 loss of the current game).
    pub has_game: bool,
    /// Penalties of the same code in force against the team (G-G3).
    pub prior_cases: usize,
    /// The team has been dissolved (G-G4).
    pub team_dissolved: bool,
    /// A tournament of the offence was named.
    pub has_tournament: bool,
    /// A player was named (G-G7).
    pub has_person: bool,
}

/// What the penalty amounts to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// Points deducted in all (the rule's amount × count).
    pub amount: HalfPoints,
    pub count: u32,
    pub sanction: Option<Sanction>,
    /// G-D2: the offending side loses the game named (over the board: the
    /// game had begun), instead of a fine.
    pub loses_game: bool,
}

/// Why a penalty cannot be imposed as asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// G-G2: recorded by the judges' withdrawal of the team on the match page.
    Automatic,
    /// The count must be at least 1.
    CountInvalid,
    /// Only rules counted per case or per game take a count.
    CountNotAllowed,
    /// The fine is not one the rule allows; these are.
    AmountNotAllowed { allowed: Vec<HalfPoints> },
    /// The rule's sanction needs the tournament of the offence.
    NeedsTournament,
    /// The rule falls on a player: name them.
    NeedsPerson,
    /// G-G4 passes a sanction to members only when the team is dissolved.
    TeamNotDissolved,
    /// The rule has no loss of the current game (only G-D2 does).
    GameLossNotAllowed,
    /// Loss of the current game needs the game.
    NeedsGame,
    /// G-D2 is one of: a fine, the loss of the current game, or removal.
    OneChoice,
    /// G-G7: the points are the appeals committee's to impose (its
    /// decision applies them), never a fine the judges choose.
    PointsByCommittee,
}

fn has(rule: &PenaltyRule, e: &PenaltyEffect) -> bool {
    rule.effects.contains(e)
}

/// True when the rule's amount is multiplied by a count (G-G6, G-G8).
pub fn counted(rule: &PenaltyRule) -> bool {
    has(rule, &PenaltyEffect::DeductPerGame) || has(rule, &PenaltyEffect::DeductPerCase)
}

/// True when the rule's points wait for the appeals committee (G-G7): the
/// judges record the rest of it, the committee's decision the points.
pub fn by_committee(rule: &PenaltyRule) -> bool {
    has(rule, &PenaltyEffect::NeedsAppealsConfirmation)
}

/// The fines a judge may choose from: the rule's amount, then its
/// alternatives (G-D2: 0.5 or 1).
pub fn amounts(rule: &PenaltyRule) -> Vec<HalfPoints> {
    rule.amount
        .into_iter()
        .chain(rule.alternatives.iter().copied())
        .collect()
}

/// Decides what imposing `rule` with `r` amounts to.
pub fn decide(rule: &PenaltyRule, r: &Request) -> Result<Decision, Vec<Problem>> {
    use PenaltyEffect as E;
    let mut problems = Vec::new();
    if has(rule, &E::WithdrawnLosingRemainingGames) {
        return Err(vec![Problem::Automatic]);
    }
    if r.count == 0 {
        problems.push(Problem::CountInvalid);
    } else if r.count > 1 && !counted(rule) {
        problems.push(Problem::CountNotAllowed);
    }
    let allowed = amounts(rule);
    if r.amount.is_some() && by_committee(rule) {
        problems.push(Problem::PointsByCommittee);
    } else if let Some(a) = r.amount
        && !allowed.contains(&a)
    {
        problems.push(Problem::AmountNotAllowed { allowed });
    }
    // G-D2: "a disciplinary fine (0.5, 1, or loss of the current game) or
    // removal" — one of them, not two.
    let choices =
        usize::from(r.amount.is_some()) + usize::from(r.game_loss) + usize::from(r.removal);
    if choices > 1 && (r.game_loss || has(rule, &E::RemovedFromTournament)) {
        problems.push(Problem::OneChoice);
    }
    let mut needs_tournament = false;
    let mut loses_game = false;
    let (amount, sanction) = if r.game_loss {
        if !has(rule, &E::LossOfCurrentGame) {
            problems.push(Problem::GameLossNotAllowed);
        }
        if !r.has_game {
            problems.push(Problem::NeedsGame);
        }
        loses_game = true;
        (HalfPoints::ZERO, None)
    } else if has(rule, &E::PassesToMembers) {
        if !r.team_dissolved {
            problems.push(Problem::TeamNotDissolved);
        }
        (HalfPoints::ZERO, Some(Sanction::MissesTournament))
    } else if has(rule, &E::PlayerRemovedWithSubstitution) {
        // G-G7: the points wait for the appeals committee's confirmation.
        if !r.has_person {
            problems.push(Problem::NeedsPerson);
        }
        needs_tournament = true;
        (HalfPoints::ZERO, Some(Sanction::PlayerRemoved))
    } else if has(rule, &E::RemovedFromTournament) && r.removal {
        needs_tournament = true;
        (HalfPoints::ZERO, Some(Sanction::Removed))
    } else {
        let one = r.amount.or(rule.amount).unwrap_or(HalfPoints::ZERO);
        let times = if counted(rule) {
            i32::try_from(r.count).unwrap_or(1)
        } else {
            1
        };
        let sanction = if has(rule, &E::BannedOnRepeat) && r.prior_cases > 0 {
            Some(Sanction::Banned)
        } else if has(rule, &E::DisqualifiedNextTournament) {
            needs_tournament = true;
            Some(Sanction::DisqualifiedNext)
        } else {
            None
        };
        (one.times(times), sanction)
    };
    if needs_tournament && !r.has_tournament {
        problems.push(Problem::NeedsTournament);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Decision {
        amount,
        count: r.count,
        sanction,
        loses_game,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    fn rule(code: &str) -> PenaltyRule {
        presets::g()
            .penalty(code)
            .expect("in the catalogue")
            .clone()
    }

    fn one() -> Request {
        Request {
            count: 1,
            has_tournament: true,
            ..Request::default()
        }
    }

    #[test]
    fn g_g5_half_a_point_once() {
        let d = decide(&rule("G-G5"), &one()).expect("ok");
        assert_eq!((d.amount, d.sanction), (HalfPoints::HALF, None));
        let more = Request { count: 2, ..one() };
        assert_eq!(
            decide(&rule("G-G5"), &more),
            Err(vec![Problem::CountNotAllowed])
        );
    }

    #[test]
    fn g_g6_half_a_point_per_case() {
        let d = decide(&rule("G-G6"), &Request { count: 3, ..one() }).expect("ok");
        assert_eq!(d.amount, HalfPoints(3));
        assert_eq!(d.count, 3);
    }

    #[test]
    fn g_g8_one_point_per_game() {
        let d = decide(&rule("G-G8"), &Request { count: 4, ..one() }).expect("ok");
        assert_eq!(d.amount, HalfPoints::from_points(4));
        let zero = Request { count: 0, ..one() };
        assert_eq!(
            decide(&rule("G-G8"), &zero),
            Err(vec![Problem::CountInvalid])
        );
    }

    #[test]
    fn g_g3_first_time_disqualifies_next_then_bans() {
        let d = decide(&rule("G-G3"), &one()).expect("ok");
        assert_eq!(
            (d.amount, d.sanction),
            (HalfPoints::ONE, Some(Sanction::DisqualifiedNext))
        );
        let again = Request {
            prior_cases: 1,
            ..one()
        };
        let d = decide(&rule("G-G3"), &again).expect("ok");
        assert_eq!(
            (d.amount, d.sanction),
            (HalfPoints::ONE, Some(Sanction::Banned))
        );
        let nowhere = Request {
            has_tournament: false,
            ..Request::default()
        };
        assert_eq!(
            decide(
                &rule("G-G3"),
                &Request {
                    count: 1,
                    ..nowhere
                }
            ),
            Err(vec![Problem::NeedsTournament])
        );
    }

    #[test]
    fn g_g4_only_for_a_dissolved_team() {
        assert_eq!(
            decide(&rule("G-G4"), &one()),
            Err(vec![Problem::TeamNotDissolved])
        );
        let d = decide(
            &rule("G-G4"),
            &Request {
                team_dissolved: true,
                ..one()
            },
        )
        .expect("ok");
        assert_eq!(
            (d.amount, d.sanction),
            (HalfPoints::ZERO, Some(Sanction::MissesTournament))
        );
    }

    #[test]
    fn g_d2_fine_of_half_or_one_or_removal() {
        let r = rule("G-D2");
        assert_eq!(decide(&r, &one()).expect("ok").amount, HalfPoints::HALF);
        let fine = Request {
            amount: Some(HalfPoints::ONE),
            ..one()
        };
        assert_eq!(decide(&r, &fine).expect("ok").amount, HalfPoints::ONE);
        let bad = Request {
            amount: Some(HalfPoints::from_points(3)),
            ..one()
        };
        assert_eq!(
            decide(&r, &bad),
            Err(vec![Problem::AmountNotAllowed {
                allowed: vec![HalfPoints::HALF, HalfPoints::ONE]
            }])
        );
        let removal = Request {
            removal: true,
            ..one()
        };
        let d = decide(&r, &removal).expect("ok");
        assert_eq!(
            (d.amount, d.sanction),
            (HalfPoints::ZERO, Some(Sanction::Removed))
        );
    }

    #[test]
    fn g_d2_loss_of_the_current_game_instead_of_a_fine() {
        let r = rule("G-D2");
        let loss = Request {
            game_loss: true,
            has_game: true,
            ..one()
        };
        let d = decide(&r, &loss).expect("ok");
        assert_eq!(
            (d.amount, d.sanction, d.loses_game),
            (HalfPoints::ZERO, None, true),
            "no points: the game is the fine"
        );
        // The game must be named.
        let nowhere = Request {
            has_game: false,
            ..loss.clone()
        };
        assert_eq!(decide(&r, &nowhere), Err(vec![Problem::NeedsGame]));
        // One choice: not with a fine, not with removal.
        for both in [
            Request {
                amount: Some(HalfPoints::ONE),
                ..loss.clone()
            },
            Request {
                removal: true,
                ..loss.clone()
            },
        ] {
            assert_eq!(decide(&r, &both), Err(vec![Problem::OneChoice]));
        }
        let fine_and_removal = Request {
            amount: Some(HalfPoints::HALF),
            removal: true,
            ..one()
        };
        assert_eq!(decide(&r, &fine_and_removal), Err(vec![Problem::OneChoice]));
        // Other rules have no game loss.
        assert_eq!(
            decide(&rule("G-G5"), &loss),
            Err(vec![Problem::GameLossNotAllowed])
        );
        // A fine or a removal loses no game.
        assert!(!decide(&r, &one()).expect("fine").loses_game);
    }

    #[test]
    fn g_g2_is_recorded_by_the_withdrawal_and_g_g7_names_a_player() {
        assert_eq!(decide(&rule("G-G2"), &one()), Err(vec![Problem::Automatic]));
        assert_eq!(
            decide(&rule("G-G7"), &one()),
            Err(vec![Problem::NeedsPerson])
        );
        let d = decide(
            &rule("G-G7"),
            &Request {
                has_person: true,
                ..one()
            },
        )
        .expect("ok");
        assert_eq!(d.sanction, Some(Sanction::PlayerRemoved));
        assert_eq!(d.amount, HalfPoints::ZERO, "−12 only after the committee");
        // Even chosen as the fine, the −12 is not the judges' to impose.
        let twelve = Request {
            has_person: true,
            amount: Some(HalfPoints::from_points(12)),
            ..one()
        };
        assert_eq!(
            decide(&rule("G-G7"), &twelve),
            Err(vec![Problem::PointsByCommittee])
        );
    }

    #[test]
    fn sanction_codes_round_trip() {
        for s in Sanction::ALL {
            assert_eq!(Sanction::parse(s.as_str()), Some(s));
        }
    }
}

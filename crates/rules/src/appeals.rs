//! The appeals committee (G-Zh1) and its vote, as pure functions: who sits
//! on a case, how much each vote weighs, and what the votes cast decide.
//! G-E3's grounds for suspecting engine use are listed here too.

use std::collections::BTreeSet;

/// A person's part in the championship, as far as the committee cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// G-D1 `[TD]`: votes with weight 2 (G-Zh1).
    ChiefJudge,
    /// G-D1 `[td]`.
    Judge,
    /// A captain of a team in the tournament.
    Captain,
}

impl Seat {
    /// G-Zh1: "the chief judge has 2 votes, everyone else 1".
    pub fn weight(self) -> i32 {
        match self {
            Seat::ChiefJudge => 2,
            Seat::Judge | Seat::Captain => 1,
        }
    }

    /// The seat as stored with a case's committee.
    pub fn as_str(self) -> &'static str {
        match self {
            Seat::ChiefJudge => "chief_judge",
            Seat::Judge => "judge",
            Seat::Captain => "captain",
        }
    }

    pub fn parse(s: &str) -> Option<Seat> {
        [Seat::ChiefJudge, Seat::Judge, Seat::Captain]
            .into_iter()
            .find(|seat| seat.as_str() == s)
    }
}

/// A captain of the tournament: who, and of which team. A double
/// (`Ладья2`) is an entry of its main team, so its captain carries the
/// main team's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaptainOf<P> {
    pub person: P,
    pub team: i64,
}

/// One member of a case's committee with the weight of their vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Member<P> {
    pub person: P,
    pub seat: Seat,
}

impl<P> Member<P> {
    pub fn weight(&self) -> i32 {
        self.seat.weight()
    }
}

/// G-Zh1: all chess judges plus the captains of the teams in the
/// tournament, except the captains of the team that raised the case and of
/// the team directly concerned — main team and its doubles alike, since
/// both are entries of the same team. A judge always sits (G-Zh1 lists
/// "all judges" without exception); a person holding both seats sits once,
/// with the larger weight. Ordered: chief judge(s), judges, captains.
pub fn committee<P: Copy + Ord>(
    chief_judges: &[P],
    judges: &[P],
    captains: &[CaptainOf<P>],
    excluded_teams: &[i64],
) -> Vec<Member<P>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let judged = chief_judges
        .iter()
        .map(|p| (*p, Seat::ChiefJudge))
        .chain(judges.iter().map(|p| (*p, Seat::Judge)));
    let captained = captains
        .iter()
        .filter(|c| !excluded_teams.contains(&c.team))
        .map(|c| (c.person, Seat::Captain));
    // The captain of an excluded team who is also a captain of another team
    // in the tournament is still a party to the case: excluded.
    let party: BTreeSet<P> = captains
        .iter()
        .filter(|c| excluded_teams.contains(&c.team))
        .map(|c| c.person)
        .collect();
    for (person, seat) in judged.chain(captained) {
        if seat == Seat::Captain && party.contains(&person) {
            continue;
        }
        if seen.insert(person) {
            out.push(Member { person, seat });
        }
    }
    out
}

/// What the votes cast decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Upheld,
    Rejected,
}

/// The weight cast each way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    pub uphold: i32,
    pub reject: i32,
}

/// Sums the weights of the votes cast (`true` = uphold).
pub fn tally<P: PartialEq>(members: &[Member<P>], votes: &[(P, bool)]) -> Tally {
    let mut t = Tally::default();
    for (who, uphold) in votes {
        let Some(m) = members.iter().find(|m| m.person == *who) else {
            continue;
        };
        if *uphold {
            t.uphold += m.weight();
        } else {
            t.reject += m.weight();
        }
    }
    t
}

/// G-Zh1 "simple majority decides", counted in weight of the votes cast:
/// upheld when more weight is cast for upholding than against. The chief
/// judge's second vote is how a tie in heads is broken (2 + 1 against
/// 1 + 1). A tie in weight still left — or no vote at all — is not a
/// majority for changing anything, so the appeal is not upheld (the
/// contested decision stands, as G-D4 makes judges' decisions final unless
/// changed on appeal). `play::appeals::decide` does not close a case
/// before any vote is cast.
pub fn decide(t: Tally) -> Outcome {
    if t.uphold > t.reject {
        Outcome::Upheld
    } else {
        Outcome::Rejected
    }
}

/// G-E3: the grounds a suspicion of engine use is recorded with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ground {
    /// Regular absence from the board on one's own move.
    AbsentOnOwnMove,
    /// Steady time spent per move.
    SteadyMoveTimes,
    /// High agreement with an engine.
    EngineAgreement,
    /// A sudden jump in strength.
    StrengthJump,
}

impl Ground {
    pub const ALL: [Ground; 4] = [
        Ground::AbsentOnOwnMove,
        Ground::SteadyMoveTimes,
        Ground::EngineAgreement,
        Ground::StrengthJump,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Ground::AbsentOnOwnMove => "absent_on_move",
            Ground::SteadyMoveTimes => "steady_times",
            Ground::EngineAgreement => "engine_agreement",
            Ground::StrengthJump => "strength_jump",
        }
    }

    pub fn parse(s: &str) -> Option<Ground> {
        Ground::ALL.into_iter().find(|g| g.as_str() == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHIEF: i64 = 1;
    const JUDGE: i64 = 2;

    fn captains() -> Vec<CaptainOf<i64>> {
        vec![
            // Ладья1 and Ладья2 are entries of team 10.
            CaptainOf {
                person: 11,
                team: 10,
            },
            CaptainOf {
                person: 12,
                team: 10,
            },
            CaptainOf {
                person: 21,
                team: 20,
            },
            CaptainOf {
                person: 31,
                team: 30,
            },
            CaptainOf {
                person: 41,
                team: 40,
            },
        ]
    }

    fn persons(m: &[Member<i64>]) -> Vec<i64> {
        m.iter().map(|x| x.person).collect()
    }

    #[test]
    fn g_zh1_the_committee_leaves_out_both_parties_with_their_doubles() {
        let m = committee(&[CHIEF], &[JUDGE], &captains(), &[10, 20]);
        assert_eq!(persons(&m), [CHIEF, JUDGE, 31, 41]);
        assert_eq!(m[0].weight(), 2);
        assert!(m[1..].iter().all(|x| x.weight() == 1));
    }

    #[test]
    fn g_zh1_a_judge_who_also_captains_a_party_still_sits_as_judge() {
        let mut c = captains();
        c.push(CaptainOf {
            person: JUDGE,
            team: 10,
        });
        let m = committee(&[CHIEF], &[JUDGE], &c, &[10]);
        assert_eq!(persons(&m), [CHIEF, JUDGE, 21, 31, 41]);
    }

    #[test]
    fn g_zh1_a_captain_of_a_party_and_of_another_team_is_left_out() {
        let mut c = captains();
        c.push(CaptainOf {
            person: 11,
            team: 30,
        });
        let m = committee(&[CHIEF], &[], &c, &[10]);
        assert_eq!(persons(&m), [CHIEF, 21, 31, 41]);
    }

    #[test]
    fn g_zh1_the_chief_judge_breaks_a_tie_in_heads() {
        let m = committee(&[CHIEF], &[JUDGE], &captains(), &[10, 20]);
        // Chief judge and one captain uphold; the judge and a captain reject.
        let votes = [(CHIEF, true), (31, true), (JUDGE, false), (41, false)];
        let t = tally(&m, &votes);
        assert_eq!(
            t,
            Tally {
                uphold: 3,
                reject: 2
            }
        );
        assert_eq!(decide(t), Outcome::Upheld);
        let against = [(CHIEF, false), (31, true), (JUDGE, true), (41, false)];
        assert_eq!(decide(tally(&m, &against)), Outcome::Rejected);
    }

    #[test]
    fn g_zh1_a_tie_in_weight_does_not_uphold() {
        let m = committee(&[CHIEF], &[JUDGE], &captains(), &[10, 20]);
        let votes = [(CHIEF, true), (JUDGE, false), (41, false)];
        assert_eq!(
            tally(&m, &votes),
            Tally {
                uphold: 2,
                reject: 2
            }
        );
        assert_eq!(decide(tally(&m, &votes)), Outcome::Rejected);
        assert_eq!(decide(Tally::default()), Outcome::Rejected);
    }

    #[test]
    fn g_zh1_votes_of_non_members_do_not_count() {
        let m = committee(&[CHIEF], &[JUDGE], &captains(), &[10, 20]);
        let votes = [(11, true), (21, true), (JUDGE, false)];
        assert_eq!(
            tally(&m, &votes),
            Tally {
                uphold: 0,
                reject: 1
            }
        );
    }

    #[test]
    fn g_e3_grounds_round_trip() {
        for g in Ground::ALL {
            assert_eq!(Ground::parse(g.as_str()), Some(g));
        }
        assert_eq!(Ground::parse("rumour"), None);
    }
}

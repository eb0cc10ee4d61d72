//! Athletes of a corporate series' sports, and across them.
//!
//! chess, volleyball and darts run in parallel, so an athlete takes
//! part in one sport of the series only. The platform knows who plays
//! chess from the entries of the championship linked as the series' chess
//! sport; for the other sports, organizers list the athletes per sport and
//! organization. Both sides ask the same question — who of these people is
//! already in another sport of the series — answered here from what the
//! caller read: `taken`, the (person, sport) pairs of the lists and of the
//! chess entries.
//!
//! Pure: no database; persons and sports are whatever keys the caller uses.

use std::collections::BTreeMap;

/// of the people `named` for `sport`, those who already take part
/// in another sport of the series, each once (in the order named) with the
/// first other sport `taken` gives for them.
pub fn in_other_sport<P: Eq + Clone, S: Eq + Clone>(
    sport: &S,
    named: &[P],
    taken: &[(P, S)],
) -> Vec<(P, S)> {
    let mut out: Vec<(P, S)> = Vec::new();
    for person in named {
        if out.iter().any(|(p, _)| p == person) {
            continue;
        }
        if let Some((_, other)) = taken.iter().find(|(p, s)| p == person && s != sport) {
            out.push((person.clone(), other.clone()));
        }
    }
    out
}

/// A person the list form can name: the registered nick (the form may use
/// any case) and the caller's key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Known<P> {
    pub person: P,
    pub nick: String,
}

/// Why a change of a sport's list was refused; every problem is listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListProblem<S> {
    /// The form names nobody.
    NoNicks,
    UnknownNick {
        nick: String,
    },
    /// The same person twice in one form.
    NamedTwice {
        nick: String,
    },
    /// Already on this sport's list.
    AlreadyListed {
        nick: String,
    },
    /// listed in (or, for chess, entered in) another sport of the
    /// series.
    OtherSport {
        nick: String,
        sport: S,
    },
    /// Removing someone who is not on this sport's list.
    NotListed {
        nick: String,
    },
}

impl<S> ListProblem<S> {
    /// The same problem with the sport given another way (an id → a name).
    pub fn map_sport<T>(self, f: impl FnOnce(S) -> T) -> ListProblem<T> {
        match self {
            ListProblem::NoNicks => ListProblem::NoNicks,
            ListProblem::UnknownNick { nick } => ListProblem::UnknownNick { nick },
            ListProblem::NamedTwice { nick } => ListProblem::NamedTwice { nick },
            ListProblem::AlreadyListed { nick } => ListProblem::AlreadyListed { nick },
            ListProblem::OtherSport { nick, sport } => ListProblem::OtherSport {
                nick,
                sport: f(sport),
            },
            ListProblem::NotListed { nick } => ListProblem::NotListed { nick },
        }
    }
}

/// The nicks of a form field: separated by commas, semicolons or spaces.
pub fn nicks(typed: &str) -> Vec<&str> {
    typed
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|n| !n.is_empty())
        .collect()
}

/// The full names of a form field, for athletes without an account: one
/// per line (or separated by commas or semicolons), spaces collapsed.
pub fn names(typed: &str) -> Vec<String> {
    typed
        .split(['\n', ',', ';'])
        .map(|n| n.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|n| !n.is_empty())
        .collect()
}

/// The people the form names (`words`: its nicks and names, each the key
/// of `known` once lowercased), each known and named once, or the
/// problems.
fn named<'a, P: Eq + Clone, S>(
    words: &[&str],
    known: &'a BTreeMap<String, Known<P>>,
    problems: &mut Vec<ListProblem<S>>,
) -> Vec<&'a Known<P>> {
    if words.is_empty() {
        problems.push(ListProblem::NoNicks);
    }
    let mut out: Vec<&Known<P>> = Vec::new();
    for &word in words {
        let Some(k) = known.get(&word.to_lowercase()) else {
            problems.push(ListProblem::UnknownNick {
                nick: word.to_owned(),
            });
            continue;
        };
        if out.iter().any(|o| o.person == k.person) {
            // Once per person, however often the form repeats them.
            if !problems
                .iter()
                .any(|p| matches!(p, ListProblem::NamedTwice { nick } if *nick == k.nick))
            {
                problems.push(ListProblem::NamedTwice {
                    nick: k.nick.clone(),
                });
            }
            continue;
        }
        out.push(k);
    }
    out
}

/// Adding the people named (`words`) to `sport`'s list: each must be known, named
/// once, not on this list yet and in no other sport of the series.
/// On success, the people to add, in the order typed.
pub fn check_adding<P: Eq + Clone, S: Eq + Clone>(
    sport: &S,
    words: &[&str],
    known: &BTreeMap<String, Known<P>>,
    taken: &[(P, S)],
) -> Result<Vec<P>, Vec<ListProblem<S>>> {
    let mut problems = Vec::new();
    let people = named(words, known, &mut problems);
    let ids: Vec<P> = people.iter().map(|k| k.person.clone()).collect();
    let elsewhere = in_other_sport(sport, &ids, taken);
    for k in &people {
        if taken.iter().any(|(p, s)| *p == k.person && s == sport) {
            problems.push(ListProblem::AlreadyListed {
                nick: k.nick.clone(),
            });
        }
        if let Some((_, other)) = elsewhere.iter().find(|(p, _)| *p == k.person) {
            problems.push(ListProblem::OtherSport {
                nick: k.nick.clone(),
                sport: other.clone(),
            });
        }
    }
    if problems.is_empty() {
        Ok(ids)
    } else {
        Err(problems)
    }
}

/// Removing the people named (`words`) from `sport`'s list (`listed`: who is on
/// it): each must be known, named once and on the list.
pub fn check_removing<P: Eq + Clone, S>(
    words: &[&str],
    known: &BTreeMap<String, Known<P>>,
    listed: &[P],
) -> Result<Vec<P>, Vec<ListProblem<S>>> {
    let mut problems = Vec::new();
    let people = named(words, known, &mut problems);
    for k in &people {
        if !listed.contains(&k.person) {
            problems.push(ListProblem::NotListed {
                nick: k.nick.clone(),
            });
        }
    }
    if problems.is_empty() {
        Ok(people.into_iter().map(|k| k.person.clone()).collect())
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const CHESS: &str = "chess";
    const VOLLEYBALL: &str = "volleyball";
    const DARTS: &str = "darts";

    fn known(nicks: &[&str]) -> BTreeMap<String, Known<i64>> {
        nicks
            .iter()
            .enumerate()
            .map(|(i, n)| {
                (
                    n.to_lowercase(),
                    Known {
                        person: i as i64 + 1,
                        nick: (*n).to_owned(),
                    },
                )
            })
            .collect()
    }

    #[test]
    fn r_1_8_full_names_are_read_one_per_line_spaces_collapsed() {
        assert_eq!(
            names("Иванов  Иван\n\n Петрова Анна ; Сидоров Пётр,\r\n"),
            ["Иванов Иван", "Петрова Анна", "Сидоров Пётр"]
        );
        assert!(names(" \n ; ").is_empty());
    }

    #[test]
    fn r_1_8_chess_players_listed_in_another_sport_collide_with_that_sport() {
        // 2 plays volleyball, 3 darts, 4 chess only (another entry of the
        // same chess championship is no collision).
        let taken = [(2, VOLLEYBALL), (3, DARTS), (4, CHESS), (3, VOLLEYBALL)];
        assert_eq!(
            in_other_sport(&CHESS, &[1, 2, 3, 4, 2], &taken),
            [(2, VOLLEYBALL), (3, DARTS)]
        );
        assert!(in_other_sport(&CHESS, &[1, 4], &taken).is_empty());
    }

    #[test]
    fn r_1_8_a_chess_player_is_not_listed_for_darts() {
        let people = known(&["Ann", "Bob", "Cid"]);
        // Ann is in a chess entry; Bob is on the volleyball list.
        let taken = [(1, CHESS), (2, VOLLEYBALL)];
        assert_eq!(
            check_adding(&DARTS, &nicks("ann, BOB cid"), &people, &taken),
            Err(vec![
                ListProblem::OtherSport {
                    nick: "Ann".into(),
                    sport: CHESS
                },
                ListProblem::OtherSport {
                    nick: "Bob".into(),
                    sport: VOLLEYBALL
                },
            ])
        );
        assert_eq!(
            check_adding(&DARTS, &nicks("cid"), &people, &taken),
            Ok(vec![3])
        );
    }

    #[test]
    fn every_problem_of_a_list_is_reported_at_once() {
        let people = known(&["Ann", "Bob", "Cid", "Dan"]);
        let taken = [(2, DARTS), (3, CHESS)];
        assert_eq!(
            check_adding(
                &DARTS,
                &nicks("ann;nobody,Ann bob cid ANN"),
                &people,
                &taken
            ),
            Err(vec![
                ListProblem::UnknownNick {
                    nick: "nobody".into()
                },
                ListProblem::NamedTwice { nick: "Ann".into() },
                ListProblem::AlreadyListed { nick: "Bob".into() },
                ListProblem::OtherSport {
                    nick: "Cid".into(),
                    sport: CHESS
                },
            ])
        );
        assert_eq!(
            check_adding(&DARTS, &nicks(" , "), &people, &taken),
            Err(vec![ListProblem::NoNicks])
        );
    }

    #[test]
    fn removing_needs_people_on_the_list() {
        let people = known(&["Ann", "Bob"]);
        assert_eq!(
            check_removing::<_, &str>(&nicks("bob"), &people, &[2]),
            Ok(vec![2])
        );
        assert_eq!(
            check_removing::<_, &str>(&nicks("ann x"), &people, &[2]),
            Err(vec![
                ListProblem::UnknownNick { nick: "x".into() },
                ListProblem::NotListed { nick: "Ann".into() },
            ])
        );
    }

    proptest! {
        /// Whatever the lists, a person added to a sport is in no other
        /// sport afterwards, and every collision names a sport other than
        /// the one asked about.
        #[test]
        fn an_accepted_list_keeps_one_sport_per_athlete(
            taken in proptest::collection::vec((1i64..6, 0u8..3), 0..10),
            named in proptest::collection::vec(1i64..6, 0..6),
            sport in 0u8..3,
        ) {
            for (p, s) in in_other_sport(&sport, &named, &taken) {
                prop_assert!(s != sport);
                prop_assert!(named.contains(&p));
                prop_assert!(taken.contains(&(p, s)));
            }
            let people: BTreeMap<String, Known<i64>> = (1..6)
                .map(|i| (format!("p{i}"), Known { person: i, nick: format!("p{i}") }))
                .collect();
            let typed = named.iter().map(|i| format!("p{i}")).collect::<Vec<_>>().join(",");
            if let Ok(added) = check_adding(&sport, &nicks(&typed), &people, &taken) {
                for p in added {
                    prop_assert!(taken.iter().all(|(q, _)| *q != p));
                }
            }
        }
    }
}

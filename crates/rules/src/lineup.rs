//! The tournament application line of G-B13:
//! `Team,board1,…,board5,sub1,…,sub5` — one line, no spaces, every nick a
//! member of the team at that moment, substitutes optional, fewer than the
//! line-up's players refused; a team able to field several lines enters
//! doubles named `Team1`, `Team2`, …. The form on the page builds the same
//! line, so both go through [`parse`], which reports every problem at once.

use std::collections::{BTreeMap, HashSet};

use super::eligibility::Reason;
use super::regulation::RosterRules;

/// A person as the line-up check knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub person: i64,
    /// The nick as registered (the line may use any case).
    pub nick: String,
    /// G-B31/B32: a member of this team at the moment of the entry.
    pub member: bool,
    /// Already named in another entry of this tournament (G-B22): its name.
    pub other_entry: Option<String>,
    /// already in a parallel event (one sport per athlete).
    pub parallel_event: Option<ParallelEvent>,
    /// Unmet eligibility conditions (rules::eligibility), empty if eligible.
    pub unmet: Vec<Reason>,
}

/// where else a person takes part at the same time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParallelEvent {
    /// Entered in a tournament of another championship held on the same
    /// day, both allowing one sport per athlete: that championship's name.
    SameDay { championship: String },
    /// Listed for another sport of a corporate series whose chess sport is
    /// this championship.
    SeriesSport { series: String, sport: String },
}

impl std::fmt::Display for ParallelEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParallelEvent::SameDay { championship } => write!(f, "{championship}"),
            ParallelEvent::SeriesSport { series, sport } => write!(f, "{sport} of {series}"),
        }
    }
}

/// What the caller knows for the check.
pub struct Context<'a> {
    pub rules: &'a RosterRules,
    /// The team's registered name.
    pub team: &'a str,
    /// Everyone named in the line who has an account, by lower-case nick.
    pub people: &'a BTreeMap<String, Candidate>,
}

/// A valid line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lineup {
    /// The entry's name: the team's, or a double's (`Team2`).
    pub entry: String,
    /// The double's number, if the line names one (G-B13).
    pub double: Option<u8>,
    /// Board order, board 1 first (person ids).
    pub boards: Vec<i64>,
    pub substitutes: Vec<i64>,
}

/// One problem with a line, with what the person needs to fix it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Problem {
    #[error("the line is empty")]
    Empty,
    /// G-B13: no spaces anywhere in the line.
    #[error("the line contains spaces")]
    Spaces,
    #[error("the line must start with the team name {expected:?}, found {found:?}")]
    WrongTeam { expected: String, found: String },
    #[error("this regulation does not allow doubles")]
    DoublesNotAllowed,
    #[error("name {position} is empty (two commas in a row)")]
    EmptyName { position: usize },
    /// G-B13 / G-V21: fewer board players than the line-up needs.
    #[error("{found} players named; {needed} are needed")]
    TooFewPlayers { found: usize, needed: u8 },
    #[error("{found} names after the team; at most {allowed} (players and substitutes)")]
    TooManyNames { found: usize, allowed: usize },
    #[error("no player is registered as {nick:?}")]
    UnknownNick { nick: String },
    /// G-B13, G-B31: every nick must be a member of the team at this moment.
    #[error("{nick} is not a member of the team now")]
    NotMember { nick: String },
    #[error("{nick} is named twice")]
    Duplicate { nick: String },
    /// G-B22: a player may not be in two entries of one tournament.
    #[error("{nick} is already in the entry {entry}")]
    InAnotherEntry { nick: String, entry: String },
    /// one sport per athlete across parallel events.
    #[error("{nick} is already entered in the parallel event {event}")]
    InParallelEvent { nick: String, event: ParallelEvent },
    #[error("{nick} is not eligible: {}", reasons.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    NotEligible { nick: String, reasons: Vec<Reason> },
}

/// Splits the first field into the team name and a double number:
/// `Some(None)` for the team's own line, `Some(Some(n))` for `Team{n}`,
/// `None` when the field does not name this team.
pub fn entry_name(field: &str, team: &str) -> Option<Option<u8>> {
    let (f, t) = (field.to_lowercase(), team.to_lowercase());
    if f == t {
        return Some(None);
    }
    let digits = f.strip_prefix(&t)?;
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    digits.parse::<u8>().ok().map(Some)
}

/// Checks a line; on success the line-up, otherwise every problem found.
pub fn parse(line: &str, ctx: &Context) -> Result<Lineup, Vec<Problem>> {
    let line = line.trim_end_matches(['\r', '\n']);
    if line.trim().is_empty() {
        return Err(vec![Problem::Empty]);
    }
    let mut problems = Vec::new();
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    let (head, names) = fields.split_first().map_or(("", &[][..]), |(h, n)| (*h, n));
    // G-B13: no spaces anywhere in the line. Where the regulation has no
    // doubles (R, E) a team name keeps the spaces its organization writes
    // (`TeamName::parse_for`); nicks never have any.
    let spaced = if ctx.rules.doubles_allowed {
        line
    } else {
        line.get(line.find(',').unwrap_or(line.len())..)
            .unwrap_or("")
    };
    if spaced.chars().any(char::is_whitespace) {
        problems.push(Problem::Spaces);
    }
    let joined;
    let head = if ctx.rules.doubles_allowed {
        head
    } else {
        joined = head.split_whitespace().collect::<Vec<_>>().join(" ");
        joined.as_str()
    };
    let double = match entry_name(head, ctx.team) {
        Some(d) => d,
        None => {
            problems.push(Problem::WrongTeam {
                expected: ctx.team.to_owned(),
                found: head.to_owned(),
            });
            None
        }
    };
    if double.is_some() && !ctx.rules.doubles_allowed {
        problems.push(Problem::DoublesNotAllowed);
    }
    // Trailing commas (an empty substitute list) are harmless.
    let mut names: Vec<&str> = names.to_vec();
    while names.last().is_some_and(|n| n.is_empty()) {
        names.pop();
    }
    let players = usize::from(ctx.rules.lineup_players);
    let allowed = players + usize::from(ctx.rules.max_substitutes);
    if names.len() < players {
        problems.push(Problem::TooFewPlayers {
            found: names.iter().filter(|n| !n.is_empty()).count(),
            needed: ctx.rules.lineup_players,
        });
    }
    if names.len() > allowed {
        problems.push(Problem::TooManyNames {
            found: names.len(),
            allowed,
        });
    }
    let mut seen = HashSet::new();
    let mut ids = Vec::with_capacity(names.len());
    for (i, name) in names.iter().enumerate() {
        if name.is_empty() {
            problems.push(Problem::EmptyName { position: i + 1 });
            continue;
        }
        let Some(c) = ctx.people.get(&name.to_lowercase()) else {
            problems.push(Problem::UnknownNick {
                nick: (*name).to_owned(),
            });
            continue;
        };
        if !seen.insert(c.person) {
            problems.push(Problem::Duplicate {
                nick: c.nick.clone(),
            });
            continue;
        }
        candidate_problems(c, &mut problems);
        ids.push(c.person);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let substitutes = ids.split_off(players.min(ids.len()));
    Ok(Lineup {
        entry: match double {
            Some(n) => format!("{}{n}", ctx.team),
            None => ctx.team.to_owned(),
        },
        double,
        boards: ids,
        substitutes,
    })
}

/// What keeps a named player out of the line: not a member of the team
/// (G-B31/B32), already named in another entry (G-B22) or in a parallel
/// event, or an unmet eligibility condition.
fn candidate_problems(c: &Candidate, problems: &mut Vec<Problem>) {
    if !c.member {
        problems.push(Problem::NotMember {
            nick: c.nick.clone(),
        });
    }
    if let Some(entry) = &c.other_entry {
        problems.push(Problem::InAnotherEntry {
            nick: c.nick.clone(),
            entry: entry.clone(),
        });
    }
    if let Some(event) = &c.parallel_event {
        problems.push(Problem::InParallelEvent {
            nick: c.nick.clone(),
            event: event.clone(),
        });
    }
    if !c.unmet.is_empty() {
        problems.push(Problem::NotEligible {
            nick: c.nick.clone(),
            reasons: c.unmet.clone(),
        });
    }
}

/// The line the form's fields stand for: team, players, then substitutes;
/// empty fields are left out.
pub fn line_from_fields(entry: &str, players: &[&str], substitutes: &[&str]) -> String {
    std::iter::once(entry.trim())
        .chain(players.iter().map(|s| s.trim()))
        .chain(
            substitutes
                .iter()
                .map(|s| s.trim())
                .filter(|s| !s.is_empty()),
        )
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    fn people(nicks: &[&str]) -> BTreeMap<String, Candidate> {
        nicks
            .iter()
            .enumerate()
            .map(|(i, n)| {
                (
                    n.to_lowercase(),
                    Candidate {
                        person: i as i64 + 1,
                        nick: (*n).to_owned(),
                        member: true,
                        other_entry: None,
                        parallel_event: None,
                        unmet: vec![],
                    },
                )
            })
            .collect()
    }

    const TEN: [&str; 10] = ["a1", "a2", "a3", "a4", "a5", "s1", "s2", "s3", "s4", "s5"];

    #[test]
    fn r_a_team_name_with_spaces_heads_its_line_where_there_are_no_doubles() {
        let r = presets::r();
        let people = people(&["ivanov-ivan", "petrova-anna", "rep1"]);
        let ctx = Context {
            rules: &r.roster,
            team: "НПО Энергомаш",
            people: &people,
        };
        let l = parse("нпо  энергомаш,ivanov-ivan,petrova-anna,rep1", &ctx).expect("valid");
        assert_eq!(l.boards, vec![1, 2, 3]);
        // The nicks still have no spaces.
        let e = parse("НПО Энергомаш,ivanov-ivan, petrova anna,rep1", &ctx).expect_err("spaces");
        assert!(e.contains(&Problem::Spaces), "{e:?}");
        // G-B13: G's lines have none at all.
        let g = presets::g();
        let ctx = Context {
            rules: &g.roster,
            team: "НПО Энергомаш",
            people: &people,
        };
        let e = parse("НПО Энергомаш,ivanov-ivan,petrova-anna,rep1", &ctx).expect_err("G");
        assert!(e.contains(&Problem::Spaces), "{e:?}");
    }

    #[test]
    fn g_b13_a_full_line_with_substitutes_is_accepted() {
        let g = presets::g();
        let people = people(&TEN);
        let ctx = Context {
            rules: &g.roster,
            team: "Ладья",
            people: &people,
        };
        let l = parse("ладья,A1,a2,a3,a4,a5,s1,s2", &ctx).expect("valid");
        assert_eq!(l.entry, "Ладья");
        assert_eq!(l.double, None);
        assert_eq!(l.boards, vec![1, 2, 3, 4, 5]);
        assert_eq!(l.substitutes, vec![6, 7]);
        // Substitutes are optional.
        let l = parse("Ладья,a1,a2,a3,a4,a5", &ctx).expect("valid");
        assert!(l.substitutes.is_empty());
    }

    #[test]
    fn g_b13_doubles_are_named_by_appending_digits() {
        let g = presets::g();
        let people = people(&TEN);
        let ctx = Context {
            rules: &g.roster,
            team: "Ладья",
            people: &people,
        };
        let l = parse("Ладья2,s1,s2,s3,s4,s5", &ctx).expect("a double");
        assert_eq!(l.entry, "Ладья2");
        assert_eq!(l.double, Some(2));
        let e = presets::e();
        let ctx = Context {
            rules: &e.roster,
            team: "Ладья",
            people: &people,
        };
        assert_eq!(
            parse("Ладья2,s1,s2,s3", &ctx),
            Err(vec![Problem::DoublesNotAllowed])
        );
    }

    #[test]
    fn g_b13_every_problem_is_reported_at_once() {
        let g = presets::g();
        let mut people = people(&["a1", "a2", "a3", "away", "busy", "banned"]);
        if let Some(c) = people.get_mut("away") {
            c.member = false;
        }
        if let Some(c) = people.get_mut("busy") {
            c.other_entry = Some("Конь".into());
        }
        if let Some(c) = people.get_mut("banned") {
            c.unmet = vec![Reason::Banned { until: None }];
        }
        let ctx = Context {
            rules: &g.roster,
            team: "Ладья",
            people: &people,
        };
        let problems = parse("Слон,a1,A1, away,busy,banned,ghost", &ctx).expect_err("bad");
        assert_eq!(
            problems,
            vec![
                Problem::Spaces,
                Problem::WrongTeam {
                    expected: "Ладья".into(),
                    found: "Слон".into()
                },
                Problem::Duplicate { nick: "a1".into() },
                Problem::NotMember {
                    nick: "away".into()
                },
                Problem::InAnotherEntry {
                    nick: "busy".into(),
                    entry: "Конь".into()
                },
                Problem::NotEligible {
                    nick: "banned".into(),
                    reasons: vec![Reason::Banned { until: None }]
                },
                Problem::UnknownNick {
                    nick: "ghost".into()
                },
            ]
        );
    }

    #[test]
    fn g_b13_fewer_than_five_players_is_refused() {
        let g = presets::g();
        let people = people(&TEN);
        let ctx = Context {
            rules: &g.roster,
            team: "Ладья",
            people: &people,
        };
        assert_eq!(
            parse("Ладья,a1,a2,a3,a4", &ctx),
            Err(vec![Problem::TooFewPlayers {
                found: 4,
                needed: 5
            }])
        );
        assert_eq!(
            parse("Ладья,a1,,a3,a4,a5", &ctx),
            Err(vec![Problem::EmptyName { position: 2 }])
        );
        assert_eq!(parse("  ", &ctx), Err(vec![Problem::Empty]));
        let eleven = "Ладья,a1,a2,a3,a4,a5,s1,s2,s3,s4,s5,a1";
        assert!(matches!(
            parse(eleven, &ctx).expect_err("too many").first(),
            Some(Problem::TooManyNames {
                found: 11,
                allowed: 10
            })
        ));
    }

    #[test]
    fn the_form_builds_the_same_line() {
        let line = line_from_fields("Ладья", &["a1", " a2", "a3", "a4", "a5"], &["s1", "", ""]);
        assert_eq!(line, "Ладья,a1,a2,a3,a4,a5,s1");
        let g = presets::g();
        let people = people(&TEN);
        let ctx = Context {
            rules: &g.roster,
            team: "Ладья",
            people: &people,
        };
        assert_eq!(parse(&line, &ctx), parse("Ладья,a1,a2,a3,a4,a5,s1", &ctx));
    }

    #[test]
    fn r_1_8_an_athlete_entered_in_a_parallel_event_is_refused() {
        let r = presets::r();
        let mut people = people(&["a1", "a2", "a3"]);
        if let Some(c) = people.get_mut("a2") {
            c.parallel_event = Some(ParallelEvent::SeriesSport {
                series: "Спартакиада".into(),
                sport: "Волейбол".into(),
            });
        }
        let ctx = Context {
            rules: &r.roster,
            team: "Завод",
            people: &people,
        };
        assert_eq!(
            parse("Завод,a1,a2,a3", &ctx),
            Err(vec![Problem::InParallelEvent {
                nick: "a2".into(),
                event: ParallelEvent::SeriesSport {
                    series: "Спартакиада".into(),
                    sport: "Волейбол".into(),
                }
            }])
        );
        let mut people = people.clone();
        if let Some(c) = people.get_mut("a2") {
            c.parallel_event = None;
        }
        let ctx = Context {
            rules: &r.roster,
            team: "Завод",
            people: &people,
        };
        assert!(parse("Завод,a1,a2,a3", &ctx).is_ok());
    }
}

//! Teams and rosters: names, mottos, membership limits, bans and clones
//! (G-B11, G-B13, G-B21, G-B22, G-B41, G-A7, E-10, E-11).

use std::collections::{BTreeSet, HashMap};

use chrono::NaiveDateTime;

/// Why a roster change or a team name is refused; the web layer words it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RosterRefusal {
    #[error("the name is empty")]
    NameEmpty,
    #[error("the name has {0} characters; 2 to 40 are allowed")]
    NameLength(usize),
    /// G-B13: the line-up is one line `Team,nick,…` with no spaces, so a
    /// team name holds neither spaces nor commas.
    #[error("the name holds a space, a comma or another character that breaks the line-up format")]
    NameCharacters,
    /// G-B13: doubles are named by appending 1, 2, … to the team name, so a
    /// name ending in a digit could be mistaken for a double.
    #[error("the name ends with a digit, which is reserved for doubles")]
    NameEndsWithDigit,
    /// A name as an organization writes it holds no comma (the comma
    /// separates the entry line's fields) and no control character.
    #[error("the name holds a comma or a character names do not have")]
    NameComma,
    #[error("the motto has more than 200 characters")]
    MottoLength,
    /// E-11: at most this many members.
    #[error("the roster is full: at most {max} members")]
    RosterFull { max: u8 },
    /// G-B21 / E-11: at least this many members (checked at entry time).
    #[error("the roster has {found} members; at least {min} are needed")]
    RosterTooSmall { found: usize, min: u8 },
}

/// A team name as the regulations allow it (G-B11, G-B13): 2–40 characters,
/// letters of any alphabet, digits, `_`, `-` and `.`; no spaces or commas;
/// not ending in a digit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamName(String);

impl TeamName {
    pub fn parse(s: &str) -> Result<TeamName, RosterRefusal> {
        let s = s.trim();
        if s.is_empty() {
            return Err(RosterRefusal::NameEmpty);
        }
        let len = s.chars().count();
        if !(2..=40).contains(&len) {
            return Err(RosterRefusal::NameLength(len));
        }
        if !s
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
        {
            return Err(RosterRefusal::NameCharacters);
        }
        if s.ends_with(|c: char| c.is_ascii_digit()) {
            return Err(RosterRefusal::NameEndsWithDigit);
        }
        Ok(TeamName(s.to_owned()))
    }

    /// A name under `rules`: G-B13's form ([`TeamName::parse`]) where the
    /// regulation has doubles, whose numbers are appended to the name and
    /// whose line has no spaces; elsewhere (R, E) the name as the
    /// organization writes it ("НПО Энергомаш", "РКК «Энергия» 2"): 2–40
    /// characters, inner spaces kept single, no comma.
    pub fn parse_for(
        s: &str,
        rules: &crate::regulation::RosterRules,
    ) -> Result<TeamName, RosterRefusal> {
        if rules.doubles_allowed {
            return TeamName::parse(s);
        }
        let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
        if s.is_empty() {
            return Err(RosterRefusal::NameEmpty);
        }
        let len = s.chars().count();
        if !(2..=40).contains(&len) {
            return Err(RosterRefusal::NameLength(len));
        }
        if s.chars().any(|c| c == ',' || c.is_control()) {
            return Err(RosterRefusal::NameComma);
        }
        Ok(TeamName(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The key under which names are unique (G-B41): case-insensitive,
    /// trimmed, `ё` read as `е`.
    pub fn key(&self) -> String {
        name_key(&self.0)
    }
}

/// Case-insensitive comparison key of a name.
pub fn name_key(s: &str) -> String {
    s.trim().to_lowercase().replace('ё', "е")
}

/// The team motto (G-B11): free text up to 200 characters, may be empty.
pub fn parse_motto(s: &str) -> Result<String, RosterRefusal> {
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.chars().count() > 200 {
        Err(RosterRefusal::MottoLength)
    } else {
        Ok(s)
    }
}

/// Roster limits of a regulation, as they apply to roster changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RosterLimits {
    /// G-B21: 5; E-11: 3. Checked when the team enters a tournament.
    pub min_members: u8,
    /// E-11: 5. Checked when a member is added.
    pub max_members: Option<u8>,
}

impl RosterLimits {
    /// E-11: may one more member join a roster of `current` members with
    /// `pending` invitations already out? Invitations count, so that a
    /// captain cannot overfill the roster by inviting many at once.
    pub fn check_add(&self, current: usize) -> Result<(), RosterRefusal> {
        match self.max_members {
            Some(max) if current >= usize::from(max) => Err(RosterRefusal::RosterFull { max }),
            _ => Ok(()),
        }
    }

    /// G-B21 / E-11: is the roster big enough to enter a tournament?
    pub fn check_entry(&self, current: usize) -> Result<(), RosterRefusal> {
        if current < usize::from(self.min_members) {
            Err(RosterRefusal::RosterTooSmall {
                found: current,
                min: self.min_members,
            })
        } else {
            Ok(())
        }
    }
}

/// A period from `from` until `until` (open-ended when `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub from: NaiveDateTime,
    pub until: Option<NaiveDateTime>,
}

impl Period {
    /// Whether the instant lies in the period: from inclusive, until
    /// exclusive (G-B31/B32: membership starts when the nick appears and
    /// ends when it is removed).
    pub fn contains(&self, at: NaiveDateTime) -> bool {
        self.from <= at && self.until.is_none_or(|u| at < u)
    }
}

/// Every account linked to `person` through clone links, `person` included
/// (G-A7: a banned person's other accounts are banned too). Links are
/// undirected; the closure is transitive.
pub fn clone_group(person: i64, links: &[(i64, i64)]) -> BTreeSet<i64> {
    let mut adjacent: HashMap<i64, Vec<i64>> = HashMap::new();
    for &(a, b) in links {
        adjacent.entry(a).or_default().push(b);
        adjacent.entry(b).or_default().push(a);
    }
    let mut group = BTreeSet::from([person]);
    let mut stack = vec![person];
    while let Some(p) = stack.pop() {
        for &q in adjacent.get(&p).map(Vec::as_slice).unwrap_or(&[]) {
            if group.insert(q) {
                stack.push(q);
            }
        }
    }
    group
}

/// G-A7: is a person whose clone group has these bans banned at `at`?
pub fn banned_at(bans_of_group: &[Period], at: NaiveDateTime) -> bool {
    bans_of_group.iter().any(|b| b.contains(at))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn t(day: u32, hour: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 9, day)
            .and_then(|d| d.and_hms_opt(hour, 0, 0))
            .expect("valid date")
    }

    #[test]
    fn g_b13_team_names_fit_the_line_up_format() {
        assert!(TeamName::parse("Ладья").is_ok());
        assert!(TeamName::parse("  Knights_of-Ni ").is_ok());
        assert_eq!(
            TeamName::parse("Two Words"),
            Err(RosterRefusal::NameCharacters)
        );
        assert_eq!(TeamName::parse("A,B"), Err(RosterRefusal::NameCharacters));
        assert_eq!(
            TeamName::parse("Rooks2"),
            Err(RosterRefusal::NameEndsWithDigit)
        );
        assert_eq!(TeamName::parse(" "), Err(RosterRefusal::NameEmpty));
        assert_eq!(TeamName::parse("X"), Err(RosterRefusal::NameLength(1)));
        assert_eq!(
            TeamName::parse(&"я".repeat(41)),
            Err(RosterRefusal::NameLength(41))
        );
    }

    #[test]
    fn r_e_team_names_are_written_as_the_organizations_write_them() {
        let plain = crate::presets::r().roster;
        let name = |s: &str| TeamName::parse_for(s, &plain).map(|n| n.as_str().to_owned());
        assert_eq!(name("  НПО   Энергомаш "), Ok("НПО Энергомаш".to_owned()));
        assert_eq!(name("РКК «Энергия» 2"), Ok("РКК «Энергия» 2".to_owned()));
        assert_eq!(name("Завод, цех 3"), Err(RosterRefusal::NameComma));
        assert_eq!(name("Я"), Err(RosterRefusal::NameLength(1)));
        // G-B13 still binds G's names: its doubles append digits.
        let g = crate::presets::g().roster;
        assert_eq!(
            TeamName::parse_for("Two Words", &g),
            Err(RosterRefusal::NameCharacters)
        );
    }

    #[test]
    fn g_b41_name_keys_ignore_case_spacing_and_yo() {
        let a = TeamName::parse("Ёжики").expect("name");
        let b = TeamName::parse("  ежики ").expect("name");
        assert_eq!(a.key(), b.key());
        assert_ne!(a.key(), TeamName::parse("Ежи").expect("name").key());
    }

    #[test]
    fn mottos_are_tidied_and_bounded() {
        assert_eq!(
            parse_motto("  Вперёд,   к победе! "),
            Ok("Вперёд, к победе!".into())
        );
        assert_eq!(parse_motto(""), Ok(String::new()));
        assert_eq!(
            parse_motto(&"x".repeat(201)),
            Err(RosterRefusal::MottoLength)
        );
    }

    #[test]
    fn e_11_a_roster_holds_three_to_five() {
        let e = RosterLimits {
            min_members: 3,
            max_members: Some(5),
        };
        assert_eq!(e.check_add(4), Ok(()));
        assert_eq!(e.check_add(5), Err(RosterRefusal::RosterFull { max: 5 }));
        assert_eq!(
            e.check_entry(2),
            Err(RosterRefusal::RosterTooSmall { found: 2, min: 3 })
        );
        assert_eq!(e.check_entry(3), Ok(()));
    }

    #[test]
    fn g_b21_at_least_five_and_no_upper_limit() {
        let g = RosterLimits {
            min_members: 5,
            max_members: None,
        };
        assert_eq!(g.check_add(40), Ok(()));
        assert_eq!(
            g.check_entry(4),
            Err(RosterRefusal::RosterTooSmall { found: 4, min: 5 })
        );
    }

    #[test]
    fn g_b31_membership_periods_include_from_and_exclude_until() {
        let p = Period {
            from: t(1, 10),
            until: Some(t(3, 10)),
        };
        assert!(!p.contains(t(1, 9)));
        assert!(p.contains(t(1, 10)));
        assert!(p.contains(t(3, 9)));
        assert!(!p.contains(t(3, 10)));
        let open = Period {
            from: t(1, 10),
            until: None,
        };
        assert!(open.contains(t(30, 23)));
    }

    #[test]
    fn g_a7_clones_share_bans_transitively() {
        let links = [(1, 2), (3, 2), (7, 8)];
        assert_eq!(clone_group(1, &links), BTreeSet::from([1, 2, 3]));
        assert_eq!(clone_group(3, &links), BTreeSet::from([1, 2, 3]));
        assert_eq!(clone_group(5, &links), BTreeSet::from([5]));
        let bans = [Period {
            from: t(2, 0),
            until: Some(t(10, 0)),
        }];
        assert!(!banned_at(&bans, t(1, 12)));
        assert!(banned_at(&bans, t(5, 12)));
        assert!(!banned_at(&bans, t(10, 0)));
    }
}

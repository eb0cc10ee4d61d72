//! Eligibility: may a person play for a team in a tournament, and may the
//! team enter it (G-A7, G-B21, R-1.10, R-2.1, R-2.2, E-11, E-12)?
//!
//! The caller gathers plain facts — the person's employment records,
//! documents, the bans of their whole clone group, club memberships, and the
//! organization tree — and gets back **every** unmet condition, as data
//! ([`Reason`], [`TeamReason`]) with its parameters, so that the web layer
//! can word it in Russian or English. `Display` gives the English wording.
//!
//! When things are judged:
//! * bans and club membership at the tournament's instant
//!   ([`Occasion::at`], UTC; G-B31/B32: eligibility is judged at the moment
//!   of play), periods from inclusive, until exclusive ([`Period`]);
//! * employment and documents on the tournament's calendar date
//!   ([`Occasion::date`], in the championship's time zone), because both
//!   are dated by day. A document is valid on that date when it is approved
//!   and its `valid_until` (inclusive) is not before the date.
//!
//! Employment (E-12, R-2.1): an employment record counts when it is
//! confirmed, its organization is the team's organization or a subsidiary
//! at any depth, it started on or before the tournament date, and it is open
//! or ended (the dismissal date, the last day employed) no earlier than the
//! cut-off `tournament date − N calendar months`. The months are subtracted
//! on the calendar with the day clamped to the end of a shorter month
//! (chrono's `checked_sub_months`): for a tournament on 2026-10-30 and
//! N = 3 the cut-off is 2026-07-30, so a dismissal on 2026-07-31 or
//! 2026-07-30 qualifies and one on 2026-07-29 does not; for 2026-05-31 the
//! cut-off is 2026-02-28. With N = 0 the cut-off is the tournament date
//! itself: the person must be employed on that day (R-2.1, staff only).
//! See [`employment_rule`] for where N comes from.
//!
//! The result never depends on the order of the input lists: reasons come
//! in a fixed order (bans, club, employment, then documents in the order of
//! the regulation).

use std::cmp::Reverse;
use std::collections::{BTreeSet, HashMap};
use std::fmt;

use chrono::{Months, NaiveDate, NaiveDateTime};
use serde::{Deserialize, Serialize};

use super::regulation::{DocumentHolder, DocumentKind, DocumentRequirement, Regulation};
use super::roster::{Period, banned_at};
use league_ids::OrganizationId;

/// When the tournament is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occasion {
    /// The start of the tournament, UTC (bans, club membership).
    pub at: NaiveDateTime,
    /// The tournament's date in the championship's time zone (employment,
    /// documents).
    pub date: NaiveDate,
}

/// Where a document stands in the judges' review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReviewStatus {
    /// Uploaded, not yet reviewed.
    Pending,
    /// Accepted by a reviewer.
    Approved,
    /// Refused by a reviewer.
    Rejected,
}

/// A document of a person or of a team, as far as eligibility cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Document {
    /// What it is.
    pub kind: DocumentKind,
    /// Review status.
    pub status: ReviewStatus,
    /// Last day of validity (inclusive); `None` when it does not expire.
    pub valid_until: Option<NaiveDate>,
}

/// Why a presented document does not count on a date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DocumentProblem {
    /// Not reviewed yet.
    Pending,
    /// Its validity ended before the tournament date.
    Expired {
        /// Last day it was valid.
        valid_until: NaiveDate,
    },
    /// Refused by a reviewer.
    Rejected,
}

impl Document {
    /// Why the document does not count on `date`, or `None` when it does.
    /// A rejection is reported before an expiry, an expiry before a pending
    /// review (approving an expired document would not help).
    pub fn problem_on(&self, date: NaiveDate) -> Option<DocumentProblem> {
        match (self.status, self.valid_until) {
            (ReviewStatus::Rejected, _) => Some(DocumentProblem::Rejected),
            (_, Some(valid_until)) if valid_until < date => {
                Some(DocumentProblem::Expired { valid_until })
            }
            (ReviewStatus::Pending, _) => Some(DocumentProblem::Pending),
            (ReviewStatus::Approved, _) => None,
        }
    }

    /// Approved and not expired on `date`.
    pub fn is_valid_on(&self, date: NaiveDate) -> bool {
        self.problem_on(date).is_none()
    }
}

/// One employment record of a person (E-12, R-2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EmploymentRecord {
    /// The employer.
    pub organization: OrganizationId,
    /// First day employed.
    pub from: NaiveDate,
    /// Dismissal date (last day employed); `None` while still employed.
    pub until: Option<NaiveDate>,
    /// Confirmed by an organizer; only confirmed records count.
    pub confirmed: bool,
}

/// The team's organization and the organization tree, as `(id, parent)`
/// pairs; only needed when the regulation has an employment rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Employer<'a> {
    /// The organization the team represents, if any.
    pub organization: Option<OrganizationId>,
    /// Every organization with its parent (a subsidiary names its parent).
    pub tree: &'a [(OrganizationId, Option<OrganizationId>)],
}

/// What the caller knows about a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PersonFacts<'a> {
    /// Employment records, confirmed or not.
    pub employments: &'a [EmploymentRecord],
    /// The person's documents, in any review status.
    pub documents: &'a [Document],
    /// Bans of the person's whole clone group (G-A7; see
    /// [`super::roster::clone_group`]).
    pub bans: &'a [Period],
    /// Club membership periods (G-A7).
    pub club_memberships: &'a [Period],
}

/// What the caller knows about a team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamFacts<'a> {
    /// The organization the team represents, if any.
    pub organization: Option<OrganizationId>,
    /// The team's documents, in any review status.
    pub documents: &'a [Document],
    /// Members on the roster at the tournament's instant (G-B21, E-11).
    pub members: usize,
}

/// The employment condition of a regulation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmploymentRule {
    /// Rule ID to cite ("E-12", "R-2.1").
    pub rule: String,
    /// Former employees qualify when dismissed no earlier than this many
    /// calendar months before the tournament; 0 = current staff only.
    pub grace_months: u8,
}

/// The employment condition of `regulation`, if any.
///
/// The regulation data has no field of its own for it, so it is derived:
/// * a participant document requirement with `former_employee_months` or
///   asking for [`DocumentKind::EmploymentProof`] is an employment rule
///   with that many months of grace (E-12: 3; none given = 0); with several,
///   the strictest (fewest months) applies, since each must be met;
/// * otherwise a regulation whose teams represent an organization
///   (`roster.organization_required`) admits only its current staff
///   (R-2.1, N = 0). Such teams enter on behalf of their organization
///   (R-1.10, E-10) and the corporate standings credit it, so a
///   player from elsewhere would defeat the point; an organizer who wants
///   outsiders clears `organization_required`.
/// * otherwise (G) there is no employment condition.
pub fn employment_rule(regulation: &Regulation) -> Option<EmploymentRule> {
    let from_documents = regulation
        .documents
        .iter()
        .filter(|r| {
            r.holder == DocumentHolder::Participant
                && (r.former_employee_months.is_some()
                    || r.any_of.contains(&DocumentKind::EmploymentProof))
        })
        .map(|r| EmploymentRule {
            rule: r.rule.clone(),
            grace_months: r.former_employee_months.unwrap_or(0),
        })
        .min_by(|a, b| (a.grace_months, &a.rule).cmp(&(b.grace_months, &b.rule)));
    from_documents.or_else(|| {
        regulation
            .roster
            .organization_required
            .then(|| EmploymentRule {
                rule: "R-2.1".into(),
                grace_months: 0,
            })
    })
}

/// The earliest dismissal date that still qualifies: `date` minus `months`
/// calendar months, the day clamped to the end of a shorter month.
pub fn dismissal_cutoff(date: NaiveDate, months: u8) -> NaiveDate {
    date.checked_sub_months(Months::new(u32::from(months)))
        .unwrap_or(NaiveDate::MIN)
}

/// `root` and every organization below it at any depth. The tree is read
/// as given: duplicate rows and cycles in bad data are tolerated (each
/// organization is visited once).
pub fn organization_subtree(
    root: OrganizationId,
    tree: &[(OrganizationId, Option<OrganizationId>)],
) -> BTreeSet<OrganizationId> {
    let mut children: HashMap<OrganizationId, Vec<OrganizationId>> = HashMap::new();
    for &(id, parent) in tree {
        if let Some(parent) = parent {
            children.entry(parent).or_default().push(id);
        }
    }
    let mut seen = BTreeSet::from([root]);
    let mut stack = vec![root];
    while let Some(org) = stack.pop() {
        for &child in children.get(&org).map(Vec::as_slice).unwrap_or(&[]) {
            if seen.insert(child) {
                stack.push(child);
            }
        }
    }
    seen
}

/// The enterprise `org` belongs to: the organization at the top of its
/// line of parents (E-12: a subsidiary's people are the enterprise's, so
/// E-10's "one team per enterprise" counts every organization of
/// [`organization_subtree`] of this one). A cycle in bad data ends the
/// walk at the last organization not yet seen.
pub fn enterprise_of(
    org: OrganizationId,
    tree: &[(OrganizationId, Option<OrganizationId>)],
) -> OrganizationId {
    let parents: HashMap<OrganizationId, OrganizationId> = tree
        .iter()
        .filter_map(|&(id, parent)| parent.map(|p| (id, p)))
        .collect();
    let mut seen = BTreeSet::from([org]);
    let mut top = org;
    while let Some(&parent) = parents.get(&top) {
        if !seen.insert(parent) {
            break;
        }
        top = parent;
    }
    top
}

/// A document requirement that the presented documents do not meet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentShortfall {
    /// Rule ID of the requirement ("R-2.2", "R-1.10", "E-12").
    pub rule: String,
    /// Any one of these, approved and valid, would do.
    pub any_of: Vec<DocumentKind>,
    /// Acceptable kinds that were presented but do not count, with why
    /// (one entry per kind, in the order of `any_of`; for several documents
    /// of a kind, the most hopeful: pending, else the latest expiry, else
    /// rejected).
    pub presented: Vec<(DocumentKind, DocumentProblem)>,
}

impl fmt::Display for DocumentShortfall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: no valid ", self.rule)?;
        for (i, kind) in self.any_of.iter().enumerate() {
            if i > 0 {
                f.write_str(" or ")?;
            }
            write!(f, "{kind}")?;
        }
        if !self.presented.is_empty() {
            f.write_str(" (")?;
            for (i, (kind, problem)) in self.presented.iter().enumerate() {
                if i > 0 {
                    f.write_str("; ")?;
                }
                match problem {
                    DocumentProblem::Pending => write!(f, "{kind} awaiting review")?,
                    DocumentProblem::Expired { valid_until } => {
                        write!(f, "{kind} valid only until {valid_until}")?
                    }
                    DocumentProblem::Rejected => write!(f, "{kind} rejected")?,
                }
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// Why a person may not play for the team in the tournament.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Reason {
    /// G-A7: the person or one of their clones is banned at the instant.
    /// `until` is the end of the continuous span of bans covering the
    /// instant (`None`: indefinitely).
    #[error("G-A7: banned {}", until_text(.until))]
    Banned {
        /// When the ban (with any ban following without a gap) ends.
        until: Option<NaiveDateTime>,
    },
    /// G-A7: not a valid club member at the instant.
    #[error("G-A7: not a club member at the time of the tournament")]
    NotClubMember,
    /// The regulation asks for employment but the team represents no
    /// organization, so no employment can qualify.
    #[error("{rule}: the team represents no organization, so employment cannot qualify")]
    TeamWithoutOrganization {
        /// Rule ID of the employment rule.
        rule: String,
    },
    /// E-12 / R-2.1: no confirmed employment record qualifies, and no
    /// unconfirmed one would.
    #[error("{}", employment_text(.rule, .organization, .grace_months, .cutoff, false))]
    NotEmployed {
        /// Rule ID of the employment rule.
        rule: String,
        /// The team's organization (its subsidiaries count too).
        organization: OrganizationId,
        /// Months of grace for former employees (0: staff only).
        grace_months: u8,
        /// Earliest dismissal date that qualifies (the tournament date
        /// when `grace_months` is 0).
        cutoff: NaiveDate,
    },
    /// E-12 / R-2.1: only unconfirmed employment records would qualify.
    #[error("{}", employment_text(.rule, .organization, .grace_months, .cutoff, true))]
    EmploymentUnconfirmed {
        /// Rule ID of the employment rule.
        rule: String,
        /// The team's organization (its subsidiaries count too).
        organization: OrganizationId,
        /// Months of grace for former employees (0: staff only).
        grace_months: u8,
        /// Earliest dismissal date that qualifies.
        cutoff: NaiveDate,
    },
    /// R-2.2 / E-12: a required document is missing, unapproved or expired.
    #[error("{0}")]
    MissingDocument(DocumentShortfall),
}

impl Reason {
    /// The rule ID the reason enforces.
    pub fn rule(&self) -> &str {
        match self {
            Reason::Banned { .. } | Reason::NotClubMember => "G-A7",
            Reason::TeamWithoutOrganization { rule }
            | Reason::NotEmployed { rule, .. }
            | Reason::EmploymentUnconfirmed { rule, .. } => rule,
            Reason::MissingDocument(s) => &s.rule,
        }
    }
}

fn until_text(until: &Option<NaiveDateTime>) -> String {
    match until {
        Some(u) => format!("until {} UTC", u.format("%Y-%m-%d %H:%M")),
        None => "indefinitely".into(),
    }
}

fn employment_text(
    rule: &str,
    organization: &OrganizationId,
    grace_months: &u8,
    cutoff: &NaiveDate,
    unconfirmed: bool,
) -> String {
    let condition = if *grace_months == 0 {
        format!("employed on {cutoff} by organization {organization} or a subsidiary")
    } else {
        format!(
            "employed by organization {organization} or a subsidiary, or dismissed from one \
             on or after {cutoff} ({grace_months} months before the tournament)"
        )
    };
    if unconfirmed {
        format!("{rule}: {condition} only by unconfirmed records")
    } else {
        format!("{rule}: not {condition}")
    }
}

/// Why a team may not enter the tournament.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamReason {
    /// E-10: the regulation's teams enter on behalf of an
    /// organization, and this one represents none.
    #[error("R-1.10/E-10: the team represents no organization")]
    NoOrganization,
    /// a team document is missing, unapproved or expired.
    #[error("{0}")]
    MissingDocument(DocumentShortfall),
    /// G-B21, E-11: the roster is outside the regulation's limits.
    #[error("G-B21/E-11: the roster has {found} members; {}", size_text(.min, .max))]
    RosterSize {
        /// Members on the roster.
        found: usize,
        /// Fewest allowed.
        min: u8,
        /// Most allowed, if limited.
        max: Option<u8>,
    },
}

fn size_text(min: &u8, max: &Option<u8>) -> String {
    match max {
        Some(max) => format!("{min} to {max} are required"),
        None => format!("at least {min} are required"),
    }
}

/// Every unmet condition; empty when eligible.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Eligibility<R> {
    /// Unmet conditions in a fixed order.
    pub unmet: Vec<R>,
}

impl<R> Eligibility<R> {
    /// No condition is unmet.
    pub fn is_eligible(&self) -> bool {
        self.unmet.is_empty()
    }
}

/// Why a player may not play for their team at a moment of the tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unfit {
    /// G-A7: banned at that moment — their own ban or a clone's (`clone_of`
    /// names the banned account then) — from `since` until `until`
    /// (`None`: indefinitely).
    Banned {
        since: NaiveDateTime,
        until: Option<NaiveDateTime>,
        clone_of: Option<String>,
    },
    /// Another condition of the regulation unmet at that moment (G-A7 club
    /// membership, E-12 / R-2.1 employment, R-2.2 / E-12 documents).
    Condition(Reason),
    /// G-B31/B32: no longer on the team's roster.
    NotOnRoster,
    /// A sanction in force removes the person (G-G7, …): its rule code.
    Sanctioned { code: String },
    /// ..R-2.4: not admitted at the day's check-in (not checked in
    /// yet, or turned away).
    NotAdmitted,
}

impl Unfit {
    /// The rules of a championship's regulation (`preset`: its code, see
    /// [`crate::regulation::Regulation::code`]) that this reason breaks;
    /// empty where that regulation numbers none (a platform ban in R or E).
    /// A rule of one preset is never cited in a championship under another.
    pub fn rules_in(&self, preset: &str) -> Vec<&str> {
        match (self, preset) {
            (Unfit::Banned { .. }, "G") => vec!["G-A7"],
            (Unfit::NotOnRoster, "G") => vec!["G-B31", "G-B32"],
            (Unfit::NotOnRoster, "E") => vec!["E-11"],
            (Unfit::NotOnRoster, "R") => vec!["R-1.4"],
            (Unfit::NotAdmitted, "R") => vec!["R-2.2–2.4"],
            (Unfit::Condition(r), _) => vec![r.rule()],
            (Unfit::Sanctioned { code }, _) => vec![code.as_str()],
            _ => Vec::new(),
        }
    }
}

/// May the person play for the team (`employer`) in the tournament held at
/// `occasion` under `regulation`? Lists every unmet condition, in the order
/// G-A7 ban, G-A7 club membership, employment (E-12 / R-2.1), then the
/// participant's document requirements (R-2.2, E-12) in regulation order.
pub fn person_eligibility(
    regulation: &Regulation,
    occasion: Occasion,
    employer: &Employer<'_>,
    person: &PersonFacts<'_>,
) -> Eligibility<Reason> {
    let mut unmet = Vec::new();
    if let Some(until) = ban_end(person.bans, occasion.at) {
        unmet.push(Reason::Banned { until });
    }
    if regulation.roster.club_membership_required
        && !person
            .club_memberships
            .iter()
            .any(|m| m.contains(occasion.at))
    {
        unmet.push(Reason::NotClubMember);
    }
    if let Some(rule) = employment_rule(regulation) {
        unmet.extend(employment_reason(
            rule,
            occasion.date,
            employer,
            person.employments,
        ));
    }
    unmet.extend(
        shortfalls(
            &regulation.documents,
            DocumentHolder::Participant,
            occasion.date,
            person.documents,
        )
        .map(Reason::MissingDocument),
    );
    Eligibility { unmet }
}

/// May the team enter the tournament held on `date`? Lists every unmet
/// condition: the organization it must represent (R-1.10, E-10), the team's
/// document requirements in regulation order, then the roster size
/// (G-B21, E-11). The players are checked one by one with
/// [`person_eligibility`].
pub fn team_eligibility(
    regulation: &Regulation,
    date: NaiveDate,
    team: &TeamFacts<'_>,
) -> Eligibility<TeamReason> {
    let mut unmet = Vec::new();
    if regulation.roster.organization_required && team.organization.is_none() {
        unmet.push(TeamReason::NoOrganization);
    }
    unmet.extend(
        shortfalls(
            &regulation.documents,
            DocumentHolder::Team,
            date,
            team.documents,
        )
        .map(TeamReason::MissingDocument),
    );
    let (min, max) = (regulation.roster.min_members, regulation.roster.max_members);
    if team.members < usize::from(min) || max.is_some_and(|max| team.members > usize::from(max)) {
        unmet.push(TeamReason::RosterSize {
            found: team.members,
            min,
            max,
        });
    }
    Eligibility { unmet }
}

/// G-A7: if banned at `at`, the end of the continuous span of bans that
/// covers it (`Some(None)`: indefinitely).
fn ban_end(bans: &[Period], at: NaiveDateTime) -> Option<Option<NaiveDateTime>> {
    if !banned_at(bans, at) {
        return None;
    }
    // Grow the end while some ban starts at or before it and ends later.
    // The end only moves forward, so this stops; the fixed point is the
    // end of the union's component holding `at`, whatever the order.
    let mut end = at;
    loop {
        let mut moved = false;
        for b in bans {
            if b.from <= end {
                match b.until {
                    None => return Some(None),
                    Some(u) if u > end => {
                        end = u;
                        moved = true;
                    }
                    Some(_) => {}
                }
            }
        }
        if !moved {
            return Some(Some(end));
        }
    }
}

fn employment_reason(
    rule: EmploymentRule,
    date: NaiveDate,
    employer: &Employer<'_>,
    records: &[EmploymentRecord],
) -> Option<Reason> {
    let Some(organization) = employer.organization else {
        return Some(Reason::TeamWithoutOrganization { rule: rule.rule });
    };
    let eligible_orgs = organization_subtree(organization, employer.tree);
    let cutoff = dismissal_cutoff(date, rule.grace_months);
    let qualifies = |r: &EmploymentRecord| {
        eligible_orgs.contains(&r.organization)
            && r.from <= date
            && r.until.is_none_or(|u| u >= cutoff && u >= r.from)
    };
    if records.iter().any(|r| r.confirmed && qualifies(r)) {
        None
    } else if records.iter().any(qualifies) {
        Some(Reason::EmploymentUnconfirmed {
            rule: rule.rule,
            organization,
            grace_months: rule.grace_months,
            cutoff,
        })
    } else {
        Some(Reason::NotEmployed {
            rule: rule.rule,
            organization,
            grace_months: rule.grace_months,
            cutoff,
        })
    }
}

/// The participants' requirements (R-2.2, E-12) that `documents` do not
/// meet on `date`: what the check-in desk shows beside each person.
pub fn participant_shortfalls(
    requirements: &[DocumentRequirement],
    date: NaiveDate,
    documents: &[Document],
) -> Vec<DocumentShortfall> {
    shortfalls(requirements, DocumentHolder::Participant, date, documents).collect()
}

/// The requirements of `holder` that `documents` do not meet on `date`.
fn shortfalls<'a>(
    requirements: &'a [DocumentRequirement],
    holder: DocumentHolder,
    date: NaiveDate,
    documents: &'a [Document],
) -> impl Iterator<Item = DocumentShortfall> + 'a {
    requirements
        .iter()
        .filter(move |r| r.holder == holder)
        .filter(move |r| {
            !documents
                .iter()
                .any(|d| r.any_of.contains(&d.kind) && d.is_valid_on(date))
        })
        .map(move |r| {
            let mut kinds: Vec<DocumentKind> = Vec::new();
            for &k in &r.any_of {
                if !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
            let presented = kinds
                .into_iter()
                .filter_map(|k| {
                    documents
                        .iter()
                        .filter(|d| d.kind == k)
                        .filter_map(|d| d.problem_on(date))
                        .min_by_key(|p| match *p {
                            DocumentProblem::Pending => (0, Reverse(NaiveDate::MIN)),
                            DocumentProblem::Expired { valid_until } => (1, Reverse(valid_until)),
                            DocumentProblem::Rejected => (2, Reverse(NaiveDate::MIN)),
                        })
                        .map(|p| (k, p))
                })
                .collect();
            DocumentShortfall {
                rule: r.rule.clone(),
                any_of: r.any_of.clone(),
                presented,
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::{e, g, r};
    use crate::roster::clone_group;
    use DocumentKind::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).expect("valid date")
    }

    fn at(date: NaiveDate, hour: u32) -> NaiveDateTime {
        date.and_hms_opt(hour, 0, 0).expect("valid time")
    }

    #[test]
    fn g_a7_g_b31_unfit_reasons_cite_only_the_championships_own_regulation() {
        let banned = Unfit::Banned {
            since: at(d(2026, 9, 1), 0),
            until: None,
            clone_of: None,
        };
        assert_eq!(banned.rules_in(&g().code), ["G-A7"]);
        assert!(banned.rules_in(&r().code).is_empty());
        assert!(banned.rules_in(&e().code).is_empty());
        assert_eq!(Unfit::NotOnRoster.rules_in(&g().code), ["G-B31", "G-B32"]);
        assert_eq!(Unfit::NotOnRoster.rules_in(&e().code), ["E-11"]);
        assert_eq!(Unfit::NotAdmitted.rules_in(&r().code), ["R-2.2–2.4"]);
        assert!(Unfit::NotAdmitted.rules_in(&g().code).is_empty());
        for (preset, reasons) in [
            ("G", [banned.clone(), Unfit::NotOnRoster]),
            ("E", [banned, Unfit::NotOnRoster]),
        ] {
            for u in &reasons {
                for rule in u.rules_in(preset) {
                    assert!(rule.starts_with(&format!("{preset}-")), "{preset}: {rule}");
                }
            }
        }
    }

    const ENTERPRISE: OrganizationId = OrganizationId(1);
    const SUBSIDIARY: OrganizationId = OrganizationId(2);
    const GRANDCHILD: OrganizationId = OrganizationId(3);
    const ELSEWHERE: OrganizationId = OrganizationId(9);

    fn tree() -> Vec<(OrganizationId, Option<OrganizationId>)> {
        vec![
            (ENTERPRISE, None),
            (SUBSIDIARY, Some(ENTERPRISE)),
            (GRANDCHILD, Some(SUBSIDIARY)),
            (ELSEWHERE, None),
        ]
    }

    /// A tournament on 2026-10-30 at 15:15 UTC (18:15 Moscow).
    fn occasion() -> Occasion {
        Occasion {
            at: d(2026, 10, 30).and_hms_opt(15, 15, 0).expect("time"),
            date: d(2026, 10, 30),
        }
    }

    fn job(org: OrganizationId, until: Option<NaiveDate>, confirmed: bool) -> EmploymentRecord {
        EmploymentRecord {
            organization: org,
            from: d(2020, 1, 15),
            until,
            confirmed,
        }
    }

    fn approved(kind: DocumentKind) -> Document {
        Document {
            kind,
            status: ReviewStatus::Approved,
            valid_until: None,
        }
    }

    fn doc(kind: DocumentKind, status: ReviewStatus, valid_until: Option<NaiveDate>) -> Document {
        Document {
            kind,
            status,
            valid_until,
        }
    }

    fn check(
        reg: &Regulation,
        occasion: Occasion,
        team_org: Option<OrganizationId>,
        tree: &[(OrganizationId, Option<OrganizationId>)],
        person: PersonFacts<'_>,
    ) -> Vec<Reason> {
        let employer = Employer {
            organization: team_org,
            tree,
        };
        person_eligibility(reg, occasion, &employer, &person).unmet
    }

    /// Reasons under E for a person with these records and an approved
    /// employment proof, playing for ENTERPRISE on 2026-10-30.
    fn under_e(employments: &[EmploymentRecord]) -> Vec<Reason> {
        under_e_on(occasion(), employments)
    }

    fn under_e_on(occasion: Occasion, employments: &[EmploymentRecord]) -> Vec<Reason> {
        check(
            &e(),
            occasion,
            Some(ENTERPRISE),
            &tree(),
            PersonFacts {
                employments,
                documents: &[approved(EmploymentProof)],
                bans: &[],
                club_memberships: &[],
            },
        )
    }

    fn not_employed(cutoff: NaiveDate) -> Reason {
        Reason::NotEmployed {
            rule: "E-12".into(),
            organization: ENTERPRISE,
            grace_months: 3,
            cutoff,
        }
    }

    #[test]
    fn e_12_current_employee_is_eligible() {
        assert_eq!(under_e(&[job(ENTERPRISE, None, true)]), vec![]);
        // Dismissed on the tournament day: still employed that day.
        assert_eq!(
            under_e(&[job(ENTERPRISE, Some(d(2026, 10, 30)), true)]),
            vec![]
        );
        // Hired after the tournament: not (yet) an employee.
        let later = EmploymentRecord {
            from: d(2026, 10, 31),
            ..job(ENTERPRISE, None, true)
        };
        assert_eq!(under_e(&[later]), vec![not_employed(d(2026, 7, 30))]);
        // Nobody's employee.
        assert_eq!(under_e(&[]), vec![not_employed(d(2026, 7, 30))]);
    }

    #[test]
    fn e_12_dismissed_two_months_before_is_eligible() {
        assert_eq!(
            under_e(&[job(ENTERPRISE, Some(d(2026, 8, 30)), true)]),
            vec![]
        );
        // Calendar months: 2026-10-30 − 3 months = 2026-07-30, inclusive.
        assert_eq!(dismissal_cutoff(d(2026, 10, 30), 3), d(2026, 7, 30));
        assert_eq!(
            under_e(&[job(ENTERPRISE, Some(d(2026, 7, 31)), true)]),
            vec![]
        );
        assert_eq!(
            under_e(&[job(ENTERPRISE, Some(d(2026, 7, 30)), true)]),
            vec![]
        );
        assert_eq!(
            under_e(&[job(ENTERPRISE, Some(d(2026, 7, 29)), true)]),
            vec![not_employed(d(2026, 7, 30))]
        );
    }

    #[test]
    fn e_12_month_arithmetic_clamps_to_the_end_of_a_shorter_month() {
        let may_31 = Occasion {
            at: at(d(2026, 5, 31), 15),
            date: d(2026, 5, 31),
        };
        assert_eq!(dismissal_cutoff(d(2026, 5, 31), 3), d(2026, 2, 28));
        assert_eq!(dismissal_cutoff(d(2028, 5, 31), 3), d(2028, 2, 29));
        assert_eq!(
            under_e_on(may_31, &[job(ENTERPRISE, Some(d(2026, 2, 28)), true)]),
            vec![]
        );
        assert_eq!(
            under_e_on(may_31, &[job(ENTERPRISE, Some(d(2026, 2, 27)), true)]),
            vec![not_employed(d(2026, 2, 28))]
        );
    }

    #[test]
    fn e_12_dismissed_four_months_before_is_not() {
        let reasons = under_e(&[job(ENTERPRISE, Some(d(2026, 6, 30)), true)]);
        assert_eq!(reasons, vec![not_employed(d(2026, 7, 30))]);
        assert_eq!(
            reasons[0].to_string(),
            "E-12: not employed by organization 1 or a subsidiary, or dismissed from one \
             on or after 2026-07-30 (3 months before the tournament)"
        );
    }

    #[test]
    fn e_12_subsidiary_employee_is_eligible() {
        assert_eq!(under_e(&[job(SUBSIDIARY, None, true)]), vec![]);
        assert_eq!(under_e(&[job(GRANDCHILD, None, true)]), vec![]);
        assert_eq!(
            under_e(&[job(GRANDCHILD, Some(d(2026, 9, 1)), true)]),
            vec![]
        );
        assert_eq!(
            under_e(&[job(ELSEWHERE, None, true)]),
            vec![not_employed(d(2026, 7, 30))]
        );
        // Only downwards: a team of the subsidiary does not admit the
        // parent's employees.
        let parents_employee = check(
            &e(),
            occasion(),
            Some(SUBSIDIARY),
            &tree(),
            PersonFacts {
                employments: &[job(ENTERPRISE, None, true)],
                documents: &[approved(EmploymentProof)],
                bans: &[],
                club_memberships: &[],
            },
        );
        assert!(matches!(
            parents_employee.as_slice(),
            [Reason::NotEmployed { organization, .. }] if *organization == SUBSIDIARY
        ));
        // A cycle in bad data ends the walk instead of looping.
        let cyclic = [
            (ENTERPRISE, Some(GRANDCHILD)),
            (SUBSIDIARY, Some(ENTERPRISE)),
            (GRANDCHILD, Some(SUBSIDIARY)),
            (ELSEWHERE, None),
        ];
        assert_eq!(
            organization_subtree(SUBSIDIARY, &cyclic),
            BTreeSet::from([ENTERPRISE, SUBSIDIARY, GRANDCHILD])
        );
        assert_eq!(
            organization_subtree(ELSEWHERE, &cyclic),
            BTreeSet::from([ELSEWHERE])
        );
    }

    #[test]
    fn e_10_a_subsidiary_belongs_to_the_enterprise_at_the_top_of_its_tree() {
        assert_eq!(enterprise_of(GRANDCHILD, &tree()), ENTERPRISE);
        assert_eq!(enterprise_of(SUBSIDIARY, &tree()), ENTERPRISE);
        assert_eq!(enterprise_of(ENTERPRISE, &tree()), ENTERPRISE);
        assert_eq!(enterprise_of(ELSEWHERE, &tree()), ELSEWHERE);
        // Not in the tree at all: its own enterprise.
        assert_eq!(
            enterprise_of(OrganizationId(42), &tree()),
            OrganizationId(42)
        );
        // A cycle in bad data ends the walk instead of looping.
        let cyclic = [
            (ENTERPRISE, Some(GRANDCHILD)),
            (SUBSIDIARY, Some(ENTERPRISE)),
            (GRANDCHILD, Some(SUBSIDIARY)),
        ];
        assert_eq!(enterprise_of(SUBSIDIARY, &cyclic), GRANDCHILD);
    }

    #[test]
    fn e_12_unconfirmed_employment_does_not_count() {
        let unconfirmed = Reason::EmploymentUnconfirmed {
            rule: "E-12".into(),
            organization: ENTERPRISE,
            grace_months: 3,
            cutoff: d(2026, 7, 30),
        };
        assert_eq!(
            under_e(&[job(SUBSIDIARY, None, false)]),
            vec![unconfirmed.clone()]
        );
        // A confirmed record that does not qualify does not help.
        assert_eq!(
            under_e(&[
                job(SUBSIDIARY, None, false),
                job(ENTERPRISE, Some(d(2025, 1, 1)), true),
                job(ELSEWHERE, None, true),
            ]),
            vec![unconfirmed.clone()]
        );
        assert!(
            unconfirmed
                .to_string()
                .contains("only by unconfirmed records")
        );
        // Unconfirmed and not qualifying either: plainly not employed.
        assert_eq!(
            under_e(&[job(ELSEWHERE, None, false)]),
            vec![not_employed(d(2026, 7, 30))]
        );
        assert_eq!(
            under_e(&[job(SUBSIDIARY, None, false), job(SUBSIDIARY, None, true)]),
            vec![]
        );
    }

    #[test]
    fn e_12_employment_proof_is_required_as_well() {
        let reasons = check(
            &e(),
            occasion(),
            Some(ENTERPRISE),
            &tree(),
            PersonFacts {
                employments: &[job(ENTERPRISE, None, true)],
                documents: &[],
                bans: &[],
                club_memberships: &[],
            },
        );
        assert_eq!(
            reasons,
            vec![Reason::MissingDocument(DocumentShortfall {
                rule: "E-12".into(),
                any_of: vec![EmploymentProof],
                presented: vec![],
            })]
        );
    }

    #[test]
    fn r_2_1_staff_only_and_where_the_rule_comes_from() {
        assert_eq!(
            employment_rule(&r()),
            Some(EmploymentRule {
                rule: "R-2.1".into(),
                grace_months: 0
            })
        );
        assert_eq!(
            employment_rule(&e()),
            Some(EmploymentRule {
                rule: "E-12".into(),
                grace_months: 3
            })
        );
        assert_eq!(employment_rule(&g()), None);
        let r_docs = [
            approved(OriginalApplication),
            approved(Waiver),
            approved(PassportCopy),
        ];
        let person = |employments| PersonFacts {
            employments,
            documents: &r_docs,
            bans: &[],
            club_memberships: &[],
        };
        let staff = [job(GRANDCHILD, None, true)];
        assert_eq!(
            check(&r(), occasion(), Some(ENTERPRISE), &tree(), person(&staff)),
            vec![]
        );
        // Under R a month's dismissal is already too much.
        let former = [job(ENTERPRISE, Some(d(2026, 9, 30)), true)];
        let reasons = check(&r(), occasion(), Some(ENTERPRISE), &tree(), person(&former));
        assert_eq!(
            reasons,
            vec![Reason::NotEmployed {
                rule: "R-2.1".into(),
                organization: ENTERPRISE,
                grace_months: 0,
                cutoff: d(2026, 10, 30),
            }]
        );
        assert_eq!(
            reasons[0].to_string(),
            "R-2.1: not employed on 2026-10-30 by organization 1 or a subsidiary"
        );
        // A team without an organization cannot admit anyone under R.
        assert_eq!(
            check(&r(), occasion(), None, &tree(), person(&staff)),
            vec![Reason::TeamWithoutOrganization {
                rule: "R-2.1".into()
            }]
        );
        // Without organizations (G) employment is not asked for.
        let mut open = r();
        open.roster.organization_required = false;
        assert_eq!(check(&open, occasion(), None, &[], person(&[])), vec![]);
    }

    /// A current employee of ENTERPRISE under R with these documents.
    fn under_r(documents: &[Document]) -> Vec<Reason> {
        check(
            &r(),
            occasion(),
            Some(ENTERPRISE),
            &tree(),
            PersonFacts {
                employments: &[job(ENTERPRISE, None, true)],
                documents,
                bans: &[],
                club_memberships: &[],
            },
        )
    }

    fn medical_or_waiver(presented: Vec<(DocumentKind, DocumentProblem)>) -> Reason {
        Reason::MissingDocument(DocumentShortfall {
            rule: "R-2.2".into(),
            any_of: vec![MedicalCertificate, Waiver],
            presented,
        })
    }

    #[test]
    fn r_2_2_waiver_instead_of_certificate() {
        let base = [approved(OriginalApplication), approved(PassportCopy)];
        let with = |extra: &[Document]| {
            let mut docs = base.to_vec();
            docs.extend_from_slice(extra);
            under_r(&docs)
        };
        assert_eq!(with(&[approved(Waiver)]), vec![]);
        assert_eq!(with(&[approved(MedicalCertificate)]), vec![]);
        assert_eq!(
            with(&[approved(MedicalCertificate), approved(Waiver)]),
            vec![]
        );
        // An invalid certificate does not matter when the waiver is valid.
        assert_eq!(
            with(&[
                doc(MedicalCertificate, ReviewStatus::Rejected, None),
                approved(Waiver)
            ]),
            vec![]
        );
        assert_eq!(with(&[]), vec![medical_or_waiver(vec![])]);
        assert_eq!(
            with(&[]).first().map(ToString::to_string),
            Some("R-2.2: no valid medical certificate or signed waiver".into())
        );
    }

    #[test]
    fn r_2_2_expired_or_rejected_document_does_not_count() {
        let day_before = Some(d(2026, 10, 29));
        let reasons = under_r(&[
            approved(OriginalApplication),
            doc(PassportCopy, ReviewStatus::Rejected, None),
            doc(MedicalCertificate, ReviewStatus::Approved, day_before),
            doc(Waiver, ReviewStatus::Pending, None),
        ]);
        assert_eq!(
            reasons,
            vec![
                medical_or_waiver(vec![
                    (
                        MedicalCertificate,
                        DocumentProblem::Expired {
                            valid_until: d(2026, 10, 29)
                        }
                    ),
                    (Waiver, DocumentProblem::Pending),
                ]),
                Reason::MissingDocument(DocumentShortfall {
                    rule: "R-2.2".into(),
                    any_of: vec![PassportCopy],
                    presented: vec![(PassportCopy, DocumentProblem::Rejected)],
                }),
            ]
        );
        assert_eq!(
            reasons[0].to_string(),
            "R-2.2: no valid medical certificate or signed waiver \
             (medical certificate valid only until 2026-10-29; signed waiver awaiting review)"
        );
        // Valid through the tournament day itself.
        let on_the_day = doc(
            MedicalCertificate,
            ReviewStatus::Approved,
            Some(d(2026, 10, 30)),
        );
        assert!(on_the_day.is_valid_on(d(2026, 10, 30)));
        assert!(!on_the_day.is_valid_on(d(2026, 10, 31)));
        assert_eq!(
            under_r(&[
                approved(OriginalApplication),
                approved(PassportCopy),
                on_the_day
            ]),
            vec![]
        );
        // A rejected document stays rejected even if not expired; a pending
        // expired one is reported as expired (approval would not help).
        assert_eq!(
            doc(Waiver, ReviewStatus::Rejected, Some(d(2027, 1, 1))).problem_on(d(2026, 10, 30)),
            Some(DocumentProblem::Rejected)
        );
        assert_eq!(
            doc(Waiver, ReviewStatus::Pending, day_before).problem_on(d(2026, 10, 30)),
            Some(DocumentProblem::Expired {
                valid_until: d(2026, 10, 29)
            })
        );
        // Of several documents of a kind the most hopeful is reported.
        assert_eq!(
            under_r(&[
                approved(OriginalApplication),
                approved(PassportCopy),
                doc(Waiver, ReviewStatus::Rejected, None),
                doc(Waiver, ReviewStatus::Approved, Some(d(2026, 1, 1))),
                doc(Waiver, ReviewStatus::Approved, Some(d(2026, 9, 1))),
            ]),
            vec![medical_or_waiver(vec![(
                Waiver,
                DocumentProblem::Expired {
                    valid_until: d(2026, 9, 1)
                }
            )])]
        );
    }

    #[test]
    fn r_2_2_all_missing_documents_are_listed() {
        let reasons = under_r(&[]);
        let missing: Vec<Vec<DocumentKind>> = reasons
            .iter()
            .map(|reason| match reason {
                Reason::MissingDocument(s) => s.any_of.clone(),
                other => panic!("unexpected {other}"),
            })
            .collect();
        // In regulation order; the team's application is not the
        // participant's business.
        assert_eq!(
            missing,
            vec![
                vec![OriginalApplication],
                vec![MedicalCertificate, Waiver],
                vec![PassportCopy],
            ]
        );
        assert!(reasons.iter().all(|r| r.rule() == "R-2.2"));
        // One of three present: the other two are listed.
        assert_eq!(under_r(&[approved(Waiver)]).len(), 2);
    }

    fn team(documents: &[Document], members: usize) -> TeamFacts<'_> {
        TeamFacts {
            organization: Some(ENTERPRISE),
            documents,
            members,
        }
    }

    #[test]
    fn r_1_10_team_application_required() {
        let missing = |presented| {
            TeamReason::MissingDocument(DocumentShortfall {
                rule: "R-1.10".into(),
                any_of: vec![SignedTeamApplication],
                presented,
            })
        };
        let date = occasion().date;
        assert_eq!(
            team_eligibility(&r(), date, &team(&[], 3)).unmet,
            vec![missing(vec![])]
        );
        assert_eq!(
            team_eligibility(
                &r(),
                date,
                &team(
                    &[doc(SignedTeamApplication, ReviewStatus::Pending, None)],
                    3
                )
            )
            .unmet,
            vec![missing(vec![(
                SignedTeamApplication,
                DocumentProblem::Pending
            )])]
        );
        assert!(
            team_eligibility(&r(), date, &team(&[approved(SignedTeamApplication)], 3))
                .is_eligible()
        );
        // A participant's document is not the team's application.
        assert_eq!(
            team_eligibility(&r(), date, &team(&[approved(OriginalApplication)], 3)).unmet,
            vec![missing(vec![])]
        );
        // G and E ask for no team document.
        assert!(
            team_eligibility(
                &g(),
                date,
                &TeamFacts {
                    organization: None,
                    documents: &[],
                    members: 5
                }
            )
            .is_eligible()
        );
        assert!(team_eligibility(&e(), date, &team(&[], 3)).is_eligible());
    }

    #[test]
    fn r_1_10_e_10_g_b21_e_11_team_conditions_are_all_listed() {
        let date = occasion().date;
        let lone = TeamFacts {
            organization: None,
            documents: &[],
            members: 2,
        };
        let unmet = team_eligibility(&r(), date, &lone).unmet;
        assert_eq!(unmet.len(), 3);
        assert_eq!(unmet[0], TeamReason::NoOrganization);
        assert!(matches!(unmet[1], TeamReason::MissingDocument(_)));
        assert_eq!(
            unmet[2],
            TeamReason::RosterSize {
                found: 2,
                min: 3,
                max: Some(3)
            }
        );
        // E-11: 3 to 5.
        assert!(team_eligibility(&e(), date, &team(&[], 5)).is_eligible());
        let six = team_eligibility(&e(), date, &team(&[], 6)).unmet;
        assert_eq!(
            six.iter().map(ToString::to_string).collect::<Vec<_>>(),
            vec!["G-B21/E-11: the roster has 6 members; 3 to 5 are required"]
        );
        // G-B21: at least 5, no upper limit, no organization needed.
        let club_team = |members| TeamFacts {
            organization: None,
            documents: &[],
            members,
        };
        assert!(team_eligibility(&g(), date, &club_team(40)).is_eligible());
        assert_eq!(
            team_eligibility(&g(), date, &club_team(4)).unmet,
            vec![TeamReason::RosterSize {
                found: 4,
                min: 5,
                max: None
            }]
        );
    }

    /// A club member under G (no employment, no documents) with these bans.
    fn under_g(bans: &[Period], club: &[Period]) -> Vec<Reason> {
        check(
            &g(),
            occasion(),
            None,
            &[],
            PersonFacts {
                employments: &[],
                documents: &[],
                bans,
                club_memberships: club,
            },
        )
    }

    fn member() -> [Period; 1] {
        [Period {
            from: at(d(2025, 1, 1), 0),
            until: None,
        }]
    }

    #[test]
    fn g_a7_banned_person_or_clone_is_not_eligible() {
        let the_day = d(2026, 10, 30);
        // Person 1's clone (account 2, linked through 3) is banned.
        let links = [(1, 3), (3, 2)];
        let bans_by_account = [
            (
                2,
                Period {
                    from: at(d(2026, 10, 1), 0),
                    until: Some(at(d(2026, 11, 1), 0)),
                },
            ),
            (
                7,
                Period {
                    from: at(d(2026, 10, 1), 0),
                    until: None,
                },
            ),
        ];
        let group = clone_group(1, &links);
        let bans: Vec<Period> = bans_by_account
            .iter()
            .filter(|(account, _)| group.contains(account))
            .map(|&(_, p)| p)
            .collect();
        assert_eq!(
            under_g(&bans, &member()),
            vec![Reason::Banned {
                until: Some(at(d(2026, 11, 1), 0))
            }]
        );
        // A ban following without a gap extends the date given.
        let mut chained = bans.clone();
        chained.push(Period {
            from: at(d(2026, 11, 1), 0),
            until: Some(at(d(2026, 12, 1), 0)),
        });
        assert_eq!(
            under_g(&chained, &member()),
            vec![Reason::Banned {
                until: Some(at(d(2026, 12, 1), 0))
            }]
        );
        // Own ban, indefinite.
        let forever = [Period {
            from: at(d(2026, 1, 1), 0),
            until: None,
        }];
        let reasons = under_g(&forever, &member());
        assert_eq!(reasons, vec![Reason::Banned { until: None }]);
        assert_eq!(reasons[0].to_string(), "G-A7: banned indefinitely");
        // A ban that ended before the start, or starts after it, does not count.
        let ended = [Period {
            from: at(d(2026, 10, 1), 0),
            until: Some(at(the_day, 15)),
        }];
        assert_eq!(under_g(&ended, &member()), vec![]);
        let later = [Period {
            from: at(the_day, 16),
            until: None,
        }];
        assert_eq!(under_g(&later, &member()), vec![]);
        assert_eq!(
            under_g(&bans, &member())[0].to_string(),
            "G-A7: banned until 2026-11-01 00:00 UTC"
        );
    }

    #[test]
    fn g_a7_club_membership_required_under_g_only() {
        assert_eq!(under_g(&[], &[]), vec![Reason::NotClubMember]);
        // Membership is judged at the instant: it must cover the start.
        let lapsed = [Period {
            from: at(d(2025, 1, 1), 0),
            until: Some(at(d(2026, 10, 30), 15)),
        }];
        assert_eq!(under_g(&[], &lapsed), vec![Reason::NotClubMember]);
        let joined_in_time = [Period {
            from: occasion().at,
            until: None,
        }];
        assert_eq!(under_g(&[], &joined_in_time), vec![]);
        // R and E do not ask for club membership.
        assert_eq!(
            under_r(&[
                approved(OriginalApplication),
                approved(Waiver),
                approved(PassportCopy)
            ]),
            vec![]
        );
        assert_eq!(under_e(&[job(ENTERPRISE, None, true)]), vec![]);
    }

    #[test]
    fn every_unmet_condition_is_listed_at_once() {
        // R with club membership switched on: every kind of condition.
        let mut reg = r();
        reg.roster.club_membership_required = true;
        let reasons = check(
            &reg,
            occasion(),
            Some(ENTERPRISE),
            &tree(),
            PersonFacts {
                employments: &[job(SUBSIDIARY, None, false)],
                documents: &[doc(Waiver, ReviewStatus::Rejected, None)],
                bans: &[Period {
                    from: at(d(2026, 10, 1), 0),
                    until: None,
                }],
                club_memberships: &[],
            },
        );
        assert_eq!(
            reasons,
            vec![
                Reason::Banned { until: None },
                Reason::NotClubMember,
                Reason::EmploymentUnconfirmed {
                    rule: "R-2.1".into(),
                    organization: ENTERPRISE,
                    grace_months: 0,
                    cutoff: d(2026, 10, 30),
                },
                Reason::MissingDocument(DocumentShortfall {
                    rule: "R-2.2".into(),
                    any_of: vec![OriginalApplication],
                    presented: vec![],
                }),
                medical_or_waiver(vec![(Waiver, DocumentProblem::Rejected)]),
                Reason::MissingDocument(DocumentShortfall {
                    rule: "R-2.2".into(),
                    any_of: vec![PassportCopy],
                    presented: vec![],
                }),
            ]
        );
        assert_eq!(
            reasons.iter().map(Reason::rule).collect::<Vec<_>>(),
            vec!["G-A7", "G-A7", "R-2.1", "R-2.2", "R-2.2", "R-2.2"]
        );
    }

    mod order {
        use super::*;
        use proptest::prelude::*;
        use proptest::sample::Index;

        const KINDS: [DocumentKind; 7] = [
            SignedTeamApplication,
            OriginalApplication,
            MedicalCertificate,
            Waiver,
            PassportCopy,
            EmploymentProof,
            SameDayDoctorsNote,
        ];
        const STATUSES: [ReviewStatus; 3] = [
            ReviewStatus::Pending,
            ReviewStatus::Approved,
            ReviewStatus::Rejected,
        ];

        fn day(offset: i64) -> NaiveDate {
            d(2026, 6, 1) + chrono::Duration::days(offset)
        }

        fn org() -> impl Strategy<Value = OrganizationId> {
            (1i64..6).prop_map(OrganizationId)
        }

        fn period() -> impl Strategy<Value = Period> {
            (0i64..300, proptest::option::of(0i64..200)).prop_map(|(from, len)| {
                let from = at(day(0), 0) + chrono::Duration::days(from);
                Period {
                    from,
                    until: len.map(|l| from + chrono::Duration::days(l)),
                }
            })
        }

        fn employment() -> impl Strategy<Value = EmploymentRecord> {
            (
                org(),
                0i64..200,
                proptest::option::of(0i64..250),
                any::<bool>(),
            )
                .prop_map(|(organization, from, until, confirmed)| EmploymentRecord {
                    organization,
                    from: day(from),
                    until: until.map(day),
                    confirmed,
                })
        }

        fn document() -> impl Strategy<Value = Document> {
            (0usize..7, 0usize..3, proptest::option::of(100i64..200)).prop_map(
                |(kind, status, until)| Document {
                    kind: KINDS[kind],
                    status: STATUSES[status],
                    valid_until: until.map(day),
                },
            )
        }

        /// `v` permuted by a Fisher–Yates shuffle driven by `swaps`.
        fn shuffled<T: Clone>(v: &[T], swaps: &[Index]) -> Vec<T> {
            let mut v = v.to_vec();
            for i in (1..v.len()).rev() {
                let j = swaps.get(i).map_or(0, |s| s.index(i + 1));
                v.swap(i, j);
            }
            v
        }

        fn swaps() -> impl Strategy<Value = Vec<Index>> {
            proptest::collection::vec(any::<Index>(), 10)
        }

        proptest! {
            #[test]
            fn result_does_not_depend_on_the_order_of_the_input_lists(
                which in 0usize..3,
                club in any::<bool>(),
                team_org in proptest::option::of(org()),
                tree in proptest::collection::vec((org(), proptest::option::of(org())), 0..8),
                employments in proptest::collection::vec(employment(), 0..6),
                documents in proptest::collection::vec(document(), 0..10),
                bans in proptest::collection::vec(period(), 0..5),
                memberships in proptest::collection::vec(period(), 0..4),
                members in 0usize..8,
                t in 100i64..180,
                s in (swaps(), swaps(), swaps(), swaps(), swaps()),
            ) {
                let mut reg = [g(), r(), e()][which].clone();
                reg.roster.club_membership_required = club;
                let occasion = Occasion { at: at(day(t), 15), date: day(t) };
                let run = |tree: &[(OrganizationId, Option<OrganizationId>)],
                           employments: &[EmploymentRecord],
                           documents: &[Document],
                           bans: &[Period],
                           memberships: &[Period]| {
                    let employer = Employer { organization: team_org, tree };
                    let person = PersonFacts {
                        employments,
                        documents,
                        bans,
                        club_memberships: memberships,
                    };
                    let team = TeamFacts { organization: team_org, documents, members };
                    (
                        person_eligibility(&reg, occasion, &employer, &person),
                        team_eligibility(&reg, occasion.date, &team),
                    )
                };
                let original = run(&tree, &employments, &documents, &bans, &memberships);
                let permuted = run(
                    &shuffled(&tree, &s.0),
                    &shuffled(&employments, &s.1),
                    &shuffled(&documents, &s.2),
                    &shuffled(&bans, &s.3),
                    &shuffled(&memberships, &s.4),
                );
                prop_assert_eq!(original, permuted);
            }
        }
    }
}

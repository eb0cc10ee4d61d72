//! A regulation as data: every setting the three seed regulations need,
//! serialisable with serde, plus the small pure checks that read it
//! (format by team count, place points, line-ups, entry windows, entry cap,
//! documents, appeals committee).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::playoff::PlayoffRule;
use super::ranking::Standings;
use super::score::{HalfPoints, Scoring};
use super::tiebreak::TieBreakRules;
use super::tournament::{PairingSystem, TeamId};

/// Current version of the [`Regulation`] data format as stored: every
/// score in half-points.
pub const REGULATION_VERSION: u32 = 1;

/// The version of the regulation's file for people and other programs
/// (`regulation.json`): the same data, every score in points (2, 1, 0.5).
pub const POINTS_FILE_VERSION: u32 = 2;

/// A championship regulation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Regulation {
    /// Data-format version ([`REGULATION_VERSION`]).
    pub version: u32,
    /// Short code of the preset ("G", "R", "E") or of the organizer's copy.
    pub code: String,
    /// Human name.
    pub name: String,
    /// Boards per match.
    pub boards: u8,
    /// How the format follows from the entries.
    pub format: FormatRule,
    /// Time control, as announced.
    pub time_control: TimeControl,
    /// Scoring.
    pub scoring: Scoring,
    /// Tie-breaks.
    pub tie_breaks: TieBreakRules,
    /// Over-the-board play-offs.
    pub playoff: PlayoffRule,
    /// Place → tournament points.
    pub place_points: PlacePoints,
    /// Roster and line-up limits.
    pub roster: RosterRules,
    /// Entry windows and caps.
    pub entry: EntryRules,
    /// Penalty catalogue.
    pub penalties: Vec<PenaltyRule>,
    /// Documents required for admission.
    pub documents: Vec<DocumentRequirement>,
    /// Appeals committee, if the regulation has one.
    pub appeals: Option<AppealsCommittee>,
    /// Season (championship) settings, if the regulation runs a series.
    pub season: Option<SeasonRules>,
    /// How play on the day goes, where the regulation says so.
    #[serde(default)]
    pub play: PlayRules,
    /// Which rating the regulation uses and what for.
    #[serde(default)]
    pub ratings: crate::rating::RatingRules,
}

/// Rules of the day's play that only some regulations have; the platform
/// offers their actions only where the regulation has them.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PlayRules {
    /// E-6: a player later than this loses by forfeit; a shorter delay is
    /// taken off their clock. `None`: the regulation has no such rule.
    #[serde(default)]
    pub lateness_forfeit_after_seconds: Option<u32>,
    /// G-V23: when the tournament is interrupted (server failure), the
    /// round's games without a result are replayed.
    #[serde(default)]
    pub interrupted_round_replayed: bool,
    /// E-7: the longest a round lasts (both games), in minutes; `None`:
    /// the regulation sets no round length.
    #[serde(default)]
    pub round_minutes: Option<u32>,
    /// E-7: the longest break between group-stage rounds, in minutes.
    #[serde(default)]
    pub break_minutes: Option<u32>,
    /// ..R-2.4: only participants the organizers admitted at the
    /// day's check-in play.
    #[serde(default)]
    pub check_in: bool,
    /// The game server the championship plays on (`game_server::SERVERS`),
    /// where the platform creates each round's games and reads their
    /// results back; `None`: the games are played and entered by hand.
    #[serde(default)]
    pub game_server: Option<String>,
}

impl Regulation {
    /// G-G2: the catalogue withdraws a team that cannot go on, its
    /// remaining games lost.
    pub fn withdraws_teams(&self) -> bool {
        self.penalties.iter().any(|p| {
            p.effects
                .contains(&PenaltyEffect::WithdrawnLosingRemainingGames)
        })
    }
}

/// Format of one tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Format {
    /// Pairing system.
    pub system: PairingSystem,
    /// Games per pairing in a match (1, or 2 with reversed colours).
    pub games_per_pairing: u8,
    /// Rounds, when fixed (Swiss); `None` for a round robin (n − 1 or n).
    pub rounds: Option<u8>,
}

/// A band of team counts and the format it gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormatBand {
    /// Fewest teams (inclusive).
    pub min_teams: u32,
    /// Most teams (inclusive); `None` for no upper limit.
    pub max_teams: Option<u32>,
    /// The format.
    pub format: Format,
}

/// How the format follows from the entries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum FormatRule {
    /// The format depends on the number of teams (G-V1).
    ByTeamCount(Vec<FormatBand>),
    /// Team Swiss with a fixed number of rounds; the first rounds may be
    /// drawn by lot.
    Swiss {
        /// Rounds.
        rounds: u8,
        /// Rounds drawn by lot before the event.
        rounds_drawn_by_lot: u8,
        /// Games per pairing.
        games_per_pairing: u8,
    },
    /// Group stage (round robin) then knockout (E-1).
    GroupsThenKnockout {
        /// Games per pairing in every match (E-3: 2).
        games_per_pairing: u8,
        /// Knockout stages after the groups.
        stages: Vec<KnockoutStage>,
        /// The semi-final losers play for 3rd place (E-1).
        third_place_match: bool,
    },
}

/// A knockout stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum KnockoutStage {
    /// Semi-finals.
    SemiFinal,
    /// Final.
    Final,
}

/// No format fits the entries.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RegulationError {
    /// Too few or too many teams for every band.
    #[error("no format of the regulation fits {0} teams")]
    NoFormatFor(u32),
}

impl FormatRule {
    /// The format for `teams` entries (G-V1: 4–8 → 2 games, > 8 → 1 game).
    pub fn format_for(&self, teams: u32) -> Result<Format, RegulationError> {
        match self {
            FormatRule::ByTeamCount(bands) => bands
                .iter()
                .find(|b| teams >= b.min_teams && b.max_teams.is_none_or(|m| teams <= m))
                .map(|b| b.format)
                .ok_or(RegulationError::NoFormatFor(teams)),
            FormatRule::Swiss {
                rounds,
                games_per_pairing,
                ..
            } => Ok(Format {
                system: PairingSystem::Swiss,
                games_per_pairing: *games_per_pairing,
                rounds: Some(*rounds),
            }),
            FormatRule::GroupsThenKnockout {
                games_per_pairing, ..
            } => Ok(Format {
                system: PairingSystem::RoundRobin,
                games_per_pairing: *games_per_pairing,
                rounds: None,
            }),
        }
    }
}

/// Time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Base time per player, seconds.
    pub base_seconds: u32,
    /// Increment per move, seconds.
    pub increment_seconds: u32,
    /// Rated.
    pub rated: bool,
}

/// How teams sharing places split the points of those places.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SharedPlaceSplit {
    /// Default: each gets an equal share of the places' points, in
    /// half-points, rounded down (e.g. 2nd–3rd in G: (8 + 6) / 2 = 7 each).
    #[default]
    EqualShareRoundedDown,
    /// Each gets the points of the best shared place.
    BestPlace,
    /// Each gets the points of the worst shared place.
    WorstPlace,
}

/// Place → tournament points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacePoints {
    /// Points for 1st, 2nd, …; places beyond the table get 0.
    pub table: Vec<HalfPoints>,
    /// Shared places.
    pub shared: SharedPlaceSplit,
}

impl PlacePoints {
    /// Points of a single place (1-based).
    pub fn for_place(&self, place: u32) -> HalfPoints {
        usize::try_from(place)
            .ok()
            .and_then(|p| p.checked_sub(1))
            .and_then(|i| self.table.get(i))
            .copied()
            .unwrap_or_default()
    }

    /// Points of a possibly shared place range `first..=last`.
    pub fn for_range(&self, first: u32, last: u32) -> HalfPoints {
        let last = last.max(first);
        match self.shared {
            SharedPlaceSplit::BestPlace => self.for_place(first),
            SharedPlaceSplit::WorstPlace => self.for_place(last),
            SharedPlaceSplit::EqualShareRoundedDown => {
                let sum: i64 = (first..=last)
                    .map(|p| i64::from(self.for_place(p).halves()))
                    .sum();
                let n = i64::from(last - first + 1);
                HalfPoints(i32::try_from(sum.div_euclid(n)).unwrap_or(0))
            }
        }
    }

    /// Tournament points for every team of the standings.
    pub fn award(&self, standings: &Standings) -> Vec<(TeamId, HalfPoints)> {
        standings
            .rows
            .iter()
            .map(|r| (r.team, self.for_range(r.place.first, r.place.last)))
            .collect()
    }
}

/// Roster and line-up limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RosterRules {
    /// Fewest members of a team (G-B21: 5; E-11: 3).
    pub min_members: u8,
    /// Most members of a team, if limited (E-11: 5).
    pub max_members: Option<u8>,
    /// Players named in a tournament line-up (G-B13/G-V21: 5).
    pub lineup_players: u8,
    /// Substitutes allowed in a line-up (G-A2: up to 5).
    pub max_substitutes: u8,
    /// A team may enter several lines ("doubles", G-B13).
    pub doubles_allowed: bool,
    /// At most one team per enterprise (E-10).
    pub one_team_per_organization: bool,
    /// An athlete may enter only one sport of the multi-sport event.
    pub one_sport_per_athlete: bool,
    /// Captain may be a non-playing member (E-11).
    pub non_playing_captain: bool,
    /// A team applies on behalf of an organization (R-1.10, R-3.4, E-10).
    #[serde(default)]
    pub organization_required: bool,
    /// Members must be valid club members (G-A7).
    #[serde(default)]
    pub club_membership_required: bool,
    /// How a player moves between teams (G-B33: freely, any number of times).
    #[serde(default)]
    pub transfers: TransferRule,
    /// The application names the team's motto (G-B11).
    #[serde(default)]
    pub team_motto: bool,
}

/// Who must agree to a transfer besides the player and the new captain
/// (whose invitation starts it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum TransferRule {
    /// G-B33: transfers are free and unlimited.
    #[default]
    Free,
    /// A judge approves each transfer before it takes effect.
    JudgeApproval,
}

/// A line-up or roster that breaks the limits.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RosterError {
    /// Fewer players than the line-up needs (G-B13: rejected).
    #[error("{found} players named, {needed} needed")]
    TooFewPlayers {
        /// Named.
        found: usize,
        /// Needed.
        needed: u8,
    },
    /// More players than boards in the line-up.
    #[error("{found} players named, only {allowed} play")]
    TooManyPlayers {
        /// Named.
        found: usize,
        /// Allowed.
        allowed: u8,
    },
    /// Too many substitutes.
    #[error("{found} substitutes named, at most {allowed} allowed")]
    TooManySubstitutes {
        /// Named.
        found: usize,
        /// Allowed.
        allowed: u8,
    },
    /// Roster size outside the limits.
    #[error("a team has {found} members; the regulation needs {min}..={max}")]
    RosterSize {
        /// Members.
        found: usize,
        /// Minimum.
        min: u8,
        /// Maximum (255 = unlimited).
        max: u8,
    },
}

impl RosterRules {
    /// Check a line-up of `players` board players and `substitutes` (G-B13).
    pub fn check_lineup(&self, players: usize, substitutes: usize) -> Result<(), RosterError> {
        if players < usize::from(self.lineup_players) {
            return Err(RosterError::TooFewPlayers {
                found: players,
                needed: self.lineup_players,
            });
        }
        if players > usize::from(self.lineup_players) {
            return Err(RosterError::TooManyPlayers {
                found: players,
                allowed: self.lineup_players,
            });
        }
        if substitutes > usize::from(self.max_substitutes) {
            return Err(RosterError::TooManySubstitutes {
                found: substitutes,
                allowed: self.max_substitutes,
            });
        }
        Ok(())
    }

    /// Check the size of a team roster (G-B21, E-11).
    pub fn check_roster(&self, members: usize) -> Result<(), RosterError> {
        let max = self.max_members.unwrap_or(u8::MAX);
        if members < usize::from(self.min_members) || members > usize::from(max) {
            return Err(RosterError::RosterSize {
                found: members,
                min: self.min_members,
                max,
            });
        }
        Ok(())
    }
}

/// Entry windows and caps. Times are seconds relative to the announced start
/// of round 1 (the caller reads the clock; the rules stay pure).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryRules {
    /// Registration opens this many seconds before the start (G-B13: 30 min).
    pub opens_before_start: Option<u32>,
    /// An on-time entry arrives at least this many seconds before the start
    /// (G-A6: 5 min).
    pub on_time_before_start: Option<u32>,
    /// Penalty code for an entry accepted after that (G-G1).
    pub late_penalty: Option<String>,
    /// Most teams accepted; registration closes when reached.
    pub max_teams: Option<u32>,
    /// The last day a team may apply and send its signed application
    /// in the championship's time zone; announced per edition.
    pub application_deadline: Option<chrono::NaiveDate>,
    /// With an odd number of entries the last-registered double sits out (G-B13).
    pub odd_entries_drop_last_double: bool,
    /// E-13: the captain accepts the fair-play undertaking (no engines,
    /// databases, books or advice; the judges' decision on disputes is
    /// final) with each entry.
    #[serde(default)]
    pub fair_play_undertaking: bool,
}

/// When an entry arrived relative to the windows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum EntryTiming {
    /// Before registration opened.
    TooEarly,
    /// In time.
    OnTime,
    /// After the on-time limit: accepted with this penalty (G-G1).
    Late {
        /// Penalty code, if any.
        penalty: Option<String>,
    },
    /// After the on-time limit of a regulation that accepts no late
    /// entry: refused (G-A6: a participant applied in time).
    PastDeadline,
    /// After the start: refused.
    Closed,
}

impl EntryRules {
    /// Classify an entry made `seconds_before_start` seconds before the start
    /// of round 1 (negative: after the start).
    pub fn timing(&self, seconds_before_start: i64) -> EntryTiming {
        if seconds_before_start < 0 {
            return EntryTiming::Closed;
        }
        if let Some(open) = self.opens_before_start
            && seconds_before_start > i64::from(open)
        {
            return EntryTiming::TooEarly;
        }
        match (self.on_time_before_start, &self.late_penalty) {
            (Some(limit), Some(code)) if seconds_before_start < i64::from(limit) => {
                EntryTiming::Late {
                    penalty: Some(code.clone()),
                }
            }
            (Some(limit), None) if seconds_before_start < i64::from(limit) => {
                EntryTiming::PastDeadline
            }
            _ => EntryTiming::OnTime,
        }
    }

    /// True while another team can still be accepted.
    pub fn has_room(&self, accepted: u32) -> bool {
        self.max_teams.is_none_or(|m| accepted < m)
    }
}

/// What a penalty does besides (or instead of) deducting points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PenaltyEffect {
    /// Deduct `amount` from championship points, once per case.
    Deduct,
    /// Deduct `amount` for every game the offence concerns (G-G8).
    DeductPerGame,
    /// Deduct `amount` for every case found (G-G6).
    DeductPerCase,
    /// A warning.
    Warning,
    /// Withdrawn from the tournament, losing all remaining games (G-G2).
    WithdrawnLosingRemainingGames,
    /// Disqualified from the next tournament (G-G3).
    DisqualifiedNextTournament,
    /// Banned from the championship on a repeat offence (G-G3).
    BannedOnRepeat,
    /// If the team is dissolved, each member misses a tournament (G-G4).
    PassesToMembers,
    /// The player is removed, with the right of substitution; played rounds
    /// stand (G-G7).
    PlayerRemovedWithSubstitution,
    /// Needs confirmation by the appeals committee (G-G7).
    NeedsAppealsConfirmation,
    /// Loss of the current game (G-D2).
    LossOfCurrentGame,
    /// Removal of the team from the tournament (G-D2).
    RemovedFromTournament,
}

/// A catalogue entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PenaltyRule {
    /// Rule ID, e.g. "G-G1".
    pub code: String,
    /// What it punishes.
    pub offence: String,
    /// Points deducted (half-points); `None` when no fixed amount.
    pub amount: Option<HalfPoints>,
    /// Other possible amounts the judge may choose (G-D2: 0.5 or 1).
    pub alternatives: Vec<HalfPoints>,
    /// Effects.
    pub effects: Vec<PenaltyEffect>,
}

impl Regulation {
    /// The regulation as its file for people and other programs: format
    /// version [`POINTS_FILE_VERSION`], every score in points as the
    /// regulation's text writes them (win 2, draw 1; 10, 9, … for places).
    pub fn to_points_json(&self) -> String {
        let mut file = self.clone();
        file.version = POINTS_FILE_VERSION;
        crate::score::in_points(|| serde_json::to_string_pretty(&file)).unwrap_or_default()
    }

    /// A regulation file read back: version 2 in points, version 1 (the
    /// stored form) in half-points; the result is in the stored form.
    pub fn from_json(text: &str) -> Result<Regulation, serde_json::Error> {
        let value: serde_json::Value = serde_json::from_str(text)?;
        let in_points = value.get("version").and_then(serde_json::Value::as_u64)
            == Some(u64::from(POINTS_FILE_VERSION));
        let mut read: Regulation = if in_points {
            crate::score::in_points(|| serde_json::from_value(value))?
        } else {
            serde_json::from_value(value)?
        };
        read.version = REGULATION_VERSION;
        Ok(read)
    }
}

impl Regulation {
    /// A catalogue entry by code.
    pub fn penalty(&self, code: &str) -> Option<&PenaltyRule> {
        self.penalties.iter().find(|p| p.code == code)
    }
}

/// A kind of document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DocumentKind {
    /// Team application on the organization's letterhead, sealed and signed
    /// by the HR deputy or another authorised person.
    SignedTeamApplication,
    /// The original application presented on the day.
    OriginalApplication,
    /// Medical certificate admitting to the competition.
    MedicalCertificate,
    /// Signed waiver of claims.
    Waiver,
    /// Passport copy, photo page.
    PassportCopy,
    /// Proof of current employment, or of dismissal no earlier than the
    /// allowed months before the tournament (E-12).
    EmploymentProof,
    /// Same-day doctor's note for a participant with symptoms.
    SameDayDoctorsNote,
}

impl std::fmt::Display for DocumentKind {
    /// The English name; the web layer words it in the reader's language.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DocumentKind::SignedTeamApplication => "signed team application on letterhead",
            DocumentKind::OriginalApplication => "original application",
            DocumentKind::MedicalCertificate => "medical certificate",
            DocumentKind::Waiver => "signed waiver",
            DocumentKind::PassportCopy => "passport copy",
            DocumentKind::EmploymentProof => "proof of employment",
            DocumentKind::SameDayDoctorsNote => "same-day doctor's note",
        })
    }
}

/// Who must present a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DocumentHolder {
    /// The team.
    Team,
    /// Every participant.
    Participant,
}

/// One requirement: any one of `any_of` satisfies it (R-2.2 "medical
/// certificate and/or waiver").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DocumentRequirement {
    /// Rule ID.
    pub rule: String,
    /// Who.
    pub holder: DocumentHolder,
    /// Acceptable documents.
    pub any_of: Vec<DocumentKind>,
    /// For employment proof: former employees qualify when dismissed no
    /// earlier than this many months before the tournament (E-12: 3).
    pub former_employee_months: Option<u8>,
}

/// Requirements of `holder` that `presented` does not satisfy.
pub fn missing_documents<'a>(
    requirements: &'a [DocumentRequirement],
    holder: DocumentHolder,
    presented: &[DocumentKind],
) -> Vec<&'a DocumentRequirement> {
    requirements
        .iter()
        .filter(|r| r.holder == holder && !r.any_of.iter().any(|d| presented.contains(d)))
        .collect()
}

/// The appeals committee (G-Zh1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppealsCommittee {
    /// Votes of the chief judge (G-Zh1: 2).
    pub chief_judge_votes: u8,
    /// Votes of every other member (G-Zh1: 1).
    pub member_votes: u8,
    /// Captains of the tournament's teams sit on the committee.
    pub captains_are_members: bool,
    /// Captains of the team that raised the case and of the team concerned
    /// (main team and its doubles) are excluded.
    pub exclude_parties: bool,
    /// A refused supervised game counts as guilt (G-Zh2).
    pub refusal_counts_as_guilt: bool,
}

/// A person who may sit on the committee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CommitteeRole {
    /// The chief judge.
    ChiefJudge,
    /// A judge.
    Judge,
    /// Captain of a team; `family` groups a main team with its doubles.
    Captain {
        /// The team.
        team: TeamId,
        /// The main team of its family.
        family: TeamId,
    },
}

/// A vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Vote {
    /// For the claim.
    For,
    /// Against the claim.
    Against,
    /// Abstains.
    Abstain,
}

/// Decision of the committee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AppealDecision {
    /// The claim is upheld.
    Upheld,
    /// The claim is rejected (also on a tie: no majority for it).
    Rejected,
}

impl AppealsCommittee {
    /// Weight of a member's vote, 0 when excluded (G-Zh1). `raised_by` and
    /// `concerned` are the families of the two parties.
    pub fn weight(&self, role: CommitteeRole, raised_by: TeamId, concerned: TeamId) -> u8 {
        match role {
            CommitteeRole::ChiefJudge => self.chief_judge_votes,
            CommitteeRole::Judge => self.member_votes,
            CommitteeRole::Captain { family, .. } => {
                if !self.captains_are_members
                    || (self.exclude_parties && (family == raised_by || family == concerned))
                {
                    0
                } else {
                    self.member_votes
                }
            }
        }
    }

    /// Tally the votes: a simple majority of the weighted votes cast decides;
    /// no majority for the claim rejects it.
    pub fn decide(
        &self,
        votes: &[(CommitteeRole, Vote)],
        raised_by: TeamId,
        concerned: TeamId,
    ) -> AppealDecision {
        let (mut yes, mut no) = (0u32, 0u32);
        for &(role, vote) in votes {
            let w = u32::from(self.weight(role, raised_by, concerned));
            match vote {
                Vote::For => yes += w,
                Vote::Against => no += w,
                Vote::Abstain => {}
            }
        }
        if yes > no {
            AppealDecision::Upheld
        } else {
            AppealDecision::Rejected
        }
    }
}

/// Season settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeasonRules {
    /// Tournaments in the season (G-A2: four, September–December).
    pub tournaments: u8,
    /// How equal season totals are ordered.
    pub tie_rule: SeasonTieRule,
    /// Days of notice before a regulation change applies (G-E2: 3).
    pub change_notice_days: u8,
}

/// How teams with equal season totals are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SeasonTieRule {
    /// They share the place (default: the seeds say nothing more).
    #[default]
    Shared,
    /// More 1st places first, then more 2nd places, …; still equal → shared.
    Countback,
}

#[cfg(test)]
mod tests {

    #[test]
    fn r_3_3_r_3_4_the_regulation_file_writes_scores_in_points_and_reads_both_versions() {
        let r = crate::presets::r();
        let file = r.to_points_json();
        let json: serde_json::Value = serde_json::from_str(&file).expect("json");
        assert_eq!(json["version"], 2);
        // win 2, draw 1, loss 0: 10, 9, … 1 — as the text has them.
        let mp = &json["scoring"]["match_points"];
        assert_eq!(
            (mp["win"].as_i64(), mp["draw"].as_i64(), mp["loss"].as_i64()),
            (Some(2), Some(1), Some(0))
        );
        let table: Vec<i64> = json["place_points"]["table"]
            .as_array()
            .expect("table")
            .iter()
            .filter_map(serde_json::Value::as_i64)
            .collect();
        assert_eq!(table, (1..=10).rev().collect::<Vec<i64>>());
        // Read back (version 2) and from the stored form (version 1): the same.
        assert_eq!(Regulation::from_json(&file).expect("v2"), r);
        let stored = serde_json::to_string(&r).expect("v1");
        assert_eq!(Regulation::from_json(&stored).expect("v1"), r);
        // A half point is 0.5 in the file and a half point again when read.
        let mut g = crate::presets::g();
        g.place_points.table = vec![HalfPoints(3), HalfPoints::ONE];
        let file = g.to_points_json();
        assert!(file.contains("1.5"), "{file}");
        assert_eq!(
            Regulation::from_json(&file).expect("v2").place_points.table,
            g.place_points.table
        );
        // A quarter point is no score.
        let bad = file.replace("1.5", "1.25");
        assert!(Regulation::from_json(&bad).is_err());
    }

    use super::*;
    use crate::presets::{e, g, r};

    #[test]
    fn g_v1_format_follows_the_team_count() {
        let f = &g().format;
        assert_eq!(f.format_for(4).map(|f| f.games_per_pairing), Ok(2));
        assert_eq!(f.format_for(8).map(|f| f.games_per_pairing), Ok(2));
        assert_eq!(f.format_for(9).map(|f| f.games_per_pairing), Ok(1));
        assert_eq!(
            f.format_for(30).map(|f| f.system),
            Ok(PairingSystem::RoundRobin)
        );
        assert_eq!(f.format_for(3), Err(RegulationError::NoFormatFor(3)));
    }

    #[test]
    fn g_v41_shared_places_split_equally_rounded_down() {
        let pp = &g().place_points;
        assert_eq!(pp.for_place(1), HalfPoints::from_points(12));
        assert_eq!(pp.for_place(6), HalfPoints::from_points(1));
        assert_eq!(pp.for_place(7), HalfPoints::ZERO);
        // 2nd–3rd: (8 + 6) / 2 = 7.
        assert_eq!(pp.for_range(2, 3), HalfPoints::from_points(7));
        // 5th–7th: (2 + 1 + 0) / 3 = 1.
        assert_eq!(pp.for_range(5, 7), HalfPoints::from_points(1));
        // 6th–7th: (1 + 0) / 2 = ½ (half-points kept).
        assert_eq!(pp.for_range(6, 7), HalfPoints::HALF);
        let best = PlacePoints {
            shared: SharedPlaceSplit::BestPlace,
            ..pp.clone()
        };
        assert_eq!(best.for_range(2, 3), HalfPoints::from_points(8));
        let worst = PlacePoints {
            shared: SharedPlaceSplit::WorstPlace,
            ..pp.clone()
        };
        assert_eq!(worst.for_range(2, 3), HalfPoints::from_points(6));
    }

    #[test]
    fn r_3_4_first_ten_earn_ten_down_to_one() {
        let pp = &r().place_points;
        for place in 1..=10 {
            assert_eq!(
                pp.for_place(place),
                HalfPoints::from_points(11 - i32::try_from(place).unwrap_or(0))
            );
        }
        assert_eq!(pp.for_place(11), HalfPoints::ZERO);
        // 10th–11th shared: (1 + 0) / 2 = ½.
        assert_eq!(pp.for_range(10, 11), HalfPoints::HALF);
    }

    #[test]
    fn g_b13_lineup_needs_five_players_and_at_most_five_substitutes() {
        let roster = g().roster;
        assert_eq!(roster.check_lineup(5, 5), Ok(()));
        assert_eq!(
            roster.check_lineup(4, 5),
            Err(RosterError::TooFewPlayers {
                found: 4,
                needed: 5
            })
        );
        assert!(matches!(
            roster.check_lineup(5, 6),
            Err(RosterError::TooManySubstitutes { .. })
        ));
    }

    #[test]
    fn g_b21_team_has_at_least_five_players() {
        let roster = g().roster;
        assert!(roster.check_roster(4).is_err());
        assert_eq!(roster.check_roster(5), Ok(()));
        assert_eq!(roster.check_roster(40), Ok(()));
    }

    #[test]
    fn e_11_team_has_three_to_five_players() {
        let roster = e().roster;
        assert!(roster.check_roster(2).is_err());
        assert_eq!(roster.check_roster(3), Ok(()));
        assert_eq!(roster.check_roster(5), Ok(()));
        assert!(roster.check_roster(6).is_err());
        assert!(roster.non_playing_captain);
    }

    #[test]
    fn g_b13_g_a6_g_g1_entry_windows() {
        let entry = g().entry;
        assert_eq!(entry.timing(31 * 60), EntryTiming::TooEarly);
        assert_eq!(entry.timing(30 * 60), EntryTiming::OnTime);
        assert_eq!(entry.timing(5 * 60), EntryTiming::OnTime);
        assert_eq!(
            entry.timing(5 * 60 - 1),
            EntryTiming::Late {
                penalty: Some("G-G1".into())
            }
        );
        assert_eq!(entry.timing(-1), EntryTiming::Closed);
        // G-A6 on its own: without a late penalty the on-time limit is the
        // deadline.
        let strict = EntryRules {
            late_penalty: None,
            ..g().entry
        };
        assert_eq!(strict.timing(5 * 60), EntryTiming::OnTime);
        assert_eq!(strict.timing(5 * 60 - 1), EntryTiming::PastDeadline);
        // G-G1 costs half a championship point.
        assert_eq!(
            g().penalty("G-G1").and_then(|p| p.amount),
            Some(HalfPoints::HALF)
        );
    }

    #[test]
    fn r_1_4_entry_cap_is_twenty_teams() {
        let entry = r().entry;
        assert!(entry.has_room(19));
        assert!(!entry.has_room(20));
        assert!(g().entry.has_room(1000));
    }

    #[test]
    fn r_2_2_medical_certificate_or_waiver_and_passport() {
        let docs = r().documents;
        let missing = missing_documents(
            &docs,
            DocumentHolder::Participant,
            &[DocumentKind::Waiver, DocumentKind::OriginalApplication],
        );
        // Waiver satisfies "medical and/or waiver"; the passport copy is missing.
        assert_eq!(missing.len(), 1);
        assert_eq!(missing[0].any_of, vec![DocumentKind::PassportCopy]);
        let missing = missing_documents(
            &docs,
            DocumentHolder::Participant,
            &[
                DocumentKind::MedicalCertificate,
                DocumentKind::PassportCopy,
                DocumentKind::OriginalApplication,
            ],
        );
        assert!(missing.is_empty());
        // the team application on letterhead.
        assert_eq!(missing_documents(&docs, DocumentHolder::Team, &[]).len(), 1);
    }

    #[test]
    fn e_12_employment_proof_with_three_months_grace() {
        let docs = e().documents;
        let m = missing_documents(&docs, DocumentHolder::Participant, &[]);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].former_employee_months, Some(3));
        assert!(
            missing_documents(
                &docs,
                DocumentHolder::Participant,
                &[DocumentKind::EmploymentProof]
            )
            .is_empty()
        );
    }

    #[test]
    fn g_zh1_chief_judge_has_two_votes_and_parties_are_excluded() {
        let c = g().appeals.expect("G has an appeals committee");
        let raised = TeamId(1);
        let concerned = TeamId(2);
        let captain = |team: u16, family: u16| CommitteeRole::Captain {
            team: TeamId(team),
            family: TeamId(family),
        };
        assert_eq!(c.weight(CommitteeRole::ChiefJudge, raised, concerned), 2);
        assert_eq!(c.weight(CommitteeRole::Judge, raised, concerned), 1);
        assert_eq!(c.weight(captain(3, 3), raised, concerned), 1);
        // The concerned team's double (family 2) is excluded too.
        assert_eq!(c.weight(captain(12, 2), raised, concerned), 0);
        assert_eq!(c.weight(captain(1, 1), raised, concerned), 0);
        // Chief judge (2) for vs judge + captain (2) against → no majority → rejected.
        let votes = [
            (CommitteeRole::ChiefJudge, Vote::For),
            (CommitteeRole::Judge, Vote::Against),
            (captain(3, 3), Vote::Against),
            (captain(2, 2), Vote::Against), // excluded, weight 0
        ];
        assert_eq!(
            c.decide(&votes, raised, concerned),
            AppealDecision::Rejected
        );
        let votes = [
            (CommitteeRole::ChiefJudge, Vote::For),
            (CommitteeRole::Judge, Vote::Against),
            (captain(4, 4), Vote::Abstain),
        ];
        assert_eq!(c.decide(&votes, raised, concerned), AppealDecision::Upheld);
    }
}

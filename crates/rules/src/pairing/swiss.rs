//! Team Swiss after FIDE C.04.6, *Swiss Team Pairing System* (approved
//! 28/10/2025, applied from 1 February 2026), with rounds drawn by lot
//! first where the regulation says so and judge control.
//!
//! # What the engine follows
//! - Art. 1.2: the primary score is match points or game points (config);
//!   the other one is the secondary score, used for colours (art. 4.2.2)
//!   when the config says so.
//! - Art. 1.4: the pairing-allocated bye (PAB) goes to one team when the
//!   number is odd; the engine only says who (its value, a drawn match, is
//!   scored elsewhere).
//! - Art. 1.5: a floater is a team that met an opponent of another score.
//! - Art. 1.6/1.7: a team's colour is its board-1 colour in matches
//!   actually played; colour difference CD; preference type A, type B
//!   (strong/mild) or none.
//! - Art. 2: absolute criteria \[C1\] no rematch, \[C2\] no PAB after a PAB or
//!   a forfeit win; completion \[C3\] (whatever is decided, the teams not yet
//!   paired keep a legal pairing); quality criteria, in this order:
//!   \[C4\] fewest upfloaters; \[C5\] the smallest score differences in the
//!   pairs of upfloaters, compared from the largest (the upfloaters' scores
//!   as high as possible, taken from the lowest); \[C6\] unless the following
//!   scoregroup has gone up entirely, upfloaters chosen so that it can still
//!   be paired (\[C1\], \[C3\]) with the fewest upfloaters of its own (\[C4\]) —
//!   read as a minimisation: the fewest upfloaters it will need beyond the
//!   one its parity forces; \[C7\] (not in the last two rounds) fewest
//!   upfloaters that floated in the previous round; \[C8\] fewest unfulfilled
//!   colour preferences; \[C9\] (type B) fewest unfulfilled strong ones;
//!   \[C10\] (not in the last two rounds) fewest upfloaters' opponents that
//!   floated in the previous round.
//! - Art. 3.4: the PAB to the first team, by lowest score, most matches
//!   played, largest TPN, that may have it (\[C2\]) and leaves a legal
//!   pairing of the others.
//! - Art. 3.3.2/3.5/3.6: while teams are left, the top scoregroup (the
//!   highest score among the unpaired teams) is joined by the set of lower
//!   teams that is best on \[C4\], \[C5\], \[C6\], \[C7\] and then first in the
//!   order of art. 3.5.3/3.5.4 (each set by descending score then TPN, the
//!   sets by lexicographic order of their TPNs); that bracket is paired by
//!   the pairing best on \[C8\], \[C9\], \[C10\] and then first by its identifier
//!   (art. 3.6.2: top members' TPNs ascending, then their bottom members).
//! - Art. 4: colours by the nine steps (first-team, initial-colour, …),
//!   the histories of 4.3.6 compared without unplayed rounds (C.04.2
//!   art. 3.4, to which 4.3.6 refers).
//!
//! # How the criteria are decided exactly
//! Each of the two choices of a step is a lexicographic optimum over the
//! perfect matchings of a graph whose edges are the pairs \[C1\] allows, and
//! each criterion is a count summed over the pairs. A minimum-cost perfect
//! matching (Edmonds' weighted blossom, `weighted.rs`) with one digit per
//! criterion in the edge costs, the higher criterion the more significant
//! digit, finds it in one solve; the positional orders of art. 3.5.4 and
//! 3.6.2 are further digits, taken in chunks with the decisions of one
//! chunk fixed before the next when they do not fit one solve
//! (`swiss_exact.rs` gives the encodings and why they are exact).
//! The upfloater matching runs over all unpaired teams, so \[C3\] and the
//! look-ahead of \[C6\] are part of the optimisation, not checks after it.
//! Its \[C5\] digits need about log2(k + 1) bits per score level for k
//! upfloaters; when they do not fit, only the levels down to the
//! shallowest one a set of k must reach are weighed (the same answer). A
//! step whose digits still exceed the 112-bit range (some 30 levels with 7
//! or more upfloaters into one bracket) is refused with
//! [`PairingError::Invalid`] rather than decided inexactly.
//!
//! Before a matching is built, a shortcut is tried: no upfloater for an
//! even scoregroup that pairs by itself, one upfloater for an odd one, a
//! depth-first walk in identifier order for a bracket. A shortcut answers
//! only when every criterion it decides sits at a lower bound that no
//! pairing can go below, so its answer is the matching's answer; otherwise
//! the matching decides. \[C3\] is checked by a maximum-matching oracle
//! (`matching.rs`) over the not-yet-paired teams.
//!
//! Notes ([`Pairing::notes`]) record the judge's decisions and every
//! quality criterion met only in part (\[C4\] beyond parity, \[C6\], \[C7\],
//! \[C8\]).

use super::lot::Lot;
use super::matching::{BitMatrix, Oracle};
use super::{Colour, Criterion, EntryId, PairingError};
use crate::score::HalfPoints;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// Which score pairs the teams (C.04.6 art. 1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PrimaryScore {
    MatchPoints,
    GamePoints,
}

/// Colour preference rules (C.04.6 art. 1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ColourPreferenceType {
    /// Art. 1.7.1: a simple preference.
    TypeA,
    /// Art. 1.7.2: strong and mild preferences.
    TypeB,
    /// No colour preferences at all.
    NoPreference,
}

/// How the teams are ordered before round 1 (their TPN, pairing numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum InitialRanking {
    /// By the average rating of the top `boards` boards (board order as
    /// given); equal averages are ordered by lot.
    AverageRating { boards: u32 },
    /// Entirely by lot.
    ByLot,
    /// In the order the teams are listed (the caller ranked them).
    AsListed,
}

/// Regulation settings for the team Swiss.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissConfig {
    /// Rounds declared beforehand (C.04.1 a).
    pub total_rounds: u32,
    pub primary_score: PrimaryScore,
    /// Art. 4.2.2: use the secondary score to pick the first-team.
    pub secondary_for_colour: bool,
    pub colour_preference: ColourPreferenceType,
    pub initial_ranking: InitialRanking,
    /// Rounds `1..=rounds_by_lot` are drawn by lot (R-3.1: 2).
    pub rounds_by_lot: u32,
    /// The tournament's lot seed: every draw of the tournament derives from it.
    pub seed: u64,
    /// Art. 4.1 initial-colour; `None`: drawn by lot from the seed.
    pub initial_colour: Option<Colour>,
    /// Whether a forfeited match counts as a meeting for \[C1\]. FIDE practice
    /// (C.04.1 b speaks of games played) lets such teams be paired again.
    pub forfeit_counts_as_meeting: bool,
}

impl SwissConfig {
    /// Defaults of C.04.6 (match points primary, game points for colours,
    /// type A preferences) with the given rounds and seed.
    pub fn new(total_rounds: u32, seed: u64) -> SwissConfig {
        SwissConfig {
            total_rounds,
            primary_score: PrimaryScore::MatchPoints,
            secondary_for_colour: true,
            colour_preference: ColourPreferenceType::TypeA,
            initial_ranking: InitialRanking::AverageRating { boards: 4 },
            rounds_by_lot: 0,
            seed,
            initial_colour: None,
            forfeit_counts_as_meeting: false,
        }
    }

    /// Seed R: 7 rounds, rounds 1–2 by lot, match
    /// points 2/1/0 primary, initial ranking by the average of the 3 boards.
    pub fn r_3_corporate(seed: u64) -> SwissConfig {
        SwissConfig {
            rounds_by_lot: 2,
            initial_ranking: InitialRanking::AverageRating { boards: 3 },
            ..SwissConfig::new(7, seed)
        }
    }
}

/// A team as the Swiss engine sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissTeam {
    pub id: EntryId,
    /// Ratings of the players in board order (for the initial ranking).
    pub board_ratings: Vec<u32>,
    /// Withdrawn from the tournament: never paired again.
    pub withdrawn: bool,
}

/// What one side of a match (or a bye) earned in a round, as scored by
/// the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MatchScore {
    pub match_points: HalfPoints,
    pub game_points: HalfPoints,
}

/// How a paired match ended for pairing purposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchOutcome {
    /// Played over the board (colours count, art. 1.6.1).
    Played,
    /// The whole match was forfeited; `winner` None when both failed to appear.
    Forfeit { winner: Option<EntryId> },
}

/// A match of a past round. `white` is the team listed first, whose
/// board-1 player had White.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedMatch {
    pub white: EntryId,
    pub black: EntryId,
    pub white_score: MatchScore,
    pub black_score: MatchScore,
    pub outcome: MatchOutcome,
}

/// Why a team had no opponent in a past round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ByeKind {
    /// The pairing-allocated bye (art. 1.4): blocks another one (\[C2\]).
    PairingAllocated,
    /// A bye the judge gave by hand: also blocks a later PAB.
    Judge,
    /// Excluded or absent for the round: does not block a PAB.
    Absent,
}

/// A team without an opponent in a past round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundBye {
    pub team: EntryId,
    pub kind: ByeKind,
    pub score: MatchScore,
}

/// One past round.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PlayedRound {
    pub matches: Vec<PlayedMatch>,
    pub byes: Vec<RoundBye>,
}

/// A pairing fixed by the judge for the next round (recorded with reason).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgePairing {
    pub white: EntryId,
    pub black: EntryId,
    pub reason: String,
}

/// A team given the bye by the judge, or excluded from the next round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeDecision {
    pub team: EntryId,
    pub reason: String,
}

/// The judge's control over the next round; the engine pairs the rest.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RoundControl {
    pub fixed: Vec<JudgePairing>,
    pub bye: Option<JudgeDecision>,
    pub excluded: Vec<JudgeDecision>,
}

/// Everything the engine needs to pair the next round.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SwissState {
    pub teams: Vec<SwissTeam>,
    /// Past rounds, round 1 first. The next round is `rounds.len() + 1`.
    pub rounds: Vec<PlayedRound>,
    pub control: RoundControl,
}

/// How a round was paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PairingMethod {
    /// Drawn by lot, reproducible from `lot_seed`.
    ByLot,
    /// Paired by C.04.6.
    Swiss,
}

/// Who made a pairing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchSource {
    Engine,
    Judge { reason: String },
}

/// A match of the new round: `white` is listed first and has White on
/// board 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    pub table: u32,
    pub white: EntryId,
    pub black: EntryId,
    pub source: MatchSource,
}

/// The bye of the new round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByeAward {
    pub team: EntryId,
    pub source: MatchSource,
}

/// A criterion met only in part, or a judge decision that set one aside.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingNote {
    pub criterion: Criterion,
    pub detail: String,
}

/// The pairing of one round, with what is needed to audit and reproduce it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub round: u32,
    pub method: PairingMethod,
    /// The tournament seed the engine was given.
    pub tournament_seed: u64,
    /// The seed of this round's draw when drawn by lot.
    pub lot_seed: Option<u64>,
    /// Art. 4.1 initial-colour in force.
    pub initial_colour: Colour,
    pub matches: Vec<TeamMatch>,
    /// The pairing-allocated bye (at most one) and a judge's bye, if any.
    pub byes: Vec<ByeAward>,
    pub excluded: Vec<JudgeDecision>,
    /// Teams in TPN order (pairing number = position + 1).
    pub pairing_numbers: Vec<EntryId>,
    pub notes: Vec<PairingNote>,
}

const LABEL_RANKING: u64 = 0x5241_4e4b; // "RANK"
const LABEL_COLOUR: u64 = 0x434f_4c52; // "COLR"
const LABEL_ROUND: u64 = 0x524f_554e_4400; // "ROUND" + round

/// The pairing numbers (TPN order) of the teams under the config's
/// initial ranking. Reproducible from the seed; independent of the order
/// the teams are listed in, except for [`InitialRanking::AsListed`].
pub fn initial_ranking(teams: &[SwissTeam], config: &SwissConfig) -> Vec<EntryId> {
    let mut lot = Lot::new(Lot::derive(config.seed, LABEL_RANKING));
    let mut by_id: Vec<EntryId> = teams.iter().map(|t| t.id).collect();
    by_id.sort();
    let keys: HashMap<EntryId, u64> = by_id.iter().map(|&id| (id, lot.next_u64())).collect();
    let key = |id: &EntryId| keys.get(id).copied().unwrap_or(0);
    let mut order: Vec<&SwissTeam> = teams.iter().collect();
    match config.initial_ranking {
        InitialRanking::AsListed => {}
        InitialRanking::ByLot => order.sort_by_key(|t| key(&t.id)),
        InitialRanking::AverageRating { boards } => {
            let avg = |t: &SwissTeam| {
                let top: Vec<u64> = t
                    .board_ratings
                    .iter()
                    .take(boards.max(1) as usize)
                    .map(|&r| u64::from(r))
                    .collect();
                (top.iter().sum::<u64>(), top.len().max(1) as u64)
            };
            order.sort_by(|a, b| {
                let (sa, ca) = avg(a);
                let (sb, cb) = avg(b);
                (sb * ca)
                    .cmp(&(sa * cb))
                    .then_with(|| key(&a.id).cmp(&key(&b.id)))
            });
        }
    }
    order.iter().map(|t| t.id).collect()
}

/// A team's colour preference (art. 1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Preference {
    colour: Option<Colour>,
    strong: bool,
}

/// What the engine derives for one team from the history.
#[derive(Debug, Clone)]
struct TeamRecord {
    index: usize,
    id: EntryId,
    tpn: u32,
    primary: i32,
    secondary: i32,
    /// Board-1 colour per past round (None: not played).
    colours: Vec<Option<Colour>>,
    cd: i32,
    played: u32,
    pab_blocked: bool,
    floated_last_round: bool,
    opponents: HashSet<usize>,
    preference: Preference,
}

impl TeamRecord {
    fn last_colours(&self) -> impl Iterator<Item = Colour> + '_ {
        self.colours.iter().rev().flatten().copied()
    }
}

fn preference(
    kind: ColourPreferenceType,
    cd: i32,
    record: &TeamRecord,
    last_round: bool,
) -> Preference {
    if kind == ColourPreferenceType::NoPreference || record.played == 0 {
        return Preference::default();
    }
    let mut last = record.last_colours();
    let l1 = last.next();
    let l2 = last.next();
    let last_two_black = l1 == Some(Colour::Black) && l2 == Some(Colour::Black);
    let last_two_white = l1 == Some(Colour::White) && l2 == Some(Colour::White);
    // Art. 1.7.1 (type A) = the strong preference of type B (art. 1.7.2).
    if cd < -1 || ((cd == 0 || cd == -1) && last_two_black) {
        return Preference {
            colour: Some(Colour::White),
            strong: kind == ColourPreferenceType::TypeB,
        };
    }
    if cd > 1 || ((cd == 0 || cd == 1) && last_two_white) {
        return Preference {
            colour: Some(Colour::Black),
            strong: kind == ColourPreferenceType::TypeB,
        };
    }
    if kind == ColourPreferenceType::TypeB {
        let mild = if cd == -1 || (cd == 0 && !last_round && l1 == Some(Colour::Black)) {
            Some(Colour::White)
        } else if cd == 1 || (cd == 0 && !last_round && l1 == Some(Colour::White)) {
            Some(Colour::Black)
        } else {
            None
        };
        return Preference {
            colour: mild,
            strong: false,
        };
    }
    Preference::default()
}

/// Checks the state and derives each team's record.
fn build_records(
    state: &SwissState,
    config: &SwissConfig,
    round: u32,
) -> Result<(Vec<TeamRecord>, Vec<EntryId>), PairingError> {
    let ranking = initial_ranking(&state.teams, config);
    let mut history = History::new(state, config, &ranking)?;
    for (r, past) in state.rounds.iter().enumerate() {
        history.add_round(r, past)?;
    }
    Ok((history.finish(round), ranking))
}

/// The past rounds read into the teams' records, one round after the other.
struct History<'a> {
    config: &'a SwissConfig,
    index: HashMap<EntryId, usize>,
    rounds_played: usize,
    records: Vec<TeamRecord>,
}

impl<'a> History<'a> {
    /// Empty records, numbered by `ranking` (TPN order); every team listed
    /// once.
    fn new(
        state: &SwissState,
        config: &'a SwissConfig,
        ranking: &[EntryId],
    ) -> Result<History<'a>, PairingError> {
        let mut index = HashMap::new();
        for (i, t) in state.teams.iter().enumerate() {
            if index.insert(t.id, i).is_some() {
                return Err(PairingError::DuplicateTeam(t.id));
            }
        }
        let rounds_played = state.rounds.len();
        let mut history = History {
            config,
            index,
            rounds_played,
            records: Vec::with_capacity(state.teams.len()),
        };
        let mut tpn = vec![0u32; state.teams.len()];
        for (pos, id) in ranking.iter().enumerate() {
            tpn[history.lookup(*id, "initial ranking")?] = pos as u32 + 1;
        }
        history.records = state
            .teams
            .iter()
            .enumerate()
            .map(|(i, t)| TeamRecord {
                index: i,
                id: t.id,
                tpn: tpn[i],
                primary: 0,
                secondary: 0,
                colours: vec![None; rounds_played],
                cd: 0,
                played: 0,
                pab_blocked: false,
                floated_last_round: false,
                opponents: HashSet::new(),
                preference: Preference::default(),
            })
            .collect();
        Ok(history)
    }

    fn lookup(&self, id: EntryId, context: &str) -> Result<usize, PairingError> {
        self.index
            .get(&id)
            .copied()
            .ok_or_else(|| PairingError::UnknownTeam {
                team: id,
                context: context.to_string(),
            })
    }

    /// (primary, secondary) of a score (art. 1.2).
    fn split(&self, s: &MatchScore) -> (i32, i32) {
        match self.config.primary_score {
            PrimaryScore::MatchPoints => (s.match_points.0, s.game_points.0),
            PrimaryScore::GamePoints => (s.game_points.0, s.match_points.0),
        }
    }

    /// Round `r` (from 0): its matches, then its byes; a team at most once.
    fn add_round(&mut self, r: usize, past: &PlayedRound) -> Result<(), PairingError> {
        let context = format!("round {}", r + 1);
        let mut seen = HashSet::new();
        let primary_before: Vec<i32> = self.records.iter().map(|rec| rec.primary).collect();
        for m in &past.matches {
            self.add_match(r, m, &context, &mut seen, &primary_before)?;
        }
        for bye in &past.byes {
            self.add_bye(bye, &context, &mut seen)?;
        }
        Ok(())
    }

    /// The two teams of a past match, checked: known, not paired with
    /// itself, not in another pairing of the round.
    fn match_teams(
        &self,
        m: &PlayedMatch,
        context: &str,
        seen: &mut HashSet<usize>,
    ) -> Result<(usize, usize), PairingError> {
        let w = self.lookup(m.white, context)?;
        let b = self.lookup(m.black, context)?;
        if w == b {
            return Err(PairingError::Invalid(format!(
                "{context}: team {} is paired with itself",
                m.white
            )));
        }
        for (team, id) in [(w, m.white), (b, m.black)] {
            if !seen.insert(team) {
                return Err(PairingError::Invalid(format!(
                    "{context}: team {id} appears twice"
                )));
            }
        }
        Ok((w, b))
    }

    /// A match of round `r`: the meeting (\[C1\]), a forfeit win blocking the
    /// PAB (\[C2\]), scores, colours of a played match (art. 1.6.1) and, in
    /// the last round played, who floated (art. 1.5).
    fn add_match(
        &mut self,
        r: usize,
        m: &PlayedMatch,
        context: &str,
        seen: &mut HashSet<usize>,
        primary_before: &[i32],
    ) -> Result<(), PairingError> {
        let (w, b) = self.match_teams(m, context, seen)?;
        let played = m.outcome == MatchOutcome::Played;
        if played || self.config.forfeit_counts_as_meeting {
            self.records[w].opponents.insert(b);
            self.records[b].opponents.insert(w);
        }
        if let MatchOutcome::Forfeit {
            winner: Some(winner),
        } = m.outcome
        {
            let win = self.lookup(winner, context)?;
            if win != w && win != b {
                return Err(PairingError::Invalid(format!(
                    "{context}: forfeit winner {winner} did not play in that match"
                )));
            }
            // Art. 2.1.2 [C2]: a forfeit win blocks the PAB.
            self.records[win].pab_blocked = true;
        }
        for (team, score, colour) in [
            (w, &m.white_score, Colour::White),
            (b, &m.black_score, Colour::Black),
        ] {
            let (p, s) = self.split(score);
            let record = &mut self.records[team];
            record.primary += p;
            record.secondary += s;
            if played {
                record.colours[r] = Some(colour);
                record.played += 1;
            }
        }
        if r + 1 == self.rounds_played {
            let floated = primary_before[w] != primary_before[b];
            self.records[w].floated_last_round = floated;
            self.records[b].floated_last_round = floated;
        }
        Ok(())
    }

    /// A bye of a past round: its score; any bye but an absence blocks the
    /// PAB (\[C2\]).
    fn add_bye(
        &mut self,
        bye: &RoundBye,
        context: &str,
        seen: &mut HashSet<usize>,
    ) -> Result<(), PairingError> {
        let t = self.lookup(bye.team, context)?;
        if !seen.insert(t) {
            return Err(PairingError::Invalid(format!(
                "{context}: team {} appears twice",
                bye.team
            )));
        }
        let (p, s) = self.split(&bye.score);
        let record = &mut self.records[t];
        record.primary += p;
        record.secondary += s;
        if bye.kind != ByeKind::Absent {
            record.pab_blocked = true;
        }
        Ok(())
    }

    /// The records with their colour differences and preferences
    /// (art. 1.6, 1.7) for pairing `round`.
    fn finish(mut self, round: u32) -> Vec<TeamRecord> {
        let last_round = round == self.config.total_rounds;
        for rec in &mut self.records {
            rec.cd = rec
                .colours
                .iter()
                .flatten()
                .map(|c| if *c == Colour::White { 1 } else { -1 })
                .sum();
            rec.preference = preference(self.config.colour_preference, rec.cd, rec, last_round);
        }
        self.records
    }
}

/// Pairs the next round of a team Swiss (C.04.6), by lot in the rounds the
/// config draws by lot, honouring the judge's fixed pairings, bye
/// and exclusions in `state.control`.
pub fn pair_next_round(state: &SwissState, config: &SwissConfig) -> Result<Pairing, PairingError> {
    let round = state.rounds.len() as u32 + 1;
    if config.total_rounds == 0 || round > config.total_rounds {
        return Err(PairingError::Invalid(format!(
            "round {round} is beyond the {} rounds declared (C.04.1 a)",
            config.total_rounds
        )));
    }
    let (records, ranking) = build_records(state, config, round)?;
    let initial_colour = initial_colour(config);
    let mut pairing = Pairing {
        round,
        method: PairingMethod::Swiss,
        tournament_seed: config.seed,
        lot_seed: None,
        initial_colour,
        matches: Vec::new(),
        byes: Vec::new(),
        excluded: state.control.excluded.clone(),
        pairing_numbers: ranking,
        notes: Vec::new(),
    };

    // The judge's decisions first: those teams are
    // out of the engine's hands.
    let mut judge = JudgeControl::new(state, &records);
    let fixed = judge.fixed_pairings(&mut pairing.notes)?;
    judge.bye(&mut pairing)?;
    judge.exclusions()?;
    let taken = judge.taken;

    // The teams the engine pairs, in TPN order.
    let mut active: Vec<&TeamRecord> = records
        .iter()
        .filter(|r| !state.teams[r.index].withdrawn && !taken.contains(&r.index))
        .collect();
    active.sort_by_key(|r| r.tpn);
    let engine = Engine::new(&active, config, round, initial_colour);
    let by_lot = round <= config.rounds_by_lot;
    let result = if by_lot {
        let seed = Lot::derive(config.seed, LABEL_ROUND + u64::from(round));
        pairing.method = PairingMethod::ByLot;
        pairing.lot_seed = Some(seed);
        engine.pair_by_lot(seed)?
    } else {
        engine.pair_swiss()?
    };
    if let Some(b) = result.bye {
        add_engine_bye(&mut pairing, active[b].id);
    }
    pairing.notes.extend(result.notes);

    let judge_pairs = fixed
        .into_iter()
        .map(|(w, b, reason)| (&records[w], &records[b], MatchSource::Judge { reason }));
    let engine_pairs = result
        .pairs
        .into_iter()
        .map(|(w, b)| (active[w], active[b], MatchSource::Engine));
    pairing.matches = numbered_tables(engine_pairs.chain(judge_pairs));
    Ok(pairing)
}

/// Art. 4.1: the initial-colour the config sets, or drawn by lot from the
/// tournament's seed.
fn initial_colour(config: &SwissConfig) -> Colour {
    config.initial_colour.unwrap_or_else(|| {
        if Lot::new(Lot::derive(config.seed, LABEL_COLOUR)).coin() {
            Colour::White
        } else {
            Colour::Black
        }
    })
}

/// The judge's decisions of `state.control`, checked, and the teams they
/// take out of the engine's hands (indices of the records).
struct JudgeControl<'a> {
    state: &'a SwissState,
    records: &'a [TeamRecord],
    index: HashMap<EntryId, usize>,
    taken: HashSet<usize>,
}

impl<'a> JudgeControl<'a> {
    fn new(state: &'a SwissState, records: &'a [TeamRecord]) -> JudgeControl<'a> {
        JudgeControl {
            state,
            records,
            index: records.iter().map(|r| (r.id, r.index)).collect(),
            taken: HashSet::new(),
        }
    }

    /// A team of one judge decision (`what`): known, not withdrawn, in no
    /// other decision.
    fn take(&mut self, id: EntryId, what: &str) -> Result<usize, PairingError> {
        let i = self
            .index
            .get(&id)
            .copied()
            .ok_or_else(|| PairingError::UnknownTeam {
                team: id,
                context: format!("judge {what}"),
            })?;
        if self.state.teams[i].withdrawn {
            return Err(PairingError::Invalid(format!(
                "judge {what}: team {id} has withdrawn"
            )));
        }
        if !self.taken.insert(i) {
            return Err(PairingError::Invalid(format!(
                "judge {what}: team {id} is already in another judge decision"
            )));
        }
        Ok(i)
    }

    /// The fixed pairings as (white, black, reason); a rematch the judge
    /// sets is noted against \[C1\].
    fn fixed_pairings(
        &mut self,
        notes: &mut Vec<PairingNote>,
    ) -> Result<Vec<(usize, usize, String)>, PairingError> {
        let mut fixed: Vec<(usize, usize, String)> = Vec::new();
        for jp in &self.state.control.fixed {
            let w = self.take(jp.white, "pairing")?;
            if jp.white == jp.black {
                return Err(PairingError::Invalid(format!(
                    "judge pairing: team {} cannot play itself",
                    jp.white
                )));
            }
            let b = self.take(jp.black, "pairing")?;
            if self.records[w].opponents.contains(&b) {
                notes.push(PairingNote {
                    criterion: Criterion::C1NoRematch,
                    detail: format!(
                        "judge pairing {}–{} is a rematch, set by the judge: {}",
                        jp.white, jp.black, jp.reason
                    ),
                });
            }
            fixed.push((w, b, jp.reason.clone()));
        }
        Ok(fixed)
    }

    /// The judge's bye, noted against \[C2\] when the team already had a bye
    /// or a forfeit win.
    fn bye(&mut self, pairing: &mut Pairing) -> Result<(), PairingError> {
        let Some(bye) = &self.state.control.bye else {
            return Ok(());
        };
        let t = self.take(bye.team, "bye")?;
        if self.records[t].pab_blocked {
            pairing.notes.push(PairingNote {
                criterion: Criterion::C2NoSecondBye,
                detail: format!(
                    "judge gave team {} a bye although it already had one or a forfeit win: {}",
                    bye.team, bye.reason
                ),
            });
        }
        pairing.byes.push(ByeAward {
            team: bye.team,
            source: MatchSource::Judge {
                reason: bye.reason.clone(),
            },
        });
        Ok(())
    }

    /// The teams excluded from the round.
    fn exclusions(&mut self) -> Result<(), PairingError> {
        for ex in &self.state.control.excluded {
            self.take(ex.team, "exclusion")?;
        }
        Ok(())
    }
}

/// The engine's PAB (art. 1.4), noted when the judge gave a bye as well.
fn add_engine_bye(pairing: &mut Pairing, team: EntryId) {
    if !pairing.byes.is_empty() {
        pairing.notes.push(PairingNote {
            criterion: Criterion::C2NoSecondBye,
            detail: format!(
                "besides the judge's bye, the odd remainder gives team {team} the \
                 pairing-allocated bye"
            ),
        });
    }
    pairing.byes.push(ByeAward {
        team,
        source: MatchSource::Engine,
    });
}

/// The matches of the round at numbered tables as (white, black, source).
/// Table order: higher score first, then the smaller TPN.
fn numbered_tables<'r>(
    pairs: impl Iterator<Item = (&'r TeamRecord, &'r TeamRecord, MatchSource)>,
) -> Vec<TeamMatch> {
    let mut all: Vec<(i32, u32, TeamMatch)> = pairs
        .map(|(tw, tb, source)| {
            (
                tw.primary.max(tb.primary),
                tw.tpn.min(tb.tpn),
                TeamMatch {
                    table: 0,
                    white: tw.id,
                    black: tb.id,
                    source,
                },
            )
        })
        .collect();
    all.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    all.into_iter()
        .enumerate()
        .map(|(i, (_, _, mut m))| {
            m.table = i as u32 + 1;
            m
        })
        .collect()
}

/// What the engine decided for the active teams (indices into `active`).
struct EngineResult {
    pairs: Vec<(usize, usize)>,
    bye: Option<usize>,
    notes: Vec<PairingNote>,
}

struct Engine<'a> {
    teams: &'a [&'a TeamRecord],
    config: &'a SwissConfig,
    allowed: BitMatrix,
    initial_colour: Colour,
    /// Except in the last two rounds, \[C7\] and \[C10\] apply.
    float_rules: bool,
}

impl<'a> Engine<'a> {
    fn new(
        teams: &'a [&'a TeamRecord],
        config: &'a SwissConfig,
        round: u32,
        initial_colour: Colour,
    ) -> Engine<'a> {
        let n = teams.len();
        let mut allowed = BitMatrix::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if !teams[a].opponents.contains(&teams[b].index) {
                    allowed.set(a, b, true);
                }
            }
        }
        Engine {
            teams,
            config,
            allowed,
            initial_colour,
            float_rules: round + 1 < config.total_rounds,
        }
    }

    /// Art. 3.4 (and \[C2\], \[C3\]): the PAB, when the number is odd.
    fn choose_bye(
        &self,
        oracle: &Oracle,
        candidates: &[usize],
    ) -> Result<Option<usize>, PairingError> {
        if self.teams.len().is_multiple_of(2) {
            return Ok(None);
        }
        let eligible: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&i| !self.teams[i].pab_blocked)
            .collect();
        if eligible.is_empty() {
            return Err(PairingError::impossible(
                Criterion::C2NoSecondBye,
                format!(
                    "{} teams to pair, an odd number, and every one of them already had a \
                     pairing-allocated bye or a forfeit win",
                    self.teams.len()
                ),
            ));
        }
        for &c in &eligible {
            if oracle.completable_without(&[c]) {
                return Ok(Some(c));
            }
        }
        Err(PairingError::impossible(
            Criterion::C3Completion,
            format!(
                "none of the {} teams that may take the pairing-allocated bye leaves the other \
                 teams a pairing without a rematch ([C1], [C2])",
                eligible.len()
            ),
        ))
    }

    fn check_complete(&self, oracle: &Oracle) -> Result<(), PairingError> {
        let exposed = oracle.exposed();
        if exposed > 0 {
            return Err(PairingError::impossible(
                Criterion::C1NoRematch,
                format!(
                    "every pairing of these teams repeats a match: at most {} of them can meet \
                     new opponents, {} cannot",
                    self.teams.len() - exposed - (self.teams.len() % 2),
                    exposed
                ),
            ));
        }
        Ok(())
    }

    /// the round is drawn by lot. Teams are drawn one by one; each
    /// team drawn first in a pair takes the next drawn team it may still
    /// meet (\[C1\]) without leaving the rest unpairable (\[C3\]); the bye goes
    /// to the last drawn team that may take it (\[C2\]).
    fn pair_by_lot(&self, seed: u64) -> Result<EngineResult, PairingError> {
        let n = self.teams.len();
        let mut order: Vec<usize> = (0..n).collect();
        Lot::new(seed).shuffle(&mut order);
        let mut oracle = Oracle::new(&self.allowed);
        let reversed: Vec<usize> = order.iter().rev().copied().collect();
        let bye = self.choose_bye(&oracle, &reversed)?;
        if let Some(b) = bye {
            oracle.remove(&[b]);
            order.retain(|&i| i != b);
        }
        self.check_complete(&oracle)?;
        let mut pairs = Vec::new();
        let mut left = order;
        while !left.is_empty() {
            let x = left[0];
            let pick = left[1..]
                .iter()
                .position(|&y| self.allowed.get(x, y) && oracle.completable_without(&[x, y]));
            let Some(p) = pick else {
                return Err(PairingError::impossible(
                    Criterion::C3Completion,
                    format!("team {} has no legal opponent left", self.teams[x].id),
                ));
            };
            let y = left[p + 1];
            oracle.remove(&[x, y]);
            left.remove(p + 1);
            left.remove(0);
            // Colours: before anyone has played, the team drawn first has
            // White on board 1; later lot rounds use art. 4 with the
            // drawn-first team in the place of the first-team.
            let (w, b) = if self.teams[x].played == 0 && self.teams[y].played == 0 {
                (x, y)
            } else {
                self.allocate_colours(x, y, Some(x))
            };
            pairs.push((w, b));
        }
        Ok(EngineResult {
            pairs,
            bye,
            notes: Vec::new(),
        })
    }

    /// C.04.6 art. 3.3.2: the PAB first (art. 3.4), then, while teams are
    /// left, the top scoregroup with its upfloaters (art. 3.5) is paired as
    /// one bracket (art. 3.6).
    fn pair_swiss(&self) -> Result<EngineResult, PairingError> {
        let n = self.teams.len();
        let mut oracle = Oracle::new(&self.allowed);
        let mut notes = Vec::new();
        // Art. 3.4: lowest score, then most matches played, then largest TPN.
        let mut bye_order: Vec<usize> = (0..n).collect();
        bye_order.sort_by(|&a, &b| {
            let (ta, tb) = (self.teams[a], self.teams[b]);
            ta.primary
                .cmp(&tb.primary)
                .then(tb.played.cmp(&ta.played))
                .then(tb.tpn.cmp(&ta.tpn))
        });
        let bye = self.choose_bye(&oracle, &bye_order)?;
        let mut unpaired: Vec<usize> = (0..n).filter(|&i| Some(i) != bye).collect();
        if let Some(b) = bye {
            oracle.remove(&[b]);
        }
        self.check_complete(&oracle)?;
        // Score order, then TPN (the teams are already in TPN order).
        unpaired.sort_by(|&a, &b| self.teams[b].primary.cmp(&self.teams[a].primary));
        let mut pairs = Vec::new();
        while !unpaired.is_empty() {
            let top = self.teams[unpaired[0]].primary;
            let residents: Vec<usize> = unpaired
                .iter()
                .copied()
                .take_while(|&i| self.teams[i].primary == top)
                .collect();
            let lower: Vec<usize> = unpaired[residents.len()..].to_vec();
            let choice = self.select_upfloaters(&residents, &lower, &oracle)?;
            notes.extend(choice.notes);
            let mut bracket: Vec<usize> = residents
                .iter()
                .chain(&choice.upfloaters)
                .copied()
                .collect();
            bracket.sort_by_key(|&i| self.teams[i].tpn);
            let (bracket_pairs, bracket_notes) = self.pair_bracket(&bracket);
            notes.extend(bracket_notes);
            oracle.remove(&bracket);
            let done: HashSet<usize> = bracket.iter().copied().collect();
            unpaired.retain(|i| !done.contains(i));
            for (a, b) in bracket_pairs {
                pairs.push(self.allocate_colours(a, b, None));
            }
        }
        Ok(EngineResult { pairs, bye, notes })
    }

    /// Art. 4: colours of a pair. `drawn_first` replaces the first-team in
    /// lot rounds. Returns (white, black).
    fn allocate_colours(&self, a: usize, b: usize, drawn_first: Option<usize>) -> (usize, usize) {
        let (ta, tb) = (self.teams[a], self.teams[b]);
        // Art. 4.2: the first-team.
        let a_first = match drawn_first {
            Some(f) => f == a,
            None => {
                let by_secondary = if self.config.secondary_for_colour {
                    ta.secondary.cmp(&tb.secondary)
                } else {
                    std::cmp::Ordering::Equal
                };
                ta.primary
                    .cmp(&tb.primary)
                    .then(by_secondary)
                    .then(tb.tpn.cmp(&ta.tpn))
                    .is_gt()
            }
        };
        let (first, other) = if a_first { (a, b) } else { (b, a) };
        let (tf, to) = (self.teams[first], self.teams[other]);
        let give_first = |c: Colour| {
            if c == Colour::White {
                (first, other)
            } else {
                (other, first)
            }
        };
        // 4.3.1: neither has played.
        if tf.played == 0 && to.played == 0 {
            let c = if tf.tpn % 2 == 1 {
                self.initial_colour
            } else {
                self.initial_colour.opposite()
            };
            return give_first(c);
        }
        let (pf, po) = (tf.preference, to.preference);
        match (pf.colour, po.colour) {
            // 4.3.2: only one has a preference.
            (Some(c), None) => return give_first(c),
            (None, Some(c)) => return give_first(c.opposite()),
            // 4.3.3: opposite preferences.
            (Some(c), Some(d)) if c != d => return give_first(c),
            _ => {}
        }
        // 4.3.4 (type B): only one strong preference.
        if self.config.colour_preference == ColourPreferenceType::TypeB {
            match (pf.colour, pf.strong, po.colour, po.strong) {
                (Some(c), true, _, false) => return give_first(c),
                (_, false, Some(c), true) => return give_first(c.opposite()),
                _ => {}
            }
        }
        // 4.3.5: the lower colour difference gets White.
        if tf.cd != to.cd {
            return give_first(if tf.cd < to.cd {
                Colour::White
            } else {
                Colour::Black
            });
        }
        // 4.3.6: alternate the colours to the most recent time one team had
        // White and the other Black. Its note sends to art. 3.4 of the
        // General Handling Rules (C.04.2): only matches actually played
        // count, so both histories are taken without their unplayed rounds
        // and compared from the latest played match back, not round by
        // round.
        for (cf, co) in tf.last_colours().zip(to.last_colours()) {
            if cf != co {
                return give_first(cf.opposite());
            }
        }
        // 4.3.7: the first-team's preference.
        if let Some(c) = pf.colour {
            return give_first(c);
        }
        // 4.3.8 / 4.3.9: alternate from the last colour played.
        if let Some(c) = tf.last_colours().next() {
            return give_first(c.opposite());
        }
        if let Some(c) = to.last_colours().next() {
            return give_first(c);
        }
        give_first(self.initial_colour)
    }
}

#[path = "swiss_exact.rs"]
mod exact;

#[cfg(test)]
#[path = "swiss_tests.rs"]
mod tests;

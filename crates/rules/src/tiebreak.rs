//! FIDE C.07 team tie-breaks: definitions, TRF notation, and the values.
//!
//! A regulation names an ordered chain of tie-breaks ([`TieBreakRules`]). Each
//! is written in TRF-2026 notation `NAME[:MP|:GP][/Cn|/Mn][/P]`
//! (records 202/212), e.g. `EDET/P`, `EMGSB/C1`, `BH:MP/C1`, `MPvGP`;
//! [`parse_ranking_list`] also reads the score names a 212 record starts with.
//!
//! Three kinds exist:
//! * per-team values (MPvGP, the SB/ESB family, BH, AOB, PS, REP, STD, TPN,
//!   BC, TBR, BBE, Berlin, WIN, WON, SSSC), computed once for every team
//!   (`team_values`);
//! * group criteria (DE, the EDE family), which depend on the set of tied
//!   teams and are applied by the ranking ([`crate::ranking`]) with
//!   the helpers here;
//! * tie-breaks C.07 defines for individuals or that need data a team event
//!   lacks ([`NotApplicable`]): kept in the chain, they separate nobody.
//!
//! Unplayed rounds follow C.07 art. 16 of the edition the regulation names
//! ([`Edition`]): which rounds are VURs (`is_vur`), a team's score as an
//! opponent (`adjusted_score`), the dummy opponent of a team's own
//! unplayed round (`contributions`) and the cuts (`cut_sum`). For teams
//! a match counts as played when at least one of its games was played over
//! the board ([`RoundKind`]). Art. 16 manages unplayed rounds in Swiss
//! events; in a round robin (pre-determined pairings, art. 15.2) a forfeit
//! counts as a regular match, with or without `/P`. The values were compared
//! with the reference implementation FIDE's TEC uses (TieBreakServer);
//! where we depart from it the comment at the code says why.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::crosstable::{Crosstable, RoundKind, TeamLine, TeamRound};
use super::score::{ByeKind, HalfPoints, ScoreKind, Scoring};
use super::tournament::{PairingSystem, Tournament};

/// Edition of FIDE Handbook C.07 (play-off and tie-break regulations).
///
/// The two editions differ, for the tie-breaks computed here, in art. 16.4:
/// the value of the dummy opponent that stands for a team's own unplayed
/// round (see `contributions`). Everything else this crate computes is
/// the same in both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Edition {
    /// Approved by the FIDE Council on 29 July 2024, in force from
    /// 1 August 2024: the dummy opponent scores the team's own final score.
    #[serde(rename = "2024")]
    C07_2024,
    /// Approved on 2 February 2026, in force from 1 March 2026: the dummy
    /// opponent's score is capped by the scheduled opponent's adjusted score
    /// (16.4.1) or, without an opponent, by a draw in every round (16.4.2).
    #[serde(rename = "2026")]
    #[default]
    C07_2026,
}

impl Edition {
    /// The first day the 2026 edition applies.
    const FROM_2026: (i32, u32, u32) = (2026, 3, 1);

    /// The edition in force on `date`: the 2026 edition from 1 March 2026,
    /// the 2024 edition before (also for dates before 1 August 2024, since
    /// older editions are not modelled).
    pub fn in_force_on(date: chrono::NaiveDate) -> Edition {
        let (y, m, d) = Self::FROM_2026;
        match chrono::NaiveDate::from_ymd_opt(y, m, d) {
            Some(from) if date < from => Edition::C07_2024,
            _ => Edition::C07_2026,
        }
    }
}

/// Cut modifiers (C.07 art. 14): `/Cn` drops the n least significant values,
/// `/Mn` (median) drops the n least and the n most significant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Cut {
    /// Nothing dropped.
    #[default]
    None,
    /// Cut-n.
    Low(u8),
    /// Median-n.
    Median(u8),
}

/// Board steps of the extended direct encounter when exactly two teams are
/// still tied (C.07 team tie-breaks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EdeBoards {
    /// EDE: none.
    None,
    /// EDEC: board count.
    Count,
    /// EDET: top-board result.
    TopBoard,
    /// EDEB: bottom-board elimination.
    BottomBoard,
    /// EDEBT: board count, then top-board result.
    CountThenTop,
    /// EDEBB: board count, then bottom-board elimination.
    CountThenBottom,
}

/// What a tie-break measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieBreakKind {
    /// MPvGP: the secondary score.
    MpVsGp,
    /// DE: direct encounter on the primary score.
    DirectEncounter,
    /// EDE family: DE on the primary, then the secondary score, then boards.
    ExtendedDirectEncounter(EdeBoards),
    /// ESB: Σ opponent's score X × own match score Y (EMMSB, EMGSB, EGMSB, EGGSB).
    SonnebornBerger {
        /// The opponent's score.
        x: ScoreKind,
        /// The own score in the match.
        y: ScoreKind,
    },
    /// BH: Σ opponents' scores (`BH:MP`, `BH:GP`; plain `BH` = primary).
    Buchholz(Option<ScoreKind>),
    /// BC: Σ board number × points on that board; lower is better.
    BoardCount,
    /// TBR: points on board 1, then board 2, …
    TopBoardResult,
    /// BBE: points on all boards but the last, then drop the next board up, …
    BottomBoardElimination,
    /// Berlin (Swiss-Manager): Σ (N + 1 − board) × points on that board.
    Berlin,
    /// WIN: rounds (`:MP`) or games (`:GP`) won, unplayed wins included.
    Wins(ScoreKind),
    /// WON: rounds or games won over the board.
    WonOverTheBoard(ScoreKind),
    /// SSSC: secondary score + BH(primary) / K.
    ScoreStrengthCombination,
    /// A score used as a tie-break (`MP`, `GP`, `MPTS`, `GPTS` after the
    /// first place of a ranking list): the secondary score when it is not the
    /// primary one, nothing new when it is.
    Score(ScoreKind),
    /// SB (art. 9.1) without a score: Σ opponent's primary × own primary.
    /// `SB:MP` and `SB:GP` are EMMSB and EGGSB.
    SonnebornBergerOnPrimary,
    /// ESB (art. 13.2) without a score: Σ opponent's primary × own secondary.
    /// `ESB:MG` etc. are the four named variants.
    ExtendedSonnebornBergerOnPrimary,
    /// PS (art. 7.5): Σ of the running score after each round (`:MP`, `:GP`,
    /// plain = primary); `/Cn` leaves out the first n rounds.
    ProgressiveScores(Option<ScoreKind>),
    /// REP (art. 7.6; GE is its former name): rounds the team elected to
    /// play, i.e. every round but its VURs.
    RoundsElectedToPlay,
    /// AOB (art. 8.2): the average Buchholz (`:MP`, `:GP`, plain = primary)
    /// of the opponents met over the board.
    AverageOfOpponentsBuchholz(Option<ScoreKind>),
    /// STD (2026 edition): the score counted the standard way, a won match 1,
    /// a drawn one ½ (`:MP`), or the games 1 / ½ / 0 (`:GP`); plain = primary.
    StandardPoints(Option<ScoreKind>),
    /// TPN: the team's pairing number; lower is better.
    PairingNumber,
    /// A tie-break of C.07 that a team event cannot compute (see
    /// [`NotApplicable`]). It is kept in the chain, separates nobody, and the
    /// standings list it in [`crate::ranking::Standings::not_applicable`].
    NotApplicable(NotApplicable),
}

/// C.07 tie-breaks that do not apply to the team events of this crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NotApplicable {
    /// BPG (art. 7.3): games played with Black, a colour of individual games.
    Bpg,
    /// BWG (art. 7.4): games won with Black.
    Bwg,
    /// ARO (art. 10.1): average rating of the opponents.
    Aro,
    /// TPR (art. 10.2): tournament performance rating.
    Tpr,
    /// PTP (art. 10.3): perfect tournament performance.
    Ptp,
    /// APRO (art. 10.4): average of the opponents' performance ratings.
    Apro,
    /// APPO (art. 10.5): average of the opponents' perfect performances.
    Appo,
    /// RTNG: the participant's own rating.
    Rtng,
    /// FB (art. 8.3): Fore Buchholz.
    Fb,
    /// KS (art. 9.2): Koya system.
    Ks,
}

impl NotApplicable {
    /// The acronym of C.07.
    pub fn acronym(self) -> &'static str {
        match self {
            NotApplicable::Bpg => "BPG",
            NotApplicable::Bwg => "BWG",
            NotApplicable::Aro => "ARO",
            NotApplicable::Tpr => "TPR",
            NotApplicable::Ptp => "PTP",
            NotApplicable::Apro => "APRO",
            NotApplicable::Appo => "APPO",
            NotApplicable::Rtng => "RTNG",
            NotApplicable::Fb => "FB",
            NotApplicable::Ks => "KS",
        }
    }

    /// Why it does not apply, in English.
    pub fn reason(self) -> &'static str {
        match self {
            NotApplicable::Bpg | NotApplicable::Bwg => {
                "it counts the colours of individual games; a team has no colour of its own"
            }
            NotApplicable::Aro
            | NotApplicable::Tpr
            | NotApplicable::Ptp
            | NotApplicable::Apro
            | NotApplicable::Appo
            | NotApplicable::Rtng => "it needs a rating of the team, which a team event lacks",
            NotApplicable::Fb | NotApplicable::Ks => {
                "this crate does not compute it for team events"
            }
        }
    }

    fn from_acronym(upper: &str) -> Option<NotApplicable> {
        Some(match upper {
            "BPG" => NotApplicable::Bpg,
            "BWG" => NotApplicable::Bwg,
            "ARO" => NotApplicable::Aro,
            "TPR" => NotApplicable::Tpr,
            "PTP" => NotApplicable::Ptp,
            "APRO" => NotApplicable::Apro,
            "APPO" => NotApplicable::Appo,
            "RTNG" => NotApplicable::Rtng,
            "FB" => NotApplicable::Fb,
            "KS" => NotApplicable::Ks,
            _ => return None,
        })
    }
}

/// One tie-break of a chain with its modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TieBreak {
    /// What it measures.
    pub kind: TieBreakKind,
    /// Cut modifier (BH, ESB, SSSC).
    pub cut: Cut,
    /// `/P`: pairings were pre-determined, so forfeited matches count as
    /// encounters (DE family) and as played (ESB, BH), art. 15.2. A round
    /// robin is treated so with or without it.
    pub predetermined: bool,
}

impl TieBreak {
    /// A tie-break without modifiers.
    pub const fn new(kind: TieBreakKind) -> TieBreak {
        TieBreak {
            kind,
            cut: Cut::None,
            predetermined: false,
        }
    }

    /// With a cut modifier.
    pub const fn with_cut(mut self, cut: Cut) -> TieBreak {
        self.cut = cut;
        self
    }

    /// With `/P`.
    pub const fn predetermined(mut self) -> TieBreak {
        self.predetermined = true;
        self
    }

    /// True for criteria that depend on the group of tied teams.
    pub fn is_group_criterion(&self) -> bool {
        matches!(
            self.kind,
            TieBreakKind::DirectEncounter | TieBreakKind::ExtendedDirectEncounter(_)
        )
    }

    /// True when a lower value ranks higher (BC).
    pub fn lower_is_better(&self) -> bool {
        matches!(
            self.kind,
            TieBreakKind::BoardCount | TieBreakKind::PairingNumber
        )
    }

    /// English name for explanations ("Sonneborn-Berger (EGGSB)").
    pub fn english_name(&self) -> String {
        use TieBreakKind::*;
        let base = match self.kind {
            MpVsGp => "secondary score".to_string(),
            DirectEncounter => "direct encounter".to_string(),
            ExtendedDirectEncounter(_) => "extended direct encounter".to_string(),
            SonnebornBerger { .. } => "Sonneborn-Berger".to_string(),
            Buchholz(_) => "Buchholz".to_string(),
            BoardCount => "board count".to_string(),
            TopBoardResult => "top-board results".to_string(),
            BottomBoardElimination => "bottom-board elimination".to_string(),
            Berlin => "Berlin rating".to_string(),
            Wins(ScoreKind::MatchPoints) => "matches won".to_string(),
            Wins(ScoreKind::GamePoints) => "games won".to_string(),
            WonOverTheBoard(ScoreKind::MatchPoints) => "matches won over the board".to_string(),
            WonOverTheBoard(ScoreKind::GamePoints) => "games won over the board".to_string(),
            ScoreStrengthCombination => "score-strength combination".to_string(),
            Score(ScoreKind::MatchPoints) => "match points".to_string(),
            Score(ScoreKind::GamePoints) => "game points".to_string(),
            SonnebornBergerOnPrimary | ExtendedSonnebornBergerOnPrimary => {
                "Sonneborn-Berger".to_string()
            }
            ProgressiveScores(_) => "progressive scores".to_string(),
            RoundsElectedToPlay => "rounds elected to play".to_string(),
            AverageOfOpponentsBuchholz(_) => "average of the opponents' Buchholz".to_string(),
            StandardPoints(_) => "standard points".to_string(),
            PairingNumber => "pairing number".to_string(),
            NotApplicable(n) => format!("not applicable to teams: {}", n.reason()),
        };
        format!("{base} ({self})")
    }
}

/// An unknown or malformed tie-break name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TieBreakParseError {
    /// The name is not one of the supported tie-breaks.
    #[error(
        "unknown tie-break '{0}'; expected a score (PTS, MPTS, GPTS, MP, GP) or one of MPvGP, DE, EDE, EDEC, EDET, EDEB, EDEBT, EDEBB, ESB, EMMSB, EMGSB, EGMSB, EGGSB, SB, BH, AOB, FB, KS, PS, REP, GE, WIN, WON, BPG, BWG, ARO, TPR, PTP, APRO, APPO, RTNG, STD, TPN, BC, TBR, BBE, BERLIN, SSSC"
    )]
    UnknownName(String),
    /// A modifier is malformed or does not apply to the tie-break.
    #[error("tie-break '{text}': {problem}")]
    BadModifier {
        /// The whole tie-break text.
        text: String,
        /// What is wrong.
        problem: String,
    },
}

/// A score name of C.07 / TRF-2026 (record 212 lists one first).
fn score_name(upper: &str) -> Option<Option<ScoreKind>> {
    match upper {
        "PTS" => Some(None),
        "MPTS" | "MP" => Some(Some(ScoreKind::MatchPoints)),
        "GPTS" | "GP" => Some(Some(ScoreKind::GamePoints)),
        _ => None,
    }
}

fn score_letter(c: u8) -> Option<ScoreKind> {
    match c {
        b'M' => Some(ScoreKind::MatchPoints),
        b'G' => Some(ScoreKind::GamePoints),
        _ => None,
    }
}

impl FromStr for TieBreak {
    type Err = TieBreakParseError;

    /// Parse TRF notation `NAME[:MP|:GP][/Cn|/Mn][/P]`, case-insensitive,
    /// with every acronym of C.07 (2024 and 2026 editions) and of TRF-2026
    /// records 202/212. A score name on its own (`MP`, `GPTS`…) is that
    /// score used as a tie-break ([`TieBreakKind::Score`]); `PTS` is refused
    /// here since it names no score of its own (see [`parse_ranking_list`]).
    /// Tie-breaks a team event cannot compute become
    /// [`TieBreakKind::NotApplicable`], whatever their modifiers.
    fn from_str(text: &str) -> Result<TieBreak, TieBreakParseError> {
        let notation = Notation { text: text.trim() };
        let mut parts = notation.text.split('/');
        let head = parts.next().unwrap_or_default();
        let (name, suffix) = match head.split_once(':') {
            Some((n, s)) => (n, Some(s.to_ascii_uppercase())),
            None => (head, None),
        };
        let upper = name.to_ascii_uppercase();
        if let Some(n) = NotApplicable::from_acronym(&upper) {
            return Ok(TieBreak::new(TieBreakKind::NotApplicable(n)));
        }
        let suffix = suffix.as_deref();
        let score = notation.score_suffix(&upper, suffix)?;
        let kind = notation.kind(&upper, suffix, score)?;
        if score.is_some() && !takes_a_score(kind) {
            return Err(notation.bad("only BH, SB, AOB, PS, STD, WIN and WON take :MP or :GP"));
        }
        let mut tb = TieBreak::new(kind);
        for modifier in parts {
            notation.apply_modifier(&mut tb, modifier)?;
        }
        if !cut_applies(kind, tb.cut) {
            return Err(notation.bad("cut modifiers apply to SB, ESB, BH, SSSC and (Cn only) PS"));
        }
        Ok(tb)
    }
}

/// The text of one tie-break being parsed, for its errors.
struct Notation<'a> {
    /// The trimmed tie-break text.
    text: &'a str,
}

impl Notation<'_> {
    fn bad(&self, problem: &str) -> TieBreakParseError {
        TieBreakParseError::BadModifier {
            text: self.text.to_string(),
            problem: problem.to_string(),
        }
    }

    /// `:MP` / `:GP` for the tie-breaks that take one score; ESB takes `:XY`
    /// instead (read by [`Notation::kind`]).
    fn score_suffix(
        &self,
        upper: &str,
        suffix: Option<&str>,
    ) -> Result<Option<ScoreKind>, TieBreakParseError> {
        match suffix {
            None => Ok(None),
            Some("MP") => Ok(Some(ScoreKind::MatchPoints)),
            Some("GP") => Ok(Some(ScoreKind::GamePoints)),
            Some(_) if upper == "ESB" => Ok(None),
            Some(_) => Err(self.bad("score must be :MP or :GP")),
        }
    }

    /// What the acronym `upper` measures, with its score suffix.
    fn kind(
        &self,
        upper: &str,
        suffix: Option<&str>,
        score: Option<ScoreKind>,
    ) -> Result<TieBreakKind, TieBreakParseError> {
        use TieBreakKind::*;
        Ok(match upper {
            "MPVGP" => MpVsGp,
            "DE" => DirectEncounter,
            "EDE" => ExtendedDirectEncounter(EdeBoards::None),
            "EDEC" => ExtendedDirectEncounter(EdeBoards::Count),
            "EDET" => ExtendedDirectEncounter(EdeBoards::TopBoard),
            "EDEB" => ExtendedDirectEncounter(EdeBoards::BottomBoard),
            "EDEBT" => ExtendedDirectEncounter(EdeBoards::CountThenTop),
            "EDEBB" => ExtendedDirectEncounter(EdeBoards::CountThenBottom),
            "EMMSB" | "EMGSB" | "EGMSB" | "EGGSB" => {
                let b = upper.as_bytes();
                SonnebornBerger {
                    x: score_letter(b[1]).unwrap_or(ScoreKind::MatchPoints),
                    y: score_letter(b[2]).unwrap_or(ScoreKind::MatchPoints),
                }
            }
            "ESB" => self.extended_sonneborn_berger(suffix)?,
            "SB" => match score {
                None => SonnebornBergerOnPrimary,
                Some(k) => SonnebornBerger { x: k, y: k },
            },
            "BH" => Buchholz(score),
            "AOB" => AverageOfOpponentsBuchholz(score),
            "PS" => ProgressiveScores(score),
            "REP" | "GE" => RoundsElectedToPlay,
            "STD" => StandardPoints(score),
            "TPN" => PairingNumber,
            "BC" => BoardCount,
            "TBR" => TopBoardResult,
            "BBE" => BottomBoardElimination,
            "BERLIN" => Berlin,
            "WIN" => Wins(score.unwrap_or(ScoreKind::MatchPoints)),
            "WON" => WonOverTheBoard(score.unwrap_or(ScoreKind::MatchPoints)),
            "SSSC" => ScoreStrengthCombination,
            other => match score_name(other) {
                Some(Some(k)) if suffix.is_none() => Score(k),
                _ => return Err(TieBreakParseError::UnknownName(self.text.to_string())),
            },
        })
    }

    /// ESB alone (art. 13.2, on the primary score) or `ESB:XY`, one of the
    /// four named variants.
    fn extended_sonneborn_berger(
        &self,
        suffix: Option<&str>,
    ) -> Result<TieBreakKind, TieBreakParseError> {
        let wrong = || self.bad("ESB takes :MM, :MG, :GM or :GG");
        match suffix.map(str::as_bytes) {
            None => Ok(TieBreakKind::ExtendedSonnebornBergerOnPrimary),
            Some(&[x, y]) => match (score_letter(x), score_letter(y)) {
                (Some(x), Some(y)) => Ok(TieBreakKind::SonnebornBerger { x, y }),
                _ => Err(wrong()),
            },
            Some(_) => Err(wrong()),
        }
    }

    /// One `/…` modifier: `/P`, `/Cn` or `/Mn` (art. 14).
    fn apply_modifier(&self, tb: &mut TieBreak, modifier: &str) -> Result<(), TieBreakParseError> {
        let mu = modifier.to_ascii_uppercase();
        if mu == "P" {
            tb.predetermined = true;
        } else if let Some(n) = mu.strip_prefix('C') {
            let n: u8 = n.parse().map_err(|_| self.bad("cut must be /C<number>"))?;
            tb.cut = Cut::Low(n);
        } else if let Some(n) = mu.strip_prefix('M') {
            let n: u8 = n
                .parse()
                .map_err(|_| self.bad("median must be /M<number>"))?;
            tb.cut = Cut::Median(n);
        } else {
            return Err(self.bad(&format!("unknown modifier '/{modifier}'")));
        }
        Ok(())
    }
}

/// The tie-breaks that take a `:MP` / `:GP` score.
fn takes_a_score(kind: TieBreakKind) -> bool {
    use TieBreakKind::*;
    matches!(
        kind,
        Buchholz(_)
            | Wins(_)
            | WonOverTheBoard(_)
            | SonnebornBerger { .. }
            | AverageOfOpponentsBuchholz(_)
            | ProgressiveScores(_)
            | StandardPoints(_)
    )
}

/// Whether a cut modifier (art. 14) applies to `kind`: Cut-n and Median-n
/// to the SB / ESB family, BH and SSSC; Cut-n also to PS (art. 7.5).
fn cut_applies(kind: TieBreakKind, cut: Cut) -> bool {
    use TieBreakKind::*;
    match cut {
        Cut::None => true,
        Cut::Low(_) => matches!(
            kind,
            SonnebornBerger { .. }
                | SonnebornBergerOnPrimary
                | ExtendedSonnebornBergerOnPrimary
                | Buchholz(_)
                | ScoreStrengthCombination
                | ProgressiveScores(_)
        ),
        Cut::Median(_) => matches!(
            kind,
            SonnebornBerger { .. }
                | SonnebornBergerOnPrimary
                | ExtendedSonnebornBergerOnPrimary
                | Buchholz(_)
                | ScoreStrengthCombination
        ),
    }
}

/// Canonical TRF notation.
impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TieBreakKind::*;
        let c = |k: ScoreKind| {
            if k == ScoreKind::MatchPoints {
                'M'
            } else {
                'G'
            }
        };
        let name = match self.kind {
            MpVsGp => "MPvGP".to_string(),
            DirectEncounter => "DE".into(),
            ExtendedDirectEncounter(b) => match b {
                EdeBoards::None => "EDE",
                EdeBoards::Count => "EDEC",
                EdeBoards::TopBoard => "EDET",
                EdeBoards::BottomBoard => "EDEB",
                EdeBoards::CountThenTop => "EDEBT",
                EdeBoards::CountThenBottom => "EDEBB",
            }
            .into(),
            SonnebornBerger { x, y } => format!("E{}{}SB", c(x), c(y)),
            Buchholz(None) => "BH".into(),
            Buchholz(Some(k)) => format!("BH:{}", k.code()),
            BoardCount => "BC".into(),
            TopBoardResult => "TBR".into(),
            BottomBoardElimination => "BBE".into(),
            Berlin => "BERLIN".into(),
            Wins(ScoreKind::MatchPoints) => "WIN".into(),
            Wins(k) => format!("WIN:{}", k.code()),
            WonOverTheBoard(ScoreKind::MatchPoints) => "WON".into(),
            WonOverTheBoard(k) => format!("WON:{}", k.code()),
            ScoreStrengthCombination => "SSSC".into(),
            Score(k) => k.code().into(),
            SonnebornBergerOnPrimary => "SB".into(),
            ExtendedSonnebornBergerOnPrimary => "ESB".into(),
            ProgressiveScores(None) => "PS".into(),
            ProgressiveScores(Some(k)) => format!("PS:{}", k.code()),
            RoundsElectedToPlay => "REP".into(),
            AverageOfOpponentsBuchholz(None) => "AOB".into(),
            AverageOfOpponentsBuchholz(Some(k)) => format!("AOB:{}", k.code()),
            StandardPoints(None) => "STD".into(),
            StandardPoints(Some(k)) => format!("STD:{}", k.code()),
            PairingNumber => "TPN".into(),
            NotApplicable(n) => n.acronym().into(),
        };
        f.write_str(&name)?;
        match self.cut {
            Cut::None => {}
            Cut::Low(n) => write!(f, "/C{n}")?,
            Cut::Median(n) => write!(f, "/M{n}")?,
        }
        if self.predetermined {
            f.write_str("/P")?;
        }
        Ok(())
    }
}

impl TryFrom<String> for TieBreak {
    type Error = TieBreakParseError;
    fn try_from(s: String) -> Result<TieBreak, TieBreakParseError> {
        s.parse()
    }
}

impl From<TieBreak> for String {
    fn from(t: TieBreak) -> String {
        t.to_string()
    }
}

/// A ranking list as TRF-2026 records 202/212 write it: an optional score
/// first, then the tie-breaks.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RankingList {
    /// The primary score a leading score name sets; `None` when the list
    /// starts with `PTS` (the tournament's own primary) or with a tie-break.
    pub primary: Option<ScoreKind>,
    /// The tie-breaks, in order.
    pub tie_breaks: Vec<TieBreak>,
}

/// Parse a comma-separated ranking list (TRF-2026 records 202 and 212).
///
/// A leading score name (`PTS`, `MPTS`, `GPTS`, `MP`, `GP`) sets the primary
/// score (`PTS`: the tournament's own). A score name further on is that score
/// used as a tie-break: once the primary is known, the secondary score
/// becomes `MPvGP` and the primary repeated (or `PTS`) adds nothing; with
/// `PTS` or no leading score it stays a [`TieBreakKind::Score`], which ranks
/// the same way. SB and ESB without a score are resolved against a primary
/// named here. Tie-breaks a team event cannot compute are kept as
/// [`TieBreakKind::NotApplicable`]; only a name C.07 and TRF-2026 do not
/// know, or a malformed modifier, is an error.
pub fn parse_ranking_list(text: &str) -> Result<RankingList, TieBreakParseError> {
    let mut list = RankingList::default();
    for (i, item) in text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .enumerate()
    {
        let upper = item.to_ascii_uppercase();
        if let Some(score) = score_name(&upper) {
            if i == 0 {
                list.primary = score;
                continue;
            }
            match (score, list.primary) {
                // PTS, or the primary again: nothing new.
                (None, _) => continue,
                (Some(k), Some(p)) if k == p => continue,
                (Some(_), Some(_)) => list.tie_breaks.push(TieBreak::new(TieBreakKind::MpVsGp)),
                (Some(k), None) => list.tie_breaks.push(TieBreak::new(TieBreakKind::Score(k))),
            }
            continue;
        }
        let mut tb: TieBreak = item.parse()?;
        if let Some(p) = list.primary {
            tb.kind = match tb.kind {
                TieBreakKind::SonnebornBergerOnPrimary => {
                    TieBreakKind::SonnebornBerger { x: p, y: p }
                }
                TieBreakKind::ExtendedSonnebornBergerOnPrimary => {
                    TieBreakKind::SonnebornBerger { x: p, y: p.other() }
                }
                k => k,
            };
        }
        list.tie_breaks.push(tb);
    }
    Ok(list)
}

/// Parse a comma-separated list of tie-breaks (TRF record 202). A leading
/// score name is accepted and left out; see [`parse_ranking_list`] for the
/// primary score it names.
pub fn parse_list(text: &str) -> Result<Vec<TieBreak>, TieBreakParseError> {
    parse_ranking_list(text).map(|l| l.tie_breaks)
}

/// Print a comma-separated list (TRF record 202).
pub fn format_list(list: &[TieBreak]) -> String {
    list.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Whether direct encounter may decide while some tied teams have not met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum IncompleteEncounters {
    /// C.07 Swiss rule: a team is placed first among the tied only if it stays
    /// first whatever the missing matches would give, then second, …
    #[default]
    SwissRule,
    /// DE decides only when every tied team has met every other (G-V42 b).
    Skip,
}

/// The tie-break settings of a regulation.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TieBreakRules {
    /// C.07 edition (default 2026).
    pub edition: Edition,
    /// Ordered chain.
    pub chain: Vec<TieBreak>,
    /// Direct encounter among teams that have not all met.
    pub incomplete_encounters: IncompleteEncounters,
}

/// A tie-break value, printable for explanations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TbValue {
    /// A score in half-points.
    Points(HalfPoints),
    /// A product of two scores, in quarter-points (Sonneborn-Berger).
    Quarters(i64),
    /// A count (wins).
    Count(u32),
    /// `value / scale` points, shown with two decimals (SSSC).
    Scaled {
        /// Numerator.
        value: i64,
        /// Denominator (points).
        scale: i64,
    },
    /// Points per board, board 1 first (TBR) or the BBE sequence.
    Boards(Vec<HalfPoints>),
}

impl TbValue {
    /// Ordering key within one criterion: larger is better unless the
    /// criterion says otherwise.
    pub(crate) fn cmp_same(&self, other: &TbValue) -> std::cmp::Ordering {
        use TbValue::*;
        match (self, other) {
            (Points(a), Points(b)) => a.cmp(b),
            (Quarters(a), Quarters(b)) => a.cmp(b),
            (Count(a), Count(b)) => a.cmp(b),
            (Scaled { value: a, scale: s }, Scaled { value: b, scale: t }) => {
                (i128::from(*a) * i128::from(*t)).cmp(&(i128::from(*b) * i128::from(*s)))
            }
            (Boards(a), Boards(b)) => a.cmp(b),
            _ => std::cmp::Ordering::Equal,
        }
    }
}

impl fmt::Display for TbValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TbValue::Points(p) => write!(f, "{p}"),
            TbValue::Count(c) => write!(f, "{c}"),
            TbValue::Quarters(q) => {
                let sign = if *q < 0 { "-" } else { "" };
                let a = q.unsigned_abs();
                let frac = ["", "¼", "½", "¾"][usize::try_from(a % 4).unwrap_or(0)];
                match (a / 4, frac) {
                    (0, "") => write!(f, "0"),
                    (0, fr) => write!(f, "{sign}{fr}"),
                    (w, fr) => write!(f, "{sign}{w}{fr}"),
                }
            }
            TbValue::Scaled { value, scale } => {
                // Two decimals, rounded half up.
                let s = (*scale).max(1);
                let hundredths = (i128::from(*value) * 200 + i128::from(s)) / (2 * i128::from(s));
                let sign = if hundredths < 0 { "-" } else { "" };
                let a = hundredths.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
            TbValue::Boards(v) => {
                let parts: Vec<String> = v.iter().map(ToString::to_string).collect();
                write!(f, "{}", parts.join("/"))
            }
        }
    }
}

/// What the computations need besides the crosstable.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Context {
    pub scoring: Scoring,
    pub system: PairingSystem,
    pub edition: Edition,
    pub rounds: i32,
    pub boards: usize,
    pub games_per_match: i32,
}

impl Context {
    pub(crate) fn new(t: &Tournament, edition: Edition) -> Context {
        Context {
            scoring: t.scoring,
            system: t.system,
            edition,
            rounds: i32::try_from(t.rounds.len()).unwrap_or(i32::MAX),
            boards: usize::from(t.boards),
            games_per_match: i32::try_from(t.games_per_match()).unwrap_or(i32::MAX / 4),
        }
    }

    pub(crate) fn score(&self, r: &TeamRound, k: ScoreKind) -> HalfPoints {
        match k {
            ScoreKind::MatchPoints => r.match_points,
            ScoreKind::GamePoints => r.game_points,
        }
    }

    /// A drawn match on score `k`.
    pub(crate) fn draw(&self, k: ScoreKind) -> HalfPoints {
        match k {
            ScoreKind::MatchPoints => self.scoring.match_points.draw,
            ScoreKind::GamePoints => HalfPoints::HALF.times(self.games_per_match),
        }
    }

    /// The most one match can give on score `k`.
    pub(crate) fn best(&self, k: ScoreKind) -> HalfPoints {
        match k {
            ScoreKind::MatchPoints => self.scoring.match_points.win,
            ScoreKind::GamePoints => HalfPoints::ONE.times(self.games_per_match),
        }
    }

    fn round_robin(&self) -> bool {
        self.system == PairingSystem::RoundRobin
    }
}

/// Totals a team has on a score.
pub(crate) fn total(line_rounds: &[TeamRound], ctx: &Context, k: ScoreKind) -> HalfPoints {
    line_rounds.iter().map(|r| ctx.score(r, k)).sum()
}

/// C.07 art. 16.2: a voluntarily unplayed round (VUR) is an unplayed round
/// that did not bring a win: forfeit loss, double forfeit, a match drawn on
/// board forfeits alone, half- or zero-point bye, absence. PAB, FPB and
/// forfeit wins are unplayed rounds in which the team was ready to play: not
/// VURs.
pub(crate) fn is_vur(kind: RoundKind) -> bool {
    matches!(
        kind,
        RoundKind::ForfeitLoss
            | RoundKind::DoubleForfeit
            | RoundKind::ForfeitDraw
            | RoundKind::Bye(ByeKind::HalfPoint)
            | RoundKind::Bye(ByeKind::ZeroPoint)
            | RoundKind::Absent
    )
}

/// C.07 art. 16.3: the score of a team *as an opponent* (used in the BH and
/// ESB of others). Its unplayed rounds after its last round that was not a
/// VUR (a withdrawal, category 16.2.5) and without a scheduled opponent count
/// as draws in a Swiss; everything else counts as scored.
pub(crate) fn adjusted_score(rounds: &[TeamRound], ctx: &Context, k: ScoreKind) -> HalfPoints {
    let last_not_vur = rounds.iter().rposition(|r| !is_vur(r.kind));
    rounds
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let tail = last_not_vur.is_none_or(|l| i > l);
            if tail && r.opponent.is_none() && !ctx.round_robin() {
                ctx.draw(k)
            } else {
                ctx.score(r, k)
            }
        })
        .sum()
}

/// One round's contribution to BH / ESB.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contribution {
    /// The (real or dummy) opponent's score.
    pub x: HalfPoints,
    /// Own score in the round.
    pub y: HalfPoints,
    /// From a VUR: cut first.
    pub vur: bool,
}

/// Contributions of every round of one team to BH (uses `x`) and ESB
/// (uses `x × y`), with C.07 art. 16 for unplayed rounds:
///
/// * played match: the opponent's adjusted score (16.3);
/// * forfeited match in a round robin, `/P` or not, or in any event with
///   `/P`: as if played (art. 15.2: with pre-determined pairings forfeit wins
///   and losses are treated as regular games or matches, both editions), so
///   it is no VUR either and is not cut first;
/// * own unplayed round in a Swiss (forfeit, bye, absence): a dummy opponent
///   scoring the team's own final score (16.4, 2024 edition); the 2026
///   edition caps it at the scheduled opponent's adjusted score (16.4.1) or,
///   with no opponent, at a draw in every round (16.4.2);
/// * rounds without an opponent in a round robin contribute nothing.
pub(crate) fn contributions(
    ct: &Crosstable,
    adjusted: &[[HalfPoints; 2]],
    team: usize,
    ctx: &Context,
    x_kind: ScoreKind,
    y_kind: ScoreKind,
    predetermined: bool,
) -> Vec<Contribution> {
    let xi = kind_index(x_kind);
    let Some(line) = ct.teams.get(team) else {
        return vec![];
    };
    let own = total(&line.rounds, ctx, x_kind);
    // Art. 16 manages unplayed rounds in Swiss tournaments; a round robin's
    // pairings are pre-determined, and art. 15.2 counts its forfeits as
    // played. The reference implementation does the same (a round robin
    // takes /P by default).
    let predetermined = predetermined || ctx.round_robin();
    let mut out = Vec::with_capacity(line.rounds.len());
    for r in &line.rounds {
        let y = ctx.score(r, y_kind);
        let opp_adj = r
            .opponent_index
            .and_then(|o| adjusted.get(o))
            .map(|a| a[xi]);
        let (x, vur) = match (r.kind, opp_adj) {
            (RoundKind::Played | RoundKind::InProgress, Some(a)) => (a, false),
            (_, Some(a)) if predetermined => (a, false),
            (_, Some(a)) => (
                match ctx.edition {
                    Edition::C07_2024 => own,
                    Edition::C07_2026 => own.min(a),
                },
                is_vur(r.kind),
            ),
            (_, None) if ctx.round_robin() => continue,
            (_, None) => (
                match ctx.edition {
                    Edition::C07_2024 => own,
                    Edition::C07_2026 => own.min(ctx.draw(x_kind).times(ctx.rounds)),
                },
                is_vur(r.kind),
            ),
        };
        out.push(Contribution { x, y, vur });
    }
    out
}

fn kind_index(k: ScoreKind) -> usize {
    match k {
        ScoreKind::MatchPoints => 0,
        ScoreKind::GamePoints => 1,
    }
}

/// Apply a cut modifier (C.07 art. 14) and sum with `value`.
///
/// The least significant value is the contribution of the opponent (real or
/// dummy) with the lowest score X, on equal X the smaller contribution; the
/// most significant value is the one with the highest X, on equal X the
/// larger contribution. For BH the two readings coincide; for the
/// Sonneborn-Berger family the choice goes by X, not by the product.
///
/// Cut-n drops n values one at a time. Each drop follows art. 16.5 when VURs
/// are left: the value of a VUR is dropped instead of the least significant
/// value, unless it is lower than that value; then the least significant
/// value goes. A team cannot improve its cut tie-break by not playing: for
/// BH the VUR always goes (a dummy opponent scores at least as much as the
/// weakest opponent); for SB a VUR lost by forfeit contributes nothing, so
/// the weakest opponent's contribution is dropped instead.
///
/// With two or more VURs the one dropped is the least significant of them,
/// in the order art. 14 sets for every value: the lowest (dummy) score X,
/// on equal X the smaller contribution. Art. 16.5 only puts a VUR's value in
/// the place of the least significant value, and "least significant" keeps
/// the meaning art. 14 gives it; the reference implementation and the
/// independent one pick the same VUR. (Picking the VUR with the smallest
/// contribution instead, as before, differs when the 2026 caps of art. 16.4
/// give the VURs different dummy scores.)
///
/// Median-n drops the n least significant values as Cut-n does, then the n
/// most significant ones, with no VUR rule for the high end.
pub(crate) fn cut_sum(
    mut list: Vec<Contribution>,
    cut: Cut,
    value: impl Fn(&Contribution) -> i64,
) -> i64 {
    let (low, high) = match cut {
        Cut::None => (0, 0),
        Cut::Low(n) => (usize::from(n), 0),
        Cut::Median(n) => (usize::from(n), usize::from(n)),
    };
    for _ in 0..low {
        let least = (0..list.len()).min_by(|&a, &b| {
            list[a]
                .x
                .cmp(&list[b].x)
                .then(value(&list[a]).cmp(&value(&list[b])))
        });
        let Some(least) = least else { break };
        let lowest_vur = (0..list.len()).filter(|&i| list[i].vur).min_by(|&a, &b| {
            list[a]
                .x
                .cmp(&list[b].x)
                .then(value(&list[a]).cmp(&value(&list[b])))
        });
        let drop = match lowest_vur {
            Some(v) if value(&list[v]) >= value(&list[least]) => v,
            _ => least,
        };
        list.swap_remove(drop);
    }
    for _ in 0..high {
        let most = (0..list.len()).max_by(|&a, &b| {
            list[a]
                .x
                .cmp(&list[b].x)
                .then(value(&list[a]).cmp(&value(&list[b])))
        });
        let Some(most) = most else { break };
        list.swap_remove(most);
    }
    list.iter().map(value).sum()
}

/// Values of a per-team tie-break for every team (indices as in the crosstable).
/// Group criteria (DE, EDE) return `None`.
pub(crate) fn team_values(ct: &Crosstable, ctx: &Context, tb: &TieBreak) -> Option<Vec<TbValue>> {
    use TieBreakKind::*;
    let v = TeamValues { ct, ctx, tb };
    let primary = ctx.scoring.primary;
    let values = match tb.kind {
        DirectEncounter | ExtendedDirectEncounter(_) | NotApplicable(_) => return None,
        // Scores and counts of the team's own rounds.
        Score(k) => v.totals(k),
        MpVsGp => v.totals(primary.other()),
        ProgressiveScores(k) => v.progressive_scores(k.unwrap_or(primary)),
        RoundsElectedToPlay => v.rounds_elected_to_play(),
        StandardPoints(k) => v.standard_points(k.unwrap_or(primary)),
        PairingNumber => v.each(|l| TbValue::Count(u32::from(l.team.0))),
        Wins(k) => v.wins(k),
        WonOverTheBoard(k) => v.won_over_the_board(k),
        // The opponents' strength.
        SonnebornBergerOnPrimary => v.sonneborn_berger(primary, primary),
        ExtendedSonnebornBergerOnPrimary => v.sonneborn_berger(primary, primary.other()),
        SonnebornBerger { x, y } => v.sonneborn_berger(x, y),
        Buchholz(k) => v
            .buchholz(k.unwrap_or(primary), tb.cut, tb.predetermined)
            .into_iter()
            .map(|v| TbValue::Points(HalfPoints(clamp_i32(v))))
            .collect(),
        AverageOfOpponentsBuchholz(k) => v.average_of_opponents_buchholz(k.unwrap_or(primary)),
        ScoreStrengthCombination => v.score_strength_combination(),
        // The points per board.
        BoardCount => v.weighted_board_points(|board, _| board + 1),
        Berlin => v.weighted_board_points(|board, boards| boards - board),
        TopBoardResult => v.each(|l| TbValue::Boards(l.board_points.clone())),
        BottomBoardElimination => {
            v.each(|l| TbValue::Boards(bottom_board_sequence(&l.board_points)))
        }
    };
    Some(values)
}

/// One per-team tie-break being computed for every team of a crosstable.
struct TeamValues<'a> {
    ct: &'a Crosstable,
    ctx: &'a Context,
    tb: &'a TieBreak,
}

impl TeamValues<'_> {
    /// `value` of every team's line.
    fn each(&self, value: impl Fn(&TeamLine) -> TbValue) -> Vec<TbValue> {
        self.ct.teams.iter().map(value).collect()
    }

    /// Every team's score as an opponent (art. 16.3), indexed by
    /// [`kind_index`].
    fn adjusted(&self) -> Vec<[HalfPoints; 2]> {
        self.ct
            .teams
            .iter()
            .map(|l| {
                [
                    adjusted_score(&l.rounds, self.ctx, ScoreKind::MatchPoints),
                    adjusted_score(&l.rounds, self.ctx, ScoreKind::GamePoints),
                ]
            })
            .collect()
    }

    /// The total on score `k` (also MPvGP: the secondary score).
    fn totals(&self, k: ScoreKind) -> Vec<TbValue> {
        self.each(|l| TbValue::Points(total(&l.rounds, self.ctx, k)))
    }

    /// Art. 7.5: the running score after every round, summed; Cut-n leaves
    /// out the first n rounds.
    fn progressive_scores(&self, k: ScoreKind) -> Vec<TbValue> {
        let skip = match self.tb.cut {
            Cut::Low(c) => usize::from(c),
            _ => 0,
        };
        self.each(|l| {
            let mut running = HalfPoints::ZERO;
            let mut sum = HalfPoints::ZERO;
            for (i, r) in l.rounds.iter().enumerate() {
                running += self.ctx.score(r, k);
                if i >= skip {
                    sum += running;
                }
            }
            TbValue::Points(sum)
        })
    }

    /// Art. 7.6: every round but the team's VURs.
    fn rounds_elected_to_play(&self) -> Vec<TbValue> {
        self.each(|l| TbValue::Count(l.rounds.iter().filter(|r| !is_vur(r.kind)).count() as u32))
    }

    /// STD: the score counted the standard way.
    fn standard_points(&self, k: ScoreKind) -> Vec<TbValue> {
        self.each(|l| {
            TbValue::Points(match k {
                // A won match 1, a drawn one ½, whatever the match points.
                ScoreKind::MatchPoints => l
                    .rounds
                    .iter()
                    .map(|r| match r.outcome {
                        Some(super::score::Outcome::Win) => HalfPoints::ONE,
                        Some(super::score::Outcome::Draw) => HalfPoints::HALF,
                        _ => HalfPoints::ZERO,
                    })
                    .sum(),
                // Games already score 1 / ½ / 0 (G-V11).
                ScoreKind::GamePoints => l.game_points,
            })
        })
    }

    /// WIN: matches won (`:MP`) or games won (`:GP`), unplayed wins included.
    fn wins(&self, k: ScoreKind) -> Vec<TbValue> {
        self.each(|l| {
            TbValue::Count(match k {
                ScoreKind::MatchPoints => l
                    .rounds
                    .iter()
                    .filter(|r| r.outcome == Some(super::score::Outcome::Win))
                    .count() as u32,
                ScoreKind::GamePoints => l.game_wins,
            })
        })
    }

    /// WON: matches or games won over the board.
    fn won_over_the_board(&self, k: ScoreKind) -> Vec<TbValue> {
        self.each(|l| {
            TbValue::Count(match k {
                ScoreKind::MatchPoints => l
                    .rounds
                    .iter()
                    .filter(|r| {
                        r.kind == RoundKind::Played && r.outcome == Some(super::score::Outcome::Win)
                    })
                    .count() as u32,
                ScoreKind::GamePoints => l.rounds.iter().map(|r| r.game_wins_otb).sum(),
            })
        })
    }

    /// BH of every team in half-points: the opponents' scores `k` with art. 16
    /// for unplayed rounds, cut by `cut` (art. 14).
    fn buchholz(&self, k: ScoreKind, cut: Cut, predetermined: bool) -> Vec<i64> {
        let adj = self.adjusted();
        (0..self.ct.teams.len())
            .map(|i| {
                let c = contributions(self.ct, &adj, i, self.ctx, k, k, predetermined);
                cut_sum(c, cut, |c| i64::from(c.x.halves()))
            })
            .collect()
    }

    /// The SB / ESB family: Σ opponent's score `x` × own score `y` in the
    /// match, in quarter-points, cut as the tie-break says.
    fn sonneborn_berger(&self, x: ScoreKind, y: ScoreKind) -> Vec<TbValue> {
        let adj = self.adjusted();
        (0..self.ct.teams.len())
            .map(|i| {
                let c = contributions(self.ct, &adj, i, self.ctx, x, y, self.tb.predetermined);
                TbValue::Quarters(cut_sum(c, self.tb.cut, |c| {
                    i64::from(c.x.halves()) * i64::from(c.y.halves())
                }))
            })
            .collect()
    }

    /// Art. 8.2: the opponents' plain Buchholz, averaged over the matches
    /// played over the board.
    fn average_of_opponents_buchholz(&self, k: ScoreKind) -> Vec<TbValue> {
        let bh = self.buchholz(k, Cut::None, false);
        self.each(|l| {
            let met: Vec<i64> = l
                .rounds
                .iter()
                .filter(|r| r.kind == RoundKind::Played)
                .filter_map(|r| r.opponent_index.and_then(|o| bh.get(o).copied()))
                .collect();
            let count = i64::try_from(met.len()).unwrap_or(i64::MAX);
            TbValue::Scaled {
                value: met.iter().sum(),
                scale: (2 * count).max(1),
            }
        })
    }

    /// SSSC = secondary + BH(primary) / K, K = ⌊max primary in the event ÷
    /// max secondary in one match⌋ (at least 1).
    fn score_strength_combination(&self) -> Vec<TbValue> {
        let (ct, ctx, tb) = (self.ct, self.ctx, self.tb);
        let primary = ctx.scoring.primary;
        let max_primary = i64::from(ctx.best(primary).halves()) * i64::from(ctx.rounds);
        let max_secondary = i64::from(ctx.best(primary.other()).halves()).max(1);
        let k = (max_primary / max_secondary).max(1);
        let adj = self.adjusted();
        (0..ct.teams.len())
            .map(|i| {
                let c = contributions(ct, &adj, i, ctx, primary, primary, tb.predetermined);
                let bh = cut_sum(c, tb.cut, |c| i64::from(c.x.halves()));
                let sec = ct
                    .teams
                    .get(i)
                    .map(|l| i64::from(total(&l.rounds, ctx, primary.other()).halves()))
                    .unwrap_or(0);
                TbValue::Scaled {
                    value: sec * k + bh,
                    scale: 2 * k,
                }
            })
            .collect()
    }

    /// Σ weight × points on that board, the weight given by the board's index
    /// (from 0) and the number of boards: BC weighs board n by n, Berlin by
    /// N + 1 − n.
    fn weighted_board_points(&self, weight: impl Fn(usize, usize) -> usize) -> Vec<TbValue> {
        self.each(|l| {
            let boards = l.board_points.len();
            TbValue::Points(
                l.board_points
                    .iter()
                    .enumerate()
                    .map(|(b, p)| p.times(i32::try_from(weight(b, boards)).unwrap_or(0)))
                    .sum(),
            )
        })
    }
}

/// BBE sequence: Σ boards 1..N−1, Σ boards 1..N−2, …, board 1.
pub(crate) fn bottom_board_sequence(board_points: &[HalfPoints]) -> Vec<HalfPoints> {
    (1..board_points.len())
        .rev()
        .map(|keep| board_points.iter().take(keep).sum())
        .collect()
}

fn clamp_i32(v: i64) -> i32 {
    i32::try_from(v).unwrap_or(if v < 0 { i32::MIN } else { i32::MAX })
}

/// Direct-encounter record of team `i` against the other members of `group`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Encounters {
    /// Sum of score over counted encounters.
    pub value: HalfPoints,
    /// Distinct group opponents met.
    pub met: usize,
    /// Board points over the counted encounters.
    pub board_points: Vec<HalfPoints>,
}

/// Encounters of `team` with the teams of `group` (DE, C.07). A match counts
/// when it is complete and played, or forfeited with `/P` or in a round
/// robin (art. 15.2: pre-determined pairings treat forfeits as regular
/// matches; art. 6.1.1 leaves out only the forfeits 15.2 does not cover).
pub(crate) fn encounters(
    ct: &Crosstable,
    ctx: &Context,
    team: usize,
    group: &[usize],
    k: ScoreKind,
    predetermined: bool,
) -> Encounters {
    let mut e = Encounters {
        value: HalfPoints::ZERO,
        met: 0,
        board_points: vec![HalfPoints::ZERO; ctx.boards],
    };
    let Some(line) = ct.teams.get(team) else {
        return e;
    };
    let predetermined = predetermined || ctx.round_robin();
    let mut met: Vec<usize> = Vec::new();
    for r in &line.rounds {
        let Some(o) = r.opponent_index else { continue };
        if o == team || !group.contains(&o) || r.outcome.is_none() {
            continue;
        }
        let counts = match r.kind {
            RoundKind::Played => true,
            RoundKind::ForfeitWin
            | RoundKind::ForfeitLoss
            | RoundKind::DoubleForfeit
            | RoundKind::ForfeitDraw => predetermined,
            _ => false,
        };
        if !counts {
            continue;
        }
        e.value += ctx.score(r, k);
        for (t, b) in e.board_points.iter_mut().zip(&r.board_points) {
            *t += *b;
        }
        if !met.contains(&o) {
            met.push(o);
        }
    }
    e.met = met.len();
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_trf_notation() {
        for s in [
            "MPvGP",
            "DE",
            "DE/P",
            "EDE",
            "EDET/P",
            "EDEB",
            "EDEBT",
            "EDEBB",
            "EMMSB",
            "EMGSB/C1",
            "EGMSB",
            "EGGSB/C1/P",
            "BH",
            "BH:MP/C1",
            "BH:GP/C2",
            "BH:MP/M1",
            "BC",
            "TBR",
            "BBE",
            "BERLIN",
            "WIN",
            "WIN:GP",
            "WON",
            "WON:GP",
            "SSSC",
            "SSSC/C1",
        ] {
            let tb: TieBreak = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(tb.to_string(), s);
        }
        let tb: TieBreak = "emgsb/c1".parse().expect("case-insensitive");
        assert_eq!(tb.to_string(), "EMGSB/C1");
        assert_eq!(
            tb.kind,
            TieBreakKind::SonnebornBerger {
                x: ScoreKind::MatchPoints,
                y: ScoreKind::GamePoints
            }
        );
        let list = parse_list("EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP").expect("list");
        assert_eq!(format_list(&list), "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP");
    }

    #[test]
    fn c07_every_acronym_of_c07_and_trf_2026_parses() {
        for s in [
            "MPvGP",
            "DE",
            "DE/P",
            "EDE",
            "EDEC",
            "EDET/P",
            "EDEB",
            "EDEBT",
            "EDEBB",
            "ESB",
            "EMMSB",
            "EMGSB/C1",
            "EGMSB/P",
            "EGGSB/C2/P",
            "SB",
            "SB/C1",
            "BH",
            "BH:GP/M1",
            "AOB",
            "AOB:MP",
            "PS",
            "PS:GP/C1",
            "REP",
            "STD",
            "STD:MP",
            "TPN",
            "BC",
            "TBR",
            "BBE",
            "BERLIN",
            "WIN",
            "WON:GP",
            "SSSC/C1",
            "MP",
            "GP",
            "BPG",
            "BWG",
            "ARO",
            "TPR",
            "PTP",
            "APRO",
            "APPO",
            "RTNG",
            "FB",
            "KS",
        ] {
            let tb: TieBreak = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(tb.to_string(), s);
        }
        // Aliases and the explicit forms of SB and ESB.
        let canon = |s: &str| s.parse::<TieBreak>().expect(s).to_string();
        assert_eq!(canon("GE"), "REP");
        assert_eq!(canon("SB:MP"), "EMMSB");
        assert_eq!(canon("SB:GP/C1"), "EGGSB/C1");
        assert_eq!(canon("ESB:MG"), "EMGSB");
        assert_eq!(canon("esb:gm/p"), "EGMSB/P");
        // Individual-only tie-breaks keep no modifier: they compute nothing.
        assert_eq!(canon("ARO/C1"), "ARO");
        assert_eq!(canon("TPR/U1400"), "TPR");
        assert_eq!(canon("FB:MP/M1/P"), "FB");
        assert!(matches!(
            "BPG".parse::<TieBreak>().map(|t| t.kind),
            Ok(TieBreakKind::NotApplicable(NotApplicable::Bpg))
        ));
        // PTS names no score of its own: only a ranking list takes it.
        assert!("PTS".parse::<TieBreak>().is_err());
        assert!("ESB:MX".parse::<TieBreak>().is_err());
        assert!("PS/M1".parse::<TieBreak>().is_err());
    }

    #[test]
    fn c07_ranking_list_with_scores_as_trf_212_writes_it() {
        // A leading score names the primary; the secondary later is MPvGP.
        let l = parse_ranking_list("MP,GP,EDET,EMGSB/C1,BH:MP/C1").expect("list");
        assert_eq!(l.primary, Some(ScoreKind::MatchPoints));
        assert_eq!(format_list(&l.tie_breaks), "MPvGP,EDET,EMGSB/C1,BH:MP/C1");
        let l = parse_ranking_list("MPTS, GPTS, DE/P").expect("list");
        assert_eq!(l.primary, Some(ScoreKind::MatchPoints));
        assert_eq!(format_list(&l.tie_breaks), "MPvGP,DE/P");
        // The primary repeated, or PTS later on, adds nothing.
        let l = parse_ranking_list("GPTS,GP,PTS,MP,BH").expect("list");
        assert_eq!(l.primary, Some(ScoreKind::GamePoints));
        assert_eq!(format_list(&l.tie_breaks), "MPvGP,BH");
        // PTS: the tournament's own primary; a later score stays a score.
        let l = parse_ranking_list("PTS,GP,SB").expect("list");
        assert_eq!(l.primary, None);
        assert_eq!(format_list(&l.tie_breaks), "GP,SB");
        // SB and ESB without a score follow a named primary.
        let l = parse_ranking_list("GPTS,SB,ESB").expect("list");
        assert_eq!(format_list(&l.tie_breaks), "EGGSB,EGMSB");
        // Individual-only tie-breaks do not refuse the list.
        let l = parse_ranking_list("PTS,ARO/C1,DE,BPG,TPR").expect("list");
        assert_eq!(format_list(&l.tie_breaks), "ARO,DE,BPG,TPR");
        // A 202 record without a score, and parse_list with one.
        assert_eq!(
            format_list(&parse_list("MP,EDET/P,MPvGP").expect("list")),
            "EDET/P,MPvGP"
        );
        assert!(parse_ranking_list("MP,XYZ").is_err());
    }

    #[test]
    fn unknown_names_and_bad_modifiers_are_clear_errors() {
        let e = "XYZ".parse::<TieBreak>().expect_err("unknown");
        assert_eq!(e, TieBreakParseError::UnknownName("XYZ".into()));
        assert!(e.to_string().contains("unknown tie-break 'XYZ'"));
        assert!(matches!(
            "BH/Q".parse::<TieBreak>(),
            Err(TieBreakParseError::BadModifier { .. })
        ));
        assert!(matches!(
            "DE/C1".parse::<TieBreak>(),
            Err(TieBreakParseError::BadModifier { .. })
        ));
        assert!(matches!(
            "BH:XP".parse::<TieBreak>(),
            Err(TieBreakParseError::BadModifier { .. })
        ));
        assert!(matches!(
            "DE:MP".parse::<TieBreak>(),
            Err(TieBreakParseError::BadModifier { .. })
        ));
    }

    #[test]
    fn serde_uses_trf_notation() {
        let tb: TieBreak = "BH:MP/C1".parse().expect("tb");
        let json = serde_json::to_string(&tb).expect("json");
        assert_eq!(json, "\"BH:MP/C1\"");
        let back: TieBreak = serde_json::from_str(&json).expect("back");
        assert_eq!(back, tb);
        assert!(serde_json::from_str::<TieBreak>("\"NOPE\"").is_err());
    }

    #[test]
    fn value_display() {
        assert_eq!(TbValue::Quarters(167).to_string(), "41¾");
        assert_eq!(TbValue::Quarters(166).to_string(), "41½");
        assert_eq!(TbValue::Quarters(1).to_string(), "¼");
        assert_eq!(TbValue::Quarters(0).to_string(), "0");
        assert_eq!(TbValue::Points(HalfPoints(83)).to_string(), "41½");
        // 7 + 13/3 = 11.333… → "11.33"
        assert_eq!(
            TbValue::Scaled {
                value: 14 * 3 + 13 * 2,
                scale: 6
            }
            .to_string(),
            "11.33"
        );
        assert_eq!(
            TbValue::Boards(vec![HalfPoints(3), HalfPoints(2)]).to_string(),
            "1½/1"
        );
    }

    #[test]
    fn cut_one_drops_vur_first_then_lowest() {
        let c = |x: i32, y: i32, vur: bool| Contribution {
            x: HalfPoints(x),
            y: HalfPoints(y),
            vur,
        };
        let list = vec![c(10, 4, false), c(6, 2, false), c(12, 0, true)];
        // BH/C1: the VUR (12) is cut first → 10 + 6 = 16.
        assert_eq!(cut_sum(list.clone(), Cut::Low(1), |c| i64::from(c.x.0)), 16);
        // Without VURs the lowest X goes.
        let list2 = vec![c(10, 4, false), c(6, 2, false), c(12, 0, false)];
        assert_eq!(
            cut_sum(list2.clone(), Cut::Low(1), |c| i64::from(c.x.0)),
            22
        );
        // Median-1 drops the lowest and the highest X.
        assert_eq!(cut_sum(list2, Cut::Median(1), |c| i64::from(c.x.0)), 10);
        // Cut larger than the list leaves nothing.
        assert_eq!(cut_sum(list, Cut::Low(9), |c| i64::from(c.x.0)), 0);
    }

    #[test]
    fn c07_16_5_sb_cut1_with_two_vurs_cuts_the_least_significant_vur() {
        // SB contributions (X × Y, in quarter points):
        //   a: HPB, VUR, dummy X 5 (a 2026 cap) × Y 1 (a drawn match) → 5;
        //   b: forfeit loss, VUR, dummy X 7 × 0 → 0;
        //   c: played, X 1 × Y 2 → 2 (the least significant value);
        //   d: played, X 6 × Y 2 → 12. Total 19.
        // Cut-1: the VUR in play is the least significant of the two, a
        // (X 5 < 7); its 5 is not lower than c's 2, so a goes (art. 16.5):
        // 0 + 2 + 12 = 14, as the reference implementation computes. Taking
        // the VUR with the smallest contribution, b (0 < 2), cut c: 17.
        let c = |x: i32, y: i32, vur: bool| Contribution {
            x: HalfPoints(x),
            y: HalfPoints(y),
            vur,
        };
        let list = vec![
            c(10, 2, true),
            c(14, 0, true),
            c(2, 4, false),
            c(12, 4, false),
        ];
        let sb = |c: &Contribution| i64::from(c.x.halves()) * i64::from(c.y.halves());
        assert_eq!(cut_sum(list.clone(), Cut::None, sb), 19 * 4);
        assert_eq!(cut_sum(list.clone(), Cut::Low(1), sb), 14 * 4);
        // Cut-2: after a, the VUR b (0) is lower than the least significant
        // left (c, 2), so c goes: 0 + 12 = 12.
        assert_eq!(cut_sum(list.clone(), Cut::Low(2), sb), 12 * 4);
        // Median-1: a goes at the low end, then the highest X (b, X 7):
        // 2 + 12 = 14.
        assert_eq!(cut_sum(list, Cut::Median(1), sb), 14 * 4);
    }

    #[test]
    fn bottom_board_sequence_drops_boards_from_the_bottom() {
        let bp = [HalfPoints(6), HalfPoints(4), HalfPoints(2), HalfPoints(1)];
        assert_eq!(
            bottom_board_sequence(&bp),
            vec![HalfPoints(12), HalfPoints(10), HalfPoints(6)]
        );
    }
}

/// Tie-break values on small hand-worked tournaments.
#[cfg(test)]
mod worked {
    use super::*;
    use crate::tournament::tests::{bye, forfeit, m, round, tournament};
    use crate::tournament::{MatchForfeit, PairingSystem};

    /// Swiss, 5 teams, 2 boards, MP 2/1/0, 3 rounds:
    /// R1 1–2 "1=", 3–4 "==", 5 PAB;
    /// R2 1–3 "11", 2–5 forfeited (5 wins), 4 PAB;
    /// R3 1–5 "0=", 3–4 "1=", 2 absent (withdrawn).
    ///
    /// | team | MP | GP |
    /// |------|----|----|
    /// | 1    | 4  | 4  |
    /// | 2    | 0  | ½  |
    /// | 3    | 3  | 2½ |
    /// | 4    | 2  | 2½ |
    /// | 5    | 5  | 4½ |
    ///
    /// Adjusted scores (art. 16.3): team 2's R3 absence comes after its last
    /// non-VUR round (R1) with no opponent → counts as a draw: MP 0+0+1 = 1,
    /// GP ½+0+1 = 1½. Everyone else: actual scores.
    fn swiss() -> Tournament {
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 5, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(
                1,
                vec![
                    m(1, 2, 2, "1="),
                    m(3, 4, 2, "=="),
                    bye(5, ByeKind::PairingAllocated),
                ],
            ),
            round(
                2,
                vec![
                    m(1, 3, 2, "11"),
                    forfeit(2, 5, MatchForfeit::AwayWins),
                    bye(4, ByeKind::PairingAllocated),
                ],
            ),
            round(3, vec![m(1, 5, 2, "0="), m(3, 4, 2, "1=")]),
        ];
        t
    }

    fn vals(t: &Tournament, edition: Edition, tb: &str) -> Vec<String> {
        let ct = Crosstable::build(t).expect("valid");
        let ctx = Context::new(t, edition);
        let tb: TieBreak = tb.parse().expect("tie-break");
        team_values(&ct, &ctx, &tb)
            .expect("per-team")
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn adjusted_score_counts_withdrawal_tail_as_draws() {
        let t = swiss();
        let ct = Crosstable::build(&t).expect("valid");
        let ctx = Context::new(&t, Edition::C07_2026);
        let two = &ct.teams[1].rounds;
        assert_eq!(
            adjusted_score(two, &ctx, ScoreKind::MatchPoints),
            HalfPoints(2)
        );
        assert_eq!(
            adjusted_score(two, &ctx, ScoreKind::GamePoints),
            HalfPoints(3)
        );
        assert_eq!(total(two, &ctx, ScoreKind::MatchPoints), HalfPoints(0));
    }

    #[test]
    fn mpvgp_is_the_secondary_score() {
        assert_eq!(
            vals(&swiss(), Edition::C07_2026, "MPvGP"),
            ["4", "½", "2½", "2½", "4½"]
        );
    }

    #[test]
    fn buchholz_with_forfeit_bye_and_withdrawal_2026() {
        // Team 1: opponents 2 (adj 1), 3 (3), 5 (5) = 9.
        // Team 2: vs 1 → 4; R2 forfeit loss: min(own 0, adj 5) = 0; R3 absent:
        //   min(own 0, 1 × 3 rounds) = 0 → 4.
        // Team 3: 4 (2) + 1 (4) + 4 (2) = 8. Team 4: 3 + PAB min(2, 3) = 2 + 3 = 8.
        // Team 5: PAB min(5, 3) = 3; forfeit win min(5, adj 1) = 1; vs 1 → 4 = 8.
        assert_eq!(
            vals(&swiss(), Edition::C07_2026, "BH:MP"),
            ["9", "4", "8", "8", "8"]
        );
    }

    #[test]
    fn buchholz_2024_uses_own_score_for_dummy_opponents() {
        // Team 5: PAB → own 5, forfeit win → own 5, vs 1 → 4 = 14.
        // Team 4: PAB → own 2: 3 + 2 + 3 = 8.
        assert_eq!(
            vals(&swiss(), Edition::C07_2024, "BH:MP"),
            ["9", "4", "8", "8", "14"]
        );
    }

    #[test]
    fn buchholz_cut_one_drops_vur_first() {
        // Team 1 (no VUR): 1, 3, 5 → drop 1 → 8. Team 2: 4, 0 (VUR), 0 (VUR)
        // → drop one VUR → 4. Team 5 (2026): 3, 1, 4 → drop 1 → 7.
        assert_eq!(
            vals(&swiss(), Edition::C07_2026, "BH:MP/C1"),
            ["8", "4", "6", "6", "7"]
        );
    }

    #[test]
    fn buchholz_on_game_points() {
        // Team 1: adj GP of 2 (1½) + 3 (2½) + 5 (4½) = 8½.
        assert_eq!(vals(&swiss(), Edition::C07_2026, "BH:GP")[0], "8½");
    }

    #[test]
    fn extended_sonneborn_berger_variants() {
        // EMGSB team 1: 1 × 1½ + 3 × 2 + 5 × ½ = 10.
        // Team 5 (2026): PAB 3 × 1 + forfeit 1 × 2 + 4 × 1½ = 11.
        let v = vals(&swiss(), Edition::C07_2026, "EMGSB");
        assert_eq!((v[0].as_str(), v[4].as_str()), ("10", "11"));
        // 2024: 5 × 1 + 5 × 2 + 4 × 1½ = 21.
        assert_eq!(vals(&swiss(), Edition::C07_2024, "EMGSB")[4], "21");
        // EGGSB team 1: 1½ × 1½ + 2½ × 2 + 4½ × ½ = 2¼ + 5 + 2¼ = 9½.
        assert_eq!(vals(&swiss(), Edition::C07_2026, "EGGSB")[0], "9½");
        // EMMSB team 1: 1 × 2 + 3 × 2 + 5 × 0 = 8.
        assert_eq!(vals(&swiss(), Edition::C07_2026, "EMMSB")[0], "8");
        // EGMSB team 1: 1½ × 2 + 2½ × 2 + 4½ × 0 = 8.
        assert_eq!(vals(&swiss(), Edition::C07_2026, "EGMSB")[0], "8");
        // EMGSB/C1 team 1: lowest X is team 2 (1) → drop 1½ → 8½.
        assert_eq!(vals(&swiss(), Edition::C07_2026, "EMGSB/C1")[0], "8½");
    }

    #[test]
    fn board_tie_breaks_count_a_pab_as_its_game_points_and_forfeits_as_board_wins() {
        // A bye counts on the boards as the points it is given: team 5's
        // PAB is a drawn match (1 GP over 2 boards: ½ each), its forfeit
        // win a win on every board.
        // Team 1 boards: R1 1, ½; R2 1, 1; R3 0, ½ → [2, 2].
        // Team 5 boards: PAB ½, ½; forfeit win 1, 1; R3 1, ½ → [2½, 2].
        let bc = vals(&swiss(), Edition::C07_2026, "BC");
        // BC = 1×2 + 2×2 = 6; team 5: 2½ + 4 = 6½.
        assert_eq!((bc[0].as_str(), bc[4].as_str()), ("6", "6½"));
        let tbr = vals(&swiss(), Edition::C07_2026, "TBR");
        assert_eq!((tbr[0].as_str(), tbr[4].as_str()), ("2/2", "2½/2"));
        let bbe = vals(&swiss(), Edition::C07_2026, "BBE");
        assert_eq!((bbe[0].as_str(), bbe[4].as_str()), ("2", "2½"));
        // Berlin (N = 2): 2 × board 1 + 1 × board 2 → 6 and 7.
        let berlin = vals(&swiss(), Edition::C07_2026, "BERLIN");
        assert_eq!((berlin[0].as_str(), berlin[4].as_str()), ("6", "7"));
    }

    #[test]
    fn win_and_won_count_matches_and_games() {
        // Matches won: 1 → 2; 5 → forfeit win + R3 = 2 (PAB is a draw).
        assert_eq!(
            vals(&swiss(), Edition::C07_2026, "WIN"),
            ["2", "0", "1", "0", "2"]
        );
        // Over the board: 5 only R3.
        assert_eq!(
            vals(&swiss(), Edition::C07_2026, "WON"),
            ["2", "0", "1", "0", "1"]
        );
        // Games won (seed E, E-8): 1 → 1 + 2 + 0 = 3; 5 → forfeit (2) + 1
        // = 3, its drawn PAB winning no game; 4 → 0.
        assert_eq!(
            vals(&swiss(), Edition::C07_2026, "WIN:GP"),
            ["3", "0", "1", "0", "3"]
        );
        assert_eq!(
            vals(&swiss(), Edition::C07_2026, "WON:GP"),
            ["3", "0", "1", "0", "1"]
        );
    }

    #[test]
    fn c07_7_1_win_gp_and_the_board_tie_breaks_count_a_pab_as_the_points_it_is_given() {
        // swiss(): team 4 drew R1 1 : 1, had the PAB in R2 and lost R3
        // ½ : 1½ on "1=" (board 2 a draw). The PAB is a drawn match (1 MP,
        // 1 GP: C.04.6 art. 1.4), so it is ½ on each board for TBR (board
        // 1: ½ + ½ + 0 = 1, board 2: ½ + ½ + ½ = 1½) and BC (1 × 1 + 2 ×
        // 1½ = 4), its boards summing to its GP, and WIN:GP (art. 7.1: won
        // with or without playing) counts no game of it as won.
        let t = swiss();
        assert_eq!(vals(&t, Edition::C07_2026, "TBR")[3], "1/1½");
        assert_eq!(vals(&t, Edition::C07_2026, "BC")[3], "4");
        assert_eq!(vals(&t, Edition::C07_2026, "WIN:GP")[3], "0");
        assert_eq!(vals(&t, Edition::C07_2026, "WON:GP")[3], "0");
        // The PAB itself is a drawn match (1 MP): WIN does not count it.
        assert_eq!(vals(&t, Edition::C07_2026, "WIN")[3], "0");
    }

    #[test]
    fn score_strength_combination() {
        // K = ⌊(2 MP × 3 rounds) ÷ (2 games × 1 point)⌋ = 3.
        // Team 1: GP 4 + BH 9 / 3 = 7.00. Team 5: 4½ + 8 / 3 = 7.17.
        let v = vals(&swiss(), Edition::C07_2026, "SSSC");
        assert_eq!((v[0].as_str(), v[4].as_str()), ("7.00", "7.17"));
    }

    /// Round robin of three teams, 1 board, 2 games per pairing (seed E
    /// style), GP primary. R1 1–2 "1=", 3 sits out; R2 2–3 forfeited (2 wins),
    /// 1 sits out; R3 3–1 "0=", 2 sits out.
    /// GP: 1 = 1½ + 1½ = 3; 2 = ½ + 2 = 2½; 3 = 0 + ½ = ½.
    fn round_robin() -> Tournament {
        let mut t = tournament(PairingSystem::RoundRobin, 1, 2, 3, ScoreKind::GamePoints);
        t.rounds = vec![
            round(1, vec![m(1, 2, 1, "1=")]),
            round(2, vec![forfeit(2, 3, MatchForfeit::HomeWins)]),
            round(3, vec![m(3, 1, 1, "0=")]),
        ];
        t
    }

    #[test]
    fn round_robin_two_games_per_pairing_sonneborn_berger() {
        // EGGSB team 1: 2½ × 1½ + ½ × 1½ = 3¾ + ¾ = 4½ (sitting out: nothing).
        // Team 2: 3 × ½ + the forfeit win over 3 counted as played
        // (art. 15.2), ½ × 2 = 2½, with /P or without.
        let v = vals(&round_robin(), Edition::C07_2026, "EGGSB");
        assert_eq!((v[0].as_str(), v[1].as_str()), ("4½", "2½"));
        assert_eq!(vals(&round_robin(), Edition::C07_2026, "EGGSB/P")[1], "2½");
    }

    /// Swiss, 4 teams, 1 board, MP 2/1/0, 3 rounds:
    /// R1 1–2 "1", 3–4 "1"; R2 1–3 "=", 4 beats 2 by forfeit;
    /// R3 4 beats 1 by forfeit, 2–3 "1".
    ///
    /// | team | MP | rounds                          |
    /// |------|----|---------------------------------|
    /// | 1    | 3  | W v2, D v3, forfeit loss v4     |
    /// | 2    | 2  | L v1, forfeit loss v4, W v3     |
    /// | 3    | 3  | L v4, D v1, L v2                |
    /// | 4    | 4  | L v3, forfeit win, forfeit win  |
    ///
    /// Every unplayed round has a scheduled opponent, so the adjusted scores
    /// (art. 16.3) are the actual ones.
    fn swiss_with_forfeit_losses() -> Tournament {
        let mut t = tournament(PairingSystem::Swiss, 1, 1, 4, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 2, 1, "1"), m(3, 4, 1, "1")]),
            round(
                2,
                vec![m(1, 3, 1, "="), forfeit(2, 4, MatchForfeit::AwayWins)],
            ),
            round(
                3,
                vec![forfeit(4, 1, MatchForfeit::HomeWins), m(2, 3, 1, "1")],
            ),
        ];
        t
    }

    #[test]
    fn c07_16_5_sb_cut1_keeps_a_vur_that_contributes_less_than_the_least_significant_value() {
        // Team 1, EMMSB (X = opponent MP, Y = own MP):
        //   R1 v2: 2 × 2 = 4; R2 v3: 3 × 1 = 3;
        //   R3 forfeit loss (VUR): dummy min(own 3, adj 4) = 3, × 0 = 0.
        // Full: 7. Cut-1: the least significant value is R1 (lowest X = 2,
        // contribution 4); the lowest VUR contribution is 0 < 4, so art. 16.5
        // does not apply and R1 goes: 3 + 0 = 3. (Cutting the VUR, as the
        // code did before, gave 7: not playing would have paid.)
        let t = swiss_with_forfeit_losses();
        assert_eq!(vals(&t, Edition::C07_2026, "EMMSB")[0], "7");
        assert_eq!(vals(&t, Edition::C07_2026, "EMMSB/C1")[0], "3");
        // The whole table as the reference implementation computes it.
        assert_eq!(
            vals(&t, Edition::C07_2026, "EMMSB/C1"),
            ["3", "6", "11", "6"]
        );
        // 2024: the dummy scores own 3 as well → the same.
        assert_eq!(vals(&t, Edition::C07_2024, "EMMSB/C1")[0], "3");
    }

    #[test]
    fn c07_16_5_bh_cut1_and_median1_drop_the_vur() {
        // Team 1, BH:MP: R1 2, R2 3, R3 dummy 3 (VUR). Cut-1: the VUR's 3 is
        // not lower than the least significant 2 → the VUR goes: 2 + 3 = 5.
        // Median-1: the VUR goes at the low end, then the highest (3): 2.
        let t = swiss_with_forfeit_losses();
        assert_eq!(vals(&t, Edition::C07_2026, "BH:MP")[0], "8");
        assert_eq!(vals(&t, Edition::C07_2026, "BH:MP/C1")[0], "5");
        assert_eq!(vals(&t, Edition::C07_2026, "BH:MP/M1")[0], "2");
        // Team 2: R1 v1 → 3; R2 forfeit loss v4: dummy min(own 2, 4) = 2
        // (VUR); R3 v3 → 3. Cut-1 drops the VUR (2 ≥ 2): 6.
        assert_eq!(vals(&t, Edition::C07_2026, "BH:MP/C1")[1], "6");
        // The whole table agrees with the reference implementation.
        assert_eq!(
            vals(&t, Edition::C07_2026, "BH:MP/C1"),
            ["5", "6", "7", "6"]
        );
        assert_eq!(
            vals(&t, Edition::C07_2026, "BH:MP/M1"),
            ["2", "3", "3", "3"]
        );
    }

    #[test]
    fn c07_16_p_counts_a_forfeit_as_played_so_it_is_not_cut_first() {
        // swiss(), team 2 under /P: R1 v1 → 4; R2 forfeit loss v5 counted as
        // played → adj 5, no VUR; R3 absent: dummy min(own 0, 3) = 0, VUR.
        // Cut-2: R3 (VUR, 0) goes first, then the least significant left,
        // R1 (4): 5. Before, the forfeit stayed a VUR and went second: 4.
        assert_eq!(vals(&swiss(), Edition::C07_2026, "BH:MP/C2/P")[1], "5");
        // Without /P the forfeit is a dummy (min(0, 5) = 0) and a VUR:
        // 4 + 0 + 0, Cut-2 drops both VURs → 4.
        assert_eq!(vals(&swiss(), Edition::C07_2026, "BH:MP/C2")[1], "4");
    }

    /// Swiss, 4 teams, 2 boards, MP 2/1/0, 2 rounds: R1 1–2 "++" (team 1
    /// wins both boards by forfeit, no game over the board, not recorded as
    /// a whole-match forfeit), 3–4 "1="; R2 1–3 "==", 2–4 "1=".
    /// MP: 1 = 3, 2 = 2, 3 = 3, 4 = 0.
    fn swiss_with_a_match_forfeited_on_every_board() -> Tournament {
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 4, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 2, 2, "++"), m(3, 4, 2, "1=")]),
            round(2, vec![m(1, 3, 2, "=="), m(2, 4, 2, "1=")]),
        ];
        t
    }

    #[test]
    fn c07_16_a_match_without_a_game_over_the_board_is_unplayed() {
        let t = swiss_with_a_match_forfeited_on_every_board();
        let ct = Crosstable::build(&t).expect("valid");
        assert_eq!(ct.teams[0].rounds[0].kind, RoundKind::ForfeitWin);
        assert_eq!(ct.teams[1].rounds[0].kind, RoundKind::ForfeitLoss);
        // The result stands: 2 MP, 2 GP, a win on both boards.
        assert_eq!(ct.teams[0].match_points, HalfPoints(6));
        // BH:MP team 2 (2026): R1 forfeit loss → dummy min(own 2, adj 3) = 2;
        // R2 v4 → 0: 2. Counted as played it was 3 + 0 = 3.
        assert_eq!(vals(&t, Edition::C07_2026, "BH:MP")[1], "2");
        // WON: team 1 won no match over the board (it was 1 before); WIN
        // still counts the forfeit win.
        assert_eq!(vals(&t, Edition::C07_2026, "WON")[0], "0");
        assert_eq!(vals(&t, Edition::C07_2026, "WIN")[0], "1");
        // EMGSB team 1 (2026): R1 dummy min(3, adj 2) = 2 × GP 2 = 4;
        // R2 3 × 1 = 3 → 7 (played it was 2 × 2 + 3 = 7 as well), 2024:
        // dummy own 3 × 2 = 6, + 3 = 9.
        assert_eq!(vals(&t, Edition::C07_2024, "EMGSB")[0], "9");
        // The whole tables agree with the reference implementation (2026).
        assert_eq!(vals(&t, Edition::C07_2026, "BH:MP"), ["5", "2", "3", "5"]);
        assert_eq!(vals(&t, Edition::C07_2026, "EMGSB"), ["7", "0", "3", "2½"]);
        assert_eq!(vals(&t, Edition::C07_2026, "WON"), ["0", "1", "1", "0"]);
        // DE: no encounter between 1 and 2 (it was one before); with /P the
        // forfeit counts.
        let ctx = Context::new(&t, Edition::C07_2026);
        let e = encounters(&ct, &ctx, 0, &[0, 1], ScoreKind::MatchPoints, false);
        assert_eq!(e.met, 0);
        let e = encounters(&ct, &ctx, 0, &[0, 1], ScoreKind::MatchPoints, true);
        assert_eq!((e.met, e.value), (1, HalfPoints(4)));
    }

    #[test]
    fn c07_16_a_match_drawn_on_board_forfeits_is_a_vur_for_both() {
        // 2 boards, R1 1–2 "+-": each team wins one board by forfeit, no game
        // over the board → a forfeit draw for both, a VUR; R2 1–2 "1=".
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 2, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 2, 2, "+-")]),
            round(2, vec![m(1, 2, 2, "1=")]),
        ];
        let ct = Crosstable::build(&t).expect("valid");
        assert_eq!(ct.teams[0].rounds[0].kind, RoundKind::ForfeitDraw);
        assert_eq!(ct.teams[1].rounds[0].kind, RoundKind::ForfeitDraw);
        assert!(is_vur(RoundKind::ForfeitDraw));
        // The drawn result stands: 1 MP each.
        assert_eq!(ct.teams[0].rounds[0].match_points, HalfPoints(2));
        // BH:MP team 1 (2026): R1 dummy min(own 3, adj 1) = 1 (VUR), R2 v2 → 1.
        // Cut-1: the VUR (1) is not lower than the least significant (1): it
        // goes, leaving 1.
        assert_eq!(vals(&t, Edition::C07_2026, "BH:MP")[0], "2");
        assert_eq!(vals(&t, Edition::C07_2026, "BH:MP/C1")[0], "1");
        // All four boards double-forfeited is a double forfeit.
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 2, ScoreKind::MatchPoints);
        t.rounds = vec![round(1, vec![m(1, 2, 2, "xx")])];
        let ct = Crosstable::build(&t).expect("valid");
        assert_eq!(ct.teams[0].rounds[0].kind, RoundKind::DoubleForfeit);
        // One game over the board makes the match played.
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 2, ScoreKind::MatchPoints);
        t.rounds = vec![round(1, vec![m(1, 2, 2, "+=")])];
        let ct = Crosstable::build(&t).expect("valid");
        assert_eq!(ct.teams[0].rounds[0].kind, RoundKind::Played);
    }

    #[test]
    fn c07_15_2_round_robin_forfeit_counts_as_played_with_or_without_p() {
        // round_robin(): team 3 lost R2 to team 2 by forfeit; it sat out R1.
        // Adjusted GP: 1 = 3, 2 = 2½, 3 = ½.
        let t = round_robin();
        // BH:GP team 3: the forfeit counts as a match against 2 (art. 15.2):
        // 2½, R3 v1 → 3, the round without an opponent nothing: 5½.
        assert_eq!(vals(&t, Edition::C07_2026, "BH:GP")[2], "5½");
        assert_eq!(vals(&t, Edition::C07_2026, "BH:GP/P")[2], "5½");
        // DE: the forfeit is an encounter, /P or not (team 2 scored all
        // 2 GP of the match).
        let ct = Crosstable::build(&t).expect("valid");
        let ctx = Context::new(&t, Edition::C07_2026);
        for p in [false, true] {
            let e = encounters(&ct, &ctx, 1, &[1, 2], ScoreKind::GamePoints, p);
            assert_eq!((e.met, e.value), (1, HalfPoints(4)));
        }
        // WON counts games won over the board only, /P or not: team 2 lost
        // and drew its R1 games; WIN:GP counts the 2 forfeited games.
        assert_eq!(vals(&t, Edition::C07_2026, "WON:GP")[1], "0");
        assert_eq!(vals(&t, Edition::C07_2026, "WIN:GP")[1], "2");
        // In a Swiss the same forfeit is an unplayed round without /P.
        let mut swiss = round_robin();
        swiss.system = PairingSystem::Swiss;
        let ct = Crosstable::build(&swiss).expect("valid");
        let ctx = Context::new(&swiss, Edition::C07_2026);
        let e = encounters(&ct, &ctx, 1, &[1, 2], ScoreKind::GamePoints, false);
        assert_eq!(e.met, 0);
    }

    /// Round robin of four teams, 2 boards, MP 2/1/0, 3 rounds:
    /// R1 1–2 "1=", 3–4 forfeited (330, 3 wins); R2 1–3 "0=", 2–4 "==";
    /// R3 4–1 "1=", 2–3 "1=".
    ///
    /// | team | MP | GP |
    /// |------|----|----|
    /// | 1    | 2  | 2½ |
    /// | 2    | 3  | 3  |
    /// | 3    | 4  | 4  |
    /// | 4    | 3  | 2½ |
    fn round_robin_with_a_forfeited_match() -> Tournament {
        let mut t = tournament(PairingSystem::RoundRobin, 2, 1, 4, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(
                1,
                vec![m(1, 2, 2, "1="), forfeit(3, 4, MatchForfeit::HomeWins)],
            ),
            round(2, vec![m(1, 3, 2, "0="), m(2, 4, 2, "==")]),
            round(3, vec![m(4, 1, 2, "1="), m(2, 3, 2, "1=")]),
        ];
        t
    }

    #[test]
    fn c07_15_2_round_robin_forfeit_without_p_counts_for_bh_and_sb() {
        // Art. 16 manages unplayed rounds in Swiss tournaments; in a round
        // robin art. 15.2 treats the 3–4 forfeit as a regular match, so
        // without /P the values are those with /P. Before, the forfeit
        // contributed 0 to teams 3 and 4 (BH:MP 5 and 5).
        let t = round_robin_with_a_forfeited_match();
        // BH:MP: 1 = 3 + 4 + 3 = 10; 2 = 2 + 3 + 4 = 9;
        // 3 = 3 (v4, the forfeit) + 2 + 3 = 8; 4 = 4 + 3 + 2 = 9.
        for tb in ["BH:MP", "BH:MP/P"] {
            assert_eq!(vals(&t, Edition::C07_2026, tb), ["10", "9", "8", "9"]);
            assert_eq!(vals(&t, Edition::C07_2024, tb), ["10", "9", "8", "9"]);
        }
        // EMMSB (opponent's MP × own MP): 1 = 3 × 2 + 0 + 0 = 6;
        // 2 = 0 + 3 × 1 + 4 × 2 = 11; 3 = 3 × 2 (forfeit win over 4)
        // + 2 × 2 + 0 = 10 (it was 4); 4 = 4 × 0 + 3 × 1 + 2 × 2 = 7.
        for tb in ["EMMSB", "EMMSB/P"] {
            assert_eq!(vals(&t, Edition::C07_2026, tb), ["6", "11", "10", "7"]);
        }
        // BH:GP: 1 = 3 + 4 + 2½ = 9½; 2 = 2½ + 2½ + 4 = 9;
        // 3 = 2½ + 2½ + 3 = 8 (it was 5½); 4 = 4 + 3 + 2½ = 9½ (5½).
        assert_eq!(vals(&t, Edition::C07_2026, "BH:GP"), ["9½", "9", "8", "9½"]);
        // EGGSB: 3 = 2½ × 2 + 2½ × 1½ + 3 × ½ = 5 + 3¾ + 1½ = 10¼ (it was
        // 5¼); 4 = 4 × 0 + 3 × 1 + 2½ × 1½ = 6¾.
        assert_eq!(
            vals(&t, Edition::C07_2026, "EGGSB"),
            ["7¾", "9¾", "10¼", "6¾"]
        );
        // The forfeit is no VUR: Cut-1 drops the least significant value.
        // BH:MP/C1 3: 3, 2, 3 → 6; 4: 4, 3, 2 → 7.
        assert_eq!(
            vals(&t, Edition::C07_2026, "BH:MP/C1"),
            ["7", "7", "6", "7"]
        );
    }

    #[test]
    fn c07_15_2_round_robin_match_forfeited_on_every_board_counts_as_played() {
        // swiss_with_a_match_forfeited_on_every_board() as a round robin:
        // R1 1–2 "++" (no game over the board), 3–4 "1="; R2 1–3 "==",
        // 2–4 "1=". MP: 1 = 3, 2 = 2, 3 = 3, 4 = 0.
        let mut t = swiss_with_a_match_forfeited_on_every_board();
        t.system = PairingSystem::RoundRobin;
        // BH:MP 1: 2 (v2) + 3 (v3) = 5; 2: 3 (v1) + 0 (v4) = 3. Before, the
        // forfeited match gave 0: 3 and 0.
        assert_eq!(vals(&t, Edition::C07_2026, "BH:MP"), ["5", "3", "3", "5"]);
        // EMGSB 2: 3 × 0 + 0 × 1½ = 0; 1: 2 × 2 + 3 × 1 = 7 (before 3).
        assert_eq!(vals(&t, Edition::C07_2026, "EMGSB")[0], "7");
    }

    #[test]
    fn c07_edition_in_force_on_a_date() {
        let d = |y, m, day| chrono::NaiveDate::from_ymd_opt(y, m, day).expect("date");
        assert_eq!(Edition::in_force_on(d(2024, 8, 1)), Edition::C07_2024);
        assert_eq!(Edition::in_force_on(d(2026, 2, 28)), Edition::C07_2024);
        assert_eq!(Edition::in_force_on(d(2026, 3, 1)), Edition::C07_2026);
        assert_eq!(Edition::in_force_on(d(2030, 1, 1)), Edition::C07_2026);
        // Older events fall back on the oldest edition modelled.
        assert_eq!(Edition::in_force_on(d(2023, 1, 1)), Edition::C07_2024);
    }

    #[test]
    fn c07_7_5_progressive_scores_and_7_6_rounds_elected_to_play() {
        // swiss() MP by round: 1: 2, 2, 0 → running 2, 4, 4 → PS 10;
        // 2: 0, 0, 0 → 0; 3: 1, 0, 2 → 1, 1, 3 → 5; 4: 1, PAB 1, 0 →
        // 1, 2, 2 → 5; 5: PAB 1, forfeit win 2, win 2 → 1, 3, 5 → 9.
        assert_eq!(
            vals(&swiss(), Edition::C07_2026, "PS:MP"),
            ["10", "0", "5", "5", "9"]
        );
        // /C1 leaves out round 1: 1 → 4 + 4 = 8; 5 → 3 + 5 = 8.
        let v = vals(&swiss(), Edition::C07_2026, "PS:MP/C1");
        assert_eq!((v[0].as_str(), v[4].as_str()), ("8", "8"));
        // REP: every round but the VURs. Team 2 forfeited R2 and was absent
        // in R3 → 1; team 5 (PAB, forfeit win, played) → 3.
        assert_eq!(
            vals(&swiss(), Edition::C07_2026, "REP"),
            ["3", "1", "3", "3", "3"]
        );
    }

    #[test]
    fn c07_new_team_tie_breaks_agree_with_the_reference_on_forfeits() {
        // swiss_with_forfeit_losses(), MP by round: 1: 2, 1, 0 (forfeit
        // loss); 2: 0, 0 (forfeit loss), 2; 3: 2, 1, 0; 4: 0, 2, 2 (two
        // forfeit wins).
        let t = swiss_with_forfeit_losses();
        // PS: 1 → 2 + 3 + 3 = 8; 2 → 0 + 0 + 2 = 2; 3 → 8; 4 → 0 + 2 + 4 = 6.
        assert_eq!(vals(&t, Edition::C07_2026, "PS:MP"), ["8", "2", "8", "6"]);
        // REP: the forfeit losses are VURs; forfeit wins are not.
        assert_eq!(vals(&t, Edition::C07_2026, "REP"), ["2", "2", "3", "3"]);
        // AOB:MP with BH:MP = 8, 8, 9, 8: 1 met 2 and 3 → 8.50; 2 met 1 and
        // 3 → 8.50; 3 met 4, 1, 2 → 8.00; 4 met 3 → 9.00.
        assert_eq!(
            vals(&t, Edition::C07_2026, "AOB:MP"),
            ["8.50", "8.50", "8.00", "9.00"]
        );
        // STD:MP: W D L → 1½; L L W → 1; W D L → 1½; L W W → 2.
        assert_eq!(
            vals(&t, Edition::C07_2026, "STD:MP"),
            ["1½", "1", "1½", "2"]
        );
    }

    #[test]
    fn c07_8_2_average_of_opponents_buchholz_and_standard_points() {
        // swiss(), BH:MP (2026) = 9, 4, 8, 8, 8. Team 1 met 2, 3, 5 over the
        // board: (4 + 8 + 8) / 3 = 6.67. Team 5 met only 1: 9.00.
        let v = vals(&swiss(), Edition::C07_2026, "AOB:MP");
        assert_eq!((v[0].as_str(), v[4].as_str()), ("6.67", "9.00"));
        // STD:MP: a won match 1, a drawn one ½. Team 1: W, W, L → 2; team 5:
        // PAB (a draw) ½ + forfeit win 1 + win 1 = 2½.
        let v = vals(&swiss(), Edition::C07_2026, "STD:MP");
        assert_eq!((v[0].as_str(), v[4].as_str()), ("2", "2½"));
        // TPN: the pairing number, lower is better.
        assert_eq!(
            vals(&swiss(), Edition::C07_2026, "TPN"),
            ["1", "2", "3", "4", "5"]
        );
        // Not applicable: no values at all.
        let ct = Crosstable::build(&swiss()).expect("valid");
        let ctx = Context::new(&swiss(), Edition::C07_2026);
        let aro: TieBreak = "ARO".parse().expect("ARO");
        assert_eq!(team_values(&ct, &ctx, &aro), None);
    }

    mod properties {
        use super::*;
        use crate::tournament::Pairing;
        use crate::tournament::tests::arb_tournament;
        use proptest::prelude::*;

        proptest! {
            /// DE between two teams that met once agrees with their match:
            /// the team that scored more (primary score) in it has the higher
            /// DE value, equal scores give equal DE.
            #[test]
            fn de_between_two_teams_that_met_once_agrees_with_their_match(t in arb_tournament()) {
                let ct = Crosstable::build(&t).expect("valid");
                let ctx = Context::new(&t, Edition::C07_2026);
                for r in &t.rounds {
                    for p in &r.pairings {
                        let Pairing::Match(m) = p else { continue };
                        let (Some(a), Some(b)) = (ct.position(m.home), ct.position(m.away)) else {
                            continue;
                        };
                        let meetings = ct.head_to_head(m.home, m.away).meetings;
                        let (hs, as_) = t.match_scores(m);
                        // A match without a game over the board is no
                        // encounter (C.07 art. 16, team reading).
                        let over_the_board = ct.teams[a]
                            .rounds
                            .iter()
                            .any(|x| x.round == r.number && x.kind == RoundKind::Played);
                        if meetings != 1 || hs.outcome.is_none() || !over_the_board {
                            continue;
                        }
                        let k = t.scoring.primary;
                        let group = [a, b];
                        let ea = encounters(&ct, &ctx, a, &group, k, false);
                        let eb = encounters(&ct, &ctx, b, &group, k, false);
                        let (sa, sb) = match k {
                            ScoreKind::MatchPoints => (hs.match_points, as_.match_points),
                            ScoreKind::GamePoints => (hs.game_points, as_.game_points),
                        };
                        prop_assert_eq!((ea.met, eb.met), (1, 1));
                        prop_assert_eq!(ea.value.cmp(&eb.value), sa.cmp(&sb));
                        // Through the standings too, when the two are tied on
                        // the primary score and DE comes first.
                        let s = crate::ranking::standings(
                            &t,
                            &TieBreakRules { chain: parse_list("DE").expect("DE"), ..TieBreakRules::default() },
                            &[],
                        ).expect("standings");
                        let pos = |id| s.rows.iter().position(|r| r.team == id).expect("row");
                        let (pa, pb) = (pos(m.home), pos(m.away));
                        let tied = s.rows[pa].place.first == s.rows[pb].place.first;
                        let same_primary = total(&ct.teams[a].rounds, &ctx, k) == total(&ct.teams[b].rounds, &ctx, k);
                        if same_primary && sa != sb {
                            // A decisive direct encounter can only be overruled
                            // by a third tied team; with exactly two tied teams
                            // the winner is ahead.
                            let group_size = s.rows.iter().filter(|r| {
                                ct.position(r.team).is_some_and(|i| total(&ct.teams[i].rounds, &ctx, k) == total(&ct.teams[a].rounds, &ctx, k))
                            }).count();
                            if group_size == 2 {
                                prop_assert!(!tied);
                                prop_assert_eq!(pa < pb, sa > sb);
                            }
                        }
                    }
                }
            }
        }
    }
}

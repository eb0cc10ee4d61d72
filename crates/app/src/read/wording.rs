//! The rules' notions in the reader's language, for the pages and the JSON
//! API alike: tie-break names and why a team stands above the next one
//! (`rules::ranking::Separation`), the standings' last column.

use crate::i18n::{Lang, Message};
use crate::msg;
use crate::rules::ranking::{Criterion, Separation, Step};
use crate::rules::score::ScoreKind;
use crate::rules::tiebreak::{TieBreak, TieBreakKind};

/// A tie-break's name in `lang` with its TRF-2026 code: "direct encounter (DE)".
pub fn tie_break_name(lang: Lang, tb: &TieBreak) -> String {
    format!("{} ({tb})", tie_break_words(lang, tb))
}

/// A tie-break's name in `lang`, without its code: "direct encounter".
pub fn tie_break_words(lang: Lang, tb: &TieBreak) -> String {
    use TieBreakKind::*;
    let key = match tb.kind {
        MpVsGp => crate::msg!("tb-secondary"),
        DirectEncounter => crate::msg!("tb-de"),
        ExtendedDirectEncounter(_) => crate::msg!("tb-ede"),
        SonnebornBerger { .. } => crate::msg!("tb-sb"),
        Buchholz(_) => crate::msg!("tb-bh"),
        BoardCount => crate::msg!("tb-bc"),
        TopBoardResult => crate::msg!("tb-tbr"),
        BottomBoardElimination => crate::msg!("tb-bbe"),
        Berlin => crate::msg!("tb-berlin"),
        Wins(ScoreKind::MatchPoints) => crate::msg!("tb-wins-matches"),
        Wins(ScoreKind::GamePoints) => crate::msg!("tb-wins-games"),
        WonOverTheBoard(ScoreKind::MatchPoints) => crate::msg!("tb-won-matches"),
        WonOverTheBoard(ScoreKind::GamePoints) => crate::msg!("tb-won-games"),
        ScoreStrengthCombination => crate::msg!("tb-sssc"),
        Score(ScoreKind::MatchPoints) => crate::msg!("tb-score-mp"),
        Score(ScoreKind::GamePoints) => crate::msg!("tb-score-gp"),
        SonnebornBergerOnPrimary | ExtendedSonnebornBergerOnPrimary => crate::msg!("tb-sb"),
        ProgressiveScores(_) => crate::msg!("tb-ps"),
        RoundsElectedToPlay => crate::msg!("tb-rep"),
        AverageOfOpponentsBuchholz(_) => crate::msg!("tb-aob"),
        StandardPoints(_) => crate::msg!("tb-std"),
        PairingNumber => crate::msg!("tb-tpn"),
        NotApplicable(_) => crate::msg!("tb-not-applicable"),
    };
    lang.msg(key)
}

fn step(lang: Lang, step: Step) -> String {
    match step {
        Step::Primary => lang.msg(msg!("gap-step-primary")),
        Step::Secondary => lang.msg(msg!("gap-step-secondary")),
        Step::BoardCount => lang.msg(msg!("gap-step-board-count")),
        Step::Board(board) => Message::new(msg!("gap-step-board"))
            .arg("board", board)
            .render(lang),
        Step::WithoutBottomBoards(count) => Message::new(msg!("gap-step-without-bottom"))
            .arg("count", count)
            .render(lang),
    }
}

/// "direct encounter (DE): 2 vs 0", "top-board results (TBR), board 2: 4 vs 3½".
pub fn gap(lang: Lang, s: &Separation) -> String {
    let (criterion, step) = match &s.criterion {
        Criterion::PrimaryScore(ScoreKind::MatchPoints) => (lang.msg(msg!("gap-mp")), None),
        Criterion::PrimaryScore(ScoreKind::GamePoints) => (lang.msg(msg!("gap-gp")), None),
        Criterion::PlayOff => (lang.msg(msg!("gap-playoff")), None),
        Criterion::TieBreak {
            tie_break,
            step: at,
        } => (tie_break_name(lang, tie_break), at.map(|a| step(lang, a))),
    };
    let message = match step {
        None => Message::new(msg!("gap-values")),
        Some(step) => Message::new(msg!("gap-values-step")).arg("step", step),
    };
    message
        .arg("criterion", criterion)
        .arg("ahead", &s.ahead)
        .arg("behind", &s.behind)
        .render(lang)
}

/// [`gap`], saying first which criteria did not separate the two teams
/// (they were level on them, or a criterion did not apply): those before
/// the deciding one in the regulation's order, the primary score first.
pub fn gap_after(lang: Lang, s: &Separation, primary: ScoreKind, chain: &[TieBreak]) -> String {
    let primary_name = || match primary {
        ScoreKind::MatchPoints => lang.msg(msg!("gap-mp")),
        ScoreKind::GamePoints => lang.msg(msg!("gap-gp")),
    };
    let before: Vec<String> = match &s.criterion {
        Criterion::PrimaryScore(_) => Vec::new(),
        Criterion::PlayOff => std::iter::once(primary_name())
            .chain(chain.iter().map(|tb| tie_break_name(lang, tb)))
            .collect(),
        Criterion::TieBreak { tie_break, .. } => std::iter::once(primary_name())
            .chain(
                chain
                    .iter()
                    .take_while(|tb| *tb != tie_break)
                    .map(|tb| tie_break_name(lang, tb)),
            )
            .collect(),
    };
    if before.is_empty() {
        return gap(lang, s);
    }
    Message::new(msg!("gap-after"))
        .arg("criteria", before.join(", "))
        .arg("gap", gap(lang, s))
        .render(lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::score::HalfPoints;
    use crate::rules::tiebreak::{TbValue, TieBreak, TieBreakKind};

    fn points(halves: i32) -> TbValue {
        TbValue::Points(HalfPoints(halves))
    }

    #[test]
    fn r_3_3_gaps_are_worded_in_both_languages() {
        let mp = Separation {
            criterion: Criterion::PrimaryScore(ScoreKind::MatchPoints),
            ahead: points(26),
            behind: points(20),
        };
        assert_eq!(gap(Lang::Ru, &mp), "командные очки: 13 против 10");
        assert_eq!(gap(Lang::En, &mp), "match points: 13 vs 10");
        let tbr = Separation {
            criterion: Criterion::TieBreak {
                tie_break: TieBreak::new(TieBreakKind::TopBoardResult),
                step: Some(Step::Board(2)),
            },
            ahead: points(8),
            behind: points(7),
        };
        assert_eq!(
            gap(Lang::Ru, &tbr),
            "результаты по доскам, начиная с первой (TBR), доска 2: 4 против 3½"
        );
        assert_eq!(
            gap(Lang::En, &tbr),
            "top-board results (TBR), board 2: 4 vs 3½"
        );
        let bbe = Separation {
            criterion: Criterion::TieBreak {
                tie_break: TieBreak::new(TieBreakKind::BottomBoardElimination),
                step: Some(Step::WithoutBottomBoards(2)),
            },
            ahead: points(3),
            behind: points(2),
        };
        assert!(gap(Lang::En, &bbe).contains("without the bottom 2 boards"));
        assert!(gap(Lang::Ru, &bbe).contains("без 2 нижних досок"));
    }

    #[test]
    fn g_v42_the_explanation_names_the_criteria_that_did_not_separate() {
        let chain = crate::rules::presets::g().tie_breaks.chain;
        let sb = Separation {
            criterion: Criterion::TieBreak {
                tie_break: chain[1],
                step: None,
            },
            ahead: TbValue::Quarters(166),
            behind: TbValue::Quarters(156),
        };
        let words = gap_after(Lang::En, &sb, ScoreKind::GamePoints, &chain);
        assert!(
            words.starts_with("not separated by game points, direct encounter (DE/P); "),
            "{words}"
        );
        let gp = Separation {
            criterion: Criterion::PrimaryScore(ScoreKind::GamePoints),
            ahead: points(20),
            behind: points(18),
        };
        assert_eq!(
            gap_after(Lang::Ru, &gp, ScoreKind::GamePoints, &chain),
            gap(Lang::Ru, &gp)
        );
    }
}

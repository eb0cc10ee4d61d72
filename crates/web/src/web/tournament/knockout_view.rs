//! Seed E's play-off (E-1, E-9) in the page's language: one row per
//! bracket match with its score, who goes through and what decided it.

use crate::app::knockout::{KnockoutState, Outcome};
use crate::app::rounds::Loaded;
use crate::i18n::Message;
use crate::ids::{EntryId, MatchId};
use crate::msg;
use crate::paths;
use crate::rules::pairing::{DecidedBy, GameResult, Stage};
use crate::rules::score::HalfPoints;
use crate::web::infra::ctx::PageCtx;

pub struct BracketRowView {
    pub number: u32,
    pub stage: String,
    pub home: String,
    pub away: String,
    pub score: String,
    pub through: String,
    pub decided: String,
    /// Judges: creates the armageddon of a match level after its boards.
    pub armageddon_url: Option<String>,
}

fn name(l: &Loaded, id: Option<EntryId>) -> String {
    id.and_then(|id| l.entries.iter().find(|x| x.id == id))
        .map_or_else(|| "—".to_owned(), |x| x.name.clone())
}

/// Game points of both sides of a stored match, home first.
fn score(l: &Loaded, m: MatchId) -> String {
    let (h, a) = l
        .games_of(m)
        .filter_map(|g| g.result().points())
        .fold((HalfPoints::ZERO, HalfPoints::ZERO), |(x, y), (p, q)| {
            (x + p, y + q)
        });
    format!("{h}-{a}")
}

/// The bracket as rows for the tournament page.
pub fn bracket_rows(
    ctx: &PageCtx,
    l: &Loaded,
    k: &KnockoutState,
    is_judge: bool,
) -> Vec<BracketRowView> {
    let (c, t) = (l.ctx.championship_id(), l.ctx.id());
    let finished = l.ctx.tournament.finished_at.is_some();
    let mut semi = 0;
    k.bracket
        .iter()
        .map(|m| {
            let stage = match m.stage {
                Stage::SemiFinal => {
                    semi += 1;
                    ctx.t1("stage-semi", "number", semi)
                }
                Stage::Final => ctx.t("stage-final"),
                Stage::ThirdPlace => ctx.t("stage-third"),
                Stage::RoundOf { .. } => ctx.t1("stage-knockout", "number", m.number),
            };
            let entry = |s: crate::rules::pairing::EntryId| name(l, Some(EntryId(s.0)));
            let (through, decided, armageddon_url) = match &m.outcome {
                Outcome::NotPaired => (String::new(), ctx.t("bracket-not-paired"), None),
                Outcome::Pending => (String::new(), ctx.t("bracket-pending"), None),
                Outcome::Won { winner, by, .. } => {
                    let why = match by {
                        DecidedBy::MatchScore => ctx.t("decided-score"),
                        DecidedBy::Board(b) => ctx.t1("decided-board", "board", b),
                        DecidedBy::Armageddon {
                            white,
                            black,
                            result,
                            ..
                        } => Message::new(msg!("decided-armageddon"))
                            .arg("white", entry(*white))
                            .arg("black", entry(*black))
                            .arg(
                                "result",
                                ctx.lang.msg(match result {
                                    GameResult::WhiteWins => msg!("armageddon-white-wins"),
                                    GameResult::BlackWins => msg!("armageddon-black-wins"),
                                    GameResult::Draw => msg!("armageddon-draw"),
                                }),
                            )
                            .render(ctx.lang),
                    };
                    (name(l, Some(*winner)), why, None)
                }
                Outcome::ArmageddonDue {
                    white,
                    black,
                    seed,
                    armageddon,
                } => (
                    String::new(),
                    Message::new(msg!("armageddon-due"))
                        .arg("white", name(l, Some(*white)))
                        .arg("black", name(l, Some(*black)))
                        .arg("seed", seed)
                        .render(ctx.lang),
                    m.stored
                        .filter(|_| is_judge && armageddon.is_none() && !finished)
                        .map(|id| paths::armageddon(c, t, id)),
                ),
            };
            BracketRowView {
                number: m.number,
                stage,
                home: name(l, m.home),
                away: name(l, m.away),
                score: m.stored.map(|id| score(l, id)).unwrap_or_default(),
                through,
                decided,
                armageddon_url,
            }
        })
        .collect()
}

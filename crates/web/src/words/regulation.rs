//! A regulation in readable form, in the page's language: the facts a
//! captain needs (format, scoring, tie-breaks, place points, limits,
//! windows, penalties, documents).

use crate::i18n::Lang;
use crate::i18n::cite::rule_words;
use crate::read::wording::tie_break_name;
use crate::rules::regulation::{DocumentHolder, FormatRule, Regulation, TransferRule};
use crate::rules::score::ScoreKind;
use crate::words::eligibility::document_name;

pub struct Fact {
    pub label: String,
    pub value: String,
}

fn minutes(seconds: u32) -> String {
    (seconds / 60).to_string()
}

pub fn facts(lang: Lang, reg: &Regulation) -> Vec<Fact> {
    facts_with_rounds(lang, reg, &[])
}

/// The facts, with the rounds each tournament played as a Swiss has now
/// (`(tournament number, rounds)`): where the organizing committee set
/// them by the entries, the format says that number, not only the
/// regulation's.
pub fn facts_with_rounds(lang: Lang, reg: &Regulation, current: &[(i32, u8)]) -> Vec<Fact> {
    let mut out = Vec::new();
    let mut fact = |label: crate::i18n::MsgKey, value: String| {
        out.push(Fact {
            label: lang.msg(label),
            value,
        })
    };
    fact(crate::msg!("reg-boards"), reg.boards.to_string());
    let format = match &reg.format {
        FormatRule::ByTeamCount(bands) => bands
            .iter()
            .map(|b| {
                let teams = match b.max_teams {
                    Some(max) => format!("{}–{}", b.min_teams, max),
                    None => format!("{}+", b.min_teams),
                };
                crate::i18n::Message::new(crate::msg!("reg-format-band"))
                    .arg("teams", teams)
                    .arg("games", b.format.games_per_pairing)
                    .render(lang)
            })
            .collect::<Vec<_>>()
            .join("; "),
        FormatRule::Swiss {
            rounds,
            rounds_drawn_by_lot,
            ..
        } => {
            let changed = current.iter().any(|(_, n)| n != rounds);
            let first = current.first().map(|(_, n)| *n);
            match first {
                // Every tournament plays the number the committee set.
                Some(n) if changed && current.iter().all(|(_, m)| *m == n) => {
                    crate::i18n::Message::new(crate::msg!("reg-format-swiss-set"))
                        .arg("rounds", n)
                        .arg("regulation", rounds)
                        .arg("lot", (*rounds_drawn_by_lot).min(n))
                        .render(lang)
                }
                _ => {
                    let mut text = crate::i18n::Message::new(crate::msg!("reg-format-swiss"))
                        .arg("rounds", rounds)
                        .arg("lot", rounds_drawn_by_lot)
                        .render(lang);
                    if changed {
                        let list = current
                            .iter()
                            .map(|(t, n)| {
                                crate::i18n::Message::new(crate::msg!("reg-format-swiss-one"))
                                    .arg("tournament", t)
                                    .arg("rounds", n)
                                    .render(lang)
                            })
                            .collect::<Vec<_>>()
                            .join(", ");
                        text.push_str("; ");
                        text.push_str(
                            &crate::i18n::Message::new(crate::msg!("reg-format-swiss-each"))
                                .arg("list", list)
                                .render(lang),
                        );
                    }
                    text
                }
            }
        }
        FormatRule::GroupsThenKnockout { .. } => lang.msg(crate::msg!("reg-format-groups")),
    };
    fact(crate::msg!("reg-format"), format);
    fact(
        crate::msg!("reg-time-control"),
        format!(
            "{} + {}",
            minutes(reg.time_control.base_seconds),
            reg.time_control.increment_seconds
        ),
    );
    let primary = match reg.scoring.primary {
        ScoreKind::MatchPoints => lang.msg(crate::msg!("reg-primary-mp")),
        ScoreKind::GamePoints => lang.msg(crate::msg!("reg-primary-gp")),
    };
    let mp = reg.scoring.match_points;
    fact(
        crate::msg!("reg-scoring"),
        format!(
            "{primary}; {} {}/{}/{}",
            lang.msg(crate::msg!("reg-match-points")),
            mp.win,
            mp.draw,
            mp.loss
        ),
    );
    if let Some(pab) = reg.scoring.pab {
        fact(
            crate::msg!("reg-pab"),
            format!(
                "{} {}, {} {}",
                pab.match_points,
                lang.msg(crate::msg!("reg-mp-short")),
                pab.game_points,
                lang.msg(crate::msg!("reg-gp-short"))
            ),
        );
    }
    fact(
        crate::msg!("reg-tie-breaks"),
        reg.tie_breaks
            .chain
            .iter()
            .map(|tb| tie_break_name(lang, tb))
            .collect::<Vec<_>>()
            .join(" → "),
    );
    fact(
        crate::msg!("reg-place-points"),
        reg.place_points
            .table
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}: {p}", i + 1))
            .collect::<Vec<_>>()
            .join(", "),
    );
    let roster = &reg.roster;
    let members = match roster.max_members {
        Some(max) if max == roster.min_members => max.to_string(),
        Some(max) => format!("{}–{}", roster.min_members, max),
        None => format!("≥ {}", roster.min_members),
    };
    fact(crate::msg!("reg-roster"), members);
    fact(
        crate::msg!("reg-lineup"),
        crate::i18n::Message::new(crate::msg!("reg-lineup-value"))
            .arg("players", roster.lineup_players)
            .arg("subs", roster.max_substitutes)
            .render(lang),
    );
    let yes_no = |b: bool| {
        lang.msg(if b {
            crate::msg!("yes")
        } else {
            crate::msg!("no")
        })
    };
    fact(
        crate::msg!("reg-one-team-per-org"),
        yes_no(roster.one_team_per_organization),
    );
    fact(
        crate::msg!("reg-org-required"),
        yes_no(roster.organization_required),
    );
    fact(
        crate::msg!("reg-club-required"),
        yes_no(roster.club_membership_required),
    );
    fact(
        crate::msg!("reg-transfers"),
        lang.msg(match roster.transfers {
            TransferRule::Free => crate::msg!("reg-transfers-free"),
            TransferRule::JudgeApproval => crate::msg!("reg-transfers-judge"),
        }),
    );
    if let Some(open) = reg.entry.opens_before_start {
        fact(crate::msg!("reg-entry-opens"), minutes(open));
    }
    if let Some(on_time) = reg.entry.on_time_before_start {
        fact(crate::msg!("reg-entry-on-time"), minutes(on_time));
    }
    if let Some(max) = reg.entry.max_teams {
        fact(crate::msg!("reg-entry-cap"), max.to_string());
    }
    if !reg.penalties.is_empty() {
        fact(
            crate::msg!("reg-penalties"),
            reg.penalties
                .iter()
                .map(|p| match p.amount {
                    Some(a) => format!("{} −{a}", rule_words(lang, &p.code)),
                    None => rule_words(lang, &p.code),
                })
                .collect::<Vec<_>>()
                .join(", "),
        );
    }
    for d in &reg.documents {
        let holder = lang.msg(match d.holder {
            DocumentHolder::Team => crate::msg!("reg-doc-team"),
            _ => crate::msg!("reg-doc-person"),
        });
        let kinds = d
            .any_of
            .iter()
            .map(|k| document_name(lang, *k))
            .collect::<Vec<_>>()
            .join(&format!(" {} ", lang.msg(crate::msg!("or"))));
        fact(
            crate::msg!("reg-document"),
            format!(
                "{} ({holder}, {}): {kinds}",
                rule_words(lang, &d.rule),
                lang.msg(crate::msg!("reg-doc-required"))
            ),
        );
    }
    out
}

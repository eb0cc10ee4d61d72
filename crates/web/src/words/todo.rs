//! What waits for a person, in the page's language, each with the page
//! where it is done.

use crate::app::todo::Item;
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::paths;

pub struct TodoLine {
    pub championship: String,
    pub text: String,
    pub url: String,
}

fn appeal_url(c: crate::ids::ChampionshipId, a: crate::ids::AppealId) -> String {
    crate::paths::fill2(crate::paths::APPEAL, c, a)
}

pub fn line(lang: Lang, item: &Item) -> TodoLine {
    let (at, message, url) = match item {
        Item::Invitation {
            at,
            team,
            awaiting_judge,
        } => (
            at,
            Message::new(if *awaiting_judge {
                msg!("todo-invitation-judge")
            } else {
                msg!("todo-invitation")
            })
            .arg("team", team),
            "/account".to_owned(),
        ),
        Item::Vote { at, appeal } => (
            at,
            Message::new(msg!("todo-vote")).arg("case", appeal),
            appeal_url(at.id, *appeal),
        ),
        Item::Applications { at, count } => (
            at,
            Message::new(msg!("todo-applications")).arg("count", count),
            paths::queue(at.id),
        ),
        Item::Transfers { at, count } => (
            at,
            Message::new(msg!("todo-transfers")).arg("count", count),
            paths::queue(at.id),
        ),
        Item::Cases { at, count } => (
            at,
            Message::new(msg!("todo-cases")).arg("count", count),
            crate::paths::fill1(crate::paths::APPEALS, at.id),
        ),
        Item::Results {
            at,
            tournament,
            number,
            games,
        } => (
            at,
            Message::new(msg!("todo-results"))
                .arg("count", games)
                .arg("number", number),
            paths::tournament(at.id, *tournament),
        ),
        Item::Violations {
            at,
            tournament,
            number,
            count,
        } => (
            at,
            Message::new(msg!("todo-violations"))
                .arg("count", count)
                .arg("number", number),
            format!("{}#violations", paths::tournament(at.id, *tournament)),
        ),
        Item::CheckIn {
            at,
            tournament,
            number,
            admitted,
            total,
        } => (
            at,
            Message::new(msg!("todo-check-in"))
                .arg("number", number)
                .arg("admitted", admitted)
                .arg("total", total),
            paths::check_in(at.id, *tournament),
        ),
        Item::Documents { at, count } => (
            at,
            Message::new(msg!("todo-documents")).arg("count", count),
            paths::documents(at.id),
        ),
        Item::Employments { at, count } => (
            at,
            Message::new(msg!("todo-employments")).arg("count", count),
            format!("{}#employments", paths::fill1(paths::ROLL, at.id)),
        ),
        Item::Entry {
            at,
            team,
            tournament,
            number,
            starts_at,
        } => (
            at,
            Message::new(msg!("todo-entry"))
                .arg("team", team)
                .arg("number", number)
                .arg(
                    "at",
                    starts_at
                        .and_utc()
                        .with_timezone(&at.tz)
                        .format("%d.%m.%Y %H:%M %Z"),
                ),
            paths::tournament(at.id, *tournament),
        ),
        Item::Confirm {
            at,
            tournament,
            game_match,
            team,
            games,
        } => (
            at,
            Message::new(msg!("todo-confirm"))
                .arg("team", team)
                .arg("count", games),
            paths::match_page(at.id, *tournament, *game_match),
        ),
        Item::TeamCase { at, appeal, team } => (
            at,
            Message::new(msg!("todo-team-case"))
                .arg("team", team)
                .arg("case", appeal),
            appeal_url(at.id, *appeal),
        ),
    };
    TodoLine {
        championship: at.name.clone(),
        text: message.render(lang),
        url,
    }
}

//! G-V33 on the match page: a captain reports the opponent's violation to
//! the chief judge, who answers it there.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;
use std::collections::HashMap;

use crate::app::PlayError;
use crate::app::access::ChiefJudge;
use crate::app::violations::{self as ops, ReportAsk, ViolationProblem};
use crate::db;
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::paths;
use crate::paths::segments::{MatchPath, ViolationPath};
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{Form, TextRules};
use crate::web::infra::guards::{SignedIn, Staff};
use crate::web::infra::respond::{page, see_other};
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::tournament::captains::{ViolationDraft, match_page};
use crate::web::tournament::tournaments::belongs;

/// A refusal as a message.
fn problem_message(p: &ViolationProblem) -> Message {
    match p {
        ViolationProblem::Finished => Message::new(msg!("violation-finished")),
        ViolationProblem::NotPlayed => Message::new(msg!("violation-not-played")),
        ViolationProblem::WhatRequired => Message::new(msg!("violation-what-required")),
        ViolationProblem::BadBoard { boards } => {
            Message::new(msg!("violation-bad-board")).arg("boards", boards)
        }
        ViolationProblem::AnswerRequired => Message::new(msg!("violation-answer-required")),
        ViolationProblem::AlreadyAnswered => Message::new(msg!("violation-already-answered")),
    }
}

/// A refusal in words.
pub fn problem_words(lang: Lang, p: &ViolationProblem) -> String {
    problem_message(p).render(lang)
}

#[derive(Debug, Deserialize)]
pub struct ReportForm {
    /// A board number, or "" for none.
    #[serde(default)]
    pub board: String,
    #[serde(default)]
    pub what: String,
}

impl TextRules for ReportForm {
    const BLOCKS: &'static [(&'static str, usize)] = &[("what", 4000)];
}

/// `POST …/matches/{match_id}/violations`: a captain of the match reports.
pub async fn report(
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<MatchPath>,
    form: Form<ReportForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let (c, t, mid) = (path.championship_id, path.tournament_id, path.match_id);
    let ask = ReportAsk {
        board: form.board.trim().parse().ok(),
        what: form.what.clone(),
    };
    let kept = ask.clone();
    let result = state
        .db(move |conn| {
            belongs(conn, c, t)?;
            Ok(ops::report(conn, t, mid, user.id, &ask, db::utc_now()))
        })
        .await?;
    match result {
        Ok(_) => {
            AppSession(&session).flash(FlashLevel::Success, msg!("violation-reported"));
            Ok(see_other(&format!(
                "{}#violations",
                paths::match_page(c, t, mid)
            )))
        }
        Err(PlayError::Refused(problems)) => {
            let draft = ViolationDraft {
                board: kept.board,
                what: kept.what,
                problems: problems
                    .iter()
                    .map(|p| problem_words(ctx.lang, p))
                    .collect(),
            };
            let p = match_page(
                ctx,
                &state,
                &path,
                crate::web::tournament::captains::SubDraft::default(),
                Vec::new(),
                HashMap::new(),
                draft,
            )
            .await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
        Err(other) => Err(other.into()),
    }
}

#[derive(Debug, Deserialize)]
pub struct AnswerForm {
    #[serde(default)]
    pub answer: String,
}

impl TextRules for AnswerForm {
    const BLOCKS: &'static [(&'static str, usize)] = &[("answer", 4000)];
}

/// `POST …/violations/{violation_id}/answer` (chief judge).
pub async fn answer(
    staff: Staff<ChiefJudge>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<ViolationPath>,
    form: Form<AnswerForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let (c, t, id) = (path.championship_id, path.tournament_id, path.violation_id);
    let judge = staff.user.id;
    let result = state
        .db(move |conn| {
            belongs(conn, c, t)?;
            let found = db::violations::by_id(conn, id)?
                .filter(|r| r.championship_id == c && r.tournament_id == t)
                .ok_or(AppError::NotFound)?;
            Ok((
                found.match_id,
                ops::answer(conn, c, id, judge, &form.answer, db::utc_now()),
            ))
        })
        .await?;
    let (mid, result) = result;
    let back = format!("{}#violations", paths::match_page(c, t, mid));
    match result {
        Ok(_) => {
            AppSession(&session).flash(FlashLevel::Success, msg!("violation-answered"));
            Ok(see_other(&back))
        }
        Err(PlayError::Refused(problems)) => {
            for p in &problems {
                AppSession(&session).flash(FlashLevel::Error, problem_message(p));
            }
            Ok(see_other(&back))
        }
        Err(other) => Err(other.into()),
    }
}

//! An official's forms on a person's page: the FIDE id, and a rating typed
//! (national, or FIDE's before the next list is read). Administrators and
//! the organizers of a championship the person plays in
//! (`app::ratings::set_fide_id`, `type_rating`).

use actix_session::Session;
use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use serde::Deserialize;

use crate::app::PlayError;
use crate::app::ratings::{self as ops, RatingProblem};
use crate::db;
use crate::msg;
use crate::paths;
use crate::rules::rating::Source;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{Form, TextRules};
use crate::web::infra::guards::SignedIn;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::words::ratings::problem_message;

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct FideIdForm {
    fide_id: String,
}

impl TextRules for FideIdForm {}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct RatingForm {
    source: String,
    value: String,
    as_of: String,
}

impl TextRules for RatingForm {}

async fn person_of(
    state: &web::Data<AppState>,
    nick: String,
) -> Result<crate::ids::PersonId, AppError> {
    state
        .db(move |conn| {
            db::people::by_nick(conn, &nick)?
                .map(|p| p.id)
                .ok_or(AppError::NotFound)
        })
        .await
}

/// Flashes the outcome and returns to the person's page.
fn answer(
    session: &Session,
    nick: &str,
    done: Result<(), Vec<RatingProblem>>,
    success: crate::i18n::MsgKey,
) -> HttpResponse {
    let s = AppSession(session);
    match done {
        Ok(()) => s.flash(FlashLevel::Success, success),
        Err(problems) => {
            for p in &problems {
                s.flash(FlashLevel::Error, problem_message(p));
            }
        }
    }
    see_other(&format!("{}#ratings", paths::person(nick)))
}

fn refused(e: PlayError<RatingProblem>) -> Result<Result<(), Vec<RatingProblem>>, AppError> {
    match e {
        PlayError::Refused(ps) => Ok(Err(ps)),
        other => Err(other.into()),
    }
}

/// `POST /people/{nick}/fide-id`: sets the FIDE id (blank: removes it).
pub async fn set_fide_id(
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
    form: Form<FideIdForm>,
) -> Result<HttpResponse, AppError> {
    let nick = path.into_inner();
    let form = form.into_inner()?;
    let typed = form.fide_id.trim();
    let fide_id = if typed.is_empty() {
        None
    } else {
        match typed.parse::<i64>() {
            Ok(id) if id > 0 => Some(id),
            _ => {
                AppSession(&session).flash(FlashLevel::Error, msg!("ratings-error-fide-id"));
                return Ok(see_other(&format!("{}#ratings", paths::person(&nick))));
            }
        }
    };
    let person = person_of(&state, nick.clone()).await?;
    let acting = (user.id, user.is_admin);
    let done = state
        .db(
            move |conn| match ops::set_fide_id(conn, person, fide_id, acting) {
                Ok(()) => Ok(Ok(())),
                Err(e) => refused(e),
            },
        )
        .await?;
    Ok(answer(&session, &nick, done, msg!("ratings-fide-id-saved")))
}

/// `POST /people/{nick}/ratings`: records a rating typed by an official.
pub async fn type_rating(
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
    form: Form<RatingForm>,
) -> Result<HttpResponse, AppError> {
    let nick = path.into_inner();
    let form = form.into_inner()?;
    let source = Source::from_code(form.source.trim());
    let value = form.value.trim().parse::<i32>().ok();
    let as_of = NaiveDate::parse_from_str(form.as_of.trim(), "%Y-%m-%d").ok();
    let (Some(source), Some(value), Some(as_of)) = (source, value, as_of) else {
        AppSession(&session).flash(FlashLevel::Error, msg!("ratings-error-typed"));
        return Ok(see_other(&format!("{}#ratings", paths::person(&nick))));
    };
    let person = person_of(&state, nick.clone()).await?;
    let acting = (user.id, user.is_admin);
    let done = state
        .db(move |conn| {
            match ops::type_rating(conn, person, source, value, as_of, acting, db::utc_now()) {
                Ok(()) => Ok(Ok(())),
                Err(e) => refused(e),
            }
        })
        .await?;
    Ok(answer(&session, &nick, done, msg!("ratings-typed-saved")))
}

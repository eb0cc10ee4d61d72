//! TRF-2026 import over the web: an organizer or judge of a championship
//! uploads a file made by other software (multipart, a size limit kept
//! while reading, the CSRF token in the form's query as for document
//! uploads) and gets a new tournament of the championship, or the form
//! again (422) with every problem — a malformed line with its number and
//! what was expected there. What the import makes of teams, players and
//! byes is `play::trf`'s to decide.

use actix_multipart::Multipart;
use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::app::PlayError;
use crate::app::access::AnyStaff;
use crate::app::rounds::RoundProblem;
use crate::app::trf::{ImportOptions, Imported, import};
use crate::db::{self, championships};
use crate::i18n::{Lang, Message};
use crate::ids::ChampionshipId;
use crate::msg;
use crate::paths;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::utc_of_local;
use crate::web::infra::guards::Staff;
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::infra::upload::{Received, receive};
use crate::words::imports::problem_words;

/// Largest TRF file taken: a file of several hundred teams is far smaller.
pub const MAX_TRF_BYTES: u64 = 1024 * 1024;

pub fn import_url(c: ChampionshipId) -> String {
    crate::paths::fill1(crate::paths::IMPORT, c)
}

#[derive(Template)]
#[template(path = "championships/import.html")]
pub struct ImportPage {
    ctx: PageCtx,
    championship: String,
    championship_url: String,
    time_zone: String,
    /// The form's action, with the CSRF token in the query (multipart).
    action: String,
    starts_at: String,
    create_teams: bool,
    problems: Vec<String>,
    max_bytes: u64,
}

async fn import_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    form: &Received,
    problems: Vec<String>,
) -> Result<ImportPage, AppError> {
    let championship = state
        .db(move |conn| championships::by_id(conn, c)?.ok_or(AppError::NotFound))
        .await?;
    let action = import_url(c);
    Ok(ImportPage {
        championship: championship.name,
        championship_url: paths::championship(c),
        time_zone: crate::words::zone_words(ctx.lang, &championship.time_zone, db::utc_now()),
        action,
        starts_at: form.text("starts_at").to_owned(),
        create_teams: !form.text("create_teams").is_empty(),
        problems,
        max_bytes: MAX_TRF_BYTES,
        ctx,
    })
}

/// `GET /championships/{c}/import` (organizers, judges).
pub async fn form(
    ctx: PageCtx,
    staff: Staff<AnyStaff>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let p = import_page(
        ctx,
        &state,
        staff.championship,
        &Received::default(),
        vec![],
    )
    .await?;
    page(StatusCode::OK, &p)
}

/// What the importer is told after a successful import.
fn flashes(session: &Session, done: &Imported) {
    let s = AppSession(session);
    s.flash(
        FlashLevel::Success,
        Message::new(msg!("import-done")).arg("number", done.number),
    );
    if !done.created_teams.is_empty() {
        s.flash(
            FlashLevel::Info,
            Message::new(msg!("import-teams-created")).arg("names", done.created_teams.join(", ")),
        );
    }
    if !done.unmatched_players.is_empty() {
        s.flash(
            FlashLevel::Info,
            Message::new(msg!("import-unmatched-players"))
                .arg("count", done.unmatched_players.len())
                .arg("names", done.unmatched_players.join(", ")),
        );
    }
    if !done.dropped_players.is_empty() {
        s.flash(
            FlashLevel::Info,
            Message::new(msg!("import-dropped-players"))
                .arg("count", done.dropped_players.len())
                .arg("names", done.dropped_players.join(", ")),
        );
    }
    if done.unknown_records > 0 {
        s.flash(
            FlashLevel::Info,
            Message::new(msg!("import-unknown-records")).arg("count", done.unknown_records),
        );
    }
    if !done.finished {
        let why = match &done.not_finished {
            Some(RoundProblem::PlayoffNeeded { entries }) => {
                Message::new(msg!("import-unfinished-playoff")).arg("entries", entries.join(", "))
            }
            _ => Message::new(msg!("import-unfinished")),
        };
        s.flash(FlashLevel::Info, why);
    }
}

/// `POST /championships/{c}/import` (multipart; organizers, judges).
pub async fn upload(
    ctx: PageCtx,
    staff: Staff<AnyStaff>,
    state: web::Data<AppState>,
    session: Session,
    payload: Multipart,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let mut got = receive(payload, MAX_TRF_BYTES, &["starts_at", "create_teams"]).await?;
    let tz = state
        .db(move |conn| {
            Ok(championships::by_id(conn, c)?
                .ok_or(AppError::NotFound)?
                .tz())
        })
        .await?;
    let (starts_at, problems) = upload_problems(ctx.lang, &got, tz);
    if !problems.is_empty() {
        let p = import_page(ctx, &state, c, &got, problems).await?;
        return page(StatusCode::UNPROCESSABLE_ENTITY, &p);
    }
    let options = ImportOptions {
        starts_at,
        create_teams: !got.text("create_teams").is_empty(),
    };
    let (bytes, by) = (std::mem::take(&mut got.bytes), staff.user.id);
    let outcome = state
        .db(
            move |conn| match import(conn, c, &bytes, &options, by, db::utc_now()) {
                Ok(done) => {
                    // The platform's rating takes the file's games in.
                    crate::app::ratings::refresh_platform(conn)?;
                    Ok(Ok(done))
                }
                Err(PlayError::Refused(p)) => Ok(Err(p)),
                Err(other) => Err(other.into()),
            },
        )
        .await?;
    match outcome {
        Ok(done) => {
            flashes(&session, &done);
            Ok(see_other(&paths::tournament(c, done.tournament)))
        }
        Err(refused) => {
            let words = refused.iter().map(|p| problem_words(ctx.lang, p)).collect();
            let p = import_page(ctx, &state, c, &got, words).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
    }
}

/// What stops an upload before its file is read: no file, a file over the
/// limit, a start that does not read in the championship's zone `tz`; and
/// the start, in UTC, when one is given.
fn upload_problems(
    lang: Lang,
    got: &Received,
    tz: chrono_tz::Tz,
) -> (Option<chrono::NaiveDateTime>, Vec<String>) {
    let mut problems = Vec::new();
    if got.too_large {
        problems.push(
            Message::new(msg!("import-too-large"))
                .arg("max", MAX_TRF_BYTES)
                .render(lang),
        );
    } else if got.bytes.iter().all(u8::is_ascii_whitespace) {
        problems.push(lang.msg(msg!("import-no-file")));
    }
    let starts_at = match got.text("starts_at") {
        "" => None,
        typed => {
            let utc = utc_of_local(typed, tz);
            if utc.is_none() {
                problems.push(lang.msg(msg!("schedule-error-start")));
            }
            utc
        }
    };
    (starts_at, problems)
}

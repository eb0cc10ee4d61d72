//! Rating lists, read in by an administrator: FIDE's list uploaded as
//! FIDE publishes it (TXT or XML; a single list's speed said in the form),
//! matched by FIDE id to the people of the platform, or a national list as
//! CSV (matched by FIDE id, nick or full name); shown as a preview with
//! the lines that could not be read or matched named by number, and
//! written only when confirmed (`app::ratings`). The whole world's FIDE
//! list is read by `league ratings fide FILE` instead.

use actix_multipart::Multipart;
use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use chrono::NaiveDate;

use crate::app::PlayError;
use crate::app::ratings::{self as ops, MAX_PAGE_LIST_BYTES, RatingProblem, StagedList};
use crate::db;
use crate::i18n::{Lang, Message};
use crate::ids::RatingImportId;
use crate::msg;
use crate::paths;
use crate::rules::rating::Speed;
use crate::rules::rating::fide_list::{Carries, Layout};
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::guards::Admin;
use crate::web::infra::respond::{page, see_other};
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::infra::upload::{Received, receive};
use crate::words::ratings::{line_fault, problem_words};

/// A player of the list as the preview shows it.
pub struct Row {
    pub nick: String,
    pub person_url: String,
    pub fide_id: String,
    pub name_on_list: String,
    pub standard: String,
    pub rapid: String,
    pub blitz: String,
    pub national: String,
}

/// What the preview says of the list.
pub struct Preview {
    pub summary: String,
    /// A national list: one rating column instead of FIDE's three.
    pub national: bool,
    pub rows: Vec<Row>,
    /// "line 12: …", the lines left out.
    pub problems: Vec<String>,
    pub more_problems: Option<String>,
    pub confirm_url: Option<String>,
    pub confirmed: Option<String>,
}

#[derive(Template)]
#[template(path = "admin_ratings.html")]
pub struct RatingsPage {
    ctx: PageCtx,
    action: String,
    /// The kinds of list, (code, words, chosen).
    kinds: Vec<(&'static str, String, bool)>,
    speeds: Vec<(&'static str, String, bool)>,
    as_of: String,
    max_size: String,
    problems: Vec<String>,
    preview: Option<Preview>,
}

fn speed_key(speed: Speed) -> crate::i18n::MsgKey {
    match speed {
        Speed::Standard => msg!("ratings-speed-standard"),
        Speed::Rapid => msg!("ratings-speed-rapid"),
        Speed::Blitz => msg!("ratings-speed-blitz"),
    }
}

/// The kinds of list the form reads.
const KINDS: [&str; 2] = ["fide", "national"];

fn form_page(
    ctx: PageCtx,
    (kind, speed): (&str, Speed),
    as_of: String,
    problems: Vec<String>,
) -> RatingsPage {
    let speeds = Speed::ALL
        .iter()
        .map(|s| (s.code(), ctx.lang.msg(speed_key(*s)), *s == speed))
        .collect();
    let kinds = KINDS
        .iter()
        .map(|k| {
            let words = if *k == "national" {
                msg!("ratings-kind-national")
            } else {
                msg!("ratings-kind-fide")
            };
            (*k, ctx.lang.msg(words), *k == kind)
        })
        .collect();
    RatingsPage {
        kinds,
        action: paths::ADMIN_RATINGS.to_owned(),
        speeds,
        as_of,
        max_size: crate::words::size_words(ctx.lang, MAX_PAGE_LIST_BYTES as u64),
        problems,
        preview: None,
        ctx,
    }
}

/// `GET /admin/ratings`.
pub async fn form(ctx: PageCtx, Admin(_): Admin) -> Result<HttpResponse, AppError> {
    let today = db::utc_now().date().format("%Y-%m-01").to_string();
    page(
        StatusCode::OK,
        &form_page(ctx, ("fide", Speed::Standard), today, vec![]),
    )
}

/// `POST /admin/ratings` (multipart): reads the list and shows its preview.
pub async fn upload(
    ctx: PageCtx,
    Admin(me): Admin,
    state: web::Data<AppState>,
    payload: Multipart,
) -> Result<HttpResponse, AppError> {
    let got: Received = receive(
        payload,
        MAX_PAGE_LIST_BYTES as u64,
        &["kind", "speed", "as_of"],
    )
    .await?;
    let speed = Speed::from_code(got.text("speed")).unwrap_or(Speed::Standard);
    let kind = if got.text("kind") == "national" {
        "national"
    } else {
        "fide"
    };
    let as_of_text = got.text("as_of").to_owned();
    let as_of = NaiveDate::parse_from_str(as_of_text.trim(), "%Y-%m-%d").ok();
    let mut problems = Vec::new();
    if got.too_large {
        problems.push(problem_words(ctx.lang, &RatingProblem::TooLarge));
    } else if got.bytes.iter().all(u8::is_ascii_whitespace) {
        problems.push(ctx.lang.msg(msg!("ratings-error-no-file")));
    }
    if as_of.is_none() {
        problems.push(ctx.lang.msg(msg!("ratings-error-date")));
    }
    let Some(as_of) = as_of.filter(|_| problems.is_empty()) else {
        let p = form_page(ctx, (kind, speed), as_of_text, problems);
        return page(StatusCode::UNPROCESSABLE_ENTITY, &p);
    };
    let text = crate::rules::text::decode(&got.bytes);
    drop(got);
    let staged = state
        .db(move |conn| {
            let now = db::utc_now();
            let staged = if kind == "national" {
                ops::stage_national_list(conn, &text, as_of, me.id, now)
            } else {
                ops::stage_fide_list(conn, &text, speed, as_of, me.id, now)
            };
            Ok::<_, AppError>(match staged {
                Ok((id, _)) => Ok(id),
                Err(PlayError::Refused(ps)) => Err(ps),
                Err(other) => return Err(other.into()),
            })
        })
        .await?;
    match staged {
        Ok(id) => Ok(see_other(&paths::admin_rating_import(id))),
        Err(ps) => {
            let words = ps.iter().map(|p| problem_words(ctx.lang, p)).collect();
            let p = form_page(ctx, (kind, speed), as_of_text, words);
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
    }
}

fn rating_text(r: Option<u16>) -> String {
    r.map_or_else(|| "—".to_owned(), |r| r.to_string())
}

fn preview(
    lang: Lang,
    id: RatingImportId,
    row: &db::ratings::RatingImport,
    list: &StagedList,
    nicks: &std::collections::HashMap<crate::ids::PersonId, String>,
) -> Preview {
    let national = list.layout == Layout::NationalCsv;
    let layout = match list.layout {
        Layout::Txt => "TXT",
        Layout::Xml => "XML",
        Layout::NationalCsv => "CSV",
    };
    let carries = match (list.carries, national) {
        (_, true) => lang.msg(msg!("ratings-kind-national")),
        (Carries::Combined, false) => lang.msg(msg!("ratings-carries-combined")),
        (Carries::Single, false) => lang.msg(speed_key(list.speed)),
    };
    let summary = Message::new(msg!("ratings-preview-summary"))
        .arg("layout", layout)
        .arg("carries", carries)
        .arg("as_of", row.as_of.format("%Y-%m-%d").to_string())
        .arg("players", list.players_read)
        .arg("ours", list.rows.len())
        .render(lang);
    let rows = list
        .rows
        .iter()
        .map(|r| {
            let nick = nicks.get(&r.person).cloned().unwrap_or_default();
            Row {
                person_url: paths::person(&nick),
                nick,
                fide_id: r.fide_id.map_or_else(String::new, |id| id.to_string()),
                name_on_list: r.name_on_list.clone(),
                standard: rating_text(r.standard),
                rapid: rating_text(r.rapid),
                blitz: rating_text(r.blitz),
                national: rating_text(r.national),
            }
        })
        .collect();
    let problems = list
        .problems
        .iter()
        .map(|p| {
            Message::new(msg!("ratings-line-problem"))
                .arg("line", p.line)
                .arg("what", line_fault(lang, &p.fault))
                .render(lang)
        })
        .collect();
    let more = list.problem_count.saturating_sub(list.problems.len());
    Preview {
        summary,
        national,
        rows,
        problems,
        more_problems: (more > 0).then(|| {
            Message::new(msg!("ratings-more-problems"))
                .arg("count", more)
                .render(lang)
        }),
        confirm_url: row
            .confirmed_at
            .is_none()
            .then(|| paths::admin_rating_import_confirm(id)),
        confirmed: row.confirmed_at.map(|at| {
            Message::new(msg!("ratings-confirmed-at"))
                .arg("at", at.format("%Y-%m-%d %H:%M UTC").to_string())
                .render(lang)
        }),
    }
}

/// `GET /admin/ratings/{id}`: the preview of a list read.
pub async fn show(
    ctx: PageCtx,
    Admin(_): Admin,
    state: web::Data<AppState>,
    path: web::Path<RatingImportId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (row, list, nicks) = state
        .db(move |conn| {
            let (row, list) = ops::staged_list(conn, id)?.ok_or(AppError::NotFound)?;
            let people: Vec<_> = list.rows.iter().map(|r| r.person).collect();
            let nicks = db::people::nicks_of(conn, &people)?.into_iter().collect();
            Ok((row, list, nicks))
        })
        .await?;
    let lang = ctx.lang;
    let kind = if list.layout == Layout::NationalCsv {
        "national"
    } else {
        "fide"
    };
    let mut p = form_page(
        ctx,
        (kind, list.speed),
        row.as_of.format("%Y-%m-%d").to_string(),
        vec![],
    );
    p.preview = Some(preview(lang, id, &row, &list, &nicks));
    page(StatusCode::OK, &p)
}

/// `POST /admin/ratings/{id}/confirm`: writes the ratings the preview showed.
pub async fn confirm(
    Admin(me): Admin,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<RatingImportId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let done = state
        .db(move |conn| {
            Ok::<_, AppError>(match ops::confirm_list(conn, id, me.id, db::utc_now()) {
                Ok(n) => Ok(n),
                Err(PlayError::Refused(ps)) => Err(ps),
                Err(other) => return Err(other.into()),
            })
        })
        .await?;
    let s = AppSession(&session);
    match done {
        Ok(n) => s.flash(
            FlashLevel::Success,
            Message::new(msg!("ratings-written")).arg("count", n),
        ),
        Err(ps) => {
            for p in &ps {
                let key = match p {
                    RatingProblem::AlreadyConfirmed => msg!("ratings-error-confirmed"),
                    _ => msg!("ratings-error-generic"),
                };
                s.flash(FlashLevel::Error, key);
            }
        }
    }
    Ok(see_other(&paths::admin_rating_import(id)))
}

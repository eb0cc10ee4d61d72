//! Corporate series (seed R, R-3.4): the list, a series' table ranking
//! organizations by the points of every sport, and the organizers' forms —
//! create a series, add a sport (chess linked to a championship, or another
//! sport), type an organization's place in another sport.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::ctx::PageCtx;
use super::error::AppError;
use super::guards::{Official, Organizers, is_official};
use super::session::{AppSession, FlashLevel};
use super::{AppState, page, see_other};
use crate::db::{self, audit};
use crate::i18n::{Lang, Message, MsgKey};
use crate::ids::{ChampionshipId, OrganizationId};
use crate::msg;
use crate::rules::roster::name_key;
use crate::rules::series::SeriesGap;

pub fn series_url(id: i64) -> String {
    format!("/series/{id}")
}

#[derive(Template)]
#[template(path = "series/list.html")]
pub struct ListPage {
    ctx: PageCtx,
    rows: Vec<(String, String)>,
    can_create: bool,
    name: String,
    error: Option<String>,
}

async fn list_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    name: String,
    error: Option<String>,
) -> Result<ListPage, AppError> {
    let can_create = match &ctx.user {
        Some(u) => is_official::<Organizers>(state, u).await?,
        None => false,
    };
    let all = state.db(|conn| Ok(db::series::list(conn)?)).await?;
    Ok(ListPage {
        rows: all
            .into_iter()
            .map(|s| (series_url(s.id), s.name))
            .collect(),
        can_create,
        name,
        error,
        ctx,
    })
}

/// `GET /series`.
pub async fn list(ctx: PageCtx, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let p = list_page(ctx, &state, String::new(), None).await?;
    page(StatusCode::OK, &p)
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct NameForm {
    name: String,
}

fn clean_name(s: &str) -> Result<String, MsgKey> {
    let name = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        Err(msg!("error-required"))
    } else if name.chars().count() > 100 {
        Err(msg!("error-name-length"))
    } else {
        Ok(name)
    }
}

/// `POST /series` (organizers): a new series.
pub async fn create(
    req: HttpRequest,
    ctx: PageCtx,
    official: Official<Organizers>,
    state: web::Data<AppState>,
    form: web::Form<NameForm>,
) -> Result<HttpResponse, AppError> {
    let typed = form.name.clone();
    let (by, ip) = (official.user.id, state.client_ip(&req));
    let outcome = match clean_name(&typed) {
        Err(e) => Err(e),
        Ok(name) => {
            state
                .db(move |conn| {
                    db::write_transaction(conn, |conn| {
                        let key = name_key(&name);
                        if db::series::by_key(conn, &key)?.is_some() {
                            return Ok(Err(msg!("series-taken")));
                        }
                        let id = db::series::create(conn, &name, &key, by, db::utc_now())?;
                        audit::Entry::new("series.create", format!("series:{id}"))
                            .actor(by)
                            .detail(name.clone())
                            .ip(&ip)
                            .record(conn)?;
                        Ok(Ok(id))
                    })
                })
                .await?
        }
    };
    match outcome {
        Ok(id) => Ok(see_other(&series_url(id))),
        Err(key) => {
            let error = Some(ctx.lang.msg(key));
            let p = list_page(ctx, &state, typed, error).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
    }
}

pub struct RowView {
    pub place: String,
    pub organization: String,
    /// Per sport: "place · points", or empty.
    pub sports: Vec<String>,
    pub total: String,
    pub why: String,
}

#[derive(Template)]
#[template(path = "series/show.html")]
pub struct ShowPage {
    ctx: PageCtx,
    name: String,
    sports: Vec<(String, bool)>,
    rows: Vec<RowView>,
    can_edit: bool,
    sport_url: String,
    place_url: String,
    other_sports: Vec<(i64, String)>,
    organizations: Vec<(i64, String)>,
    championships: Vec<(i64, String)>,
    error: Option<String>,
    /// The table as CSV and JSON.
    downloads: super::exports::DownloadLinks,
}

fn gap_words(lang: Lang, gap: Option<SeriesGap>) -> String {
    match gap {
        None => String::new(),
        Some(SeriesGap::Total { ahead, behind }) => Message::new(msg!("series-gap-total"))
            .arg("ahead", ahead)
            .arg("behind", behind)
            .render(lang),
        Some(SeriesGap::Shared { total }) => Message::new(msg!("series-gap-shared"))
            .arg("total", total)
            .render(lang),
    }
}

async fn show_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    id: i64,
    error: Option<String>,
) -> Result<ShowPage, AppError> {
    let can_edit = match &ctx.user {
        Some(u) => is_official::<Organizers>(state, u).await?,
        None => false,
    };
    let (table, championships) = state
        .db(move |conn| {
            let table = crate::play::series::load(conn, id)?.ok_or(AppError::NotFound)?;
            let championships = db::championships::list(conn)?
                .into_iter()
                .map(|c| (c.id, c.name))
                .collect::<Vec<_>>();
            Ok((table, championships))
        })
        .await?;
    let lang = ctx.lang;
    let rows = table
        .rows
        .iter()
        .map(|r| RowView {
            place: r.place.to_string(),
            organization: table
                .organizations
                .get(&r.organization)
                .cloned()
                .unwrap_or_default(),
            sports: r
                .sports
                .iter()
                .map(|s| {
                    s.as_ref()
                        .map(|s| format!("{} · {}", s.place, s.points))
                        .unwrap_or_default()
                })
                .collect(),
            total: r.total.to_string(),
            why: gap_words(lang, r.gap),
        })
        .collect();
    Ok(ShowPage {
        name: table.series.name.clone(),
        sports: table
            .sports
            .iter()
            .map(|s| (s.name.clone(), s.championship_id.is_some()))
            .collect(),
        rows,
        can_edit,
        sport_url: format!("{}/sports", series_url(id)),
        place_url: format!("{}/places", series_url(id)),
        other_sports: table
            .sports
            .iter()
            .filter(|s| s.championship_id.is_none())
            .map(|s| (s.id, s.name.clone()))
            .collect(),
        organizations: table.organizations.into_iter().collect(),
        championships,
        error,
        downloads: super::exports::DownloadLinks::series(id),
        ctx,
    })
}

/// `GET /series/{id}`: the table (public).
pub async fn show(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let p = show_page(ctx, &state, path.into_inner(), None).await?;
    page(StatusCode::OK, &p)
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct SportForm {
    name: String,
    /// A championship id for chess; empty for another sport.
    championship: String,
}

/// `POST /series/{id}/sports` (organizers).
pub async fn add_sport(
    ctx: PageCtx,
    official: Official<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
    form: web::Form<SportForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let by = official.user.id;
    let championship = form.championship.trim().parse::<i64>().ok();
    let outcome = match clean_name(&form.name) {
        Err(e) => Err(e),
        Ok(name) => {
            state
                .db(move |conn| {
                    db::write_transaction(conn, |conn| {
                        db::series::by_id(conn, id)?.ok_or(AppError::NotFound)?;
                        if db::series::sports_of(conn, id)?
                            .iter()
                            .any(|s| name_key(&s.name) == name_key(&name))
                        {
                            return Ok(Err(msg!("series-sport-taken")));
                        }
                        if let Some(c) = championship
                            && db::championships::by_id(conn, ChampionshipId(c))?.is_none()
                        {
                            return Ok(Err(msg!("series-unknown-championship")));
                        }
                        let sport = db::series::add_sport(
                            conn,
                            id,
                            &name,
                            championship.map(ChampionshipId),
                            db::utc_now(),
                        )?;
                        audit::Entry::new("series.sport", format!("series:{id}"))
                            .actor(by)
                            .detail(format!("sport {sport}: {name}"))
                            .record(conn)?;
                        Ok(Ok(()))
                    })
                })
                .await?
        }
    };
    after(
        ctx,
        &state,
        &session,
        id,
        outcome,
        msg!("series-sport-added"),
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct PlaceForm {
    sport: String,
    organization: String,
    place: String,
}

/// `POST /series/{id}/places` (organizers): an organization's place in a
/// sport other than chess; the same number for a tie.
pub async fn set_place(
    ctx: PageCtx,
    official: Official<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<i64>,
    form: web::Form<PlaceForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let by = official.user.id;
    let sport = form.sport.trim().parse::<i64>().ok();
    let organization = form.organization.trim().parse::<i64>().ok();
    let place = form.place.trim().parse::<i32>().ok().filter(|p| *p >= 1);
    let outcome = match (sport, organization, place) {
        (_, _, None) => Err(msg!("series-bad-place")),
        (Some(sport), Some(org), Some(place)) => {
            state
                .db(move |conn| {
                    db::write_transaction(conn, |conn| {
                        db::series::by_id(conn, id)?.ok_or(AppError::NotFound)?;
                        let Some(s) = db::series::sports_of(conn, id)?
                            .into_iter()
                            .find(|s| s.id == sport)
                        else {
                            return Ok(Err(msg!("series-unknown-sport")));
                        };
                        if s.championship_id.is_some() {
                            return Ok(Err(msg!("series-chess-places")));
                        }
                        if db::organizations::by_id(conn, OrganizationId(org))?.is_none() {
                            return Ok(Err(msg!("team-error-organization-unknown")));
                        }
                        db::series::set_place(
                            conn,
                            sport,
                            OrganizationId(org),
                            place,
                            by,
                            db::utc_now(),
                        )?;
                        audit::Entry::new("series.place", format!("series:{id}"))
                            .actor(by)
                            .detail(format!("{}: organization {org} place {place}", s.name))
                            .record(conn)?;
                        Ok(Ok(()))
                    })
                })
                .await?
        }
        _ => Err(msg!("series-unknown-sport")),
    };
    after(ctx, &state, &session, id, outcome, msg!("series-place-set")).await
}

async fn after(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    session: &Session,
    id: i64,
    outcome: Result<(), MsgKey>,
    done: MsgKey,
) -> Result<HttpResponse, AppError> {
    match outcome {
        Ok(()) => {
            AppSession(session).flash(FlashLevel::Success, done);
            Ok(see_other(&series_url(id)))
        }
        Err(key) => {
            let error = Some(ctx.lang.msg(key));
            let p = show_page(ctx, state, id, error).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
    }
}

//! A championship's API tokens: its organizers make a
//! token for a game server (the token is shown once, in the answer to the
//! POST that made it; only its hash is stored, never the token itself, not
//! even for the moment between a redirect and the next page), see who made
//! each and when it was last used, and revoke it.
//! A token acts for the person who made it, on this championship only
//! (`app::api_tokens`).

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use chrono::NaiveDateTime;
use serde::Deserialize;

use crate::app::access::Judges;
use crate::app::access::Organizers;
use crate::app::access::holds;
use crate::app::api_tokens;
use crate::db;
use crate::i18n::{Message, MsgKey};
use crate::ids::{ChampionshipId, PersonId};
use crate::msg;
use crate::paths;
use crate::paths::segments::TokenPath;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{Form, TextRules};
use crate::web::infra::guards::Staff;
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, Flash, FlashLevel};

/// The longest token name.
const NAME_MAX: usize = 60;

pub struct TokenRow {
    pub name: String,
    pub owner: String,
    pub created: String,
    pub last_used: Option<String>,
    /// "revoked … by …", or `None` while the token works.
    pub revoked: Option<String>,
    pub revoke_url: String,
}

#[derive(Template)]
#[template(path = "championships/api_tokens.html")]
pub struct TokensPage {
    ctx: PageCtx,
    championship: String,
    championship_url: String,
    action: String,
    tokens: Vec<TokenRow>,
    /// The token just made, shown this once.
    new_token: Option<String>,
    name: String,
    error: Option<String>,
    /// Whether the viewer's tokens can record results (a judge or admin).
    can_record: bool,
    spec_url: String,
}

fn local(tz: chrono_tz::Tz, at: NaiveDateTime) -> String {
    crate::app::zones::with_offset(tz, at, "%Y-%m-%d %H:%M")
}

async fn tokens_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    viewer: (PersonId, bool),
    name: String,
    error: Option<String>,
    new_token: Option<String>,
) -> Result<TokensPage, AppError> {
    let (championship, tokens, nicks, can_record) = state
        .db(move |conn| {
            let championship = db::championships::by_id(conn, c)?.ok_or(AppError::NotFound)?;
            let tokens = db::api_tokens::of_championship(conn, c)?;
            let people: Vec<PersonId> = tokens
                .iter()
                .flat_map(|t| [Some(t.created_by), t.revoked_by])
                .flatten()
                .collect();
            let nicks: std::collections::HashMap<PersonId, String> =
                db::people::nicks_of(conn, &people)?.into_iter().collect();
            let can_record = holds::<Judges>(conn, Some(viewer), c)?;
            Ok((championship, tokens, nicks, can_record))
        })
        .await?;
    let tz = championship.tz();
    let nick = |id: Option<PersonId>| {
        id.and_then(|i| nicks.get(&i).cloned())
            .unwrap_or_else(|| "—".to_owned())
    };
    let rows = tokens
        .iter()
        .map(|t| TokenRow {
            name: t.name.clone(),
            owner: nick(Some(t.created_by)),
            created: local(tz, t.created_at),
            last_used: t.last_used_at.map(|at| local(tz, at)),
            revoked: t.revoked_at.map(|at| {
                Message::new(msg!("api-tokens-revoked"))
                    .arg("at", local(tz, at))
                    .arg("by", nick(t.revoked_by))
                    .render(ctx.lang)
            }),
            revoke_url: paths::api_token_revoke(c, t.id),
        })
        .collect();
    Ok(TokensPage {
        championship: championship.name.clone(),
        championship_url: paths::championship(c),
        action: paths::api_tokens(c),
        tokens: rows,
        new_token,
        name,
        error,
        can_record,
        spec_url: crate::paths::API_DOCUMENT.to_owned(),
        ctx,
    })
}

/// A page that may show a secret is never stored by a cache.
fn no_store(mut res: HttpResponse) -> HttpResponse {
    res.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    res
}

/// `GET /championships/{c}/api-tokens` (organizers).
pub async fn show(
    ctx: PageCtx,
    staff: Staff<Organizers>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let viewer = (staff.user.id, staff.user.is_admin);
    let p = tokens_page(
        ctx,
        &state,
        staff.championship,
        viewer,
        String::new(),
        None,
        None,
    )
    .await?;
    Ok(no_store(page(StatusCode::OK, &p)?))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct NameForm {
    name: String,
}

impl TextRules for NameForm {}

/// A token's name: what the organizer will recognise it by.
fn clean_name(s: &str) -> Result<String, MsgKey> {
    let name = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        Err(msg!("error-required"))
    } else if name.chars().count() > NAME_MAX {
        Err(msg!("api-token-name-length"))
    } else {
        Ok(name)
    }
}

/// `POST /championships/{c}/api-tokens` (organizers): a new token, shown
/// once in this answer (200, not stored by any cache). No redirect: a
/// secret that had to ride across one would sit in the session's row.
pub async fn create(
    req: HttpRequest,
    ctx: PageCtx,
    staff: Staff<Organizers>,
    state: web::Data<AppState>,
    form: Form<NameForm>,
) -> Result<HttpResponse, AppError> {
    let (form, text) = form.into_parts();
    let c = staff.championship;
    let viewer = (staff.user.id, staff.user.is_admin);
    let cleaned = match text.first() {
        Some((_, problem)) => Err(problem.clone()),
        None => clean_name(&form.name).map_err(Message::new),
    };
    let name = match cleaned {
        Ok(name) => name,
        Err(message) => {
            let error = Some(ctx.render(&message));
            let p = tokens_page(ctx, &state, c, viewer, form.name.clone(), error, None).await?;
            return Ok(no_store(page(StatusCode::UNPROCESSABLE_ENTITY, &p)?));
        }
    };
    let (by, ip) = (staff.user.id, state.client_ip(&req));
    let stored_name = name.clone();
    let made = state
        .db(move |conn| {
            Ok(api_tokens::create(
                conn,
                c,
                &stored_name,
                by,
                &ip,
                db::utc_now(),
            )?)
        })
        .await?;
    let mut ctx = ctx;
    ctx.flashes.push(Flash {
        level: FlashLevel::Success,
        message: Message::new(msg!("api-token-created")).arg("name", &name),
    });
    let p = tokens_page(
        ctx,
        &state,
        c,
        viewer,
        String::new(),
        None,
        Some(made.token),
    )
    .await?;
    Ok(no_store(page(StatusCode::OK, &p)?))
}

/// `POST /championships/{c}/api-tokens/{id}/revoke` (organizers): the
/// token stops working at once.
pub async fn revoke(
    req: HttpRequest,
    staff: Staff<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<TokenPath>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let id = path.token_id;
    let (by, ip) = (staff.user.id, state.client_ip(&req));
    let (name, revoked) = state
        .db(move |conn| Ok(api_tokens::revoke(conn, c, id, by, &ip, db::utc_now())?))
        .await?;
    let (level, key) = if revoked {
        (FlashLevel::Success, msg!("api-token-revoked"))
    } else {
        (FlashLevel::Info, msg!("api-token-already-revoked"))
    };
    AppSession(&session).flash(level, Message::new(key).arg("name", name));
    Ok(see_other(&paths::api_tokens(c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_name_is_trimmed_and_bounded() {
        assert_eq!(
            clean_name("  game   server 1 "),
            Ok("game server 1".to_owned())
        );
        assert_eq!(clean_name("   "), Err(msg!("error-required")));
        assert_eq!(clean_name(&"x".repeat(60)), Ok("x".repeat(60)));
        assert_eq!(
            clean_name(&"я".repeat(61)),
            Err(msg!("api-token-name-length"))
        );
    }
}

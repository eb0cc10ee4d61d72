//! The platform administrator's pages.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::app::PlayError;
use crate::app::admin::{self as app_admin, AdminProblem};
use crate::app::sessions as app_sessions;
use crate::db::{audit, people};
use crate::ids::PersonId;
use crate::msg;
use crate::paths;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{Form, TextRules};
use crate::web::infra::guards::Admin;
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};

pub struct PersonRow {
    pub id: PersonId,
    pub nick: String,
    pub full_name: String,
    pub email: String,
    pub is_admin: bool,
    pub toggle_url: String,
    /// Signed-in sessions the person has now.
    pub sessions: i64,
    pub sign_out_url: String,
}

pub struct AuditRow {
    pub at: String,
    pub actor: String,
    pub action: String,
    /// The stored code, for those who search the log.
    pub code: String,
    pub subject: String,
    pub detail: String,
}

#[derive(Template)]
#[template(path = "admin.html")]
pub struct AdminPage {
    ctx: PageCtx,
    me: PersonId,
    total: i64,
    people: Vec<PersonRow>,
    audit: Vec<AuditRow>,
}

/// How many accounts and audit lines the dashboard lists.
const LIST_LIMIT: i64 = 200;

pub async fn dashboard(
    ctx: PageCtx,
    Admin(me): Admin,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let (total, list, log, nicks, sessions) = state
        .db(|conn| {
            let log = audit::recent(conn, 50)?;
            let nicks = audit::actor_nicks(conn, &log)?;
            Ok((
                people::count(conn)?,
                people::list(conn, LIST_LIMIT, 0)?,
                log,
                nicks,
                app_sessions::counts(conn)?,
            ))
        })
        .await?;
    let nick_of = |id: Option<PersonId>| {
        id.map(|id| nicks.get(&id).cloned().unwrap_or_else(|| format!("#{id}")))
            .unwrap_or_default()
    };
    let audit = log
        .iter()
        .map(|e| AuditRow {
            at: e.at.format("%Y-%m-%d %H:%M:%S UTC").to_string(),
            actor: nick_of(e.actor_id),
            action: crate::words::audit_action(ctx.lang, &e.action),
            code: e.action.clone(),
            subject: e.subject.clone(),
            detail: e.detail_in(ctx.lang),
        })
        .collect();
    let people = list
        .into_iter()
        .map(|p| PersonRow {
            id: p.id,
            toggle_url: paths::admin_person_admin(p.id),
            sessions: sessions.get(&p.id).copied().unwrap_or(0),
            sign_out_url: paths::admin_person_sign_out(p.id),
            nick: p.nick,
            full_name: p.full_name,
            email: p.email.unwrap_or_default(),
            is_admin: p.is_admin,
        })
        .collect();
    page(
        StatusCode::OK,
        &AdminPage {
            ctx,
            me: me.id,
            total,
            people,
            audit,
        },
    )
}

#[derive(Deserialize)]
pub struct SetAdminForm {
    admin: bool,
}

impl TextRules for SetAdminForm {}

/// `POST /admin/people/{id}/admin`: grants or removes platform admin rights.
/// An admin cannot remove their own rights (the platform would be left
/// without anyone able to give them back).
pub async fn set_admin(
    req: HttpRequest,
    Admin(me): Admin,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<PersonId>,
    form: Form<SetAdminForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let target = path.into_inner();
    let s = AppSession(&session);
    let admin = form.admin;
    let ip = state.client_ip(&req);
    let outcome = state
        .db(move |conn| Ok(app_admin::set_admin(conn, me.id, target, admin, &ip)))
        .await?;
    match outcome {
        Ok(()) => s.flash(FlashLevel::Success, msg!("admin-saved")),
        Err(PlayError::Refused(problems)) => {
            for problem in problems {
                match problem {
                    AdminProblem::DemoteSelf => {
                        s.flash(FlashLevel::Error, msg!("admin-cannot-demote-self"))
                    }
                }
            }
        }
        Err(e) => return Err(e.into()),
    }
    Ok(see_other(paths::ADMIN))
}

/// `POST /admin/people/{id}/sign-out`: ends every session of the person on
/// the server (a lost phone, a shared computer, a suspected break-in).
pub async fn sign_out_everywhere(
    req: HttpRequest,
    Admin(me): Admin,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<PersonId>,
) -> Result<HttpResponse, AppError> {
    let target = path.into_inner();
    let ip = state.client_ip(&req);
    let found = state
        .db(move |conn| Ok(people::by_id(conn, target)?))
        .await?
        .ok_or(AppError::NotFound)?;
    let ended = state
        .db(move |conn| Ok(app_sessions::end_all(conn, target, me.id, &ip)?))
        .await?;
    AppSession(&session).flash(
        FlashLevel::Success,
        crate::i18n::Message::new(msg!("admin-signed-out"))
            .arg("nick", found.nick)
            .arg("count", ended as i64),
    );
    Ok(see_other(paths::ADMIN))
}

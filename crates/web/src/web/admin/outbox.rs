//! `GET /outbox`: the e-mail outbox for platform administrators (every
//! message) and organizers (the messages of the championships they
//! organize); `POST /outbox/{id}/resend` puts a failed message back in the
//! queue. `POST /account/notices`: a person's opt-outs of the optional
//! notice kinds (the checkboxes on the account page);
//! `POST /account/notices/opt-in`: the kinds sent only on request
//! (regulation changes to members of approved teams).

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use crate::app::PlayError;
use crate::app::access::Organizers;
use crate::app::outbox::{self as app_outbox, ResendProblem};
use crate::db::{self, outbox};
use crate::ids::{OutboxId, PersonId};
use crate::mail::Kind;
use crate::msg;
use crate::paths;
use crate::read::outbox::{Listed, OutboxList};
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::Form;
use crate::web::infra::guards::{Official, SignedIn};
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};

use crate::paths::OUTBOX;

/// The most rows the page shows.
const SHOWN: i64 = 500;

pub struct Row {
    pub id: OutboxId,
    pub created: String,
    pub to: String,
    pub kind: String,
    pub subject: String,
    pub status: String,
    pub status_label: String,
    pub attempts: i32,
    pub error: String,
    pub resend_url: Option<String>,
}

#[derive(Template)]
#[template(path = "outbox.html")]
pub struct OutboxPage {
    ctx: PageCtx,
    /// Failed, waiting, sent: (heading key, rows).
    sections: Vec<(&'static str, Vec<Row>)>,
}

fn status_label(status: &str) -> crate::i18n::MsgKey {
    match status {
        outbox::SENT => msg!("outbox-status-sent"),
        outbox::FAILED => msg!("outbox-status-failed"),
        outbox::SENDING => msg!("outbox-status-sending"),
        _ => msg!("outbox-status-pending"),
    }
}

pub async fn outbox_page(
    ctx: PageCtx,
    official: Official<Organizers>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let (person, admin) = (official.user.id, official.user.is_admin);
    let list = state
        .db(move |conn| Ok(OutboxList::load(conn, person, admin, SHOWN)?))
        .await?;
    let (mut pending, mut failed, mut sent) = (Vec::new(), Vec::new(), Vec::new());
    for Listed { row: r, tz } in list.mails {
        let row = Row {
            id: r.id,
            created: crate::app::zones::with_offset(tz, r.created_at, "%Y-%m-%d %H:%M"),
            to: r.address,
            kind: Kind::parse(&r.kind)
                .map(|k| ctx.lang.msg(k.label()))
                .unwrap_or(r.kind),
            subject: r.subject,
            status_label: ctx.lang.msg(status_label(&r.status)),
            attempts: r.attempts,
            error: r.last_error.unwrap_or_default(),
            resend_url: (r.status == outbox::FAILED)
                .then(|| crate::paths::fill1(crate::paths::OUTBOX_RESEND, r.id)),
            status: r.status,
        };
        match row.status.as_str() {
            outbox::SENT => sent.push(row),
            outbox::FAILED => failed.push(row),
            _ => pending.push(row),
        }
    }
    page(
        StatusCode::OK,
        &OutboxPage {
            ctx,
            sections: vec![
                ("outbox-status-failed", failed),
                ("outbox-status-pending", pending),
                ("outbox-status-sent", sent),
            ],
        },
    )
}

pub async fn resend(
    req: HttpRequest,
    official: Official<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<OutboxId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (person, admin) = (official.user.id, official.user.is_admin);
    let ip = state.client_ip(&req);
    let outcome = state
        .db(move |conn| {
            Ok(app_outbox::resend(
                conn,
                id,
                person,
                admin,
                &ip,
                db::utc_now(),
            ))
        })
        .await?;
    let flash = AppSession(&session);
    match outcome {
        Ok(()) => flash.flash(FlashLevel::Success, msg!("outbox-resent")),
        Err(PlayError::Refused(problems)) => {
            for problem in problems {
                match problem {
                    ResendProblem::NotFailed => {
                        flash.flash(FlashLevel::Error, msg!("outbox-not-failed"))
                    }
                }
            }
        }
        Err(e) => return Err(e.into()),
    }
    Ok(see_other(OUTBOX))
}

/// `POST /outbox/resend-failed`: every failed message the official sees
/// back in the queue, once each.
pub async fn resend_failed(
    req: HttpRequest,
    official: Official<Organizers>,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, AppError> {
    let (person, admin) = (official.user.id, official.user.is_admin);
    let ip = state.client_ip(&req);
    let n = state
        .db(move |conn| {
            Ok(app_outbox::resend_all_failed(
                conn,
                person,
                admin,
                &ip,
                db::utc_now(),
            ))
        })
        .await?
        .map_err(AppError::from)?;
    AppSession(&session).flash(
        FlashLevel::Success,
        crate::i18n::Message::new(msg!("outbox-resent-all")).arg("count", n),
    );
    Ok(see_other(OUTBOX))
}

/// One optional kind on the account page: checked when the person gets it.
pub struct NoticeChoice {
    pub kind: &'static str,
    pub label: String,
    pub on: bool,
}

/// The account page's checkboxes for `person`.
pub fn notice_choices(
    conn: &mut db::DbConnection,
    person: PersonId,
    lang: crate::i18n::Lang,
) -> Result<Vec<NoticeChoice>, AppError> {
    let off = outbox::optouts(conn, person)?;
    Ok(crate::app::outbox::offered_kinds(conn, person)?
        .into_iter()
        .map(|k| NoticeChoice {
            kind: k.as_str(),
            label: lang.msg(k.label()),
            on: !off.iter().any(|o| o == k.as_str()),
        })
        .collect())
}

/// The account page's checkboxes of the opt-in kinds for `person`:
/// checked when the person asked for the kind.
pub fn opt_in_choices(
    conn: &mut db::DbConnection,
    person: PersonId,
    lang: crate::i18n::Lang,
) -> Result<Vec<NoticeChoice>, AppError> {
    let on = outbox::optins(conn, person)?;
    Ok(Kind::opt_in_kinds()
        .map(|k| NoticeChoice {
            kind: k.as_str(),
            label: lang.msg(k.label()),
            on: on.iter().any(|o| o == k.as_str()),
        })
        .collect())
}

/// `POST /account/notices/opt-in`: the ticked opt-in kinds are wanted,
/// the others not. Unknown values are ignored.
pub async fn save_opt_ins(
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    form: Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let wanted = ticked(form.into_inner()?);
    let person = user.id;
    state
        .db(move |conn| Ok(app_outbox::set_opt_ins(conn, person, &wanted)?))
        .await?;
    AppSession(&session).flash(FlashLevel::Success, msg!("notices-saved"));
    Ok(see_other(&format!("{}#notices-opt-in", paths::ACCOUNT)))
}

/// The values of the form's ticked `kind` boxes.
fn ticked(form: Vec<(String, String)>) -> Vec<String> {
    form.into_iter()
        .filter(|(k, _)| k == "kind")
        .map(|(_, v)| v)
        .collect()
}

/// `POST /account/notices`: the ticked kinds are wanted, the other
/// optional kinds are opted out of. Unknown values are ignored.
pub async fn save_notices(
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    form: Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let wanted = ticked(form.into_inner()?);
    let person = user.id;
    state
        .db(move |conn| Ok(app_outbox::set_notices(conn, person, &wanted)?))
        .await?;
    AppSession(&session).flash(FlashLevel::Success, msg!("notices-saved"));
    Ok(see_other(paths::ACCOUNT))
}

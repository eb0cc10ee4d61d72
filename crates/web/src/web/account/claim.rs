//! `GET/POST /claim/{token}`: a person takes over the record a captain,
//! representative or organizer entered for them, by choosing a password
//! (`app::claims`); the browser is signed in as them afterwards.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use crate::app::PlayError;
use crate::app::accounts::{NewPassword, hash_password};
use crate::app::claims::{self, ClaimProblem};
use crate::db;
use crate::i18n::{Message, MsgKey};
use crate::msg;
use crate::paths;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{Field, FieldErrors, Form, FormPage, TextRules};
use crate::web::infra::respond::{page, see_other};
use crate::web::infra::session::{AppSession, FlashLevel};

#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct ClaimForm {
    password: String,
    password_confirm: String,
}

impl TextRules for ClaimForm {
    const LONG_LINES: &'static [(&'static str, usize)] =
        &[("password", 1_000), ("password_confirm", 1_000)];
}

/// What the page says about the record: whose it is and the address the
/// account will have.
struct Whose {
    full_name: String,
    nick: String,
    email: String,
}

fn problem_key(p: &ClaimProblem) -> MsgKey {
    match p {
        ClaimProblem::AlreadyAccount => msg!("claim-already-account"),
        ClaimProblem::Used => msg!("claim-used"),
        ClaimProblem::Expired => msg!("claim-expired"),
        ClaimProblem::EmailTaken => msg!("error-email-taken"),
        ClaimProblem::SignedInAsOther => msg!("claim-signed-in-as-other"),
    }
}

/// A link that cannot be used: the error page in words, or not found.
fn dead_link(e: PlayError<ClaimProblem>) -> AppError {
    match e {
        PlayError::Refused(problems) => problems
            .first()
            .map_or(AppError::NotFound, |p| AppError::BadRequest(problem_key(p))),
        PlayError::Db(e) => e.into(),
        PlayError::NotFound | PlayError::Forbidden => AppError::NotFound,
    }
}

fn claim_form(ctx: PageCtx, token: &str, whose: &Whose, errors: &FieldErrors) -> FormPage {
    FormPage {
        title: ctx.t("claim-title"),
        intro: Some(
            ctx.render(
                &Message::new(msg!("claim-intro"))
                    .arg("name", &whose.full_name)
                    .arg("nick", &whose.nick)
                    .arg("email", &whose.email),
            ),
        ),
        action: paths::claim(token),
        fields: vec![
            Field::new(&ctx, "password", msg!("field-password"), "password")
                .autocomplete("new-password")
                .errors(&ctx, errors),
            Field::new(
                &ctx,
                "password_confirm",
                msg!("field-password-confirm"),
                "password",
            )
            .autocomplete("new-password")
            .errors(&ctx, errors),
        ],
        hidden: Vec::new(),
        submit: ctx.t("claim-submit"),
        error: None,
        links: Vec::new(),
        ctx,
    }
}

async fn whose(state: &web::Data<AppState>, token: String) -> Result<Whose, AppError> {
    let open = state
        .db(move |conn| Ok(claims::open(conn, &token, db::utc_now())))
        .await?
        .map_err(dead_link)?;
    Ok(Whose {
        full_name: open.person.full_name,
        nick: open.person.nick,
        email: open.link.email,
    })
}

/// `GET /claim/{token}`.
pub async fn show(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let whose = whose(&state, token.clone()).await?;
    if let Some(me) = &ctx.user
        && me.nick != whose.nick
    {
        return Err(AppError::BadRequest(msg!("claim-signed-in-as-other")));
    }
    page(
        StatusCode::OK,
        &claim_form(ctx, &token, &whose, &FieldErrors::default()),
    )
}

/// `POST /claim/{token}`: the password chosen; the account is made and
/// this browser signed in.
pub async fn claim(
    req: HttpRequest,
    ctx: PageCtx,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
    form: Form<ClaimForm>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let whose = whose(&state, token.clone()).await?;
    let (form, mut errors) = form.into_parts();
    let personal = [
        whose.nick.as_str(),
        whose.full_name.as_str(),
        whose.email.as_str(),
    ];
    let password = errors.check("password", NewPassword::parse(&form.password, &personal));
    if form.password != form.password_confirm {
        errors.add("password_confirm", msg!("error-password-mismatch"));
    }
    let password = match password {
        Some(p) if errors.is_empty() => p,
        _ => {
            return page(
                StatusCode::UNPROCESSABLE_ENTITY,
                &claim_form(ctx, &token, &whose, &errors),
            );
        }
    };
    let hash = web::block(move || hash_password(&password))
        .await?
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let ip = state.client_ip(&req);
    let signed_in = ctx.user.as_ref().map(|u| u.id);
    let claimed = state
        .db(move |conn| {
            Ok(claims::claim(
                conn,
                &token,
                &hash,
                signed_in,
                &ip,
                db::utc_now(),
            ))
        })
        .await?
        .map_err(dead_link)?;
    let s = AppSession(&session);
    s.sign_in(claimed.person, claimed.auth_version, ctx.lang);
    s.flash(FlashLevel::Success, msg!("claim-done"));
    Ok(see_other(paths::ACCOUNT))
}

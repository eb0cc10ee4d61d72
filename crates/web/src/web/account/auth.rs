//! Sign-up, login, logout, the account page and password change.

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::{Deserialize, Serialize};

use crate::app::PlayError;
use crate::app::accounts::{
    self, AccountProblem, Email, FullName, LoginProblem, MIN_PASSWORD_CHARS, NewPassword, Nick,
    hash_password, verify_password,
};
use crate::db::people;
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::paths;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::{CurrentUser, PageCtx};
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{Field, FieldErrors, Form, FormPage, TextRules};
use crate::web::infra::guards::SignedIn;
use crate::web::infra::prg;
use crate::web::infra::respond::local_path;
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};

// ---------------------------------------------------------------- sign-up

#[derive(Deserialize, Serialize, Clone, Default)]
#[serde(default)]
pub struct SignupForm {
    nick: String,
    full_name: String,
    email: String,
    password: String,
    password_confirm: String,
}

impl TextRules for SignupForm {
    const LONG_LINES: &'static [(&'static str, usize)] =
        &[("password", 1_000), ("password_confirm", 1_000)];
}

/// A sign-up that passed every check of its own fields.
struct NewAccount {
    nick: Nick,
    full_name: FullName,
    email: Email,
    password: NewPassword,
}

impl TryFrom<&SignupForm> for NewAccount {
    type Error = FieldErrors;

    fn try_from(form: &SignupForm) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::default();
        let nick = errors.check("nick", Nick::parse(&form.nick));
        let full_name = errors.check("full_name", FullName::parse(&form.full_name));
        let email = errors.check("email", Email::parse(&form.email));
        let personal = [
            form.nick.as_str(),
            form.full_name.as_str(),
            form.email.as_str(),
        ];
        let password = errors.check("password", NewPassword::parse(&form.password, &personal));
        if form.password != form.password_confirm {
            errors.add("password_confirm", msg!("error-password-mismatch"));
        }
        match (nick, full_name, email, password) {
            (Some(nick), Some(full_name), Some(email), Some(password)) if errors.is_empty() => {
                Ok(NewAccount {
                    nick,
                    full_name,
                    email,
                    password,
                })
            }
            _ => Err(errors),
        }
    }
}

fn signup_form(ctx: PageCtx, form: &SignupForm, errors: &FieldErrors) -> FormPage {
    let fields = vec![
        Field::new(&ctx, "nick", msg!("field-nick"), "text")
            .value(&form.nick)
            .autocomplete("username")
            .hint(ctx.t("hint-nick")),
        Field::new(&ctx, "full_name", msg!("field-full-name"), "text")
            .value(&form.full_name)
            .autocomplete("name"),
        Field::new(&ctx, "email", msg!("field-email"), "email")
            .value(&form.email)
            .autocomplete("email"),
        Field::new(&ctx, "password", msg!("field-password"), "password")
            .autocomplete("new-password")
            .hint(ctx.t1("hint-password", "min", MIN_PASSWORD_CHARS)),
        Field::new(
            &ctx,
            "password_confirm",
            msg!("field-password-confirm"),
            "password",
        )
        .autocomplete("new-password"),
    ]
    .into_iter()
    .map(|f| f.errors(&ctx, errors))
    .collect();
    FormPage {
        title: ctx.t("signup-title"),
        intro: None,
        action: paths::SIGNUP.to_owned(),
        fields,
        hidden: vec![],
        submit: ctx.t("signup-submit"),
        error: None,
        links: vec![(paths::LOGIN.to_owned(), ctx.t("signup-have-account"))],
        ctx,
    }
}

pub async fn signup_page(
    req: HttpRequest,
    ctx: PageCtx,
    session: Session,
) -> Result<HttpResponse, AppError> {
    if ctx.user.is_some() {
        return Ok(see_other(paths::ACCOUNT));
    }
    match prg::take_for_visitor::<SignupForm>(&req, &session) {
        Some(kept) => page(
            StatusCode::from_u16(kept.status).unwrap_or(StatusCode::OK),
            &signup_form(ctx, &kept.form, &kept.errors),
        ),
        None => page(
            StatusCode::OK,
            &signup_form(ctx, &SignupForm::default(), &FieldErrors::default()),
        ),
    }
}

/// A refused sign-up: a browser goes back to the form's page, which shows
/// what was typed (the passwords blank) and the problems.
fn refuse_signup(
    req: &HttpRequest,
    session: &Session,
    ctx: PageCtx,
    form: &SignupForm,
    errors: &FieldErrors,
) -> Result<HttpResponse, AppError> {
    let typed = SignupForm {
        password: String::new(),
        password_confirm: String::new(),
        ..form.clone()
    };
    let status = StatusCode::UNPROCESSABLE_ENTITY;
    let back = paths::SIGNUP.to_owned();
    match prg::keep_for_visitor(req, session, back, status, typed, errors.clone(), None) {
        Some(redirect) => Ok(redirect),
        None => page(status, &signup_form(ctx, form, errors)),
    }
}

pub async fn signup(
    req: HttpRequest,
    ctx: PageCtx,
    state: web::Data<AppState>,
    session: Session,
    form: Form<SignupForm>,
) -> Result<HttpResponse, AppError> {
    let (form, mut errors) = form.into_parts();
    let account = match NewAccount::try_from(&form) {
        Ok(a) if errors.is_empty() => a,
        outcome => {
            if let Err(more) = outcome {
                errors.merge(more);
            }
            return refuse_signup(&req, &session, ctx, &form, &errors);
        }
    };
    let hash = web::block(move || hash_password(&account.password).map(|h| (account, h)))
        .await?
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let (account, hash) = hash;
    let lang = ctx.lang;
    let ip = state.client_ip(&req);
    let inserted = state
        .db(move |conn| {
            let new = accounts::NewAccount {
                nick: &account.nick,
                full_name: &account.full_name,
                email: &account.email,
                password_hash: &hash,
                locale: lang.code(),
            };
            Ok(accounts::sign_up(conn, &new, &ip))
        })
        .await?;
    match inserted {
        Ok((id, browser)) => {
            let s = AppSession(&session);
            s.sign_in(id, 0, lang);
            s.set_browser(&browser);
            s.flash(FlashLevel::Success, msg!("flash-signed-up"));
            Ok(see_other(paths::ACCOUNT))
        }
        Err(PlayError::Refused(problems)) => {
            let mut errors = FieldErrors::default();
            for problem in problems {
                match problem {
                    AccountProblem::EmailTaken => errors.add("email", msg!("error-email-taken")),
                    AccountProblem::NickTaken => errors.add("nick", msg!("error-nick-taken")),
                }
            }
            refuse_signup(&req, &session, ctx, &form, &errors)
        }
        Err(e) => Err(e.into()),
    }
}

// ------------------------------------------------------------------ login

#[derive(Deserialize, Serialize, Clone, Default)]
#[serde(default)]
pub struct LoginForm {
    login: String,
    password: String,
    next: String,
}

impl TextRules for LoginForm {
    const LONG_LINES: &'static [(&'static str, usize)] = &[("password", 1_000), ("next", 2_000)];
    const OWN_CHECK: &'static [&'static str] = &["next"];
}

#[derive(Deserialize)]
pub struct NextQuery {
    next: Option<String>,
}

fn login_form(ctx: PageCtx, form: &LoginForm, error: Option<Message>) -> FormPage {
    let errors = FieldErrors::default();
    FormPage {
        title: ctx.t("login-title"),
        intro: None,
        action: paths::LOGIN.to_owned(),
        fields: vec![
            Field::new(&ctx, "login", msg!("field-login"), "text")
                .value(&form.login)
                .autocomplete("username")
                .errors(&ctx, &errors),
            Field::new(&ctx, "password", msg!("field-password"), "password")
                .autocomplete("current-password"),
        ],
        hidden: vec![("next", local_path(Some(&form.next)).to_owned())],
        submit: ctx.t("login-submit"),
        error: error.map(|m| ctx.render(&m)),
        links: vec![(paths::SIGNUP.to_owned(), ctx.t("login-no-account"))],
        ctx,
    }
}

pub async fn login_page(
    req: HttpRequest,
    ctx: PageCtx,
    session: Session,
    query: web::Query<NextQuery>,
) -> Result<HttpResponse, AppError> {
    if ctx.user.is_some() {
        return Ok(see_other(local_path(query.next.as_deref())));
    }
    if let Some(kept) = prg::take_for_visitor::<LoginForm>(&req, &session) {
        let status = StatusCode::from_u16(kept.status).unwrap_or(StatusCode::OK);
        return page(status, &login_form(ctx, &kept.form, kept.error));
    }
    let form = LoginForm {
        next: query.next.clone().unwrap_or_default(),
        ..LoginForm::default()
    };
    page(StatusCode::OK, &login_form(ctx, &form, None))
}

/// `POST /login`. Throttled per account and per address (growing delays, a
/// lock only per address, see `app::accounts::log_in`); the answer for an
/// unknown account and a wrong password is the same, and takes the same
/// time.
pub async fn login(
    req: HttpRequest,
    ctx: PageCtx,
    state: web::Data<AppState>,
    session: Session,
    form: Form<LoginForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let ip = state.client_ip(&req);
    let (login, password) = (form.login.clone(), form.password.clone());
    let browser = AppSession(&session).browser();
    let outcome = state
        .db(move |conn| {
            Ok(accounts::log_in(
                conn,
                &login,
                &password,
                &ip,
                browser.as_deref(),
            ))
        })
        .await?;
    let problem = match outcome {
        Ok(signed_in) => return Ok(welcome(&session, &signed_in, &form.next)),
        Err(PlayError::Refused(problems)) => problems
            .into_iter()
            .next()
            .unwrap_or(LoginProblem::WrongCredentials),
        Err(e) => return Err(e.into()),
    };
    refuse_login(&req, ctx, &session, &form, problem)
}

/// Signs the session in and sends the browser where it was going.
fn welcome(session: &Session, signed_in: &accounts::SignedIn, next: &str) -> HttpResponse {
    let s = AppSession(session);
    let lang = Lang::parse(&signed_in.locale).unwrap_or_default();
    // An explicit choice made before signing in wins over the language
    // stored on the account.
    s.sign_in(
        signed_in.id,
        signed_in.auth_version,
        s.lang().unwrap_or(lang),
    );
    s.set_browser(&signed_in.browser);
    s.flash(FlashLevel::Success, msg!("flash-signed-in"));
    see_other(local_path(Some(next)))
}

/// The answer to a refused sign-in: its status and words.
fn login_refusal(problem: LoginProblem) -> (StatusCode, Message) {
    match problem {
        LoginProblem::WrongCredentials => {
            (StatusCode::UNAUTHORIZED, Message::new(msg!("login-wrong")))
        }
        LoginProblem::Throttled { seconds } if seconds < 120 => (
            StatusCode::TOO_MANY_REQUESTS,
            Message::new(msg!("login-slow-down")).arg("seconds", seconds),
        ),
        LoginProblem::Throttled { seconds } => (
            StatusCode::TOO_MANY_REQUESTS,
            Message::new(msg!("login-throttled")).arg("minutes", (seconds + 59) / 60),
        ),
    }
}

/// A browser goes back to the sign-in page, which shows the login typed
/// (never the password) and the problem; a throttled sign-in keeps its
/// status and `Retry-After` for other clients.
fn refuse_login(
    req: &HttpRequest,
    ctx: PageCtx,
    session: &Session,
    form: &LoginForm,
    problem: LoginProblem,
) -> Result<HttpResponse, AppError> {
    let (status, message) = login_refusal(problem);
    let typed = LoginForm {
        password: String::new(),
        ..form.clone()
    };
    let back = match form.next.as_str() {
        "" => paths::LOGIN.to_owned(),
        next => format!(
            "{}?{}",
            paths::LOGIN,
            serde_urlencoded::to_string([("next", next)]).unwrap_or_default()
        ),
    };
    if let Some(redirect) = prg::keep_for_visitor(
        req,
        session,
        back,
        status,
        typed,
        FieldErrors::default(),
        Some(message.clone()),
    ) {
        return Ok(redirect);
    }
    match problem {
        LoginProblem::WrongCredentials => page(status, &login_form(ctx, form, Some(message))),
        LoginProblem::Throttled { seconds } => {
            let page = login_form(ctx, form, Some(message));
            Ok(HttpResponse::TooManyRequests()
                .insert_header((header::RETRY_AFTER, seconds.to_string()))
                .content_type("text/html; charset=utf-8")
                .body(page.render()?))
        }
    }
}

pub async fn logout(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, AppError> {
    if let Some(user) = CurrentUser::load(&req).await? {
        let ip = state.client_ip(&req);
        state
            .db(move |conn| Ok(accounts::log_out(conn, user.id, &ip)?))
            .await?;
    }
    let s = AppSession(&session);
    s.sign_out();
    s.flash(FlashLevel::Info, msg!("flash-signed-out"));
    Ok(see_other(paths::HOME))
}

// ---------------------------------------------------------------- account

pub struct AccountInvitation {
    pub team: String,
    pub team_url: String,
    pub awaiting: bool,
    pub accept_url: String,
    pub decline_url: String,
}

#[derive(Template)]
#[template(path = "account.html")]
pub struct AccountPage {
    ctx: PageCtx,
    user: CurrentUser,
    teams: Vec<(String, String)>,
    invitations: Vec<AccountInvitation>,
    notices: Vec<crate::web::admin::outbox::NoticeChoice>,
    opt_ins: Vec<crate::web::admin::outbox::NoticeChoice>,
    /// The lichess account linked: its username, and whether lichess has
    /// since refused its token (linked again to mend).
    lichess: Option<(String, bool)>,
}

pub async fn account_page(
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let (id, lang) = (user.id, ctx.lang);
    let (teams, invitations, notices, opt_ins, lichess) = state
        .db(move |conn| {
            Ok((
                crate::db::teams::teams_of_person(conn, id)?,
                crate::db::teams::invitations_for(conn, id)?,
                crate::web::admin::outbox::notice_choices(conn, id, lang)?,
                crate::web::admin::outbox::opt_in_choices(conn, id, lang)?,
                crate::db::game_servers::account_of(conn, id, crate::rules::game_server::LICHESS)?,
            ))
        })
        .await?;
    let teams = teams
        .into_iter()
        .map(|(t, _)| (paths::team(t.id), t.name))
        .collect();
    let invitations = invitations
        .into_iter()
        .map(|l| AccountInvitation {
            team_url: paths::team(l.invitation.team_id),
            awaiting: l.invitation.status == "awaiting_approval",
            accept_url: paths::accept_invitation(l.invitation.id),
            decline_url: paths::close_invitation(l.invitation.id),
            team: l.team_name,
        })
        .collect();
    page(
        StatusCode::OK,
        &AccountPage {
            ctx,
            user,
            teams,
            invitations,
            notices,
            opt_ins,
            lichess: lichess.map(|a| (a.username, a.refused_at.is_some())),
        },
    )
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct PasswordForm {
    current_password: String,
    new_password: String,
    new_password_confirm: String,
}

impl TextRules for PasswordForm {
    const LONG_LINES: &'static [(&'static str, usize)] = &[
        ("current_password", 1_000),
        ("new_password", 1_000),
        ("new_password_confirm", 1_000),
    ];
}

fn password_form(ctx: PageCtx, errors: &FieldErrors) -> FormPage {
    let fields = vec![
        Field::new(
            &ctx,
            "current_password",
            msg!("field-current-password"),
            "password",
        )
        .autocomplete("current-password"),
        Field::new(&ctx, "new_password", msg!("field-new-password"), "password")
            .autocomplete("new-password")
            .hint(ctx.t1("hint-password", "min", MIN_PASSWORD_CHARS)),
        Field::new(
            &ctx,
            "new_password_confirm",
            msg!("field-password-confirm"),
            "password",
        )
        .autocomplete("new-password"),
    ]
    .into_iter()
    .map(|f| f.errors(&ctx, errors))
    .collect();
    FormPage {
        title: ctx.t("password-title"),
        intro: Some(ctx.t("password-intro")),
        action: paths::PASSWORD.to_owned(),
        fields,
        hidden: vec![],
        submit: ctx.t("password-submit"),
        error: None,
        links: vec![(paths::ACCOUNT.to_owned(), ctx.t("nav-account"))],
        ctx,
    }
}

pub async fn password_page(ctx: PageCtx, _user: SignedIn) -> Result<HttpResponse, AppError> {
    page(StatusCode::OK, &password_form(ctx, &FieldErrors::default()))
}

/// `POST /account/password`: needs the current password; signs out every
/// other session of the person (their `auth_version` changes).
pub async fn change_password(
    req: HttpRequest,
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    form: Form<PasswordForm>,
) -> Result<HttpResponse, AppError> {
    let (form, mut errors) = form.into_parts();
    let personal = [
        user.nick.as_str(),
        user.full_name.as_str(),
        user.email.as_str(),
    ];
    let new = errors.check(
        "new_password",
        NewPassword::parse(&form.new_password, &personal),
    );
    if form.new_password != form.new_password_confirm {
        errors.add("new_password_confirm", msg!("error-password-mismatch"));
    }
    let current = form.current_password.clone();
    let id = user.id;
    let current_ok = state
        .db(move |conn| {
            let stored = people::by_id(conn, id)?.and_then(|p| p.password_hash);
            Ok(verify_password(&current, stored.as_deref()))
        })
        .await?;
    if !current_ok {
        errors.add("current_password", msg!("error-current-password"));
    }
    let new = match new {
        Some(new) if errors.is_empty() => new,
        _ => {
            return page(
                StatusCode::UNPROCESSABLE_ENTITY,
                &password_form(ctx, &errors),
            );
        }
    };
    let hash = web::block(move || hash_password(&new))
        .await?
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let ip = state.client_ip(&req);
    let version = state
        .db(move |conn| Ok(accounts::change_password(conn, id, &hash, &ip)?))
        .await?;
    let s = AppSession(&session);
    s.sign_in(id, version, ctx.lang);
    s.flash(FlashLevel::Success, msg!("flash-password-changed"));
    Ok(see_other(paths::ACCOUNT))
}

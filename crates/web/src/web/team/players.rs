//! Entering a player who has no account: the captain (an R or E
//! representative) or an organizer types the full name, and optionally the
//! game-server nick and an address for a claim link (`app::claims`).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::teams::{Caller, TeamForms, team_page};
use crate::app::accounts::{Email, FullName, Nick};
use crate::app::teams as ops;
use crate::db;
use crate::i18n::Message;
use crate::ids::TeamId;
use crate::msg;
use crate::paths;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{FieldErrors, Form, TextRules};
use crate::web::infra::respond::{page, see_other};
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::infra::upload::receive;
use crate::web::team::team_error;
use actix_multipart::Multipart;

#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct AddPlayerForm {
    full_name: String,
    nick: String,
    email: String,
    club_member: Option<String>,
}

impl TextRules for AddPlayerForm {}

/// The add-player form as the team page shows it: what was typed and the
/// problem beside each field.
#[derive(Default)]
pub struct AddForm {
    pub full_name: String,
    pub nick: String,
    pub email: String,
    pub club_member: bool,
    pub errors: Vec<(String, String)>,
}

impl AddForm {
    pub fn error(&self, field: &str) -> Option<&str> {
        self.errors
            .iter()
            .find(|(f, _)| f == field)
            .map(|(_, e)| e.as_str())
    }

    fn again(ctx: &PageCtx, form: AddPlayerForm, errors: &FieldErrors) -> AddForm {
        AddForm {
            errors: ["full_name", "nick", "email"]
                .into_iter()
                .filter_map(|f| errors.get(f).map(|m| (f.to_owned(), ctx.render(m))))
                .collect(),
            club_member: form.club_member.is_some(),
            full_name: form.full_name,
            nick: form.nick,
            email: form.email,
        }
    }
}

/// `POST /teams/{id}/players`: enter a player by full name.
pub async fn add(
    caller: Caller,
    ctx: PageCtx,
    path: web::Path<TeamId>,
    form: Form<AddPlayerForm>,
) -> Result<HttpResponse, AppError> {
    let team = path.into_inner();
    let by = (caller.me, caller.admin);
    // Who may enter players is answered before what they typed.
    if let Err(e) = caller
        .run(move |conn, _| ops::may_add_player(conn, team, by))
        .await?
    {
        return Err(team_error(e).err().unwrap_or(AppError::Forbidden));
    }
    let (form, mut errors) = form.into_parts();
    let full_name = errors.check("full_name", FullName::parse(&form.full_name));
    let nick = match form.nick.trim() {
        "" => None,
        typed => errors.check("nick", Nick::parse(typed)),
    };
    let email = match form.email.trim() {
        "" => None,
        typed => errors.check("email", Email::parse(typed)),
    };
    let Some(full_name) = full_name.filter(|_| errors.is_empty()) else {
        return refused(caller, ctx, team, form, &errors).await;
    };
    let club_member = form.club_member.is_some();
    let result = caller
        .run(move |conn, ip| {
            ops::add_player(
                conn,
                &ops::NewPlayer {
                    team,
                    full_name: &full_name,
                    nick: nick.as_ref(),
                    email: email.as_ref(),
                    club_member,
                    by,
                    ip,
                },
                db::utc_now(),
            )
            .map(|added| (added, full_name, email))
        })
        .await?;
    match result {
        Ok((added, name, email)) => {
            let done = match email {
                Some(email) => Message::new(msg!("player-added-claim-sent"))
                    .arg("name", name.as_str())
                    .arg("nick", &added.nick)
                    .arg("email", email.as_str()),
                None => Message::new(msg!("player-added"))
                    .arg("name", name.as_str())
                    .arg("nick", &added.nick),
            };
            AppSession(&caller.session).flash(FlashLevel::Success, done);
            Ok(see_other(&format!("{}#add-player", paths::team(team))))
        }
        Err(e) => {
            let refusal = team_error(e)?;
            errors.add(refusal.field, refusal.message);
            refused(caller, ctx, team, form, &errors).await
        }
    }
}

/// The team page again, the form as typed with its problems.
async fn refused(
    caller: Caller,
    ctx: PageCtx,
    team: TeamId,
    form: AddPlayerForm,
    errors: &FieldErrors,
) -> Result<HttpResponse, AppError> {
    let mut errors = errors.clone();
    if errors.get("full_name").is_none()
        && errors.get("nick").is_none()
        && errors.get("email").is_none()
        && let Some((_, m)) = errors.first()
    {
        // A refusal of another field (the team, the roster's size) is shown
        // beside the name.
        let m = m.clone();
        errors.add("full_name", m);
    }
    let add = AddForm::again(&ctx, form, &errors);
    let forms = TeamForms {
        add,
        ..TeamForms::default()
    };
    let p = team_page(ctx, &caller.state, team, forms).await?;
    page(StatusCode::UNPROCESSABLE_ENTITY, &p)
}

// ------------------------------------------------------------- import

/// What the import form sent: the rows' text and the step.
struct ImportForm {
    rows: String,
    step: String,
}

/// The most a roster file or pasted text may hold.
const MAX_IMPORT_BYTES: u64 = 256 * 1024;

/// One row of the preview in words.
pub struct ImportRowView {
    pub read: crate::app::roster_import::ReadRow,
    /// The nick the record gets, or why the row is refused.
    pub outcome: String,
    pub refused: bool,
}

#[derive(Template)]
#[template(path = "teams/import.html")]
pub struct ImportPage {
    ctx: PageCtx,
    team: String,
    team_url: String,
    action: String,
    rows_text: String,
    preview: Vec<ImportRowView>,
    problems: usize,
    /// The whole import's refusal (nothing to read, too many rows).
    error: Option<String>,
}

async fn import_view(
    caller: &Caller,
    ctx: PageCtx,
    team: TeamId,
    rows_text: String,
    preview: Vec<ImportRowView>,
    error: Option<String>,
) -> Result<ImportPage, AppError> {
    let name = caller
        .state
        .db(move |conn| {
            Ok(crate::db::teams::by_id(conn, team)?
                .ok_or(AppError::NotFound)?
                .name)
        })
        .await?;
    Ok(ImportPage {
        team: name,
        team_url: paths::team(team),
        action: paths::fill1(paths::TEAM_IMPORT, team),
        problems: preview.iter().filter(|r| r.refused).count(),
        rows_text,
        preview,
        error,
        ctx,
    })
}

/// Who may import is answered first: the captain or an organizer.
async fn may_import(caller: &Caller, team: TeamId) -> Result<(), AppError> {
    let by = (caller.me, caller.admin);
    match caller
        .run(move |conn, _| ops::may_add_player(conn, team, by))
        .await?
    {
        Ok(()) => Ok(()),
        Err(e) => Err(team_error(e).err().unwrap_or(AppError::Forbidden)),
    }
}

/// `GET /teams/{id}/import`: the form for a pasted or CSV roster.
pub async fn import_page(
    caller: Caller,
    ctx: PageCtx,
    path: web::Path<TeamId>,
) -> Result<HttpResponse, AppError> {
    let team = path.into_inner();
    may_import(&caller, team).await?;
    let p = import_view(&caller, ctx, team, String::new(), Vec::new(), None).await?;
    page(StatusCode::OK, &p)
}

/// `POST /teams/{id}/import` (multipart): the rows come from the chosen
/// file (a CSV or a spreadsheet saved as text, UTF-8 or Windows-1251), or
/// else from the pasted text; `step=preview` shows what each row would
/// become and stores nothing; `step=confirm` enters every row or none.
pub async fn import(
    caller: Caller,
    ctx: PageCtx,
    path: web::Path<TeamId>,
    payload: Multipart,
) -> Result<HttpResponse, AppError> {
    let team = path.into_inner();
    may_import(&caller, team).await?;
    let got = receive(payload, MAX_IMPORT_BYTES, &["step"]).await?;
    if got.too_large {
        let error =
            Message::new(msg!("roster-import-too-large")).arg("max", MAX_IMPORT_BYTES / 1024);
        let error = Some(ctx.render(&error));
        let p = import_view(&caller, ctx, team, String::new(), Vec::new(), error).await?;
        return page(StatusCode::PAYLOAD_TOO_LARGE, &p);
    }
    // The file's text goes into the box of the page, so that the
    // confirmation sends what was previewed.
    let rows = if got.bytes.is_empty() {
        crate::rules::text::decode(&got.pasted)
    } else {
        crate::rules::text::decode(&got.bytes)
    };
    let form = ImportForm {
        rows,
        step: got.text("step").to_owned(),
    };
    let confirm = form.step == "confirm";
    let by = (caller.me, caller.admin);
    let (text, ip) = (form.rows.clone(), caller.ip.clone());
    let result = caller
        .state
        .db(move |conn| {
            Ok(crate::app::roster_import::import(
                conn,
                team,
                &text,
                by,
                &ip,
                db::utc_now(),
                confirm,
            ))
        })
        .await?;
    let import = match result {
        Ok(import) => import,
        Err(crate::app::roster_import::ImportError::Rows { found }) => {
            let error = Message::new(msg!("roster-import-rows-count"))
                .arg("found", found)
                .arg("max", crate::app::roster_import::MAX_ROWS);
            let error = Some(ctx.render(&error));
            let p = import_view(&caller, ctx, team, form.rows, Vec::new(), error).await?;
            return page(StatusCode::UNPROCESSABLE_ENTITY, &p);
        }
        Err(crate::app::roster_import::ImportError::Team(e)) => {
            let refusal = team_error(e)?;
            let error = Some(ctx.render(&refusal.message));
            let p = import_view(&caller, ctx, team, form.rows, Vec::new(), error).await?;
            return page(StatusCode::UNPROCESSABLE_ENTITY, &p);
        }
    };
    if import.stored {
        AppSession(&caller.session).flash(
            FlashLevel::Success,
            Message::new(msg!("roster-import-done")).arg("count", import.rows.len()),
        );
        return Ok(see_other(&paths::team(team)));
    }
    let status = if import.problems() > 0 {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let rows = import.rows.iter().map(|r| row_view(&ctx, r)).collect();
    let p = import_view(&caller, ctx, team, form.rows, rows, None).await?;
    page(status, &p)
}

fn row_view(ctx: &PageCtx, r: &crate::app::roster_import::Row) -> ImportRowView {
    use crate::app::roster_import::RowProblem;
    let (outcome, refused) = match &r.outcome {
        Ok(nick) => (
            ctx.render(&Message::new(msg!("roster-import-row-ok")).arg("nick", nick)),
            false,
        ),
        Err(RowProblem::Field { field, key }) => (
            format!(
                "{}: {}",
                ctx.t(match *field {
                    "nick" => "field-nick",
                    "email" => "field-email",
                    "employer" => "roster-import-employer",
                    "since" => "roster-import-since",
                    _ => "field-full-name",
                }),
                ctx.lang.msg(*key)
            ),
            true,
        ),
        Err(RowProblem::Team(p)) => (ctx.render(&crate::words::teams::refusal(p).message), true),
    };
    ImportRowView {
        read: r.read.clone(),
        outcome,
        refused,
    }
}

//! Entering a player who has no account: the captain (an R or E
//! representative) or an organizer types the full name, and optionally the
//! game-server nick and an address for a claim link (`app::claims`).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::teams::{Caller, TeamForms, team_page};
use crate::app::accounts::{Email, FullName, Nick};
use crate::app::teams as ops;
use crate::db;
use crate::i18n::Message;
use crate::ids::TeamId;
use crate::msg;
use crate::paths;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{FieldErrors, Form, TextRules};
use crate::web::infra::respond::{page, see_other};
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::team::team_error;

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

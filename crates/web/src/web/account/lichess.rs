//! A person's lichess account, linked through lichess's own sign-in
//! (OAuth 2 with PKCE): the sign-in begun here sends the person to
//! lichess's consent page; lichess sends them back with a code, which is
//! exchanged for a token kept sealed (`app::game_servers`). Unlinking
//! revokes the token at lichess too. The same way back serves an
//! organizer connecting a championship (`championship::lichess`).

use actix_session::Session;
use actix_web::http::header::LOCATION;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::app::PlayError;
use crate::app::game_servers::{self as gsa, ServerProblem, lichess::Lichess};
use crate::db;
use crate::ids::{ChampionshipId, PersonId};
use crate::msg;
use crate::paths;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::error::AppError;
use crate::web::infra::guards::SignedIn;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::words::game_servers::problem_message;

/// The client of the configured lichess.
pub(crate) fn client(state: &AppState) -> Lichess {
    let s = &state.settings.game_servers;
    Lichess::new(&s.lichess_url, &s.lichess_client_id)
}

/// Where lichess sends the person back.
fn back_uri(state: &AppState) -> String {
    let base = state.settings.public_url.trim_end_matches('/');
    [base, paths::ACCOUNT_LICHESS_BACK].concat()
}

/// Flashes each refusal.
fn flash_refusals(session: &Session, problems: &[ServerProblem]) {
    for p in problems {
        AppSession(session).flash(FlashLevel::Error, problem_message(p));
    }
}

/// Begins the sign-in at lichess (for the person's own account, or for a
/// championship's pairing account) and sends the browser there; a
/// refusal returns to `back` in words.
pub(crate) async fn start(
    state: &web::Data<AppState>,
    session: &Session,
    person: PersonId,
    championship: Option<ChampionshipId>,
    back: &str,
) -> Result<HttpResponse, AppError> {
    let (sealer, client, uri) = (state.sealer.clone(), client(state), back_uri(state));
    let now = db::utc_now();
    let begun = state
        .db(move |conn| {
            Ok(gsa::begin_sign_in(
                conn,
                &sealer,
                &client,
                person,
                championship,
                &uri,
                now,
            ))
        })
        .await?;
    match begun {
        Ok(s) => Ok(HttpResponse::SeeOther()
            .insert_header((LOCATION, s.url))
            .finish()),
        Err(PlayError::Refused(problems)) => {
            flash_refusals(session, &problems);
            Ok(see_other(back))
        }
        Err(other) => Err(other.into()),
    }
}

/// `POST /account/lichess`.
pub async fn begin(
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, AppError> {
    start(&state, &session, user.id, None, paths::ACCOUNT).await
}

/// What lichess sends back: a code and the state, or an error.
#[derive(Deserialize, Default)]
#[serde(default)]
pub struct Back {
    code: String,
    state: String,
    error: String,
}

/// `GET /account/lichess/back`: the code exchanged for a token, the
/// account it belongs to linked; a championship's sign-in connects it.
pub async fn back(
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    query: web::Query<Back>,
) -> Result<HttpResponse, AppError> {
    let q = query.into_inner();
    let (person, now, sealer) = (user.id, db::utc_now(), state.sealer.clone());
    let sign_in_state = q.state.clone();
    let taken = state
        .db(move |conn| {
            Ok(gsa::take_sign_in(
                conn,
                &sealer,
                person,
                &sign_in_state,
                now,
            ))
        })
        .await?;
    let s = AppSession(&session);
    let sign_in = match taken {
        Ok(b) => b,
        Err(PlayError::Refused(problems)) => {
            flash_refusals(&session, &problems);
            return Ok(see_other(paths::ACCOUNT));
        }
        Err(other) => return Err(other.into()),
    };
    let done_at = sign_in
        .championship
        .map_or_else(|| paths::ACCOUNT.to_owned(), paths::championship_lichess);
    if !q.error.is_empty() || q.code.is_empty() {
        s.flash(FlashLevel::Error, msg!("lichess-declined"));
        return Ok(see_other(&done_at));
    }
    let client = client(&state);
    let linked = async {
        let token = client
            .exchange(&q.code, &sign_in.verifier, &back_uri(&state))
            .await?;
        let account = client.account(&token).await?;
        Ok::<_, gsa::lichess::CallError>((token, account))
    }
    .await;
    let (token, account) = match linked {
        Ok(found) => found,
        Err(e) => {
            tracing::info!(error = %e, "lichess sign-in not completed");
            s.flash(FlashLevel::Error, msg!("lichess-error-server"));
            return Ok(see_other(&done_at));
        }
    };
    let (sealer, kept_token, kept_account) = (state.sealer.clone(), token.clone(), account.clone());
    let scopes = sign_in.scopes.clone();
    let championship = sign_in.championship;
    let done = state
        .db(move |conn| {
            Ok(gsa::link(
                conn,
                &sealer,
                person,
                &kept_account,
                &scopes,
                &kept_token,
                championship,
                now,
            ))
        })
        .await?;
    match done {
        Ok(_) => s.flash(
            FlashLevel::Success,
            crate::i18n::Message::new(msg!("lichess-linked"))
                .arg("username", account.username.as_str()),
        ),
        Err(PlayError::Refused(problems)) => {
            // Nothing kept here: the token goes back to lichess.
            let _ = client.revoke(&token).await;
            flash_refusals(&session, &problems);
        }
        Err(other) => return Err(other.into()),
    }
    Ok(see_other(&done_at))
}

/// `POST /account/lichess/unlink`: the link gone here, the token revoked
/// at lichess (gone here whatever lichess answers).
pub async fn unlink(
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, AppError> {
    let (person, sealer) = (user.id, state.sealer.clone());
    let done = state
        .db(move |conn| Ok(gsa::unlink(conn, &sealer, person)))
        .await?;
    match done {
        Ok(token) => {
            if let Some(token) = token
                && let Err(e) = client(&state).revoke(&token).await
            {
                tracing::info!(error = %e, "lichess did not take the token back");
            }
            AppSession(&session).flash(FlashLevel::Success, msg!("lichess-unlinked"));
        }
        Err(PlayError::Refused(problems)) => flash_refusals(&session, &problems),
        Err(other) => return Err(other.into()),
    }
    Ok(see_other(paths::ACCOUNT))
}

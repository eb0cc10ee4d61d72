//! A championship's games on lichess, for its organizers: whether its
//! regulation names lichess, the account that creates its games (connected
//! through lichess's sign-in with the pairing right, as a person links his
//! own: `account::lichess`), and which players of the tournament under way
//! linked an account — the others play by hand.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::app::access::Organizers;
use crate::app::game_servers as gsa;
use crate::db;
use crate::msg;
use crate::paths;
use crate::read::game_servers::ChampionshipLichess;
use crate::state::AppState;
use crate::web::account::lichess::start;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::guards::Staff;
use crate::web::infra::respond::{page, see_other};
use crate::web::infra::session::{AppSession, FlashLevel};

#[derive(Template)]
#[template(path = "championships/lichess.html")]
pub struct LichessPage {
    ctx: PageCtx,
    view: ChampionshipLichess,
    regulation_url: String,
    connect_url: String,
    disconnect_url: String,
}

/// `GET /championships/{id}/lichess`.
pub async fn show(
    ctx: PageCtx,
    Staff { championship, .. }: Staff<Organizers>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let now = db::utc_now();
    let view = state
        .db(move |conn| {
            ChampionshipLichess::load(conn, championship, now)?.ok_or(AppError::NotFound)
        })
        .await?;
    page(
        StatusCode::OK,
        &LichessPage {
            ctx,
            view,
            regulation_url: paths::fill1(paths::REGULATION, championship),
            connect_url: paths::championship_lichess_connect(championship),
            disconnect_url: paths::championship_lichess_disconnect(championship),
        },
    )
}

/// `POST /championships/{id}/lichess/connect`: the organizer signs in at
/// lichess granting the pairing right; the way back connects.
pub async fn connect(
    Staff {
        user, championship, ..
    }: Staff<Organizers>,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, AppError> {
    let back = paths::championship_lichess(championship);
    start(&state, &session, user.id, Some(championship), &back).await
}

/// `POST /championships/{id}/lichess/disconnect`: no more games are
/// created; the round goes on by hand.
pub async fn disconnect(
    Staff {
        user, championship, ..
    }: Staff<Organizers>,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, AppError> {
    let by = user.id;
    let gone = state
        .db(move |conn| Ok(gsa::disconnect(conn, championship, by)))
        .await??;
    if gone {
        AppSession(&session).flash(FlashLevel::Success, msg!("lichess-disconnected"));
    }
    Ok(see_other(&paths::championship_lichess(championship)))
}

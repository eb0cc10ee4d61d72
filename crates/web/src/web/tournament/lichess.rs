//! The judges' view of a round's games on lichess: each game's state,
//! its link, what waits for whom and what to do; refused games created
//! again on request. While games are still to be created or played the
//! page reloads itself (a `<meta>` refresh: no script needed).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::app::game_servers as gsa;
use crate::app::games::GameAt;
use crate::db;
use crate::msg;
use crate::paths;
use crate::paths::segments::{RoundPath, TournamentPath};
use crate::read::game_servers::RoundLichess;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::respond::{page, see_other};
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::tournament::judging::JudgeDesk;
use crate::words::game_servers::{status_message, waiting_message};
use crate::words::games::at_words;

/// Seconds between the page's reloads while games are under way.
const RELOAD_SECONDS: u32 = 15;

/// A game's line on the page, worded.
pub struct Line {
    place: String,
    white: String,
    black: String,
    status: String,
    link: Option<String>,
    waiting: Option<String>,
    result: String,
}

#[derive(Template)]
#[template(path = "tournaments/lichess_round.html")]
pub struct RoundLichessPage {
    ctx: PageCtx,
    number: i32,
    connected: bool,
    lines: Vec<Line>,
    reload: Option<u32>,
    retry_url: String,
    tournament_url: String,
    any_refused: bool,
}

fn tournament_of(p: &RoundPath) -> TournamentPath {
    TournamentPath {
        championship_id: p.championship_id,
        tournament_id: p.tournament_id,
    }
}

/// `GET …/rounds/{round_id}/lichess` (judges).
pub async fn show(desk: JudgeDesk, path: web::Path<RoundPath>) -> Result<HttpResponse, AppError> {
    let (c, round) = (path.championship_id, path.round_id);
    let view = desk
        .on(&tournament_of(&path), move |conn, t| {
            RoundLichess::load(conn, c, t, round)
        })
        .await??
        .ok_or(AppError::NotFound)?;
    let ctx = desk.ctx;
    let base = desk
        .state
        .settings
        .game_servers
        .lichess_url
        .trim_end_matches('/')
        .to_owned();
    let lines = view
        .games
        .iter()
        .map(|g| Line {
            place: at_words(
                ctx.lang,
                &GameAt {
                    round: view.round_number,
                    table: g.table,
                    board: g.board,
                    game_no: g.game_no,
                },
            ),
            white: g.white.clone(),
            black: g.black.clone(),
            status: status_message(g.status).render(ctx.lang),
            link: g.remote_id.as_ref().map(|id| [base.as_str(), id].join("/")),
            waiting: g.problem.as_ref().map(|(code, person, detail)| {
                waiting_message(code, person.as_deref(), detail.as_deref()).render(ctx.lang)
            }),
            result: db::rounds::result_words(&g.result),
        })
        .collect();
    let any_refused = view
        .games
        .iter()
        .any(|g| g.status == db::game_servers::Status::Refused);
    page(
        StatusCode::OK,
        &RoundLichessPage {
            number: view.round_number,
            connected: view.connected,
            reload: view.under_way().then_some(RELOAD_SECONDS),
            lines,
            retry_url: paths::round_lichess_retry(c, path.tournament_id, round),
            tournament_url: paths::tournament(c, path.tournament_id),
            any_refused,
            ctx,
        },
    )
}

/// `POST …/rounds/{round_id}/lichess/retry` (judges): the refused games
/// are queued again (after a player linked again, say).
pub async fn retry(desk: JudgeDesk, path: web::Path<RoundPath>) -> Result<HttpResponse, AppError> {
    let (c, round, by, now) = (
        path.championship_id,
        path.round_id,
        desk.judge,
        db::utc_now(),
    );
    let again = desk
        .on(&tournament_of(&path), move |conn, _| {
            gsa::try_again(conn, c, round, by, now)
        })
        .await??;
    AppSession(&desk.session).flash(
        FlashLevel::Success,
        crate::i18n::Message::new(msg!("lichess-retried")).arg("games", again),
    );
    Ok(see_other(&paths::round_lichess(
        c,
        path.tournament_id,
        round,
    )))
}

//! The write endpoint of `/api/v1`: a game server enters a game's result
//! with an API token (`Authorization: Bearer …`). It goes through
//! `play::rounds::record_result_from`, the judges' own use case: the round
//! must be published, the version must be the game's current one (else
//! 409 with the current result and version), and the change bumps the
//! tournament's results version and is audited in one transaction, with
//! the token's name and owner.

use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::problem::{ApiError, Problem};
use super::token::TokenCaller;
use crate::api::ApiDb;
use crate::app::PlayError;
use crate::app::games::{GamesProblem, record_result_with_pgn};
use crate::app::rounds::{ResultSource, RoundProblem};
use crate::db::{self, audit};
use crate::i18n::Message;
use crate::ids::{ChampionshipId, GameId, TournamentId};
use crate::msg;
use crate::paths::segments::GamePath;
use crate::state::AppState;

/// A game's result.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ResultRequest {
    /// Home side first: `1-0`, `1/2`, `0-1`; forfeits `+-` (home present),
    /// `-+` (away present), `--` (both absent); `pending` clears a result,
    /// `replay` annuls it (G-V23).
    #[schema(example = "1-0")]
    pub result: String,
    /// The game's `version` as last read; a game changed since answers 409.
    /// Any JSON number with an integer value (`7`, `7.0`, `7e0`).
    #[schema(example = 1)]
    #[serde(deserialize_with = "json_integer")]
    pub version: i32,
    /// The game's record as PGN (optional): one game, between the game's
    /// players (either colours), ending with the result sent. It is kept
    /// with the result and served on the game's page.
    #[serde(default)]
    pub pgn: Option<String>,
}

/// An `i32` from any JSON number whose value is an integer: JSON (RFC
/// 8259) has one number type, and JSON Schema's `integer` is "a number
/// with a zero fractional part", so `9456.0` is the version `9456`.
fn json_integer<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
    use serde::de::Error as _;
    let n = serde_json::Number::deserialize(d)?;
    // An f64 with no fraction below 2^53 is exactly that integer.
    let whole = n.as_i64().or_else(|| {
        n.as_f64()
            .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15)
            .map(|f| f as i64)
    });
    whole
        .and_then(|i| i32::try_from(i).ok())
        .ok_or_else(|| D::Error::custom(format!("{n} is not an integer of the version's range")))
}

/// The game after the change.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ResultRecorded {
    #[schema(value_type = i64)]
    pub game_id: GameId,
    /// The stored result, home side first.
    pub result: String,
    /// The game's new version.
    pub version: i32,
    /// The tournament's results version after the change.
    pub results_version: i64,
    /// The standings with this result.
    pub standings_url: String,
}

/// Words a refusal of the play layer as an API error.
fn refusal(problems: Vec<RoundProblem>) -> ApiError {
    match problems.into_iter().next() {
        Some(RoundProblem::Changed { result, version }) => {
            ApiError::VersionConflict { result, version }
        }
        Some(RoundProblem::NotPublished) => ApiError::RoundNotPublished,
        Some(RoundProblem::AlreadyFinished) => ApiError::TournamentFinished,
        Some(RoundProblem::UnknownResult) => ApiError::UnknownResult(String::new()),
        Some(other) => ApiError::Refused(other),
        None => ApiError::Unprocessable(String::new()),
    }
}

/// Enter a game's result (game servers, with an API token).
///
/// The token must be one of this championship's, not revoked, and its
/// owner a judge of the championship (or an administrator). Browser
/// sessions are not accepted here. Each use is recorded in the
/// championship's audit log with the token's name and owner.
#[utoipa::path(
    post,
    path = "/api/v1/championships/{championship_id}/tournaments/{tournament_id}/games/{game_id}/result",
    tag = "write",
    params(GamePath),
    request_body(content = ResultRequest, content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Recorded; the standings change with it", body = ResultRecorded),
        (status = 400, description = "The body is not JSON", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No token, an unknown one or a revoked one", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "A token of another championship, or its owner is not a judge here", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such game in this tournament and championship", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "The game changed since `version` (the problem has `current_result` and `current_version`), its round is not published, or the tournament is finished", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "An unknown result code, a missing field, or a PGN that does not fit the game (one game, its players, the result sent)", body = Problem, content_type = "application/problem+json"),
        (status = 500, description = "The server failed", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn record_result(
    caller: TokenCaller,
    state: web::Data<AppState>,
    path: web::Path<GamePath>,
    body: web::Json<ResultRequest>,
) -> Result<web::Json<ResultRecorded>, ApiError> {
    let code = body.result.trim().to_owned();
    let Some(value) = db::rounds::result_from_code(&code) else {
        return Err(ApiError::UnknownResult(code));
    };
    let (c, t, game, version) = (
        path.championship_id,
        path.tournament_id,
        path.game_id,
        body.version,
    );
    let pgn = body.into_inner().pgn;
    state
        .db(move |conn| {
            let outcome = write(conn, &caller, (c, t, game), version, value, pgn.as_deref());
            if let Err(e) = &outcome {
                // A refused use is audited too (the write rolled back).
                let line = audit::Entry::new("api.refused", format!("game:{game}"))
                    .actor(caller.owner)
                    .championship(caller.championship)
                    .said(refused_said(&caller, e));
                crate::app::api_tokens::record_refused(conn, line)?;
            }
            Ok(outcome)
        })
        .await?
        .map(web::Json)
}

/// The audit line of a refused use: the token, its owner and why, as the
/// problem document says it.
fn refused_said(caller: &TokenCaller, e: &ApiError) -> Message {
    Message::new(msg!("audit-write-refused"))
        .arg("token", caller.token_id)
        .arg("name", &caller.name)
        .arg("owner", &caller.owner_nick)
        .list("why", [super::problem::detail_of(e)], "")
}

fn write(
    conn: &mut db::DbConnection,
    caller: &TokenCaller,
    (c, t, game): (ChampionshipId, TournamentId, GameId),
    version: i32,
    value: crate::rules::score::BoardResult,
    pgn: Option<&str>,
) -> Result<ResultRecorded, ApiError> {
    db::tournaments::by_id(conn, t)?
        .filter(|x| x.championship_id == c)
        .ok_or(ApiError::NotFound)?;
    let source = ResultSource::ApiToken {
        id: caller.token_id,
        name: &caller.name,
    };
    match record_result_with_pgn(
        conn,
        t,
        game,
        version,
        value,
        caller.owner,
        source,
        pgn,
        db::utc_now(),
    ) {
        Ok(()) => {}
        Err(PlayError::NotFound) => return Err(ApiError::NotFound),
        Err(PlayError::Forbidden) => return Err(ApiError::NotJudge),
        Err(PlayError::Refused(problems)) => {
            let mut round = Vec::new();
            for p in problems {
                match p {
                    GamesProblem::Round(r) => round.push(r),
                    other => return Err(ApiError::Record(other)),
                }
            }
            return Err(refusal(round));
        }
        Err(PlayError::Db(e)) => return Err(e.into()),
    }
    let g = db::rounds::game_by_id(conn, game)?.ok_or(ApiError::NotFound)?;
    let tournament = db::tournaments::by_id(conn, t)?.ok_or(ApiError::NotFound)?;
    Ok(ResultRecorded {
        game_id: g.id,
        result: g.result,
        version: g.version,
        results_version: tournament.results_version,
        standings_url: format!("/api/v1/championships/{c}/tournaments/{t}/standings"),
    })
}

//! The judges' actions on a tournament: the draw, pairing and publishing
//! rounds, results, the finish, swaps in a draft, the G-V42 play-off and
//! the E-9 armageddon. Each ends in a 303 with a flash, or the tournament
//! page again with the refusal.

use crate::app::PlayError;
use crate::app::access::{ChiefJudge, Judges, RoleSet};
use crate::app::knockout::{self};
use crate::app::rounds::{self as round_ops, RoundProblem};
use crate::db::{self};
use crate::i18n::Message;
use crate::ids::{EntryId, PersonId, TournamentId};
use crate::msg;
use crate::paths;
use crate::paths::segments::{GamePath, MatchPath, RoundPath, TournamentPath};
use crate::state::AppState;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{Confirm, Form, TextRules};
use crate::web::infra::guards::Staff;
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::infra::{PageDb, state_and_session};
use crate::web::tournament::tournaments::{
    EntryForm, Sheet, belongs, read_sheet, sheet_lines, tournament_page,
};
use crate::words::rounds::round_problem_words;
use actix_session::Session;
use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use futures_util::future::LocalBoxFuture;
use serde::Deserialize;
use std::marker::PhantomData;

fn round_problem(ctx: &PageCtx, p: &RoundProblem) -> String {
    round_problem_words(ctx.lang, p)
}

/// What every judges' action needs, extracted in this order so that a
/// visitor who is not a judge of the championship gets 401/403 before
/// anything else: the judge, the page context, the state and the session.
pub struct JudgeDesk<R = Judges> {
    pub judge: PersonId,
    pub ctx: PageCtx,
    pub state: web::Data<AppState>,
    pub session: Session,
    roles: PhantomData<R>,
}

impl<R: RoleSet + 'static> FromRequest for JudgeDesk<R> {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let staff = Staff::<R>::extract(&req).await?;
            let ctx = PageCtx::extract(&req).await?;
            let (state, session) = state_and_session(&req).await?;
            Ok(JudgeDesk {
                judge: staff.user.id,
                ctx,
                state,
                session,
                roles: PhantomData,
            })
        })
    }
}

impl<R> JudgeDesk<R> {
    /// Runs `op` on the tournament of `path`, once it is known to be of
    /// the championship the path names.
    pub async fn on<T, E, F>(&self, path: &TournamentPath, op: F) -> Result<Result<T, E>, AppError>
    where
        F: FnOnce(&mut db::DbConnection, TournamentId) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: Send + 'static,
    {
        let (c, t) = (path.championship_id, path.tournament_id);
        self.state
            .db(move |conn| {
                belongs(conn, c, t)?;
                Ok(op(conn, t))
            })
            .await
    }

    /// Ends an action on the tournament page: a 303 with a flash, or the
    /// page again with the refusal (409 when someone else changed the game
    /// first, or the tournament is finished).
    async fn judged(
        self,
        path: &TournamentPath,
        result: Result<(), round_ops::RoundError>,
        done: crate::i18n::MsgKey,
    ) -> Result<HttpResponse, AppError> {
        match result {
            Ok(()) => {
                AppSession(&self.session).flash(FlashLevel::Success, done);
                Ok(see_other(&paths::tournament(
                    path.championship_id,
                    path.tournament_id,
                )))
            }
            Err(PlayError::Refused(problems)) => {
                let status = if problems.iter().any(|p| {
                    matches!(
                        p,
                        RoundProblem::Changed { .. } | RoundProblem::AlreadyFinished
                    )
                }) {
                    StatusCode::CONFLICT
                } else {
                    StatusCode::UNPROCESSABLE_ENTITY
                };
                let text = problems
                    .iter()
                    .map(|p| round_problem(&self.ctx, p))
                    .collect::<Vec<_>>()
                    .join(" ");
                let p = tournament_page(
                    self.ctx,
                    &self.state,
                    path,
                    EntryForm::default(),
                    Vec::new(),
                    Some(text),
                    Sheet::default(),
                )
                .await?;
                page(status, &p)
            }
            Err(other) => Err(other.into()),
        }
    }

    /// Runs `op` as [`JudgeDesk::on`] does, then ends as
    /// [`JudgeDesk::judged`] does.
    async fn act<F>(
        self,
        path: &TournamentPath,
        done: crate::i18n::MsgKey,
        op: F,
    ) -> Result<HttpResponse, AppError>
    where
        F: FnOnce(&mut db::DbConnection, TournamentId) -> Result<(), round_ops::RoundError>
            + Send
            + 'static,
    {
        let result = self.on(path, op).await?;
        self.judged(path, result, done).await
    }
}

/// `POST …/draw` (judges): freeze the field and pair round 1. The seed of
/// the lot is random unless the judge gives one (to reproduce a draw).
#[derive(Debug, Deserialize)]
pub struct DrawForm {
    #[serde(default)]
    pub seed: String,
}

impl TextRules for DrawForm {}

pub async fn draw(
    desk: JudgeDesk,
    path: web::Path<TournamentPath>,
    form: Form<DrawForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let seed = form
        .seed
        .trim()
        .parse::<u64>()
        .unwrap_or_else(|_| rand::random::<u64>() >> 1);
    let judge = desk.judge;
    let result = desk
        .on(&path, move |conn, t| {
            round_ops::draw(conn, t, judge, seed, db::utc_now())?;
            // A Swiss with more rounds than the field allows.
            let loaded = round_ops::Loaded::load(conn, t)?.ok_or(PlayError::NotFound)?;
            Ok(loaded
                .drawn()
                .filter(|d| d.format.system == crate::rules::tournament::PairingSystem::Swiss)
                .and_then(|d| d.format.rounds)
                .map(|rounds| (usize::from(rounds), loaded.playing().len())))
        })
        .await?;
    if let Ok(Some((rounds, entries))) = &result {
        let limit = round_ops::swiss_round_limit(*entries);
        if *rounds > limit {
            AppSession(&desk.session).flash(
                FlashLevel::Info,
                Message::new(msg!("draw-rounds-warn"))
                    .arg("rounds", rounds)
                    .arg("entries", entries)
                    .arg("limit", limit),
            );
        }
    }
    desk.judged(&path, result.map(drop), msg!("round-paired"))
        .await
}

/// `POST …/rounds` (judges): pair the next round as a draft.
pub async fn pair(
    desk: JudgeDesk,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    let judge = desk.judge;
    desk.act(&path, msg!("round-paired"), move |conn, t| {
        round_ops::pair_next(conn, t, judge, db::utc_now()).map(drop)
    })
    .await
}

/// `POST …/rounds/{round_id}/publish` (judges).
pub async fn publish(
    desk: JudgeDesk,
    path: web::Path<RoundPath>,
) -> Result<HttpResponse, AppError> {
    let (round, judge) = (path.round_id, desk.judge);
    desk.act(
        &path.tournament(),
        msg!("round-published"),
        move |conn, t| round_ops::publish(conn, t, round, judge, db::utc_now()),
    )
    .await
}

#[derive(Debug, Deserialize)]
pub struct ResultForm {
    pub result: String,
    pub version: i32,
}

impl TextRules for ResultForm {}

/// `POST …/games/{game_id}/result` (judges): the result of one game, if
/// nobody changed it since the form was shown (`version`).
pub async fn result(
    desk: JudgeDesk,
    path: web::Path<GamePath>,
    form: Form<ResultForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let tp = path.tournament();
    let Some(value) = crate::db::rounds::result_from_code(form.result.trim()) else {
        let refused = Err(PlayError::Refused(vec![RoundProblem::UnknownResult]));
        return desk.judged(&tp, refused, msg!("game-recorded")).await;
    };
    let (game, judge, version) = (path.game_id, desk.judge, form.version);
    desk.act(&tp, msg!("game-recorded"), move |conn, t| {
        round_ops::record_result(conn, t, game, version, value, judge, db::utc_now())
    })
    .await
}

/// `POST …/rounds/{round_id}/results` (judges): the round's result sheet,
/// one cell per game (`r{game}`, with the version it was shown at in
/// `v{game}`), in the notation of `BoardResult::from_notation`. Every
/// problem is shown beside its game at once; nothing is stored unless the
/// whole sheet is valid.
pub async fn results(
    desk: JudgeDesk,
    path: web::Path<RoundPath>,
    form: Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let (cells, typed) = read_sheet(&form.into_inner()?)?;
    let (lines, unreadable) = sheet_lines(cells, |game, version, result| round_ops::SheetLine {
        game,
        version,
        result,
    });
    let bad_notation = desk.ctx.lang.msg(msg!("sheet-bad-notation"));
    let mut sheet = Sheet {
        typed,
        errors: unreadable
            .into_iter()
            .map(|g| (g, bad_notation.clone()))
            .collect(),
    };
    let tp = path.tournament();
    let outcome = if sheet.errors.is_empty() {
        let (round, judge) = (path.round_id, desk.judge);
        desk.on(&tp, move |conn, t| {
            round_ops::record_sheet(conn, t, round, &lines, judge, db::utc_now())
        })
        .await?
    } else {
        Err(PlayError::Refused(Vec::new()))
    };
    let (status, problem) = match outcome {
        Ok(changed) => {
            AppSession(&desk.session).flash(
                FlashLevel::Success,
                crate::i18n::Message::new(msg!("sheet-saved")).arg("count", changed),
            );
            return Ok(see_other(&paths::tournament(
                path.championship_id,
                path.tournament_id,
            )));
        }
        Err(PlayError::Refused(problems)) => sheet_refused(&desk.ctx, &problems, &mut sheet),
        Err(other) => return Err(other.into()),
    };
    let p = tournament_page(
        desk.ctx,
        &desk.state,
        &tp,
        EntryForm::default(),
        Vec::new(),
        Some(problem),
        sheet,
    )
    .await?;
    page(status, &p)
}

/// A refused round sheet: each game's problem beside its cell (a game
/// changed since the sheet was shown shows what it holds now), and the
/// status and notice of the whole page.
fn sheet_refused(
    ctx: &PageCtx,
    problems: &[RoundProblem],
    sheet: &mut Sheet,
) -> (StatusCode, String) {
    let mut status = StatusCode::UNPROCESSABLE_ENTITY;
    let mut whole = Vec::new();
    for p in problems {
        match p {
            RoundProblem::SheetChanged { game, .. } => {
                status = StatusCode::CONFLICT;
                sheet.typed.remove(game);
                sheet.errors.insert(*game, round_problem(ctx, p));
            }
            RoundProblem::EmptyBoard { game, .. } | RoundProblem::PgnSays { game, .. } => {
                sheet.errors.insert(*game, round_problem(ctx, p));
            }
            RoundProblem::AlreadyFinished => {
                status = StatusCode::CONFLICT;
                whole.push(round_problem(ctx, p));
            }
            other => whole.push(round_problem(ctx, other)),
        }
    }
    let notice = if whole.is_empty() {
        crate::i18n::Message::new(msg!("sheet-not-saved"))
            .arg("count", sheet.errors.len())
            .render(ctx.lang)
    } else {
        whole.join(" ")
    };
    (status, notice)
}

/// `POST …/finish` (judges): places, tournament points and history.
pub async fn finish(
    desk: JudgeDesk,
    path: web::Path<TournamentPath>,
    form: Form<Confirm>,
) -> Result<HttpResponse, AppError> {
    let judge = desk.judge;
    if !form.into_inner()?.given() {
        return desk
            .judged(
                &path,
                Err(PlayError::Refused(vec![RoundProblem::NotConfirmed])),
                msg!("tournament-finished"),
            )
            .await;
    }
    desk.act(&path, msg!("tournament-finished"), move |conn, t| {
        round_ops::finish(conn, t, judge, db::utc_now())
    })
    .await
}

#[derive(Debug, Deserialize)]
pub struct AdjustForm {
    #[serde(default)]
    pub a: String,
    #[serde(default)]
    pub b: String,
    #[serde(default)]
    pub reason: String,
}

impl TextRules for AdjustForm {
    const LONG_LINES: &'static [(&'static str, usize)] = &[("reason", 500)];
}

#[derive(Debug, Deserialize)]
pub struct ReopenForm {
    #[serde(default)]
    pub reason: String,
}

impl TextRules for ReopenForm {
    const LONG_LINES: &'static [(&'static str, usize)] = &[("reason", 500)];
}

/// `POST …/reopen` (the chief judge): a finished tournament is played
/// again until its new finish; the reason goes to captains and judges.
pub async fn reopen(
    desk: JudgeDesk<ChiefJudge>,
    path: web::Path<TournamentPath>,
    form: Form<ReopenForm>,
) -> Result<HttpResponse, AppError> {
    let (chief, reason) = (desk.judge, form.into_inner()?.reason);
    desk.act(&path, msg!("tournament-reopened"), move |conn, t| {
        round_ops::reopen(conn, t, chief, &reason, db::utc_now())
    })
    .await
}

/// `POST …/rounds/{round_id}/adjust` (judges): two entries of a draft
/// change places; recorded in the round's notes and the audit log.
pub async fn adjust(
    desk: JudgeDesk,
    path: web::Path<RoundPath>,
    form: Form<AdjustForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let id = |s: &str| EntryId(s.trim().parse().unwrap_or(0));
    let (a, b) = (id(&form.a), id(&form.b));
    let (round, judge, reason) = (path.round_id, desk.judge, form.reason.clone());
    desk.act(
        &path.tournament(),
        msg!("round-adjusted"),
        move |conn, t| round_ops::swap(conn, t, round, (a, b), &reason, judge),
    )
    .await
}

/// `POST …/rounds/{round_id}/lot` (judges), the pairing drawn from
/// the drum: `home{n}`/`away{n}` per table (n = 1, 2, …) and `bye`.
pub async fn enter_lot(
    desk: JudgeDesk,
    path: web::Path<RoundPath>,
    form: Form<std::collections::HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let mut fields = form.into_inner()?;
    let id = |s: Option<String>| {
        s.and_then(|s| s.trim().parse::<i64>().ok())
            .filter(|n| *n > 0)
            .map(EntryId)
    };
    // Every table the form has, empty places included (a table left
    // blank is skipped; one with a single team is named by the rules).
    let mut tables = Vec::new();
    let mut n = 1;
    while fields.contains_key(&format!("home{n}")) || fields.contains_key(&format!("away{n}")) {
        tables.push((
            id(fields.remove(&format!("home{n}"))),
            id(fields.remove(&format!("away{n}"))),
        ));
        n += 1;
    }
    let bye = id(fields.remove("bye"));
    let (round, judge) = (path.round_id, desk.judge);
    desk.act(&path.tournament(), msg!("lot-entered"), move |conn, t| {
        round_ops::enter_lot(conn, t, round, &tables, bye, judge)
    })
    .await
}

/// `POST …/playoff` (judges): the G-V42 play-off for a shared first place,
/// paired as a draft round.
pub async fn playoff(
    desk: JudgeDesk,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    let judge = desk.judge;
    desk.act(&path, msg!("playoff-paired"), move |conn, t| {
        knockout::pair_playoff(conn, t, judge, db::utc_now()).map(drop)
    })
    .await
}

/// `POST …/matches/{match_id}/armageddon` (judges): E-9, the armageddon
/// of a play-off match level after its boards, colours by lot.
pub async fn armageddon(
    desk: JudgeDesk,
    path: web::Path<MatchPath>,
) -> Result<HttpResponse, AppError> {
    let (m, judge) = (path.match_id, desk.judge);
    desk.act(
        &path.tournament(),
        msg!("armageddon-created"),
        move |conn, t| knockout::create_armageddon(conn, t, m, judge).map(drop),
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct RoundsInput {
    rounds: String,
}

impl crate::web::infra::forms::TextRules for RoundsInput {}

/// `POST …/round-count` (organizers, R-3.5): the rounds of a Swiss from its
/// entries; blank returns to the regulation's number.
pub async fn set_rounds(
    desk: JudgeDesk<crate::app::access::Organizers>,
    path: web::Path<TournamentPath>,
    form: crate::web::infra::forms::Form<RoundsInput>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let rounds = match form.rounds.trim() {
        "" => None,
        // Out of range (0 is never valid) is refused in words.
        n => Some(n.parse::<u8>().unwrap_or(0)),
    };
    let by = desk.judge;
    let result = desk
        .on(&path, move |conn, t| {
            round_ops::set_rounds(conn, t, rounds, by, db::utc_now())
        })
        .await?;
    desk.judged(&path, result, msg!("rounds-saved")).await
}

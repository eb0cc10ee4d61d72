//! A judge's PGN import: the form (a file, or the text pasted; a round or
//! the whole tournament), the preview of what each game of the file will
//! do, and the confirmation, after which the import's page shows what
//! became of every game.

use actix_multipart::Multipart;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::app::PlayError;
use crate::app::games::{
    self as ops, Choice, Done, GamesProblem, ImportOutcome, MAX_PGN_BYTES, PreviewLine,
};
use crate::db;
use crate::db::rounds::result_words;
use crate::i18n::{Lang, Message};
use crate::ids::{GameId, RoundId};
use crate::msg;
use crate::paths;
use crate::paths::segments::{ImportPath, TournamentPath};
use crate::read::games::{ImportForm as FormRead, ImportPage as ImportRead};
use crate::rules::game_import::Verdict;
use crate::rules::pgn;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::Form;
use crate::web::infra::respond::{page, see_other};
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::infra::upload::{Received, receive};
use crate::web::tournament::judging::JudgeDesk;
use crate::words::games::{at_words, done_words, problem_words, verdict_words, why_words};

/// A round to pick in the form.
pub struct RoundChoice {
    pub id: RoundId,
    pub number: i32,
    pub selected: bool,
}

/// An earlier file of the tournament.
pub struct PastImport {
    pub url: String,
    pub file_name: String,
    pub round: Option<i32>,
    pub confirmed: bool,
}

#[derive(Template)]
#[template(path = "games/import.html")]
pub struct ImportForm {
    ctx: PageCtx,
    title: String,
    tournament_url: String,
    action: String,
    /// Where a round's games are looked up on lichess.
    lichess_action: String,
    rounds: Vec<RoundChoice>,
    whole: bool,
    pasted: String,
    problems: Vec<String>,
    max_size: String,
    past: Vec<PastImport>,
}

fn import_title(ctx: &PageCtx, t: &crate::app::TournamentContext) -> String {
    format!(
        "{} · {}",
        ctx.t1("tournament-title", "number", t.tournament.number),
        t.championship.name
    )
}

/// The tournament's earlier files, with the rounds they were for.
fn past_imports(path: &TournamentPath, read: &mut FormRead) -> Vec<PastImport> {
    let (c, t) = (path.championship_id, path.tournament_id);
    let rounds = &read.rounds;
    read.past
        .drain(..)
        .map(|(id, round, file_name, _, confirmed)| PastImport {
            url: paths::games_import_one(c, t, id),
            file_name,
            round: round.and_then(|r| rounds.iter().find(|x| x.id == r).map(|x| x.number)),
            confirmed: confirmed.is_some(),
        })
        .collect()
}

async fn form_page(
    desk: JudgeDesk,
    path: &TournamentPath,
    chosen: Option<RoundId>,
    pasted: String,
    problems: Vec<String>,
) -> Result<ImportForm, AppError> {
    let (c, t) = (path.championship_id, path.tournament_id);
    let mut read = desk
        .on(path, FormRead::load)
        .await??
        .ok_or(AppError::NotFound)?;
    let ctx = desk.ctx;
    // Without a choice, the newest published round is the likely one.
    let default = chosen.or_else(|| {
        read.rounds
            .iter()
            .filter(|r| r.is_published())
            .max_by_key(|r| r.number)
            .map(|r| r.id)
    });
    Ok(ImportForm {
        title: import_title(&ctx, &read.context),
        tournament_url: paths::tournament(c, t),
        action: paths::games_import(c, t),
        lichess_action: paths::games_import_lichess(c, t),
        whole: default.is_none(),
        past: past_imports(path, &mut read),
        rounds: read
            .rounds
            .iter()
            .map(|r| RoundChoice {
                id: r.id,
                number: r.number,
                selected: Some(r.id) == default,
            })
            .collect(),
        pasted,
        problems,
        max_size: crate::words::size_words(ctx.lang, MAX_PGN_BYTES as u64),
        ctx,
    })
}

#[derive(serde::Deserialize)]
pub struct RoundQuery {
    round: Option<i64>,
}

/// `GET …/tournaments/{t}/games/import` (judges).
pub async fn form(
    desk: JudgeDesk,
    path: web::Path<TournamentPath>,
    query: web::Query<RoundQuery>,
) -> Result<HttpResponse, AppError> {
    let p = form_page(desk, &path, query.round.map(RoundId), String::new(), vec![]).await?;
    page(StatusCode::OK, &p)
}

/// `POST …/tournaments/{t}/games/import` (multipart; judges): keeps the
/// file and shows its preview.
pub async fn upload(
    desk: JudgeDesk,
    path: web::Path<TournamentPath>,
    payload: Multipart,
) -> Result<HttpResponse, AppError> {
    let got: Received = receive(payload, MAX_PGN_BYTES as u64, &["round"]).await?;
    let round = got.text("round").parse::<i64>().ok().map(RoundId);
    let bytes = if got.bytes.iter().all(u8::is_ascii_whitespace) {
        &got.pasted
    } else {
        &got.bytes
    };
    let text = pgn::decode(bytes);
    let mut problems = Vec::new();
    if got.too_large {
        problems.push(problem_words(desk.ctx.lang, &GamesProblem::TooLarge));
    } else if text.trim().is_empty() {
        problems.push(desk.ctx.lang.msg(msg!("games-error-no-file")));
    }
    let keep_pasted = || String::from_utf8_lossy(&got.pasted).into_owned();
    if !problems.is_empty() {
        let p = form_page(desk, &path, round, keep_pasted(), problems).await?;
        return page(StatusCode::UNPROCESSABLE_ENTITY, &p);
    }
    let file_name = if got.file_name.is_empty() || bytes.as_ptr() == got.pasted.as_ptr() {
        desk.ctx.lang.msg(msg!("games-pasted-name"))
    } else {
        got.file_name.clone()
    };
    let judge = desk.judge;
    let staged = desk
        .on(&path, move |conn, t| {
            ops::stage(conn, t, round, &file_name, &text, judge, db::utc_now())
        })
        .await?;
    match staged {
        Ok(id) => Ok(see_other(&paths::games_import_one(
            path.championship_id,
            path.tournament_id,
            id,
        ))),
        Err(PlayError::Refused(ps)) => {
            let words = ps.iter().map(|p| problem_words(desk.ctx.lang, p)).collect();
            let p = form_page(desk, &path, round, keep_pasted(), words).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
        Err(other) => Err(other.into()),
    }
}

/// The round whose games are looked up on lichess.
#[derive(serde::Deserialize, Default)]
#[serde(default)]
pub struct FindForm {
    round: String,
}

impl crate::web::infra::forms::TextRules for FindForm {}

/// `POST …/tournaments/{t}/games/import/lichess` (judges): the round's
/// games played on lichess without the platform creating them (a player
/// who did not link, a championship not connected) are found in lichess's
/// export of each home player's games since the round's publication, and
/// staged as a file for the same preview and confirmation.
pub async fn from_lichess(
    desk: JudgeDesk,
    path: web::Path<TournamentPath>,
    form: Form<FindForm>,
) -> Result<HttpResponse, AppError> {
    use crate::app::game_servers::{lichess::CallError, round_to_find};
    let form = form.into_inner()?;
    let Some(round) = form.round.trim().parse::<i64>().ok().map(RoundId) else {
        let words = vec![desk.ctx.lang.msg(msg!("games-lichess-no-round"))];
        let p = form_page(desk, &path, None, String::new(), words).await?;
        return page(StatusCode::UNPROCESSABLE_ENTITY, &p);
    };
    let (names, since) = desk
        .on(&path, move |conn, t| round_to_find(conn, t, round))
        .await??
        .ok_or(AppError::NotFound)?;
    let client = crate::web::account::lichess::client(&desk.state);
    let (since_ms, until_ms) = (
        since.and_utc().timestamp_millis(),
        db::utc_now().and_utc().timestamp_millis(),
    );
    let mut text = String::new();
    let mut failed = None;
    for name in &names {
        match client.user_games(name, since_ms, until_ms).await {
            Ok(pgn) => {
                text.push_str(&pgn);
                text.push_str("\n\n");
            }
            // A player unknown to lichess plays elsewhere: nothing of his.
            Err(CallError::NotFound) => {}
            Err(CallError::RateLimited) => {
                failed = Some(msg!("games-lichess-wait"));
                break;
            }
            Err(e) => {
                tracing::info!(error = %e, "lichess's game export failed");
                failed = Some(msg!("lichess-error-server"));
                break;
            }
        }
    }
    let failed = failed.or_else(|| {
        pgn::read(&text)
            .games
            .is_empty()
            .then_some(msg!("games-lichess-none"))
    });
    if let Some(key) = failed {
        let words = vec![desk.ctx.lang.msg(key)];
        let p = form_page(desk, &path, Some(round), String::new(), words).await?;
        return page(StatusCode::UNPROCESSABLE_ENTITY, &p);
    }
    let judge = desk.judge;
    let staged = desk
        .on(&path, move |conn, t| {
            ops::stage(
                conn,
                t,
                Some(round),
                "lichess.org",
                &text,
                judge,
                db::utc_now(),
            )
        })
        .await?;
    match staged {
        Ok(id) => Ok(see_other(&paths::games_import_one(
            path.championship_id,
            path.tournament_id,
            id,
        ))),
        Err(PlayError::Refused(ps)) => {
            let words = ps.iter().map(|p| problem_words(desk.ctx.lang, p)).collect();
            let p = form_page(desk, &path, Some(round), String::new(), words).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
        Err(other) => Err(other.into()),
    }
}

/// One game of the file on the import's page.
pub struct Line {
    pub line: usize,
    pub white: String,
    pub black: String,
    pub result: String,
    /// Where it goes in the pairing ("2.4/2"), with a link to the game.
    pub at: Option<(String, String)>,
    pub entered: String,
    pub what: String,
    /// `record`, `attach`, `conflict`, `left` (the row's class).
    pub kind: &'static str,
    pub flags: Vec<String>,
    /// For a conflict the judge may settle: the game.
    pub choice: Option<GameId>,
    /// The game and the version the preview shows: the confirmation is
    /// refused if it changed meanwhile.
    pub version: Option<(GameId, i32)>,
}

#[derive(Template)]
#[template(path = "games/preview.html")]
pub struct ImportPage {
    ctx: PageCtx,
    title: String,
    tournament_url: String,
    form_url: String,
    action: String,
    file_name: String,
    round: Option<i32>,
    confirmed: bool,
    truncated: bool,
    lines: Vec<Line>,
    counts: Vec<String>,
    problems: Vec<String>,
}

/// After confirmation: what each game of the file did, as stored then,
/// and the counts.
fn done_lines(
    lang: Lang,
    game_link: impl Fn(GameId) -> String,
    read: &ImportRead,
    outcome: &ImportOutcome,
) -> (Vec<Line>, Vec<String>) {
    let lines = outcome
        .lines
        .iter()
        .map(|l| Line {
            line: l.line,
            white: l.white.clone(),
            black: l.black.clone(),
            result: l.file_result.clone(),
            at: l.at.as_ref().map(|a| {
                let g = read
                    .preview
                    .lines
                    .iter()
                    .find(|p| p.game.is_some_and(|(_, _, pa)| pa == *a))
                    .and_then(|p| p.game.map(|(g, _, _)| g));
                (at_words(lang, a), g.map(&game_link).unwrap_or_default())
            }),
            entered: String::new(),
            what: match &l.why {
                Some(why) => format!("{} — {}", done_words(lang, l.done), why_words(lang, why)),
                None => done_words(lang, l.done),
            },
            kind: match l.done {
                Done::Recorded => "record",
                Done::Attached => "attach",
                Done::KeptEntered => "conflict",
                Done::LeftOut => "left",
            },
            flags: vec![],
            choice: None,
            version: None,
        })
        .collect();
    let counts = [
        Done::Recorded,
        Done::Attached,
        Done::KeptEntered,
        Done::LeftOut,
    ]
    .into_iter()
    .map(|d| format!("{}: {}", done_words(lang, d), outcome.count(d)))
    .collect();
    (lines, counts)
}

/// A game of the file before confirmation: what it will do.
fn preview_line(lang: Lang, game_link: impl Fn(GameId) -> String, l: &PreviewLine) -> Line {
    let mut flags = Vec::new();
    if l.swapped {
        flags.push(lang.msg(msg!("games-flag-swapped")));
    }
    if l.replaces {
        flags.push(lang.msg(msg!("games-flag-replaces")));
    }
    if let Some(ply) = l.damaged_from {
        flags.push(
            Message::new(msg!("games-flag-damaged"))
                .arg("ply", ply)
                .render(lang),
        );
    }
    let open = l.blocked.is_none();
    Line {
        line: l.line,
        white: l.white.clone(),
        black: l.black.clone(),
        result: l.file_result.code().to_owned(),
        at: l.game.map(|(g, _, a)| (at_words(lang, &a), game_link(g))),
        entered: l.entered.as_deref().map(result_words).unwrap_or_default(),
        what: verdict_words(lang, l),
        kind: match (&l.verdict, open) {
            (Verdict::Record { .. }, true) => "record",
            (Verdict::Attach { .. }, _) => "attach",
            (Verdict::Conflict { .. }, _) => "conflict",
            _ => "left",
        },
        flags,
        choice: match (&l.verdict, open) {
            (Verdict::Conflict { .. }, true) => l.game.map(|(g, _, _)| g),
            _ => None,
        },
        version: l.game.map(|(g, v, _)| (g, v)),
    }
}

/// Before confirmation: the preview's lines and the counts.
fn preview_lines(
    lang: Lang,
    game_link: impl Fn(GameId) -> String + Copy,
    read: &ImportRead,
) -> (Vec<Line>, Vec<String>) {
    let lines: Vec<Line> = read
        .preview
        .lines
        .iter()
        .map(|l| preview_line(lang, game_link, l))
        .collect();
    let count = |k: &str| lines.iter().filter(|l| l.kind == k).count();
    let counts = [
        msg!("games-count-record"),
        msg!("games-count-attach"),
        msg!("games-count-conflict"),
        msg!("games-count-left"),
    ]
    .into_iter()
    .zip(["record", "attach", "conflict", "left"])
    .map(|(key, kind)| Message::new(key).arg("count", count(kind)).render(lang))
    .collect();
    (lines, counts)
}

async fn import_page(
    desk: JudgeDesk,
    path: &ImportPath,
    problems: Vec<String>,
) -> Result<ImportPage, AppError> {
    let (c, t, id) = (path.championship_id, path.tournament_id, path.import_id);
    let read = desk
        .on(&path.tournament(), move |conn, t| {
            ImportRead::load(conn, t, id)
        })
        .await??
        .ok_or(AppError::NotFound)?;
    let ctx = desk.ctx;
    let lang = ctx.lang;
    let game_link = |g: GameId| paths::game(c, t, g);
    let (lines, counts) = match &read.outcome {
        Some(outcome) => done_lines(lang, game_link, &read, outcome),
        None => preview_lines(lang, game_link, &read),
    };
    let import = &read.preview.import;
    let round = import
        .round_id
        .and_then(|r| read.rounds.iter().find(|(id, _)| *id == r).map(|(_, n)| *n));
    Ok(ImportPage {
        title: import_title(&ctx, &read.context),
        tournament_url: paths::tournament(c, t),
        form_url: paths::games_import(c, t),
        action: paths::games_import_one(c, t, id),
        file_name: import.file_name.clone(),
        round,
        confirmed: import.confirmed_at.is_some(),
        truncated: read.preview.truncated,
        lines,
        counts,
        problems,
        ctx,
    })
}

/// `GET …/games/import/{i}` (judges): the preview, or what was done.
pub async fn show(desk: JudgeDesk, path: web::Path<ImportPath>) -> Result<HttpResponse, AppError> {
    let p = import_page(desk, &path, vec![]).await?;
    page(StatusCode::OK, &p)
}

/// Reads the confirmation: `v{game}` the version each game had in the
/// preview, `take{game}` the conflicts the file's result settles.
fn read_choices(fields: &[(String, String)]) -> Vec<Choice> {
    let id_of = |name: &str, prefix: &str| {
        name.strip_prefix(prefix)
            .and_then(|n| n.parse::<i64>().ok())
            .map(GameId)
    };
    fields
        .iter()
        .filter_map(|(k, v)| {
            let game = id_of(k, "v")?;
            let version = v.trim().parse().ok()?;
            let take_file = fields.iter().any(|(k2, _)| id_of(k2, "take") == Some(game));
            Some(Choice {
                game,
                version,
                take_file,
            })
        })
        .collect()
}

/// `POST …/games/import/{i}` (judges): records and keeps, in one go.
pub async fn confirm(
    desk: JudgeDesk,
    path: web::Path<ImportPath>,
    form: Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let choices = read_choices(&form.into_inner()?);
    let (id, judge) = (path.import_id, desk.judge);
    let done = desk
        .on(&path.tournament(), move |conn, t| {
            ops::confirm(conn, t, id, &choices, judge, db::utc_now())
        })
        .await?;
    match done {
        Ok(outcome) => {
            AppSession(&desk.session).flash(
                FlashLevel::Success,
                Message::new(msg!("games-confirmed"))
                    .arg("recorded", outcome.count(Done::Recorded))
                    .arg(
                        "attached",
                        outcome.count(Done::Attached) + outcome.count(Done::KeptEntered),
                    )
                    .arg("left", outcome.count(Done::LeftOut)),
            );
            Ok(see_other(&paths::games_import_one(
                path.championship_id,
                path.tournament_id,
                id,
            )))
        }
        Err(PlayError::Refused(ps)) => {
            let status = if ps
                .iter()
                .any(|p| matches!(p, GamesProblem::AlreadyConfirmed | GamesProblem::Round(_)))
            {
                StatusCode::CONFLICT
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            let words = ps.iter().map(|p| problem_words(desk.ctx.lang, p)).collect();
            let p = import_page(desk, &path, words).await?;
            page(status, &p)
        }
        Err(other) => Err(other.into()),
    }
}

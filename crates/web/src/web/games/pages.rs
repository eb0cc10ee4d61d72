//! A game's page (players, result, the moves with their clocks, a diagram
//! of the final position) and the PGN downloads of a game, a match, a
//! round and a tournament. Games of a round not yet published are the
//! judges' alone.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::app::access::Judges;
use crate::app::rounds::Loaded;
use crate::db::games::{self as dg, GameRecord};
use crate::db::rounds::result_words;
use crate::ids::{ChampionshipId, GameId, PersonId, TournamentId};
use crate::paths;
use crate::paths::segments::{GamePath, MatchPath, RoundNoPath, TournamentPath};
use crate::read::games::GamePage as GameRead;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::respond::page;
use crate::words::games::at_words;

type NestedPath<P> = crate::state::Nested<P, AppError>;

/// The tournament, whether the viewer judges it, and the records asked.
async fn load_with<F, T>(
    ctx: &PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    t: TournamentId,
    f: F,
) -> Result<(Loaded, bool, T), AppError>
where
    F: FnOnce(&mut crate::db::DbConnection, &Loaded) -> Result<T, AppError> + Send + 'static,
    T: Send + 'static,
{
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    state
        .db(move |conn| {
            // A draft round as its publication will leave it (G-A7).
            let loaded = crate::app::play_state::load_as_shown(conn, t, crate::db::utc_now())?
                .filter(|l| l.ctx.championship.id == c)
                .ok_or(AppError::NotFound)?;
            let judge = crate::app::access::holds::<Judges>(conn, viewer, c)?;
            let more = f(conn, &loaded)?;
            Ok((loaded, judge, more))
        })
        .await
}

/// The round a game is in, if the viewer may see it.
fn visible_round(l: &Loaded, judge: bool, g: GameId) -> Option<&crate::db::rounds::Round> {
    let game = l.games.iter().find(|x| x.id == g)?;
    let m = l.matches.iter().find(|m| m.id == game.match_id)?;
    l.rounds
        .iter()
        .find(|r| r.id == m.round_id)
        .filter(|r| judge || r.is_published())
}

/// One move pair of the score sheet: number, White's and Black's moves
/// with the clock after each.
pub struct MoveRow {
    pub number: usize,
    pub white: String,
    pub white_clock: String,
    pub black: String,
    pub black_clock: String,
}

#[derive(Template)]
#[template(path = "games/game.html")]
pub struct GamePage {
    ctx: PageCtx,
    title: String,
    tournament_url: String,
    match_url: String,
    at: String,
    white: Option<(String, String)>,
    black: Option<(String, String)>,
    result: String,
    /// The record's diagram, moves and download, when one is kept.
    board: Option<String>,
    moves: Vec<MoveRow>,
    pgn_url: String,
    recorded: bool,
    file_names: String,
    /// A judge's form to correct the final result (its own act, with a
    /// reason), while the tournament is in play.
    correction: Option<CorrectionView>,
}

/// The correction form as shown: the results the board can take, the
/// reason, and the PGN's result when the kept record says another.
pub struct CorrectionView {
    pub url: String,
    pub version: i32,
    /// (stored code, words, selected)
    pub options: Vec<(&'static str, String, bool)>,
    pub reason: String,
    /// The kept record's result in words, when a record gives one.
    pub pgn_result: Option<String>,
    pub pgn_known: bool,
    pub problem: Option<String>,
}

/// What a refused correction keeps of the form.
#[derive(Debug, Default, Clone)]
pub struct CorrectionInput {
    pub result: String,
    pub reason: String,
    pub pgn_known: bool,
    pub problem: Option<String>,
}

/// `POST …/games/{g}/correction`'s fields.
#[derive(Debug, serde::Deserialize)]
pub struct CorrectionForm {
    #[serde(default)]
    pub version: i32,
    #[serde(default)]
    pub result: String,
    #[serde(default)]
    pub reason: String,
    #[serde(default)]
    pub pgn_known: String,
}

impl crate::web::infra::forms::TextRules for CorrectionForm {
    const LONG_LINES: &'static [(&'static str, usize)] =
        &[("reason", crate::app::rounds::MAX_REASON_CHARS)];
}

fn clock_words(ms: Option<u32>) -> String {
    ms.map(|ms| {
        let s = ms / 1000;
        format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
    })
    .unwrap_or_default()
}

/// The SAN of each move, read again from the kept PGN.
fn san_moves(record: &GameRecord) -> Vec<String> {
    crate::rules::pgn::read(&record.pgn)
        .games
        .into_iter()
        .next()
        .map(|g| g.moves.into_iter().map(|m| m.san).collect())
        .unwrap_or_default()
}

/// `GET …/games/{g}`: the game and, when kept, its record.
pub async fn show(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: NestedPath<GamePath>,
) -> Result<HttpResponse, AppError> {
    let (c, t, g) = (path.championship_id, path.tournament_id, path.game_id);
    let p = game_page(ctx, &state, (c, t, g), CorrectionInput::default()).await?;
    page(StatusCode::OK, &p)
}

/// A refused correction: its problems in words on the form, 409 when
/// someone else changed the game first or the tournament is finished,
/// else 422.
fn refused(
    lang: crate::i18n::Lang,
    problems: &[crate::app::rounds::RoundProblem],
    input: &mut CorrectionInput,
) -> StatusCode {
    let conflict = problems.iter().any(|p| {
        matches!(
            p,
            crate::app::rounds::RoundProblem::Changed { .. }
                | crate::app::rounds::RoundProblem::AlreadyFinished
        )
    });
    input.problem = Some(
        problems
            .iter()
            .map(|p| crate::words::rounds::round_problem_words(lang, p))
            .collect::<Vec<_>>()
            .join(" "),
    );
    if conflict {
        StatusCode::CONFLICT
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    }
}

/// `POST …/games/{g}/correction` (judges): the game's result corrected
/// with a reason (`app::rounds::correct_result`); refused, the game's page
/// again with the form as typed.
pub async fn correct(
    desk: crate::web::tournament::judging::JudgeDesk,
    path: web::Path<GamePath>,
    form: crate::web::infra::forms::Form<CorrectionForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let (c, t, g) = (path.championship_id, path.tournament_id, path.game_id);
    let mut input = CorrectionInput {
        result: form.result.trim().to_owned(),
        reason: form.reason.clone(),
        pgn_known: !form.pgn_known.trim().is_empty(),
        problem: None,
    };
    let outcome = match crate::db::rounds::result_from_code(&input.result).filter(|r| r.is_final())
    {
        None => Err(crate::app::PlayError::Refused(vec![
            crate::app::rounds::RoundProblem::UnknownResult,
        ])),
        Some(result) => {
            let (judge, version, known) = (desk.judge, form.version, input.pgn_known);
            let reason = form.reason;
            desk.on(&path.tournament(), move |conn, t| {
                crate::app::rounds::correct_result(
                    conn,
                    t,
                    g,
                    version,
                    result,
                    &reason,
                    known,
                    judge,
                    crate::db::utc_now(),
                )
            })
            .await?
        }
    };
    let status = match outcome {
        Ok(()) => {
            crate::web::infra::session::AppSession(&desk.session).flash(
                crate::web::infra::session::FlashLevel::Success,
                crate::msg!("game-corrected"),
            );
            return Ok(crate::web::infra::respond::see_other(&paths::game(c, t, g)));
        }
        Err(crate::app::PlayError::Refused(problems)) => {
            refused(desk.ctx.lang, &problems, &mut input)
        }
        Err(other) => return Err(other.into()),
    };
    let p = game_page(desk.ctx, &desk.state, (c, t, g), input).await?;
    page(status, &p)
}

/// A player of the game as the page links them: (nick, URL of their page).
type Side = Option<(String, String)>;

/// The game's White and Black, when seated.
fn sides(read: &GameRead) -> (Side, Side) {
    let l = &read.tournament;
    let person = |p: Option<PersonId>| {
        p.and_then(|p| l.nicks.get(&p))
            .map(|n| (n.clone(), paths::person(n)))
    };
    let game = &read.game;
    let (home, away) = (person(game.home_player_id), person(game.away_player_id));
    if game.home_white {
        (home, away)
    } else {
        (away, home)
    }
}

/// The kept record's diagram, score sheet and players as the file names
/// them; nothing without a record.
fn record_view(
    ctx: &PageCtx,
    record: Option<&GameRecord>,
) -> (Option<String>, Vec<MoveRow>, String) {
    let Some(rec) = record else {
        return (None, vec![], String::new());
    };
    let label = ctx.t("game-board-label");
    let flipped = false;
    let board = crate::web::infra::board::svg(&rec.final_fen, flipped, &label);
    let sans = san_moves(rec);
    let clocks = rec.clocks_ms();
    let rows = sans
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| MoveRow {
            number: i + 1,
            white: pair.first().cloned().unwrap_or_default(),
            white_clock: clock_words(clocks.get(2 * i).copied().flatten()),
            black: pair.get(1).cloned().unwrap_or_default(),
            black_clock: clock_words(clocks.get(2 * i + 1).copied().flatten()),
        })
        .collect();
    (
        board,
        rows,
        format!("{} – {}", rec.white_nick, rec.black_nick),
    )
}

/// The judges' correction form, while the tournament is in play and the
/// game's round published with a final result; as `input` left it.
fn correction_view(
    (c, t, g): (ChampionshipId, TournamentId, GameId),
    read: &GameRead,
    input: &CorrectionInput,
) -> Option<CorrectionView> {
    let game = &read.game;
    let open = read.is_judge
        && read.tournament.ctx.tournament.finished_at.is_none()
        && read.round.is_published()
        && game.result().is_final();
    if !open {
        return None;
    }
    let seats = (game.home_player_id.is_some(), game.away_player_id.is_some());
    let only = crate::rules::boards::empty_board_result(seats.0, seats.1);
    let chosen = if input.result.is_empty() {
        game.result.clone()
    } else {
        input.result.clone()
    };
    use crate::rules::score::BoardResult as B;
    let options = [
        B::HomeWin,
        B::Draw,
        B::AwayWin,
        B::HomeForfeitWin,
        B::AwayForfeitWin,
        B::DoubleForfeit,
    ]
    .into_iter()
    .filter(|r| only.is_none_or(|o| o == *r))
    .map(|r| {
        let code = crate::db::rounds::result_code(r);
        (code, result_words(code), code == chosen)
    })
    .collect();
    Some(CorrectionView {
        url: paths::game_correction(c, t, g),
        version: game.version,
        options,
        reason: input.reason.clone(),
        pgn_result: read
            .pgn_result
            .map(|p| result_words(crate::db::rounds::result_code(p))),
        pgn_known: input.pgn_known,
        problem: input.problem.clone(),
    })
}

/// The game's page, with the judges' correction form as `input` left it.
async fn game_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    (c, t, g): (ChampionshipId, TournamentId, GameId),
    input: CorrectionInput,
) -> Result<GamePage, AppError> {
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    let read = state
        .db(move |conn| GameRead::load(conn, viewer, (c, t, g))?.ok_or(AppError::NotFound))
        .await?;
    let (white, black) = sides(&read);
    let at = at_words(
        ctx.lang,
        &crate::app::games::GameAt {
            round: read.round.number,
            table: read.game_match.table_no,
            board: read.game.board,
            game_no: read.game.game_no,
        },
    );
    let white_name = white.as_ref().map_or("?", |w| w.0.as_str());
    let black_name = black.as_ref().map_or("?", |b| b.0.as_str());
    let title = format!(
        "{white_name} – {black_name} · {} {}",
        ctx.t1(
            "tournament-title",
            "number",
            read.tournament.ctx.tournament.number
        ),
        read.tournament.ctx.championship.name
    );
    let (board, moves, file_names) = record_view(&ctx, read.record.as_ref());
    Ok(GamePage {
        title,
        tournament_url: paths::tournament(c, t),
        match_url: paths::match_page(c, t, read.game_match.id),
        at,
        white,
        black,
        result: result_words(&read.game.result),
        recorded: read.record.is_some(),
        board,
        moves,
        pgn_url: paths::game_pgn(c, t, g),
        file_names,
        correction: correction_view((c, t, g), &read, &input),
        ctx,
    })
}

fn pgn_download(name: &str, records: &[GameRecord]) -> HttpResponse {
    let mut body = String::new();
    for r in records {
        body.push_str(r.pgn.trim_end());
        body.push_str("\n\n");
    }
    HttpResponse::Ok()
        .content_type("application/vnd.chess-pgn; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}.pgn\""),
        ))
        .body(body)
}

/// The records among `records` the viewer may see.
fn visible(l: &Loaded, judge: bool, records: Vec<GameRecord>) -> Vec<GameRecord> {
    records
        .into_iter()
        .filter(|r| visible_round(l, judge, r.game_id).is_some())
        .collect()
}

/// `GET …/games/{g}/pgn`.
pub async fn game_pgn(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: NestedPath<GamePath>,
) -> Result<HttpResponse, AppError> {
    let (c, t, g) = (path.championship_id, path.tournament_id, path.game_id);
    let (l, judge, record) =
        load_with(&ctx, &state, c, t, move |conn, _| Ok(dg::of_game(conn, g)?)).await?;
    let records = visible(&l, judge, record.into_iter().collect());
    if records.is_empty() {
        return Err(AppError::NotFound);
    }
    Ok(pgn_download(&format!("game-{g}"), &records))
}

/// `GET …/matches/{m}/pgn`.
pub async fn match_pgn(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: NestedPath<MatchPath>,
) -> Result<HttpResponse, AppError> {
    let (c, t, m) = (path.championship_id, path.tournament_id, path.match_id);
    let (l, judge, records) = load_with(&ctx, &state, c, t, move |conn, _| {
        Ok(dg::of_matches(conn, &[m])?)
    })
    .await?;
    Ok(pgn_download(
        &format!("tournament-{t}-match-{m}"),
        &visible(&l, judge, records),
    ))
}

/// `GET …/rounds/{n}/pgn`.
pub async fn round_pgn(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: NestedPath<RoundNoPath>,
) -> Result<HttpResponse, AppError> {
    let (c, t, n) = (path.championship_id, path.tournament_id, path.round_no);
    let (l, judge, records) = load_with(&ctx, &state, c, t, move |conn, l| {
        let round = l
            .rounds
            .iter()
            .find(|r| r.number == n)
            .ok_or(AppError::NotFound)?;
        Ok(dg::of_tournament(conn, t, Some(round.id))?)
    })
    .await?;
    if !l
        .rounds
        .iter()
        .any(|r| r.number == n && (judge || r.is_published()))
    {
        return Err(AppError::NotFound);
    }
    Ok(pgn_download(
        &format!("tournament-{t}-round-{n}"),
        &visible(&l, judge, records),
    ))
}

/// `GET …/tournaments/{t}/pgn`.
pub async fn tournament_pgn(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: NestedPath<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    let (c, t) = (path.championship_id, path.tournament_id);
    let (l, judge, records) = load_with(&ctx, &state, c, t, move |conn, _| {
        Ok(dg::of_tournament(conn, t, None)?)
    })
    .await?;
    Ok(pgn_download(
        &format!("tournament-{t}"),
        &visible(&l, judge, records),
    ))
}

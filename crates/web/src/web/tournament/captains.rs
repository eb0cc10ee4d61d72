//! Play at the boards, through forms: the captain's line-up for a round
//! (G-V22), the match page where captains announce substitutions (G-V31,
//! G-V32) and report or confirm results, and where judges record a late
//! player (E-6); the judges' withdrawal of a team (G-G2) and interruption
//! of a round (G-V23) posted from the tournament page.

use std::collections::HashMap;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::app::PlayError;
use crate::app::boards::{self as ops, BoardsError, BoardsProblem};
use crate::app::rounds::Loaded;
use crate::db;
use crate::db::rounds::result_words;
use crate::i18n::Message;
use crate::ids::{EntryId, GameId, PersonId};
use crate::msg;
use crate::paths;
use crate::paths::segments::{EntryPath, GamePath, MatchPath, RoundPath, TournamentPath};
use crate::read::matches::{LineupPage as LineupRead, MatchPage as MatchRead};
use crate::rules::boards::{LateArrival, SubstitutionReason};
use crate::state::AppState;
use crate::web::infra::NestedPath;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{Form, TextRules};
use crate::web::infra::guards::SignedIn;
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::tournament::judging::JudgeDesk;
use crate::web::tournament::tournaments::{belongs, entry_name, read_sheet, sheet_lines};
use crate::words::boards;
use crate::words::boards::{problem, problem_text};

fn unfit_words(
    ctx: &PageCtx,
    l: &Loaded,
    unfit: &[(PersonId, Vec<crate::app::eligibility::Unfit>)],
    local: &dyn Fn(chrono::NaiveDateTime) -> String,
) -> Vec<String> {
    unfit
        .iter()
        .map(|(p, why)| {
            let nick = l.nicks.get(p).cloned().unwrap_or_default();
            crate::words::eligibility::unfit(ctx.lang, &nick, why, &|id| id.to_string(), local)
        })
        .collect()
}

// ---------------------------------------------------------------- line-up

pub struct PlayerOption {
    pub id: PersonId,
    pub label: String,
}

pub struct LineupForm {
    pub round: i32,
    /// Board number and the person chosen (id as text, empty = nobody).
    pub boards: Vec<(usize, String)>,
    /// The opponent's provisional line-up, when the round is paired.
    pub opponent: Option<(String, Vec<String>)>,
}

#[derive(Template)]
#[template(path = "tournaments/lineup.html")]
pub struct LineupPage {
    ctx: PageCtx,
    tournament: String,
    tournament_url: String,
    entry: String,
    action: String,
    options: Vec<PlayerOption>,
    forms: Vec<LineupForm>,
    problems: Vec<String>,
    /// G-A7: players of the entry who may not play now, with the reasons.
    warnings: Vec<String>,
    /// The regulation's board order by rating, in words.
    board_order: Option<String>,
}

async fn lineup_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    path: &EntryPath,
    user: PersonId,
    failed: Option<(i32, Vec<String>)>,
    problems: Vec<BoardsProblem>,
) -> Result<LineupPage, AppError> {
    let (c, t, eid) = (path.championship_id, path.tournament_id, path.entry_id);
    let read = state
        .db(move |conn| LineupRead::load(conn, user, c, t, eid)?.ok_or(AppError::NotFound))
        .await?;
    if !read.viewer_is_captain {
        return Err(AppError::Forbidden);
    }
    Ok(lineup_view(ctx, &read, failed.as_ref(), &problems))
}

/// The line-up page in the captain's words, from its read model.
fn lineup_view(
    ctx: PageCtx,
    r: &LineupRead,
    failed: Option<&(i32, Vec<String>)>,
    problems: &[BoardsProblem],
) -> LineupPage {
    let (l, eid) = (&r.loaded, r.entry);
    let local = local_of(l);
    let nick_of_id = |id: i64| nick_or_dash(l, Some(PersonId(id)));
    LineupPage {
        warnings: unfit_words(&ctx, l, &r.unfit, &local),
        tournament: tournament_title(&ctx, l),
        tournament_url: paths::tournament(l.ctx.championship_id(), l.ctx.id()),
        entry: entry_name(l, eid),
        action: paths::entry_lineup(l.ctx.championship_id(), l.ctx.id(), eid),
        options: player_options(&ctx, r),
        board_order: l
            .ctx
            .regulation
            .ratings
            .board_order
            .map(|tolerance| ctx.t1("lineup-board-order", "tolerance", tolerance)),
        forms: (l.open_lineup_rounds(eid).into_iter())
            .map(|round| lineup_form(l, eid, round, failed))
            .collect(),
        problems: (problems.iter())
            .map(|p| problem_text(ctx.lang, p, &nick_of_id, &local))
            .collect(),
        ctx,
    }
}

/// The entry's players the line-up form offers, each with the rating the
/// regulation counts where it counts one.
fn player_options(ctx: &PageCtx, r: &LineupRead) -> Vec<PlayerOption> {
    let sub_word = ctx.lang.msg(msg!("lineup-substitute"));
    r.loaded
        .players
        .iter()
        .filter(|p| p.entry_id == r.entry)
        .map(|p| {
            let label = if p.substitute {
                format!("{} ({sub_word})", p.nick)
            } else {
                ctx.t1(
                    "lineup-board-player",
                    "nick",
                    format!("{} · {}", p.nick, p.ordinal),
                )
            };
            PlayerOption {
                id: p.person_id,
                label: match r.ratings.get(&p.person_id) {
                    Some(held) => format!("{label} · {}", held.value),
                    None => label,
                },
            }
        })
        .collect()
}

/// The line-up form of one round: what was typed when refused, else the
/// boards as they stand, and the opponent's provisional line-up.
fn lineup_form(
    l: &Loaded,
    eid: EntryId,
    round: i32,
    failed: Option<&(i32, Vec<String>)>,
) -> LineupForm {
    let boards = match failed {
        Some((r, typed)) if *r == round => typed
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, v)| (i + 1, v))
            .collect(),
        _ => l
            .boards_for(eid, round)
            .into_iter()
            .enumerate()
            .map(|(i, p)| (i + 1, p.map(|p| p.to_string()).unwrap_or_default()))
            .collect(),
    };
    LineupForm {
        round,
        boards,
        opponent: opponent_lineup(l, eid, round),
    }
}

/// The opponent's provisional line-up (G-V22), from the games of the
/// published round (a draft is the judges' only).
fn opponent_lineup(l: &Loaded, eid: EntryId, round: i32) -> Option<(String, Vec<String>)> {
    let m = l
        .rounds
        .iter()
        .find(|x| !x.is_playoff() && x.is_published() && x.number == round)
        .and_then(|x| {
            l.matches_of(x.id)
                .find(|m| m.home_entry_id == eid || m.away_entry_id == Some(eid))
        })?;
    let home = m.home_entry_id == eid;
    let other = if home {
        m.away_entry_id?
    } else {
        m.home_entry_id
    };
    let name = l.entries.iter().find(|x| x.id == other)?.name.clone();
    let players = l
        .games_of(m.id)
        .filter(|g| g.game_no == 1)
        .map(|g| {
            nick_or_dash(
                l,
                if home {
                    g.away_player_id
                } else {
                    g.home_player_id
                },
            )
        })
        .collect();
    Some((name, players))
}

/// `GET …/entries/{entry_id}/lineup`: the captain's board line-ups for the
/// rounds still open (G-V22).
pub async fn lineup(
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    path: web::Path<EntryPath>,
) -> Result<HttpResponse, AppError> {
    let p = lineup_page(ctx, &state, &path, user.id, None, Vec::new()).await?;
    page(StatusCode::OK, &p)
}

/// `POST …/entries/{entry_id}/lineup`: fields `round`, `board1`….
pub async fn set_lineup(
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<EntryPath>,
    form: Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let mut form = form.into_inner()?;
    let round: i32 = form
        .get("round")
        .and_then(|r| r.trim().parse().ok())
        .unwrap_or(0);
    let typed: Vec<String> = (1..)
        .map_while(|i| form.remove(&format!("board{i}")))
        .collect();
    let proposal = ops::parse_boards(&typed);
    let (c, t, eid) = (path.championship_id, path.tournament_id, path.entry_id);
    let me = user.id;
    let result = state
        .db(move |conn| {
            belongs(conn, c, t)?;
            Ok(ops::set_lineup(
                conn,
                t,
                eid,
                round,
                &proposal,
                me,
                db::utc_now(),
            ))
        })
        .await?;
    match result {
        Ok(()) => {
            AppSession(&session).flash(
                FlashLevel::Success,
                Message::new(msg!("lineup-saved")).arg("round", round),
            );
            Ok(see_other(&paths::entry_lineup(c, t, eid)))
        }
        Err(PlayError::Refused(problems)) => {
            let p = lineup_page(ctx, &state, &path, me, Some((round, typed)), problems).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
        Err(other) => Err(other.into()),
    }
}

// ---------------------------------------------------------------- match

pub struct GameRow {
    pub id: GameId,
    /// The game's page, and whether its record (PGN) is kept.
    pub game_url: String,
    pub recorded: bool,
    /// The game on its server (lichess), once created there.
    pub server_url: Option<String>,
    /// The match sheet's cell for this game, when the viewer may report
    /// it: what was typed, else the report to confirm, else empty.
    pub cell: Option<String>,
    pub error: Option<String>,
    pub board: i32,
    pub game_no: i32,
    pub home_player: String,
    pub away_player: String,
    /// The players' ratings as the regulation counts them.
    pub home_rating: Option<u16>,
    pub away_rating: Option<u16>,
    /// Whether the home player has White.
    pub home_white: bool,
    pub result: String,
    pub version: i32,
    /// A captain's report waiting for confirmation: result and who.
    pub reported: Option<(String, String)>,
    /// The other side's report the viewer may confirm (its code).
    pub confirm: Option<String>,
    /// Judges: E-6 lateness.
    pub late_url: Option<String>,
}

pub struct SubRow {
    pub announcement: String,
    pub reason: String,
    pub from_game: i32,
    pub at: String,
}

#[derive(Template)]
#[template(path = "tournaments/match.html")]
pub struct MatchPage {
    ctx: PageCtx,
    tournament: String,
    tournament_url: String,
    round: i32,
    table: i32,
    home: String,
    away: String,
    score: String,
    games: Vec<GameRow>,
    /// The match's games as PGN, when any record is kept.
    pgn_url: Option<String>,
    substitutions: Vec<SubRow>,
    /// The viewer may announce a substitution (a captain of a side, or a
    /// judge) while the round runs.
    substitution_url: Option<String>,
    announcement: String,
    /// The lists of the substitution form: boards, each side's substitutes
    /// (person id, nick, chosen) under the entry's name, the match's games.
    sub_boards: Vec<(u32, bool)>,
    sub_choices: Vec<(String, Vec<SubChoice>)>,
    sub_games: Vec<(i32, bool)>,
    problems: Vec<String>,
    /// G-A7: players of the entry who may not play now, with the reasons.
    warnings: Vec<String>,
    /// The captain's match sheet: every game's report in one form.
    report_sheet_url: Option<String>,
    /// G-V33: the reports on this match the viewer may read.
    violations: Vec<ViolationRow>,
    /// G-V33: a captain of the match may report the other side.
    violation_url: Option<String>,
    /// The boards the report may name, with the one chosen.
    violation_boards: Vec<(i32, bool)>,
    violation: ViolationDraft,
}

/// A report to the chief judge as the match page shows it (G-V33).
pub struct ViolationRow {
    pub id: crate::ids::ViolationReportId,
    pub against: String,
    pub board: Option<i32>,
    pub what: String,
    pub by: String,
    pub at: String,
    pub answer: Option<(String, String)>,
    /// The chief judge's form while the report is open.
    pub answer_url: Option<String>,
}

/// What a refused report keeps, and why it was refused.
#[derive(Default)]
pub struct ViolationDraft {
    pub board: Option<i32>,
    pub what: String,
    pub problems: Vec<String>,
}

/// A substitute in the substitution form's list: person id, nick, chosen.
type SubChoice = (i64, String, bool);

/// The substitution form's lists: boards, each side's substitutes under
/// the entry's name, games; each with whether it is chosen.
type SubLists = (
    Vec<(u32, bool)>,
    Vec<(String, Vec<SubChoice>)>,
    Vec<(i32, bool)>,
);

/// The substitution form as typed: the announcement line, or the board,
/// the substitute and the game chosen from the lists.
#[derive(Debug, Default, Clone)]
pub struct SubDraft {
    pub announcement: String,
    pub board: Option<u32>,
    pub replacement: Option<i64>,
    pub from_game: Option<i32>,
}

impl SubDraft {
    /// The form as sent; a list's choice that is not a number is no choice.
    fn of(form: &SubstitutionForm) -> SubDraft {
        SubDraft {
            announcement: form.announcement.clone(),
            board: form.board.trim().parse().ok(),
            replacement: form.replacement.trim().parse().ok(),
            from_game: form.from_game.trim().parse().ok(),
        }
    }

    /// The announcement line when one is typed, else the lists' choice.
    fn announced(&self) -> ops::Announced<'_> {
        match (self.announcement.trim(), self.board, self.replacement) {
            ("", Some(board), Some(p)) => ops::Announced::Chosen {
                board,
                replacement: PersonId(p),
            },
            (text, _, _) => ops::Announced::Text(text),
        }
    }
}

pub(crate) async fn match_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    path: &MatchPath,
    draft: SubDraft,
    problems: Vec<BoardsProblem>,
    typed: HashMap<GameId, String>,
    violation: ViolationDraft,
) -> Result<MatchPage, AppError> {
    let (c, t, mid) = (path.championship_id, path.tournament_id, path.match_id);
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    let read = state
        .db(move |conn| MatchRead::load(conn, viewer, c, t, mid)?.ok_or(AppError::NotFound))
        .await?;
    let lichess = state
        .settings
        .game_servers
        .lichess_url
        .trim_end_matches('/');
    Ok(match_view(
        ctx, &read, draft, &problems, &typed, violation, lichess,
    ))
}

/// The match page in the viewer's words, from its read model.
fn match_view(
    ctx: PageCtx,
    r: &MatchRead,
    draft: SubDraft,
    problems: &[BoardsProblem],
    typed: &HashMap<GameId, String>,
    violation: ViolationDraft,
    lichess: &str,
) -> MatchPage {
    let (l, m, round) = (&r.loaded, &r.the_match, &r.round);
    let (cid, tid) = (l.ctx.championship_id(), l.ctx.id());
    let running = round.is_published() && !l.round_complete(round.id);
    let speaks = r.home_captain || r.away_captain;
    let (cell_errors, problems) = match_problems(&ctx, l, problems);
    let games = game_rows(&ctx, r, typed, &cell_errors, lichess);
    let (sub_boards, sub_choices, sub_games) = substitution_lists(r, &draft);
    let local = local_of(l);
    MatchPage {
        pgn_url: (!r.recorded.is_empty()).then(|| paths::match_pgn(cid, tid, m.id)),
        violations: violation_rows(r),
        violation_url: (round.is_published()
            && l.ctx.tournament.finished_at.is_none()
            && m.away_entry_id.is_some()
            && speaks)
            .then(|| paths::match_violations(cid, tid, m.id)),
        violation_boards: (1..=i32::from(l.ctx.regulation.roster.lineup_players))
            .map(|b| (b, violation.board == Some(b)))
            .collect(),
        violation,
        report_sheet_url: (games.iter().any(|g| g.cell.is_some()))
            .then(|| paths::match_report(cid, tid, m.id)),
        warnings: unfit_words(&ctx, l, &r.unfit, &local),
        tournament: tournament_title(&ctx, l),
        tournament_url: paths::tournament(cid, tid),
        round: round.number,
        table: m.table_no,
        home: entry_name(l, m.home_entry_id),
        away: m
            .away_entry_id
            .map(|x| entry_name(l, x))
            .unwrap_or_default(),
        score: match_score(l, m),
        games,
        substitutions: substitution_rows(&ctx, l, m),
        substitution_url: (running && m.away_entry_id.is_some() && (speaks || r.is_judge))
            .then(|| paths::match_substitution(cid, tid, m.id)),
        announcement: draft.announcement,
        sub_boards,
        sub_choices,
        sub_games,
        problems,
        ctx,
    }
}

/// The championship's time of an instant, as the tournament's pages write it.
fn local_of(l: &Loaded) -> impl Fn(chrono::NaiveDateTime) -> String {
    let tz = l.ctx.tz;
    move |at: chrono::NaiveDateTime| crate::app::rounds::local_text(tz, at)
}

/// A player's nick, or a dash for an empty side.
fn nick_or_dash(l: &Loaded, id: Option<PersonId>) -> String {
    id.and_then(|i| l.nicks.get(&i).cloned())
        .unwrap_or_else(|| "—".to_owned())
}

/// The tournament's title with its championship.
fn tournament_title(ctx: &PageCtx, l: &Loaded) -> String {
    format!(
        "{} · {}",
        ctx.t1("tournament-title", "number", l.ctx.tournament.number),
        l.ctx.championship.name
    )
}

/// The match's score from its games' results.
fn match_score(l: &Loaded, m: &crate::db::rounds::Match) -> String {
    let (mut h, mut a) = (
        crate::rules::score::HalfPoints::ZERO,
        crate::rules::score::HalfPoints::ZERO,
    );
    for g in l.games_of(m.id) {
        if let Some((x, y)) = g.result().points() {
            h += x;
            a += y;
        }
    }
    format!("{h}–{a}")
}

/// A refusal's problems in words: those about one game beside it, the
/// others at the top of the page.
fn match_problems(
    ctx: &PageCtx,
    l: &Loaded,
    problems: &[BoardsProblem],
) -> (HashMap<GameId, String>, Vec<String>) {
    let local = local_of(l);
    let nick_of_id = |id: i64| nick_or_dash(l, Some(PersonId(id)));
    let mut cell_errors = HashMap::new();
    let mut page_problems = Vec::new();
    for p in problems {
        match p {
            BoardsProblem::OnGame { game, problem } => {
                cell_errors.insert(*game, problem_text(ctx.lang, problem, &nick_of_id, &local));
            }
            other => page_problems.push(problem_text(ctx.lang, other, &nick_of_id, &local)),
        }
    }
    (cell_errors, page_problems)
}

/// The report a captain of the other side made, which the viewer (a
/// captain of this side) may confirm.
fn by_other_side(r: &MatchRead, me: Option<PersonId>, reporter: PersonId) -> bool {
    let m = &r.the_match;
    let rep_home = (r.captains.get(&m.home_entry_id)).is_some_and(|v| v.contains(&reporter));
    let rep_away = m
        .away_entry_id
        .and_then(|a| r.captains.get(&a))
        .is_some_and(|v| v.contains(&reporter));
    Some(reporter) != me && ((rep_home && r.away_captain) || (rep_away && r.home_captain))
}

/// The match's games with the captains' sheet cells and the judges' E-6
/// links.
fn game_rows(
    ctx: &PageCtx,
    r: &MatchRead,
    typed: &HashMap<GameId, String>,
    cell_errors: &HashMap<GameId, String>,
    lichess: &str,
) -> Vec<GameRow> {
    let (l, round) = (&r.loaded, &r.round);
    let (cid, tid) = (l.ctx.championship_id(), l.ctx.id());
    let me = ctx.user.as_ref().map(|u| u.id);
    let running = round.is_published() && !l.round_complete(round.id);
    let lateness = l
        .ctx
        .regulation
        .play
        .lateness_forfeit_after_seconds
        .is_some();
    let rating = |p: Option<PersonId>| p.and_then(|p| r.ratings.get(&p)).map(|h| h.value);
    l.games_of(r.the_match.id)
        .map(|g| {
            let open = !g.result().is_final();
            let reportable = running && open && (r.home_captain || r.away_captain);
            let confirm = g.reported_result.clone().filter(|_| {
                g.reported_by.is_some_and(|rep| by_other_side(r, me, rep)) && open && running
            });
            let cell = reportable.then(|| {
                typed.get(&g.id).cloned().unwrap_or_else(|| {
                    (g.reported_result.as_deref())
                        .filter(|_| confirm.is_some() || g.reported_by == me)
                        .and_then(crate::db::rounds::result_from_code)
                        .map(|x| x.notation().to_owned())
                        .unwrap_or_default()
                })
            });
            GameRow {
                id: g.id,
                game_url: paths::game(cid, tid, g.id),
                recorded: r.recorded.contains(&g.id),
                server_url: r
                    .on_server
                    .get(&g.id)
                    .map(|id| [lichess, id.as_str()].join("/")),
                cell,
                error: cell_errors.get(&g.id).cloned(),
                board: g.board,
                game_no: g.game_no,
                home_player: nick_or_dash(l, g.home_player_id),
                away_player: nick_or_dash(l, g.away_player_id),
                home_rating: rating(g.home_player_id),
                away_rating: rating(g.away_player_id),
                home_white: g.home_white,
                result: result_words(&g.result),
                version: g.version,
                reported: (g.reported_result.as_ref())
                    .map(|x| (result_words(x), nick_or_dash(l, g.reported_by))),
                confirm,
                late_url: (r.is_judge && running && open && lateness)
                    .then(|| paths::game_action(cid, tid, g.id, "late")),
            }
        })
        .collect()
}

/// The substitutions announced in the match (G-V31, G-V32, E-2).
fn substitution_rows(ctx: &PageCtx, l: &Loaded, m: &crate::db::rounds::Match) -> Vec<SubRow> {
    l.substitutions
        .iter()
        .filter(|s| s.match_id == m.id)
        .map(|s| SubRow {
            announcement: s.announcement.clone(),
            reason: SubstitutionReason::from_code(&s.reason)
                .map(|x| boards::substitution_reason(x, &l.ctx.regulation.code).render(ctx.lang))
                .unwrap_or_default(),
            from_game: s.from_game,
            at: s
                .recorded_at
                .and_utc()
                .with_timezone(&l.ctx.tz)
                .format("%H:%M")
                .to_string(),
        })
        .collect()
}

/// G-V33: the reports on the match the viewer may read, with the chief
/// judge's form while one is open.
fn violation_rows(r: &MatchRead) -> Vec<ViolationRow> {
    let l = &r.loaded;
    let (cid, tid) = (l.ctx.championship_id(), l.ctx.id());
    let local = local_of(l);
    r.reports
        .iter()
        .map(|v| ViolationRow {
            id: v.id,
            against: entry_name(l, v.against_entry_id),
            board: v.board,
            what: v.what.clone(),
            by: nick_or_dash(l, Some(v.filed_by)),
            at: local(v.filed_at),
            answer: v
                .answer
                .clone()
                .map(|a| (a, nick_or_dash(l, v.answered_by))),
            answer_url: (r.is_chief && v.is_open())
                .then(|| paths::violation_answer(cid, tid, v.id)),
        })
        .collect()
}

/// The lists of the substitution form, for the sides the viewer speaks
/// for: the boards, each side's substitutes (person id, nick, chosen)
/// under the entry's name, and the match's games (the first still open
/// chosen unless the draft chose one).
fn substitution_lists(r: &MatchRead, draft: &SubDraft) -> SubLists {
    let (l, m) = (&r.loaded, &r.the_match);
    let boards_n = l.games_of(m.id).map(|g| g.board).max().unwrap_or(0);
    let sub_boards = (1..=u32::try_from(boards_n).unwrap_or(0))
        .map(|b| (b, draft.board == Some(b)))
        .collect();
    let sub_choices = [
        (m.home_entry_id, r.home_captain),
        (m.away_entry_id.unwrap_or(m.home_entry_id), r.away_captain),
    ]
    .into_iter()
    .filter(|(_, cap)| *cap || r.is_judge)
    .filter(|_| m.away_entry_id.is_some())
    .map(|(entry, _)| {
        let subs = (l.players.iter())
            .filter(|p| p.entry_id == entry && p.substitute)
            .map(|p| {
                let id = p.person_id.0;
                (id, p.nick.clone(), draft.replacement == Some(id))
            })
            .collect();
        (entry_name(l, entry), subs)
    })
    .collect();
    let first_open = (l.games_of(m.id))
        .filter(|g| !g.result().is_final())
        .map(|g| g.game_no)
        .min();
    let games_n = l.games_of(m.id).map(|g| g.game_no).max().unwrap_or(0);
    let sub_games = (1..=games_n)
        .map(|n| (n, draft.from_game.or(first_open) == Some(n)))
        .collect();
    (sub_boards, sub_choices, sub_games)
}

/// `GET …/matches/{match_id}`: one match, its boards, reports and
/// substitutions.
pub async fn show_match(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: NestedPath<MatchPath>,
) -> Result<HttpResponse, AppError> {
    let p = match_page(
        ctx,
        &state,
        &path,
        SubDraft::default(),
        Vec::new(),
        HashMap::new(),
        ViolationDraft::default(),
    )
    .await?;
    page(StatusCode::OK, &p)
}

#[derive(Debug, Deserialize)]
pub struct SubstitutionForm {
    #[serde(default)]
    pub announcement: String,
    /// The lists' choice, used when no announcement is typed.
    #[serde(default)]
    pub board: String,
    #[serde(default)]
    pub replacement: String,
    /// The game the substitute plays from (announced before it).
    #[serde(default)]
    pub from_game: String,
    /// `captain` (G-V31) or `disconnect` (G-V32).
    #[serde(default)]
    pub reason: String,
}

impl TextRules for SubstitutionForm {
    const LONG_LINES: &'static [(&'static str, usize)] = &[("reason", 500)];
}

/// `POST …/matches/{match_id}/substitution`: the captain's announcement.
pub async fn substitute(
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<MatchPath>,
    form: Form<SubstitutionForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let (c, t, mid) = (path.championship_id, path.tournament_id, path.match_id);
    let draft = SubDraft::of(&form);
    let reason = SubstitutionReason::from_code(form.reason.trim())
        .unwrap_or(SubstitutionReason::CaptainDecision);
    let me = user.id;
    let d = draft.clone();
    let result = state
        .db(move |conn| {
            belongs(conn, c, t)?;
            let announced = d.announced();
            Ok(ops::substitute(
                conn,
                t,
                mid,
                announced,
                d.from_game,
                reason,
                me,
                db::utc_now(),
            ))
        })
        .await?;
    match result {
        Ok(done) => {
            AppSession(&session).flash(
                FlashLevel::Success,
                Message::new(msg!("substitution-recorded"))
                    .arg("entry", &done.entry)
                    .arg("board", done.board)
                    .arg("game", done.from_game),
            );
            Ok(see_other(&paths::match_page(c, t, mid)))
        }
        Err(PlayError::Refused(problems)) => {
            let p = match_page(
                ctx,
                &state,
                &path,
                draft,
                problems,
                HashMap::new(),
                ViolationDraft::default(),
            )
            .await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
        Err(other) => Err(other.into()),
    }
}

#[derive(Debug, Deserialize)]
pub struct ReportForm {
    pub result: String,
    pub version: i32,
}

impl TextRules for ReportForm {}

/// Back to the match page of a game, with a refusal or a flash.
async fn after_game_action<T>(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    session: &Session,
    path: &GamePath,
    result: Result<T, BoardsError>,
    done: impl FnOnce(T) -> Message,
) -> Result<HttpResponse, AppError> {
    let (c, t, gid) = (path.championship_id, path.tournament_id, path.game_id);
    let game_path = GamePath {
        championship_id: c,
        tournament_id: t,
        game_id: gid,
    };
    let mid = state
        .db(move |conn| {
            use crate::app::nesting::Nesting;
            if !game_path.nests(conn)? {
                return Err(AppError::NotFound);
            }
            db::rounds::game_by_id(conn, gid)?
                .map(|g| g.match_id)
                .ok_or(AppError::NotFound)
        })
        .await?;
    match result {
        Ok(v) => {
            AppSession(session).flash(FlashLevel::Success, done(v));
            Ok(see_other(&paths::match_page(c, t, mid)))
        }
        Err(PlayError::Refused(problems)) => {
            let status = if problems
                .iter()
                .any(|p| matches!(p, BoardsProblem::Changed { .. } | BoardsProblem::Finished))
            {
                StatusCode::CONFLICT
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            let mp = MatchPath {
                championship_id: c,
                tournament_id: t,
                match_id: mid,
            };
            let p = match_page(
                ctx,
                state,
                &mp,
                SubDraft::default(),
                problems,
                HashMap::new(),
                ViolationDraft::default(),
            )
            .await?;
            page(status, &p)
        }
        Err(other) => Err(other.into()),
    }
}

/// `POST …/matches/{match_id}/report`: a captain reports (or confirms)
/// every game of the match in one sheet (`r{game}` in the notation of
/// `BoardResult::from_notation`, `v{game}` the version shown); every
/// problem is shown beside its game and nothing is stored unless the whole
/// sheet is accepted.
pub async fn report_sheet(
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<MatchPath>,
    form: Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let (cells, mut typed) = read_sheet(&form.into_inner()?)?;
    let (lines, unreadable) = sheet_lines(cells, |game, version, result| ops::ReportLine {
        game,
        version,
        result,
    });
    let problems: Vec<BoardsProblem> = unreadable
        .into_iter()
        .map(|game| BoardsProblem::OnGame {
            game,
            problem: Box::new(BoardsProblem::NotAResult),
        })
        .collect();
    let (c, t, mid) = (path.championship_id, path.tournament_id, path.match_id);
    let me = user.id;
    let outcome = if problems.is_empty() {
        state
            .db(move |conn| {
                belongs(conn, c, t)?;
                Ok(ops::report_match(conn, t, mid, &lines, me, db::utc_now()))
            })
            .await?
    } else {
        Err(PlayError::Refused(problems))
    };
    match outcome {
        Ok(done) => {
            AppSession(&session).flash(
                FlashLevel::Success,
                Message::new(msg!("match-sheet-reported"))
                    .arg("waiting", done.waiting)
                    .arg("confirmed", done.confirmed),
            );
            Ok(see_other(&paths::match_page(c, t, mid)))
        }
        Err(PlayError::Refused(problems)) => {
            let status = sheet_refused(&problems, &mut typed);
            let p = match_page(
                ctx,
                &state,
                &path,
                SubDraft::default(),
                problems,
                typed,
                ViolationDraft::default(),
            )
            .await?;
            page(status, &p)
        }
        Err(other) => Err(other.into()),
    }
}

/// The status of a refused match sheet: 409 when a game changed since the
/// sheet was shown (its cell then shows what it holds now) or the
/// tournament is finished, else 422.
fn sheet_refused(problems: &[BoardsProblem], typed: &mut HashMap<GameId, String>) -> StatusCode {
    let mut status = StatusCode::UNPROCESSABLE_ENTITY;
    for p in problems {
        let inner = match p {
            BoardsProblem::OnGame { game, problem } => {
                if matches!(**problem, BoardsProblem::Changed { .. }) {
                    typed.remove(game);
                }
                problem.as_ref()
            }
            other => other,
        };
        if matches!(
            inner,
            BoardsProblem::Changed { .. } | BoardsProblem::Finished
        ) {
            status = StatusCode::CONFLICT;
        }
    }
    status
}

/// `POST …/games/{game_id}/report`: a captain reports (or confirms) a result.
pub async fn report(
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<GamePath>,
    form: Form<ReportForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let (c, t, gid) = (path.championship_id, path.tournament_id, path.game_id);
    let value = crate::db::rounds::result_from_code(form.result.trim());
    let (me, version) = (user.id, form.version);
    let result = match value {
        None => Err(PlayError::Refused(vec![BoardsProblem::NotAResult])),
        Some(value) => {
            state
                .db(move |conn| {
                    belongs(conn, c, t)?;
                    Ok(ops::report(conn, t, gid, version, value, me, db::utc_now()))
                })
                .await?
        }
    };
    after_game_action(ctx, &state, &session, &path, result, |r| match r {
        ops::Reported::Waiting => msg!("report-waiting").into(),
        ops::Reported::Confirmed => msg!("report-confirmed").into(),
    })
    .await
}

#[derive(Debug, Deserialize)]
pub struct LateForm {
    /// `home` or `away`: whose player came late.
    pub side: String,
    /// `m:ss` or whole minutes.
    pub lateness: String,
    pub version: i32,
}

impl TextRules for LateForm {}

/// `POST …/games/{game_id}/late` (judges, E-6).
pub async fn late(
    desk: JudgeDesk,
    path: web::Path<GamePath>,
    form: Form<LateForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let (gid, judge, version) = (path.game_id, desk.judge, form.version);
    let home = form.side.trim() == "home";
    let result = match ops::parse_lateness(&form.lateness) {
        None => Err(PlayError::Refused(vec![BoardsProblem::BadLateness])),
        Some(seconds) => {
            let lateness = ops::Lateness { home, seconds };
            desk.on(&path.tournament(), move |conn, t| {
                ops::late(conn, t, gid, version, lateness, judge, db::utc_now())
            })
            .await?
        }
    };
    let JudgeDesk {
        ctx,
        state,
        session,
        ..
    } = desk;
    after_game_action(ctx, &state, &session, &path, result, |d: LateArrival| {
        boards::late_arrival(d)
    })
    .await
}

#[derive(Debug, Deserialize)]
pub struct ReasonForm {
    #[serde(default)]
    pub reason: String,
}

impl TextRules for ReasonForm {
    const LONG_LINES: &'static [(&'static str, usize)] = &[("reason", 500)];
}

/// After a judges' action posted from the tournament page: back to it with
/// a flash, the refusal in a flash too (the page has no field for it).
fn back_to_tournament<T>(
    session: &Session,
    path: &TournamentPath,
    result: Result<T, BoardsError>,
    done: impl FnOnce(T) -> Message,
) -> Result<HttpResponse, AppError> {
    match result {
        Ok(v) => AppSession(session).flash(FlashLevel::Success, done(v)),
        Err(PlayError::Refused(problems)) => {
            for p in &problems {
                AppSession(session).flash(FlashLevel::Error, problem(p, &|id| id.to_string()));
            }
        }
        Err(other) => return Err(other.into()),
    }
    Ok(see_other(&paths::tournament(
        path.championship_id,
        path.tournament_id,
    )))
}

/// `POST …/entries/{entry_id}/retire` (judges, G-G2).
pub async fn retire(
    desk: JudgeDesk,
    path: web::Path<EntryPath>,
    form: Form<ReasonForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let (eid, judge, reason) = (path.entry_id, desk.judge, form.reason.clone());
    let tp = path.tournament();
    let result = desk
        .on(&tp, move |conn, t| {
            ops::retire(conn, t, eid, &reason, judge, db::utc_now())
        })
        .await?;
    back_to_tournament(&desk.session, &tp, result, |()| msg!("retire-done").into())
}

/// `POST …/rounds/{round_id}/interrupt` (judges, G-V23).
pub async fn interrupt(
    desk: JudgeDesk,
    path: web::Path<RoundPath>,
    form: Form<ReasonForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let (rid, judge, reason) = (path.round_id, desk.judge, form.reason.clone());
    let tp = path.tournament();
    let result = desk
        .on(&tp, move |conn, t| {
            ops::interrupt(conn, t, rid, &reason, judge, db::utc_now())
        })
        .await?;
    back_to_tournament(&desk.session, &tp, result, |n| {
        Message::new(msg!("interrupt-done")).arg("count", n)
    })
}

//! A tournament's page: schedule, registration (G-B13 line or the form that
//! builds it), the entries with who plays, waits or sits out
//! (G-B13), and withdrawal before the draw.

use std::collections::HashMap;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::ctx::PageCtx;
use super::error::AppError;
use super::guards::SignedIn;
use super::play_view::entry_problem;
use super::session::{AppSession, FlashLevel};
use super::{AppState, page, paths, see_other};
use crate::db::entries::{self as e, EntryStatus};
use crate::db::{self, organizations, people};
use crate::i18n::Message;
use crate::ids::{ChampionshipId, EntryId, TeamId, TournamentId};
use crate::msg;
use crate::play::entries::{self as entry_ops, EntryProblem};
use crate::play::{PlayError, TournamentContext};
use crate::rules::lineup::line_from_fields;
use crate::rules::regulation::EntryTiming;

/// The entry form as submitted: either the one line, or the fields
/// `entry`, `board1`…, `sub1`….
#[derive(Debug, Default)]
pub struct EntryForm {
    pub line: String,
    pub entry: String,
    pub board: Vec<String>,
    pub sub: Vec<String>,
}

impl EntryForm {
    /// The form shows as many board fields as the regulation's line-up
    /// has; each numbered field present is taken, in order.
    fn from_fields(mut f: HashMap<String, String>) -> EntryForm {
        let mut numbered = |prefix: &str| {
            (1..)
                .map_while(|i| f.remove(&format!("{prefix}{i}")))
                .collect::<Vec<_>>()
        };
        let (board, sub) = (numbered("board"), numbered("sub"));
        EntryForm {
            line: f.remove("line").unwrap_or_default(),
            entry: f.remove("entry").unwrap_or_default(),
            board,
            sub,
        }
    }

    /// Both ways of entering go through the same parser (G-B13): the
    /// fields become the line they stand for.
    fn line(&self) -> String {
        if self.line.trim().is_empty() {
            let boards: Vec<&str> = self.board.iter().map(String::as_str).collect();
            let subs: Vec<&str> = self.sub.iter().map(String::as_str).collect();
            line_from_fields(&self.entry, &boards, &subs)
        } else {
            self.line.trim_end_matches(['\r', '\n']).to_owned()
        }
    }
}

pub struct EntryRow {
    pub order: usize,
    pub name: String,
    pub team_url: String,
    pub captain: String,
    pub at: String,
    pub late: bool,
    pub status: String,
    pub boards: String,
    pub substitutes: String,
    pub withdraw_url: Option<String>,
}

#[derive(Template)]
#[template(path = "tournaments/show.html")]
pub struct TournamentPage {
    ctx: PageCtx,
    championship: String,
    championship_url: String,
    number: i32,
    starts: String,
    time_zone: String,
    window: String,
    entries: Vec<EntryRow>,
    /// The form is shown to captains and members of participating teams
    /// while registration is not closed.
    can_enter: bool,
    enter_url: String,
    team_name: String,
    boards: Vec<(usize, String)>,
    subs: Vec<(usize, String)>,
    line: String,
    problems: Vec<String>,
}

/// Path `/championships/{championship_id}/tournaments/{tournament_id}…`.
#[derive(Debug, Deserialize)]
pub struct TournamentPath {
    pub championship_id: i64,
    pub tournament_id: i64,
}

#[derive(Debug, Deserialize)]
pub struct EntryPath {
    pub championship_id: i64,
    pub tournament_id: i64,
    pub entry_id: i64,
}

fn local(ctx: &TournamentContext, at: chrono::NaiveDateTime) -> String {
    at.and_utc()
        .with_timezone(&ctx.tz)
        .format("%Y-%m-%d %H:%M")
        .to_string()
}

/// Loads the tournament and checks it belongs to the championship.
fn load(
    conn: &mut db::DbConnection,
    championship: i64,
    tournament: i64,
) -> Result<TournamentContext, AppError> {
    match TournamentContext::load(conn, TournamentId(tournament))? {
        Some(t) if t.championship.id == championship => Ok(t),
        _ => Err(AppError::NotFound),
    }
}

async fn tournament_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    path: &TournamentPath,
    form: EntryForm,
    problems: Vec<EntryProblem>,
) -> Result<TournamentPage, AppError> {
    let (c, t) = (path.championship_id, path.tournament_id);
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let (tc, entries, players, captains, my_teams, org_names) = state
        .db(move |conn| {
            let tc = load(conn, c, t)?;
            let entries = e::of_tournament(conn, tc.id())?;
            let ids: Vec<i64> = entries.iter().map(|x| x.id).collect();
            let players = e::players_of(conn, &ids)?;
            let mut captains = Vec::new();
            for x in &entries {
                let nick = people::by_id(conn, x.captain())?
                    .map(|p| p.nick)
                    .unwrap_or_default();
                let team = db::teams::by_id(conn, x.team())?;
                captains.push((nick, team.map(|t| t.captain())));
            }
            let my_teams = match viewer {
                Some(v) => entry_ops::teams_for(conn, &tc, v)?,
                None => Vec::new(),
            };
            let org_names: Vec<(i64, String)> = organizations::list(conn)?
                .into_iter()
                .map(|o| (o.id, o.name))
                .collect();
            Ok((tc, entries, players, captains, my_teams, org_names))
        })
        .await?;
    let reg = &tc.regulation;
    let now = db::utc_now();
    let timing = if tc.tournament.drawn_at.is_some() {
        EntryTiming::Closed
    } else {
        reg.entry
            .timing((tc.tournament.starts_at - now).num_seconds())
    };
    let window = match &timing {
        EntryTiming::TooEarly => {
            let opens = i64::from(reg.entry.opens_before_start.unwrap_or(0));
            Message::new(msg!("entry-window-opens"))
                .arg(
                    "at",
                    local(
                        &tc,
                        tc.tournament.starts_at - chrono::Duration::seconds(opens),
                    ),
                )
                .render(ctx.lang)
        }
        EntryTiming::OnTime => ctx.lang.msg(msg!("entry-window-open")),
        EntryTiming::Late { .. } => ctx.lang.msg(msg!("entry-window-late")),
        EntryTiming::Closed => ctx.lang.msg(msg!("entry-window-closed")),
    };
    let field = entry_ops::field_of(&tc, &entries);
    let drawn = tc.tournament.drawn_at.is_some();
    let rows = entries
        .iter()
        .zip(captains)
        .enumerate()
        .map(|(i, (x, (captain, team_captain)))| {
            let status = match x.status() {
                EntryStatus::Withdrawn => ctx.lang.msg(msg!("entry-status-withdrawn")),
                EntryStatus::Retired => ctx.lang.msg(msg!("entry-status-retired")),
                EntryStatus::Entered if field.sitting_out == Some(x.id) => {
                    ctx.lang.msg(msg!("entry-status-sits-out"))
                }
                EntryStatus::Entered => match field.waiting.iter().position(|w| *w == x.id) {
                    Some(p) => ctx.t1("entry-status-waiting", "position", p + 1),
                    None => ctx.lang.msg(msg!("entry-status-playing")),
                },
            };
            let nicks = |substitute: bool| {
                players
                    .iter()
                    .filter(|p| p.entry_id == x.id && p.substitute == substitute)
                    .map(|p| p.nick.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let may_withdraw = !drawn
                && x.status() == EntryStatus::Entered
                && viewer.is_some_and(|v| v == x.captain() || Some(v) == team_captain);
            EntryRow {
                order: i + 1,
                name: x.name.clone(),
                team_url: paths::team(TeamId(x.team_id)),
                captain,
                at: local(&tc, x.submitted_at),
                late: x.late,
                status,
                boards: nicks(false),
                substitutes: nicks(true),
                withdraw_url: may_withdraw
                    .then(|| paths::entry_withdraw(tc.championship_id(), tc.id(), x.id())),
            }
        })
        .collect();
    let org = |id: i64| {
        org_names
            .iter()
            .find(|(o, _)| *o == id)
            .map(|(_, n)| n.clone())
            .unwrap_or_default()
    };
    let problems = problems
        .iter()
        .map(|p| entry_problem(ctx.lang, p, &org, &|at| local(&tc, at)))
        .collect();
    let value = |v: &[String], i: usize| v.get(i).cloned().unwrap_or_default();
    let team_name = if form.entry.is_empty() {
        my_teams.first().map(|t| t.name.clone()).unwrap_or_default()
    } else {
        form.entry.clone()
    };
    Ok(TournamentPage {
        championship: tc.championship.name.clone(),
        championship_url: paths::championship(tc.championship_id()),
        number: tc.tournament.number,
        starts: local(&tc, tc.tournament.starts_at),
        time_zone: tc.championship.time_zone.clone(),
        window,
        entries: rows,
        can_enter: !my_teams.is_empty() && timing != EntryTiming::Closed,
        enter_url: paths::entries(tc.championship_id(), tc.id()),
        team_name,
        boards: (0..usize::from(reg.roster.lineup_players))
            .map(|i| (i + 1, value(&form.board, i)))
            .collect(),
        subs: (0..usize::from(reg.roster.max_substitutes))
            .map(|i| (i + 1, value(&form.sub, i)))
            .collect(),
        line: form.line,
        problems,
        ctx,
    })
}

/// `GET /championships/{c}/tournaments/{t}`.
pub async fn show(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    let p = tournament_page(ctx, &state, &path, EntryForm::default(), Vec::new()).await?;
    page(StatusCode::OK, &p)
}

/// `POST /championships/{c}/tournaments/{t}/entries`: enter (or replace the
/// line of) an entry. Every problem is shown at once and nothing changes.
pub async fn enter(
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<TournamentPath>,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let form = EntryForm::from_fields(form.into_inner());
    let line = form.line();
    let (c, t) = (path.championship_id, path.tournament_id);
    let result = state
        .db(move |conn| {
            load(conn, c, t)?;
            Ok(entry_ops::submit(
                conn,
                TournamentId(t),
                user.id,
                &line,
                db::utc_now(),
            ))
        })
        .await?;
    match result {
        Ok(done) => {
            let flash = match (&done.late_penalty, done.waiting) {
                (_, Some(position)) => Message::new(msg!("entry-accepted-waiting"))
                    .arg("entry", &done.name)
                    .arg("position", position),
                (Some(code), None) => Message::new(msg!("entry-accepted-late"))
                    .arg("entry", &done.name)
                    .arg("code", code),
                (None, None) => Message::new(if done.replaced {
                    msg!("entry-replaced")
                } else {
                    msg!("entry-accepted")
                })
                .arg("entry", &done.name),
            };
            AppSession(&session).flash(FlashLevel::Success, flash);
            Ok(see_other(&paths::tournament(
                ChampionshipId(c),
                TournamentId(t),
            )))
        }
        Err(PlayError::Refused(problems)) => {
            let p = tournament_page(ctx, &state, &path, form, problems).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
        Err(other) => Err(play_error(other)),
    }
}

/// `POST …/entries/{entry_id}/withdraw`: before the draw; the waiting list
/// moves up.
pub async fn withdraw(
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<EntryPath>,
) -> Result<HttpResponse, AppError> {
    let (c, t, id) = (path.championship_id, path.tournament_id, path.entry_id);
    let result = state
        .db(move |conn| {
            load(conn, c, t)?;
            match e::by_id(conn, EntryId(id))? {
                Some(x) if x.tournament_id == t => {}
                _ => return Err(AppError::NotFound),
            }
            Ok(entry_ops::withdraw(
                conn,
                EntryId(id),
                user.id,
                db::utc_now(),
            ))
        })
        .await?;
    match result {
        Ok(x) => {
            AppSession(&session).flash(
                FlashLevel::Success,
                Message::new(msg!("entry-withdrawn")).arg("entry", &x.name),
            );
        }
        Err(PlayError::Refused(_)) => {
            AppSession(&session).flash(FlashLevel::Error, msg!("entry-closed"));
        }
        Err(other) => return Err(play_error(other)),
    }
    Ok(see_other(&paths::tournament(
        ChampionshipId(c),
        TournamentId(t),
    )))
}

fn play_error<P: std::fmt::Debug>(e: PlayError<P>) -> AppError {
    match e {
        PlayError::NotFound => AppError::NotFound,
        PlayError::Forbidden => AppError::Forbidden,
        PlayError::Db(e) => e.into(),
        PlayError::Refused(p) => AppError::Internal(format!("unexpected refusal: {p:?}")),
    }
}

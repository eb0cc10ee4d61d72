//! Appeals and the appeals committee over HTTP (G-D4, G-Zh1, G-Zh2, G-E3):
//! the captain's form on a finished tournament, the championship's list of
//! cases (decisions published, G-D2), the case page where the committee
//! votes and the judges propose what an upheld case changes (a game's
//! result, a penalty imposed or revoked, a team's final place), and the
//! judges' fair-play reports. Refusals are worded here: a person who is not
//! a captain of the tournament gets 403 with the reason on the page; other
//! refusals are 422 with every problem listed.

use std::collections::HashMap;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::app::PlayError;
use crate::app::access::Judges;
use crate::app::appeals::{self as ops, AppealError, AppealProblem, Filing, RemedyAsk, ReportAsk};
use crate::db::{self, appeals::Appeal};
use crate::i18n::{Lang, Message};
use crate::ids::{
    AppealId, AppealRemedyId, ChampionshipId, EntryId, FairPlayReportId, GameId, PenaltyId,
    PersonId, TeamId, TournamentId,
};
use crate::msg;
use crate::paths;
use crate::rules::appeals::{Ground, Seat};
use crate::rules::score::HalfPoints;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{Confirm, Form, TextRules};
use crate::web::infra::guards::{SignedIn, Staff};
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::words::appeals::problem_words;

pub fn case_url(c: ChampionshipId, id: AppealId) -> String {
    crate::paths::fill2(crate::paths::APPEAL, c, id)
}

pub fn cases_url(c: ChampionshipId) -> String {
    crate::paths::fill1(crate::paths::APPEALS, c)
}

fn ground_words(lang: Lang, g: Ground) -> String {
    lang.msg(crate::app::appeals::ground_key(g))
}

fn outcome_words(lang: Lang, case: &Appeal) -> String {
    match case.outcome.as_deref() {
        Some("upheld") => lang.msg(msg!("appeal-upheld")),
        Some("rejected") => lang.msg(msg!("appeal-rejected")),
        _ => lang.msg(msg!("appeal-open")),
    }
}

fn local(tz: chrono_tz::Tz, at: chrono::NaiveDateTime) -> String {
    at.and_utc()
        .with_timezone(&tz)
        .format("%Y-%m-%d %H:%M")
        .to_string()
}

/// A refusal in words: 403 when the person may not file at all (G-D4: only
/// a captain), 422 otherwise; nothing was changed.
fn refusal_status(problems: &[AppealProblem]) -> StatusCode {
    if problems.contains(&AppealProblem::NotCaptain) {
        StatusCode::FORBIDDEN
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    }
}

// ------------------------------------------------------------ filing

#[derive(Template)]
#[template(path = "championships/appeal_form.html")]
pub struct FilePage {
    ctx: PageCtx,
    championship: String,
    championship_url: String,
    tournament: String,
    action: String,
    open: bool,
    teams: Vec<(TeamId, String)>,
    problems: Vec<String>,
    form: FileForm,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct FileForm {
    pub what_happened: String,
    pub claim: String,
    pub contested: String,
    pub game_ref: String,
    pub concerned_team: String,
}

impl TextRules for FileForm {
    const BLOCKS: &'static [(&'static str, usize)] = &[
        ("what_happened", 5_000),
        ("claim", 5_000),
        ("contested", 5_000),
    ];
}

async fn file_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    t: TournamentId,
    problems: Vec<String>,
    form: FileForm,
) -> Result<FilePage, AppError> {
    let (championship, tour, teams) = state
        .db(move |conn| {
            let championship = db::championships::by_id(conn, c)?.ok_or(AppError::NotFound)?;
            let tour = db::tournaments::by_id(conn, t)?
                .filter(|x| x.championship_id == c)
                .ok_or(AppError::NotFound)?;
            let mut teams: Vec<(TeamId, String)> = Vec::new();
            for e in db::entries::of_tournament(conn, t)? {
                if !teams.iter().any(|(id, _)| *id == e.team_id)
                    && let Some(team) = db::teams::by_id(conn, e.team_id)?
                {
                    teams.push((team.id, team.name));
                }
            }
            Ok((championship, tour, teams))
        })
        .await?;
    Ok(FilePage {
        tournament: Message::new(msg!("tournament-title"))
            .arg("number", tour.number)
            .render(ctx.lang),
        championship: championship.name,
        championship_url: paths::championship(c),
        action: crate::paths::fill2(crate::paths::APPEAL_FILE, c, t),
        open: tour.finished_at.is_some(),
        teams,
        problems,
        form,
        ctx,
    })
}

/// `GET …/tournaments/{t}/appeal`: the form once the tournament is
/// finished; before that the page says why it is closed (G-D4).
pub async fn file_form(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<(ChampionshipId, TournamentId)>,
) -> Result<HttpResponse, AppError> {
    let (c, t) = path.into_inner();
    page(
        StatusCode::OK,
        &file_page(ctx, &state, c, t, Vec::new(), FileForm::default()).await?,
    )
}

/// `POST …/tournaments/{t}/appeal`: a captain files.
pub async fn file(
    ctx: PageCtx,
    user: SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(ChampionshipId, TournamentId)>,
    form: Form<FileForm>,
) -> Result<HttpResponse, AppError> {
    let (c, t) = path.into_inner();
    let form = form.into_inner()?;
    let filing = Filing {
        what_happened: form.what_happened.clone(),
        claim: form.claim.clone(),
        contested: form.contested.clone(),
        game_ref: form.game_ref.clone(),
        concerned_team: form.concerned_team.trim().parse().ok(),
    };
    let person = user.0.id;
    let exists =
        state
            .db(move |conn| {
                Ok(db::tournaments::by_id(conn, t)?.is_some_and(|x| x.championship_id == c))
            })
            .await?;
    if !exists {
        return Err(AppError::NotFound);
    }
    let result = state
        .db(move |conn| Ok(ops::file(conn, t, person, &filing, db::utc_now())))
        .await?;
    match result {
        Ok(id) => {
            AppSession(&session).flash(FlashLevel::Success, msg!("appeal-filed"));
            Ok(see_other(&case_url(c, id)))
        }
        Err(PlayError::Refused(problems)) => {
            let status = refusal_status(&problems);
            let words = problems
                .iter()
                .map(|p| problem_words(ctx.lang, p))
                .collect();
            page(status, &file_page(ctx, &state, c, t, words, form).await?)
        }
        Err(e) => Err(other(e)),
    }
}

fn other(e: AppealError) -> AppError {
    match e {
        PlayError::NotFound | PlayError::Refused(_) => AppError::NotFound,
        PlayError::Forbidden => AppError::Forbidden,
        PlayError::Db(e) => e.into(),
    }
}

// ------------------------------------------------------------ the list

pub struct CaseRow {
    pub url: String,
    pub id: AppealId,
    pub title: String,
    pub status: String,
    pub decided: String,
}

pub struct ReportRow {
    pub id: FairPlayReportId,
    pub person: String,
    pub tournament: String,
    pub grounds: String,
    pub notes: String,
    pub by: String,
    pub refer_url: String,
    /// The case the report went to (G-G7), with its name: a report goes
    /// before the committee once.
    pub case: Option<(String, String)>,
}

#[derive(Template)]
#[template(path = "championships/appeals.html")]
pub struct CasesPage {
    ctx: PageCtx,
    /// The championship's players, suggested for a fair-play report.
    players: Vec<String>,
    championship: String,
    championship_url: String,
    championship_id: ChampionshipId,
    is_judge: bool,
    cases: Vec<CaseRow>,
    reports: Vec<ReportRow>,
    report_action: String,
    tournaments: Vec<(TournamentId, String)>,
    grounds: Vec<(String, String)>,
    problems: Vec<String>,
}

/// The case's title; a fair-play case (G-G7) names the accused player
/// when given (`accused`: only where the case may be read, as its text).
fn case_title(
    lang: Lang,
    case: &Appeal,
    tournament_no: i32,
    team: Option<String>,
    accused: Option<String>,
) -> String {
    Message::new(match (case.kind == "fair_play", &accused) {
        (true, Some(_)) => msg!("appeal-title-fairplay-accused"),
        (true, None) => msg!("appeal-title-fairplay"),
        (false, _) => msg!("appeal-title"),
    })
    .arg("id", case.id)
    .arg("number", tournament_no)
    .arg("team", team.unwrap_or_default())
    .arg("player", accused.unwrap_or_default())
    .render(lang)
}

/// The accused player's nick of a fair-play case, when `shown`.
fn accused_nick(
    conn: &mut db::DbConnection,
    case: &Appeal,
    shown: bool,
) -> Result<Option<String>, crate::db::QueryError> {
    if !shown {
        return Ok(None);
    }
    Ok(crate::app::appeals::accused_of(conn, case)?.map(|(_, nick)| nick))
}

/// The decided cases of a championship, for its page and the season page
/// (G-D2: decisions are published): (case URL, title, outcome, who and when).
pub struct Decision {
    /// The case's number.
    pub id: AppealId,
    /// When it was decided (UTC), for the Atom feed.
    pub at: chrono::NaiveDateTime,
    pub url: String,
    pub title: String,
    pub outcome: String,
    pub by: String,
}

pub fn decisions(
    conn: &mut db::DbConnection,
    lang: Lang,
    c: ChampionshipId,
) -> Result<Vec<Decision>, crate::db::QueryError> {
    let tz = db::championships::by_id(conn, c)?.map_or(chrono_tz::UTC, |x| x.tz());
    let mut out = Vec::new();
    for case in db::appeals::of_championship(conn, c)? {
        let Some(at) = case.decided_at else { continue };
        let number = db::tournaments::by_id(conn, case.tournament_id)?.map_or(0, |t| t.number);
        let team = team_name(conn, case.filing_team_id.or(case.concerned_team_id))?;
        let who = crate::app::penalties::nick_of(conn, case.decided_by)?.unwrap_or_default();
        out.push(Decision {
            id: case.id,
            at,
            url: case_url(c, case.id),
            // Decided, the case is published (G-D2), the accused with it.
            title: case_title(lang, &case, number, team, accused_nick(conn, &case, true)?),
            outcome: outcome_words(lang, &case),
            by: Message::new(msg!("season-deduction-by"))
                .arg("who", who)
                .arg("at", local(tz, at))
                .render(lang),
        });
    }
    Ok(out)
}

fn team_name(
    conn: &mut db::DbConnection,
    id: Option<TeamId>,
) -> Result<Option<String>, crate::db::QueryError> {
    Ok(match id {
        Some(id) => db::teams::by_id(conn, id)?.map(|t| t.name),
        None => None,
    })
}

async fn is_judge(
    state: &web::Data<AppState>,
    ctx: &PageCtx,
    c: ChampionshipId,
) -> Result<bool, AppError> {
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    state
        .db(move |conn| Ok(crate::app::access::holds::<Judges>(conn, viewer, c)?))
        .await
}

async fn cases_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    problems: Vec<String>,
) -> Result<CasesPage, AppError> {
    let lang = ctx.lang;
    let judge = is_judge(state, &ctx, c).await?;
    let (championship, cases, reports, (tournaments, players)) = state
        .db(move |conn| {
            let championship = db::championships::by_id(conn, c)?.ok_or(AppError::NotFound)?;
            let players = if judge {
                db::teams::member_nicks_of_championship(conn, c)?
            } else {
                Vec::new()
            };
            let tz = championship.tz();
            let all = db::tournaments::of_championship(conn, c)?;
            let number = |id: TournamentId| all.iter().find(|t| t.id == id).map_or(0, |t| t.number);
            let mut cases = Vec::new();
            for case in db::appeals::of_championship(conn, c)? {
                let team = team_name(conn, case.filing_team_id.or(case.concerned_team_id))?;
                let decided = match case.decided_at {
                    Some(at) => Message::new(msg!("season-deduction-by"))
                        .arg(
                            "who",
                            crate::app::penalties::nick_of(conn, case.decided_by)?
                                .unwrap_or_default(),
                        )
                        .arg("at", local(tz, at))
                        .render(lang),
                    None => String::new(),
                };
                cases.push(CaseRow {
                    url: case_url(c, case.id),
                    id: case.id,
                    // Pending, the accused is named to the judges only.
                    title: case_title(
                        lang,
                        &case,
                        number(case.tournament_id),
                        team,
                        accused_nick(conn, &case, judge || !case.is_open())?,
                    ),
                    status: outcome_words(lang, &case),
                    decided,
                });
            }
            let mut reports = Vec::new();
            if judge {
                let referred: HashMap<_, _> = db::appeals::cases_of_reports(conn, c)?
                    .into_iter()
                    .collect();
                for r in db::appeals::reports_of(conn, c)? {
                    reports.push(ReportRow {
                        id: r.id,
                        person: crate::app::penalties::nick_of(conn, Some(r.person_id))?
                            .unwrap_or_default(),
                        tournament: Message::new(msg!("tournament-title"))
                            .arg("number", number(r.tournament_id))
                            .render(lang),
                        grounds: r
                            .grounds
                            .split(',')
                            .filter_map(Ground::parse)
                            .map(|g| ground_words(lang, g))
                            .collect::<Vec<_>>()
                            .join("; "),
                        notes: r.notes.clone(),
                        by: Message::new(msg!("season-deduction-by"))
                            .arg(
                                "who",
                                crate::app::penalties::nick_of(conn, r.recorded_by)?
                                    .unwrap_or_default(),
                            )
                            .arg("at", local(tz, r.recorded_at))
                            .render(lang),
                        refer_url: crate::paths::fill2(crate::paths::FAIR_PLAY_REFER, c, r.id),
                        case: referred.get(&r.id).map(|case| {
                            (
                                case_url(c, *case),
                                Message::new(msg!("fairplay-referred"))
                                    .arg("case", case.0)
                                    .render(lang),
                            )
                        }),
                    });
                }
            }
            let tournaments = all
                .iter()
                .map(|t| {
                    (
                        t.id,
                        Message::new(msg!("tournament-title"))
                            .arg("number", t.number)
                            .render(lang),
                    )
                })
                .collect();
            Ok((championship, cases, reports, (tournaments, players)))
        })
        .await?;
    Ok(CasesPage {
        players,
        championship: championship.name,
        championship_url: paths::championship(c),
        championship_id: c,
        is_judge: judge,
        cases,
        reports,
        report_action: crate::paths::fill1(crate::paths::FAIR_PLAY, c),
        tournaments,
        grounds: Ground::ALL
            .into_iter()
            .map(|g| (g.as_str().to_owned(), ground_words(lang, g)))
            .collect(),
        problems,
        ctx,
    })
}

/// `GET /championships/{id}/appeals`: public list; judges see the
/// fair-play reports and their form.
pub async fn list(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<ChampionshipId>,
) -> Result<HttpResponse, AppError> {
    let c = path.into_inner();
    page(
        StatusCode::OK,
        &cases_page(ctx, &state, c, Vec::new()).await?,
    )
}

/// The fair-play report's fields, as sent (`ground` repeats): the notes
/// are a text of several lines, as the evidence page fills them in.
#[derive(Deserialize, Default)]
#[serde(transparent)]
pub struct ReportFields(Vec<(String, String)>);

impl TextRules for ReportFields {
    const BLOCKS: &'static [(&'static str, usize)] = &[("notes", 2_000)];
}

/// `POST /championships/{id}/fair-play` (judges): G-E3.
pub async fn report(
    ctx: PageCtx,
    staff: Staff<Judges>,
    state: web::Data<AppState>,
    session: Session,
    form: Form<ReportFields>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let judge = staff.user.id;
    let mut ask = ReportAsk::default();
    for (k, v) in form.into_inner()?.0 {
        match k.as_str() {
            "tournament" => ask.tournament = v.trim().parse().unwrap_or_default(),
            "nick" => ask.nick = v,
            "ground" => ask.grounds.push(v),
            "notes" => ask.notes = v,
            _ => {}
        }
    }
    let result = state
        .db(move |conn| Ok(ops::report(conn, c, judge, &ask, db::utc_now())))
        .await?;
    from_cases_page(ctx, &state, c, result, |id| {
        AppSession(&session).flash(FlashLevel::Success, msg!("fairplay-recorded"));
        see_other(&format!("{}#report-{id}", cases_url(c)))
    })
    .await
}

/// Ends a judge's action posted from the cases page: `done`, or the page
/// again with the refusal.
async fn from_cases_page<T>(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    result: Result<T, AppealError>,
    done: impl FnOnce(T) -> HttpResponse,
) -> Result<HttpResponse, AppError> {
    match result {
        Ok(v) => Ok(done(v)),
        Err(PlayError::Refused(problems)) => {
            let words = problems
                .iter()
                .map(|p| problem_words(ctx.lang, p))
                .collect();
            page(
                StatusCode::UNPROCESSABLE_ENTITY,
                &cases_page(ctx, state, c, words).await?,
            )
        }
        Err(e) => Err(other(e)),
    }
}

/// `POST /championships/{id}/fair-play/{report}/refer` (judges): the
/// report becomes a G-G7 case before the committee.
pub async fn refer(
    ctx: PageCtx,
    staff: Staff<Judges>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(ChampionshipId, FairPlayReportId)>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let judge = staff.user.id;
    let report = path.1;
    let result = state
        .db(move |conn| Ok(ops::refer(conn, c, report, judge, db::utc_now())))
        .await?;
    from_cases_page(ctx, &state, c, result, |id| {
        AppSession(&session).flash(FlashLevel::Success, msg!("appeal-filed"));
        see_other(&case_url(c, id))
    })
    .await
}

// ------------------------------------------------------------ one case

pub struct MemberView {
    pub nick: String,
    pub weight: i32,
    pub vote: String,
}

pub struct RemedyView {
    pub text: String,
    /// The judges' form to withdraw it while the case is open.
    pub withdraw_url: String,
}

#[derive(Template)]
#[template(path = "championships/appeal.html")]
pub struct CasePage {
    ctx: PageCtx,
    d: CaseData,
    problems: Vec<String>,
}

/// What the case page shows besides the context.
pub struct CaseData {
    championship: String,
    cases_url: String,
    base: String,
    title: String,
    status: String,
    open: bool,
    filed: String,
    what_happened: String,
    claim: String,
    contested: String,
    game_ref: String,
    concerned: String,
    members: Vec<MemberView>,
    tally: String,
    remedies: Vec<RemedyView>,
    supervised: String,
    can_vote: bool,
    is_judge: bool,
    /// A pending case read by somebody who is neither a party nor on its
    /// committee: its text, proposals and votes are not shown.
    sealed: bool,
    /// The tournament's placed entries (id, name), for the standing remedy.
    placed: Vec<(EntryId, String)>,
    /// The remedy form's lists: the tournament's games by round (as the
    /// pages name them), the regulation's penalty rules, the tournament's
    /// teams and the championship's penalties in force.
    game_groups: Vec<(String, Vec<(GameId, String)>)>,
    rules: Vec<(String, String)>,
    teams: Vec<(TeamId, String)>,
    penalties: Vec<(PenaltyId, String)>,
    /// The tournament's players, suggested for the supervised game.
    players: Vec<String>,
}

/// The tournament's games as the pages name them ("round 2 · table 1,
/// board 4/2: la4 – sl4 (1-0)"), grouped by round, for the remedy form
/// and the remedies' words.
fn game_labels(lang: Lang, l: &crate::app::rounds::Loaded) -> Vec<(String, Vec<(GameId, String)>)> {
    let nick = |id: Option<PersonId>| {
        id.and_then(|i| l.nicks.get(&i).cloned())
            .unwrap_or_else(|| "—".to_owned())
    };
    l.rounds
        .iter()
        .filter(|r| r.is_published())
        .map(|r| {
            let games = l
                .matches
                .iter()
                .filter(|m| m.round_id == r.id)
                .flat_map(|m| l.games_of(m.id).map(move |g| (m, g)))
                .map(|(m, g)| {
                    let board = if g.game_no > 1 {
                        format!("{}/{}", g.board, g.game_no)
                    } else {
                        g.board.to_string()
                    };
                    let label = Message::new(msg!("appeal-game-option"))
                        .arg("round", r.number)
                        .arg("table", m.table_no)
                        .arg("board", board)
                        .arg("home", nick(g.home_player_id))
                        .arg("away", nick(g.away_player_id))
                        .arg("result", crate::db::rounds::result_words(&g.result))
                        .render(lang);
                    (g.id, label)
                })
                .collect();
            (
                Message::new(msg!("round-title"))
                    .arg("round", r.number)
                    .render(lang),
                games,
            )
        })
        .collect()
}

async fn case_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    id: AppealId,
    problems: Vec<String>,
) -> Result<CasePage, AppError> {
    let lang = ctx.lang;
    let judge = is_judge(state, &ctx, c).await?;
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let d = state
        .db(move |conn| {
            let championship = db::championships::by_id(conn, c)?.ok_or(AppError::NotFound)?;
            let tz = championship.tz();
            let case = db::appeals::by_id(conn, id)?
                .filter(|x| x.championship_id == c)
                .ok_or(AppError::NotFound)?;
            let number = db::tournaments::by_id(conn, case.tournament_id)?.map_or(0, |t| t.number);
            let filing = team_name(conn, case.filing_team_id)?;
            let concerned = team_name(conn, case.concerned_team_id)?.unwrap_or_default();
            let members = ops::committee(conn, &case)?;
            let votes = db::appeals::votes_of(conn, id)?;
            let mut views = Vec::new();
            for m in &members {
                let nick =
                    crate::app::penalties::nick_of(conn, Some(m.person))?.unwrap_or_default();
                let vote = votes.iter().find(|(p, _, _)| *p == m.person).map_or_else(
                    String::new,
                    |(_, u, _)| {
                        lang.msg(if *u {
                            msg!("appeal-vote-uphold")
                        } else {
                            msg!("appeal-vote-reject")
                        })
                    },
                );
                views.push(MemberView {
                    nick: if m.seat == Seat::ChiefJudge {
                        format!("{nick} [TD]")
                    } else {
                        nick
                    },
                    weight: m.weight(),
                    vote,
                });
            }
            let t = crate::rules::appeals::tally(
                &members,
                &votes.iter().map(|(p, u, _)| (*p, *u)).collect::<Vec<_>>(),
            );
            let loaded = crate::app::rounds::Loaded::load(conn, case.tournament_id)?
                .ok_or(AppError::NotFound)?;
            let game_groups = game_labels(lang, &loaded);
            let game_label = |g: Option<GameId>| {
                g.and_then(|g| {
                    game_groups
                        .iter()
                        .flat_map(|(_, gs)| gs.iter())
                        .find(|(id, _)| *id == g)
                        .map(|(_, label)| label.clone())
                })
                .unwrap_or_default()
            };
            let rules: Vec<(String, String)> = loaded
                .ctx
                .regulation
                .penalties
                .iter()
                .map(|p| (p.code.clone(), crate::words::penalties::rule_title(lang, p)))
                .collect();
            let mut teams: Vec<(TeamId, String)> = Vec::new();
            for e in &loaded.entries {
                if !teams.iter().any(|(t, _)| *t == e.team_id) {
                    let name = team_name(conn, Some(e.team_id))?.unwrap_or_default();
                    teams.push((e.team_id, name));
                }
            }
            let mut penalties = Vec::new();
            for p in db::penalties::of_championship(conn, c)?
                .into_iter()
                .filter(db::penalties::Penalty::in_force)
            {
                let team = team_name(conn, Some(p.team_id))?.unwrap_or_default();
                let label = Message::new(msg!("appeal-penalty-option"))
                    .arg(
                        "code",
                        crate::words::penalties::code_words(lang, &loaded.ctx.regulation, &p.code),
                    )
                    .arg("team", team)
                    .arg("amount", p.amount())
                    .render(lang);
                penalties.push((p.id, label));
            }
            let mut players: Vec<String> = loaded
                .players
                .iter()
                .filter_map(|p| loaded.nicks.get(&p.person_id).cloned())
                .collect();
            players.sort();
            players.dedup();
            let mut remedies = Vec::new();
            for r in db::appeals::remedies_of(conn, id)? {
                let text = match r.kind.as_str() {
                    "game_result" => Message::new(msg!("appeal-remedy-game"))
                        .arg("game", game_label(r.game_id))
                        .arg("result", r.result.clone().unwrap_or_default())
                        .render(lang),
                    "impose" => Message::new(msg!("appeal-remedy-impose"))
                        .arg("code", r.code.clone().unwrap_or_default())
                        .arg("team", team_name(conn, r.team_id)?.unwrap_or_default())
                        .render(lang),
                    "standing" => {
                        let entry = match r.entry_id {
                            Some(e) => db::entries::by_id(conn, e)?
                                .map(|x| x.name)
                                .unwrap_or_default(),
                            None => String::new(),
                        };
                        Message::new(msg!("appeal-remedy-standing"))
                            .arg("entry", entry)
                            .arg("place", r.place.unwrap_or_default())
                            .render(lang)
                    }
                    _ => Message::new(msg!("appeal-remedy-revoke"))
                        .arg(
                            "penalty",
                            penalties
                                .iter()
                                .find(|(p, _)| Some(*p) == r.penalty_id)
                                .map(|(_, label)| label.clone())
                                .unwrap_or_else(|| {
                                    r.penalty_id.map(|p| p.to_string()).unwrap_or_default()
                                }),
                        )
                        .render(lang),
                };
                remedies.push(RemedyView {
                    text,
                    withdraw_url: format!("{}/remedies/{}/withdraw", case_url(c, id), r.id),
                });
            }
            let supervised = match case.supervised_person_id {
                Some(p) => Message::new(msg!("appeal-supervised-state"))
                    .arg(
                        "nick",
                        crate::app::penalties::nick_of(conn, Some(p))?.unwrap_or_default(),
                    )
                    .arg(
                        "state",
                        lang.msg(match case.supervised_outcome.as_deref() {
                            Some("refused") => msg!("appeal-supervised-refused"),
                            Some("played") => msg!("appeal-supervised-played"),
                            _ => msg!("appeal-supervised-demanded"),
                        }),
                    )
                    .render(lang),
                None => String::new(),
            };
            let filer = crate::app::penalties::nick_of(conn, case.filed_by)?.unwrap_or_default();
            let entries = db::entries::of_tournament(conn, case.tournament_id)?;
            let placed = db::results::places_of_tournament(conn, case.tournament_id)?
                .into_iter()
                .filter_map(|(e, _, _)| {
                    entries
                        .iter()
                        .find(|x| x.id == e)
                        .map(|x| (x.id, x.name.clone()))
                })
                .collect();
            let can_vote = case.is_open()
                && viewer.is_some_and(|v| {
                    ops::seat_of(&members, v).is_some() && !votes.iter().any(|(p, _, _)| *p == v)
                });
            // Until the decision the case is the parties' and the
            // committee's: the filer, the captains of the two teams, the
            // committee and the championship's judges.
            let mut party = false;
            if let Some(v) = viewer {
                party = case.filed_by == Some(v) || ops::seat_of(&members, v).is_some();
                for team in [case.filing_team_id, case.concerned_team_id]
                    .into_iter()
                    .flatten()
                {
                    party |= db::teams::by_id(conn, team)?.is_some_and(|t| t.captain_id == v);
                }
            }
            let sealed = case.is_open() && !(judge || party);
            let shown = |text: &str| {
                if sealed {
                    String::new()
                } else {
                    text.to_owned()
                }
            };
            Ok(CaseData {
                championship: championship.name.clone(),
                cases_url: cases_url(c),
                base: case_url(c, id),
                title: case_title(
                    lang,
                    &case,
                    number,
                    // The team of the case, as the list names it.
                    filing.or_else(|| Some(concerned.clone()).filter(|n| !n.is_empty())),
                    accused_nick(conn, &case, !sealed)?,
                ),
                status: outcome_words(lang, &case),
                open: case.is_open(),
                filed: Message::new(msg!("season-deduction-by"))
                    .arg("who", filer)
                    .arg("at", local(tz, case.filed_at))
                    .render(lang),
                what_happened: shown(&case.what_happened),
                claim: shown(&case.claim),
                contested: shown(&case.contested),
                game_ref: shown(&case.game_ref),
                concerned,
                members: if sealed {
                    views
                        .into_iter()
                        .map(|m| MemberView {
                            vote: String::new(),
                            ..m
                        })
                        .collect()
                } else {
                    views
                },
                tally: if sealed {
                    String::new()
                } else {
                    Message::new(msg!("appeal-tally"))
                        .arg("uphold", t.uphold)
                        .arg("reject", t.reject)
                        .render(lang)
                },
                remedies: if sealed { Vec::new() } else { remedies },
                sealed,
                game_groups,
                rules,
                teams,
                penalties,
                players,
                supervised,
                can_vote,
                is_judge: judge,
                placed,
            })
        })
        .await?;
    Ok(CasePage { ctx, d, problems })
}

/// `GET /championships/{id}/appeals/{case}`: a decided case is public
/// (decisions are published); a pending one shows its text only to the
/// parties, the committee and the judges; members see the vote form.
pub async fn show(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<(ChampionshipId, AppealId)>,
) -> Result<HttpResponse, AppError> {
    let (c, id) = path.into_inner();
    page(
        StatusCode::OK,
        &case_page(ctx, &state, c, id, Vec::new()).await?,
    )
}

async fn answer(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    session: &Session,
    c: ChampionshipId,
    id: AppealId,
    result: Result<(), AppealError>,
    done: crate::i18n::MsgKey,
) -> Result<HttpResponse, AppError> {
    match result {
        Ok(()) => {
            AppSession(session).flash(FlashLevel::Success, done);
            Ok(see_other(&case_url(c, id)))
        }
        Err(PlayError::Refused(problems)) => {
            let words = problems
                .iter()
                .map(|p| problem_words(ctx.lang, p))
                .collect();
            page(
                StatusCode::UNPROCESSABLE_ENTITY,
                &case_page(ctx, state, c, id, words).await?,
            )
        }
        Err(e) => Err(other(e)),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct VoteForm {
    pub vote: String,
}

impl TextRules for VoteForm {}

/// `POST …/appeals/{case}/vote`: committee members only (403 otherwise).
pub async fn vote(
    ctx: PageCtx,
    user: SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(ChampionshipId, AppealId)>,
    form: Form<VoteForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let (c, id) = path.into_inner();
    let person: PersonId = user.0.id;
    let uphold = match form.vote.as_str() {
        "uphold" => true,
        "reject" => false,
        _ => return Err(AppError::BadRequest(msg!("appeal-vote-choice"))),
    };
    let result = state
        .db(move |conn| Ok(ops::vote(conn, c, id, person, uphold, db::utc_now())))
        .await?;
    answer(ctx, &state, &session, c, id, result, msg!("appeal-voted")).await
}

/// `POST …/appeals/{case}/decide` (judges): the vote is closed.
pub async fn decide(
    ctx: PageCtx,
    staff: Staff<Judges>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(ChampionshipId, AppealId)>,
    form: Form<Confirm>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let judge = staff.user.id;
    let id = path.1;
    let result = if form.into_inner()?.given() {
        state
            .db(move |conn| Ok(ops::decide(conn, c, id, judge, db::utc_now()).map(drop)))
            .await?
    } else {
        Err(PlayError::Refused(vec![
            crate::app::appeals::AppealProblem::NotConfirmed,
        ]))
    };
    answer(ctx, &state, &session, c, id, result, msg!("appeal-decided")).await
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct RemedyForm {
    pub kind: String,
    pub game: String,
    pub result: String,
    pub code: String,
    pub team: String,
    pub amount_halves: String,
    pub penalty: String,
    /// Standing: the entry and its final place.
    pub entry: String,
    pub place: String,
}

impl TextRules for RemedyForm {}

/// `POST …/appeals/{case}/remedies` (judges): what an upheld case changes.
pub async fn propose(
    ctx: PageCtx,
    staff: Staff<Judges>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(ChampionshipId, AppealId)>,
    form: Form<RemedyForm>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let judge = staff.user.id;
    let id = path.1;
    let f = form.into_inner()?;
    fn num<T: std::str::FromStr + Default>(s: &str) -> T {
        s.trim().parse().unwrap_or_default()
    }
    let ask = match f.kind.as_str() {
        "game_result" => RemedyAsk::GameResult {
            game: num(&f.game),
            result: f.result.clone(),
        },
        "impose" => RemedyAsk::Impose {
            code: f.code.clone(),
            team: num(&f.team),
            amount: f.amount_halves.trim().parse().ok().map(HalfPoints),
        },
        "standing" => RemedyAsk::Standing {
            entry: num(&f.entry),
            place: f.place.trim().parse().unwrap_or(0),
        },
        _ => RemedyAsk::Revoke {
            penalty: num(&f.penalty),
        },
    };
    let result = state
        .db(move |conn| Ok(ops::propose(conn, c, id, judge, &ask, db::utc_now()).map(drop)))
        .await?;
    answer(
        ctx,
        &state,
        &session,
        c,
        id,
        result,
        msg!("appeal-remedy-added"),
    )
    .await
}

/// `POST …/appeals/{case}/remedies/{remedy}/withdraw` (judges).
pub async fn withdraw_remedy(
    ctx: PageCtx,
    staff: Staff<Judges>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(ChampionshipId, AppealId, AppealRemedyId)>,
) -> Result<HttpResponse, AppError> {
    let (c, judge) = (staff.championship, staff.user.id);
    let (_, id, remedy) = path.into_inner();
    let result = state
        .db(move |conn| Ok(ops::withdraw_remedy(conn, c, id, remedy, judge)))
        .await?;
    answer(
        ctx,
        &state,
        &session,
        c,
        id,
        result,
        msg!("appeal-remedy-withdrawn"),
    )
    .await
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct SupervisedForm {
    /// A nick demands the game; `refused` / `played` records what came of it.
    pub nick: String,
    pub outcome: String,
}

impl TextRules for SupervisedForm {}

/// `POST …/appeals/{case}/supervised` (judges, for the committee): G-Zh2.
pub async fn supervised(
    ctx: PageCtx,
    staff: Staff<Judges>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(ChampionshipId, AppealId)>,
    form: Form<SupervisedForm>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let judge = staff.user.id;
    let id = path.1;
    let f = form.into_inner()?;
    let now = db::utc_now();
    let done = if f.outcome == "refused" {
        msg!("appeal-supervised-refused-saved")
    } else {
        msg!("appeal-supervised-saved")
    };
    let result = state
        .db(move |conn| {
            Ok(match f.outcome.as_str() {
                "refused" => ops::record_supervised(conn, c, id, judge, true, now),
                "played" => ops::record_supervised(conn, c, id, judge, false, now),
                _ => ops::demand_supervised(conn, c, id, judge, &f.nick, now),
            })
        })
        .await?;
    answer(ctx, &state, &session, c, id, result, done).await
}

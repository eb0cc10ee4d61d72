//! Appeals and the appeals committee over HTTP (G-D4, G-Zh1, G-Zh2, G-E3):
//! the captain's form on a finished tournament, the championship's list of
//! cases (decisions published, G-D2), the case page where the committee
//! votes and the judges propose what an upheld case changes (a game's
//! result, a penalty imposed or revoked, a team's final place), and the
//! judges' fair-play reports. Refusals are worded here: a person who is not
//! a captain of the tournament gets 403 with the reason on the page; other
//! refusals are 422 with every problem listed.

use crate::i18n::cite::Cite;
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
use crate::read::appeals::{CasePage as CaseRead, CasesPage as CasesRead, Decisions};
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

/// The decided cases in words.
pub fn decisions(lang: Lang, c: ChampionshipId, read: Decisions) -> Vec<Decision> {
    let tz = read.tz;
    read.cases
        .into_iter()
        .filter_map(|l| {
            let at = l.case.decided_at?;
            Some(Decision {
                id: l.case.id,
                at,
                url: case_url(c, l.case.id),
                title: case_title(lang, &l.case, l.tournament_number, l.team, l.accused),
                outcome: outcome_words(lang, &l.case),
                by: by_words(lang, tz, l.decided_by.unwrap_or_default(), at),
            })
        })
        .collect()
}

/// "who, when" in the championship's time zone.
fn by_words(lang: Lang, tz: chrono_tz::Tz, who: String, at: chrono::NaiveDateTime) -> String {
    Message::new(msg!("season-deduction-by"))
        .arg("who", who)
        .arg("at", crate::words::local_time(tz, at))
        .render(lang)
}

fn tournament_title(lang: Lang, number: i32) -> String {
    Message::new(msg!("tournament-title"))
        .arg("number", number)
        .render(lang)
}

fn case_rows(lang: Lang, c: ChampionshipId, read: &mut CasesRead) -> Vec<CaseRow> {
    let tz = read.championship.tz();
    read.cases
        .drain(..)
        .map(|l| CaseRow {
            url: case_url(c, l.case.id),
            id: l.case.id,
            // Pending, the accused is named to the judges only.
            title: case_title(lang, &l.case, l.tournament_number, l.team, l.accused),
            status: outcome_words(lang, &l.case),
            decided: match (l.case.decided_at, l.decided_by) {
                (Some(at), Some(who)) => by_words(lang, tz, who, at),
                _ => String::new(),
            },
        })
        .collect()
}

fn report_rows(lang: Lang, c: ChampionshipId, read: &mut CasesRead) -> Vec<ReportRow> {
    let tz = read.championship.tz();
    read.reports
        .drain(..)
        .map(|l| {
            let r = l.report;
            ReportRow {
                id: r.id,
                person: l.person,
                tournament: tournament_title(lang, l.tournament_number),
                grounds: r
                    .grounds
                    .split(',')
                    .filter_map(Ground::parse)
                    .map(|g| ground_words(lang, g))
                    .collect::<Vec<_>>()
                    .join("; "),
                notes: r.notes,
                by: by_words(lang, tz, l.recorded_by, r.recorded_at),
                refer_url: crate::paths::fill2(crate::paths::FAIR_PLAY_REFER, c, r.id),
                case: l.case.map(|case| {
                    (
                        case_url(c, case),
                        Message::new(msg!("fairplay-referred"))
                            .arg("case", case.0)
                            .render(lang),
                    )
                }),
            }
        })
        .collect()
}

async fn cases_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    problems: Vec<String>,
) -> Result<CasesPage, AppError> {
    let lang = ctx.lang;
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    let mut read = state
        .db(move |conn| CasesRead::load(conn, viewer, c)?.ok_or(AppError::NotFound))
        .await?;
    let cases = case_rows(lang, c, &mut read);
    let reports = report_rows(lang, c, &mut read);
    Ok(CasesPage {
        players: read.players,
        championship: read.championship.name,
        championship_url: paths::championship(c),
        championship_id: c,
        is_judge: read.is_judge,
        cases,
        reports,
        report_action: crate::paths::fill1(crate::paths::FAIR_PLAY, c),
        tournaments: read
            .tournaments
            .iter()
            .map(|t| (t.id, tournament_title(lang, t.number)))
            .collect(),
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
    /// The grounds of the judges' report the case was made of (G-E3).
    grounds: String,
    /// The claim, every rule it cites a link (HTML).
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

/// The committee (G-Zh1) with each member's vote, hidden on a sealed case.
fn member_views(lang: Lang, read: &CaseRead) -> Vec<MemberView> {
    read.committee
        .iter()
        .map(|s| MemberView {
            nick: if s.member.seat == Seat::ChiefJudge {
                format!("{} [TD]", s.nick)
            } else {
                s.nick.clone()
            },
            weight: s.member.weight(),
            vote: match s.vote {
                Some(_) if read.sealed => String::new(),
                Some(true) => lang.msg(msg!("appeal-vote-uphold")),
                Some(false) => lang.msg(msg!("appeal-vote-reject")),
                None => String::new(),
            },
        })
        .collect()
}

/// The championship's penalties in force, as the remedy form offers them.
fn penalty_options(lang: Lang, read: &CaseRead) -> Vec<(PenaltyId, String)> {
    let regulation = &read.tournament.ctx.regulation;
    read.penalties
        .iter()
        .map(|(p, team)| (p.id, penalty_label(lang, regulation, p, team)))
        .collect()
}

/// A penalty as the remedy form and the remedies name it: its rule, team
/// and amount.
fn penalty_label(
    lang: Lang,
    regulation: &crate::rules::regulation::Regulation,
    p: &crate::db::penalties::Penalty,
    team: &str,
) -> String {
    Message::new(msg!("appeal-penalty-option"))
        .arg(
            "code",
            crate::words::penalties::code_words(lang, regulation, &p.code),
        )
        .arg("team", team)
        .arg("amount", p.amount())
        .render(lang)
}

/// The label of `id` among `options`.
fn label_of<I: PartialEq + Copy>(options: &[(I, String)], id: Option<I>) -> Option<String> {
    options
        .iter()
        .find(|(x, _)| Some(*x) == id)
        .map(|(_, label)| label.clone())
}

/// The remedies proposed, in words, with the games and penalties as the
/// form names them.
fn remedy_views(
    lang: Lang,
    base: &str,
    read: &CaseRead,
    game_groups: &[(String, Vec<(GameId, String)>)],
    penalties: &[(PenaltyId, String)],
) -> Vec<RemedyView> {
    let regulation = &read.tournament.ctx.regulation;
    let games: Vec<(GameId, String)> = game_groups
        .iter()
        .flat_map(|(_, gs)| gs.iter().cloned())
        .collect();
    read.remedies
        .iter()
        .map(|l| {
            let r = &l.remedy;
            let text = match r.kind.as_str() {
                "game_result" => Message::new(msg!("appeal-remedy-game"))
                    .arg("game", label_of(&games, r.game_id).unwrap_or_default())
                    .arg("result", r.result.clone().unwrap_or_default()),
                "impose" => Message::new(msg!("appeal-remedy-impose"))
                    .rule("code", r.code.as_deref().unwrap_or_default())
                    .arg("team", l.team.clone().unwrap_or_default()),
                "standing" => Message::new(msg!("appeal-remedy-standing"))
                    .arg("entry", l.entry.clone().unwrap_or_default())
                    .arg("place", r.place.unwrap_or_default()),
                // A penalty revoked since is named as it was.
                _ => Message::new(msg!("appeal-remedy-revoke")).arg(
                    "penalty",
                    label_of(penalties, r.penalty_id).unwrap_or_else(|| {
                        l.penalty
                            .as_ref()
                            .map(|(p, team)| penalty_label(lang, regulation, p, team))
                            .unwrap_or_default()
                    }),
                ),
            };
            RemedyView {
                text: text.render(lang),
                withdraw_url: format!("{base}/remedies/{}/withdraw", r.id),
            }
        })
        .collect()
}

/// The supervised game demanded (G-E3) and where it stands.
fn supervised_words(lang: Lang, read: &CaseRead) -> String {
    let Some(nick) = &read.supervised else {
        return String::new();
    };
    Message::new(msg!("appeal-supervised-state"))
        .arg("nick", nick.clone())
        .arg(
            "state",
            lang.msg(match read.case.supervised_outcome.as_deref() {
                Some("refused") => msg!("appeal-supervised-refused"),
                Some("played") => msg!("appeal-supervised-played"),
                _ => msg!("appeal-supervised-demanded"),
            }),
        )
        .render(lang)
}

/// The case's title, text and state; a sealed case shows no text.
fn case_text(lang: Lang, read: &CaseRead) -> (String, String, [String; 4]) {
    let case = &read.case;
    // The team of the case, as the list names it.
    let team = read
        .filing_team
        .clone()
        .or_else(|| Some(read.concerned_team.clone()).filter(|n| !n.is_empty()));
    let title = case_title(
        lang,
        case,
        read.tournament_number,
        team,
        read.accused.clone(),
    );
    let filed = by_words(
        lang,
        read.championship.tz(),
        read.filer.clone(),
        case.filed_at,
    );
    let shown = |text: &str| {
        if read.sealed {
            String::new()
        } else {
            text.to_owned()
        }
    };
    let text = [
        shown(&case.what_happened),
        // A fair-play case claims a rule of the regulation (G-G7).
        shown(&crate::i18n::cite::rule_words(lang, &case.claim)),
        shown(&case.contested),
        shown(&case.game_ref),
    ];
    (title, filed, text)
}

/// The case page's view of `read`.
fn case_data(lang: Lang, c: ChampionshipId, read: CaseRead) -> CaseData {
    let base = case_url(c, read.case.id);
    let game_groups = game_labels(lang, &read.tournament);
    let penalties = penalty_options(lang, &read);
    let remedies = if read.sealed {
        Vec::new()
    } else {
        remedy_views(lang, &base, &read, &game_groups, &penalties)
    };
    let (title, filed, [what_happened, claim, contested, game_ref]) = case_text(lang, &read);
    let claim = crate::words::rules::RuleLinks::of(lang, c, &read.championship.preset).html(&claim);
    let tally = if read.sealed {
        String::new()
    } else {
        Message::new(msg!("appeal-tally"))
            .arg("uphold", read.tally.uphold)
            .arg("reject", read.tally.reject)
            .render(lang)
    };
    let rules = read
        .tournament
        .ctx
        .regulation
        .penalties
        .iter()
        .map(|p| (p.code.clone(), crate::words::penalties::rule_title(lang, p)))
        .collect();
    CaseData {
        championship: read.championship.name.clone(),
        cases_url: cases_url(c),
        status: outcome_words(lang, &read.case),
        open: read.case.is_open(),
        members: member_views(lang, &read),
        supervised: supervised_words(lang, &read),
        base,
        title,
        filed,
        what_happened,
        grounds: if read.sealed {
            String::new()
        } else {
            let words: Vec<String> = read
                .grounds
                .iter()
                .map(|g| ground_words(lang, *g))
                .collect();
            words.join("; ")
        },
        claim,
        contested,
        game_ref,
        tally,
        remedies,
        game_groups,
        rules,
        penalties,
        concerned: read.concerned_team,
        sealed: read.sealed,
        teams: read.teams,
        players: read.players,
        can_vote: read.can_vote,
        is_judge: read.is_judge,
        placed: read.placed,
    }
}

async fn case_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    id: AppealId,
    problems: Vec<String>,
) -> Result<CasePage, AppError> {
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    let read = state
        .db(move |conn| CaseRead::load(conn, viewer, c, id)?.ok_or(AppError::NotFound))
        .await?;
    let d = case_data(ctx.lang, c, read);
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

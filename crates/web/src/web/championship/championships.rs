//! Championships: the public list and page (regulation in readable form,
//! staff, participants with their members — G-A5), creation from a preset
//! by an admin, staff grants, the judges' queue of applications and
//! transfers (G-B12, G-B33), captaincy hand-overs for the chief judge
//! (G-B34) and the championship's audit log for organizers.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::app::PlayError;
use crate::app::access::AnyStaff;
use crate::app::access::Judges;
use crate::app::access::Organizers;
use crate::app::championship::{self as setup, ChampionshipProblem};
use crate::app::teams::{self as ops, TeamError};
use crate::db::roles::Role;
use crate::db::teams::{self as t, TeamStatus};
use crate::db::{self, audit, championships};
use crate::i18n::Message;
use crate::ids::{ChampionshipId, InvitationId, TeamId, TournamentId};
use crate::msg;
use crate::paths;
use crate::read::championships::{
    Application, ChampionshipPage as ChampionshipRead, ChampionshipQueue,
};
use crate::rules::presets;
use crate::rules::regulation::Regulation;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::bulk::{BulkForm, Outcome};
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::Inline;
use crate::web::infra::forms::{Field, FieldErrors, Form, FormPage, TextRules};
use crate::web::infra::guards::{Admin, Staff};
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::team::team_error;
use crate::words::regulation::{Fact, facts_with_rounds};

pub struct ChampionshipRow {
    pub url: String,
    pub name: String,
    pub preset: String,
}

#[derive(Template)]
#[template(path = "championships/list.html")]
pub struct ListPage {
    ctx: PageCtx,
    rows: Vec<ChampionshipRow>,
}

pub async fn list(ctx: PageCtx, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let all = state.db(|conn| Ok(championships::list(conn)?)).await?;
    let rows = all
        .into_iter()
        .map(|c| ChampionshipRow {
            url: paths::championship(c.id),
            name: c.name,
            preset: c.preset,
        })
        .collect();
    page(StatusCode::OK, &ListPage { ctx, rows })
}

// ---------------------------------------------------------------- create

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct NewChampionshipForm {
    name: String,
    slug: String,
    preset: String,
    time_zone: String,
}

impl TextRules for NewChampionshipForm {}

fn preset_regulation(code: &str) -> Option<Regulation> {
    match code {
        "G" => Some(presets::g()),
        "R" => Some(presets::r()),
        "E" => Some(presets::e()),
        _ => None,
    }
}

/// A preset's name in `lang` (`preset-name-g`, …).
fn preset_name(lang: crate::i18n::Lang, code: &str) -> Option<String> {
    lang.t_if_any(&crate::app::championship::preset_key(code))
}

fn new_form(ctx: PageCtx, form: &NewChampionshipForm, errors: &FieldErrors) -> FormPage {
    let presets = ["G", "R", "E"]
        .iter()
        .map(|code| {
            let name = ctx
                .lang
                .t_if_any(&format!("preset-name-{}", code.to_lowercase()));
            let name = name
                .or_else(|| preset_regulation(code).map(|r| r.name))
                .unwrap_or_default();
            (code.to_string(), format!("{code} — {name}"))
        })
        .collect();
    let tz = if form.time_zone.is_empty() {
        "Europe/Moscow"
    } else {
        &form.time_zone
    };
    let fields = vec![
        Field::new(&ctx, "name", msg!("field-championship-name"), "text").value(&form.name),
        Field::new(&ctx, "slug", msg!("field-slug"), "text")
            .value(&form.slug)
            .hint(ctx.t("hint-slug")),
        Field::new(&ctx, "preset", msg!("field-preset"), "text")
            .value(&form.preset)
            .options(presets),
        Field::new(&ctx, "time_zone", msg!("field-time-zone"), "text")
            .value(tz)
            .hint(ctx.t("hint-time-zone")),
    ]
    .into_iter()
    .map(|f| f.errors(&ctx, errors))
    .collect();
    FormPage {
        title: ctx.t("championship-new-title"),
        intro: None,
        action: paths::CHAMPIONSHIPS.to_owned(),
        fields,
        hidden: vec![],
        submit: ctx.t("championship-create"),
        error: None,
        links: vec![],
        ctx,
    }
}

pub async fn new_page(ctx: PageCtx, _admin: Admin) -> Result<HttpResponse, AppError> {
    page(
        StatusCode::OK,
        &new_form(
            ctx,
            &NewChampionshipForm::default(),
            &FieldErrors::default(),
        ),
    )
}

fn valid_slug(s: &str) -> bool {
    (2..=40).contains(&s.len())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !s.starts_with('-')
}

/// The creation form as read: refusals go into `errors`, beside their fields.
struct NewChampionshipInput {
    name: String,
    slug: String,
    /// The preset's regulation, named in the creator's language.
    regulation: Option<Regulation>,
    tz: String,
}

impl NewChampionshipForm {
    fn read(&self, lang: crate::i18n::Lang, errors: &mut FieldErrors) -> NewChampionshipInput {
        let name = self.name.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.is_empty() {
            errors.add("name", msg!("error-required"));
        } else if name.chars().count() > 100 {
            errors.add("name", msg!("error-name-length"));
        }
        let slug = self.slug.trim().to_owned();
        if !valid_slug(&slug) {
            errors.add("slug", msg!("error-slug"));
        }
        // The preset's name in the language of the one who creates it.
        let regulation = preset_regulation(&self.preset).map(|mut r| {
            if let Some(words) = preset_name(lang, &self.preset) {
                r.name = words;
            }
            r
        });
        if regulation.is_none() {
            errors.add("preset", msg!("error-preset"));
        }
        let tz = self.time_zone.trim().to_owned();
        if tz.parse::<chrono_tz::Tz>().is_err() {
            errors.add("time_zone", msg!("error-time-zone"));
        }
        NewChampionshipInput {
            name,
            slug,
            regulation,
            tz,
        }
    }
}

pub async fn create(
    req: HttpRequest,
    ctx: PageCtx,
    Admin(admin): Admin,
    state: web::Data<AppState>,
    session: Session,
    form: Form<NewChampionshipForm>,
) -> Result<HttpResponse, AppError> {
    let (form, mut errors) = form.into_parts();
    let NewChampionshipInput {
        name,
        slug,
        regulation,
        tz,
    } = form.read(ctx.lang, &mut errors);
    let (Some(regulation), true) = (regulation, errors.is_empty()) else {
        return page(
            StatusCode::UNPROCESSABLE_ENTITY,
            &new_form(ctx, &form, &errors),
        );
    };
    let json = serde_json::to_string(&regulation).map_err(|e| AppError::Internal(e.to_string()))?;
    let ip = state.client_ip(&req);
    let preset = form.preset.clone();
    let created = state
        .db(move |conn| {
            let new = setup::NewChampionship {
                slug: &slug,
                name: &name,
                preset: &preset,
                regulation: &json,
                time_zone: &tz,
            };
            Ok(setup::create(conn, &new, admin.id, &ip, db::utc_now()))
        })
        .await?;
    match created {
        Ok(id) => {
            AppSession(&session).flash(FlashLevel::Success, msg!("championship-created"));
            Ok(see_other(&paths::championship(id)))
        }
        Err(PlayError::Refused(problems)) => {
            for p in &problems {
                errors.add("slug", problem_message(p));
            }
            page(
                StatusCode::UNPROCESSABLE_ENTITY,
                &new_form(ctx, &form, &errors),
            )
        }
        Err(e) => Err(e.into()),
    }
}

/// What a refused change to a championship says.
fn problem_message(p: &ChampionshipProblem) -> Message {
    match p {
        ChampionshipProblem::SlugTaken => msg!("error-slug-taken").into(),
        ChampionshipProblem::UnknownNick(nick) => {
            Message::new(msg!("team-error-unknown-nick")).arg("nick", nick)
        }
        ChampionshipProblem::AlreadyDrawn => msg!("schedule-error-drawn").into(),
        ChampionshipProblem::CancelAfterDraw => msg!("schedule-cancel-error-drawn").into(),
        ChampionshipProblem::ReasonRequired => msg!("schedule-cancel-error-reason").into(),
    }
}

// ------------------------------------------------------------------ show

pub struct StaffRow {
    pub role: String,
    pub role_code: &'static str,
    pub nick: String,
}

pub struct ParticipantRow {
    pub url: String,
    pub name: String,
    pub motto: String,
    pub members: Vec<String>,
}

#[derive(Template)]
#[template(path = "championships/show.html")]
pub struct ShowPage {
    ctx: PageCtx,
    id: ChampionshipId,
    /// The short address by the slug (`/c/{slug}`).
    short_url: String,
    name: String,
    preset: String,
    time_zone: String,
    facts: Vec<Fact>,
    staff: Vec<StaffRow>,
    participants: Vec<ParticipantRow>,
    pending: usize,
    /// The viewer may grant and revoke staff roles.
    can_manage_staff: bool,
    /// The viewer judges here (sees the queue link).
    is_judge: bool,
    is_organizer: bool,
    /// Documents and the check-in: organizers and the chief judge.
    admits: bool,
    staff_error: Option<String>,
    staff_nick: String,
    /// Nicks the staff form suggests.
    nick_choices: Vec<String>,
    tournaments: Vec<TournamentRow>,
    schedule: Inline,
    /// A regulation without a season (R, E): one event on one day, added
    /// by its date rather than by a monthly rule.
    one_day: bool,
    /// Teams stand for organizations (R-1.10, E-10): the list is linked.
    organizations: bool,
}

impl ShowPage {
    /// Some team has a motto (G-B11): the participants' table shows the
    /// column; under R and E, which ask for none, it does not.
    pub fn mottos(&self) -> bool {
        self.participants.iter().any(|p| !p.motto.is_empty())
    }
}

pub struct TournamentRow {
    pub number: i32,
    /// Start in the championship's time zone, for people.
    pub local: String,
    /// The same as a `datetime-local` value, for the edit form.
    pub input: String,
    pub start_url: String,
    /// The tournament's own page: entries, rounds, standings.
    pub url: String,
    pub error: Option<String>,
    /// The organizers' cancellation form, while nothing is drawn.
    pub cancel_url: Option<String>,
    /// The reason typed and why it was refused.
    pub cancel_reason: String,
    pub cancel_error: Option<String>,
}

/// Which form on the page was refused, so it is shown again with its error.
#[derive(Default)]
pub struct ShowForms {
    pub staff_error: Option<Message>,
    pub staff_nick: String,
    pub schedule: Inline,
    /// (tournament id, typed value, error) of a refused start change.
    pub start: Option<(TournamentId, String, String)>,
    /// (tournament id, typed reason, error) of a refused cancellation.
    pub cancel: Option<(TournamentId, String, String)>,
}

pub fn role_name(ctx: &PageCtx, role: Role) -> String {
    ctx.lang.msg(crate::app::championship::role_key(role))
}

async fn show_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    id: ChampionshipId,
    forms: ShowForms,
) -> Result<ShowPage, AppError> {
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    let read = state
        .db(move |conn| ChampionshipRead::load(conn, viewer, id)?.ok_or(AppError::NotFound))
        .await?;
    Ok(show_view(ctx, read, forms))
}

/// The championship page's view of its read model, with the refused form
/// shown again.
fn show_view(ctx: PageCtx, read: ChampionshipRead, forms: ShowForms) -> ShowPage {
    let ShowForms {
        staff_error,
        staff_nick,
        schedule,
        start,
        cancel,
    } = forms;
    let c = read.championship;
    let id = c.id;
    let regulation = read.regulation;
    let pending = read
        .teams
        .iter()
        .filter(|(team, _)| team.status() == TeamStatus::Pending)
        .count();
    ShowPage {
        tournaments: tournament_rows(id, c.tz(), read.tournaments, &start, &cancel),
        short_url: paths::short(&c.slug),
        one_day: regulation.season.is_none(),
        organizations: regulation.roster.organization_required,
        id,
        name: c.name,
        preset: c.preset,
        time_zone: crate::words::zone_words(ctx.lang, &c.time_zone, db::utc_now()),
        facts: facts_with_rounds(ctx.lang, &regulation, &read.rounds_now),
        staff: staff_rows(&ctx, read.grants),
        participants: participant_rows(read.teams),
        pending,
        can_manage_staff: read.is_organizer,
        is_judge: read.is_judge,
        is_organizer: read.is_organizer,
        admits: read.admits,
        staff_error: staff_error.map(|m| ctx.render(&m)),
        staff_nick,
        nick_choices: read.nick_choices,
        schedule,
        ctx,
    }
}

/// The tournaments with their start in the championship's zone, each with
/// its refused start change or cancellation shown again.
fn tournament_rows(
    id: ChampionshipId,
    tz: chrono_tz::Tz,
    tournaments: Vec<db::tournaments::Tournament>,
    start: &Option<(TournamentId, String, String)>,
    cancel: &Option<(TournamentId, String, String)>,
) -> Vec<TournamentRow> {
    tournaments
        .into_iter()
        .map(|st| {
            let local = st.starts_at.and_utc().with_timezone(&tz);
            let refused = start.as_ref().filter(|(tid, _, _)| *tid == st.id);
            let not_cancelled = cancel.as_ref().filter(|(tid, _, _)| *tid == st.id);
            TournamentRow {
                number: st.number,
                local: local.format("%Y-%m-%d %H:%M").to_string(),
                input: refused.map_or_else(
                    || local.format("%Y-%m-%d %H:%M").to_string(),
                    |(_, typed, _)| typed.clone(),
                ),
                start_url: paths::tournament_start(id, st.id),
                url: paths::tournament(id, st.id),
                error: refused.map(|(_, _, e)| e.clone()),
                cancel_url: st
                    .drawn_at
                    .is_none()
                    .then(|| paths::tournament_cancel(id, st.id)),
                cancel_reason: not_cancelled.map(|(_, r, _)| r.clone()).unwrap_or_default(),
                cancel_error: not_cancelled.map(|(_, _, e)| e.clone()),
            }
        })
        .collect()
}

/// G-A5: the approved teams with their members.
fn participant_rows(teams: Vec<(t::Team, Vec<t::RosterLine>)>) -> Vec<ParticipantRow> {
    teams
        .into_iter()
        .filter(|(team, _)| team.status() == TeamStatus::Approved)
        .map(|(team, members)| ParticipantRow {
            url: paths::team(team.id),
            name: team.name,
            motto: team.motto,
            members: members.into_iter().map(|m| m.nick).collect(),
        })
        .collect()
}

fn staff_rows(ctx: &PageCtx, grants: Vec<(Role, String)>) -> Vec<StaffRow> {
    grants
        .into_iter()
        .map(|(role, nick)| StaffRow {
            role: role_name(ctx, role),
            role_code: role.as_str(),
            nick,
        })
        .collect()
}

/// The championship page again with a refused form, answered 422.
async fn show_refused(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    id: ChampionshipId,
    forms: ShowForms,
) -> Result<HttpResponse, AppError> {
    page(
        StatusCode::UNPROCESSABLE_ENTITY,
        &show_page(ctx, state, id, forms).await?,
    )
}

/// The refusals of a change to a championship, in one line.
fn problems_text(ctx: &PageCtx, problems: &[ChampionshipProblem]) -> String {
    problems
        .iter()
        .map(|p| ctx.render(&problem_message(p)))
        .collect::<Vec<_>>()
        .join(" ")
}

pub async fn show(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<ChampionshipId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    page(
        StatusCode::OK,
        &show_page(ctx, &state, id, ShowForms::default()).await?,
    )
}

// ----------------------------------------------------------------- staff

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct StaffForm {
    nick: String,
    role: String,
    action: String,
}

impl TextRules for StaffForm {}

/// `POST /championships/{id}/staff`: an admin grants any role; an
/// organizer grants and revokes the chief judge and judges (G-A4, G-D1).
pub async fn staff(
    req: HttpRequest,
    ctx: PageCtx,
    Staff {
        user, championship, ..
    }: Staff<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    form: Form<StaffForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let role = Role::parse(&form.role).ok_or(AppError::BadRequest(msg!("error-400-detail")))?;
    if role == Role::Organizer && !user.is_admin {
        return Err(AppError::Forbidden);
    }
    let grant = form.action != "revoke";
    let nick = form.nick.trim().to_owned();
    let ip = state.client_ip(&req);
    let by = user.id;
    let outcome = state
        .db(move |conn| {
            Ok(setup::set_staff(
                conn,
                championship,
                &nick,
                role,
                grant,
                by,
                &ip,
            ))
        })
        .await?;
    match outcome {
        Ok(()) => {
            AppSession(&session).flash(FlashLevel::Success, msg!("admin-saved"));
            Ok(see_other(&paths::championship(championship)))
        }
        Err(PlayError::Refused(problems)) => page(
            StatusCode::UNPROCESSABLE_ENTITY,
            &show_page(
                ctx,
                &state,
                championship,
                ShowForms {
                    staff_error: problems.first().map(problem_message),
                    staff_nick: form.nick,
                    ..ShowForms::default()
                },
            )
            .await?,
        ),
        Err(e) => Err(e.into()),
    }
}

// ----------------------------------------------------------- judges' queue

pub struct ApplicationRow {
    pub id: TeamId,
    pub team_url: String,
    pub decide_url: String,
    pub name: String,
    pub motto: String,
    pub captain: String,
    pub organization: String,
    pub members: usize,
    pub applied: String,
    pub error: Option<String>,
    pub reason: String,
}

pub struct TransferRow {
    pub decide_url: String,
    pub nick: String,
    pub team: String,
}

#[derive(Template)]
#[template(path = "championships/queue.html")]
pub struct QueuePage {
    ctx: PageCtx,
    championship_url: String,
    queue_url: String,
    applications: Vec<ApplicationRow>,
    transfers: Vec<TransferRow>,
}

/// The championship's time zone, in which its pages show times.
fn zone_of(conn: &mut db::DbConnection, c: ChampionshipId) -> Result<chrono_tz::Tz, AppError> {
    Ok(championships::by_id(conn, c)?.map_or(chrono_tz::Europe::Moscow, |c| c.tz()))
}

/// A stored (UTC) instant in `tz`, its zone's offset after it
/// ("2026-12-07 18:15 (UTC+3)": no zone abbreviation of one language).
fn zoned(tz: chrono_tz::Tz, at: chrono::NaiveDateTime, format: &str) -> String {
    crate::app::zones::with_offset(tz, at, format)
}

async fn queue_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    championship: ChampionshipId,
    error: Option<(TeamId, Message, String)>,
) -> Result<QueuePage, AppError> {
    let read = state
        .db(move |conn| Ok(ChampionshipQueue::load(conn, championship)?))
        .await?;
    let transfers = read
        .transfers
        .into_iter()
        .map(|l| TransferRow {
            decide_url: paths::transfer_decision(championship, l.invitation.id),
            nick: l.nick,
            team: l.team_name,
        })
        .collect();
    Ok(QueuePage {
        applications: application_rows(&ctx, championship, read.tz, read.applications, &error),
        championship_url: paths::championship(championship),
        queue_url: paths::queue(championship),
        transfers,
        ctx,
    })
}

/// G-B12: the applications, the refused decision's one with its error and
/// the reason as typed.
fn application_rows(
    ctx: &PageCtx,
    championship: ChampionshipId,
    tz: chrono_tz::Tz,
    applications: Vec<Application>,
    error: &Option<(TeamId, Message, String)>,
) -> Vec<ApplicationRow> {
    applications
        .into_iter()
        .map(|a| {
            let team = a.team;
            let mine = error.as_ref().filter(|(id, _, _)| *id == team.id);
            ApplicationRow {
                id: team.id,
                team_url: paths::team(team.id),
                decide_url: paths::team_decision(championship, team.id),
                error: mine.map(|(_, m, _)| ctx.render(m)),
                reason: mine.map(|(_, _, r)| r.clone()).unwrap_or_default(),
                applied: zoned(tz, team.created_at, "%Y-%m-%d %H:%M"),
                name: team.name,
                motto: team.motto,
                captain: a.captain,
                organization: a.organization,
                members: a.members,
            }
        })
        .collect()
}

pub async fn queue(
    ctx: PageCtx,
    staff: Staff<Judges>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    page(
        StatusCode::OK,
        &queue_page(ctx, &state, staff.championship, None).await?,
    )
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct DecisionForm {
    decision: String,
    reason: String,
}

impl TextRules for DecisionForm {
    const LONG_LINES: &'static [(&'static str, usize)] = &[("reason", 500)];
}

impl DecisionForm {
    /// The button pressed: approve or reject; anything else (a form sent
    /// without either) is a bad request, never a refusal by default.
    fn approve(&self) -> Result<bool, AppError> {
        match self.decision.as_str() {
            "approve" => Ok(true),
            "reject" => Ok(false),
            _ => Err(AppError::BadRequest(msg!("queue-error-decision"))),
        }
    }
}

/// `POST /championships/{id}/teams/{team}/decision`: approve, or reject
/// with a reason (G-B12).
pub async fn decide_team(
    req: HttpRequest,
    ctx: PageCtx,
    staff: Staff<Judges>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(ChampionshipId, TeamId)>,
    form: Form<DecisionForm>,
) -> Result<HttpResponse, AppError> {
    let team = path.1;
    let championship = staff.championship;
    let form = form.into_inner()?;
    let approve = form.approve()?;
    let ip = state.client_ip(&req);
    let judge = staff.user.id;
    let reason = form.reason.clone();
    let result = state
        .db(move |conn| {
            // The team must belong to the championship the judge judges.
            match t::by_id(conn, team)? {
                Some(tm) if tm.championship_id == championship => {}
                _ => return Ok(Err(TeamError::NotFound)),
            }
            let now = db::utc_now();
            Ok(ops::decide(conn, team, approve, &reason, judge, &ip, now))
        })
        .await?;
    match result {
        Ok(_) => {
            let done = if approve {
                msg!("team-approved")
            } else {
                msg!("team-rejected")
            };
            AppSession(&session).flash(FlashLevel::Success, done);
            Ok(see_other(&paths::queue(championship)))
        }
        Err(e) => {
            let refused = Some((team, team_error(e)?.message, form.reason));
            let p = queue_page(ctx, &state, championship, refused).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
    }
}

/// `POST /championships/{id}/queue`: one decision for every application
/// picked (G-B12): approve them, or reject them with one reason. An
/// application decided already is left as it is and named.
pub async fn decide_teams(
    req: HttpRequest,
    ctx: PageCtx,
    staff: Staff<Judges>,
    state: web::Data<AppState>,
    session: Session,
    form: Form<BulkForm>,
) -> Result<HttpResponse, AppError> {
    let championship = staff.championship;
    let form = form.into_inner()?;
    let approve = form.choice(
        "decision",
        &[("approve", true), ("reject", false)],
        msg!("queue-error-decision"),
    )?;
    let picked: Vec<TeamId> = form.picked()?;
    let reason = form.get("reason").trim().to_owned();
    let (ip, judge) = (state.client_ip(&req), staff.user.id);
    let results = state
        .db(move |conn| {
            let mut out = Vec::new();
            for team in picked {
                let Some(tm) = t::by_id(conn, team)?.filter(|t| t.championship_id == championship)
                else {
                    return Err(AppError::NotFound);
                };
                let result = ops::decide(conn, team, approve, &reason, judge, &ip, db::utc_now());
                out.push((tm.name, result));
            }
            Ok(out)
        })
        .await?;
    let mut outcome = Outcome::default();
    for (name, result) in results {
        match result {
            Ok(_) => outcome.done.push(name),
            Err(TeamError::Refused(crate::app::teams::TeamProblem::AlreadyDecided)) => {
                outcome.unchanged.push(name)
            }
            Err(e) => {
                let refusal = team_error(e)?;
                outcome.refused.push((name, ctx.render(&refusal.message)));
            }
        }
    }
    outcome.flash(
        &session,
        if approve {
            msg!("queue-bulk-approved")
        } else {
            msg!("queue-bulk-rejected")
        },
    );
    Ok(see_other(&paths::queue(championship)))
}

/// `POST /championships/{id}/transfers/{invitation}/decision`.
pub async fn decide_transfer(
    req: HttpRequest,
    staff: Staff<Judges>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(ChampionshipId, InvitationId)>,
    form: Form<DecisionForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let invitation = path.1;
    let championship = staff.championship;
    let approve = form.approve()?;
    let ip = state.client_ip(&req);
    let judge = staff.user.id;
    let result = state
        .db(move |conn| {
            let inv = t::invitation(conn, invitation)?.ok_or(AppError::NotFound)?;
            match t::by_id(conn, inv.team_id)? {
                Some(tm) if tm.championship_id == championship => {}
                _ => return Err(AppError::NotFound),
            }
            Ok(ops::decide_transfer(
                conn,
                invitation,
                approve,
                judge,
                &ip,
                db::utc_now(),
            ))
        })
        .await?;
    let s = AppSession(&session);
    match result {
        Ok(()) => s.flash(FlashLevel::Success, msg!("admin-saved")),
        Err(e) => s.flash(FlashLevel::Error, team_error(e)?.message),
    }
    Ok(see_other(&paths::queue(championship)))
}

// ------------------------------------------------------- captaincies, audit

pub struct CaptaincyRow {
    pub at: String,
    pub team: String,
    pub team_url: String,
    pub from: String,
    pub to: String,
}

#[derive(Template)]
#[template(path = "championships/captaincies.html")]
pub struct CaptaincyPage {
    ctx: PageCtx,
    championship_url: String,
    rows: Vec<CaptaincyRow>,
}

/// G-B34: every hand-over, for the chief judge (and the other staff).
pub async fn captaincies(
    ctx: PageCtx,
    staff: Staff<AnyStaff>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let championship = staff.championship;
    let (lines, tz) = state
        .db(move |conn| {
            Ok((
                t::captaincies_of(conn, championship)?,
                zone_of(conn, championship)?,
            ))
        })
        .await?;
    let rows = lines
        .into_iter()
        .map(|l| CaptaincyRow {
            at: zoned(tz, l.at, "%Y-%m-%d %H:%M"),
            team_url: paths::team(l.team_id),
            team: l.team_name,
            from: l.from_nick.unwrap_or_else(|| "—".into()),
            to: l.to_nick,
        })
        .collect();
    page(
        StatusCode::OK,
        &CaptaincyPage {
            ctx,
            championship_url: paths::championship(championship),
            rows,
        },
    )
}

pub struct AuditRow {
    pub at: String,
    pub actor: String,
    pub action: String,
    /// The stored code, for those who search the log.
    pub code: String,
    pub subject: String,
    /// The change in words, every rule it cites a link (HTML).
    pub detail: String,
}

#[derive(Template)]
#[template(path = "championships/audit.html")]
pub struct AuditPage {
    ctx: PageCtx,
    championship_url: String,
    rows: Vec<AuditRow>,
}

/// The championship's audit log: roster, captaincy, ban and approval
/// changes with who, when and before → after, for organizers.
pub async fn audit_log(
    ctx: PageCtx,
    staff: Staff<Organizers>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let championship = staff.championship;
    let entries = state
        .db(move |conn| {
            let entries = audit::of_championship(conn, championship, 500)?;
            let c = championships::by_id(conn, championship)?.ok_or(AppError::NotFound)?;
            let nicks = audit::actor_nicks(conn, &entries)?;
            Ok((entries, nicks, c.tz(), c.preset))
        })
        .await?;
    let (entries, nicks, tz, preset) = entries;
    let links = crate::words::rules::RuleLinks::of(ctx.lang, championship, &preset);
    let rows = entries
        .into_iter()
        .map(|e| AuditRow {
            at: zoned(tz, e.at, "%Y-%m-%d %H:%M:%S"),
            actor: e
                .actor_id
                .and_then(|id| nicks.get(&id).cloned())
                .unwrap_or_default(),
            action: crate::words::audit_action(ctx.lang, &e.action),
            code: e.action.clone(),
            detail: links.html(&e.detail_in(ctx.lang)),
            subject: e.subject,
        })
        .collect();
    page(
        StatusCode::OK,
        &AuditPage {
            ctx,
            championship_url: paths::championship(championship),
            rows,
        },
    )
}

/// Used by the apply page: the championship exists and the viewer is signed in.
pub async fn require_championship(
    state: &web::Data<AppState>,
    id: ChampionshipId,
) -> Result<championships::Championship, AppError> {
    state
        .db(move |conn| championships::by_id(conn, id)?.ok_or(AppError::NotFound))
        .await
}

// -------------------------------------------------------------- schedule

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ScheduleForm {
    weekday: String,
    nth: String,
    time: String,
    from: String,
    until: String,
    /// A one-day event: its date (then the monthly rule is not read).
    day: String,
}

impl TextRules for ScheduleForm {}

fn parse_month(s: &str) -> Option<chrono::NaiveDate> {
    chrono::NaiveDate::parse_from_str(&format!("{}-01", s.trim()), "%Y-%m-%d").ok()
}

/// The schedule form's fields as read; `None` where a field does not parse.
struct ScheduleInput {
    weekday: Option<chrono::Weekday>,
    nth: Option<crate::rules::schedule::Nth>,
    time: Option<chrono::NaiveTime>,
    from: Option<chrono::NaiveDate>,
    until: Option<chrono::NaiveDate>,
    day: Option<chrono::NaiveDate>,
    /// A day is typed: one event on that day, the monthly rule unread.
    one_day: bool,
}

/// A schedule field refused: its name and why.
type Refusal = (&'static str, String);

impl ScheduleForm {
    fn read(&self) -> ScheduleInput {
        use crate::rules::schedule::Nth;
        ScheduleInput {
            weekday: self.weekday.parse::<chrono::Weekday>().ok(),
            nth: match self.nth.as_str() {
                "last" => Some(Nth::Last),
                n => n
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (1..=5).contains(n))
                    .map(Nth::Nth),
            },
            time: chrono::NaiveTime::parse_from_str(self.time.trim(), "%H:%M").ok(),
            from: parse_month(&self.from),
            until: parse_month(&self.until),
            day: chrono::NaiveDate::parse_from_str(self.day.trim(), "%Y-%m-%d").ok(),
            one_day: !self.day.trim().is_empty(),
        }
    }

    /// The form again with everything typed and the refusal beside `field`.
    fn refused(&self, (field, message): Refusal) -> Inline {
        Inline {
            values: vec![
                ("weekday", self.weekday.clone()),
                ("nth", self.nth.clone()),
                ("time", self.time.clone()),
                ("from", self.from.clone()),
                ("until", self.until.clone()),
                ("day", self.day.clone()),
            ],
            error: Some(message),
            field,
        }
    }

    /// The rule as the audit log keeps it.
    fn rule(&self, one_day: bool) -> String {
        if one_day {
            format!("one day {} {}", self.day, self.time)
        } else {
            format!(
                "{} {} {} {}..{}",
                self.nth, self.weekday, self.time, self.from, self.until
            )
        }
    }
}

/// The first field that does not parse, for the rule asked for (a monthly
/// rule or one day, G-A2), and why.
fn schedule_problem(ctx: &PageCtx, input: &ScheduleInput) -> Option<Refusal> {
    let month = || ctx.lang.msg(msg!("schedule-error-month"));
    let problem = match input {
        ScheduleInput { weekday: None, .. } => {
            Some(("weekday", ctx.lang.msg(msg!("schedule-error-weekday"))))
        }
        ScheduleInput { nth: None, .. } => Some(("nth", ctx.lang.msg(msg!("schedule-error-nth")))),
        ScheduleInput { time: None, .. } => {
            Some(("time", ctx.lang.msg(msg!("schedule-error-time"))))
        }
        ScheduleInput { from: None, .. } => Some(("from", month())),
        ScheduleInput { until: None, .. } => Some(("until", month())),
        _ => None,
    };
    match (input.one_day, input.day, input.time) {
        (false, ..) => problem,
        (true, None, _) => Some(("day", ctx.lang.msg(msg!("error-date")))),
        (true, Some(d), _)
            if !crate::rules::schedule::YEARS.contains(&chrono::Datelike::year(&d)) =>
        {
            Some(("day", ctx.lang.msg(msg!("error-date"))))
        }
        (true, _, None) => Some(("time", ctx.lang.msg(msg!("schedule-error-time")))),
        (true, Some(_), Some(_)) => None,
    }
}

/// The instants (UTC) the form gives in the championship's zone: one day's,
/// or a monthly rule's (G-A2); refused when none.
fn schedule_instants(
    ctx: &PageCtx,
    form: &ScheduleForm,
    c: &championships::Championship,
) -> Result<Vec<chrono::NaiveDateTime>, Refusal> {
    use crate::rules::schedule::{MonthlyRule, ScheduleError};
    use crate::words::schedule::schedule_error_words;
    let input = form.read();
    let instants = match (schedule_problem(ctx, &input), input) {
        (
            None,
            ScheduleInput {
                time: Some(time),
                day,
                one_day: true,
                ..
            },
        ) => {
            use chrono::TimeZone;
            day.and_then(|d| c.tz().from_local_datetime(&d.and_time(time)).earliest())
                .map(|at| vec![at.naive_utc()])
                .ok_or(("day", ctx.lang.msg(msg!("error-date"))))
        }
        (
            None,
            ScheduleInput {
                weekday: Some(weekday),
                nth: Some(nth),
                time: Some(time),
                from: Some(from),
                until: Some(until),
                ..
            },
        ) => {
            let time_zone = c.time_zone.clone();
            let rule = MonthlyRule {
                weekday,
                nth,
                time,
                time_zone,
            };
            rule.instants(from, until).map_err(|e| {
                let field = match e {
                    ScheduleError::OutOfRange(ref m) if Some(m.as_str()) == form.from.get(..7) => {
                        "from"
                    }
                    _ => "until",
                };
                (field, ctx.render(&schedule_error_words(&e)))
            })
        }
        (Some(p), _) => Err(p),
        _ => Err(("weekday", ctx.lang.msg(msg!("schedule-error-weekday")))),
    };
    match instants {
        Ok(v) if v.is_empty() => Err(("until", ctx.lang.msg(msg!("schedule-error-empty")))),
        result => result,
    }
}

/// `POST /championships/{id}/schedule`: an organizer adds the tournaments a
/// monthly rule gives (G-A2: the first Wednesday, 18:15 Moscow time,
/// September to December), stored in UTC.
pub async fn schedule(
    req: HttpRequest,
    ctx: PageCtx,
    staff: Staff<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    form: Form<ScheduleForm>,
) -> Result<HttpResponse, AppError> {
    use crate::words::schedule::schedule_problem_words;
    let form = form.into_inner()?;
    let championship = staff.championship;
    let c = state
        .db(move |conn| championships::by_id(conn, championship)?.ok_or(AppError::NotFound))
        .await?;
    let refused = |refusal| ShowForms {
        schedule: form.refused(refusal),
        ..ShowForms::default()
    };
    let instants = match schedule_instants(&ctx, &form, &c) {
        Ok(instants) => instants,
        Err(refusal) => return show_refused(ctx, &state, championship, refused(refusal)).await,
    };
    let (by, ip) = (staff.user.id, state.client_ip(&req));
    let rule = form.rule(!form.day.trim().is_empty());
    let added = state
        .db(move |conn| {
            let added = setup::add_schedule(conn, championship, &instants, &rule, by, &ip);
            Ok(added)
        })
        .await?;
    let count = match added {
        Ok(count) => count,
        Err(PlayError::Refused(problems)) => {
            let message = problems
                .iter()
                .map(|p| ctx.render(&schedule_problem_words(p)))
                .collect::<Vec<_>>()
                .join(" ");
            let forms = refused(("until", message));
            return show_refused(ctx, &state, championship, forms).await;
        }
        Err(e) => return Err(e.into()),
    };
    AppSession(&session).flash(
        FlashLevel::Success,
        Message::new(msg!("schedule-added")).arg("count", count),
    );
    Ok(see_other(&paths::championship(championship)))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct StartForm {
    starts_at: String,
}

impl TextRules for StartForm {}

/// `POST /championships/{id}/tournaments/{t}/start`: one tournament moved;
/// the time is read in the championship's time zone and stored in UTC.
pub async fn tournament_start(
    req: HttpRequest,
    ctx: PageCtx,
    staff: Staff<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(ChampionshipId, TournamentId)>,
    form: Form<StartForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let (championship, tournament) = (staff.championship, path.1);
    let c = state
        .db(move |conn| {
            match db::tournaments::by_id(conn, tournament)? {
                Some(t) if t.championship_id == championship => {}
                _ => return Err(AppError::NotFound),
            }
            championships::by_id(conn, championship)?.ok_or(AppError::NotFound)
        })
        .await?;
    let refused = |message| ShowForms {
        start: Some((tournament, form.starts_at.clone(), message)),
        ..ShowForms::default()
    };
    let Some(at) = form.utc(c.tz()) else {
        let forms = refused(ctx.lang.msg(msg!("schedule-error-start")));
        return show_refused(ctx, &state, championship, forms).await;
    };
    let (by, ip) = (staff.user.id, state.client_ip(&req));
    let typed = form.starts_at.clone();
    let moved = state
        .db(move |conn| {
            let moved = setup::move_start(conn, championship, tournament, at, &typed, by, &ip);
            Ok(moved)
        })
        .await?;
    match moved {
        Ok(()) => {}
        Err(PlayError::Refused(problems)) => {
            let forms = refused(problems_text(&ctx, &problems));
            return show_refused(ctx, &state, championship, forms).await;
        }
        Err(e) => return Err(e.into()),
    }
    AppSession(&session).flash(FlashLevel::Success, msg!("admin-saved"));
    Ok(see_other(&paths::championship(championship)))
}

impl StartForm {
    /// The start typed, read in the championship's zone `tz`, in UTC.
    fn utc(&self, tz: chrono_tz::Tz) -> Option<chrono::NaiveDateTime> {
        crate::web::infra::forms::utc_of_local(&self.starts_at, tz)
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CancelForm {
    reason: String,
}

impl TextRules for CancelForm {}

/// `POST /championships/{id}/tournaments/{t}/cancel` (organizers): a
/// tournament not yet drawn is cancelled with the reason; refused, the
/// championship page again with the reason as typed and why.
pub async fn tournament_cancel(
    req: HttpRequest,
    ctx: PageCtx,
    staff: Staff<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(ChampionshipId, TournamentId)>,
    form: Form<CancelForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let (championship, tournament) = (staff.championship, path.1);
    let (by, ip) = (staff.user.id, state.client_ip(&req));
    let reason = form.reason.clone();
    let cancelled = state
        .db(move |conn| {
            Ok(setup::cancel_tournament(
                conn,
                championship,
                tournament,
                &reason,
                by,
                &ip,
                db::utc_now(),
            ))
        })
        .await?;
    match cancelled {
        Ok(()) => {}
        Err(PlayError::Refused(problems)) => {
            let forms = ShowForms {
                cancel: Some((
                    tournament,
                    form.reason.clone(),
                    problems_text(&ctx, &problems),
                )),
                ..ShowForms::default()
            };
            return show_refused(ctx, &state, championship, forms).await;
        }
        Err(e) => return Err(e.into()),
    }
    AppSession(&session).flash(FlashLevel::Success, msg!("schedule-cancelled"));
    Ok(see_other(&paths::championship(championship)))
}

//! A person's page and the officials' tools on it: club membership
//! (organizers), bans and clone links (judges), employment records
//! (entered by the person, a captain or an organizer; confirmed by an
//! organizer). Also the public list of bans in force (G-A7) and the
//! organizations list.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use chrono::NaiveDate;
use serde::Deserialize;

use crate::app::PlayError;
use crate::app::access::Judges;
use crate::app::access::Organizers;
use crate::app::organizations::{self as organizations_ops, OrganizationProblem};
use crate::app::people::{self as ops, PeopleProblem};
use crate::db::{self, organizations, people, standing};
use crate::i18n::Message;
use crate::ids::{BanId, ChampionshipId, CloneLinkId, EmploymentId, OrganizationId, PersonId};
use crate::msg;
use crate::paths;
use crate::read::people::{PersonPage as PersonRead, PersonPowers, Played};
use crate::state::AppState;
use crate::web::documents::files as documents;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::Inline;
use crate::web::infra::forms::{FieldErrors, Form, TextRules};
use crate::web::infra::guards::{Official, SignedIn, is_official};
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};

/// The time zone of each championship.
type Zones = std::collections::HashMap<ChampionshipId, chrono_tz::Tz>;

/// The day an instant of a ban falls on, in the zone of the championship
/// it holds in (the platform's, Moscow, for every championship).
fn ban_day(zones: &Zones, scope: Option<ChampionshipId>, at: chrono::NaiveDateTime) -> String {
    let tz = scope
        .and_then(|c| zones.get(&c).copied())
        .unwrap_or(chrono_tz::Europe::Moscow);
    ops::local_date(tz, at).to_string()
}

/// A clone link of the person's account, as the page lists it.
pub struct CloneRow {
    /// The other account's nick.
    pub other: String,
    /// Where it holds: a championship's name, or every championship.
    pub scope: String,
    /// Whether the viewer may remove it (a judge of its championship, an
    /// administrator for one of every championship).
    pub can_remove: bool,
    pub remove_url: String,
}

pub struct BanRow {
    pub nick: String,
    /// G-A7: the other accounts of the same person, banned with it.
    pub clones: Vec<String>,
    pub from: String,
    pub until: String,
    pub reason: String,
    pub in_force: bool,
    pub lift_url: String,
    /// Where it holds: a championship's name, or every championship.
    pub scope: String,
    /// Whether the viewer may lift it (a judge of its championship, an
    /// administrator for one in every championship).
    pub can_lift: bool,
}

/// Club membership where the viewer may mark or end it: one line per
/// championship they organize (and "every championship" for an
/// administrator).
pub struct ClubScope {
    /// The form's `championship` value: an id, or empty for every one.
    pub value: String,
    pub label: String,
    /// The open membership's start there, if any.
    pub since: Option<String>,
}

pub struct EmploymentRow {
    pub organization: String,
    pub from: String,
    pub until: String,
    pub confirmed: bool,
    pub confirm_url: String,
}

pub struct TeamLine {
    pub name: String,
    pub url: String,
    pub since: String,
}

/// One membership of the person's teams over time.
pub struct MembershipRow {
    pub team: String,
    pub team_url: String,
    pub championship: String,
    pub championship_url: String,
    pub from: String,
    pub until: String,
    pub how: String,
}

#[derive(Template)]
#[template(path = "people/show.html")]
pub struct PersonPage {
    ctx: PageCtx,
    nick: String,
    full_name: Option<String>,
    teams: Vec<TeamLine>,
    is_organizer: bool,
    is_judge: bool,
    can_add_employment: bool,
    /// The viewer organizes a championship the person plays in (or is an
    /// administrator): they confirm employment records.
    organizes_them: bool,
    /// Open club memberships: where, since when.
    club_lines: Vec<(String, String)>,
    club_scopes: Vec<ClubScope>,
    /// Where the viewer may ban: (`championship` value, label).
    ban_scopes: Vec<(String, String)>,
    bans: Vec<BanRow>,
    /// The tournaments the person may not play, still to come (G-G4,
    /// G-G7): "championship: misses tournament 2 (G-G4)".
    sanctions: Vec<String>,
    clones: Vec<String>,
    /// The links of this account (the form's scopes are `ban_scopes`: a
    /// judge links where they judge).
    clone_links: Vec<CloneRow>,
    employments: Vec<EmploymentRow>,
    organizations: Vec<(OrganizationId, String)>,
    ban_form: Inline,
    clone_form: Inline,
    /// Nicks the clone form suggests.
    nick_choices: Vec<String>,
    employment_form: Inline,
    /// A record nobody has claimed, and the viewer may send its link
    /// (`app::claims::may_send`).
    may_send_claim: bool,
    base: String,
    documents: crate::web::documents::files::Section,
    /// Teams over time and games by board.
    memberships: Vec<MembershipRow>,
    record: crate::web::people::player_view::PlayerRecord,
    ratings: crate::web::people::ratings_view::Ratings,
}

async fn person_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    nick: String,
    forms: [Inline; 3],
) -> Result<PersonPage, AppError> {
    person_page_with(ctx, state, nick, forms, Inline::default()).await
}

/// The page with the document upload form's refusal beside its field.
pub async fn person_page_with(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    nick: String,
    forms: [Inline; 3],
    document_form: Inline,
) -> Result<PersonPage, AppError> {
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    let read = state
        .db(move |conn| PersonRead::load(conn, viewer, &nick)?.ok_or(AppError::NotFound))
        .await?;
    let base = paths::person(&read.person.nick);
    let owner = crate::db::documents::Owner::Person(read.person.id);
    let documents = documents::section(&ctx, state, owner, &base, document_form).await?;
    Ok(person_view(ctx, read, forms, base, documents))
}

/// The person page's view of its read model, worded for the viewer.
fn person_view(
    ctx: PageCtx,
    read: PersonRead,
    forms: [Inline; 3],
    base: String,
    documents: documents::Section,
) -> PersonPage {
    let powers = &read.powers;
    let memberships = membership_rows(&ctx, &read.played);
    let [ban_form, clone_form, employment_form] = forms;
    PersonPage {
        teams: team_lines(&memberships),
        record: crate::web::people::player_view::record(
            ctx.lang,
            read.person.id,
            &read.played.games,
            &read.played.entries,
            &read.played.nicks,
            &read.played.recorded,
        ),
        ratings: crate::web::people::ratings_view::ratings(
            ctx.lang,
            &read.ratings,
            read.fide_id,
            &read.platform,
        ),
        memberships,
        // The name is for the officials, the person's captains and the
        // person (as on the team page).
        full_name: (powers.is_organizer
            || powers.is_judge
            || powers.captains_them
            || ctx.user.as_ref().map(|u| u.id) == Some(read.person.id))
        .then(|| read.person.full_name.clone()),
        club_lines: club_lines(&ctx, &read),
        club_scopes: club_scopes(&ctx, &read),
        ban_scopes: scope_choices(powers.is_admin, &powers.judges)
            .into_iter()
            .map(|scope| (scope_value(scope), scope_name(&ctx, &read.names, scope)))
            .collect(),
        sanctions: sanction_lines(&ctx, &read),
        bans: ban_rows(&ctx, &read),
        clones: read.clones.clone(),
        clone_links: clone_rows(&ctx, &read),
        employments: employment_rows(&read.employments),
        organizations: read.organizations.clone(),
        can_add_employment: powers.organizes_them
            || ctx.user.as_ref().map(|u| u.id) == Some(read.person.id)
            || powers.captains_them,
        organizes_them: powers.organizes_them,
        is_organizer: powers.is_organizer,
        is_judge: powers.is_judge,
        ban_form,
        clone_form,
        nick_choices: read.nick_choices.clone(),
        employment_form,
        may_send_claim: read.may_send_claim,
        base,
        documents,
        nick: read.person.nick.clone(),
        ctx,
    }
}

/// Where a ban, a clone link or a club membership holds: a championship's
/// name, or every championship.
fn scope_name(
    ctx: &PageCtx,
    names: &std::collections::HashMap<ChampionshipId, String>,
    scope: Option<ChampionshipId>,
) -> String {
    match scope {
        Some(c) => names.get(&c).cloned().unwrap_or_else(|| format!("#{c}")),
        None => ctx.t("scope-everywhere"),
    }
}

/// A form's `championship` value: an id, or empty for every one.
fn scope_value(scope: Option<ChampionshipId>) -> String {
    scope.map(|c| c.to_string()).unwrap_or_default()
}

/// The scopes a viewer may act in: every championship for an
/// administrator, then each of `mine`.
fn scope_choices(is_admin: bool, mine: &[ChampionshipId]) -> Vec<Option<ChampionshipId>> {
    is_admin
        .then_some(None)
        .into_iter()
        .chain(mine.iter().map(|c| Some(*c)))
        .collect()
}

fn day_of(d: chrono::NaiveDateTime) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// G-A7: the open club memberships: where, since when.
fn club_lines(ctx: &PageCtx, read: &PersonRead) -> Vec<(String, String)> {
    read.club
        .iter()
        .filter(|m| m.period().contains(read.now))
        .map(|m| {
            (
                scope_name(ctx, &read.names, m.championship_id),
                day_of(m.from_at),
            )
        })
        .collect()
}

/// G-A7: where the viewer may mark or end club membership, each with the
/// open membership's start there.
fn club_scopes(ctx: &PageCtx, read: &PersonRead) -> Vec<ClubScope> {
    let powers = &read.powers;
    scope_choices(powers.is_admin, &powers.organizes)
        .into_iter()
        .map(|scope| ClubScope {
            value: scope_value(scope),
            label: scope_name(ctx, &read.names, scope),
            since: read
                .club
                .iter()
                .filter(|m| m.period().contains(read.now))
                .find(|m| m.championship_id == scope)
                .map(|m| day_of(m.from_at)),
        })
        .collect()
}

/// Teams over time, each dated in its championship's zone, as on the
/// team's page.
fn membership_rows(ctx: &PageCtx, played: &Played) -> Vec<MembershipRow> {
    played
        .memberships
        .iter()
        .map(|(m, team, (championship, tz))| {
            let day = |at: chrono::NaiveDateTime| {
                at.and_utc()
                    .with_timezone(tz)
                    .format("%Y-%m-%d")
                    .to_string()
            };
            MembershipRow {
                team_url: paths::team(team.id),
                championship_url: paths::championship(team.championship_id),
                team: team.name.clone(),
                championship: championship.clone(),
                from: day(m.from_at),
                until: m.until_at.map(day).unwrap_or_default(),
                how: crate::words::teams::how(ctx.lang, &m.start_reason, m.end_reason.as_deref()),
            }
        })
        .collect()
}

/// The teams now: the open memberships, dated like the table of all.
fn team_lines(memberships: &[MembershipRow]) -> Vec<TeamLine> {
    memberships
        .iter()
        .filter(|m| m.until.is_empty())
        .map(|m| TeamLine {
            url: m.team_url.clone(),
            name: m.team.clone(),
            since: m.from.clone(),
        })
        .collect()
}

/// G-G4, G-G7: "championship: misses tournament 2 (G-G4)".
fn sanction_lines(ctx: &PageCtx, read: &PersonRead) -> Vec<String> {
    read.bars
        .iter()
        .map(|(c, b)| {
            format!(
                "{}: {}",
                read.names.get(c).cloned().unwrap_or_default(),
                crate::words::penalties::bar_words(ctx.lang, b)
            )
        })
        .collect()
}

/// Whether the viewer may lift or remove what holds in `scope`: a judge of
/// its championship, an administrator for every championship.
fn may_undo(powers: &PersonPowers, scope: Option<ChampionshipId>) -> bool {
    match scope {
        Some(c) => powers.judges.contains(&c),
        None => powers.is_admin,
    }
}

/// G-A7: the bans of the person's accounts.
fn ban_rows(ctx: &PageCtx, read: &PersonRead) -> Vec<BanRow> {
    read.bans
        .iter()
        .map(|(b, nick)| BanRow {
            scope: scope_name(ctx, &read.names, b.championship_id),
            can_lift: may_undo(&read.powers, b.championship_id),
            clones: Vec::new(),
            in_force: b.period().contains(read.now),
            from: ban_day(&read.zones, b.championship_id, b.from_at),
            until: b
                .period()
                .until
                .map(|u| ban_day(&read.zones, b.championship_id, u))
                .unwrap_or_else(|| "—".into()),
            lift_url: paths::lift_ban(b.id),
            reason: b.reason.clone(),
            nick: nick.clone(),
        })
        .collect()
}

/// The clone links of the account.
fn clone_rows(ctx: &PageCtx, read: &PersonRead) -> Vec<CloneRow> {
    read.links
        .iter()
        .map(|(l, other)| CloneRow {
            other: other.clone(),
            scope: scope_name(ctx, &read.names, l.championship_id),
            can_remove: may_undo(&read.powers, l.championship_id),
            remove_url: paths::clone_link_remove(&read.person.nick, l.id),
        })
        .collect()
}

/// E-12: the employment records, confirmed or not.
fn employment_rows(employments: &[(db::standing::Employment, String)]) -> Vec<EmploymentRow> {
    employments
        .iter()
        .map(|(e, org)| EmploymentRow {
            organization: org.clone(),
            from: e.from_date.to_string(),
            until: e
                .until_date
                .map(|d| d.to_string())
                .unwrap_or_else(|| "—".into()),
            confirmed: e.confirmed_at.is_some(),
            confirm_url: paths::confirm_employment(e.id),
        })
        .collect()
}

pub async fn show(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let p = person_page(ctx, &state, path.into_inner(), Default::default()).await?;
    page(StatusCode::OK, &p)
}

async fn person_id(state: &web::Data<AppState>, nick: String) -> Result<PersonId, AppError> {
    state
        .db(move |conn| {
            people::by_nick(conn, &nick)?
                .map(|p| p.id)
                .ok_or(AppError::NotFound)
        })
        .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ClubForm {
    action: String,
    /// A championship id; empty: every championship (administrators).
    championship: String,
}

/// A scope from a form: a championship id, or every championship when
/// empty; `None` when it is neither.
fn scope_of(value: &str) -> Option<Option<ChampionshipId>> {
    match value.trim() {
        "" => Some(None),
        v => v.parse().ok().map(|id| Some(ChampionshipId(id))),
    }
}

impl TextRules for ClubForm {}

/// `POST /people/{nick}/club`: an organizer marks or ends club membership (G-A7).
pub async fn club(
    req: HttpRequest,
    official: Official<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
    form: Form<ClubForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let nick = path.into_inner();
    let person = person_id(&state, nick.clone()).await?;
    let mark = form.action != "end";
    let scope =
        scope_of(&form.championship).ok_or(AppError::BadRequest(msg!("error-400-detail")))?;
    let by = (official.user.id, official.user.is_admin);
    let ip = state.client_ip(&req);
    let who = nick.clone();
    state
        .db(move |conn| {
            Ok(ops::set_club_member(
                conn,
                person,
                &who,
                mark,
                scope,
                by,
                &ip,
                db::utc_now(),
            )?)
        })
        .await?;
    AppSession(&session).flash(FlashLevel::Success, msg!("admin-saved"));
    Ok(see_other(&paths::person(&nick)))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct BanForm {
    from: String,
    until: String,
    reason: String,
    /// A championship id; empty: every championship (administrators).
    championship: String,
}

impl TextRules for BanForm {
    const LONG_LINES: &'static [(&'static str, usize)] = &[("reason", 500)];
}

fn parse_date(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d").ok()
}

/// A typed end date: `Ok(None)` when empty (open-ended), `Err` when it does
/// not parse.
fn until_date(s: &str) -> Result<Option<NaiveDate>, ()> {
    if s.trim().is_empty() {
        Ok(None)
    } else {
        parse_date(s).map(Some).ok_or(())
    }
}

/// The person page again with a refused form (ban, clone, employment in
/// that order), answered 422.
async fn person_refused(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    nick: String,
    forms: [Inline; 3],
) -> Result<HttpResponse, AppError> {
    let p = person_page(ctx, state, nick, forms).await?;
    page(StatusCode::UNPROCESSABLE_ENTITY, &p)
}

impl BanForm {
    /// The period typed: from (`Some(None)`: from now; `None`: not a date)
    /// and until (see [`until_date`]).
    fn period(&self) -> (Option<Option<NaiveDate>>, Result<Option<NaiveDate>, ()>) {
        let from = if self.from.trim().is_empty() {
            Some(None)
        } else {
            parse_date(&self.from).map(Some)
        };
        (from, until_date(&self.until))
    }

    /// G-A7: the first problem of the form, its field and why: the text's
    /// own, the dates (the end after the start, `today` when it is empty),
    /// the reason required.
    fn problem(&self, text: &FieldErrors, today: NaiveDate) -> Option<(&'static str, Message)> {
        match self.period() {
            _ if !text.is_empty() => text
                .first_of(&["from", "until", "reason"])
                .map(|(field, problem)| (field, problem.clone())),
            (None, _) => Some(("from", msg!("error-date").into())),
            (_, Err(())) => Some(("until", msg!("error-date").into())),
            (Some(f), Ok(Some(u))) if u <= f.unwrap_or(today) => {
                Some(("until", msg!("error-date-order").into()))
            }
            _ if self.reason.trim().is_empty() => {
                Some(("reason", msg!("ban-reason-required").into()))
            }
            _ => None,
        }
    }

    /// The form again with everything typed and `error` beside `field`.
    fn refused(&self, field: &'static str, error: String) -> Inline {
        Inline {
            values: vec![
                ("from", self.from.clone()),
                ("until", self.until.clone()),
                ("reason", self.reason.clone()),
                ("championship", self.championship.clone()),
            ],
            error: Some(error),
            field,
        }
    }
}

/// `POST /people/{nick}/bans`: a judge bans a person for a period (G-A7).
pub async fn ban(
    req: HttpRequest,
    ctx: PageCtx,
    official: Official<Judges>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
    form: Form<BanForm>,
) -> Result<HttpResponse, AppError> {
    let nick = path.into_inner();
    let person = person_id(&state, nick.clone()).await?;
    let (form, text) = form.into_parts();
    let scope =
        scope_of(&form.championship).ok_or(AppError::BadRequest(msg!("error-400-detail")))?;
    // Today, in the zone of the championship the ban holds in.
    let today = state
        .db(move |conn| Ok(ops::today_in(conn, scope, db::utc_now())?))
        .await?;
    if let Some((field, error)) = form.problem(&text, today) {
        let inline = form.refused(field, ctx.render(&error));
        let forms = [inline, Inline::default(), Inline::default()];
        return person_refused(ctx, &state, nick, forms).await;
    }
    let (Some(from), Ok(until)) = form.period() else {
        return Err(AppError::BadRequest(msg!("error-date")));
    };
    let reason = form.reason.trim().to_owned();
    let by = (official.user.id, official.user.is_admin);
    let ip = state.client_ip(&req);
    let who = nick.clone();
    state
        .db(move |conn| {
            let new = ops::NewBan {
                person,
                nick: &who,
                from,
                until,
                reason: &reason,
                scope,
            };
            Ok(ops::impose_ban(conn, &new, by, &ip, db::utc_now())?)
        })
        .await?;
    AppSession(&session).flash(FlashLevel::Success, msg!("ban-imposed"));
    Ok(see_other(&paths::person(&nick)))
}

/// `POST /bans/{id}/lift`.
pub async fn lift_ban(
    req: HttpRequest,
    official: Official<Judges>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<BanId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let by = (official.user.id, official.user.is_admin);
    let ip = state.client_ip(&req);
    let nick = state
        .db(move |conn| Ok(ops::lift_ban(conn, id, by, &ip, db::utc_now())?))
        .await?;
    AppSession(&session).flash(FlashLevel::Success, msg!("ban-lifted"));
    Ok(see_other(&paths::person(&nick)))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CloneForm {
    nick: String,
    /// A championship id; empty: every championship (administrators).
    championship: String,
}

impl TextRules for CloneForm {}

/// `POST /people/{nick}/clones`: a judge links another account as the same
/// person's (G-A7: bans cover clones).
pub async fn link_clone(
    req: HttpRequest,
    ctx: PageCtx,
    official: Official<Judges>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
    form: Form<CloneForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let nick = path.into_inner();
    let person = person_id(&state, nick.clone()).await?;
    let other_nick = form.nick.trim().to_owned();
    let scope =
        scope_of(&form.championship).ok_or(AppError::BadRequest(msg!("error-400-detail")))?;
    let by = (official.user.id, official.user.is_admin);
    let ip = state.client_ip(&req);
    let who = nick.clone();
    let linked = state
        .db(move |conn| {
            let now = db::utc_now();
            Ok(ops::link_clone(
                conn,
                person,
                &who,
                &other_nick,
                scope,
                by,
                &ip,
                now,
            ))
        })
        .await?;
    match linked {
        Ok(()) => {
            AppSession(&session).flash(FlashLevel::Success, msg!("clone-linked"));
            Ok(see_other(&paths::person(&nick)))
        }
        Err(PlayError::Refused(problems)) => {
            let inline = Inline {
                values: vec![
                    ("nick", form.nick.clone()),
                    ("championship", form.championship.clone()),
                ],
                error: Some(problems_text(&ctx, &problems)),
                field: "nick",
            };
            let forms = [Inline::default(), inline, Inline::default()];
            person_refused(ctx, &state, nick, forms).await
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /people/{nick}/clones/{id}/remove`: a judge of the link's
/// championship (an administrator for a link of every championship)
/// removes a clone link; audited.
pub async fn unlink_clone(
    req: HttpRequest,
    official: Official<Judges>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(String, CloneLinkId)>,
) -> Result<HttpResponse, AppError> {
    let (nick, link) = path.into_inner();
    let person = person_id(&state, nick).await?;
    let by = (official.user.id, official.user.is_admin);
    let ip = state.client_ip(&req);
    let nick = state
        .db(move |conn| Ok(ops::unlink_clone(conn, link, person, by, &ip)?))
        .await?;
    AppSession(&session).flash(FlashLevel::Success, msg!("clone-unlinked"));
    Ok(see_other(&paths::person(&nick)))
}

/// What a refused change to a person's record says, in the page's language.
fn problem_text(ctx: &PageCtx, p: &PeopleProblem) -> String {
    match p {
        PeopleProblem::UnknownNick(nick) => {
            ctx.render(&Message::new(msg!("team-error-unknown-nick")).arg("nick", nick))
        }
        PeopleProblem::CloneOfSelf => ctx.lang.msg(msg!("clone-self")),
        PeopleProblem::UnknownOrganization => ctx.lang.msg(msg!("team-error-organization-unknown")),
    }
}

/// Every problem, one after the other.
fn problems_text(ctx: &PageCtx, problems: &[PeopleProblem]) -> String {
    problems
        .iter()
        .map(|p| problem_text(ctx, p))
        .collect::<Vec<_>>()
        .join(" ")
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct EmploymentForm {
    organization: String,
    from: String,
    until: String,
}

impl TextRules for EmploymentForm {}

impl EmploymentForm {
    /// The organization, start and end typed (see [`until_date`]).
    fn read(
        &self,
    ) -> (
        Option<OrganizationId>,
        Option<NaiveDate>,
        Result<Option<NaiveDate>, ()>,
    ) {
        (
            self.organization.trim().parse::<OrganizationId>().ok(),
            parse_date(&self.from),
            until_date(&self.until),
        )
    }

    /// E-12: the first problem of the form, its field and why.
    fn problem(&self) -> Option<(&'static str, crate::i18n::MsgKey)> {
        match self.read() {
            (None, _, _) => Some(("organization", msg!("team-error-organization-required"))),
            (_, None, _) => Some(("from", msg!("error-date"))),
            (_, _, Err(())) => Some(("until", msg!("error-date"))),
            (_, Some(f), Ok(Some(u))) if u < f => Some(("until", msg!("error-date-order"))),
            _ => None,
        }
    }

    /// The form again with everything typed and `error` beside `field`.
    fn refused(&self, field: &'static str, error: String) -> [Inline; 3] {
        let inline = Inline {
            values: vec![
                ("organization", self.organization.clone()),
                ("from", self.from.clone()),
                ("until", self.until.clone()),
            ],
            error: Some(error),
            field,
        };
        [Inline::default(), Inline::default(), inline]
    }
}

/// `POST /people/{nick}/employments`: an employment record (E-12), entered
/// by the person, a captain of their team or an organizer.
pub async fn add_employment(
    req: HttpRequest,
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
    form: Form<EmploymentForm>,
) -> Result<HttpResponse, AppError> {
    let nick = path.into_inner();
    let person = person_id(&state, nick.clone()).await?;
    let acting = (user.id, user.is_admin);
    let allowed = state
        .db(move |conn| Ok(ops::may_record_employment(conn, acting, person)?))
        .await?;
    if !allowed {
        return Err(AppError::Forbidden);
    }
    let form = form.into_inner()?;
    if let Some((field, key)) = form.problem() {
        let forms = form.refused(field, ctx.lang.msg(key));
        return person_refused(ctx, &state, nick, forms).await;
    }
    let (Some(org), Some(from), Ok(until)) = form.read() else {
        return Err(AppError::BadRequest(msg!("error-date")));
    };
    let ip = state.client_ip(&req);
    let saved = state
        .db(move |conn| {
            let now = db::utc_now();
            Ok(ops::add_employment(
                conn, person, org, from, until, acting, &ip, now,
            ))
        })
        .await?;
    match saved {
        Ok(()) => {}
        Err(PlayError::Refused(problems)) => {
            let forms = form.refused("organization", problems_text(&ctx, &problems));
            return person_refused(ctx, &state, nick, forms).await;
        }
        Err(e) => return Err(e.into()),
    }
    AppSession(&session).flash(FlashLevel::Success, msg!("employment-added"));
    Ok(see_other(&paths::person(&nick)))
}

/// `POST /employments/{id}/confirm`: an organizer confirms a record.
pub async fn confirm_employment(
    req: HttpRequest,
    official: Official<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<EmploymentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (by, ip) = (
        (official.user.id, official.user.is_admin),
        state.client_ip(&req),
    );
    let (nick, changed) = state
        .db(move |conn| Ok(ops::confirm_employment(conn, id, by, &ip, db::utc_now())?))
        .await?;
    if changed {
        AppSession(&session).flash(FlashLevel::Success, msg!("employment-confirmed"));
    } else {
        AppSession(&session).flash(FlashLevel::Info, msg!("employment-confirmed-already"));
    }
    Ok(see_other(&paths::person(&nick)))
}

// ------------------------------------------------------------ public bans

#[derive(Template)]
#[template(path = "people/bans.html")]
pub struct BansPage {
    ctx: PageCtx,
    rows: Vec<BanRow>,
}

/// `GET /bans`: the public penalty list of bans in force (G-A7).
pub async fn bans(ctx: PageCtx, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let lines = state
        .db(|conn| {
            let all = db::championships::list(conn)?;
            let zones: Zones = all.iter().map(|c| (c.id, c.tz())).collect();
            let names: std::collections::HashMap<ChampionshipId, String> =
                all.into_iter().map(|c| (c.id, c.name)).collect();
            let lines = standing::bans_in_force(conn, db::utc_now())?;
            let mut out = Vec::with_capacity(lines.len());
            for l in lines {
                let group = standing::clone_group(conn, l.ban.person_id)?;
                let mut clones = Vec::new();
                for id in group.into_iter().filter(|id| *id != l.ban.person_id) {
                    if let Some(p) = people::by_id(conn, id)? {
                        clones.push(p.nick);
                    }
                }
                let scope = l.ban.championship_id.and_then(|c| names.get(&c).cloned());
                out.push((l, clones, scope));
            }
            Ok((out, zones))
        })
        .await?;
    let (lines, zones) = lines;
    let everywhere = ctx.t("scope-everywhere");
    let rows = lines
        .into_iter()
        .map(|(l, clones, scope)| BanRow {
            scope: scope.unwrap_or_else(|| everywhere.clone()),
            can_lift: false,
            clones,
            in_force: true,
            from: ban_day(&zones, l.ban.championship_id, l.ban.from_at),
            until: l
                .ban
                .until_at
                .map(|u| ban_day(&zones, l.ban.championship_id, u))
                .unwrap_or_else(|| "—".into()),
            lift_url: paths::lift_ban(l.ban.id),
            reason: l.ban.reason,
            nick: l.nick,
        })
        .collect();
    page(StatusCode::OK, &BansPage { ctx, rows })
}

// ---------------------------------------------------------- organizations

pub struct OrganizationRow {
    pub name: String,
    pub parent: String,
}

#[derive(Template)]
#[template(path = "people/organizations.html")]
pub struct OrganizationsPage {
    ctx: PageCtx,
    rows: Vec<OrganizationRow>,
    options: Vec<(OrganizationId, String)>,
    can_create: bool,
    form: Inline,
}

async fn organizations_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    form: Inline,
) -> Result<OrganizationsPage, AppError> {
    let can_create = match &ctx.user {
        Some(u) => is_official::<Organizers>(state, u).await?,
        None => false,
    };
    let by = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    let all = state.db(|conn| Ok(organizations::list(conn)?)).await?;
    let name_of = |id: Option<OrganizationId>| {
        id.and_then(|id| all.iter().find(|o| o.id == id))
            .map_or_else(String::new, |o| o.name.clone())
    };
    let rows = all
        .iter()
        .map(|o| OrganizationRow {
            name: o.name.clone(),
            parent: name_of(o.parent_id),
        })
        .collect();
    // A subsidiary goes only where the viewer may attach one.
    let options = all
        .iter()
        .filter(|o| by.is_some_and(|by| organizations_ops::may_attach(by, o)))
        .map(|o| (o.id, o.name.clone()))
        .collect();
    Ok(OrganizationsPage {
        ctx,
        rows,
        options,
        can_create,
        form,
    })
}

pub async fn organizations(
    ctx: PageCtx,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let p = organizations_page(ctx, &state, Inline::default()).await?;
    page(StatusCode::OK, &p)
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct OrganizationForm {
    name: String,
    parent: String,
}

impl TextRules for OrganizationForm {}

/// `POST /organizations`: an organizer adds an enterprise, optionally a
/// subsidiary of another (E-12).
pub async fn create_organization(
    req: HttpRequest,
    ctx: PageCtx,
    official: Official<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    form: Form<OrganizationForm>,
) -> Result<HttpResponse, AppError> {
    let (form, text) = form.into_parts();
    let name = form.name.split_whitespace().collect::<Vec<_>>().join(" ");
    let parent = form.parent.trim().parse::<OrganizationId>().ok();
    let by = (official.user.id, official.user.is_admin);
    let ip = state.client_ip(&req);
    let outcome = if let Some(message) = organization_form_problem(&ctx, &text, &name) {
        Err(message)
    } else {
        let created = state
            .db(move |conn| Ok(organizations_ops::create(conn, &name, parent, by, &ip)))
            .await?;
        match created {
            Ok(_) => Ok(()),
            Err(PlayError::Refused(problems)) => Err(organization_problems_text(&ctx, &problems)),
            Err(e) => return Err(e.into()),
        }
    };
    match outcome {
        Ok(()) => {
            AppSession(&session).flash(FlashLevel::Success, msg!("organization-created"));
            Ok(see_other(paths::ORGANIZATIONS))
        }
        Err(message) => {
            let inline = Inline {
                values: vec![("name", form.name.clone()), ("parent", form.parent.clone())],
                error: Some(message),
                field: "name",
            };
            let p = organizations_page(ctx, &state, inline).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
    }
}

/// The organization form's first problem: the text's own, else the name's
/// (required, 100 characters at most).
fn organization_form_problem(ctx: &PageCtx, text: &FieldErrors, name: &str) -> Option<String> {
    if let Some((_, problem)) = text.first() {
        Some(ctx.render(problem))
    } else if name.is_empty() {
        Some(ctx.lang.msg(msg!("error-required")))
    } else if name.chars().count() > 100 {
        Some(ctx.lang.msg(msg!("error-name-length")))
    } else {
        None
    }
}

/// Why an organization was refused, every problem one after the other.
fn organization_problems_text(ctx: &PageCtx, problems: &[OrganizationProblem]) -> String {
    problems
        .iter()
        .map(|p| {
            ctx.lang.msg(match p {
                OrganizationProblem::NameTaken => msg!("organization-taken"),
                OrganizationProblem::UnknownParent => msg!("team-error-organization-unknown"),
                OrganizationProblem::ParentNotYours => msg!("organization-parent-not-yours"),
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `POST /people/{nick}/documents` (multipart): a person uploads their own
/// document (R-2.2, E-12); a record's, its captain or an organizer.
pub async fn upload_for_person(
    req: HttpRequest,
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
    payload: actix_multipart::Multipart,
) -> Result<HttpResponse, AppError> {
    let nick = path.into_inner();
    let lookup = nick.clone();
    let person = state
        .db(move |conn| {
            people::by_nick(conn, &lookup)?
                .map(|p| p.id)
                .ok_or(AppError::NotFound)
        })
        .await?;
    let uploader = user.clone();
    let allowed = state
        .db(move |conn| {
            Ok(documents::may_upload(
                conn,
                &uploader,
                crate::db::documents::Owner::Person(person),
            )?)
        })
        .await?;
    if !allowed {
        return Err(AppError::Forbidden);
    }
    match documents::upload(
        &req,
        &ctx,
        &state,
        &session,
        &user,
        crate::db::documents::Owner::Person(person),
        payload,
    )
    .await?
    {
        None => Ok(see_other(&paths::person(&nick))),
        Some(form) => {
            let p = person_page_with(ctx, &state, nick, Default::default(), form).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ClaimLinkForm {
    email: String,
}

impl TextRules for ClaimLinkForm {}

/// `POST /people/{nick}/claim-link`: a link to claim the record, mailed to
/// the address typed (`app::claims::send`).
pub async fn send_claim_link(
    req: HttpRequest,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
    form: Form<ClaimLinkForm>,
) -> Result<HttpResponse, AppError> {
    let nick = path.into_inner();
    let person = person_id(&state, nick.clone()).await?;
    let by = (user.id, user.is_admin);
    // Who may send is answered before what they typed.
    let allowed = state
        .db(move |conn| {
            let record = people::by_id(conn, person)?.ok_or(AppError::NotFound)?;
            Ok(crate::app::claims::may_send(conn, by, &record)?)
        })
        .await?;
    if !allowed {
        return Err(AppError::Forbidden);
    }
    let s = AppSession(&session);
    let email = match crate::app::accounts::Email::parse(&form.into_inner()?.email) {
        Ok(email) => email,
        Err(key) => {
            s.flash(FlashLevel::Error, key);
            return Ok(see_other(&paths::person(&nick)));
        }
    };
    let ip = state.client_ip(&req);
    let typed = email.as_str().to_owned();
    let sent = state
        .db(move |conn| {
            Ok(crate::app::claims::send(
                conn,
                person,
                &email,
                by,
                &ip,
                db::utc_now(),
            ))
        })
        .await?;
    match sent {
        Ok(()) => s.flash(
            FlashLevel::Success,
            Message::new(msg!("claim-link-sent")).arg("email", typed),
        ),
        Err(PlayError::Refused(problems)) => {
            for p in problems {
                s.flash(
                    FlashLevel::Error,
                    match p {
                        crate::app::claims::ClaimProblem::EmailTaken => msg!("error-email-taken"),
                        _ => msg!("claim-already-account"),
                    },
                );
            }
        }
        Err(e) => return Err(e.into()),
    }
    Ok(see_other(&paths::person(&nick)))
}

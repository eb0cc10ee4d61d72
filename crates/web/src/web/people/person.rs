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
use crate::app::access::RoleSet;
use crate::app::organizations::{self as organizations_ops, OrganizationProblem};
use crate::app::people::{self as ops, PeopleProblem};
use crate::db::roles::Role;
use crate::db::{self, organizations, people, standing, teams as t};
use crate::i18n::Message;
use crate::ids::{
    BanId, ChampionshipId, CloneLinkId, EmploymentId, EntryId, OrganizationId, PersonId,
};
use crate::msg;
use crate::paths;
use crate::state::AppState;
use crate::web::documents::files as documents;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::Inline;
use crate::web::infra::forms::{Form, TextRules};
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
    base: String,
    documents: crate::web::documents::files::Section,
    /// Teams over time and games by board.
    memberships: Vec<MembershipRow>,
    record: crate::web::people::player_view::PlayerRecord,
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
    let (is_organizer, is_judge) = match &ctx.user {
        Some(u) if u.is_admin => (true, true),
        Some(u) => {
            let person = u.id;
            let held = state
                .db(move |conn| Ok(crate::db::roles::roles_anywhere(conn, person)?))
                .await?;
            let holds = |roles: &[Role]| roles.iter().any(|r| held.contains(r));
            (holds(Organizers::ROLES), holds(Judges::ROLES))
        }
        None => (false, false),
    };
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let acting = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    let data = state
        .db(move |conn| {
            let p = people::by_nick(conn, &nick)?.ok_or(AppError::NotFound)?;
            let all = db::championships::list(conn)?;
            let zones: Zones = all.iter().map(|c| (c.id, c.tz())).collect();
            let names: std::collections::HashMap<ChampionshipId, String> =
                all.into_iter().map(|c| (c.id, c.name)).collect();
            let (mut organizes, mut judges) = (Vec::new(), Vec::new());
            if let Some(by) = acting {
                organizes = ops::scopes_of::<Organizers>(conn, by)?;
                judges = ops::scopes_of::<Judges>(conn, by)?;
            }
            let now = db::utc_now();
            let teams = t::teams_of_person(conn, p.id)?;
            let club = standing::club_periods(conn, p.id)?;
            let group = standing::clone_group(conn, p.id)?;
            let mut clones = Vec::new();
            for id in group.iter().filter(|id| **id != p.id) {
                if let Some(c) = people::by_id(conn, *id)? {
                    clones.push(c.nick);
                }
            }
            let mut links = Vec::new();
            for l in standing::clone_links_of(conn, p.id)? {
                let other = if l.person_a == p.id {
                    l.person_b
                } else {
                    l.person_a
                };
                let nick = people::by_id(conn, other)?
                    .map(|x| x.nick)
                    .unwrap_or_default();
                links.push((l, nick));
            }
            let clones = (clones, links);
            let mut bans = Vec::new();
            for b in standing::bans_of(conn, &group)? {
                let nick = people::by_id(conn, b.person_id)?
                    .map(|x| x.nick)
                    .unwrap_or_default();
                bans.push((b, nick));
            }
            // The same reading as the entry, the boards and the roster.
            let bars: Vec<_> = crate::app::penalties::bars_everywhere(conn, p.id)?
                .into_iter()
                .filter(|(_, b)| !b.served)
                .collect();
            let bans = (bans, bars);
            let employments = standing::employments_of(conn, p.id)?;
            // A captain may enter employment for a member of their team.
            let captains_them = match viewer {
                Some(v) => teams.iter().any(|(tm, _)| tm.captain_id == v),
                None => false,
            };
            // Organizers act for the people of their own championships.
            let organizes_them = match acting {
                Some(by) => {
                    ops::organizes_any(conn, by, teams.iter().map(|(t, _)| t.championship_id))?
                }
                None => false,
            };
            let captains_them = (captains_them, organizes_them);
            let orgs = organizations::list(conn)?;
            let played = played(conn, p.id)?;
            // The clone form's suggestions, for the judges who see it.
            let nick_choices = if is_judge {
                people::nick_choices(conn)?
            } else {
                Vec::new()
            };
            Ok((
                (p, nick_choices),
                now,
                club,
                clones,
                bans,
                employments,
                captains_them,
                orgs,
                played,
                (names, zones, organizes, judges),
            ))
        })
        .await?;
    let (
        (p, nick_choices),
        now,
        club,
        clones,
        bans,
        employments,
        captains_them,
        orgs,
        played,
        scopes,
    ) = data;
    let (names, zones, organizes, judges) = scopes;
    let (clones, links) = clones;
    let (bans, bars) = bans;
    let (captains_them, organizes_them) = captains_them;
    let is_admin = ctx.user.as_ref().is_some_and(|u| u.is_admin);
    let official = is_organizer || is_judge;
    let fmt = |d: chrono::NaiveDateTime| d.format("%Y-%m-%d").to_string();
    let everywhere = ctx.t("scope-everywhere");
    let scope_name = |scope: Option<ChampionshipId>| match scope {
        Some(c) => names.get(&c).cloned().unwrap_or_else(|| format!("#{c}")),
        None => everywhere.clone(),
    };
    let open_club: Vec<_> = club.iter().filter(|m| m.period().contains(now)).collect();
    let club_lines = open_club
        .iter()
        .map(|m| (scope_name(m.championship_id), fmt(m.from_at)))
        .collect();
    let choices = |mine: &[ChampionshipId]| -> Vec<Option<ChampionshipId>> {
        is_admin
            .then_some(None)
            .into_iter()
            .chain(mine.iter().map(|c| Some(*c)))
            .collect()
    };
    let value = |scope: Option<ChampionshipId>| scope.map(|c| c.to_string()).unwrap_or_default();
    let club_scopes = choices(&organizes)
        .into_iter()
        .map(|scope| ClubScope {
            value: value(scope),
            label: scope_name(scope),
            since: open_club
                .iter()
                .find(|m| m.championship_id == scope)
                .map(|m| fmt(m.from_at)),
        })
        .collect();
    let ban_scopes = choices(&judges)
        .into_iter()
        .map(|scope| (value(scope), scope_name(scope)))
        .collect();
    let [ban_form, clone_form, employment_form] = forms;
    let base = paths::person(&p.nick);
    let documents = crate::web::documents::files::section(
        &ctx,
        state,
        crate::db::documents::Owner::Person(p.id),
        &base,
        document_form,
    )
    .await?;
    let memberships: Vec<MembershipRow> = played
        .memberships
        .into_iter()
        .map(|(m, team, (championship, tz))| {
            // In the team's championship's zone, as on the team's page.
            let day = |at: chrono::NaiveDateTime| {
                at.and_utc()
                    .with_timezone(&tz)
                    .format("%Y-%m-%d")
                    .to_string()
            };
            MembershipRow {
                team_url: paths::team(team.id),
                championship_url: paths::championship(team.championship_id),
                team: team.name,
                championship,
                from: day(m.from_at),
                until: m.until_at.map(day).unwrap_or_default(),
                how: crate::words::teams::how(ctx.lang, &m.start_reason, m.end_reason.as_deref()),
            }
        })
        .collect();
    // The teams now: the open memberships, dated like the table of all.
    let teams = memberships
        .iter()
        .filter(|m| m.until.is_empty())
        .map(|m| TeamLine {
            url: m.team_url.clone(),
            name: m.team.clone(),
            since: m.from.clone(),
        })
        .collect();
    let record = crate::web::people::player_view::record(
        ctx.lang,
        p.id,
        &played.games,
        &played.entries,
        &played.nicks,
        &played.recorded,
    );
    Ok(PersonPage {
        memberships,
        record,
        full_name: official.then(|| p.full_name.clone()),
        teams,
        club_lines,
        club_scopes,
        ban_scopes,
        sanctions: bars
            .iter()
            .map(|(c, b)| {
                format!(
                    "{}: {}",
                    names.get(c).cloned().unwrap_or_default(),
                    crate::words::penalties::bar_words(ctx.lang, b)
                )
            })
            .collect(),
        bans: bans
            .into_iter()
            .map(|(b, nick)| BanRow {
                scope: scope_name(b.championship_id),
                can_lift: match b.championship_id {
                    Some(c) => judges.contains(&c),
                    None => is_admin,
                },
                clones: Vec::new(),
                in_force: b.period().contains(now),
                from: ban_day(&zones, b.championship_id, b.from_at),
                until: b
                    .period()
                    .until
                    .map(|u| ban_day(&zones, b.championship_id, u))
                    .unwrap_or_else(|| "—".into()),
                lift_url: paths::lift_ban(b.id),
                reason: b.reason,
                nick,
            })
            .collect(),
        clones,
        clone_links: links
            .into_iter()
            .map(|(l, other)| CloneRow {
                other,
                scope: scope_name(l.championship_id),
                can_remove: match l.championship_id {
                    Some(c) => judges.contains(&c),
                    None => is_admin,
                },
                remove_url: paths::clone_link_remove(&p.nick, l.id),
            })
            .collect(),
        employments: employments
            .into_iter()
            .map(|(e, org)| EmploymentRow {
                organization: org,
                from: e.from_date.to_string(),
                until: e
                    .until_date
                    .map(|d| d.to_string())
                    .unwrap_or_else(|| "—".into()),
                confirmed: e.confirmed_at.is_some(),
                confirm_url: paths::confirm_employment(e.id),
            })
            .collect(),
        organizations: orgs.into_iter().map(|o| (o.id, o.name)).collect(),
        can_add_employment: organizes_them || viewer == Some(p.id) || captains_them,
        organizes_them,
        is_organizer,
        is_judge,
        ban_form,
        clone_form,
        nick_choices,
        employment_form,
        base,
        documents,
        nick: p.nick,
        ctx,
    })
}

/// What a person played, for the public page: every membership with its
/// team and championship, the games of published rounds, and the names
/// those games refer to.
struct Played {
    /// Each with its championship's name and time zone.
    memberships: Vec<(t::Membership, t::Team, (String, chrono_tz::Tz))>,
    games: Vec<db::rounds::PersonGame>,
    entries: std::collections::HashMap<EntryId, String>,
    nicks: std::collections::HashMap<PersonId, String>,
    /// The games whose record (PGN) is kept.
    recorded: Vec<crate::ids::GameId>,
}

fn played(conn: &mut db::DbConnection, person: PersonId) -> crate::db::QueryResult<Played> {
    let championships: std::collections::HashMap<ChampionshipId, (String, chrono_tz::Tz)> =
        db::championships::list(conn)?
            .into_iter()
            .map(|c| (c.id, (c.name.clone(), c.tz())))
            .collect();
    let memberships = t::memberships_of_person(conn, person)?
        .into_iter()
        .map(|(m, team)| {
            let named = championships
                .get(&team.championship_id)
                .cloned()
                .unwrap_or_else(|| (String::new(), chrono_tz::UTC));
            (m, team, named)
        })
        .collect();
    let games = db::rounds::games_of_person(conn, person)?;
    let mut entry_ids: Vec<EntryId> = games
        .iter()
        .flat_map(|g| std::iter::once(g.home_entry_id).chain(g.away_entry_id))
        .collect();
    entry_ids.sort_unstable();
    entry_ids.dedup();
    let mut people_ids: Vec<PersonId> = games
        .iter()
        .flat_map(|g| [g.game.home_player_id, g.game.away_player_id])
        .flatten()
        .collect();
    people_ids.sort_unstable();
    people_ids.dedup();
    Ok(Played {
        memberships,
        entries: db::entries::names_of(conn, &entry_ids)?
            .into_iter()
            .collect(),
        nicks: people::nicks_of(conn, &people_ids)?.into_iter().collect(),
        recorded: db::games::recorded_among(
            conn,
            &games.iter().map(|g| g.game.id).collect::<Vec<_>>(),
        )?,
        games,
    })
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
    // Empty: from now.
    let from = if form.from.trim().is_empty() {
        Some(None)
    } else {
        parse_date(&form.from).map(Some)
    };
    let until = if form.until.trim().is_empty() {
        Ok(None)
    } else {
        parse_date(&form.until).map(Some).ok_or(())
    };
    let reason = form.reason.trim().to_owned();
    let error = match (from, until) {
        _ if !text.is_empty() => text
            .first_of(&["from", "until", "reason"])
            .map(|(field, problem)| (field, problem.clone())),
        (None, _) => Some(("from", msg!("error-date").into())),
        (_, Err(())) => Some(("until", msg!("error-date").into())),
        (Some(f), Ok(Some(u))) if u <= f.unwrap_or(today) => {
            Some(("until", msg!("error-date-order").into()))
        }
        _ if reason.is_empty() => Some(("reason", msg!("ban-reason-required").into())),
        _ => None,
    };
    if let Some((field, error)) = error {
        let inline = Inline {
            values: vec![
                ("from", form.from.clone()),
                ("until", form.until.clone()),
                ("reason", form.reason.clone()),
                ("championship", form.championship.clone()),
            ],
            error: Some(ctx.render(&error)),
            field,
        };
        let p = person_page(
            ctx,
            &state,
            nick,
            [inline, Inline::default(), Inline::default()],
        )
        .await?;
        return page(StatusCode::UNPROCESSABLE_ENTITY, &p);
    }
    let (Some(from), Ok(until)) = (from, until) else {
        return Err(AppError::BadRequest(msg!("error-date")));
    };
    let by = (official.user.id, official.user.is_admin);
    let ip = state.client_ip(&req);
    let who = nick.clone();
    state
        .db(move |conn| {
            Ok(ops::impose_ban(
                conn,
                &ops::NewBan {
                    person,
                    nick: &who,
                    from,
                    until,
                    reason: &reason,
                    scope,
                },
                by,
                &ip,
                db::utc_now(),
            )?)
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
    let (by, ip) = (
        (official.user.id, official.user.is_admin),
        state.client_ip(&req),
    );
    let who = nick.clone();
    let linked = state
        .db(move |conn| {
            Ok(ops::link_clone(
                conn,
                person,
                &who,
                &other_nick,
                scope,
                by,
                &ip,
                db::utc_now(),
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
            let p = person_page(
                ctx,
                &state,
                nick,
                [Inline::default(), inline, Inline::default()],
            )
            .await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
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
    let org = form.organization.trim().parse::<OrganizationId>().ok();
    let from = parse_date(&form.from);
    let until = if form.until.trim().is_empty() {
        Ok(None)
    } else {
        parse_date(&form.until).map(Some).ok_or(())
    };
    let error = match (org, from, until) {
        (None, _, _) => Some(("organization", msg!("team-error-organization-required"))),
        (_, None, _) => Some(("from", msg!("error-date"))),
        (_, _, Err(())) => Some(("until", msg!("error-date"))),
        (_, Some(f), Ok(Some(u))) if u < f => Some(("until", msg!("error-date-order"))),
        _ => None,
    };
    let inline_error = |field, error: String| Inline {
        values: vec![
            ("organization", form.organization.clone()),
            ("from", form.from.clone()),
            ("until", form.until.clone()),
        ],
        error: Some(error),
        field,
    };
    if let Some((field, key)) = error {
        let inline = inline_error(field, ctx.lang.msg(key));
        let p = person_page(
            ctx,
            &state,
            nick,
            [Inline::default(), Inline::default(), inline],
        )
        .await?;
        return page(StatusCode::UNPROCESSABLE_ENTITY, &p);
    }
    let (Some(org), Some(from), Ok(until)) = (org, from, until) else {
        return Err(AppError::BadRequest(msg!("error-date")));
    };
    let ip = state.client_ip(&req);
    let saved = state
        .db(move |conn| {
            Ok(ops::add_employment(
                conn,
                person,
                org,
                from,
                until,
                acting,
                &ip,
                db::utc_now(),
            ))
        })
        .await?;
    match saved {
        Ok(()) => {}
        Err(PlayError::Refused(problems)) => {
            let inline = inline_error("organization", problems_text(&ctx, &problems));
            let p = person_page(
                ctx,
                &state,
                nick,
                [Inline::default(), Inline::default(), inline],
            )
            .await?;
            return page(StatusCode::UNPROCESSABLE_ENTITY, &p);
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
    let outcome = if let Some((_, problem)) = text.first() {
        Err(ctx.render(problem))
    } else if name.is_empty() || name.chars().count() > 100 {
        Err(ctx.lang.msg(if name.is_empty() {
            msg!("error-required")
        } else {
            msg!("error-name-length")
        }))
    } else {
        let created = state
            .db(move |conn| Ok(organizations_ops::create(conn, &name, parent, by, &ip)))
            .await?;
        match created {
            Ok(_) => Ok(()),
            Err(PlayError::Refused(problems)) => Err(problems
                .iter()
                .map(|p| {
                    ctx.lang.msg(match p {
                        OrganizationProblem::NameTaken => msg!("organization-taken"),
                        OrganizationProblem::UnknownParent => {
                            msg!("team-error-organization-unknown")
                        }
                        OrganizationProblem::ParentNotYours => {
                            msg!("organization-parent-not-yours")
                        }
                    })
                })
                .collect::<Vec<_>>()
                .join(" ")),
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

/// `POST /people/{nick}/documents` (multipart): a person uploads their own
/// document (R-2.2, E-12).
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
    if person != user.id {
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

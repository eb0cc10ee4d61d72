//! Team pages and the captain's and members' actions: apply (G-B11), the
//! roster with its history (G-B31/B32), invitations and transfers (G-B33),
//! captaincy (G-B34), dissolution (G-B41).

use crate::app::regulation::in_force;
use actix_session::Session;
use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use askama::Template;
use futures_util::future::LocalBoxFuture;
use serde::Deserialize;

use crate::app::teams::{self as ops, Accepted};
use crate::db::teams::{self as t, InvitationLine, TeamStatus};
use crate::db::{self, organizations};
use crate::i18n::Message;
use crate::ids::{ChampionshipId, InvitationId, OrganizationId, PersonId, TeamId};
use crate::msg;
use crate::paths;
use crate::read::teams::TeamPage as TeamRead;
use crate::rules::eligibility::Reason;
use crate::state::AppState;
use crate::web::documents::files as documents;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::Inline;
use crate::web::infra::forms::{Field, FieldErrors, Form, FormPage, TextRules};
use crate::web::infra::guards::SignedIn;
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::infra::{PageDb, state_and_session};
use crate::web::team::team_error;
use crate::words::eligibility;
use crate::words::teams::Refusal;

// ----------------------------------------------------------------- apply

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ApplyForm {
    name: String,
    motto: String,
    organization: String,
}

impl TextRules for ApplyForm {}

async fn apply_form(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    championship: ChampionshipId,
    form: &ApplyForm,
    errors: &FieldErrors,
) -> Result<FormPage, AppError> {
    let (c, reg, orgs) = state
        .db(move |conn| {
            let c = db::championships::by_id(conn, championship)?.ok_or(AppError::NotFound)?;
            let reg = in_force(conn, &c, db::utc_now())?.regulation;
            Ok((c, reg, organizations::list(conn)?))
        })
        .await?;
    let wants_org = reg.roster.organization_required;
    // The doubles' numbering (G-B13) and the motto (G-B11) only where the
    // regulation has them.
    let name_hint = if reg.roster.doubles_allowed {
        ctx.t("hint-team-name")
    } else {
        ctx.t("hint-team-name-plain")
    };
    let mut fields = vec![
        Field::new(&ctx, "name", msg!("field-team-name"), "text")
            .value(&form.name)
            .hint(name_hint),
    ];
    if reg.roster.team_motto {
        fields.push(Field::new(&ctx, "motto", msg!("field-motto"), "text").value(&form.motto));
    }
    if wants_org || !orgs.is_empty() {
        let mut options = vec![(String::new(), ctx.t("option-none"))];
        options.extend(orgs.into_iter().map(|o| (o.id.to_string(), o.name)));
        fields.push(
            Field::new(&ctx, "organization", msg!("field-organization"), "text")
                .value(&form.organization)
                .options(options),
        );
    }
    let fields = fields.into_iter().map(|f| f.errors(&ctx, errors)).collect();
    Ok(FormPage {
        title: ctx.t1("apply-title", "championship", &c.name),
        intro: Some(ctx.t("apply-intro")),
        action: paths::apply(championship),
        fields,
        hidden: vec![],
        submit: ctx.t("apply-submit"),
        error: None,
        links: vec![(paths::championship(championship), c.name)],
        ctx,
    })
}

pub async fn apply_page(
    ctx: PageCtx,
    _user: SignedIn,
    state: web::Data<AppState>,
    path: web::Path<ChampionshipId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let form = apply_form(
        ctx,
        &state,
        id,
        &ApplyForm::default(),
        &FieldErrors::default(),
    )
    .await?;
    page(StatusCode::OK, &form)
}

fn refusal_errors(r: Refusal) -> FieldErrors {
    let mut errors = FieldErrors::default();
    errors.add(r.field, r.message);
    errors
}

pub async fn apply(
    req: HttpRequest,
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<ChampionshipId>,
    form: Form<ApplyForm>,
) -> Result<HttpResponse, AppError> {
    let championship = path.into_inner();
    let (form, mut errors) = form.into_parts();
    let organization = match form.organization.trim() {
        "" => None,
        s => match s.parse::<i64>() {
            Ok(id) => Some(OrganizationId(id)),
            Err(_) => {
                errors.add("organization", msg!("team-error-organization-unknown"));
                None
            }
        },
    };
    if !errors.is_empty() {
        let page_ = apply_form(ctx, &state, championship, &form, &errors).await?;
        return page(StatusCode::UNPROCESSABLE_ENTITY, &page_);
    }
    let ip = state.client_ip(&req);
    let (name, motto) = (form.name.clone(), form.motto.clone());
    let result = state
        .db(move |conn| {
            Ok(ops::apply(
                conn,
                &ops::Application {
                    championship,
                    name: &name,
                    motto: &motto,
                    organization,
                    applicant: user.id,
                    ip: &ip,
                },
                db::utc_now(),
            ))
        })
        .await?;
    match result {
        Ok(team) => {
            AppSession(&session).flash(FlashLevel::Success, msg!("apply-done"));
            Ok(see_other(&paths::team(team)))
        }
        Err(e) => {
            let errors = refusal_errors(team_error(e)?);
            let page_ = apply_form(ctx, &state, championship, &form, &errors).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &page_)
        }
    }
}

// ------------------------------------------------------------- team page

pub struct MemberRow {
    pub nick: String,
    pub full_name: String,
    /// A record nobody has claimed (no account yet).
    pub record_only: bool,
    pub person_url: String,
    pub since: String,
    pub is_captain: bool,
    /// Why the member could not play now (rules::eligibility): bans (G-A7),
    /// club membership, employment (E-12, R-2.1), documents.
    pub flags: Vec<String>,
    pub remove_url: String,
    /// The rating the regulation counts, with its source ("1850, FIDE
    /// blitz"); blank when unrated.
    pub rating: String,
}

pub struct HistoryRow {
    pub nick: String,
    pub full_name: String,
    pub from: String,
    pub until: String,
    pub how: String,
}

pub struct InvitationRow {
    pub nick: String,
    pub status: String,
    pub cancel_url: String,
}

/// A small form on the team page: the typed value and its error.
#[derive(Default)]
pub struct InlineForm {
    pub value: String,
    pub error: Option<String>,
}

#[derive(Template)]
#[template(path = "teams/show.html")]
pub struct TeamPage {
    ctx: PageCtx,
    id: TeamId,
    name: String,
    motto: String,
    status: String,
    status_code: &'static str,
    decision_reason: Option<String>,
    organization: Option<String>,
    championship_name: String,
    championship_url: String,
    captain: String,
    members: Vec<MemberRow>,
    history: Vec<HistoryRow>,
    invitations: Vec<InvitationRow>,
    is_captain: bool,
    is_member: bool,
    active: bool,
    /// Why the team could not enter a tournament now (R-1.10, G-B21/E-11).
    team_problems: Vec<String>,
    member_count: usize,
    /// The regulation counts a rating: the column and the team's average.
    rated: bool,
    average: Option<String>,
    invite: InlineForm,
    /// Nicks the invitation form suggests.
    nick_choices: Vec<String>,
    handover: InlineForm,
    /// Entering a player without an account (captain, organizers).
    add: super::players::AddForm,
    may_add: bool,
    /// Full names are shown to the team's captain and members and to the
    /// championship's officials; others see nicks.
    show_names: bool,
    /// An organizer may confirm club membership (G-A7) as they enter.
    club_choice: bool,
    documents: crate::web::documents::files::Section,
    /// Captains over time, transfers, results.
    record: crate::web::team::team_record::TeamRecord,
}

/// The forms of the team page as they are shown again after a refusal:
/// the invitation, the captaincy's hand-over and the document upload.
#[derive(Default)]
pub struct TeamForms {
    pub invite: InlineForm,
    pub handover: InlineForm,
    pub document: Inline,
    pub add: super::players::AddForm,
}

pub(super) async fn team_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    id: TeamId,
    mut forms: TeamForms,
) -> Result<TeamPage, AppError> {
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let read = state
        .db(move |conn| TeamRead::load(conn, viewer, id)?.ok_or(AppError::NotFound))
        .await?;
    let documents = documents::section(
        &ctx,
        state,
        crate::db::documents::Owner::Team(id),
        &paths::team(id),
        std::mem::take(&mut forms.document),
    )
    .await?;
    Ok(team_words(ctx, viewer, read, documents, forms))
}

/// The team page in the viewer's words.
fn team_words(
    ctx: PageCtx,
    viewer: Option<PersonId>,
    read: TeamRead,
    documents: documents::Section,
    forms: TeamForms,
) -> TeamPage {
    let members = member_rows(&ctx, &read);
    let history = history_rows(&ctx, &read);
    let invitations = invitation_rows(&ctx, read.invitations);
    let TeamRead {
        team,
        championship: c,
        record,
        ..
    } = read;
    let status = team.status();
    let id = team.id;
    let organizes = read.viewer_organizes || ctx.is_admin();
    let (active, captain_id) = (team.is_active(), team.captain_id);
    let is_member = viewer.is_some_and(|v| {
        read.members
            .iter()
            .any(|m| m.line.membership.person_id == v)
    });
    let show_names =
        ctx.is_admin() || read.viewer_is_official || viewer == Some(team.captain_id) || is_member;
    TeamPage {
        record: crate::web::team::team_record::view(ctx.lang, c.tz(), c.id, id, record),
        documents,
        id,
        status: status_words(&ctx, status),
        status_code: status.as_str(),
        active: team.is_active(),
        decision_reason: team.decision_reason.clone(),
        name: team.name,
        motto: team.motto,
        organization: read.organization,
        championship_url: paths::championship(c.id),
        championship_name: c.name,
        captain: read.captain,
        member_count: read.members.len(),
        rated: !read.ratings.is_empty() || read.average.is_some(),
        average: read.average.map(|a| {
            crate::i18n::Message::new(crate::msg!("team-rating-average"))
                .arg("average", a)
                .render(ctx.lang)
        }),
        members,
        history,
        invitations,
        is_captain: viewer == Some(team.captain_id),
        is_member,
        show_names,
        team_problems: read
            .team_unmet
            .iter()
            .map(|r| eligibility::team_reason(ctx.lang, r))
            .collect(),
        invite: forms.invite,
        nick_choices: read.nick_choices,
        handover: forms.handover,
        add: forms.add,
        may_add: active && (viewer == Some(captain_id) || organizes),
        club_choice: organizes && read.club_required,
        ctx,
    }
}

fn status_words(ctx: &PageCtx, status: TeamStatus) -> String {
    ctx.lang.msg(match status {
        TeamStatus::Pending => crate::msg!("team-status-pending"),
        TeamStatus::Approved => crate::msg!("team-status-approved"),
        TeamStatus::Rejected => crate::msg!("team-status-rejected"),
        TeamStatus::Dissolved => crate::msg!("team-status-dissolved"),
    })
}

/// Times in the championship's zone, as on its other pages.
fn team_time(read: &TeamRead, at: chrono::NaiveDateTime) -> String {
    crate::words::local_time(read.championship.tz(), at)
}

/// The current members with what keeps each off the boards, as much as
/// the viewer may see.
fn member_rows(ctx: &PageCtx, read: &TeamRead) -> Vec<MemberRow> {
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let org_name = |id: OrganizationId| {
        read.organization_names
            .iter()
            .find(|(o, _)| *o == id)
            .map_or_else(String::new, |(_, n)| n.clone())
    };
    let is_captain = viewer == Some(read.team.captain_id);
    let viewer_is_staff = ctx.is_admin() || read.viewer_is_official;
    read.members
        .iter()
        .map(|member| {
            let m = &member.line;
            let person = m.membership.person_id;
            // Bans are public (G-A7); documents and employment are the
            // member's own business, the captain's and the officials'.
            let private_ok = viewer_is_staff || is_captain || viewer == Some(person);
            let unmet = &member.unmet;
            let mut flags: Vec<String> = unmet
                .iter()
                .filter(|r| private_ok || matches!(r, Reason::Banned { .. }))
                .map(|r| eligibility::reason(ctx.lang, r, &|id| org_name(OrganizationId(id))))
                .collect();
            if !private_ok && unmet.iter().any(|r| !matches!(r, Reason::Banned { .. })) {
                flags.push(ctx.t("flag-not-eligible"));
            }
            // Sanctions are public (G-D2: decisions are published).
            flags.extend(
                member
                    .bars
                    .iter()
                    .map(|b| crate::words::penalties::bar_words(ctx.lang, b)),
            );
            MemberRow {
                person_url: paths::person(&m.nick),
                since: team_time(read, m.membership.from_at),
                is_captain: person == read.team.captain_id,
                flags,
                remove_url: paths::remove_member(read.team.id, person),
                rating: read
                    .ratings
                    .get(&person)
                    .map(|h| {
                        format!(
                            "{} ({})",
                            h.value,
                            ctx.lang.msg(crate::app::ratings::source_key(h.source))
                        )
                    })
                    .unwrap_or_default(),
                nick: m.nick.clone(),
                full_name: m.full_name.clone(),
                record_only: !m.has_account,
            }
        })
        .collect()
}

fn history_rows(ctx: &PageCtx, read: &TeamRead) -> Vec<HistoryRow> {
    read.history
        .iter()
        .map(|h| HistoryRow {
            from: team_time(read, h.membership.from_at),
            until: h
                .membership
                .until_at
                .map(|at| team_time(read, at))
                .unwrap_or_default(),
            how: crate::words::teams::how(
                ctx.lang,
                &h.membership.start_reason,
                h.membership.end_reason.as_deref(),
            ),
            nick: h.nick.clone(),
            full_name: h.full_name.clone(),
        })
        .collect()
}

fn invitation_rows(ctx: &PageCtx, invitations: Vec<InvitationLine>) -> Vec<InvitationRow> {
    invitations
        .into_iter()
        .map(|l| InvitationRow {
            status: ctx.lang.msg(if l.invitation.status == "awaiting_approval" {
                crate::msg!("invitation-awaiting-approval")
            } else {
                crate::msg!("invitation-pending")
            }),
            cancel_url: paths::close_invitation(l.invitation.id),
            nick: l.nick,
        })
        .collect()
}

pub async fn show(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<TeamId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let p = team_page(ctx, &state, id, TeamForms::default()).await?;
    page(StatusCode::OK, &p)
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct NickForm {
    nick: String,
}

impl TextRules for NickForm {}

/// Which of the team page's nick forms was sent.
enum NickField {
    Invite,
    HandOver,
}

/// A nick form of the team page: back to the page with a flash, or the
/// page again with the refusal beside the form that was sent.
async fn nick_action<T, F>(
    caller: Caller,
    ctx: PageCtx,
    team: TeamId,
    nick: String,
    field: NickField,
    done: Message,
    op: F,
) -> Result<HttpResponse, AppError>
where
    F: FnOnce(&mut db::DbConnection, &str, &str) -> Result<T, ops::TeamError> + Send + 'static,
    T: Send + 'static,
{
    let sent = nick.clone();
    let result = caller.run(move |conn, ip| op(conn, &sent, ip)).await?;
    match result {
        Ok(_) => {
            AppSession(&caller.session).flash(FlashLevel::Success, done);
            Ok(see_other(&paths::team(team)))
        }
        Err(e) => {
            let refusal = team_error(e)?;
            let refused = InlineForm {
                value: nick,
                error: Some(ctx.render(&refusal.message)),
            };
            let forms = match field {
                NickField::Invite => TeamForms {
                    invite: refused,
                    ..TeamForms::default()
                },
                NickField::HandOver => TeamForms {
                    handover: refused,
                    ..TeamForms::default()
                },
            };
            let p = team_page(ctx, &caller.state, team, forms).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
    }
}

/// `POST /teams/{id}/invitations`: the captain invites by nick.
pub async fn invite(
    caller: Caller,
    ctx: PageCtx,
    path: web::Path<TeamId>,
    form: Form<NickForm>,
) -> Result<HttpResponse, AppError> {
    let (team, me) = (path.into_inner(), caller.me);
    let nick = form.into_inner()?.nick;
    let done = Message::new(msg!("invitation-sent")).arg("nick", nick.trim());
    nick_action(
        caller,
        ctx,
        team,
        nick,
        NickField::Invite,
        done,
        move |conn, nick, ip| ops::invite(conn, team, nick, me, ip, db::utc_now()),
    )
    .await
}

/// `POST /teams/{id}/captain`: hand the captaincy to another member (G-B34).
pub async fn hand_over(
    caller: Caller,
    ctx: PageCtx,
    path: web::Path<TeamId>,
    form: Form<NickForm>,
) -> Result<HttpResponse, AppError> {
    let (team, me) = (path.into_inner(), caller.me);
    nick_action(
        caller,
        ctx,
        team,
        form.into_inner()?.nick,
        NickField::HandOver,
        msg!("captaincy-handed-over").into(),
        move |conn, nick, ip| ops::hand_over(conn, team, nick, me, ip, db::utc_now()),
    )
    .await
}

/// The signed-in person pressing a team or invitation button, with the
/// address they press from (for the audit log).
pub struct Caller {
    pub me: PersonId,
    pub admin: bool,
    pub ip: String,
    pub state: web::Data<AppState>,
    pub session: Session,
}

impl FromRequest for Caller {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let SignedIn(user) = SignedIn::extract(&req).await?;
            let (state, session) = state_and_session(&req).await?;
            Ok(Caller {
                me: user.id,
                admin: user.is_admin,
                ip: state.client_ip(&req),
                state,
                session,
            })
        })
    }
}

impl Caller {
    /// Runs the use case with the caller's address.
    pub(super) async fn run<T, F>(&self, action: F) -> Result<Result<T, ops::TeamError>, AppError>
    where
        F: FnOnce(&mut db::DbConnection, &str) -> Result<T, ops::TeamError> + Send + 'static,
        T: Send + 'static,
    {
        let ip = self.ip.clone();
        self.state.db(move |conn| Ok(action(conn, &ip))).await
    }

    /// A button action (no fields): back to `back`, a refusal in a flash.
    async fn press<F>(
        self,
        back: String,
        done: crate::i18n::MsgKey,
        action: F,
    ) -> Result<HttpResponse, AppError>
    where
        F: FnOnce(&mut db::DbConnection, &str) -> Result<(), ops::TeamError> + Send + 'static,
    {
        let result = self.run(action).await?;
        let s = AppSession(&self.session);
        match result {
            Ok(()) => s.flash(FlashLevel::Success, done),
            Err(e) => s.flash(FlashLevel::Error, team_error(e)?.message),
        }
        Ok(see_other(&back))
    }
}

/// `POST /teams/{id}/members/{person}/remove`: the captain removes a member.
pub async fn remove_member(
    caller: Caller,
    path: web::Path<(TeamId, PersonId)>,
) -> Result<HttpResponse, AppError> {
    let (team, member) = path.into_inner();
    let me = caller.me;
    caller
        .press(
            paths::team(team),
            msg!("member-removed"),
            move |conn, ip| ops::remove_member(conn, team, member, me, ip, db::utc_now()),
        )
        .await
}

/// `POST /teams/{id}/leave`: a member leaves.
pub async fn leave(caller: Caller, path: web::Path<TeamId>) -> Result<HttpResponse, AppError> {
    let (team, me) = (path.into_inner(), caller.me);
    caller
        .press(paths::team(team), msg!("member-left"), move |conn, ip| {
            ops::remove_member(conn, team, me, me, ip, db::utc_now())
        })
        .await
}

/// `POST /teams/{id}/dissolve` (G-B41).
pub async fn dissolve(caller: Caller, path: web::Path<TeamId>) -> Result<HttpResponse, AppError> {
    let (team, me) = (path.into_inner(), caller.me);
    caller
        .press(
            paths::team(team),
            msg!("team-dissolved"),
            move |conn, ip| ops::dissolve(conn, team, me, ip, db::utc_now()),
        )
        .await
}

/// `POST /invitations/{id}/accept`.
pub async fn accept(
    caller: Caller,
    path: web::Path<InvitationId>,
) -> Result<HttpResponse, AppError> {
    let (invitation, me) = (path.into_inner(), caller.me);
    let result = caller
        .run(move |conn, ip| ops::accept(conn, invitation, me, ip, db::utc_now()))
        .await?;
    let s = AppSession(&caller.session);
    match result {
        Ok(Accepted::Joined) => s.flash(FlashLevel::Success, msg!("invitation-accepted")),
        Ok(Accepted::Transferred { from }) => s.flash(
            FlashLevel::Success,
            Message::new(msg!("invitation-transferred")).arg("team", from),
        ),
        Ok(Accepted::AwaitingApproval) => s.flash(FlashLevel::Info, msg!("invitation-awaiting")),
        Err(e) => s.flash(FlashLevel::Error, team_error(e)?.message),
    }
    Ok(see_other(paths::ACCOUNT))
}

/// `POST /invitations/{id}/close`: the invitee declines, or the captain
/// withdraws it.
pub async fn close_invitation(
    caller: Caller,
    path: web::Path<InvitationId>,
) -> Result<HttpResponse, AppError> {
    let (invitation, me) = (path.into_inner(), caller.me);
    let result = caller
        .run(move |conn, ip| ops::close_invitation(conn, invitation, me, ip, db::utc_now()))
        .await?;
    let s = AppSession(&caller.session);
    match result {
        Ok(team) => {
            s.flash(FlashLevel::Success, msg!("invitation-closed"));
            // The captain goes back to the team page, the invitee to their account.
            let back = caller
                .state
                .db(move |conn| Ok(t::by_id(conn, team)?.map(|tm| tm.captain_id)))
                .await?;
            Ok(see_other(&if back == Some(me) {
                paths::team(team)
            } else {
                paths::ACCOUNT.to_owned()
            }))
        }
        Err(e) => {
            s.flash(FlashLevel::Error, team_error(e)?.message);
            Ok(see_other(paths::ACCOUNT))
        }
    }
}

/// `POST /teams/{id}/documents` (multipart): the captain uploads the team's
/// application on letterhead.
pub async fn upload_for_team(
    req: HttpRequest,
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<TeamId>,
    payload: actix_multipart::Multipart,
) -> Result<HttpResponse, AppError> {
    let team = path.into_inner();
    let u = user.clone();
    let allowed = state
        .db(move |conn| {
            t::by_id(conn, team)?.ok_or(AppError::NotFound)?;
            Ok(documents::may_upload(
                conn,
                &u,
                crate::db::documents::Owner::Team(team),
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
        crate::db::documents::Owner::Team(team),
        payload,
    )
    .await?
    {
        None => Ok(see_other(&paths::team(team))),
        Some(form) => {
            let forms = TeamForms {
                document: form,
                ..TeamForms::default()
            };
            let p = team_page(ctx, &state, team, forms).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
    }
}

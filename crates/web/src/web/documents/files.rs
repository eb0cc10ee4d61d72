//! Eligibility documents: uploads on a person's and a team's page,
//! the organizers' review queue, private downloads, and the retention purge.
//!
//! Privacy: a document is seen by its owner, the captain
//! of the owner's team, and the organizers and judges of a championship the
//! owner takes part in (platform administrators pass, as on every staff
//! page). Everyone else gets 404, so that a URL does not even confirm that a
//! document exists.

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use chrono::NaiveDate;
use serde::Deserialize;

use crate::app::PlayError;
use crate::app::access::{Admission, Organizers};
use crate::app::documents::{self as ops, Decision, ReviewProblem, championships_of};
use crate::db::documents::{self as docs, Document, Owner, ReviewStatus, Stored, Upload};
use crate::db::roles::{self, Role};
use crate::db::{self, DbConnection, audit, people, teams as t};
use crate::i18n::{Message, MsgKey};
use crate::ids::{ChampionshipId, DocumentId};
use crate::msg;
use crate::paths;
use crate::read::desk::{Desk, DeskFilter};
use crate::rules::documents::{
    MediaType, Uploader, clean_file_name, content_disposition, kind_code, kind_of_code, kind_rules,
};
use crate::rules::regulation::{DocumentHolder, DocumentKind};
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::bulk::{BulkForm, Outcome};
use crate::web::infra::ctx::{CurrentUser, PageCtx};
use crate::web::infra::error::AppError;
use crate::web::infra::forms::Inline;
use crate::web::infra::forms::{Form, TextRules};
use crate::web::infra::guards::Staff;
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::infra::upload::Received;

const VIEWERS: &[Role] = &[Role::Organizer, Role::ChiefJudge, Role::Judge];

fn status_label(status: ReviewStatus) -> MsgKey {
    match status {
        ReviewStatus::Pending => msg!("document-status-pending"),
        ReviewStatus::Approved => msg!("document-status-approved"),
        ReviewStatus::Rejected => msg!("document-status-rejected"),
    }
}

/// Whether `viewer` may see the owner's documents.
pub fn can_see(
    conn: &mut DbConnection,
    viewer: &CurrentUser,
    owner: Owner,
) -> crate::db::QueryResult<bool> {
    // Exactly these people: owner, captain, the championship's
    // organizers and judges. A platform admin is not among them (an admin
    // who must see a document grants themselves a role, which is audited).
    if owner == Owner::Person(viewer.id) {
        return Ok(true);
    }
    let captains = match owner {
        Owner::Person(p) => t::teams_of_person(conn, p)?
            .iter()
            .any(|(team, _)| team.captain_id == viewer.id),
        Owner::Team(id) => t::by_id(conn, id)?.is_some_and(|team| team.captain_id == viewer.id),
    };
    if captains {
        return Ok(true);
    }
    for c in championships_of(conn, owner)? {
        if roles::has_role(conn, viewer.id, c, VIEWERS)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// A document's owner as pages name and link them: (nick or team name, URL).
fn owner_label(conn: &mut DbConnection, owner: Owner) -> crate::db::QueryResult<(String, String)> {
    Ok(match owner {
        Owner::Person(p) => {
            let nick = people::by_id(conn, p)?.map(|p| p.nick).unwrap_or_default();
            let url = paths::person(&nick);
            (nick, url)
        }
        Owner::Team(id) => (
            t::by_id(conn, id)?.map(|t| t.name).unwrap_or_default(),
            paths::team(id),
        ),
    })
}

pub struct DocumentRow {
    pub id: DocumentId,
    pub owner: String,
    pub owner_url: String,
    /// A person's nick beside their full name (the desk).
    pub owner_nick: String,
    /// The team a person plays for (the desk).
    pub team: String,
    pub kind: String,
    pub expires: bool,
    pub file_name: String,
    /// The file's size as people read it ("1,5 МБ").
    pub size: String,
    pub media_type: String,
    pub uploaded_at: String,
    pub status: String,
    pub status_code: &'static str,
    pub note: String,
    pub valid_until: String,
    pub current: bool,
    pub url: String,
    pub review_url: String,
}

/// One document in the viewer's words, its times in `tz` (the page names
/// the zone once, in the column's head).
fn row(
    ctx: &PageCtx,
    d: Document,
    owner: (String, String),
    championship: Option<ChampionshipId>,
    tz: chrono_tz::Tz,
) -> DocumentRow {
    let kind = d.kind();
    DocumentRow {
        id: d.id,
        owner: owner.0,
        owner_url: owner.1,
        owner_nick: String::new(),
        team: String::new(),
        kind: kind.map_or_else(|| d.kind.clone(), |k| ctx.lang.msg(ops::kind_key(k))),
        expires: kind.is_some_and(|k| kind_rules(k).expires),
        size: crate::words::size_words(ctx.lang, u64::try_from(d.size_bytes).unwrap_or(0)),
        media_type: d.media_type.clone(),
        uploaded_at: crate::words::local_time(tz, d.uploaded_at),
        status: ctx.lang.msg(status_label(d.status())),
        status_code: d.status().as_str(),
        note: d.review_note.clone().unwrap_or_default(),
        valid_until: d.valid_until.map(|v| v.to_string()).unwrap_or_default(),
        current: d.is_current(),
        url: paths::document(d.id),
        review_url: championship.map_or_else(String::new, |c| paths::document_review(c, d.id)),
        file_name: d.file_name,
    }
}

/// The documents block of a person's or a team's page.
#[derive(Default)]
pub struct Section {
    /// The viewer may see the owner's documents.
    pub visible: bool,
    pub rows: Vec<DocumentRow>,
    pub can_upload: bool,
    /// The form's action, with the CSRF token in the query (multipart).
    pub upload_url: String,
    pub kinds: Vec<(&'static str, String)>,
    pub form: Inline,
    /// The largest upload as people read it.
    pub max_bytes: String,
    /// The zone of the times shown, in words: the team's championship's,
    /// UTC for a person's documents (a person takes part in several).
    pub zone: String,
}

/// Builds the section for `owner` as `viewer` sees it.
pub async fn section(
    ctx: &PageCtx,
    state: &web::Data<AppState>,
    owner: Owner,
    page_url: &str,
    form: Inline,
) -> Result<Section, AppError> {
    let Some(viewer) = ctx.user.clone() else {
        return Ok(Section::default());
    };
    let (visible, can_upload, rows, kinds, tz) = state
        .db(move |conn| {
            if !can_see(conn, &viewer, owner)? {
                return Ok((false, false, Vec::new(), Vec::new(), chrono_tz::UTC));
            }
            // Only the kinds the owner's regulations ask for are offered.
            let kinds = ops::kinds_wanted(conn, owner, db::utc_now())?;
            let can_upload = !kinds.is_empty() && may_upload(conn, &viewer, owner)?;
            let tz = match owner {
                Owner::Team(team) => match t::by_id(conn, team)? {
                    Some(team) => db::championships::by_id(conn, team.championship_id)?
                        .map_or(chrono_tz::UTC, |c| c.tz()),
                    None => chrono_tz::UTC,
                },
                Owner::Person(_) => chrono_tz::UTC,
            };
            Ok((
                true,
                can_upload,
                docs::of_owner_all(conn, owner)?,
                kinds,
                tz,
            ))
        })
        .await?;
    Ok(Section {
        visible,
        zone: crate::words::zone_words(ctx.lang, tz.name(), db::utc_now()),
        rows: rows
            .into_iter()
            .map(|d| row(ctx, d, Default::default(), None, tz))
            .collect(),
        can_upload,
        upload_url: format!("{page_url}/documents"),
        kinds: kinds
            .into_iter()
            .map(|k| (kind_code(k), ctx.lang.msg(ops::kind_key(k))))
            .collect(),
        form,
        max_bytes: crate::words::size_words(ctx.lang, state.settings.max_upload_bytes),
    })
}

/// the captain uploads the team's documents; a person their own
/// (R-2.2, E-12). A record nobody has claimed has no one to upload for it:
/// the captain of its team or an organizer for it does (as they enter its
/// employment).
pub fn may_upload(
    conn: &mut DbConnection,
    user: &CurrentUser,
    owner: Owner,
) -> crate::db::QueryResult<bool> {
    Ok(match owner {
        Owner::Person(p) if p == user.id => true,
        Owner::Person(p) => {
            crate::db::people::by_id(conn, p)?.is_some_and(|person| !person.has_account())
                && crate::app::people::may_record_employment(conn, (user.id, user.is_admin), p)?
        }
        Owner::Team(id) => {
            t::by_id(conn, id)?.is_some_and(|team| team.is_active() && team.captain_id == user.id)
        }
    })
}

// ---------------------------------------------------------------- upload

/// Checks an upload: the kind belongs to the holder, the file is a PDF,
/// JPEG or PNG by content, not empty, not over the limit. On refusal: the
/// field the message belongs beside.
fn check(
    got: &Received,
    holder: DocumentHolder,
    max: u64,
) -> Result<(DocumentKind, MediaType), (&'static str, Message)> {
    let kind = kind_of_code(got.text("kind"))
        .filter(|k| kind_rules(*k).holder == holder)
        .ok_or(("kind", Message::from(msg!("document-error-kind"))))?;
    if got.too_large {
        return Err((
            "file",
            Message::new(msg!("document-error-too-large")).arg("max", max),
        ));
    }
    if got.bytes.is_empty() {
        return Err(("file", msg!("document-error-empty").into()));
    }
    let media = MediaType::sniff(&got.bytes).ok_or(("file", msg!("document-error-type").into()))?;
    Ok((kind, media))
}

/// Stores a checked upload and records it; `Err` is the refusal to show.
async fn accept(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    user: &CurrentUser,
    owner: Owner,
    got: Received,
) -> Result<Result<Stored, (&'static str, Message)>, AppError> {
    let holder = match owner {
        Owner::Person(_) => DocumentHolder::Participant,
        Owner::Team(_) => DocumentHolder::Team,
    };
    let max = state.settings.max_upload_bytes;
    let (kind, media) = match check(&got, holder, max) {
        Ok(ok) => ok,
        Err(e) => return Ok(Err(e)),
    };
    // Whoever uploads must be the one the regulation names.
    let expected = kind_rules(kind).uploader;
    debug_assert!(matches!(
        (expected, owner),
        (Uploader::Person, Owner::Person(_)) | (Uploader::Captain, Owner::Team(_))
    ));
    let name = clean_file_name(&got.file_name);
    let (by, ip) = (user.id, state.client_ip(req));
    let wanted = state
        .db(move |conn| Ok(ops::kinds_wanted(conn, owner, db::utc_now())?))
        .await?;
    if !wanted.contains(&kind) {
        return Ok(Err(("kind", msg!("document-error-kind").into())));
    }
    let stored = state
        .db(move |conn| {
            let upload = Upload {
                kind,
                owner,
                uploaded_by: by,
                file_name: &name,
                media_type: media.mime(),
                content: &got.bytes,
            };
            Ok(ops::store(conn, &upload, &ip, db::utc_now()))
        })
        .await?;
    match stored {
        Ok(stored) => Ok(Ok(stored)),
        Err(PlayError::Refused(problems)) => Ok(Err(match problems.first() {
            Some(ops::UploadProblem::PastDeadline(day)) => (
                "kind",
                Message::new(msg!("document-error-past-deadline"))
                    .arg("day", day.format("%d.%m.%Y")),
            ),
            None => ("kind", msg!("document-error-kind").into()),
        })),
        Err(other) => Err(other.into()),
    }
}

fn flash_stored(session: &Session, stored: Stored) {
    let key = match stored {
        Stored::New { .. } => msg!("document-uploaded"),
        Stored::Same { .. } => msg!("document-same"),
    };
    AppSession(session).flash(FlashLevel::Success, key);
}

/// Reads an upload's form (the file and its `kind`) for `owner` and
/// stores it: `None` when it was stored (the flash says how), else the
/// form to show again beside the owner's page.
pub async fn upload(
    req: &HttpRequest,
    ctx: &PageCtx,
    state: &web::Data<AppState>,
    session: &Session,
    user: &crate::web::infra::ctx::CurrentUser,
    owner: Owner,
    payload: actix_multipart::Multipart,
) -> Result<Option<Inline>, AppError> {
    let got =
        crate::web::infra::upload::receive(payload, state.settings.max_upload_bytes, &["kind"])
            .await?;
    let kind = got.text("kind").to_owned();
    Ok(match accept(req, state, user, owner, got).await? {
        Ok(stored) => {
            flash_stored(session, stored);
            None
        }
        Err(e) => Some(refusal(ctx, kind, e)),
    })
}

fn refusal(ctx: &PageCtx, got_kind: String, (field, message): (&'static str, Message)) -> Inline {
    Inline {
        values: vec![("kind", got_kind)],
        error: Some(ctx.render(&message)),
        field,
    }
}

// -------------------------------------------------------------- download

/// `GET /documents/{id}`: the file, as an attachment, to those who may see
/// it; 404 to everyone else. Every download is in the audit log.
pub async fn download(
    req: HttpRequest,
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<DocumentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let viewer = ctx.user.clone().ok_or(AppError::NotFound)?;
    let ip = state.client_ip(&req);
    let (d, bytes) = state
        .db(move |conn| {
            let d = docs::by_id(conn, id)?.ok_or(AppError::NotFound)?;
            if !can_see(conn, &viewer, d.owner())? {
                return Err(AppError::NotFound);
            }
            let bytes = docs::content(conn, id)?.ok_or(AppError::NotFound)?;
            let said = Message::new(msg!("audit-files-download"))
                .word("kind", ops::kind_word(&d.kind))
                .arg("nick", &viewer.nick);
            crate::app::documents::record_download(conn, d.owner(), || {
                audit::Entry::new("document.download", format!("document:{id}"))
                    .actor(viewer.id)
                    .said(said.clone())
                    .ip(&ip)
            })?;
            Ok((d, bytes))
        })
        .await?;
    let media = MediaType::from_mime(&d.media_type).ok_or(AppError::NotFound)?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, media.mime()))
        .insert_header((
            header::CONTENT_DISPOSITION,
            content_disposition(&d.file_name, media),
        ))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(bytes))
}

// ---------------------------------------------------------------- review

/// An employment record waiting at the desk (R-2.1, E-12).
pub struct EmploymentRow {
    pub id: crate::ids::EmploymentId,
    pub name: String,
    pub nick: String,
    pub url: String,
    pub team: String,
    pub organization: String,
    pub period: String,
}

#[derive(Template)]
#[template(path = "documents/queue.html")]
pub struct QueuePage {
    ctx: PageCtx,
    championship_name: String,
    championship_url: String,
    rows: Vec<DocumentRow>,
    /// The review form that failed, with its document's id.
    failed: Option<(DocumentId, Inline)>,
    purge_url: String,
    retention_days: u32,
    /// Every document is listed, reviewed ones too; else only those that
    /// await a review.
    all: bool,
    /// Documents the pending-only list leaves out.
    reviewed: usize,
    /// Current documents awaiting a review: the bulk form is offered.
    pending: usize,
    bulk_url: String,
    /// The championship's zone in words, named once in the column's head.
    zone: String,
    /// The filter's choices (id, words) and what is chosen ("" for all).
    teams: Vec<(String, String)>,
    organizations: Vec<(String, String)>,
    team: String,
    organization: String,
    /// The address of the page as filtered, without and with the
    /// reviewed documents.
    here: String,
    all_url: String,
    /// `None` where the regulation asks for no employment.
    employments: Option<Vec<EmploymentRow>>,
    may_confirm: bool,
    employments_url: String,
}

impl QueuePage {
    pub fn form_of(&self, id: &DocumentId) -> Option<&Inline> {
        self.failed
            .as_ref()
            .filter(|(d, _)| d == id)
            .map(|(_, f)| f)
    }
    pub fn error_for(&self, id: &DocumentId, field: &str) -> Option<&str> {
        self.form_of(id).and_then(|f| f.error_for(field))
    }
    pub fn value_for(&self, id: &DocumentId, field: &str) -> &str {
        self.form_of(id).map_or("", |f| f.value(field))
    }
    /// Whether anything is narrowed.
    pub fn filtered(&self) -> bool {
        !self.team.is_empty() || !self.organization.is_empty()
    }
}

async fn queue_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    championship: ChampionshipId,
    failed: Option<(DocumentId, Inline)>,
    query: &QueueQuery,
) -> Result<QueuePage, AppError> {
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    let filter = query.filter();
    let mut desk = state
        .db(move |conn| Desk::load(conn, championship, viewer, filter)?.ok_or(AppError::NotFound))
        .await?;
    let all = query.all == "1" || failed.is_some();
    let tz = desk.championship.tz();
    let team_name = |id: Option<crate::ids::TeamId>| {
        id.and_then(|id| desk.teams.iter().find(|x| x.id == id))
            .map(|x| x.name.clone())
            .unwrap_or_default()
    };
    let mut rows: Vec<DocumentRow> = Vec::new();
    let organizations: Vec<(String, String)> = desk
        .organizations()
        .into_iter()
        .map(|(id, name)| (id.to_string(), name))
        .collect();
    for (d, owner) in std::mem::take(&mut desk.documents) {
        let url = owner.nick.as_deref().map_or_else(
            || owner.team.map(paths::team).unwrap_or_default(),
            paths::person,
        );
        let name = match &owner.nick {
            Some(nick) if owner.name.is_empty() => nick.clone(),
            _ => owner.name.clone(),
        };
        let mut r = row(&ctx, d, (name, url), Some(championship), tz);
        if owner.nick.is_some() {
            r.team = team_name(owner.team);
        }
        r.owner_nick = owner
            .nick
            .filter(|_| !owner.name.is_empty())
            .unwrap_or_default();
        if !desk.openable {
            r.file_name = String::new();
            r.url = String::new();
        }
        rows.push(r);
    }
    let awaiting = |r: &DocumentRow| r.status_code == "pending" && r.current;
    let reviewed = rows.iter().filter(|r| !awaiting(r)).count();
    let rows: Vec<DocumentRow> = rows.into_iter().filter(|r| all || awaiting(r)).collect();
    let employments = desk.employments.as_ref().map(|list| {
        list.iter()
            .map(|w| EmploymentRow {
                id: w.employment.id,
                name: w.full_name.clone(),
                url: paths::person(&w.nick),
                nick: w.nick.clone(),
                team: team_name(Some(w.team)),
                organization: w.organization.clone(),
                period: match w.employment.until_date {
                    Some(until) => format!("{} – {until}", w.employment.from_date),
                    None => format!("{} –", w.employment.from_date),
                },
            })
            .collect()
    });
    Ok(QueuePage {
        all,
        reviewed,
        pending: rows
            .iter()
            .filter(|r| r.current && r.status_code == "pending")
            .count(),
        bulk_url: paths::documents(championship),
        zone: crate::words::zone_words(ctx.lang, &desk.championship.time_zone, db::utc_now()),
        teams: desk
            .teams
            .iter()
            .map(|x| (x.id.to_string(), x.name.clone()))
            .collect(),
        organizations,
        team: desk.filter.team.map(|x| x.to_string()).unwrap_or_default(),
        organization: desk
            .filter
            .organization
            .map(|x| x.to_string())
            .unwrap_or_default(),
        here: query.here(championship),
        all_url: {
            let here = query.here(championship);
            let joint = if here.contains('?') { '&' } else { '?' };
            format!("{here}{joint}all=1")
        },
        employments,
        may_confirm: desk.may_confirm,
        employments_url: paths::fill1(paths::ROLL_EMPLOYMENTS, championship),
        championship_name: desk.championship.name,
        championship_url: paths::championship(championship),
        rows,
        failed,
        purge_url: paths::documents_purge(championship),
        retention_days: state.settings.document_retention_days,
        ctx,
    })
}

#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct QueueQuery {
    /// `1`: every document, reviewed ones too.
    pub all: String,
    /// A team's id: only its documents and its members'.
    pub team: String,
    /// An organization's id: only the teams standing for it.
    pub organization: String,
}

impl QueueQuery {
    /// The filter as asked; an id that is not a number narrows nothing.
    fn filter(&self) -> DeskFilter {
        DeskFilter {
            team: self.team.trim().parse().ok(),
            organization: self.organization.trim().parse().ok(),
        }
    }

    /// The desk's address with this filter (the reviewed ones left out).
    pub fn here(&self, championship: ChampionshipId) -> String {
        let filter = self.filter();
        let mut query = Vec::new();
        if let Some(team) = filter.team {
            query.push(format!("team={team}"));
        }
        if let Some(org) = filter.organization {
            query.push(format!("organization={org}"));
        }
        let base = paths::documents(championship);
        if query.is_empty() {
            base
        } else {
            format!("{base}?{}", query.join("&"))
        }
    }
}

/// `GET /championships/{id}/documents`: the desk — the documents that
/// await a review (`?all=1`: every document) and the employment records
/// to confirm, narrowed to a team (`?team=`) or an organization
/// (`?organization=`).
pub async fn queue(
    ctx: PageCtx,
    staff: Staff<Admission>,
    state: web::Data<AppState>,
    query: web::Query<QueueQuery>,
) -> Result<HttpResponse, AppError> {
    let p = queue_page(ctx, &state, staff.championship, None, &query).await?;
    page(StatusCode::OK, &p)
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ReviewForm {
    decision: String,
    valid_until: String,
    note: String,
}

impl TextRules for ReviewForm {
    const LONG_LINES: &'static [(&'static str, usize)] = &[("note", 500)];
}

impl ReviewForm {
    /// The form as it was sent, with `error` beside `field`.
    fn refused(&self, field: &'static str, error: String) -> Inline {
        Inline {
            values: vec![
                ("decision", self.decision.clone()),
                ("valid_until", self.valid_until.clone()),
                ("note", self.note.clone()),
            ],
            error: Some(error),
            field,
        }
    }

    /// The decision, the validity date and the reason as sent, or the
    /// field in error and why: a rejection needs its reason.
    fn decided(&self) -> Result<(ReviewStatus, Option<NaiveDate>, String), (&'static str, MsgKey)> {
        let status = match self.decision.as_str() {
            "approve" => ReviewStatus::Approved,
            "reject" => ReviewStatus::Rejected,
            _ => return Err(("decision", msg!("document-error-decision"))),
        };
        let valid_until = match self.valid_until.trim() {
            "" => None,
            d => Some(
                NaiveDate::parse_from_str(d, "%Y-%m-%d")
                    .map_err(|_| ("valid_until", msg!("error-date")))?,
            ),
        };
        let note = self.note.trim().to_owned();
        if status == ReviewStatus::Rejected && note.is_empty() {
            return Err(("note", msg!("document-error-reason")));
        }
        Ok((status, valid_until, note))
    }
}

/// `POST /championships/{id}/documents/{document_id}/review`: approve (with
/// an optional validity date) or reject with a reason the uploader sees.
pub async fn review(
    req: HttpRequest,
    ctx: PageCtx,
    staff: Staff<Admission>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(ChampionshipId, DocumentId)>,
    form: Form<ReviewForm>,
) -> Result<HttpResponse, AppError> {
    let (_, id) = path.into_inner();
    let championship = staff.championship;
    let form = form.into_inner()?;
    let decided = form.decided();
    of_championship(&state, championship, id).await?;
    let (status, valid_until, note) = match decided {
        Ok(decided) => decided,
        Err((field, key)) => {
            let inline = form.refused(field, ctx.lang.msg(key));
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            return queue_refusing(ctx, &state, championship, (id, inline), status).await;
        }
    };
    let (by, ip) = (staff.user.id, state.client_ip(&req));
    let result = state
        .db(move |conn| {
            let decision = Decision {
                status,
                valid_until,
                note: (!note.is_empty()).then_some(note.as_str()),
            };
            Ok(ops::review(
                conn,
                championship,
                id,
                decision,
                (by, &ip),
                db::utc_now(),
            ))
        })
        .await?;
    if let Err(PlayError::Refused(problems)) = &result
        && let Some(ReviewProblem::Already(s)) = problems.first()
    {
        let inline = form.refused(
            "decision",
            ctx.lang.msg(match s {
                ReviewStatus::Approved => msg!("document-approved-already"),
                _ => msg!("document-rejected-already"),
            }),
        );
        return queue_refusing(
            ctx,
            &state,
            championship,
            (id, inline),
            StatusCode::CONFLICT,
        )
        .await;
    }
    result?;
    let done = match status {
        ReviewStatus::Approved => msg!("document-approved"),
        _ => msg!("document-rejected"),
    };
    AppSession(&session).flash(FlashLevel::Success, done);
    Ok(see_other(&paths::documents(championship)))
}

/// 404 unless the document is one of the championship's.
async fn of_championship(
    state: &web::Data<AppState>,
    championship: ChampionshipId,
    id: DocumentId,
) -> Result<(), AppError> {
    let found = state
        .db(move |conn| {
            Ok(docs::of_championship(conn, championship)?
                .iter()
                .any(|d| d.id == id))
        })
        .await?;
    found.then_some(()).ok_or(AppError::NotFound)
}

/// The review queue again, with the refused review's form as it was sent
/// and why beside it.
async fn queue_refusing(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    championship: ChampionshipId,
    refused: (DocumentId, Inline),
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let query = QueueQuery {
        all: "1".to_owned(),
        ..QueueQuery::default()
    };
    let p = queue_page(ctx, state, championship, Some(refused), &query).await?;
    page(status, &p)
}

/// `POST /championships/{id}/documents`: one review for every document
/// picked in the queue: approve them (a validity date, when given, for the
/// kinds that expire) or reject them with one reason. A document decided
/// already is left as it is, and nobody is told again.
pub async fn review_many(
    req: HttpRequest,
    staff: Staff<Admission>,
    state: web::Data<AppState>,
    session: Session,
    form: Form<BulkForm>,
) -> Result<HttpResponse, AppError> {
    let championship = staff.championship;
    let form = form.into_inner()?;
    let status = form.choice(
        "decision",
        &[
            ("approve", ReviewStatus::Approved),
            ("reject", ReviewStatus::Rejected),
        ],
        msg!("document-error-decision"),
    )?;
    let note = form.get("note").trim().to_owned();
    let valid_until = match form.get("valid_until").trim() {
        "" => None,
        d => Some(
            NaiveDate::parse_from_str(d, "%Y-%m-%d")
                .map_err(|_| AppError::BadRequest(msg!("error-date")))?,
        ),
    };
    let picked: Vec<DocumentId> = form.picked()?;
    let back = QueueQuery {
        team: form.get("team").to_owned(),
        organization: form.get("organization").to_owned(),
        ..QueueQuery::default()
    }
    .here(championship);
    let mut outcome = Outcome::default();
    if status == ReviewStatus::Rejected && note.is_empty() && !picked.is_empty() {
        AppSession(&session).flash(FlashLevel::Error, msg!("document-error-reason"));
        return Ok(see_other(&back));
    }
    let (by, ip) = (staff.user.id, state.client_ip(&req));
    let results = state
        .db(move |conn| {
            let decision = Decision {
                status,
                valid_until,
                note: (!note.is_empty()).then_some(note.as_str()),
            };
            review_each(conn, championship, &picked, decision, by, &ip)
        })
        .await?;
    for (name, changed) in results {
        match changed {
            true => outcome.done.push(name),
            false => outcome.unchanged.push(name),
        }
    }
    outcome.flash(
        &session,
        match status {
            ReviewStatus::Approved => msg!("documents-bulk-approved"),
            _ => msg!("documents-bulk-rejected"),
        },
    );
    Ok(see_other(&back))
}

/// Reviews the picked documents of the championship
/// (`documents::review_many`). Each outcome names its document by its file
/// for those who may open it, else by its owner; `None` for a document
/// decided already.
fn review_each(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    picked: &[DocumentId],
    decision: Decision<'_>,
    by: crate::ids::PersonId,
    ip: &str,
) -> Result<Vec<(String, bool)>, AppError> {
    let mine = docs::of_championship(conn, championship)?;
    if picked.iter().any(|id| !mine.iter().any(|d| d.id == *id)) {
        return Err(AppError::NotFound);
    }
    let openable = roles::has_role(conn, by, championship, VIEWERS)?;
    let outcomes = ops::review_many(
        conn,
        championship,
        picked,
        decision,
        (by, ip),
        db::utc_now(),
    )?;
    let mut out = Vec::new();
    for (id, outcome) in outcomes {
        let Some(d) = mine.iter().find(|d| d.id == id) else {
            continue;
        };
        let name = if openable {
            d.file_name.clone()
        } else {
            owner_label(conn, d.owner())?.0
        };
        out.push((name, outcome.is_ok()));
    }
    Ok(out)
}

/// `POST /championships/{id}/documents/purge`: removes the championship's
/// documents uploaded more than `document_retention_days` ago.
pub async fn purge(
    req: HttpRequest,
    staff: Staff<Organizers>,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, AppError> {
    let championship = staff.championship;
    let days = i64::from(state.settings.document_retention_days);
    let (by, ip) = (staff.user.id, state.client_ip(&req));
    let purged = state
        .db(move |conn| {
            Ok(ops::purge(
                conn,
                championship,
                days,
                by,
                &ip,
                db::utc_now(),
            )?)
        })
        .await?;
    AppSession(&session).flash(
        FlashLevel::Success,
        Message::new(msg!("document-purged"))
            .arg("count", purged.documents)
            .arg("bytes", purged.bytes),
    );
    Ok(see_other(&paths::documents(championship)))
}

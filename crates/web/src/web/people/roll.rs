//! The people of a championship for its organizers, many at once: club
//! membership (G-A7), where the regulation asks for it, and the
//! employment records (E-12) of the teams' members that await a
//! confirmation. Each list is one form of checkboxes and one button.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::app::access::Organizers;
use crate::app::people as ops;
use crate::db::teams::TeamStatus;
use crate::db::{self, people, standing, teams as t};
use crate::ids::{EmploymentId, PersonId};
use crate::msg;
use crate::paths;
use crate::read::people::PeopleRoll;
use crate::state::AppState;
use crate::web::documents::files::QueueQuery;
use crate::web::infra::PageDb;
use crate::web::infra::bulk::{BulkForm, Outcome};
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::Form;
use crate::web::infra::guards::Staff;
use crate::web::infra::respond::{page, see_other};

pub struct ClubRow {
    pub id: PersonId,
    pub nick: String,
    pub url: String,
    pub name: String,
    pub member: bool,
}

#[derive(Template)]
#[template(path = "people/roll.html")]
pub struct RollPage {
    ctx: PageCtx,
    championship: String,
    championship_url: String,
    club_required: bool,
    query: String,
    club: Vec<ClubRow>,
    /// The list stopped at [`crate::read::people::CLUB_LIST`].
    club_cut: bool,
    club_url: String,
    /// The regulation asks for employment records: the page points to
    /// the desk, where they are confirmed.
    employments_shown: bool,
    desk_url: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct RollQuery {
    q: String,
}

/// `GET /championships/{id}/people` (organizers).
pub async fn show(
    ctx: PageCtx,
    staff: Staff<Organizers>,
    state: web::Data<AppState>,
    query: web::Query<RollQuery>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let q: String = query.q.trim().chars().take(100).collect();
    let prefix = q.clone();
    let read = state
        .db(move |conn| PeopleRoll::load(conn, c, &prefix)?.ok_or(AppError::NotFound))
        .await?;
    let p = RollPage {
        championship_url: paths::championship(c),
        club_required: read.club_required,
        query: q,
        club: read.club.into_iter().map(club_row).collect(),
        club_cut: read.club_cut,
        club_url: crate::paths::fill1(crate::paths::ROLL_CLUB, c),
        employments_shown: read.asks_employment,
        desk_url: format!("{}#employments", paths::documents(c)),
        championship: read.championship.name,
        ctx,
    };
    page(StatusCode::OK, &p)
}

/// G-A7: an account of the club list, with whether it is a member here.
fn club_row((member, p): (bool, people::Person)) -> ClubRow {
    ClubRow {
        id: p.id,
        url: paths::person(&p.nick),
        nick: p.nick,
        name: p.full_name,
        member,
    }
}

fn roll_url(c: crate::ids::ChampionshipId) -> String {
    crate::paths::fill1(crate::paths::ROLL, c)
}

/// `POST /championships/{id}/people/club`: marks the picked accounts as
/// club members of this championship, or ends their membership here.
pub async fn club(
    req: HttpRequest,
    staff: Staff<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    form: Form<BulkForm>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let form = form.into_inner()?;
    let mark = form.choice(
        "action",
        &[("mark", true), ("end", false)],
        msg!("error-400-detail"),
    )?;
    let picked: Vec<PersonId> = form.picked()?;
    let by = (staff.user.id, staff.user.is_admin);
    let ip = state.client_ip(&req);
    let results = state
        .db(move |conn| {
            let nicks = people::nicks_of(conn, &picked)?;
            if nicks.len() != picked.len() {
                return Err(AppError::NotFound);
            }
            let mut out = Vec::new();
            for (person, nick) in nicks {
                let changed = ops::set_club_member(
                    conn,
                    person,
                    &nick,
                    mark,
                    Some(c),
                    by,
                    &ip,
                    db::utc_now(),
                )?;
                out.push((nick, changed));
            }
            Ok(out)
        })
        .await?;
    let outcome = Outcome::of_changes(results);
    outcome.flash(
        &session,
        if mark {
            msg!("roll-club-marked")
        } else {
            msg!("roll-club-ended")
        },
    );
    Ok(see_other(&roll_url(c)))
}

/// `POST /championships/{id}/people/employments`: confirms the picked
/// employment records of the championship's members (E-12, R-2.1), from
/// the desk, and returns to it as it was narrowed.
pub async fn employments(
    req: HttpRequest,
    staff: Staff<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    form: Form<BulkForm>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let form = form.into_inner()?;
    let picked: Vec<EmploymentId> = form.picked()?;
    let back = QueueQuery {
        team: form.get("team").to_owned(),
        organization: form.get("organization").to_owned(),
        ..QueueQuery::default()
    }
    .here(c);
    let (by, ip) = ((staff.user.id, staff.user.is_admin), state.client_ip(&req));
    let results = state
        .db(move |conn| {
            let members = t::current_members_of_championship(
                conn,
                c,
                &[TeamStatus::Pending, TeamStatus::Approved],
            )?;
            let mut out = Vec::new();
            for id in picked {
                // Only records of this championship's members.
                match standing::employment_by_id(conn, id)? {
                    Some(e) if members.contains(&e.person_id) => {}
                    _ => return Err(AppError::NotFound),
                }
                out.push(ops::confirm_employment(conn, id, by, &ip, db::utc_now())?);
            }
            Ok(out)
        })
        .await?;
    let outcome = Outcome::of_changes(results);
    outcome.flash(&session, msg!("roll-employments-confirmed"));
    Ok(see_other(&format!("{back}#employments")))
}

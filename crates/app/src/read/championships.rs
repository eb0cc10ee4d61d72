//! The championship's read models: its page (regulation in force, staff,
//! participants with their members, tournaments) with the viewer's powers,
//! and the judges' queue of applications and transfers, each loaded in one
//! place.

use crate::db::championships::{self as c, Championship};
use crate::db::roles::{self, Role};
use crate::db::teams::{self as t, InvitationLine, RosterLine, Team, TeamStatus};
use crate::db::tournaments::Tournament;
use crate::db::{self, DbConnection, QueryError, people};
use crate::ids::{ChampionshipId, PersonId};
use crate::rules::regulation::{FormatRule, Regulation};

/// Everything the championship page shows, for one viewer.
pub struct ChampionshipPage {
    pub championship: Championship,
    /// G-E2: the regulation in force now.
    pub regulation: Regulation,
    /// the rounds each Swiss tournament has now, by tournament
    /// number (the regulation's number may have been changed).
    pub rounds_now: Vec<(i32, u8)>,
    /// The staff: each role with the nick holding it.
    pub grants: Vec<(Role, String)>,
    /// G-A5: the approved and pending teams, each with its current members.
    pub teams: Vec<(Team, Vec<RosterLine>)>,
    pub tournaments: Vec<Tournament>,
    /// The viewer organizes the championship (an administrator does): they
    /// manage the staff and the schedule.
    pub is_organizer: bool,
    /// The viewer judges here, chief judge or judge (an administrator
    /// does): they see the queue.
    pub is_judge: bool,
    /// The viewer reviews documents and admits participants
    /// (`access::Admission`: organizers and the chief judge, R-2.4).
    pub admits: bool,
    /// The staff form's suggestions, for the organizers who see it.
    pub nick_choices: Vec<String>,
}

impl ChampionshipPage {
    /// The page of championship `id` as `viewer` (person, is an
    /// administrator) sees it; `None` when there is no such championship.
    pub fn load(
        conn: &mut DbConnection,
        viewer: Option<(PersonId, bool)>,
        id: ChampionshipId,
    ) -> Result<Option<ChampionshipPage>, QueryError> {
        let Some(championship) = c::by_id(conn, id)? else {
            return Ok(None);
        };
        let regulation =
            crate::regulation::in_force(conn, &championship, db::utc_now())?.regulation;
        let grants = roles::grants_of(conn, id)?;
        let teams = t::of_championship(conn, id, &[TeamStatus::Approved, TeamStatus::Pending])?;
        let mut with_members = Vec::with_capacity(teams.len());
        for team in teams {
            let members = t::current_members(conn, team.id)?;
            with_members.push((team, members));
        }
        let viewer_roles = match viewer {
            Some((p, _)) => roles::roles_of(conn, p, id)?,
            None => vec![],
        };
        let is_admin = viewer.is_some_and(|(_, admin)| admin);
        let is_organizer = is_admin || viewer_roles.contains(&Role::Organizer);
        let is_judge = is_admin
            || viewer_roles
                .iter()
                .any(|r| matches!(r, Role::Judge | Role::ChiefJudge));
        let admits = is_organizer || viewer_roles.contains(&Role::ChiefJudge);
        let tournaments = db::tournaments::of_championship(conn, id)?;
        let rounds_now = rounds_now(conn, &regulation, &tournaments)?;
        let nick_choices = if is_organizer {
            people::nick_choices(conn)?
        } else {
            Vec::new()
        };
        Ok(Some(ChampionshipPage {
            championship,
            regulation,
            rounds_now,
            grants,
            teams: with_members,
            tournaments,
            is_organizer,
            is_judge,
            admits,
            nick_choices,
        }))
    }
}

/// the rounds each Swiss tournament has now, by number; none under
/// another format.
fn rounds_now(
    conn: &mut DbConnection,
    regulation: &Regulation,
    tournaments: &[Tournament],
) -> Result<Vec<(i32, u8)>, QueryError> {
    let mut rounds = Vec::new();
    if matches!(regulation.format, FormatRule::Swiss { .. }) {
        for st in tournaments {
            if let Some(n) = crate::rounds::Loaded::load(conn, st.id)?
                .as_ref()
                .and_then(crate::rounds::swiss_rounds)
            {
                rounds.push((st.number, n));
            }
        }
    }
    Ok(rounds)
}

/// A team's application awaiting the judges (G-B12).
pub struct Application {
    pub team: Team,
    pub captain: String,
    /// The organization it stands for, or empty.
    pub organization: String,
    /// Its current members.
    pub members: usize,
}

/// The judges' queue: applications and transfers awaiting a decision
/// (G-B12, G-B33).
pub struct ChampionshipQueue {
    /// The championship's time zone (Moscow when there is none).
    pub tz: chrono_tz::Tz,
    pub applications: Vec<Application>,
    pub transfers: Vec<InvitationLine>,
}

impl ChampionshipQueue {
    /// The queue of championship `id` (its judges' page).
    pub fn load(conn: &mut DbConnection, id: ChampionshipId) -> Result<Self, QueryError> {
        let tz = c::by_id(conn, id)?.map_or(chrono_tz::Europe::Moscow, |c| c.tz());
        let teams = t::of_championship(conn, id, &[TeamStatus::Pending])?;
        let mut applications = Vec::with_capacity(teams.len());
        for team in teams {
            let captain = people::by_id(conn, team.captain_id)?
                .map(|p| p.nick)
                .unwrap_or_default();
            let organization = match team.organization_id {
                Some(o) => db::organizations::by_id(conn, o)?
                    .map(|o| o.name)
                    .unwrap_or_default(),
                None => String::new(),
            };
            let members = t::count_current(conn, team.id)? as usize;
            applications.push(Application {
                team,
                captain,
                organization,
                members,
            });
        }
        Ok(ChampionshipQueue {
            tz,
            applications,
            transfers: t::awaiting_approval(conn, id)?,
        })
    }
}

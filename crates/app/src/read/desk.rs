//! The organizers' desk of a championship: everything its teams and their
//! members handed in that waits for an official — the documents to review
//! (R-1.10, R-2.2, E-12) and, where the regulation admits employees only
//! (R-2.1, E-12), the employment records to confirm — in one list,
//! narrowed to one team or one organization.

use std::collections::HashMap;

use crate::access::{AnyStaff, Organizers, RoleSet};
use crate::db::championships::Championship;
use crate::db::documents::{self as docs, Document, Owner};
use crate::db::standing::Employment;
use crate::db::teams::{self as t, TeamStatus};
use crate::db::{self, DbConnection, QueryError, organizations, people, standing};
use crate::ids::{ChampionshipId, OrganizationId, PersonId, TeamId};

/// What the desk is narrowed to; both `None`: everything.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DeskFilter {
    pub team: Option<TeamId>,
    /// The teams standing for this organization.
    pub organization: Option<OrganizationId>,
}

/// A team the desk can be narrowed to, with the organization it stands
/// for (R, E).
pub struct DeskTeam {
    pub id: TeamId,
    pub name: String,
    pub organization: Option<(OrganizationId, String)>,
}

/// Whose a document is, as the desk names it.
pub struct DeskOwner {
    /// A person's full name, or a team's name.
    pub name: String,
    /// A person's nick (their page's address); `None` for a team.
    pub nick: Option<String>,
    /// The team the person plays for here, or the team itself.
    pub team: Option<TeamId>,
}

/// An employment record nobody has confirmed yet (R-2.1, E-12).
pub struct WaitingEmployment {
    pub employment: Employment,
    /// The employer's name.
    pub organization: String,
    pub nick: String,
    pub full_name: String,
    pub team: TeamId,
}

/// Everything the desk shows, for one viewer.
pub struct Desk {
    pub championship: Championship,
    /// The championship's active teams (pending or approved), by name.
    pub teams: Vec<DeskTeam>,
    /// The documents of the teams and their current members, newest first,
    /// narrowed by the filter.
    pub documents: Vec<(Document, DeskOwner)>,
    /// The employment records waiting, narrowed by the filter; `None` when
    /// the regulation asks for no employment (G).
    pub employments: Option<Vec<WaitingEmployment>>,
    /// The viewer may open the documents (organizers, judges); an
    /// administrator without a role here reviews without opening them.
    pub openable: bool,
    /// The viewer organizes the championship (or administers the
    /// platform): they confirm employment records.
    pub may_confirm: bool,
    pub filter: DeskFilter,
}

impl Desk {
    /// The desk of championship `c` for `viewer` (`(id, is_admin)`);
    /// `None` when there is no such championship.
    pub fn load(
        conn: &mut DbConnection,
        c: ChampionshipId,
        viewer: Option<(PersonId, bool)>,
        filter: DeskFilter,
    ) -> Result<Option<Desk>, QueryError> {
        let Some(championship) = db::championships::by_id(conn, c)? else {
            return Ok(None);
        };
        let now = db::utc_now();
        let reg = crate::regulation::in_force(conn, &championship, now)?.regulation;
        let active = [TeamStatus::Pending, TeamStatus::Approved];
        let orgs: HashMap<OrganizationId, String> = organizations::list(conn)?
            .into_iter()
            .map(|o| (o.id, o.name))
            .collect();
        let teams: Vec<DeskTeam> = t::of_championship(conn, c, &active)?
            .into_iter()
            .map(|team| DeskTeam {
                organization: team
                    .organization_id
                    .and_then(|o| orgs.get(&o).map(|n| (o, n.clone()))),
                id: team.id,
                name: team.name,
            })
            .collect();
        let roster = t::current_roster_of_championship(conn, c, &active)?;
        let team_of: HashMap<PersonId, TeamId> = roster.iter().copied().collect();
        let members: Vec<PersonId> = team_of.keys().copied().collect();
        let nicks: HashMap<PersonId, String> =
            people::nicks_of(conn, &members)?.into_iter().collect();
        let names: HashMap<PersonId, String> =
            people::full_names_of(conn, &members)?.into_iter().collect();
        let kept = |team: Option<TeamId>| filter.keeps(&teams, team);
        let mut documents = Vec::new();
        for d in docs::of_championship(conn, c)? {
            let owner = match d.owner() {
                Owner::Person(p) => DeskOwner {
                    name: names.get(&p).cloned().unwrap_or_default(),
                    nick: Some(nicks.get(&p).cloned().unwrap_or_default()),
                    team: team_of.get(&p).copied(),
                },
                Owner::Team(id) => DeskOwner {
                    name: teams
                        .iter()
                        .find(|x| x.id == id)
                        .map(|x| x.name.clone())
                        .unwrap_or_default(),
                    nick: None,
                    team: Some(id),
                },
            };
            if kept(owner.team) {
                documents.push((d, owner));
            }
        }
        // admits staff only (a team stands for its organization);
        // E-12 asks for proof: both are judged from confirmed records.
        let asks_employment = crate::rules::eligibility::employment_rule(&reg).is_some();
        let employments = if asks_employment {
            let mut waiting = Vec::new();
            for (e, organization) in standing::unconfirmed_of(conn, &members)? {
                let team = team_of[&e.person_id];
                if kept(Some(team)) {
                    waiting.push(WaitingEmployment {
                        nick: nicks.get(&e.person_id).cloned().unwrap_or_default(),
                        full_name: names.get(&e.person_id).cloned().unwrap_or_default(),
                        employment: e,
                        organization,
                        team,
                    });
                }
            }
            waiting.sort_by(|a, b| a.full_name.cmp(&b.full_name));
            Some(waiting)
        } else {
            None
        };
        // An administrator reviews without a role here, but opens no
        // document unless they also hold one.
        let openable = match viewer {
            Some((v, _)) => db::roles::has_role(conn, v, c, AnyStaff::ROLES)?,
            None => false,
        };
        let may_confirm = crate::access::holds::<Organizers>(conn, viewer, c)?;
        Ok(Some(Desk {
            championship,
            teams,
            documents,
            employments,
            openable,
            may_confirm,
            filter,
        }))
    }

    /// The organizations the championship's teams stand for, each once, by
    /// name.
    pub fn organizations(&self) -> Vec<(OrganizationId, String)> {
        let mut out: Vec<(OrganizationId, String)> = self
            .teams
            .iter()
            .filter_map(|x| x.organization.clone())
            .collect();
        out.sort_by(|a, b| a.1.cmp(&b.1));
        out.dedup_by_key(|o| o.0);
        out
    }
}

impl DeskFilter {
    /// Whether a row of `team` (none: a person on no active team) stays.
    fn keeps(&self, teams: &[DeskTeam], team: Option<TeamId>) -> bool {
        if let Some(wanted) = self.team
            && team != Some(wanted)
        {
            return false;
        }
        if let Some(org) = self.organization {
            let of = team.and_then(|id| teams.iter().find(|x| x.id == id));
            return of.is_some_and(|x| x.organization.as_ref().is_some_and(|o| o.0 == org));
        }
        true
    }
}

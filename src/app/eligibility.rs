//! Eligibility facts read from the database for one team, handed to the
//! pure rules (`rules::eligibility`). The roster page asks "as of now"; an
//! entry asks at the tournament's start — both through this one loader.

use diesel::result::Error as DieselError;

use crate::db::{DbConnection, documents, organizations, standing, teams};
use crate::ids::{OrganizationId, PersonId};
use crate::rules::eligibility::{
    Employer, Occasion, Reason, TeamFacts, TeamReason, person_eligibility, team_eligibility,
};
use crate::rules::regulation::Regulation;

/// The organizations once, for every person of one team.
pub struct TeamChecker {
    organization: Option<OrganizationId>,
    tree: Vec<(OrganizationId, Option<OrganizationId>)>,
    /// Organization names by id, for the reasons' words.
    pub organization_names: Vec<(OrganizationId, String)>,
}

impl TeamChecker {
    pub fn load(conn: &mut DbConnection, team: &teams::Team) -> Result<Self, DieselError> {
        let orgs = organizations::list(conn)?;
        let tree = orgs.iter().map(|o| (o.id, o.parent_id)).collect();
        Ok(TeamChecker {
            organization: team.organization_id,
            tree,
            organization_names: orgs.into_iter().map(|o| (o.id, o.name)).collect(),
        })
    }

    /// Unmet conditions of one person at the occasion (E-12, R-2.x, G-A7).
    pub fn person(
        &self,
        conn: &mut DbConnection,
        regulation: &Regulation,
        occasion: Occasion,
        person: PersonId,
    ) -> Result<Vec<Reason>, DieselError> {
        let record = standing::person_record(conn, person)?;
        let employer = Employer {
            organization: self.organization,
            tree: &self.tree,
        };
        Ok(person_eligibility(regulation, occasion, &employer, &record.facts()).unmet)
    }

    /// Unmet conditions of the team itself (R-1.10, E-10, G-B21/E-11).
    pub fn team(
        &self,
        conn: &mut DbConnection,
        regulation: &Regulation,
        occasion: Occasion,
        team: &teams::Team,
        members: usize,
    ) -> Result<Vec<TeamReason>, DieselError> {
        let documents = documents::for_eligibility(conn, documents::Owner::Team(team.id))?;
        Ok(team_eligibility(
            regulation,
            occasion.date,
            &TeamFacts {
                organization: self.organization,
                documents: &documents,
                members,
            },
        )
        .unmet)
    }

    pub fn organization_name(&self, id: OrganizationId) -> String {
        self.organization_names
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, n)| n.clone())
            .unwrap_or_default()
    }
}

//! Organizations (E-12): the enterprises people work at, some of them
//! subsidiaries of others. Organizers add them.

use super::PlayError;
use crate::db::{DbConnection, audit, organizations, write_transaction};
use crate::ids::{OrganizationId, PersonId};
use crate::rules::roster::name_key;

/// Why an organization was not added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrganizationProblem {
    /// Another organization has the same name, up to case and spacing.
    NameTaken,
    /// The parent named does not exist.
    UnknownParent,
}

/// An organizer adds the organization `name` (already cleaned and bounded
/// by the form), a subsidiary of `parent` if given.
pub fn create(
    conn: &mut DbConnection,
    name: &str,
    parent: Option<OrganizationId>,
    by: PersonId,
    ip: &str,
) -> Result<OrganizationId, PlayError<OrganizationProblem>> {
    let key = name_key(name);
    write_transaction(conn, |conn| {
        if organizations::name_taken(conn, &key)? {
            return Err(PlayError::Refused(vec![OrganizationProblem::NameTaken]));
        }
        if let Some(p) = parent
            && organizations::by_id(conn, p)?.is_none()
        {
            return Err(PlayError::Refused(vec![OrganizationProblem::UnknownParent]));
        }
        let id = organizations::create(conn, name, &key, parent, by)?;
        audit::Entry::new("organization.create", format!("organization:{id}"))
            .actor(by)
            .detail(name)
            .ip(ip)
            .record(conn)?;
        Ok(id)
    })
}

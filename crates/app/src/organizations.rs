//! Organizations (E-12): the enterprises people work at, some of them
//! subsidiaries of others. Organizers add them; a subsidiary goes under an
//! organization its adder added, or anywhere by an administrator.

use super::PlayError;
use crate::db::{DbConnection, audit, organizations, write_transaction};
use crate::i18n::Message;
use crate::ids::{OrganizationId, PersonId};
use crate::rules::roster::name_key;

/// Why an organization was not added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrganizationProblem {
    /// Another organization has the same name, up to case and spacing.
    NameTaken,
    /// The parent named does not exist.
    UnknownParent,
    /// The parent was added by somebody else: a subsidiary makes its
    /// people count as the parent's (E-12), in every championship the
    /// parent plays in, so only an administrator attaches one there.
    ParentNotYours,
}

/// Whether `by` (a person, and whether an administrator) may add a
/// subsidiary under `parent`: an administrator anywhere, an organizer
/// under an organization they added themselves.
pub fn may_attach(by: (PersonId, bool), parent: &organizations::Organization) -> bool {
    by.1 || parent.created_by == Some(by.0)
}

/// An organizer adds the organization `name` (already cleaned and bounded
/// by the form), a subsidiary of `parent` if given ([`may_attach`]).
pub fn create(
    conn: &mut DbConnection,
    name: &str,
    parent: Option<OrganizationId>,
    by: (PersonId, bool),
    ip: &str,
) -> Result<OrganizationId, PlayError<OrganizationProblem>> {
    let key = name_key(name);
    write_transaction(conn, |conn| {
        if organizations::name_taken(conn, &key)? {
            return Err(PlayError::Refused(vec![OrganizationProblem::NameTaken]));
        }
        if let Some(p) = parent {
            match organizations::by_id(conn, p)? {
                None => return Err(PlayError::Refused(vec![OrganizationProblem::UnknownParent])),
                Some(o) if !may_attach(by, &o) => {
                    return Err(PlayError::Refused(vec![
                        OrganizationProblem::ParentNotYours,
                    ]));
                }
                Some(_) => {}
            }
        }
        let id = organizations::create(conn, name, &key, parent, by.0)?;
        audit::Entry::new("organization.create", format!("organization:{id}"))
            .actor(by.0)
            .said(Message::new(crate::msg!("audit-organizations-created")).arg("name", name))
            .ip(ip)
            .record(conn)?;
        Ok(id)
    })
}

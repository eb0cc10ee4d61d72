//! What only a platform administrator does: grant and remove the platform
//! administrator's rights.

use super::PlayError;
use crate::db::{DbConnection, audit, people, write_transaction};
use crate::ids::PersonId;

/// Why a change of rights was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminProblem {
    /// An administrator cannot remove their own rights: the platform could
    /// be left without anyone able to give them back.
    DemoteSelf,
}

/// Administrator `by` grants (`admin`) or removes platform administrator
/// rights of person `target`, from address `ip`. Setting the rights a
/// person already has is audited too; an unknown person is not found.
pub fn set_admin(
    conn: &mut DbConnection,
    by: PersonId,
    target: PersonId,
    admin: bool,
    ip: &str,
) -> Result<(), PlayError<AdminProblem>> {
    if target == by && !admin {
        return Err(PlayError::Refused(vec![AdminProblem::DemoteSelf]));
    }
    write_transaction(conn, |conn| {
        if people::set_admin(conn, target, admin)? == 0 {
            return Err(PlayError::NotFound);
        }
        audit::Entry::new(
            if admin { "admin.grant" } else { "admin.revoke" },
            format!("person:{target}"),
        )
        .actor(by)
        .ip(ip)
        .record(conn)?;
        Ok(())
    })
}

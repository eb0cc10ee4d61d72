//! Who may act in a championship: the sets of roles the regulations name,
//! and the check that a person holds one of them. Pages (`web::infra::guards`)
//! and the JSON API ask the same question here.

use crate::db::roles::{self, Role};
use crate::ids::ChampionshipId;

/// Whether a viewer (person, is a platform admin) holds one of `R::ROLES`
/// on the championship; admins always do. The check behind the officials'
/// parts of pages that anyone may open.
pub fn holds<R: RoleSet>(
    conn: &mut crate::db::DbConnection,
    viewer: Option<(crate::ids::PersonId, bool)>,
    c: ChampionshipId,
) -> crate::db::QueryResult<bool> {
    match viewer {
        Some((_, true)) => Ok(true),
        Some((person, false)) => roles::has_role(conn, person, c, R::ROLES),
        None => Ok(false),
    }
}

/// Which per-championship roles a check (or a page guard) admits.
pub trait RoleSet {
    const ROLES: &'static [Role];
}

/// Organizers of the championship.
pub struct Organizers;
impl RoleSet for Organizers {
    const ROLES: &'static [Role] = &[Role::Organizer];
}

/// The chief judge and the judges (G-D1).
pub struct Judges;
impl RoleSet for Judges {
    const ROLES: &'static [Role] = &[Role::ChiefJudge, Role::Judge];
}

/// The chief judge only (G-D1: the chief judge's decisions; G-B34: captaincy
/// hand-overs are notified to the chief judge).
pub struct ChiefJudge;
impl RoleSet for ChiefJudge {
    const ROLES: &'static [Role] = &[Role::ChiefJudge];
}

/// Who admits participants on the day and reviews their documents: the
/// organizers, and the chief judge, to whom sends a participant with
/// symptoms and the same-day doctor's note (R-2.2..R-2.4).
pub struct Admission;
impl RoleSet for Admission {
    const ROLES: &'static [Role] = &[Role::Organizer, Role::ChiefJudge];
}

/// Anyone who runs the championship: organizers, chief judge, judges.
pub struct AnyStaff;
impl RoleSet for AnyStaff {
    const ROLES: &'static [Role] = &[Role::Organizer, Role::ChiefJudge, Role::Judge];
}

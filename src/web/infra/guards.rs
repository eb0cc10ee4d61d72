//! Access rules a handler declares in its signature: taking a [`SignedIn`],
//! an [`Admin`] or a [`Staff<R>`] argument is the page's access rule, checked
//! before the handler body runs.

use std::marker::PhantomData;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;

use crate::db::roles::{self, Role};
use crate::ids::ChampionshipId;
use crate::web::AppState;
use crate::web::infra::ctx::CurrentUser;
use crate::web::infra::error::AppError;

/// Any signed-in person; others are sent to the login page and back.
pub struct SignedIn(pub CurrentUser);

/// A platform administrator; others get 403 (or the login page).
pub struct Admin(pub CurrentUser);

fn login_required(req: &HttpRequest) -> AppError {
    // After a POST, come back to a page that can be shown: the GET of the
    // same path.
    let next = if req.method() == actix_web::http::Method::GET {
        req.uri()
            .path_and_query()
            .map_or_else(|| req.path().to_owned(), |p| p.as_str().to_owned())
    } else {
        req.path().to_owned()
    };
    AppError::LoginRequired { next }
}

impl FromRequest for SignedIn {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            match CurrentUser::load(&req).await? {
                Some(user) => Ok(SignedIn(user)),
                None => Err(login_required(&req)),
            }
        })
    }
}

impl FromRequest for Admin {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            match CurrentUser::load(&req).await? {
                Some(user) if user.is_admin => Ok(Admin(user)),
                Some(_) => Err(AppError::Forbidden),
                None => Err(login_required(&req)),
            }
        })
    }
}

/// Which per-championship roles a [`Staff`] guard admits.
/// Whether a viewer (person, is a platform admin) holds one of `R::ROLES`
/// on the championship; admins always do. The check behind the officials'
/// parts of pages that anyone may open.
pub fn holds<R: RoleSet>(
    conn: &mut crate::db::DbConnection,
    viewer: Option<(crate::ids::PersonId, bool)>,
    c: ChampionshipId,
) -> diesel::QueryResult<bool> {
    match viewer {
        Some((_, true)) => Ok(true),
        Some((person, false)) => roles::has_role(conn, person, c, R::ROLES),
        None => Ok(false),
    }
}

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

/// Anyone who runs the championship: organizers, chief judge, judges.
pub struct AnyStaff;
impl RoleSet for AnyStaff {
    const ROLES: &'static [Role] = &[Role::Organizer, Role::ChiefJudge, Role::Judge];
}

/// A person holding one of `R::ROLES` on the championship named by the
/// route's `{championship_id}` segment. Platform administrators pass too.
pub struct Staff<R: RoleSet> {
    pub user: CurrentUser,
    pub championship: ChampionshipId,
    _roles: PhantomData<R>,
}

impl<R: RoleSet + 'static> FromRequest for Staff<R> {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let championship = req
                .match_info()
                .get("championship_id")
                .and_then(|s| s.parse::<i64>().ok())
                .map(ChampionshipId)
                .ok_or(AppError::NotFound)?;
            let user = CurrentUser::load(&req)
                .await?
                .ok_or_else(|| login_required(&req))?;
            let allowed = user.is_admin || {
                let state = req
                    .app_data::<web::Data<AppState>>()
                    .ok_or_else(|| AppError::Internal("no app state".into()))?;
                let person = user.id;
                state
                    .db(move |conn| Ok(roles::has_role(conn, person, championship, R::ROLES)?))
                    .await?
            };
            if allowed {
                Ok(Staff {
                    user,
                    championship,
                    _roles: PhantomData,
                })
            } else {
                Err(AppError::Forbidden)
            }
        })
    }
}

/// A person holding one of `R::ROLES` on any championship, or an admin:
/// for officials' pages not tied to one championship (bans, club
/// membership, organizations).
pub struct Official<R: RoleSet> {
    pub user: CurrentUser,
    _roles: PhantomData<R>,
}

impl<R: RoleSet + 'static> FromRequest for Official<R> {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let user = CurrentUser::load(&req)
                .await?
                .ok_or_else(|| login_required(&req))?;
            let allowed = user.is_admin || {
                let state = req
                    .app_data::<web::Data<AppState>>()
                    .ok_or_else(|| AppError::Internal("no app state".into()))?;
                let person = user.id;
                state
                    .db(move |conn| Ok(roles::has_role_anywhere(conn, person, R::ROLES)?))
                    .await?
            };
            if allowed {
                Ok(Official {
                    user,
                    _roles: PhantomData,
                })
            } else {
                Err(AppError::Forbidden)
            }
        })
    }
}

/// Whether a signed-in person is an official of the given kind (for pages
/// that show officials' tools to some viewers only).
pub async fn is_official<R: RoleSet>(
    state: &web::Data<AppState>,
    user: &CurrentUser,
) -> Result<bool, AppError> {
    if user.is_admin {
        return Ok(true);
    }
    let person = user.id;
    state
        .db(move |conn| Ok(roles::has_role_anywhere(conn, person, R::ROLES)?))
        .await
}

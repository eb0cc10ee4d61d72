//! Access rules a handler declares in its signature: taking a [`SignedIn`],
//! an [`Admin`] or a [`Staff<R>`] argument is the page's access rule, checked
//! before the handler body runs.

use std::marker::PhantomData;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;

use crate::app::access::RoleSet;
use crate::db::roles;
use crate::ids::ChampionshipId;
use crate::state::AppState;
use crate::web::infra::PageDb;
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

//! Access rules a handler declares in its signature: taking a [`SignedIn`]
//! or an [`Admin`] argument is the page's access rule, checked before the
//! handler body runs.

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;

use super::ctx::CurrentUser;
use super::error::AppError;

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

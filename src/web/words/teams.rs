//! A team action's outcome as a page answers it: a refusal for a form
//! field, or the error page.

use crate::app::teams::TeamError;
use crate::web::infra::error::AppError;

/// Maps a refusal or a missing row to the answer a page gives.
pub fn team_error(e: TeamError) -> Result<crate::app::teams::Refusal, AppError> {
    match e {
        TeamError::Refused(r) => Ok(r),
        TeamError::NotFound => Err(AppError::NotFound),
        TeamError::NotCaptain => Err(AppError::Forbidden),
        TeamError::Db(e) => Err(e.into()),
    }
}

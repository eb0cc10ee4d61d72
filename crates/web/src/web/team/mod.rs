//! Teams: applications, the team page, rosters, invitations, captaincy, eligibility.

pub mod players;
pub mod team_record;
pub mod teams;

use crate::app::teams::TeamError;
use crate::web::infra::error::AppError;
use crate::words::teams::{Refusal, refusal};

/// Maps a refusal or a missing row to the answer a page gives.
pub fn team_error(e: TeamError) -> Result<Refusal, AppError> {
    match e {
        TeamError::Refused(p) => Ok(refusal(&p)),
        TeamError::NotFound => Err(AppError::NotFound),
        TeamError::NotCaptain => Err(AppError::Forbidden),
        TeamError::Db(e) => Err(e.into()),
    }
}

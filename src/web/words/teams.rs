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

/// How a membership began and, if it did, ended.
pub fn how(ctx: &crate::web::infra::ctx::PageCtx, start: &str, end: Option<&str>) -> String {
    let start = ctx.lang.msg(match start {
        "founded" => crate::msg!("membership-start-founded"),
        "transfer" => crate::msg!("membership-start-transfer"),
        _ => crate::msg!("membership-start-joined"),
    });
    match end {
        None => start,
        Some(end) => format!(
            "{start} → {}",
            ctx.lang.msg(match end {
                "transfer" => crate::msg!("membership-end-transfer"),
                "left" => crate::msg!("membership-end-left"),
                "dissolved" => crate::msg!("membership-end-dissolved"),
                "rejected" => crate::msg!("membership-end-rejected"),
                _ => crate::msg!("membership-end-removed"),
            })
        ),
    }
}

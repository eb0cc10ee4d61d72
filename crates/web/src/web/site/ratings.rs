//! `/ratings`: how the platform counts ratings, for everyone — where each
//! rating comes from, the platform's own rating's method and parameters
//! (`rules::rating::glicko2`), and what the ratings are used for. The
//! numbers are the code's constants, so the page cannot drift from them.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

use crate::i18n::Message;
use crate::msg;
use crate::rules::rating::glicko2::{
    PROVISIONAL_DEVIATION, START_DEVIATION, START_RATING, START_VOLATILITY, TAU,
};
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::respond::page;

#[derive(Template)]
#[template(path = "ratings_method.html")]
pub struct MethodPage {
    ctx: PageCtx,
    /// The platform's rating: its parameters in words.
    platform: String,
}

/// `GET /ratings`.
pub async fn method(ctx: PageCtx) -> Result<HttpResponse, AppError> {
    let platform = Message::new(msg!("ratings-method-platform"))
        .arg("rating", format!("{START_RATING:.0}"))
        .arg("deviation", format!("{START_DEVIATION:.0}"))
        .arg("volatility", format!("{START_VOLATILITY}"))
        .arg("tau", format!("{TAU}"))
        .arg("provisional", format!("{PROVISIONAL_DEVIATION:.0}"))
        .render(ctx.lang);
    page(StatusCode::OK, &MethodPage { ctx, platform })
}

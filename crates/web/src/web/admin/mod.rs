//! The platform administrator's pages (FIDE rating lists among them), the
//! mail outbox and the organizers' API tokens.

pub mod api_tokens;
pub mod outbox;
pub mod platform;
pub mod ratings;

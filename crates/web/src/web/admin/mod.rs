//! The platform administrator's pages, the mail outbox and the organizers' API tokens.

pub mod api_tokens;
pub mod outbox;
pub mod platform;

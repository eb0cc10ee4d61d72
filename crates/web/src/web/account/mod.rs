//! Signing up, signing in and out, the account page and the password; what waits for the person.

pub mod auth;
pub mod claim;
pub mod lichess;
pub mod todo;

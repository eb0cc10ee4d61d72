//! Signing up, signing in and out, the account page and the password.

pub mod auth;

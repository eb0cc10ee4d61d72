//! The home page, the health check and the language switch.

pub mod pages;

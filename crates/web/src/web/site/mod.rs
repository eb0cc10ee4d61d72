//! The home page, the health check, the language switch and the page
//! stating how ratings are counted.

pub mod pages;
pub mod ratings;

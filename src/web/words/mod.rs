//! How the application layer's problems, results and statuses read in each
//! language: the one place every page that meets them takes its words
//! from. One module per area of `app`; nothing here reads the database.

pub mod appeals;
pub mod boards;
pub mod eligibility;
pub mod imports;
pub mod penalties;
pub mod play;
pub mod regulation;
pub mod rounds;
pub mod schedule;
pub mod teams;

//! Read models: what the pages, the downloads and the JSON API show, each
//! loaded in one place (`read::<area>::<Thing>::load(conn, viewer, ids)`),
//! and the wording of the rules' notions that they share.

pub mod csv;
pub mod fair_play;
pub mod matches;
pub mod standings;
pub mod teams;
pub mod tournaments;
pub mod wording;

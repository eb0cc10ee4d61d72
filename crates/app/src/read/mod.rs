//! Read models: what the pages, the downloads and the JSON API show of the
//! standings, computed in one place, and the wording of the rules' notions
//! that they share.

pub mod csv;
pub mod fair_play;
pub mod standings;
pub mod wording;

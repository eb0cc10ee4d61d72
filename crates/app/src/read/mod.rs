//! Read models: what the pages, the downloads and the JSON API show, each
//! loaded in one place (`read::<area>::<Thing>::load(conn, viewer, ids)`),
//! and the wording of the rules' notions that they share.

pub mod appeals;
pub mod championships;
pub mod check_in;
pub mod csv;
pub mod desk;
pub mod fair_play;
pub mod feeds;
pub mod game_servers;
pub mod games;
pub mod history;
pub mod matches;
pub mod outbox;
pub mod penalties;
pub mod people;
pub mod regulation;
pub mod series;
pub mod standings;
pub mod teams;
pub mod tournaments;
pub mod wording;

//! Results pages (crosstable, rounds, players by board), the round's
//! printable pairing list and score sheets, and the TRF import.

pub mod imports;
pub mod pages;
pub mod print;
pub mod results_view;

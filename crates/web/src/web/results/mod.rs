//! Results pages (crosstable, rounds, players by board) and the TRF import.

pub mod imports;
pub mod pages;
pub mod results_view;

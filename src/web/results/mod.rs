//! Results pages (crosstable, rounds, players by board) and the TRF import.

pub mod imports;
pub mod results;
pub mod results_view;

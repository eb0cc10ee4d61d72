//! Game records: the judges' PGN import, a game's page with its record and
//! diagram, and the PGN downloads.

pub mod evidence;
pub mod import;
pub mod pages;

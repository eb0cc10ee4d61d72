//! Operator commands that work on files rather than the database (the
//! `league` binary's subcommands call these; they print, they do not exit).

pub mod pair;
pub mod standings;

//! Operator commands behind the `league` binary's subcommands (they return
//! text or a report; they do not exit): `pair` and `standings` work on
//! files, `generate` fills an empty database for benchmarks.

pub mod generate;
pub mod pair;
pub mod standings;

//! Penalties and appeals: the judges' catalogue, the appeals committee, fair-play reports.

pub mod appeals;
pub mod penalties;

//! Corporate series: several sports, one standings table per series.

pub mod pages;

//! Feeds and downloads: iCalendar, Atom, CSV/JSON exports of every table.

pub mod atom;
pub mod exports;
pub mod ical;
pub mod serve;

//! Eligibility documents: the documents section of a person or team page, downloads and the organizers' review queue.

pub mod files;

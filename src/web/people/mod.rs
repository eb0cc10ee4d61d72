//! A person's page: club membership, bans, clone links, employments, organizations; the player's record.

pub mod person;
pub mod player_view;

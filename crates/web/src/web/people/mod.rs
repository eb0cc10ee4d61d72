//! A person's page: club membership, bans, clone links, employments, organizations; the player's record; a championship's people for its organizers, many at once.

pub mod person;
pub mod player_view;
pub mod ratings;
pub mod ratings_view;
pub mod roll;

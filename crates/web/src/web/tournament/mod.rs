//! A tournament: its page, entries, the judges' actions, the captains' line-ups and match pages, and the views of play.

pub mod captains;
pub mod check_in;
pub mod judging;
pub mod knockout_view;
pub mod lichess;
pub mod tournaments;
pub mod violations;

//! Championships: the list, creation, the championship page, staff, the schedule, the regulation and its versions, history and the season table.

pub mod championships;
pub mod history;
pub mod lichess;
pub mod regulation;
pub mod season;
pub mod season_view;
pub mod settings_form;

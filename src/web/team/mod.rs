//! Teams: applications, the team page, rosters, invitations, captaincy, eligibility.

pub mod eligibility_view;
pub mod team_record;
pub mod teams;

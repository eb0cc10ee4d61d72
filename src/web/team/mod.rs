//! Teams: applications, the team page, rosters, invitations, captaincy, eligibility.

pub mod team_record;
pub mod teams;

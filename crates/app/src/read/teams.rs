//! The team page's read model: the team, its roster judged as the entry
//! judges it, its history, invitations and record, loaded in one place.

use std::collections::HashMap;

use chrono::NaiveDateTime;

use crate::db::championships::Championship;
use crate::db::teams::{self as t, InvitationLine, RosterLine, Team};
use crate::db::{self, DbConnection, QueryError, organizations, people};
use crate::ids::{OrganizationId, PersonId, TeamId, TournamentId};
use crate::penalties::Bar;
use crate::rules::eligibility::{Reason, TeamReason};
use crate::rules::regulation::Regulation;

/// A current member with what keeps them off the boards.
pub struct Member {
    pub line: RosterLine,
    /// Unmet conditions at the championship's next event (else now).
    pub unmet: Vec<Reason>,
    /// G-G4, G-G7: sanctions still to serve.
    pub bars: Vec<Bar>,
}

/// What the database holds for a team's record: captains over time,
/// transfers, places, penalties in force and its season line.
pub struct Record {
    pub captaincies: Vec<(Option<String>, String, NaiveDateTime)>,
    pub transfers: Vec<db::teams::TransferLine>,
    pub places: Vec<db::results::PlaceRow>,
    pub penalties: Vec<db::penalties::Penalty>,
    /// Tournament numbers by id.
    pub numbers: HashMap<TournamentId, i32>,
    pub season: crate::season::Season,
    /// For the penalties' titles.
    pub regulation: Regulation,
}

impl Record {
    pub fn load(
        conn: &mut DbConnection,
        team: &Team,
        regulation: &Regulation,
    ) -> Result<Record, QueryError> {
        let championship = team.championship_id;
        Ok(Record {
            captaincies: t::captaincies_of_team(conn, team.id)?,
            transfers: t::transfers_of_team(conn, team.id)?,
            places: db::results::places_of_team(conn, team.id)?,
            penalties: db::penalties::of_team(conn, team.id)?
                .into_iter()
                .filter(db::penalties::Penalty::in_force)
                .collect(),
            numbers: db::tournaments::of_championship(conn, championship)?
                .into_iter()
                .map(|t| (t.id, t.number))
                .collect(),
            season: crate::season::load(conn, championship, regulation)?,
            regulation: regulation.clone(),
        })
    }
}

/// A team as the API and the team page name it: the team, its captain's
/// nick, its organization and its current members in the order they joined.
pub struct TeamCard {
    pub team: Team,
    pub captain: String,
    pub organization: Option<String>,
    pub members: Vec<RosterLine>,
}

impl TeamCard {
    /// The team `id`; `None` when there is no such team.
    pub fn load(conn: &mut DbConnection, id: TeamId) -> Result<Option<TeamCard>, QueryError> {
        let Some(team) = t::by_id(conn, id)? else {
            return Ok(None);
        };
        let captain = people::by_id(conn, team.captain_id)?
            .map(|p| p.nick)
            .unwrap_or_default();
        let organization = match team.organization_id {
            Some(o) => organizations::by_id(conn, o)?.map(|o| o.name),
            None => None,
        };
        Ok(Some(TeamCard {
            members: t::current_members(conn, id)?,
            team,
            captain,
            organization,
        }))
    }
}

/// Everything the team page shows, for one viewer.
pub struct TeamPage {
    pub team: Team,
    pub championship: Championship,
    pub captain: String,
    pub organization: Option<String>,
    pub members: Vec<Member>,
    /// Unmet conditions of the team itself.
    pub team_unmet: Vec<TeamReason>,
    /// Organization names by id, for the reasons' words.
    pub organization_names: Vec<(OrganizationId, String)>,
    /// Whether the viewer holds a role in the team's championship.
    pub viewer_is_official: bool,
    pub history: Vec<RosterLine>,
    pub invitations: Vec<InvitationLine>,
    pub record: Record,
    /// The invitation form's suggestions, for the captain alone.
    pub nick_choices: Vec<String>,
    /// Whether the viewer organizes the championship (enters players,
    /// confirms club membership).
    pub viewer_organizes: bool,
    /// G-A7: the regulation asks for club membership.
    pub club_required: bool,
    /// The rating the regulation counts for each member today (none when
    /// it counts none); the average of the top boards' ratings.
    pub ratings: std::collections::HashMap<PersonId, crate::rules::rating::Held>,
    pub average: Option<u16>,
}

impl TeamPage {
    /// The team page of `id` as `viewer` sees it; `None` when there is no
    /// such team.
    pub fn load(
        conn: &mut DbConnection,
        viewer: Option<PersonId>,
        id: TeamId,
    ) -> Result<Option<TeamPage>, QueryError> {
        let Some(TeamCard {
            team,
            captain,
            organization,
            members: current,
        }) = TeamCard::load(conn, id)?
        else {
            return Ok(None);
        };
        let Some(championship) = db::championships::by_id(conn, team.championship_id)? else {
            return Ok(None);
        };
        let now = db::utc_now();
        let regulation = crate::regulation::in_force(conn, &championship, now)?.regulation;
        // Eligibility as the entry judges it: at the start of the
        // championship's next event (E-12, documents), else as of now.
        let ids: Vec<_> = current.iter().map(|m| m.membership.person_id).collect();
        let mut judged = crate::eligibility::at_next_event(
            conn,
            &team,
            &regulation,
            championship.tz(),
            &ids,
            now,
        )?;
        let ratings = crate::ratings::counted(conn, &regulation.ratings.order, &ids, now.date())?;
        // The team's strength as a Swiss ranks it (C.04.6): its best rated
        // players, as many as the match has boards.
        let mut values: Vec<u16> = ratings.values().map(|h| h.value).collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        values.truncate(usize::from(regulation.boards));
        let average = crate::rules::rating::average(&values);
        let mut members = Vec::with_capacity(current.len());
        for line in current {
            let person = line.membership.person_id;
            // G-G4, G-G7: the tournaments the member may not play, still to
            // come (the same reading as the entry and the boards).
            let mut bars = crate::penalties::person_bars(conn, championship.id, person)?;
            bars.retain(|b| !b.served);
            members.push(Member {
                unmet: judged.people.remove(&person).unwrap_or_default(),
                bars,
                line,
            });
        }
        let viewer_is_official = match viewer {
            Some(v) => db::roles::has_role(conn, v, team.championship_id, &db::roles::Role::ALL)?,
            None => false,
        };
        let viewer_organizes = match viewer {
            Some(v) => crate::access::holds::<crate::access::Organizers>(
                conn,
                Some((v, false)),
                team.championship_id,
            )?,
            None => false,
        };
        let nick_choices = if viewer == Some(team.captain_id) {
            people::nick_choices(conn)?
        } else {
            Vec::new()
        };
        Ok(Some(TeamPage {
            history: t::roster_history(conn, id)?,
            invitations: t::invitations_of(conn, id)?,
            record: Record::load(conn, &team, &regulation)?,
            team,
            championship,
            captain,
            organization,
            members,
            team_unmet: judged.team,
            organization_names: judged.checker.organization_names,
            viewer_is_official,
            nick_choices,
            viewer_organizes,
            club_required: regulation.roster.club_membership_required,
            ratings,
            average,
        }))
    }
}

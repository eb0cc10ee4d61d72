//! Eligibility facts read from the database for one team, handed to the
//! pure rules (`rules::eligibility`). The roster page asks "as of now"; an
//! entry asks at the tournament's start — both through this one loader —
//! and every later moment of play (a line-up, a substitution, a round's
//! publication) asks [`unfit_to_play`] at that instant.

use crate::db::QueryError as DieselError;

use std::collections::HashMap;

use chrono::NaiveDateTime;

use super::TournamentContext;
use crate::db::{DbConnection, documents, organizations, people, standing, teams};
use crate::ids::{ChampionshipId, OrganizationId, PersonId, TeamId};
use crate::rules::eligibility::{
    Employer, Occasion, Reason, TeamFacts, TeamReason, person_eligibility, team_eligibility,
};
use crate::rules::regulation::Regulation;

/// The organizations once, for every person of one team.
pub struct TeamChecker {
    /// Bans and club memberships count in this championship.
    championship: ChampionshipId,
    organization: Option<OrganizationId>,
    tree: Vec<(OrganizationId, Option<OrganizationId>)>,
    /// Organization names by id, for the reasons' words.
    pub organization_names: Vec<(OrganizationId, String)>,
}

impl TeamChecker {
    pub fn load(conn: &mut DbConnection, team: &teams::Team) -> Result<Self, DieselError> {
        let orgs = organizations::list(conn)?;
        let tree = orgs.iter().map(|o| (o.id, o.parent_id)).collect();
        Ok(TeamChecker {
            championship: team.championship_id,
            organization: team.organization_id,
            tree,
            organization_names: orgs.into_iter().map(|o| (o.id, o.name)).collect(),
        })
    }

    /// Unmet conditions of each of `persons` at the occasion (E-12, R-2.x,
    /// G-A7), read for all of them at once.
    pub fn people(
        &self,
        conn: &mut DbConnection,
        regulation: &Regulation,
        occasion: Occasion,
        persons: &[PersonId],
    ) -> Result<HashMap<PersonId, Vec<Reason>>, DieselError> {
        let records = standing::person_records(conn, persons, self.championship)?;
        let employer = Employer {
            organization: self.organization,
            tree: &self.tree,
        };
        Ok(records
            .into_iter()
            .map(|(p, record)| {
                let unmet = person_eligibility(regulation, occasion, &employer, &record.facts());
                (p, unmet.unmet)
            })
            .collect())
    }

    /// Unmet conditions of the team itself (R-1.10, E-10, G-B21/E-11).
    pub fn team(
        &self,
        conn: &mut DbConnection,
        regulation: &Regulation,
        occasion: Occasion,
        team: &teams::Team,
        members: usize,
    ) -> Result<Vec<TeamReason>, DieselError> {
        let documents = documents::for_eligibility(conn, documents::Owner::Team(team.id))?;
        Ok(team_eligibility(
            regulation,
            occasion.date,
            &TeamFacts {
                organization: self.organization,
                documents: &documents,
                members,
            },
        )
        .unmet)
    }

    pub fn organization_name(&self, id: OrganizationId) -> String {
        self.organization_names
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, n)| n.clone())
            .unwrap_or_default()
    }
}

/// A team's eligibility as its page shows it: the entry's questions (the
/// same [`TeamChecker`]) asked at the start of the championship's next
/// event under the regulation in force there, so that a document expiring
/// before it, or a dismissal more than E-12's months before it, is flagged
/// now as the entry would refuse it. With no event ahead: as of `now`
/// under `regulation_now`.
pub struct AtNextEvent {
    /// Unmet conditions per person (those with none are left out).
    pub people: HashMap<PersonId, Vec<Reason>>,
    /// Unmet conditions of the team itself.
    pub team: Vec<TeamReason>,
    /// The tournament judged for, if any.
    pub event: Option<crate::ids::TournamentId>,
    pub checker: TeamChecker,
}

pub fn at_next_event(
    conn: &mut DbConnection,
    team: &teams::Team,
    regulation_now: &Regulation,
    tz: chrono_tz::Tz,
    people: &[PersonId],
    now: NaiveDateTime,
) -> Result<AtNextEvent, DieselError> {
    let next = crate::db::tournaments::of_championship(conn, team.championship_id)?
        .into_iter()
        .filter(|t| t.finished_at.is_none() && t.starts_at >= now)
        .min_by_key(|t| (t.starts_at, t.number));
    let ctx = match next {
        Some(t) => TournamentContext::load(conn, t.id)?,
        None => None,
    };
    let (regulation, occasion) = match &ctx {
        Some(ctx) => (
            &ctx.regulation,
            Occasion {
                at: ctx.tournament.starts_at,
                date: ctx.local_date(ctx.tournament.starts_at),
            },
        ),
        None => (
            regulation_now,
            Occasion {
                at: now,
                date: now.and_utc().with_timezone(&tz).date_naive(),
            },
        ),
    };
    let checker = TeamChecker::load(conn, team)?;
    let mut unmet = checker.people(conn, regulation, occasion, people)?;
    unmet.retain(|_, why| !why.is_empty());
    let team_unmet = checker.team(conn, regulation, occasion, team, people.len())?;
    Ok(AtNextEvent {
        people: unmet,
        team: team_unmet,
        event: ctx.map(|c| c.id()),
        checker,
    })
}

pub use crate::rules::eligibility::Unfit;

/// G-A7 at the moment of play: who of `people` may not play for `team` in
/// the tournament at `at`, each with every reason. The one check behind a
/// line-up, a substitution and a round's publication; the entry checks the
/// same conditions at the tournament's start. People fit to play are left
/// out of the answer.
pub fn unfit_to_play(
    conn: &mut DbConnection,
    ctx: &TournamentContext,
    team: TeamId,
    people: &[PersonId],
    at: NaiveDateTime,
) -> Result<Vec<(PersonId, Vec<Unfit>)>, DieselError> {
    if people.is_empty() {
        return Ok(Vec::new());
    }
    let Some(team_row) = teams::by_id(conn, team)? else {
        return Ok(Vec::new());
    };
    let checker = TeamChecker::load(conn, &team_row)?;
    let occasion = Occasion {
        at,
        date: ctx.local_date(at),
    };
    let members = teams::members_at(conn, team, at)?;
    let nicks: HashMap<PersonId, String> = people::nicks_of(conn, people)?.into_iter().collect();
    let named: Vec<(PersonId, String)> = people
        .iter()
        .filter_map(|p| nicks.get(p).map(|n| (*p, n.clone())))
        .collect();
    let unmet = checker.people(conn, &ctx.regulation, occasion, people)?;
    let sanctions = super::penalties::bars(conn, ctx, team, &named)?;
    // ..R-2.4: the day's check-in admits who plays.
    let admitted = if ctx.regulation.play.check_in {
        Some(crate::db::check_ins::admitted(conn, ctx.id())?)
    } else {
        None
    };
    let mut out = Vec::new();
    for (person, nick) in &named {
        let mut why = Vec::new();
        for reason in unmet.get(person).cloned().unwrap_or_default() {
            match reason {
                Reason::Banned { until } => {
                    let ban = standing::ban_in_force(conn, *person, at, ctx.championship_id())?;
                    let clone_of = match &ban {
                        Some(b) if b.person_id != *person => {
                            people::by_id(conn, b.person_id)?.map(|x| x.nick)
                        }
                        _ => None,
                    };
                    why.push(Unfit::Banned {
                        since: ban.map_or(at, |b| b.from_at),
                        until,
                        clone_of,
                    });
                }
                other => why.push(Unfit::Condition(other)),
            }
        }
        if !members.contains(person) {
            why.push(Unfit::NotOnRoster);
        }
        for s in &sanctions {
            if let super::entries::EntryProblem::Sanctioned {
                code,
                nick: Some(n),
                ..
            } = s
                && n == nick
            {
                why.push(Unfit::Sanctioned { code: code.clone() });
            }
        }
        if admitted.as_ref().is_some_and(|a| !a.contains(person)) {
            why.push(Unfit::NotAdmitted);
        }
        if !why.is_empty() {
            out.push((*person, why));
        }
    }
    Ok(out)
}

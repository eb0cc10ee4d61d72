//! Penalties and sanctions of the regulation's catalogue (issue 8): judges
//! impose them with a reason and the rule (`rules::penalties::decide` says
//! what the choice amounts to), revoke them with a reason (the row stays on
//! record), and entries are refused while a sanction bars the team or one
//! of the people named (`bars`, called by `entries::submit`). Every change
//! is audited; the season table (`season::load`) reads what is in force.

/// The reason the platform records with a late entry's G-G1 penalty;
/// pages word it in their language (`web::penalties::reason_words`).
pub const AUTO_LATE_ENTRY: &str = "auto:late-entry";

use chrono::NaiveDateTime;

use super::entries::EntryProblem;
use super::{PlayError, TournamentContext};
use crate::db::penalties::{self as p, NewPenalty, Penalty, Scope};
use crate::db::teams::{self as t, TeamStatus};
use crate::db::{DbConnection, audit, championships, people, tournaments, write_transaction};
use crate::ids::{ChampionshipId, PersonId, TeamId, TournamentId};
use crate::rules::penalties::{self as rules, Request, Sanction};
use crate::rules::regulation::Regulation;
use crate::rules::score::HalfPoints;

/// Why a penalty was not imposed or revoked; every one found is reported.
#[derive(Debug, Clone, PartialEq)]
pub enum PenaltyProblem {
    /// No such code in the regulation's catalogue.
    UnknownRule,
    /// The reason is required.
    ReasonRequired,
    /// No such team in this championship.
    UnknownTeam,
    /// No such tournament in this championship.
    UnknownTournament,
    /// No person with this nick.
    UnknownPerson { nick: String },
    /// The sanction bars the next tournament, and none is scheduled.
    NoNextTournament,
    /// G-G4: the dissolved team had no members to pass the sanction to.
    NoMembers,
    /// The penalty was revoked already.
    AlreadyRevoked,
    /// The rule does not allow what was asked.
    Rule(rules::Problem),
}

pub type PenaltyError = PlayError<PenaltyProblem>;

/// What a judge asks for.
#[derive(Debug, Clone, Default)]
pub struct Imposition {
    pub code: String,
    pub team: i64,
    pub tournament: Option<i64>,
    pub count: u32,
    pub amount: Option<HalfPoints>,
    pub removal: bool,
    /// G-G7: the player's nick.
    pub person: String,
    pub reason: String,
}

fn regulation(conn: &mut DbConnection, c: ChampionshipId) -> Result<Regulation, PenaltyError> {
    let championship = championships::by_id(conn, c)?.ok_or(PlayError::NotFound)?;
    serde_json::from_str(&championship.regulation).map_err(|_| PlayError::NotFound)
}

/// Imposes a penalty; returns the ids of the rows recorded (one, or one per
/// member of a dissolved team under G-G4).
pub fn impose(
    conn: &mut DbConnection,
    c: ChampionshipId,
    judge: PersonId,
    ask: &Imposition,
    now: NaiveDateTime,
) -> Result<Vec<i64>, PenaltyError> {
    write_transaction(conn, |conn| impose_in(conn, c, judge, ask, now))
}

/// `impose` inside a transaction the caller holds (an appeal's decision
/// imposes penalties together with the rest of its changes).
pub(crate) fn impose_in(
    conn: &mut DbConnection,
    c: ChampionshipId,
    judge: PersonId,
    ask: &Imposition,
    now: NaiveDateTime,
) -> Result<Vec<i64>, PenaltyError> {
    let reason = ask.reason.trim();
    {
        let reg = regulation(conn, c)?;
        let mut problems = Vec::new();
        if reason.is_empty() {
            problems.push(PenaltyProblem::ReasonRequired);
        }
        let team = t::by_id(conn, TeamId(ask.team))?.filter(|x| x.championship() == c);
        if team.is_none() {
            problems.push(PenaltyProblem::UnknownTeam);
        }
        let all = tournaments::of_championship(conn, c)?;
        let offence = match ask.tournament {
            Some(id) => {
                let found = all.iter().position(|x| x.id == id);
                if found.is_none() {
                    problems.push(PenaltyProblem::UnknownTournament);
                }
                found
            }
            None => None,
        };
        let nick = ask.person.trim();
        let person = if nick.is_empty() {
            None
        } else {
            let found = people::by_nick(conn, nick)?;
            if found.is_none() {
                problems.push(PenaltyProblem::UnknownPerson {
                    nick: nick.to_owned(),
                });
            }
            found.map(|x| x.id())
        };
        let Some(rule) = reg.penalty(&ask.code).cloned() else {
            problems.insert(0, PenaltyProblem::UnknownRule);
            return Err(PlayError::Refused(problems));
        };
        let prior = match &team {
            Some(team) => p::of_championship(conn, c)?
                .iter()
                .filter(|x| x.in_force() && x.team_id == team.id && x.code == rule.code)
                .count(),
            None => 0,
        };
        let request = Request {
            count: ask.count,
            amount: ask.amount,
            removal: ask.removal,
            prior_cases: prior,
            team_dissolved: team
                .as_ref()
                .is_some_and(|x| x.status() == TeamStatus::Dissolved),
            has_tournament: offence.is_some(),
            has_person: person.is_some(),
        };
        let decision = match rules::decide(&rule, &request) {
            Ok(d) => Some(d),
            Err(found) => {
                problems.extend(found.into_iter().map(PenaltyProblem::Rule));
                None
            }
        };
        let (Some(team), Some(decision), true) = (team, decision, problems.is_empty()) else {
            return Err(PlayError::Refused(problems));
        };
        // The tournament a sanction bars.
        // The next stage: the smallest number after the offence's.
        let next_after = |i: usize| {
            all.iter()
                .filter(|x| x.number > all[i].number)
                .min_by_key(|x| x.number)
                .map(|x| x.id())
        };
        let next_to_start = || all.iter().find(|x| x.starts_at > now).map(|x| x.id());
        let bars = match decision.sanction {
            Some(Sanction::DisqualifiedNext) => Some(
                offence
                    .and_then(next_after)
                    .ok_or(PlayError::Refused(vec![PenaltyProblem::NoNextTournament]))?,
            ),
            Some(Sanction::MissesTournament) => Some(
                next_to_start()
                    .ok_or(PlayError::Refused(vec![PenaltyProblem::NoNextTournament]))?,
            ),
            Some(Sanction::Removed | Sanction::PlayerRemoved) => offence.map(|i| all[i].id()),
            Some(Sanction::Banned) | None => None,
        };
        // G-G4: the sanction passes to each member of the dissolved team.
        let on: Vec<Option<PersonId>> = if decision.sanction == Some(Sanction::MissesTournament) {
            let last = team
                .dissolved_at
                .map_or(now, |at| at - chrono::Duration::microseconds(1));
            let members = t::members_at(conn, team.id(), last)?;
            if members.is_empty() {
                return Err(PlayError::Refused(vec![PenaltyProblem::NoMembers]));
            }
            members.into_iter().map(Some).collect()
        } else {
            vec![person]
        };
        let tournament = offence.map(|i| all[i].id());
        let mut ids = Vec::new();
        for who in on {
            let id = p::insert(
                conn,
                &NewPenalty {
                    championship: c,
                    tournament,
                    team: team.id(),
                    entry: None,
                    code: &rule.code,
                    amount: decision.amount,
                    reason,
                    imposed_by: Some(judge),
                    imposed_at: now,
                },
            )?;
            p::set_scope(
                conn,
                id,
                &Scope {
                    count: i32::try_from(decision.count).unwrap_or(1),
                    sanction: decision.sanction.map(Sanction::as_str),
                    bars_tournament: bars,
                    person: who,
                },
            )?;
            audit::Entry::new("penalty.impose", format!("penalty:{id}"))
                .actor(judge)
                .championship(c)
                .detail(format!(
                    "{} {}: −{} ×{}{}{} — {reason}",
                    rule.code,
                    team.name,
                    decision.amount,
                    decision.count,
                    decision
                        .sanction
                        .map(|s| format!(", {}", s.as_str()))
                        .unwrap_or_default(),
                    who.map(|w| format!(", person:{w}")).unwrap_or_default(),
                ))
                .record(conn)?;
            ids.push(id);
        }
        if let Some(t) = tournament {
            tournaments::bump_results_version(conn, t)?;
        }
        Ok(ids)
    }
}

/// Revokes a penalty with a reason; the row stays on record and the season
/// total no longer counts it.
pub fn revoke(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: i64,
    judge: PersonId,
    reason: &str,
    now: NaiveDateTime,
) -> Result<Penalty, PenaltyError> {
    write_transaction(conn, |conn| revoke_in(conn, c, id, judge, reason, now))
}

/// `revoke` inside a transaction the caller holds.
pub(crate) fn revoke_in(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: i64,
    judge: PersonId,
    reason: &str,
    now: NaiveDateTime,
) -> Result<Penalty, PenaltyError> {
    let reason = reason.trim();
    {
        let found = p::by_id(conn, id)?
            .filter(|x| x.championship_id == c.0)
            .ok_or(PlayError::NotFound)?;
        let mut problems = Vec::new();
        if !found.in_force() {
            problems.push(PenaltyProblem::AlreadyRevoked);
        }
        if reason.is_empty() {
            problems.push(PenaltyProblem::ReasonRequired);
        }
        if !problems.is_empty() || !p::revoke(conn, id, judge, reason, now)? {
            if problems.is_empty() {
                problems.push(PenaltyProblem::AlreadyRevoked);
            }
            return Err(PlayError::Refused(problems));
        }
        audit::Entry::new("penalty.revoke", format!("penalty:{id}"))
            .actor(judge)
            .championship(c)
            .detail(format!(
                "{} −{}: in force → revoked — {reason}",
                found.code,
                found.amount()
            ))
            .record(conn)?;
        if let Some(t) = found.tournament_id {
            tournaments::bump_results_version(conn, TournamentId(t))?;
        }
        Ok(found)
    }
}

/// The sanctions in force that bar this team, or one of these people, from
/// entering this tournament (G-G3, G-G4, G-G7, G-D2), as entry problems.
pub fn bars(
    conn: &mut DbConnection,
    ctx: &TournamentContext,
    team: TeamId,
    named: &[(i64, String)],
) -> Result<Vec<EntryProblem>, diesel::result::Error> {
    let here = ctx.tournament.id;
    let mut out = Vec::new();
    for x in p::sanctions_in_force(conn, ctx.championship_id())? {
        let Some(sanction) = x.sanction.as_deref().and_then(Sanction::parse) else {
            continue;
        };
        let nick = if sanction.on_person() {
            match named.iter().find(|(id, _)| Some(*id) == x.person_id) {
                Some((_, nick)) => Some(nick.clone()),
                None => continue,
            }
        } else if x.team_id == team.0 {
            None
        } else {
            continue;
        };
        if sanction == Sanction::Banned || x.bars_tournament_id == Some(here) {
            out.push(EntryProblem::Sanctioned {
                code: x.code.clone(),
                sanction,
                nick,
            });
        }
    }
    Ok(out)
}

/// One penalty with the names a page shows.
pub struct Listed {
    pub penalty: Penalty,
    pub team: String,
    pub tournament_no: Option<i32>,
    pub bars_no: Option<i32>,
    pub person: Option<String>,
    pub imposed_by: Option<String>,
    pub revoked_by: Option<String>,
}

/// Every penalty of the championship, in force and revoked, oldest first.
pub fn list(
    conn: &mut DbConnection,
    c: ChampionshipId,
) -> Result<Vec<Listed>, diesel::result::Error> {
    let teams = t::of_championship(conn, c, &TeamStatus::ALL)?;
    let all = tournaments::of_championship(conn, c)?;
    let number = |id: Option<i64>| {
        id.and_then(|id| all.iter().find(|x| x.id == id))
            .map(|x| x.number)
    };
    let mut out = Vec::new();
    for x in p::of_championship(conn, c)? {
        out.push(Listed {
            team: teams
                .iter()
                .find(|tm| tm.id == x.team_id)
                .map(|tm| tm.name.clone())
                .unwrap_or_default(),
            tournament_no: number(x.tournament_id),
            bars_no: number(x.bars_tournament_id),
            person: nick_of(conn, x.person_id)?,
            imposed_by: nick_of(conn, x.imposed_by)?,
            revoked_by: nick_of(conn, x.revoked_by)?,
            penalty: x,
        });
    }
    Ok(out)
}

/// A person's nick, if any.
pub fn nick_of(
    conn: &mut DbConnection,
    id: Option<i64>,
) -> Result<Option<String>, diesel::result::Error> {
    Ok(match id {
        Some(id) => people::by_id(conn, PersonId(id))?.map(|x| x.nick),
        None => None,
    })
}

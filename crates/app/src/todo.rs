//! What waits for a person: the invitations to answer, the appeal votes
//! to cast, the applications, transfers, cases, results and documents
//! their roles leave to them, and, for a captain, the line-up of the next
//! tournament, the results the other captain reported, and the cases of
//! the team. Read on the person's own pages and counted in the header.

use crate::db::QueryError as DieselError;
use chrono::NaiveDateTime;

use crate::db::roles::Role;
use crate::db::teams::{self as t, TeamStatus};
use crate::db::{DbConnection, appeals, championships, entries, rounds, tournaments, waiting};
use crate::i18n::Message;
use crate::ids::{AppealId, ChampionshipId, MatchId, PersonId, TournamentId};
use crate::{msg, paths};

/// Where an item belongs: a championship by id and name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub id: ChampionshipId,
    pub name: String,
    /// The championship's time zone, in which its times are shown.
    pub tz: chrono_tz::Tz,
}

/// One thing to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A team invites the person; `awaiting_judge` once accepted, while a
    /// judge approves the transfer.
    Invitation {
        at: Place,
        team: String,
        awaiting_judge: bool,
    },
    /// The person sits on the committee of an open case and has not voted.
    Vote { at: Place, appeal: AppealId },
    /// Judges: team applications to decide (G-B12).
    Applications { at: Place, count: usize },
    /// Judges: transfers to approve.
    Transfers { at: Place, count: usize },
    /// Judges: open cases of the championship.
    Cases { at: Place, count: usize },
    /// Judges: games of published rounds still without a result.
    Results {
        at: Place,
        tournament: TournamentId,
        number: i32,
        games: usize,
    },
    /// Chief judges: captains' reports to answer (G-V33).
    Violations {
        at: Place,
        tournament: TournamentId,
        number: i32,
        count: usize,
    },
    /// Organizers: participants of a tournament starting within a day
    /// not yet admitted at its check-in (R-2.2..R-2.4).
    CheckIn {
        at: Place,
        tournament: TournamentId,
        number: i32,
        admitted: usize,
        total: usize,
    },
    /// Organizers: documents awaiting a review.
    Documents { at: Place, count: usize },
    /// Organizers: employment records to confirm (E-12, R-2.1).
    Employments { at: Place, count: usize },
    /// Captains: the next tournament has no entry of the team yet.
    Entry {
        at: Place,
        team: String,
        tournament: TournamentId,
        number: i32,
        starts_at: NaiveDateTime,
    },
    /// Captains: the other captain reported results to confirm.
    Confirm {
        at: Place,
        tournament: TournamentId,
        game_match: MatchId,
        team: String,
        games: usize,
    },
    /// Captains: an open case the team filed or is concerned by.
    TeamCase {
        at: Place,
        appeal: AppealId,
        team: String,
    },
}

fn appeal_url(c: crate::ids::ChampionshipId, a: crate::ids::AppealId) -> String {
    paths::fill2(paths::APPEAL, c, a)
}

impl Item {
    /// Where the item belongs, what it asks in a message, and the page
    /// where it is done (a path of the site): the to-do page and the
    /// officials' daily digest say it alike.
    pub fn said(&self) -> (&Place, Message, String) {
        match self {
            Item::Invitation {
                at,
                team,
                awaiting_judge,
            } => (
                at,
                Message::new(if *awaiting_judge {
                    msg!("todo-invitation-judge")
                } else {
                    msg!("todo-invitation")
                })
                .arg("team", team),
                "/account".to_owned(),
            ),
            Item::Vote { at, appeal } => (
                at,
                Message::new(msg!("todo-vote")).arg("case", appeal),
                appeal_url(at.id, *appeal),
            ),
            Item::Applications { at, count } => (
                at,
                Message::new(msg!("todo-applications")).arg("count", count),
                paths::queue(at.id),
            ),
            Item::Transfers { at, count } => (
                at,
                Message::new(msg!("todo-transfers")).arg("count", count),
                paths::queue(at.id),
            ),
            Item::Cases { at, count } => (
                at,
                Message::new(msg!("todo-cases")).arg("count", count),
                paths::fill1(paths::APPEALS, at.id),
            ),
            Item::Results {
                at,
                tournament,
                number,
                games,
            } => (
                at,
                Message::new(msg!("todo-results"))
                    .arg("count", games)
                    .arg("number", number),
                paths::tournament(at.id, *tournament),
            ),
            Item::Violations {
                at,
                tournament,
                number,
                count,
            } => (
                at,
                Message::new(msg!("todo-violations"))
                    .arg("count", count)
                    .arg("number", number),
                format!("{}#violations", paths::tournament(at.id, *tournament)),
            ),
            Item::CheckIn {
                at,
                tournament,
                number,
                admitted,
                total,
            } => (
                at,
                Message::new(msg!("todo-check-in"))
                    .arg("number", number)
                    .arg("admitted", admitted)
                    .arg("total", total),
                paths::check_in(at.id, *tournament),
            ),
            Item::Documents { at, count } => (
                at,
                Message::new(msg!("todo-documents")).arg("count", count),
                paths::documents(at.id),
            ),
            Item::Employments { at, count } => (
                at,
                Message::new(msg!("todo-employments")).arg("count", count),
                format!("{}#employments", paths::documents(at.id)),
            ),
            Item::Entry {
                at,
                team,
                tournament,
                number,
                starts_at,
            } => (
                at,
                Message::new(msg!("todo-entry"))
                    .arg("team", team)
                    .arg("number", number)
                    .arg(
                        "at",
                        crate::zones::with_offset(at.tz, *starts_at, "%d.%m.%Y %H:%M"),
                    ),
                paths::tournament(at.id, *tournament),
            ),
            Item::Confirm {
                at,
                tournament,
                game_match,
                team,
                games,
            } => (
                at,
                Message::new(msg!("todo-confirm"))
                    .arg("team", team)
                    .arg("count", games),
                paths::match_page(at.id, *tournament, *game_match),
            ),
            Item::TeamCase { at, appeal, team } => (
                at,
                Message::new(msg!("todo-team-case"))
                    .arg("team", team)
                    .arg("case", appeal),
                appeal_url(at.id, *appeal),
            ),
        }
    }
}

/// The championships the items name: each item is made with its
/// championship's id only ([`Place::of`]), and the names and zones of the
/// championships that some item names are read once at the end, so an
/// official of hundreds of championships with work waiting in a few pays
/// for those few.
fn name_places(conn: &mut DbConnection, items: &mut [Item]) -> Result<(), DieselError> {
    let mut ids: Vec<ChampionshipId> = items.iter_mut().map(|i| i.place_mut().id).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(());
    }
    let found: std::collections::BTreeMap<ChampionshipId, (String, chrono_tz::Tz)> =
        championships::labels(conn, &ids)?
            .into_iter()
            .map(|c| (c.id, (c.name.clone(), c.tz())))
            .collect();
    for item in items {
        let at = item.place_mut();
        if let Some((name, tz)) = found.get(&at.id) {
            at.name.clone_from(name);
            at.tz = *tz;
        }
    }
    Ok(())
}

impl Place {
    /// A championship's place before its name and zone are read.
    fn of(id: ChampionshipId) -> Place {
        Place {
            id,
            tz: chrono_tz::Europe::Moscow,
            name: String::new(),
        }
    }
}

impl Item {
    fn place_mut(&mut self) -> &mut Place {
        match self {
            Item::Invitation { at, .. }
            | Item::Vote { at, .. }
            | Item::Applications { at, .. }
            | Item::Transfers { at, .. }
            | Item::Cases { at, .. }
            | Item::Results { at, .. }
            | Item::Violations { at, .. }
            | Item::CheckIn { at, .. }
            | Item::Documents { at, .. }
            | Item::Employments { at, .. }
            | Item::Entry { at, .. }
            | Item::Confirm { at, .. }
            | Item::TeamCase { at, .. } => at,
        }
    }
}

/// Everything waiting for `person` at `now`, most personal first. The
/// officials' work is counted for all their championships at once
/// (`db::waiting`), so the cost does not grow with their number.
pub fn of(
    conn: &mut DbConnection,
    person: PersonId,
    now: NaiveDateTime,
) -> Result<Vec<Item>, DieselError> {
    let mut invited = Vec::new();
    for line in t::invitations_for(conn, person)? {
        if let Some(team) = t::by_id(conn, line.invitation.team_id)? {
            invited.push((team.championship_id, line));
        }
    }
    let votes = appeals::awaiting_vote_of(conn, person)?;
    let captained: Vec<_> = t::teams_of_person(conn, person)?
        .into_iter()
        .map(|(team, _)| team)
        .filter(|team| team.captain_id == person && team.status == TeamStatus::Approved.as_str())
        .collect();
    let judging =
        crate::db::roles::championships_with(conn, person, &[Role::Judge, Role::ChiefJudge])?;
    let chief = crate::db::roles::championships_with(conn, person, &[Role::ChiefJudge])?;
    let organizing = crate::db::roles::championships_with(conn, person, &[Role::Organizer])?;

    let mut items = Vec::new();
    for (c, line) in invited {
        items.push(Item::Invitation {
            at: Place::of(c),
            team: line.team_name,
            awaiting_judge: line.invitation.status == "awaiting_approval",
        });
    }
    for case in votes {
        items.push(Item::Vote {
            at: Place::of(case.championship_id),
            appeal: case.id,
        });
    }
    for team in captained {
        captain(
            conn,
            person,
            now,
            Place::of(team.championship_id),
            team,
            &mut items,
        )?;
    }
    judge(conn, &judging, &mut items)?;
    let reports = waiting::open_reports(conn, &chief)?;
    for c in &chief {
        for r in reports.iter().filter(|r| r.championship == *c) {
            items.push(Item::Violations {
                at: Place::of(*c),
                tournament: r.tournament,
                number: r.number,
                count: usize::try_from(r.count).unwrap_or(0),
            });
        }
    }
    // The day's check-in and the documents: the organizers' and the chief
    // judge's (access::Admission, R-2.4).
    let mut admitting = organizing.clone();
    admitting.extend(chief.iter().filter(|c| !organizing.contains(c)));
    let day = waiting::starting_by(conn, &admitting, now + chrono::Duration::days(1))?;
    let documents = waiting::pending_documents(conn, &admitting)?;
    for c in &admitting {
        for (_, tm, number) in day.iter().filter(|(at, _, _)| at == c) {
            check_in(conn, Place::of(*c), *tm, *number, &mut items)?;
        }
        if let Some(&count) = documents.get(c) {
            items.push(Item::Documents {
                at: Place::of(*c),
                count: usize::try_from(count).unwrap_or(0),
            });
        }
    }
    for (c, count) in waiting::unconfirmed_employments(conn, &organizing)? {
        items.push(Item::Employments {
            at: Place::of(c),
            count: usize::try_from(count).unwrap_or(0),
        });
    }
    name_places(conn, &mut items)?;
    Ok(items)
}

/// Judges: applications, transfers, open cases and results to enter, per
/// championship in the order given.
fn judge(
    conn: &mut DbConnection,
    cs: &[ChampionshipId],
    items: &mut Vec<Item>,
) -> Result<(), DieselError> {
    let applications = waiting::applications(conn, cs)?;
    let transfers = waiting::transfers(conn, cs)?;
    let cases = waiting::open_cases(conn, cs)?;
    let results = waiting::pending_results(conn, cs)?;
    let count = |n: i64| usize::try_from(n).unwrap_or(0);
    for c in cs {
        if let Some(&n) = applications.get(c) {
            items.push(Item::Applications {
                at: Place::of(*c),
                count: count(n),
            });
        }
        if let Some(&n) = transfers.get(c) {
            items.push(Item::Transfers {
                at: Place::of(*c),
                count: count(n),
            });
        }
        if let Some(&n) = cases.get(c) {
            items.push(Item::Cases {
                at: Place::of(*c),
                count: count(n),
            });
        }
        for r in results.iter().filter(|r| r.championship == *c) {
            items.push(Item::Results {
                at: Place::of(*c),
                tournament: r.tournament,
                number: r.number,
                games: count(r.count),
            });
        }
    }
    Ok(())
}

/// ..R-2.4: the check-in of a tournament of the day (starting
/// within 24 hours, or started and not finished) while someone entered
/// is not admitted yet, under a regulation that has the check-in.
fn check_in(
    conn: &mut DbConnection,
    at: Place,
    tm: TournamentId,
    number: i32,
    items: &mut Vec<Item>,
) -> Result<(), DieselError> {
    let Some(ctx) = crate::TournamentContext::load(conn, tm)? else {
        return Ok(());
    };
    if !ctx.regulation.play.check_in {
        return Ok(());
    }
    let entered: Vec<_> = entries::of_tournament(conn, tm)?
        .into_iter()
        .filter(|e| e.status == "entered")
        .map(|e| e.id)
        .collect();
    let mut people: Vec<PersonId> = entries::players_of(conn, &entered)?
        .into_iter()
        .map(|p| p.person_id)
        .collect();
    people.sort_unstable();
    people.dedup();
    let admitted = crate::db::check_ins::admitted(conn, tm)?;
    let done = people.iter().filter(|p| admitted.contains(p)).count();
    if done < people.len() {
        items.push(Item::CheckIn {
            at,
            tournament: tm,
            number,
            admitted: done,
            total: people.len(),
        });
    }
    Ok(())
}

/// The matches of a tournament's published rounds (being played).
fn published_matches(
    conn: &mut DbConnection,
    t: TournamentId,
) -> Result<Vec<rounds::Match>, DieselError> {
    let published: Vec<_> = rounds::of_tournament(conn, t)?
        .into_iter()
        .filter(|r| r.status == "published")
        .map(|r| r.id)
        .collect();
    rounds::matches_of_rounds(conn, &published)
}

fn captain(
    conn: &mut DbConnection,
    person: PersonId,
    now: NaiveDateTime,
    at: Place,
    team: t::Team,
    items: &mut Vec<Item>,
) -> Result<(), DieselError> {
    let all = tournaments::of_championship(conn, team.championship_id)?;
    // The next tournament still taking entries.
    if let Some(next) = all
        .iter()
        .find(|tm| tm.drawn_at.is_none() && tm.finished_at.is_none() && tm.starts_at > now)
    {
        let entered = entries::of_tournament(conn, next.id)?
            .iter()
            .any(|e| e.team_id == team.id && e.status != "withdrawn");
        if !entered {
            items.push(Item::Entry {
                at: at.clone(),
                team: team.name.clone(),
                tournament: next.id,
                number: next.number,
                starts_at: next.starts_at,
            });
        }
    }
    for tm in all
        .iter()
        .filter(|tm| tm.drawn_at.is_some() && tm.finished_at.is_none())
    {
        let mine: Vec<_> = entries::of_tournament(conn, tm.id)?
            .into_iter()
            .filter(|e| e.team_id == team.id)
            .map(|e| e.id)
            .collect();
        let matches: Vec<MatchId> = published_matches(conn, tm.id)?
            .into_iter()
            .filter(|m| {
                mine.contains(&m.home_entry_id)
                    || m.away_entry_id.is_some_and(|a| mine.contains(&a))
            })
            .map(|m| m.id)
            .collect();
        // The games of every match at once, counted per match.
        let games = rounds::games_of_matches(conn, &matches)?;
        for m in matches {
            let count = games
                .iter()
                .filter(|g| {
                    g.match_id == m
                        && g.result == "pending"
                        && g.reported_result.is_some()
                        && g.reported_by.is_some_and(|by| by != person)
                })
                .count();
            if count > 0 {
                items.push(Item::Confirm {
                    at: at.clone(),
                    tournament: tm.id,
                    game_match: m,
                    team: team.name.clone(),
                    games: count,
                });
            }
        }
    }
    for case in appeals::of_championship(conn, team.championship_id)?
        .into_iter()
        .filter(|a| {
            a.is_open()
                && (a.filing_team_id == Some(team.id) || a.concerned_team_id == Some(team.id))
        })
    {
        items.push(Item::TeamCase {
            at: at.clone(),
            appeal: case.id,
            team: team.name.clone(),
        });
    }
    Ok(())
}

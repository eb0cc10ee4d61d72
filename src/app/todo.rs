//! What waits for a person: the invitations to answer, the appeal votes
//! to cast, the applications, transfers, cases, results and documents
//! their roles leave to them, and, for a captain, the line-up of the next
//! tournament, the results the other captain reported, and the cases of
//! the team. Read on the person's own pages and counted in the header.

use chrono::NaiveDateTime;
use diesel::result::Error as DieselError;

use crate::db::roles::Role;
use crate::db::teams::{self as t, TeamStatus};
use crate::db::{DbConnection, appeals, championships, documents, entries, rounds, tournaments};
use crate::ids::{AppealId, ChampionshipId, MatchId, PersonId, TournamentId};

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

fn place(conn: &mut DbConnection, id: ChampionshipId) -> Result<Place, DieselError> {
    let c = championships::by_id(conn, id)?;
    Ok(Place {
        id,
        tz: c.as_ref().map_or(chrono_tz::Europe::Moscow, |c| c.tz()),
        name: c.map(|c| c.name).unwrap_or_default(),
    })
}

/// Everything waiting for `person` at `now`, most personal first.
pub fn of(
    conn: &mut DbConnection,
    person: PersonId,
    now: NaiveDateTime,
) -> Result<Vec<Item>, DieselError> {
    let mut items = Vec::new();
    for line in t::invitations_for(conn, person)? {
        let Some(team) = t::by_id(conn, line.invitation.team_id)? else {
            continue;
        };
        items.push(Item::Invitation {
            at: place(conn, team.championship_id)?,
            team: line.team_name,
            awaiting_judge: line.invitation.status == "awaiting_approval",
        });
    }
    for case in appeals::awaiting_vote_of(conn, person)? {
        items.push(Item::Vote {
            at: place(conn, case.championship_id)?,
            appeal: case.id,
        });
    }
    captain(conn, person, now, &mut items)?;
    let judging =
        crate::db::roles::championships_with(conn, person, &[Role::Judge, Role::ChiefJudge])?;
    for c in judging {
        judge(conn, c, &mut items)?;
    }
    for c in crate::db::roles::championships_with(conn, person, &[Role::ChiefJudge])? {
        for (t, count) in crate::db::violations::open_counts(conn, c)? {
            let number = tournaments::by_id(conn, t)?.map_or(0, |x| x.number);
            items.push(Item::Violations {
                at: place(conn, c)?,
                tournament: t,
                number,
                count: usize::try_from(count).unwrap_or(0),
            });
        }
    }
    for c in crate::db::roles::championships_with(conn, person, &[Role::Organizer])? {
        check_in(conn, c, now, &mut items)?;
        let count = documents::of_championship(conn, c)?
            .iter()
            .filter(|d| d.is_current() && d.status == "pending")
            .count();
        if count > 0 {
            items.push(Item::Documents {
                at: place(conn, c)?,
                count,
            });
        }
    }
    Ok(items)
}

fn judge(
    conn: &mut DbConnection,
    c: ChampionshipId,
    items: &mut Vec<Item>,
) -> Result<(), DieselError> {
    let applications = t::of_championship(conn, c, &[TeamStatus::Pending])?.len();
    if applications > 0 {
        items.push(Item::Applications {
            at: place(conn, c)?,
            count: applications,
        });
    }
    let transfers = t::awaiting_approval(conn, c)?.len();
    if transfers > 0 {
        items.push(Item::Transfers {
            at: place(conn, c)?,
            count: transfers,
        });
    }
    let cases = appeals::of_championship(conn, c)?
        .iter()
        .filter(|a| a.is_open())
        .count();
    if cases > 0 {
        items.push(Item::Cases {
            at: place(conn, c)?,
            count: cases,
        });
    }
    for tm in tournaments::of_championship(conn, c)?
        .into_iter()
        .filter(|tm| tm.drawn_at.is_some() && tm.finished_at.is_none())
    {
        let matches: Vec<MatchId> = published_matches(conn, tm.id)?
            .into_iter()
            .map(|m| m.id)
            .collect();
        let games = rounds::games_of_matches(conn, &matches)?
            .iter()
            .filter(|g| g.result == "pending")
            .count();
        if games > 0 {
            items.push(Item::Results {
                at: place(conn, c)?,
                tournament: tm.id,
                number: tm.number,
                games,
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
    c: ChampionshipId,
    now: NaiveDateTime,
    items: &mut Vec<Item>,
) -> Result<(), DieselError> {
    let soon = now + chrono::Duration::days(1);
    for tm in tournaments::of_championship(conn, c)?
        .into_iter()
        .filter(|tm| tm.finished_at.is_none() && tm.starts_at <= soon)
    {
        let Some(ctx) = crate::app::TournamentContext::load(conn, tm.id)? else {
            continue;
        };
        if !ctx.regulation.play.check_in {
            continue;
        }
        let entered: Vec<_> = entries::of_tournament(conn, tm.id)?
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
        let admitted = crate::db::check_ins::admitted(conn, tm.id)?;
        let done = people.iter().filter(|p| admitted.contains(p)).count();
        if done < people.len() {
            items.push(Item::CheckIn {
                at: place(conn, c)?,
                tournament: tm.id,
                number: tm.number,
                admitted: done,
                total: people.len(),
            });
        }
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
    items: &mut Vec<Item>,
) -> Result<(), DieselError> {
    let teams: Vec<_> = t::teams_of_person(conn, person)?
        .into_iter()
        .map(|(team, _)| team)
        .filter(|team| team.captain_id == person && team.status == TeamStatus::Approved.as_str())
        .collect();
    for team in teams {
        let at = place(conn, team.championship_id)?;
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
    }
    Ok(())
}

//! Entering a tournament (G-B13): the line, or the form that builds it,
//! checked by `rules::lineup::parse` against what the database knows at this
//! moment, inside the registration window of the regulation; a late entry
//! records its penalty (G-G1); doubles, the waiting list and the
//! odd-count double (G-B13) follow from `rules::entries::field`.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;

use super::eligibility::TeamChecker;
use super::{PlayError, TournamentContext};
use crate::db::entries::{self as e, Entry, EntryStatus, NewEntry};
use crate::db::teams::{self as t, TeamStatus};
use crate::db::{DbConnection, audit, penalties, people, tournaments, write_transaction};
use crate::i18n::Message;
use crate::ids::{EntryId, PersonId, TournamentId};
use crate::mail::notices::EntryStanding;
use crate::msg;
use crate::rules::eligibility::{Occasion, Reason, TeamReason};
use crate::rules::entries::{EntryRef, Field, field};
use crate::rules::lineup::{self, Candidate, ParallelEvent, Problem};
use crate::rules::regulation::EntryTiming;

/// Why an entry was refused; every one found is reported.
#[derive(Debug, Clone, PartialEq)]
pub enum EntryProblem {
    /// A problem with the line itself (G-B13, G-B22, R-1.8, eligibility).
    Line(Problem),
    /// G-B13: registration opens this long before the start.
    NotOpenYet { opens_at: NaiveDateTime },
    /// G-A6: the last moment of an entry in time has passed and the
    /// regulation accepts no late entry.
    PastDeadline { deadline: NaiveDateTime },
    /// The tournament has started or its field is drawn.
    Closed,
    /// The submitter is neither the captain nor a member of a participating
    /// team of this championship.
    NoTeam,
    /// E-13: the fair-play undertaking was not accepted.
    UndertakingRequired,
    /// The team is not (or no longer) a participant (G-A5, G-B12).
    TeamNotParticipant,
    /// The team itself does not meet the regulation (R-1.10, G-B21, E-11).
    Team(TeamReason),
    /// A sanction in force bars the team, or the person `nick`, from this
    /// tournament (G-G3, G-G4, G-G7, G-D2).
    Sanctioned {
        code: String,
        sanction: crate::rules::penalties::Sanction,
        nick: Option<String>,
    },
}

pub type EntryError = PlayError<EntryProblem>;

/// What happened to an accepted entry.
#[derive(Debug, Clone)]
pub struct Submitted {
    pub entry: EntryId,
    pub name: String,
    /// True when an earlier line of the same entry was replaced.
    pub replaced: bool,
    /// G-G1: accepted late, with the penalty's code if one was recorded.
    pub late_penalty: Option<String>,
    /// Where it stands in the field: playing, sitting out (G-B13), or on
    /// the waiting list.
    pub standing: EntryStanding,
}

/// The teams this person may enter in this championship: those they
/// captain and the one they are a member of now.
pub fn teams_for(
    conn: &mut DbConnection,
    ctx: &TournamentContext,
    person: PersonId,
) -> Result<Vec<t::Team>, crate::db::QueryError> {
    let mut teams = t::of_championship(conn, ctx.championship_id(), &[TeamStatus::Approved])?;
    let mine = t::teams_of_person(conn, person)?;
    teams.retain(|team| team.captain_id == person || mine.iter().any(|(m, _)| m.id == team.id));
    Ok(teams)
}

/// The entry's name part of a line: everything before the first comma.
fn head(line: &str) -> String {
    line.split(',').next().unwrap_or("").trim().to_lowercase()
}

/// Submits (or, before the draw, replaces) an entry. The submitter becomes
/// the team's captain for this tournament (G-B13). `undertaking`: the
/// submitter accepted the fair-play undertaking (E-13), where the
/// regulation asks for it.
pub fn submit(
    conn: &mut DbConnection,
    tournament: TournamentId,
    submitter: PersonId,
    line: &str,
    undertaking: bool,
    now: NaiveDateTime,
) -> Result<Submitted, EntryError> {
    write_transaction(conn, |conn| {
        let ctx = TournamentContext::load(conn, tournament)?.ok_or(PlayError::NotFound)?;
        let reg = &ctx.regulation;
        let start = ctx.tournament.starts_at;
        let late_penalty = match ctx.entry_timing(now) {
            EntryTiming::Closed => return Err(PlayError::Refused(vec![EntryProblem::Closed])),
            EntryTiming::TooEarly => {
                return Err(PlayError::Refused(vec![EntryProblem::NotOpenYet {
                    opens_at: ctx.registration_opens_at(),
                }]));
            }
            EntryTiming::PastDeadline => {
                return Err(PlayError::Refused(vec![EntryProblem::PastDeadline {
                    deadline: ctx.on_time_until().unwrap_or(start),
                }]));
            }
            EntryTiming::OnTime => None,
            EntryTiming::Late { penalty } => Some(penalty),
        };
        // Which team: the one of the submitter's whose name the line starts
        // with; otherwise the first, so that the parser names the mismatch.
        let candidates = teams_for(conn, &ctx, submitter)?;
        let key = head(line);
        let team = candidates
            .iter()
            .find(|team| lineup::entry_name(&key, &team.name).is_some())
            .or(candidates.first())
            .cloned()
            .ok_or(PlayError::Refused(vec![EntryProblem::NoTeam]))?;
        let occasion = Occasion {
            at: start,
            date: ctx.local_date(start),
        };
        let mut problems = Vec::new();
        let undertaken = reg.entry.fair_play_undertaking && undertaking;
        if reg.entry.fair_play_undertaking && !undertaking {
            problems.push(EntryProblem::UndertakingRequired);
        }
        if team.status() != TeamStatus::Approved {
            problems.push(EntryProblem::TeamNotParticipant);
        }
        // Members at this moment (G-B31/B32) and at the start for the team's
        // own conditions.
        let members_now = t::members_at(conn, team.id, now)?;
        let checker = TeamChecker::load(conn, &team)?;
        problems.extend(
            checker
                .team(conn, reg, occasion, &team, members_now.len())?
                .into_iter()
                .map(EntryProblem::Team),
        );
        let existing = e::of_tournament(conn, tournament)?;
        let people = candidates_of_line(
            conn,
            &ctx,
            &checker,
            occasion,
            line,
            &members_now,
            &existing,
            &key,
        )?;
        // Sanctions in force that bar the team or a person named.
        let named: Vec<(PersonId, String)> = people
            .values()
            .map(|c| (PersonId(c.person), c.nick.clone()))
            .collect();
        problems.extend(super::penalties::bars(conn, &ctx, team.id, &named)?);
        let parsed = lineup::parse(
            line,
            &lineup::Context {
                rules: &reg.roster,
                team: &team.name,
                people: &people,
            },
        );
        let lineup = match parsed {
            Ok(l) if problems.is_empty() => l,
            Ok(_) => return Err(PlayError::Refused(problems)),
            Err(found) => {
                let mut all: Vec<EntryProblem> =
                    found.into_iter().map(EntryProblem::Line).collect();
                all.extend(problems);
                return Err(PlayError::Refused(all));
            }
        };
        let line = line.trim();
        let same = existing.iter().find(|x| {
            x.status() == EntryStatus::Entered
                && x.name.to_lowercase() == lineup.entry.to_lowercase()
        });
        // The line's people come from `rules::lineup` as plain numbers.
        let boards: Vec<PersonId> = lineup.boards.iter().copied().map(PersonId).collect();
        let substitutes: Vec<PersonId> = lineup.substitutes.iter().copied().map(PersonId).collect();
        let (entry, replaced, late_penalty) = match same {
            Some(x) => {
                e::replace_line(
                    conn,
                    x.id,
                    line,
                    submitter,
                    undertaken.then_some(now),
                    &boards,
                    &substitutes,
                )?;
                (x.id, true, None)
            }
            None => {
                let new = NewEntry {
                    tournament,
                    team: team.id,
                    name: &lineup.entry,
                    double_no: lineup.double,
                    line,
                    submitted_by: submitter,
                    submitted_at: now,
                    late: late_penalty.is_some(),
                    undertaken,
                    boards: &boards,
                    substitutes: &substitutes,
                };
                // an entry withdrawn before the draw comes back at
                // the end of the queue, in its own row (names are unique).
                let withdrawn = existing.iter().find(|x| {
                    x.status() == EntryStatus::Withdrawn
                        && x.name.to_lowercase() == lineup.entry.to_lowercase()
                });
                let id = match withdrawn {
                    Some(x) => {
                        e::reenter(conn, x.id, &new)?;
                        x.id
                    }
                    None => e::insert(conn, &new)?,
                };
                // G-G1: the penalty of the catalogue, recorded with the entry
                // — once: an entry that withdrew and comes back late again
                // keeps the one it has.
                let code = late_penalty.flatten();
                let has_it = |conn: &mut DbConnection, code: &str| {
                    penalties::of_championship(conn, ctx.championship_id()).map(|all| {
                        all.iter()
                            .any(|p| p.entry_id == Some(id) && p.code == code && p.in_force())
                    })
                };
                if let Some(code) = &code
                    && let Some(amount) = reg.penalty(code).and_then(|p| p.amount)
                    && !has_it(conn, code)?
                {
                    penalties::insert(
                        conn,
                        &penalties::NewPenalty {
                            championship: ctx.championship_id(),
                            tournament: Some(tournament),
                            team: team.id,
                            entry: Some(id),
                            code,
                            amount,
                            reason: super::penalties::AUTO_LATE_ENTRY,
                            imposed_by: None,
                            imposed_at: now,
                        },
                    )?;
                    tournaments::bump_results_version(conn, tournament)?;
                    // G-G1: the captain is told, as of any penalty.
                    crate::mail::notices::penalty_imposed(
                        conn,
                        &team,
                        &crate::mail::notices::Imposed {
                            code,
                            points: amount,
                            sanction: None,
                            bars: None,
                            people: Vec::new(),
                            by_committee: None,
                            reason: super::penalties::AUTO_LATE_ENTRY,
                        },
                        now,
                    )?;
                }
                (id, false, code)
            }
        };
        audit::Entry::new("entry.submit", format!("entry:{entry}"))
            .actor(submitter)
            .championship(ctx.championship_id())
            .said(
                Message::new(if replaced {
                    msg!("audit-entries-replaced")
                } else {
                    msg!("audit-entries-entered")
                })
                .arg("line", line)
                // Selectors of the message, not shown.
                .arg("late", yes_no(late_penalty.is_some()))
                .arg("undertaken", yes_no(undertaken)),
            )
            .record(conn)?;
        let after = e::of_tournament(conn, tournament)?;
        let f = field_of(&ctx, &after);
        let waiting = f.waiting.iter().position(|w| *w == entry.0).map(|p| p + 1);
        let standing = match waiting {
            Some(position) => EntryStanding::Waiting(position),
            None if f.sitting_out == Some(entry.0) => EntryStanding::SitsOut,
            None => EntryStanding::Plays,
        };
        crate::mail::notices::entry_accepted(
            conn,
            ctx.championship_id(),
            ctx.tournament.number,
            &lineup.entry,
            line,
            standing,
            submitter,
            now,
        )?;
        Ok(Submitted {
            entry,
            name: lineup.entry,
            replaced,
            late_penalty,
            standing,
        })
    })
}

/// A flag as the value of a message's selector (`[yes]` / `[no]`).
fn yes_no(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

/// What the parser needs to know about each nick of the line.
#[allow(clippy::too_many_arguments)]
fn candidates_of_line(
    conn: &mut DbConnection,
    ctx: &TournamentContext,
    checker: &TeamChecker,
    occasion: Occasion,
    line: &str,
    members_now: &[PersonId],
    existing: &[Entry],
    own_key: &str,
) -> Result<BTreeMap<String, Candidate>, crate::db::QueryError> {
    let reg = &ctx.regulation;
    let mut out = BTreeMap::new();
    // G-B22: who is already in another entry of this tournament.
    let others: Vec<&Entry> = existing
        .iter()
        .filter(|x| x.status() != EntryStatus::Withdrawn && x.name.to_lowercase() != own_key)
        .collect();
    let other_ids: Vec<EntryId> = others.iter().map(|x| x.id).collect();
    let named = e::players_of(conn, &other_ids)?;
    let mut found = Vec::new();
    for nick in line
        .split(',')
        .skip(1)
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        let key = nick.to_lowercase();
        if found.iter().any(|(k, _)| *k == key) {
            continue;
        }
        if let Some(person) = people::by_nick(conn, nick)? {
            found.push((key, person));
        }
    }
    // through the corporate series this championship is the chess
    // sport of: who is listed for another of their sports. Read once for
    // the whole line.
    let ids: Vec<PersonId> = found.iter().map(|(_, p)| p.id).collect();
    let listed = super::series::listed_elsewhere(conn, ctx.championship_id(), &ids)?;
    let unmet_of = checker.people(conn, reg, occasion, &ids)?;
    for (key, person) in found {
        let id = person.id;
        let other_entry = named
            .iter()
            .find(|p| p.person_id == id)
            .and_then(|p| others.iter().find(|x| x.id == p.entry_id))
            .map(|x| x.name.clone());
        let parallel_event = parallel_event(conn, ctx, id, &listed)?;
        let unmet: Vec<Reason> = unmet_of.get(&id).cloned().unwrap_or_default();
        out.insert(
            key,
            Candidate {
                person: id.0,
                nick: person.nick,
                member: members_now.contains(&id),
                other_entry,
                parallel_event,
                unmet,
            },
        );
    }
    Ok(out)
}

/// where else this person takes part at the same time, if
/// anywhere — listed for another sport of a corporate series whose chess
/// sport this championship is (`listed`, from
/// `play::series::listed_elsewhere`), or, when the regulation allows one
/// sport per athlete, entered in a tournament held on the same day by
/// another championship that also does.
fn parallel_event(
    conn: &mut DbConnection,
    ctx: &TournamentContext,
    person: PersonId,
    listed: &BTreeMap<PersonId, ParallelEvent>,
) -> Result<Option<ParallelEvent>, crate::db::QueryError> {
    if let Some(event) = listed.get(&person) {
        return Ok(Some(event.clone()));
    }
    if !ctx.regulation.roster.one_sport_per_athlete {
        return Ok(None);
    }
    let day = ctx.local_date(ctx.tournament.starts_at);
    for (_, _, other) in e::entered_with_person(conn, person)? {
        if other == ctx.tournament.id {
            continue;
        }
        let Some(o) = TournamentContext::load(conn, other)? else {
            continue;
        };
        if o.championship.id != ctx.championship.id
            && o.regulation.roster.one_sport_per_athlete
            && o.local_date(o.tournament.starts_at) == day
        {
            return Ok(Some(ParallelEvent::SameDay {
                championship: o.championship.name,
            }));
        }
    }
    Ok(None)
}

/// Who plays, who waits, who sits out (G-B13), among the entries
/// still entered. Once drawn, the field is what the draw made of it: an
/// entry it paired has a start number and plays to the end, and no later
/// withdrawal makes another count odd (G-B13 is judged at the draw).
pub fn field_of(ctx: &TournamentContext, entries: &[Entry]) -> Field {
    let drawn = ctx.tournament.drawn_at.is_some();
    let refs: Vec<EntryRef> = entries
        .iter()
        .filter(|x| x.status() == EntryStatus::Entered || (drawn && x.start_no.is_some()))
        .map(|x| EntryRef {
            id: x.id.0,
            double: x.double_no.and_then(|d| u8::try_from(d).ok()),
            registered_at: x.submitted_at,
        })
        .collect();
    let mut f = field(&refs, &ctx.regulation.entry);
    if drawn {
        let paired = |id: &i64| {
            entries
                .iter()
                .any(|x| x.id.0 == *id && x.start_no.is_some())
        };
        f.playing = entries
            .iter()
            .filter(|x| x.start_no.is_some())
            .map(|x| x.id.0)
            .collect();
        f.waiting.retain(|id| !paired(id));
        f.sitting_out = f.sitting_out.filter(|id| !paired(id));
    }
    f
}

/// Withdraws an entry before the draw: its captain for the tournament or
/// the team's captain may. The waiting list moves up because the
/// field is recomputed from the entries still entered.
pub fn withdraw(
    conn: &mut DbConnection,
    entry: EntryId,
    actor: PersonId,
    now: NaiveDateTime,
) -> Result<Entry, EntryError> {
    write_transaction(conn, |conn| {
        let x = e::by_id(conn, entry)?.ok_or(PlayError::NotFound)?;
        let team = t::by_id(conn, x.team_id)?.ok_or(PlayError::NotFound)?;
        if x.captain() != actor && team.captain_id != actor {
            return Err(PlayError::Forbidden);
        }
        let ctx = TournamentContext::load(conn, x.tournament_id)?.ok_or(PlayError::NotFound)?;
        if ctx.tournament.drawn_at.is_some() || x.status() != EntryStatus::Entered {
            return Err(PlayError::Refused(vec![EntryProblem::Closed]));
        }
        e::set_status(conn, entry, EntryStatus::Withdrawn, now, None, None)?;
        audit::Entry::new("entry.withdraw", format!("entry:{entry}"))
            .actor(actor)
            .championship(ctx.championship_id())
            .said(Message::new(msg!("audit-entries-withdrawn")).arg("entry", &x.name))
            .record(conn)?;
        Ok(x)
    })
}

/// Who may act for each entry, by entry id: its captain for the tournament
/// (the submitter, G-B13) and its team's captain now (G-B34). One read of
/// the championship's teams, whatever the number of entries.
pub fn entry_captains(
    conn: &mut DbConnection,
    championship: crate::ids::ChampionshipId,
    entries: &[Entry],
) -> Result<std::collections::HashMap<EntryId, Vec<PersonId>>, crate::db::QueryError> {
    let ids: Vec<_> = entries.iter().map(|x| x.team_id).collect();
    let teams = t::captains_in(conn, championship, &ids)?;
    Ok(entries
        .iter()
        .map(|x| {
            let mut v = vec![x.captain()];
            if let Some((_, captain)) = teams.iter().find(|(team, _)| *team == x.team_id) {
                v.push(*captain);
            }
            (x.id, v)
        })
        .collect())
}

//! G-V33: players accept the opponent's substitutions; a captain who sees
//! a violation reports it to the chief judge, who answers. The report names
//! the match (and the board, when the captain gives one) and is seen by
//! the judges and the two captains; the chief judges are mailed and find
//! it in their to-do list until it is answered. A penalty the judge
//! imposes for it (G-G5, …) goes through the catalogue as any other.

use chrono::NaiveDateTime;

use super::PlayError;
use super::rounds::Loaded;
use crate::db::roles::Role;
use crate::db::rounds::Match;
use crate::db::violations::{self as v, NewViolationReport, ViolationReport};
use crate::db::{DbConnection, audit, write_transaction};
use crate::i18n::Message;
use crate::ids::{ChampionshipId, EntryId, MatchId, PersonId, TournamentId, ViolationReportId};
use crate::msg;

/// Why a report or an answer was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ViolationProblem {
    /// The tournament is finished: complaints go to the appeals (G-D4).
    Finished,
    /// The match's round is not published yet, or the match has no
    /// opponent (a bye).
    NotPlayed,
    /// The report says what happened.
    WhatRequired,
    /// The board is not one of the match's.
    BadBoard { boards: u32 },
    /// The answer says what the judge decided.
    AnswerRequired,
    /// The report has its answer already.
    AlreadyAnswered,
}

pub type ViolationError = PlayError<ViolationProblem>;

fn refuse<T>(p: ViolationProblem) -> Result<T, ViolationError> {
    Err(PlayError::Refused(vec![p]))
}

/// What a captain reports.
#[derive(Debug, Clone, Default)]
pub struct ReportAsk {
    pub board: Option<i32>,
    pub what: String,
}

/// A report's audit line: the match as the pages show it (round, table,
/// its two sides), the side reported, the board if one is named, and what
/// the captain wrote.
fn reported_said(
    l: &Loaded,
    m: &Match,
    against: EntryId,
    board: Option<i32>,
    what: &str,
) -> Message {
    let name = |id| {
        l.entries
            .iter()
            .find(|x| x.id == id)
            .map_or_else(|| format!("#{id}"), |x| x.name.clone())
    };
    let round = l
        .rounds
        .iter()
        .find(|r| r.id == m.round_id)
        .map_or(0, |r| r.number);
    let said = match board {
        Some(b) => Message::new(msg!("audit-violations-report-board")).arg("board", b),
        None => Message::new(msg!("audit-violations-report")),
    };
    said.arg("round", round)
        .arg("table", m.table_no)
        .arg("home", name(m.home_entry_id))
        .arg("away", m.away_entry_id.map_or_else(String::new, name))
        .arg("against", name(against))
        .arg("what", what)
}

/// A captain of one side of `game_match` reports the other side's
/// violation (G-V33). Only a captain of the match may; every problem of
/// the form is reported at once.
pub fn report(
    conn: &mut DbConnection,
    t: TournamentId,
    game_match: MatchId,
    by: PersonId,
    ask: &ReportAsk,
    now: NaiveDateTime,
) -> Result<ViolationReportId, ViolationError> {
    write_transaction(conn, |conn| {
        super::in_play(conn, t, ViolationProblem::Finished)?;
        let l = Loaded::load(conn, t)?.ok_or(PlayError::NotFound)?;
        let m = l
            .matches
            .iter()
            .find(|m| m.id == game_match)
            .ok_or(PlayError::NotFound)?;
        let published = l
            .rounds
            .iter()
            .any(|r| r.id == m.round_id && r.is_published());
        let Some(away) = m.away_entry_id.filter(|_| published) else {
            return refuse(ViolationProblem::NotPlayed);
        };
        let sides: Vec<_> = l
            .entries
            .iter()
            .filter(|x| x.id == m.home_entry_id || x.id == away)
            .cloned()
            .collect();
        let caps = super::entries::entry_captains(conn, l.ctx.championship_id(), &sides)?;
        let speaks_for = |entry| caps.get(&entry).is_some_and(|v| v.contains(&by));
        let against = if speaks_for(m.home_entry_id) {
            away
        } else if speaks_for(away) {
            m.home_entry_id
        } else {
            return Err(PlayError::Forbidden);
        };
        let mut problems = Vec::new();
        let what = ask.what.trim();
        if what.is_empty() {
            problems.push(ViolationProblem::WhatRequired);
        }
        let boards = u32::from(l.ctx.regulation.roster.lineup_players);
        if let Some(b) = ask.board
            && (b < 1 || u32::try_from(b).map_or(true, |b| b > boards))
        {
            problems.push(ViolationProblem::BadBoard { boards });
        }
        if !problems.is_empty() {
            return Err(PlayError::Refused(problems));
        }
        let id = v::insert(
            conn,
            &NewViolationReport {
                championship: l.ctx.championship_id(),
                tournament: t,
                game_match,
                against,
                board: ask.board,
                what,
                by,
                at: now,
            },
        )?;
        audit::Entry::new("violation.report", format!("violation:{id}"))
            .actor(by)
            .championship(l.ctx.championship_id())
            .said(reported_said(&l, m, against, ask.board, what))
            .record(conn)?;
        let report = v::by_id(conn, id)?.ok_or(PlayError::NotFound)?;
        let chiefs = chief_judges(conn, l.ctx.championship_id())?;
        crate::mail::notices::violation_reported(
            conn,
            &report,
            l.ctx.tournament.number,
            &chiefs,
            now,
        )?;
        Ok(id)
    })
}

/// The chief judge answers a report; the captain who filed it is told.
/// Answering twice is refused and sends nothing.
pub fn answer(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: ViolationReportId,
    judge: PersonId,
    text: &str,
    now: NaiveDateTime,
) -> Result<ViolationReport, ViolationError> {
    write_transaction(conn, |conn| {
        let report = v::by_id(conn, id)?
            .filter(|x| x.championship_id == c)
            .ok_or(PlayError::NotFound)?;
        if !report.is_open() {
            return refuse(ViolationProblem::AlreadyAnswered);
        }
        let text = text.trim();
        if text.is_empty() {
            return refuse(ViolationProblem::AnswerRequired);
        }
        if !v::answer(conn, id, text, judge, now)? {
            return refuse(ViolationProblem::AlreadyAnswered);
        }
        audit::Entry::new("violation.answer", format!("violation:{id}"))
            .actor(judge)
            .championship(c)
            .said(Message::new(msg!("audit-violations-answer")).arg("text", text))
            .record(conn)?;
        let report = v::by_id(conn, id)?.ok_or(PlayError::NotFound)?;
        let number =
            crate::db::tournaments::by_id(conn, report.tournament_id)?.map_or(0, |x| x.number);
        crate::mail::notices::violation_answered(conn, &report, number, now)?;
        Ok(report)
    })
}

/// Who answers reports: the chief judges of the championship.
pub fn chief_judges(
    conn: &mut DbConnection,
    c: ChampionshipId,
) -> Result<Vec<PersonId>, crate::db::QueryError> {
    crate::db::appeals::holders(conn, c, Role::ChiefJudge)
}

/// The reports of a tournament that `viewer` may read: all for a judge,
/// those of the captain's own matches for a captain of a side.
pub fn visible(
    conn: &mut DbConnection,
    l: &Loaded,
    viewer: Option<PersonId>,
    is_judge: bool,
) -> Result<Vec<ViolationReport>, crate::db::QueryError> {
    let all = v::of_tournament(conn, l.ctx.id())?;
    if is_judge {
        return Ok(all);
    }
    let Some(me) = viewer else {
        return Ok(Vec::new());
    };
    let caps = super::entries::entry_captains(conn, l.ctx.championship_id(), &l.entries)?;
    Ok(all
        .into_iter()
        .filter(|r| {
            l.matches.iter().any(|m| {
                m.id == r.match_id
                    && [Some(m.home_entry_id), m.away_entry_id]
                        .into_iter()
                        .flatten()
                        .any(|e| caps.get(&e).is_some_and(|v| v.contains(&me)))
            })
        })
        .collect())
}

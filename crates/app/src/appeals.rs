//! Appeals before the committee (G-D4, G-Zh1, G-Zh2) and fair-play reports
//! (G-E3), as transactions: a captain files after the tournament, the
//! judges propose what an upheld case changes, the committee computed by
//! `rules::appeals::committee` votes, and the decision is applied — game
//! results, penalties (through `play::penalties`), final places set
//! directly (kept in `place_overrides`, see `rules::places`), then the places,
//! tournament points, history and season top four recorded again
//! (`rounds::rerecord_finished`) — in the one transaction that decides,
//! with audit entries naming the case.

use crate::i18n::cite::Cite;
use chrono::NaiveDateTime;

use super::PlayError;
use super::penalties::{self as pen, Imposition};
use crate::db::appeals::{self as a, Appeal, NewAppeal, NewRemedy, NewReport};
use crate::db::roles::Role;
use crate::db::rounds as r;
use crate::db::{DbConnection, audit, entries, people, teams, tournaments, write_transaction};
use crate::i18n::{Message, MsgKey};
use crate::ids::{
    AppealId, AppealRemedyId, ChampionshipId, EntryId, FairPlayReportId, GameId, PenaltyId,
    PersonId, TeamId, TournamentId,
};
use crate::msg;
use crate::rules::appeals::{self as rules, CaptainOf, Ground, Member, Outcome, Seat};
use crate::rules::ranking::Place;
use crate::rules::regulation::{PenaltyEffect, Regulation};
use crate::rules::score::HalfPoints;

/// Why a case was not filed, changed or decided; every one found is reported.
#[derive(Debug, Clone, PartialEq)]
pub enum AppealProblem {
    /// The decision, which cannot be taken back, was not confirmed.
    NotConfirmed,
    /// G-D4: judges' decisions are final while the tournament runs.
    TournamentNotFinished,
    /// G-D4: only a captain of a team in the tournament may file.
    NotCaptain,
    WhatRequired,
    ClaimRequired,
    ContestedRequired,
    /// The team concerned did not play in the tournament.
    UnknownTeam,
    /// The case is decided already.
    Decided,
    AlreadyVoted,
    /// G-Zh1: the committee decides by a majority of the votes cast; with
    /// none cast there is nothing to count yet.
    NoVotes,
    UnknownGame,
    UnknownResult,
    /// G-G2, E-2, R-3.2: nobody sat on a side of the board, so no game was
    /// played there: only its forfeit (`only`, a result code) can stand.
    EmptyBoard {
        only: String,
    },
    UnknownPenalty,
    UnknownPerson {
        nick: String,
    },
    /// G-Zh2: the player does not play for the team concerned.
    NotOfConcernedTeam,
    NoSupervisedDemand,
    /// G-Zh2: what came of the supervised game is recorded once.
    SupervisedRecorded,
    /// G-E3 → G-G7: the report went to the committee already, as this case.
    AlreadyReferred {
        case: AppealId,
    },
    /// G-E3: at least one ground of the list.
    GroundsRequired,
    /// A penalty the remedy asks for was refused.
    Penalty(pen::PenaltyProblem),
    /// The changed results cannot be placed (a play-off is now needed, …).
    Places(super::rounds::RoundProblem),
    /// The entry has no place in the case's tournament.
    UnknownEntry,
    /// The place asked does not fit the tournament's places (G-D4).
    Standing(crate::rules::places::FixProblem),
}

pub type AppealError = PlayError<AppealProblem>;

fn refuse<T>(p: AppealProblem) -> Result<T, AppealError> {
    Err(PlayError::Refused(vec![p]))
}

/// What a captain files.
#[derive(Debug, Clone, Default)]
pub struct Filing {
    pub what_happened: String,
    pub claim: String,
    pub contested: String,
    /// The game or match concerned, free text.
    pub game_ref: String,
    pub concerned_team: Option<TeamId>,
}

/// The teams `person` captains in tournament `t`: whoever submitted one of
/// its entries (G-B13) and the current captains of the teams entered.
pub fn captained(
    conn: &mut DbConnection,
    t: TournamentId,
    person: PersonId,
) -> Result<Vec<TeamId>, crate::db::QueryError> {
    let mut out = Vec::new();
    for c in captains(conn, t)? {
        // The committee's rules keep teams as plain numbers.
        let team = TeamId(c.team);
        if c.person == person && !out.contains(&team) {
            out.push(team);
        }
    }
    Ok(out)
}

/// Every captain of the tournament with their team (doubles carry their
/// main team's id: they are entries of it).
fn captains(
    conn: &mut DbConnection,
    t: TournamentId,
) -> Result<Vec<CaptainOf<PersonId>>, crate::db::QueryError> {
    let Some(tour) = tournaments::by_id(conn, t)? else {
        return Ok(Vec::new());
    };
    // G-Zh1: the captains of the teams in the tournament; an entry
    // withdrawn before it was ever paired never was in it.
    let paired = entries::paired_in(conn, t)?;
    let entries: Vec<_> = entries::of_tournament(conn, t)?
        .into_iter()
        .filter(|e| e.status() != entries::EntryStatus::Withdrawn || paired.contains(&e.id))
        .collect();
    let by_entry = super::entries::entry_captains(conn, tour.championship_id, &entries)?;
    let mut out = Vec::new();
    for e in &entries {
        for person in by_entry.get(&e.id).into_iter().flatten() {
            let c = CaptainOf {
                person: *person,
                team: e.team_id.0,
            };
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    Ok(out)
}

/// G-Zh1: the committee of a case as it stands now.
fn committee_now(
    conn: &mut DbConnection,
    case: &Appeal,
) -> Result<Vec<Member<PersonId>>, crate::db::QueryError> {
    let c = case.championship_id;
    let chief = a::holders(conn, c, Role::ChiefJudge)?;
    let judges = a::holders(conn, c, Role::Judge)?;
    let caps = captains(conn, case.tournament_id)?;
    let excluded: Vec<i64> = [case.filing_team_id, case.concerned_team_id]
        .into_iter()
        .flatten()
        .map(|team| team.0)
        .collect();
    Ok(rules::committee(&chief, &judges, &caps, &excluded))
}

/// Fixes the committee of a case that has just opened.
fn freeze_committee(
    conn: &mut crate::db::WriteTx<'_>,
    id: AppealId,
) -> Result<(), crate::db::QueryError> {
    let case = a::by_id(conn, id)?.ok_or(crate::db::QueryError::NotFound)?;
    let members = committee_now(conn, &case)?;
    let rows: Vec<(PersonId, &str)> = members
        .iter()
        .map(|m| (m.person, m.seat.as_str()))
        .collect();
    a::freeze_committee(conn, id, &rows)
}

/// G-Zh1: the committee of a case, as it was when the case opened; later
/// changes of staff or captains do not change it. A case opened before
/// committees were kept has the committee of today.
pub fn committee(
    conn: &mut DbConnection,
    case: &Appeal,
) -> Result<Vec<Member<PersonId>>, crate::db::QueryError> {
    let frozen = a::committee_of(conn, case.id)?;
    if frozen.is_empty() {
        return committee_now(conn, case);
    }
    Ok(frozen
        .into_iter()
        .filter_map(|(person, seat)| Seat::parse(&seat).map(|seat| Member { person, seat }))
        .collect())
}

/// G-D4: a captain files a complaint about a finished tournament.
pub fn file(
    conn: &mut DbConnection,
    t: TournamentId,
    person: PersonId,
    f: &Filing,
    now: NaiveDateTime,
) -> Result<AppealId, AppealError> {
    write_transaction(conn, |conn| {
        let tour = tournaments::by_id(conn, t)?.ok_or(PlayError::NotFound)?;
        let mut problems = Vec::new();
        if tour.finished_at.is_none() {
            problems.push(AppealProblem::TournamentNotFinished);
        }
        let mine = captained(conn, t, person)?;
        if mine.is_empty() {
            problems.push(AppealProblem::NotCaptain);
        }
        if !problems.is_empty() {
            return Err(PlayError::Refused(problems));
        }
        for (text, p) in [
            (&f.what_happened, AppealProblem::WhatRequired),
            (&f.claim, AppealProblem::ClaimRequired),
            (&f.contested, AppealProblem::ContestedRequired),
        ] {
            if text.trim().is_empty() {
                problems.push(p);
            }
        }
        let played: Vec<TeamId> = entries::of_tournament(conn, t)?
            .iter()
            .map(|e| e.team_id)
            .collect();
        if let Some(team) = f.concerned_team
            && !played.contains(&team)
        {
            problems.push(AppealProblem::UnknownTeam);
        }
        if !problems.is_empty() {
            return Err(PlayError::Refused(problems));
        }
        let c = tour.championship_id;
        let id = a::insert(
            conn,
            &NewAppeal {
                championship: c,
                tournament: t,
                kind: "appeal",
                filed_by: person,
                filing_team: Some(mine[0]),
                concerned_team: f.concerned_team,
                report: None,
                what_happened: f.what_happened.trim(),
                claim: f.claim.trim(),
                contested: f.contested.trim(),
                game_ref: f.game_ref.trim(),
                at: now,
            },
        )?;
        freeze_committee(conn, id)?;
        // The log names the case, never its text: the claim is sealed as
        // the case's page seals it, and the log is read by every organizer.
        let team = teams::by_id(conn, mine[0])?
            .map(|t| t.name)
            .unwrap_or_default();
        audit::Entry::new("appeal.file", format!("appeal:{id}"))
            .actor(person)
            .championship(c)
            .said(
                Message::new(msg!("audit-appeals-file"))
                    .arg("number", tour.number)
                    .arg("team", team),
            )
            .record(conn)?;
        let case = open_case(conn, c, id)?;
        crate::mail::notices::appeal_filed(conn, &case, now)?;
        Ok(id)
    })
}

/// What the judges propose an upheld case changes.
#[derive(Debug, Clone)]
pub enum RemedyAsk {
    GameResult {
        game: GameId,
        result: String,
    },
    Impose {
        code: String,
        team: TeamId,
        amount: Option<HalfPoints>,
    },
    Revoke {
        penalty: PenaltyId,
    },
    /// G-D4: the entry takes this final place; the others keep their order
    /// (`rules::places::fix`).
    Standing {
        entry: EntryId,
        place: i32,
    },
}

fn open_case(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: AppealId,
) -> Result<Appeal, AppealError> {
    let case = a::by_id(conn, id)?
        .filter(|x| x.championship_id == c)
        .ok_or(PlayError::NotFound)?;
    if !case.is_open() {
        return refuse(AppealProblem::Decided);
    }
    Ok(case)
}

/// A game of the case's tournament.
/// A remedy's result on a board with an empty side is its forfeit: no game
/// was played there (`rules::boards::result_fits_seats`).
fn fits_seats(g: &r::Game, res: crate::rules::score::BoardResult) -> Result<(), AppealError> {
    let (home, away) = (g.home_player_id.is_some(), g.away_player_id.is_some());
    if crate::rules::boards::result_fits_seats(home, away, res) {
        return Ok(());
    }
    let only = crate::rules::boards::empty_board_result(home, away).map_or("--", r::result_code);
    Err(PlayError::Refused(vec![AppealProblem::EmptyBoard {
        only: only.to_owned(),
    }]))
}

fn game_of(
    conn: &mut DbConnection,
    t: TournamentId,
    game: GameId,
) -> Result<Option<r::Game>, crate::db::QueryError> {
    let Some(g) = r::game_by_id(conn, game)? else {
        return Ok(None);
    };
    let Some(m) = r::match_by_id(conn, g.match_id)? else {
        return Ok(None);
    };
    let Some(round) = r::by_id(conn, m.round_id)? else {
        return Ok(None);
    };
    Ok((round.tournament_id == t).then_some(g))
}

/// The proposal changed while votes were cast: the members voted on
/// another one, so the vote starts again. Audited with `what` changed,
/// to which the number of votes cleared (`cleared`) is added.
fn restart_vote(
    conn: &mut crate::db::WriteTx<'_>,
    case: &Appeal,
    judge: PersonId,
    what: Message,
) -> Result<(), AppealError> {
    let cleared = a::clear_votes(conn, case.id)?;
    audit::Entry::new("appeal.amend", format!("appeal:{}", case.id))
        .actor(judge)
        .championship(case.championship_id)
        .said(what.arg("cleared", cleared))
        .record(conn)?;
    Ok(())
}

/// A judge withdraws a proposed remedy while the case is open; votes cast
/// on the old proposal are cleared.
pub fn withdraw_remedy(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: AppealId,
    remedy: AppealRemedyId,
    judge: PersonId,
) -> Result<(), AppealError> {
    write_transaction(conn, |conn| {
        let case = open_case(conn, c, id)?;
        if !a::remove_remedy(conn, id, remedy)? {
            return Err(PlayError::NotFound);
        }
        restart_vote(
            conn,
            &case,
            judge,
            Message::new(msg!("audit-appeals-remedy-withdrawn")).arg("remedy", remedy),
        )
    })
}

/// A judge proposes a remedy while the case is open (until the vote
/// closes); votes cast on the proposal before it are cleared.
pub fn propose(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: AppealId,
    judge: PersonId,
    ask: &RemedyAsk,
    now: NaiveDateTime,
) -> Result<AppealRemedyId, AppealError> {
    write_transaction(conn, |conn| {
        let case = open_case(conn, c, id)?;
        let new = match ask {
            RemedyAsk::GameResult { game, result } => {
                let Some(g) = game_of(conn, case.tournament_id, *game)? else {
                    return refuse(AppealProblem::UnknownGame);
                };
                let Some(res) = r::result_from_code(result.trim()) else {
                    return refuse(AppealProblem::UnknownResult);
                };
                fits_seats(&g, res)?;
                NewRemedy {
                    kind: "game_result",
                    game: Some(*game),
                    result: Some(r::result_code(res)),
                    ..NewRemedy::default()
                }
            }
            RemedyAsk::Impose { code, team, amount } => {
                let reg = regulation(conn, case.tournament_id)?;
                if reg.penalty(code.trim()).is_none() {
                    return refuse(AppealProblem::Penalty(pen::PenaltyProblem::UnknownRule));
                }
                if teams::by_id(conn, *team)?
                    .filter(|x| x.championship_id == c)
                    .is_none()
                {
                    return refuse(AppealProblem::UnknownTeam);
                }
                NewRemedy {
                    kind: "impose",
                    code: Some(code.trim()),
                    team: Some(*team),
                    amount: amount.map(|x| x.0),
                    ..NewRemedy::default()
                }
            }
            RemedyAsk::Revoke { penalty } => {
                if crate::db::penalties::by_id(conn, *penalty)?
                    .filter(|x| x.championship_id == c && x.in_force())
                    .is_none()
                {
                    return refuse(AppealProblem::UnknownPenalty);
                }
                NewRemedy {
                    kind: "revoke",
                    penalty: Some(*penalty),
                    ..NewRemedy::default()
                }
            }
            RemedyAsk::Standing { entry, place } => {
                check_standing(conn, &case, *entry, *place)?;
                NewRemedy {
                    kind: "standing",
                    entry: Some(*entry),
                    place: Some(*place),
                    ..NewRemedy::default()
                }
            }
        };
        let rid = a::add_remedy(conn, id, &new, Some(judge), now)?;
        audit::Entry::new("appeal.propose", format!("appeal:{id}"))
            .actor(judge)
            .championship(c)
            .said(
                Message::new(msg!("audit-appeals-propose"))
                    .arg("remedy", rid)
                    .word("kind", remedy_kind_word(new.kind)),
            )
            .record(conn)?;
        if !a::votes_of(conn, id)?.is_empty() {
            restart_vote(
                conn,
                &case,
                judge,
                Message::new(msg!("audit-appeals-remedy-added")).arg("remedy", rid),
            )?;
        }
        Ok(rid)
    })
}

/// A standing remedy must fit the tournament's recorded places together
/// with the places earlier decisions set and this case's other standing
/// remedies (G-D4): the entry is placed, the place is one of 1..n, no
/// place is asked twice.
fn check_standing(
    conn: &mut DbConnection,
    case: &Appeal,
    entry: EntryId,
    place: i32,
) -> Result<(), AppealError> {
    let t = case.tournament_id;
    let placed = crate::db::results::places_of_tournament(conn, t)?;
    if placed.is_empty() {
        return refuse(AppealProblem::TournamentNotFinished);
    }
    if !placed.iter().any(|(e, _, _)| *e == entry) {
        return refuse(AppealProblem::UnknownEntry);
    }
    let at = |p: i32| u32::try_from(p).unwrap_or(0);
    let computed: Vec<(EntryId, Place)> = placed
        .iter()
        .map(|(e, first, last)| {
            (
                *e,
                Place {
                    first: at(*first),
                    last: at(*last),
                },
            )
        })
        .collect();
    let mut asked: Vec<(EntryId, u32)> = a::remedies_of(conn, case.id)?
        .iter()
        .filter(|x| x.kind == "standing")
        .filter_map(|x| Some((x.entry_id?, at(x.place?))))
        .collect();
    asked.push((entry, at(place)));
    // Earlier decisions stand unless this case sets the same entry again.
    let mut fixed: Vec<(EntryId, u32)> = crate::db::results::overrides_of(conn, t)?
        .iter()
        .filter(|x| !asked.iter().any(|(e, _)| *e == x.entry_id))
        .map(|x| (x.entry_id, at(x.place)))
        .collect();
    fixed.extend(asked);
    crate::rules::places::fix(&computed, &fixed)
        .map(drop)
        .map_err(|ps| PlayError::Refused(ps.into_iter().map(AppealProblem::Standing).collect()))
}

/// The regulation of the case's tournament: the version in force at its
/// start (G-E2).
fn regulation(conn: &mut DbConnection, t: TournamentId) -> Result<Regulation, AppealError> {
    Ok(super::TournamentContext::load(conn, t)?
        .ok_or(PlayError::NotFound)?
        .regulation)
}

/// A member's vote (G-Zh1); anyone else is forbidden.
pub fn vote(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: AppealId,
    person: PersonId,
    uphold: bool,
    now: NaiveDateTime,
) -> Result<(), AppealError> {
    write_transaction(conn, |conn| {
        let case = a::by_id(conn, id)?
            .filter(|x| x.championship_id == c)
            .ok_or(PlayError::NotFound)?;
        let members = committee(conn, &case)?;
        let Some(me) = members.iter().find(|m| m.person == person) else {
            return Err(PlayError::Forbidden);
        };
        if !case.is_open() {
            return refuse(AppealProblem::Decided);
        }
        if !a::vote(conn, id, person, uphold, me.weight(), now)? {
            return refuse(AppealProblem::AlreadyVoted);
        }
        audit::Entry::new("appeal.vote", format!("appeal:{id}"))
            .actor(person)
            .championship(c)
            .said(
                Message::new(if uphold {
                    msg!("audit-appeals-vote-uphold")
                } else {
                    msg!("audit-appeals-vote-reject")
                })
                .arg("weight", me.weight()),
            )
            .record(conn)?;
        Ok(())
    })
}

/// A judge closes the vote: the weight cast decides (G-Zh1, ties rejected —
/// see `rules::appeals::decide`); an upheld case's remedies are applied.
pub fn decide(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: AppealId,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<Outcome, AppealError> {
    write_transaction(conn, |conn| {
        let case = open_case(conn, c, id)?;
        let members = committee(conn, &case)?;
        let votes: Vec<(PersonId, bool)> = a::votes_of(conn, id)?
            .into_iter()
            .map(|(p, u, _)| (p, u))
            .collect();
        let tally = rules::tally(&members, &votes);
        if tally.uphold == 0 && tally.reject == 0 {
            return refuse(AppealProblem::NoVotes);
        }
        let outcome = rules::decide(tally);
        close(conn, &case, outcome, judge, tally, now)?;
        Ok(outcome)
    })
}

fn outcome_code(o: Outcome) -> &'static str {
    match o {
        Outcome::Upheld => "upheld",
        Outcome::Rejected => "rejected",
    }
}

/// The message that words a remedy's kind as stored (`NewRemedy::kind`),
/// as the case page names it.
fn remedy_kind_word(kind: &str) -> String {
    match kind {
        "game_result" => msg!("appeal-kind-game").0,
        "impose" => msg!("appeal-kind-impose").0,
        "revoke" => msg!("appeal-kind-revoke").0,
        "standing" => msg!("appeal-kind-standing").0,
        other => other,
    }
    .to_owned()
}

/// A fair-play ground (G-E3) as the pages and the audit log word it.
pub fn ground_key(g: Ground) -> MsgKey {
    match g {
        Ground::AbsentOnOwnMove => msg!("fairplay-ground-absent"),
        Ground::SteadyMoveTimes => msg!("fairplay-ground-steady"),
        Ground::EngineAgreement => msg!("fairplay-ground-engine"),
        Ground::StrengthJump => msg!("fairplay-ground-jump"),
    }
}

/// Marks the case decided by the votes `tally` and, when upheld, applies
/// its remedies and records the tournament's places again. Inside the
/// caller's transaction.
fn close(
    conn: &mut crate::db::WriteTx<'_>,
    case: &Appeal,
    outcome: Outcome,
    judge: PersonId,
    tally: rules::Tally,
    now: NaiveDateTime,
) -> Result<(), AppealError> {
    let c = case.championship_id;
    let id = case.id;
    if !a::mark_decided(conn, c, id, outcome_code(outcome), judge, now)? {
        return refuse(AppealProblem::Decided);
    }
    audit::Entry::new("appeal.decide", format!("appeal:{id}"))
        .actor(judge)
        .championship(c)
        .said(
            Message::new(msg!("audit-appeals-decide"))
                .word(
                    "outcome",
                    match outcome {
                        Outcome::Upheld => msg!("appeal-upheld"),
                        Outcome::Rejected => msg!("appeal-rejected"),
                    },
                )
                .arg("uphold", tally.uphold)
                .arg("reject", tally.reject),
        )
        .record(conn)?;
    if outcome == Outcome::Upheld {
        apply(conn, case, judge, now)?;
    }
    crate::mail::notices::appeal_decided(conn, case, outcome == Outcome::Upheld, now)?;
    Ok(())
}

fn apply(
    conn: &mut crate::db::WriteTx<'_>,
    case: &Appeal,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<(), AppealError> {
    let c = case.championship_id;
    let t = case.tournament_id;
    let reason = pen::appeal_reason(case.id);
    let reg = regulation(conn, t)?;
    for x in a::remedies_of(conn, case.id)? {
        match x.kind.as_str() {
            "game_result" => {
                let (Some(game), Some(code)) = (x.game_id, x.result.as_deref()) else {
                    continue;
                };
                let g = game_of(conn, t, game)?
                    .ok_or(PlayError::Refused(vec![AppealProblem::UnknownGame]))?;
                let res = r::result_from_code(code)
                    .ok_or(PlayError::Refused(vec![AppealProblem::UnknownResult]))?;
                fits_seats(&g, res)?;
                r::decide_result(conn, game, g.version, res, Some(judge), now)?;
                audit::Entry::new("game.result", format!("game:{game}"))
                    .actor(judge)
                    .championship(c)
                    .said(
                        Message::new(msg!("audit-appeals-game-result"))
                            .arg("case", case.id)
                            .arg("board", g.board)
                            .arg("game", g.game_no)
                            .word("before", super::rounds::result_word(&g.result))
                            .word("after", super::rounds::result_word(code)),
                    )
                    .record(conn)?;
            }
            "impose" => {
                let (Some(code), Some(team)) = (x.code.as_deref(), x.team_id) else {
                    continue;
                };
                let rule =
                    reg.penalty(code)
                        .ok_or(PlayError::Refused(vec![AppealProblem::Penalty(
                            pen::PenaltyProblem::UnknownRule,
                        )]))?;
                let penalty = if rule
                    .effects
                    .contains(&PenaltyEffect::NeedsAppealsConfirmation)
                {
                    // G-G7: "if the appeals committee confirms it, the team
                    // loses 12 points" — the points part-1's removal left out.
                    confirmed_deduction(conn, c, t, team, code, rule.amount, &reason, judge, now)?
                } else {
                    let ids = pen::impose_in(
                        conn,
                        c,
                        judge,
                        &Imposition {
                            code: code.to_owned(),
                            team,
                            tournament: Some(t),
                            count: 1,
                            amount: x.amount.map(HalfPoints),
                            person: String::new(),
                            reason: reason.clone(),
                            ..Imposition::default()
                        },
                        now,
                    )
                    .map_err(penalty_problem)?;
                    ids[0]
                };
                a::set_remedy_penalty(conn, x.id, penalty)?;
            }
            "revoke" => {
                let Some(p) = x.penalty_id else { continue };
                pen::revoke_in(conn, c, p, judge, &reason, now).map_err(penalty_problem)?;
            }
            "standing" => {
                let (Some(entry), Some(place)) = (x.entry_id, x.place) else {
                    continue;
                };
                let name = entries::by_id(conn, entry)?
                    .filter(|e| e.tournament_id == t)
                    .ok_or(PlayError::Refused(vec![AppealProblem::UnknownEntry]))?
                    .name;
                // Recorded now; `rerecord_finished` below places the
                // tournament with it, and every later computation too.
                crate::db::results::set_override(conn, t, entry, place, Some(case.id), judge, now)?;
                audit::Entry::new("tournament.standing", format!("tournament:{t}"))
                    .actor(judge)
                    .championship(c)
                    .said(
                        Message::new(msg!("audit-appeals-standing"))
                            .arg("case", case.id)
                            .arg("name", name)
                            .arg("place", place),
                    )
                    .record(conn)?;
            }
            _ => {}
        }
    }
    let finished = tournaments::by_id(conn, t)?.is_some_and(|x| x.finished_at.is_some());
    if finished {
        let places = |e: super::rounds::RoundError| match e {
            PlayError::Refused(ps) => {
                PlayError::Refused(ps.into_iter().map(AppealProblem::Places).collect())
            }
            PlayError::NotFound => PlayError::NotFound,
            PlayError::Forbidden => PlayError::Forbidden,
            PlayError::Db(e) => PlayError::Db(e),
        };
        match super::rounds::rerecord_finished(conn, t, now) {
            Ok(placed) => {
                audit::Entry::new("tournament.places", format!("tournament:{t}"))
                    .actor(judge)
                    .championship(c)
                    .said(
                        Message::new(msg!("audit-appeals-places"))
                            .arg("case", case.id)
                            .arg("n", placed.len()),
                    )
                    .record(conn)?;
            }
            // The decision stands whatever its consequence: when the changed
            // results cannot be placed as they are — first place shared
            // again (G-V42: a play-off decides it), a bracket whose later
            // rounds followed the old result — the tournament goes back to
            // the judges, told why, and is finished again after them.
            Err(PlayError::Refused(ps)) => {
                let playoff = ps
                    .iter()
                    .any(|p| matches!(p, super::rounds::RoundProblem::PlayoffNeeded { .. }));
                let why = if playoff {
                    Message::new(msg!("reopened-appeal-playoff")).rule("rule", "G-V42")
                } else {
                    Message::new(msg!("reopened-appeal-unplaceable"))
                };
                let why = why.list("case", [pen::reason_message(&reason)], "");
                super::rounds::reopen_within(conn, t, judge, why, now).map_err(places)?;
            }
            Err(e) => return Err(places(e)),
        }
    } else {
        tournaments::bump_results_version(conn, t)?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn confirmed_deduction(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    t: TournamentId,
    team: TeamId,
    code: &str,
    amount: Option<HalfPoints>,
    reason: &str,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<PenaltyId, AppealError> {
    let amount = amount.unwrap_or(HalfPoints::ZERO);
    let id = crate::db::penalties::insert(
        conn,
        &crate::db::penalties::NewPenalty {
            championship: c,
            tournament: Some(t),
            team,
            entry: None,
            code,
            amount,
            reason,
            imposed_by: Some(judge),
            imposed_at: now,
        },
    )?;
    audit::Entry::new("penalty.impose", format!("penalty:{id}"))
        .actor(judge)
        .championship(c)
        .said(
            Message::new(msg!("audit-appeals-deduction"))
                .rule("code", code)
                .arg("team", team)
                .arg("amount", amount)
                .list("reason", [pen::reason_message(reason)], ""),
        )
        .record(conn)?;
    Ok(id)
}

fn penalty_problem(e: pen::PenaltyError) -> AppealError {
    match e {
        PlayError::Refused(ps) => {
            PlayError::Refused(ps.into_iter().map(AppealProblem::Penalty).collect())
        }
        PlayError::NotFound => PlayError::NotFound,
        PlayError::Forbidden => PlayError::Forbidden,
        PlayError::Db(e) => PlayError::Db(e),
    }
}

/// The team a person played for in tournament `t`.
fn team_in(
    conn: &mut DbConnection,
    t: TournamentId,
    person: PersonId,
) -> Result<Option<TeamId>, crate::db::QueryError> {
    let all = entries::of_tournament(conn, t)?;
    let ids: Vec<EntryId> = all.iter().map(|e| e.id).collect();
    let players = entries::players_of(conn, &ids)?;
    Ok(players
        .iter()
        .find(|p| p.person_id == person)
        .and_then(|p| all.iter().find(|e| e.id == p.entry_id))
        .map(|e| e.team_id))
}

/// G-Zh2: the committee demands a supervised game of a player of the team
/// concerned.
pub fn demand_supervised(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: AppealId,
    judge: PersonId,
    nick: &str,
    now: NaiveDateTime,
) -> Result<(), AppealError> {
    write_transaction(conn, |conn| {
        let case = open_case(conn, c, id)?;
        let nick = nick.trim();
        let Some(person) = people::by_nick(conn, nick)? else {
            return refuse(AppealProblem::UnknownPerson {
                nick: nick.to_owned(),
            });
        };
        let team = team_in(conn, case.tournament_id, person.id)?;
        if team.is_none() || team != case.concerned_team_id {
            return refuse(AppealProblem::NotOfConcernedTeam);
        }
        if !a::set_supervised(conn, id, person.id, None, now)? {
            return refuse(AppealProblem::SupervisedRecorded);
        }
        audit::Entry::new("appeal.supervised", format!("appeal:{id}"))
            .actor(judge)
            .championship(c)
            .said(Message::new(msg!("audit-appeals-supervised-demanded")).arg("nick", &person.nick))
            .record(conn)?;
        Ok(())
    })
}

/// G-Zh2: what came of the supervised game, recorded once. A refusal
/// counts as guilt, which the case page tells the committee; the case is
/// still decided by the committee's vote (G-Zh1).
pub fn record_supervised(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: AppealId,
    judge: PersonId,
    refused: bool,
    now: NaiveDateTime,
) -> Result<(), AppealError> {
    write_transaction(conn, |conn| {
        let case = open_case(conn, c, id)?;
        let Some(person) = case.supervised_person_id else {
            return refuse(AppealProblem::NoSupervisedDemand);
        };
        let outcome = if refused { "refused" } else { "played" };
        if !a::set_supervised(conn, id, person, Some(outcome), now)? {
            return refuse(AppealProblem::SupervisedRecorded);
        }
        audit::Entry::new("appeal.supervised", format!("appeal:{id}"))
            .actor(judge)
            .championship(c)
            .said(
                Message::new(msg!("audit-appeals-supervised-outcome"))
                    .arg("person", person)
                    .word(
                        "outcome",
                        if refused {
                            msg!("appeal-supervised-refused")
                        } else {
                            msg!("appeal-supervised-played")
                        },
                    ),
            )
            .record(conn)?;
        Ok(())
    })
}

/// What a judge records (G-E3).
#[derive(Debug, Clone, Default)]
pub struct ReportAsk {
    pub tournament: TournamentId,
    pub nick: String,
    pub grounds: Vec<String>,
    pub notes: String,
}

/// G-E3: a judge records a suspicion of engine use with its grounds.
pub fn report(
    conn: &mut DbConnection,
    c: ChampionshipId,
    judge: PersonId,
    ask: &ReportAsk,
    now: NaiveDateTime,
) -> Result<FairPlayReportId, AppealError> {
    write_transaction(conn, |conn| {
        let mut problems = Vec::new();
        let tour = tournaments::by_id(conn, ask.tournament)?
            .filter(|x| x.championship_id == c)
            .ok_or(PlayError::NotFound)?;
        let grounds: Vec<Ground> = ask
            .grounds
            .iter()
            .filter_map(|g| Ground::parse(g))
            .collect();
        if grounds.is_empty() {
            problems.push(AppealProblem::GroundsRequired);
        }
        let nick = ask.nick.trim();
        let person = people::by_nick(conn, nick)?;
        let team = match &person {
            Some(p) => team_in(conn, tour.id, p.id)?,
            None => None,
        };
        if person.is_none() || team.is_none() {
            problems.push(AppealProblem::UnknownPerson {
                nick: nick.to_owned(),
            });
        }
        let (Some(person), Some(team), true) = (person, team, problems.is_empty()) else {
            return Err(PlayError::Refused(problems));
        };
        let codes: Vec<&str> = grounds.iter().map(|g| g.as_str()).collect();
        let id = a::insert_report(
            conn,
            &NewReport {
                championship: c,
                tournament: tour.id,
                person: person.id,
                team,
                grounds: &codes.join(","),
                notes: ask.notes.trim(),
                by: judge,
                at: now,
            },
        )?;
        // Who is suspected and on what grounds stays with the judges and
        // the committee: the log says that a report was made.
        audit::Entry::new("fairplay.report", format!("report:{id}"))
            .actor(judge)
            .championship(c)
            .said(Message::new(msg!("audit-appeals-fairplay-report")).arg("number", tour.number))
            .record(conn)?;
        Ok(id)
    })
}

/// G-E3 → G-G7: the report becomes a case before the committee against the
/// player's team; upheld, it costs the team the rule's 12 points.
pub fn refer(
    conn: &mut DbConnection,
    c: ChampionshipId,
    report: FairPlayReportId,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<AppealId, AppealError> {
    write_transaction(conn, |conn| {
        let x = a::report_by_id(conn, report)?
            .filter(|x| x.championship_id == c)
            .ok_or(PlayError::NotFound)?;
        if let Some(case) = a::case_of_report(conn, report)? {
            return refuse(AppealProblem::AlreadyReferred { case });
        }
        let nick = pen::nick_of(conn, Some(x.person_id))?.unwrap_or_default();
        // The grounds stay with the report, which the case page words.
        let what = format!("{nick}: {}", x.notes);
        let id = a::insert(
            conn,
            &NewAppeal {
                championship: c,
                tournament: x.tournament_id,
                kind: "fair_play",
                filed_by: judge,
                filing_team: None,
                concerned_team: Some(x.team_id),
                report: Some(report),
                what_happened: what.trim(),
                claim: "G-G7",
                contested: "",
                game_ref: "",
                at: now,
            },
        )?;
        a::add_remedy(
            conn,
            id,
            &NewRemedy {
                kind: "impose",
                code: Some("G-G7"),
                team: Some(x.team_id),
                ..NewRemedy::default()
            },
            Some(judge),
            now,
        )?;
        freeze_committee(conn, id)?;
        audit::Entry::new("appeal.file", format!("appeal:{id}"))
            .actor(judge)
            .championship(c)
            .said(Message::new(msg!("audit-appeals-referred")).arg("report", report))
            .record(conn)?;
        // The accused player is told (once: a report goes before the
        // committee once), the concerned captain and the committee as for
        // a case a captain files.
        if let Some(case) = a::by_id(conn, id)? {
            let number = tournaments::by_id(conn, x.tournament_id)?.map_or(0, |t| t.number);
            crate::mail::notices::fair_play_case_opened(conn, &case, x.person_id, number, now)?;
        }
        Ok(id)
    })
}

/// The player a fair-play case (G-G7) accuses: the person of the report
/// it was referred from, with their nick; `None` for other cases. Part of
/// the case's sealed text: shown where the case may be read.
pub fn accused_of(
    conn: &mut DbConnection,
    case: &Appeal,
) -> Result<Option<(PersonId, String)>, crate::db::QueryError> {
    let Some(report) = case.report_id else {
        return Ok(None);
    };
    let Some(x) = a::report_by_id(conn, report)? else {
        return Ok(None);
    };
    Ok(pen::nick_of(conn, Some(x.person_id))?.map(|nick| (x.person_id, nick)))
}

/// Seats of the viewer on a case, for the page: `None` when not a member.
pub fn seat_of(members: &[Member<PersonId>], person: PersonId) -> Option<Seat> {
    members.iter().find(|m| m.person == person).map(|m| m.seat)
}

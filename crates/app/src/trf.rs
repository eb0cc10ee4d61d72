//! TRF-2026 files of a championship's tournaments: the export of a stored
//! tournament (`rules::trf::write`), and the import of a file made by other
//! software (Swiss-Manager, Vega, …) as a new tournament of a championship,
//! in one transaction.
//!
//! What an import makes of the file (the platform's conventions):
//! * **Teams** (310) are matched by name to the championship's approved
//!   teams; a name the team rules refuse is adapted first: blanks, commas
//!   and other characters outside G-B11's set become `_`, and trailing
//!   digits mark a double (G-B13) of the team named without them (`Ладья2`
//!   is the second entry of `Ладья`). A team not found is created as an
//!   approved team of the championship, captained by the importer, when the
//!   importer asks for it; otherwise the import is refused naming them.
//!   The entry keeps the file's name.
//! * **Players** (001) are matched to accounts by nick (the platform's own
//!   files name players by nick). A player without an account is not
//!   created: their games keep their results with no name on that side, and
//!   the importer is told who was not matched. Team standings need board
//!   results only, so they are the file's.
//! * **Rounds** become published regular rounds with their matches and
//!   games (results decided by the importer); whole-match forfeits (330)
//!   and pairing-allocated byes (320/U) are kept; a team absent from a
//!   round (Z without 240) is absent. Other byes (FPB, HPB, 240 Z) are not
//!   stored by the platform, so a file with them is refused.
//! * The tournament is numbered after the championship's others and starts
//!   at the time given on the form, else at noon (championship time) of the
//!   date in record 042.
//! * When every round of the format is there, the tournament is finished
//!   by the same path as a judge's "finish" (places, tournament points,
//!   history: `rounds::final_places` + `rounds::record_finish`). Otherwise
//!   (rounds missing, or a play-off due under G-V42) it stays drawn and
//!   unfinished, and the judges go on from there.
//!
//! Standings follow the championship's regulation (scoring and tie-breaks
//! as for every tournament of it), not the file's 202/362 records.

use std::collections::{BTreeMap, HashMap};

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, TimeZone};

use super::PlayError;
use super::rounds::{self, Drawn, Loaded, RoundProblem};
use crate::db::entries::{self as e, NewEntry};
use crate::db::ratings::NewRating;
use crate::db::rounds::{self as r, NewGame, NewMatch};
use crate::db::teams::{self as t, NewTeam, TeamStatus};
use crate::db::{
    DbConnection, QueryResult, audit, championships, people, tournaments, write_transaction,
};
use crate::i18n::Message;
use crate::ids::{ChampionshipId, EntryId, PersonId, TeamId, TournamentId};
use crate::msg;
use crate::rules::regulation::{Format, FormatRule};
use crate::rules::roster::{RosterRefusal, TeamName};
use crate::rules::score::{BoardResult, ByeKind, Colour};
use crate::rules::tournament::{self as rt, MatchForfeit, Pairing, PairingSystem, PlayerId};
use crate::rules::trf::{self, TrfDocument, TrfError};

// ------------------------------------------------------------------ export

/// The stored tournament as the rules engine reads it (published regular
/// rounds), with what a TRF file names besides results: players by nick,
/// each team's roster (its registered people in board order, then anyone
/// else who played for it) and the start date in the championship's zone.
pub fn export_tournament(l: &Loaded, ratings: &ExportRatings) -> rt::Tournament {
    let mut t = l.to_rules();
    t.start_date = Some(
        l.ctx
            .local_date(l.ctx.tournament.starts_at)
            .format("%Y/%m/%d")
            .to_string(),
    );
    // `to_rules` numbers the people who played; their names are their
    // person ids (a nick, if that ever changes, is kept as it is).
    let mut player_of: BTreeMap<PersonId, PlayerId> = t
        .players
        .iter()
        .filter_map(|p| Some((p.name.parse::<PersonId>().ok()?, p.id)))
        .collect();
    let mut next = t.players.iter().map(|p| p.id.0).max().unwrap_or(0);
    let mut number = |person: PersonId, player_of: &mut BTreeMap<PersonId, PlayerId>| {
        *player_of.entry(person).or_insert_with(|| {
            next = next.saturating_add(1);
            PlayerId(next)
        })
    };
    let entry_of: HashMap<rt::TeamId, EntryId> = l
        .playing()
        .iter()
        .filter_map(|x| Some((rt::TeamId(u16::try_from(x.start_no?).ok()?), x.id)))
        .collect();
    // Who played for each team, in the order they first did.
    let mut played: HashMap<rt::TeamId, Vec<PlayerId>> = HashMap::new();
    for round in &t.rounds {
        for p in &round.pairings {
            let Pairing::Match(m) = p else { continue };
            for g in &m.games {
                for (team, who) in [(m.home, g.home_player), (m.away, g.away_player)] {
                    if let Some(who) = who {
                        let v = played.entry(team).or_default();
                        if !v.contains(&who) {
                            v.push(who);
                        }
                    }
                }
            }
        }
    }
    for team in &mut t.teams {
        let mut roster: Vec<PlayerId> = Vec::new();
        if let Some(entry) = entry_of.get(&team.id) {
            for p in l.players.iter().filter(|p| p.entry_id == *entry) {
                let id = number(p.person_id, &mut player_of);
                if !roster.contains(&id) {
                    roster.push(id);
                }
            }
        }
        for id in played.get(&team.id).into_iter().flatten() {
            if !roster.contains(id) {
                roster.push(*id);
            }
        }
        team.roster = roster;
    }
    let mut players: Vec<rt::Player> = player_of
        .iter()
        .map(|(person, id)| rt::Player {
            id: *id,
            name: l
                .nicks
                .get(person)
                .cloned()
                .unwrap_or_else(|| format!("#{person}")),
            rating: ratings.counted.get(person).copied(),
            federation: None,
            fide_id: ratings
                .fide_ids
                .get(person)
                .and_then(|id| u64::try_from(*id).ok()),
        })
        .collect();
    players.sort_by_key(|p| p.id);
    t.players = players;
    t
}

/// What a file carries of its players' ratings (TRF 001: the rating and
/// the FIDE id).
#[derive(Debug, Clone, Default)]
pub struct ExportRatings {
    /// The rating the regulation counts, on the tournament's day.
    pub counted: HashMap<PersonId, u16>,
    pub fide_ids: HashMap<PersonId, i64>,
}

/// The ratings of the tournament's players as its file carries them: a
/// pairing program given the file ranks the teams as the platform did.
pub fn export_ratings(conn: &mut DbConnection, l: &Loaded) -> QueryResult<ExportRatings> {
    let persons: Vec<PersonId> = l
        .players
        .iter()
        .map(|p| p.person_id)
        .chain(l.nicks.keys().copied())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let counted = super::ratings::counted(
        conn,
        &l.ctx.regulation.ratings.order,
        &persons,
        l.ctx.tournament.starts_at.date(),
    )?
    .into_iter()
    .map(|(person, held)| (person, held.value))
    .collect();
    let fide_ids = crate::db::ratings::fide_ids_of(conn, &persons)?;
    Ok(ExportRatings { counted, fide_ids })
}

/// The TRF-2026 file of a stored tournament, with the regulation's
/// tie-breaks as record 202 and the players' ratings in their 001 lines.
pub fn export(l: &Loaded, ratings: &ExportRatings) -> String {
    trf::write(
        &export_tournament(l, ratings),
        &l.ctx.regulation.tie_breaks.chain,
    )
}

// ------------------------------------------------------------------ import

/// Why an import was refused; the web layer words each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportProblem {
    /// The reader's refusal: the line and what was expected there.
    Malformed(TrfError),
    /// A knockout file: the platform imports round robins and Swiss.
    KnockoutFile,
    /// The championship plays groups then a knockout (E-1), which a TRF
    /// file does not describe.
    GroupsThenKnockout,
    /// The file's boards per match differ from the regulation's.
    Boards { file: u8, regulation: u8 },
    /// No team (310) in the file.
    NoTeams,
    /// Two teams of the file share a name.
    DuplicateTeam(String),
    /// A team name the platform cannot use, even adapted.
    TeamName {
        name: String,
        refusal: RosterRefusal,
    },
    /// Teams not in the championship, and creating them was not asked for.
    UnknownTeams(Vec<String>),
    /// The championship's team of that name is not approved.
    TeamNotApproved(String),
    /// A bye the platform does not store (FPB, HPB, ZPB by 240).
    Bye {
        round: u16,
        team: String,
        code: String,
    },
    /// Neither the form nor record 042 gives the start.
    NoStart,
    /// The start is outside the years the platform schedules.
    StartOutOfRange(NaiveDate),
    /// Record 042 holds something that is not a date.
    BadStartDate(String),
    /// A team's roster (310 or 013) names a player the file has no 001
    /// line for.
    UnknownPlayer { team: String, player: u16 },
    /// More teams than a tournament of the platform holds.
    TooManyTeams { count: usize, max: usize },
    /// More rounds than a tournament of the platform holds.
    TooManyRounds { count: usize, max: usize },
}

/// The most teams an imported tournament may have.
pub const MAX_TEAMS: usize = 200;
/// The most rounds an imported tournament may have.
pub const MAX_ROUNDS: usize = 60;

pub type ImportError = PlayError<ImportProblem>;

/// What the importer chose on the form.
#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// The start (UTC); `None`: noon of record 042's date, championship time.
    pub starts_at: Option<NaiveDateTime>,
    /// Create the teams the championship does not have.
    pub create_teams: bool,
}

/// What an import stored.
#[derive(Debug, Clone)]
pub struct Imported {
    pub tournament: TournamentId,
    pub number: i32,
    /// Finished with places and tournament points.
    pub finished: bool,
    /// Why it was left unfinished (rounds missing, a play-off due).
    pub not_finished: Option<RoundProblem>,
    /// Players of the file that are no account's nick.
    pub unmatched_players: Vec<String>,
    /// Players of the file on no team's roster, or on a second one: not
    /// stored (by name and starting rank).
    pub dropped_players: Vec<String>,
    pub created_teams: Vec<String>,
    /// Records the reader kept but the platform does not use.
    pub unknown_records: usize,
}

/// A date as TRF writers put it in record 042: `2026/03/14`, `2026-03-14`,
/// `2026.03.14`, `14.03.2026` or `14/03/2026`.
pub fn parse_trf_date(s: &str) -> Option<NaiveDate> {
    let s = s.trim();
    ["%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y"]
        .iter()
        .find_map(|f| NaiveDate::parse_from_str(s, f).ok())
}

/// The team a file's entry name stands for, and the double's number
/// (G-B13), adapted to the team-name rules (G-B11): characters outside the
/// allowed set become `_` (trimmed at the ends), and trailing digits (one
/// or two) name a double of the team without them.
pub fn team_of_entry_name(name: &str) -> Result<(TeamName, Option<u8>), RosterRefusal> {
    let name = name.trim();
    let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (base, double) = match (digits, name.split_at(name.len() - digits)) {
        (1..=2, (base, n)) if base.trim().chars().count() >= 2 => (base, n.parse::<u8>().ok()),
        _ => (name, None),
    };
    let adapted: String = base
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '_' | '-' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let adapted = adapted.trim_matches('_');
    TeamName::parse(adapted).map(|n| (n, double))
}

/// The byes a file holds that the platform cannot store.
fn unstorable_byes(t: &rt::Tournament) -> Vec<ImportProblem> {
    let name = |id: rt::TeamId| {
        t.teams
            .iter()
            .find(|x| x.id == id)
            .map_or_else(|| id.to_string(), |x| x.name.clone())
    };
    t.rounds
        .iter()
        .flat_map(|round| {
            round.pairings.iter().filter_map(move |p| match p {
                Pairing::Bye { team, kind } if *kind != ByeKind::PairingAllocated => {
                    Some((round.number, *team, *kind))
                }
                _ => None,
            })
        })
        .map(|(round, team, kind)| ImportProblem::Bye {
            round,
            team: name(team),
            code: kind.code().to_owned(),
        })
        .collect()
}

/// Where each of the file's teams goes: an existing team, or one to create.
enum TeamPlan {
    Existing(TeamId),
    Create(TeamName),
}

fn refuse<T>(problems: Vec<ImportProblem>) -> Result<T, ImportError> {
    Err(PlayError::Refused(problems))
}

/// Imports a TRF file as a new tournament of championship `c`; `by` is the
/// organizer or judge importing it. Nothing is stored unless everything is.
pub fn import(
    conn: &mut DbConnection,
    c: ChampionshipId,
    bytes: &[u8],
    options: &ImportOptions,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<Imported, ImportError> {
    let doc = trf::read_bytes(bytes)
        .map_err(|e| PlayError::Refused(vec![ImportProblem::Malformed(e)]))?;
    write_transaction(conn, |conn| store(conn, c, &doc, options, by, now))
}

fn store(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    doc: &TrfDocument,
    options: &ImportOptions,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<Imported, ImportError> {
    let championship = championships::by_id(conn, c)?.ok_or(PlayError::NotFound)?;
    let file = &doc.tournament;
    let tz = championship.tz();
    let mut problems = Vec::new();
    let written = file
        .start_date
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty());
    let date = written.and_then(parse_trf_date);
    if let (None, Some(text), None) = (options.starts_at, written, date) {
        problems.push(ImportProblem::BadStartDate(text.to_owned()));
    }
    let start = options.starts_at.or_else(|| {
        let noon = date?.and_time(NaiveTime::from_hms_opt(12, 0, 0)?);
        Some(tz.from_local_datetime(&noon).earliest()?.naive_utc())
    });
    if let Some(start) = start
        && !crate::rules::schedule::YEARS.contains(&start.year())
    {
        problems.push(ImportProblem::StartOutOfRange(start.date()));
    }
    if file.teams.len() > MAX_TEAMS {
        problems.push(ImportProblem::TooManyTeams {
            count: file.teams.len(),
            max: MAX_TEAMS,
        });
    }
    if file.rounds.len() > MAX_ROUNDS {
        problems.push(ImportProblem::TooManyRounds {
            count: file.rounds.len(),
            max: MAX_ROUNDS,
        });
    }
    for team in &file.teams {
        for pid in &team.roster {
            if !file.players.iter().any(|p| p.id == *pid) {
                problems.push(ImportProblem::UnknownPlayer {
                    team: team.name.trim().to_owned(),
                    player: pid.0,
                });
            }
        }
    }
    // The tournament follows the version in force at its start (G-E2).
    let regulation =
        super::regulation::in_force(conn, &championship, start.unwrap_or(now))?.regulation;
    if file.system == PairingSystem::Knockout {
        problems.push(ImportProblem::KnockoutFile);
    }
    if matches!(regulation.format, FormatRule::GroupsThenKnockout { .. }) {
        problems.push(ImportProblem::GroupsThenKnockout);
    }
    if file.boards != regulation.boards {
        problems.push(ImportProblem::Boards {
            file: file.boards,
            regulation: regulation.boards,
        });
    }
    if file.teams.is_empty() {
        problems.push(ImportProblem::NoTeams);
    }
    problems.extend(unstorable_byes(file));
    // Teams: each file team to an existing team or one to create.
    let mut plans: Vec<(TeamPlan, Option<u8>)> = Vec::new();
    let mut unknown = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for team in &file.teams {
        let entry_name = team.name.trim().to_owned();
        let key = crate::rules::roster::name_key(&entry_name);
        if seen.contains(&key) {
            problems.push(ImportProblem::DuplicateTeam(entry_name.clone()));
            continue;
        }
        seen.push(key);
        let (name, double) = match team_of_entry_name(&entry_name) {
            Ok(x) => x,
            Err(refusal) => {
                problems.push(ImportProblem::TeamName {
                    name: entry_name,
                    refusal,
                });
                continue;
            }
        };
        match t::name_taken(conn, c, &name.key())? {
            Some(existing) if existing.status() == TeamStatus::Approved => {
                plans.push((TeamPlan::Existing(existing.id), double));
            }
            Some(_) => problems.push(ImportProblem::TeamNotApproved(entry_name)),
            None if options.create_teams => plans.push((TeamPlan::Create(name), double)),
            None => unknown.push(entry_name),
        }
    }
    if !unknown.is_empty() {
        problems.push(ImportProblem::UnknownTeams(unknown));
    }
    if start.is_none() {
        problems.push(ImportProblem::NoStart);
    }
    let Some(start) = start.filter(|_| problems.is_empty()) else {
        return refuse(problems);
    };

    // The tournament, numbered after the others.
    tournaments::add(conn, c, &[start])?;
    let stored = tournaments::of_championship(conn, c)?
        .into_iter()
        .max_by_key(|x| x.number)
        .ok_or(PlayError::NotFound)?;
    let tid = stored.id;

    // Teams: created ones once, even when two entries are its doubles.
    let mut created: HashMap<String, TeamId> = HashMap::new();
    let mut created_names = Vec::new();
    let mut team_ids = Vec::with_capacity(plans.len());
    for (plan, _) in &plans {
        let id = match plan {
            TeamPlan::Existing(id) => *id,
            TeamPlan::Create(name) => match created.get(&name.key()) {
                Some(id) => *id,
                None => {
                    let id = t::insert(
                        conn,
                        &NewTeam {
                            championship_id: c,
                            name: name.as_str(),
                            name_key: &name.key(),
                            motto: "",
                            organization_id: None,
                            captain_id: by,
                            status: TeamStatus::Pending.as_str(),
                            created_at: now,
                        },
                    )?;
                    t::decide(conn, id, TeamStatus::Approved, None, by, now)?;
                    audit::Entry::new("team.import", format!("team:{id}"))
                        .actor(by)
                        .championship(c)
                        .said(
                            Message::new(msg!("audit-trf-team"))
                                .arg("team", name.as_str())
                                .arg("tournament", stored.number),
                        )
                        .record(conn)?;
                    created.insert(name.key(), id);
                    created_names.push(name.as_str().to_owned());
                    id
                }
            },
        };
        team_ids.push(id);
    }

    // Players: by nick.
    let mut person_of: HashMap<PlayerId, (PersonId, String)> = HashMap::new();
    let mut unmatched = Vec::new();
    for p in &file.players {
        match people::by_nick(conn, p.name.trim())? {
            Some(person) => {
                person_of.insert(p.id, (person.id, person.nick));
            }
            None => unmatched.push(p.name.trim().to_owned()),
        }
    }

    // The file's 001 ratings, kept as the rating the regulation counts
    // first and dated by the tournament's start, so that the tournament
    // exported again carries them; a FIDE id goes to a person who has
    // none, where nobody else holds it.
    if let Some(source) = regulation.ratings.order.first() {
        let rows: Vec<NewRating> = file
            .players
            .iter()
            .filter_map(|p| {
                let (person, _) = person_of.get(&p.id)?;
                Some(NewRating {
                    person_id: *person,
                    source: source.code().to_owned(),
                    value: i32::from(p.rating?),
                    as_of: stored.starts_at.date(),
                    origin: "trf".to_owned(),
                    site: None,
                    game_id: None,
                    recorded_by: Some(by),
                    recorded_at: now,
                })
            })
            .collect();
        crate::db::ratings::insert(conn, &rows)?;
    }
    for p in &file.players {
        let (Some(fide_id), Some((person, _))) = (
            p.fide_id.and_then(|id| i64::try_from(id).ok()),
            person_of.get(&p.id),
        ) else {
            continue;
        };
        if crate::db::ratings::fide_id_of(conn, *person)?.is_none()
            && crate::db::ratings::person_with_fide_id(conn, fide_id)?.is_none()
        {
            crate::db::ratings::set_fide_id(conn, *person, Some(fide_id))?;
        }
    }

    // Players the entries below leave out, each said by name.
    let mut placed: std::collections::HashSet<PlayerId> = std::collections::HashSet::new();
    let mut dropped = Vec::new();
    for team in &file.teams {
        for pid in &team.roster {
            if !placed.insert(*pid)
                && let Some(p) = file.players.iter().find(|p| p.id == *pid)
            {
                dropped.push(format!("{} ({})", p.name.trim(), pid.0));
            }
        }
    }
    for p in file.players.iter().filter(|p| !placed.contains(&p.id)) {
        dropped.push(format!("{} ({})", p.name.trim(), p.id.0));
    }

    // Entries, start numbers = the file's team numbers.
    let lineup = usize::from(regulation.roster.lineup_players.max(1));
    let mut entry_of: HashMap<rt::TeamId, EntryId> = HashMap::new();
    let mut on_a_roster: std::collections::HashSet<PlayerId> = std::collections::HashSet::new();
    for ((team, team_id), (_, double)) in file.teams.iter().zip(&team_ids).zip(&plans) {
        let mut people_of_team: Vec<(PersonId, String)> = Vec::new();
        for pid in &team.roster {
            if !on_a_roster.insert(*pid) {
                continue;
            }
            if let Some((person, nick)) = person_of.get(pid)
                && !people_of_team.iter().any(|(p, _)| p == person)
            {
                people_of_team.push((*person, nick.clone()));
            }
        }
        let ids: Vec<PersonId> = people_of_team.iter().map(|(p, _)| *p).collect();
        let split = lineup.min(ids.len());
        let name = team.name.trim();
        let line = std::iter::once(name)
            .chain(people_of_team.iter().map(|(_, n)| n.as_str()))
            .collect::<Vec<_>>()
            .join(",");
        let entry = e::insert(
            conn,
            &NewEntry {
                tournament: tid,
                team: *team_id,
                name,
                double_no: *double,
                line: &line,
                submitted_by: by,
                submitted_at: now,
                late: false,
                // An imported tournament was entered elsewhere.
                undertaken: false,
                boards: &ids[..split],
                substitutes: &ids[split..],
            },
        )?;
        e::set_start_no(conn, entry, i32::from(team.id.0))?;
        entry_of.insert(team.id, entry);
    }

    // The format the file was played in; the draw is the file's.
    let mut ordered: Vec<&rt::Round> = file.rounds.iter().collect();
    ordered.sort_by_key(|x| x.number);
    let format = Format {
        system: file.system,
        games_per_pairing: file.games_per_pairing,
        rounds: match file.system {
            PairingSystem::RoundRobin => None,
            _ => Some(
                file.declared_rounds
                    .and_then(|n| u8::try_from(n).ok())
                    .unwrap_or_else(|| u8::try_from(ordered.len()).unwrap_or(u8::MAX)),
            ),
        },
    };
    let drawn =
        serde_json::to_string(&Drawn { format, seed: 0 }).map_err(|_| PlayError::NotFound)?;
    tournaments::mark_drawn(conn, tid, &drawn, now)?;

    for round in &ordered {
        let rid = r::insert_round(conn, tid, i32::from(round.number), "regular", None, "", now)?;
        r::publish(conn, rid, now)?;
        for (table, p) in round.pairings.iter().enumerate() {
            let table_no = i32::try_from(table + 1).unwrap_or(i32::MAX);
            let (home, away, m) = match p {
                Pairing::Bye { team, .. } => (*team, None, None),
                Pairing::Match(m) => (m.home, Some(m.away), Some(m)),
            };
            let Some(&home_entry) = entry_of.get(&home) else {
                continue;
            };
            let away_entry = away.and_then(|a| entry_of.get(&a).copied());
            let mid = r::insert_match(
                conn,
                &NewMatch {
                    round: rid,
                    table_no,
                    home: home_entry,
                    away: away_entry,
                    stage: "main",
                    group_no: None,
                },
            )?;
            let Some(m) = m else { continue };
            if let Some(f) = m.forfeit {
                let code = match f {
                    MatchForfeit::HomeWins => "home",
                    MatchForfeit::AwayWins => "away",
                    MatchForfeit::Double => "double",
                };
                r::set_match_forfeit(conn, mid, Some(code))?;
                continue;
            }
            for g in &m.games {
                let person =
                    |p: Option<PlayerId>| p.and_then(|p| person_of.get(&p)).map(|(id, _)| *id);
                let gid = r::insert_game(
                    conn,
                    &NewGame {
                        match_id: mid,
                        board: i32::from(g.board),
                        game_no: i32::from(g.game),
                        home_player: person(g.home_player),
                        away_player: person(g.away_player),
                        home_white: file.home_colour(g.board, g.game) == Colour::White,
                    },
                )?;
                if g.result != BoardResult::NotPlayed {
                    r::decide_result(conn, gid, 0, g.result, Some(by), now)?;
                }
            }
        }
    }
    tournaments::bump_results_version(conn, tid)?;
    audit::Entry::new("tournament.import", format!("tournament:{tid}"))
        .actor(by)
        .championship(c)
        .said(
            Message::new(msg!("audit-trf-tournament"))
                .arg("file", &file.name)
                .arg("teams", file.teams.len())
                .arg("rounds", ordered.len())
                .arg("unmatched", unmatched.len()),
        )
        .record(conn)?;

    // Finished by the judges' own path when the play is complete.
    let loaded = Loaded::load(conn, tid)?.ok_or(PlayError::NotFound)?;
    let (finished, not_finished) = match rounds::final_places(&loaded) {
        Ok(placed) => {
            rounds::record_finish(conn, &loaded, &placed, by, now).map_err(round_error)?;
            (true, None)
        }
        Err(PlayError::Refused(p)) => (false, p.into_iter().next()),
        Err(other) => return Err(round_error(other)),
    };
    Ok(Imported {
        tournament: tid,
        number: stored.number,
        finished,
        not_finished,
        unmatched_players: unmatched,
        dropped_players: dropped,
        created_teams: created_names,
        unknown_records: doc.unknown.len(),
    })
}

fn round_error(e: rounds::RoundError) -> ImportError {
    match e {
        PlayError::Db(e) => PlayError::Db(e),
        PlayError::Forbidden => PlayError::Forbidden,
        PlayError::NotFound | PlayError::Refused(_) => PlayError::NotFound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_042_dates_in_the_usual_writers_forms() {
        let d = NaiveDate::from_ymd_opt(2026, 3, 14);
        for s in [
            "2026/03/14",
            "2026-03-14",
            "2026.03.14",
            "14.03.2026",
            "14/03/2026 ",
        ] {
            assert_eq!(parse_trf_date(s), d, "{s}");
        }
        assert_eq!(parse_trf_date("March 14"), None);
        assert_eq!(parse_trf_date(""), None);
    }

    #[test]
    fn g_b13_entry_names_become_teams_and_doubles() {
        let team = |s: &str| team_of_entry_name(s).map(|(n, d)| (n.as_str().to_owned(), d));
        assert_eq!(team("Ладья"), Ok(("Ладья".into(), None)));
        assert_eq!(team("Ладья2"), Ok(("Ладья".into(), Some(2))));
        assert_eq!(team("Team Alpha 1"), Ok(("Team_Alpha".into(), Some(1))));
        assert_eq!(team("Weiß, Schwarz"), Ok(("Weiß__Schwarz".into(), None)));
        assert_eq!(team(" SK Berlin "), Ok(("SK_Berlin".into(), None)));
        // Too short once adapted, or only digits.
        assert!(matches!(team("A"), Err(RosterRefusal::NameLength(1))));
        assert!(team("123").is_err());
    }
}

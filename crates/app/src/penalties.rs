//! Penalties and sanctions of the regulation's catalogue: judges
//! impose them with a reason and the rule (`rules::penalties::decide` says
//! what the choice amounts to), revoke them with a reason (the row stays on
//! record), and entries are refused while a sanction bars the team or one
//! of the people named (`bars`, called by `entries::submit`). Every change
//! is audited; the season table (`season::load`) reads what is in force.
//!
//! G-D2 acts on the tournament being played as well: the loss of the
//! current game sets that game's result in the same transaction (revoking
//! the penalty gives the game back while it still holds that result), and
//! the removal of a team whose entry is playing withdraws the entry as the
//! G-G2 withdrawal does (`boards::withdraw_in`).

// The reasons the platform records itself, and how a stored reason reads.
pub use crate::db::penalties::{AUTO_DISSOLVED, AUTO_LATE_ENTRY, appeal_reason, reason_message};

use crate::i18n::cite::Cite;
use chrono::NaiveDateTime;

use super::boards::BoardsProblem;
use super::entries::EntryProblem;
use super::rounds::Loaded;
use super::{PlayError, TournamentContext};
use crate::db::entries::{self as e, Entry, EntryStatus};
use crate::db::penalties::{self as p, NewPenalty, Penalty, Scope};
use crate::db::rounds::{self as r, Game, Match};
use crate::db::teams::{self as t, TeamStatus};
use crate::db::{DbConnection, audit, championships, people, tournaments, write_transaction};
use crate::i18n::{Message, MsgKey};
use crate::ids::{ChampionshipId, EntryId, GameId, PenaltyId, PersonId, TeamId, TournamentId};
use crate::msg;
use crate::rules::penalties::{self as rules, Request, Sanction};
use crate::rules::regulation::Regulation;
use crate::rules::score::{BoardResult, HalfPoints};

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
    /// G-G4: the sanction passed to every member already (at the
    /// dissolution, or by an earlier decision).
    AlreadyPassed,
    /// The penalty was revoked already.
    AlreadyRevoked,
    /// The rule does not allow what was asked.
    Rule(rules::Problem),
    /// G-D2 loss of the current game: no such game in this championship.
    UnknownGame,
    /// The game is not being played in its tournament's current round (or
    /// belongs to another tournament than the one chosen).
    GameNotCurrent,
    /// Neither side of the game is the team's (or the entry chosen).
    GameNotOfTeam,
    /// The game has its result already.
    GameDecided,
    /// The tournament is finished: nothing of its play changes now.
    TournamentFinished,
    /// The entry chosen is not one of the team's in the tournament.
    EntryNotOfTeam,
    /// The team has several entries in the tournament (doubles, G-B13):
    /// say which one.
    EntryRequired { entries: Vec<String> },
    /// The withdrawal of the entry was refused.
    Withdrawal(BoardsProblem),
}

pub type PenaltyError = PlayError<PenaltyProblem>;

/// What a judge asks for.
#[derive(Debug, Clone, Default)]
pub struct Imposition {
    pub code: String,
    pub team: TeamId,
    pub tournament: Option<TournamentId>,
    pub count: u32,
    pub amount: Option<HalfPoints>,
    pub removal: bool,
    /// G-D2: the loss of the current game (`game`) instead of a fine.
    pub game_loss: bool,
    pub game: Option<GameId>,
    /// The entry concerned when the team has several in the tournament
    /// (G-D2 removal or loss of a game; G-B13 doubles).
    pub entry: Option<EntryId>,
    /// G-G7: the player's nick.
    pub person: String,
    pub reason: String,
}

/// Where a game is: tournament, round, table, board and game number.
#[derive(Debug, Clone)]
pub struct GameRef {
    pub tournament_no: i32,
    pub round: i32,
    pub table: i32,
    pub board: i32,
    pub game_no: i32,
}

impl GameRef {
    /// `said` about this game, placed as the pages place it.
    pub fn on(&self, said: Message) -> Message {
        super::rounds::at_game(said, self.round, self.table, self.board, self.game_no)
            .arg("tournament", self.tournament_no)
    }
}

/// A game being played now: without a result, in the current (last
/// published) round of an unfinished tournament. What the G-D2 form lists.
#[derive(Debug, Clone)]
pub struct InPlay {
    pub tournament: TournamentId,
    pub at: GameRef,
    pub game: Game,
    pub home: Entry,
    pub away: Entry,
}

impl InPlay {
    fn sides(&self) -> [&Entry; 2] {
        [&self.home, &self.away]
    }
}

/// The games being played now in the championship's unfinished
/// tournaments (G-D2: "loss of the current game").
pub fn games_in_play(
    conn: &mut DbConnection,
    c: ChampionshipId,
) -> Result<Vec<InPlay>, crate::db::QueryError> {
    let mut out = Vec::new();
    for tour in tournaments::of_championship(conn, c)? {
        if tour.finished_at.is_some() || tour.drawn_at.is_none() {
            continue;
        }
        let Some(l) = Loaded::load(conn, tour.id)? else {
            continue;
        };
        let Some(round) = l.rounds.iter().rfind(|x| x.is_published()) else {
            continue;
        };
        let entry = |id: EntryId| l.entries.iter().find(|x| x.id == id).cloned();
        for m in l.matches_of(round.id) {
            let (Some(home), Some(away)) =
                (entry(m.home_entry_id), m.away_entry_id.and_then(entry))
            else {
                continue;
            };
            for g in l.games_of(m.id).filter(|g| !g.result().is_final()) {
                out.push(InPlay {
                    tournament: tour.id,
                    at: GameRef {
                        tournament_no: tour.number,
                        round: round.number,
                        table: m.table_no,
                        board: g.board,
                        game_no: g.game_no,
                    },
                    game: g.clone(),
                    home: home.clone(),
                    away: away.clone(),
                });
            }
        }
    }
    Ok(out)
}

/// A game with its match, round and tournament, if it is of championship `c`.
fn locate_game(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: GameId,
) -> Result<Option<(Game, Match, GameRef, tournaments::Tournament)>, crate::db::QueryError> {
    let Some(g) = r::game_by_id(conn, id)? else {
        return Ok(None);
    };
    let Some(m) = r::match_by_id(conn, g.match_id)? else {
        return Ok(None);
    };
    let Some(round) = r::by_id(conn, m.round_id)? else {
        return Ok(None);
    };
    let Some(tour) =
        tournaments::by_id(conn, round.tournament_id)?.filter(|x| x.championship_id == c)
    else {
        return Ok(None);
    };
    let at = GameRef {
        tournament_no: tour.number,
        round: round.number,
        table: m.table_no,
        board: g.board,
        game_no: g.game_no,
    };
    Ok(Some((g, m, at, tour)))
}

/// Where a game is, for the penalties page.
pub fn game_ref(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: GameId,
) -> Result<Option<GameRef>, crate::db::QueryError> {
    Ok(locate_game(conn, c, id)?.map(|(_, _, at, _)| at))
}

/// The result that makes `entry`'s side lose the game over the board (the
/// game had begun: not a forfeit).
fn loss_for(m: &Match, entry: EntryId) -> BoardResult {
    if m.home_entry_id == entry {
        BoardResult::AwayWin
    } else {
        BoardResult::HomeWin
    }
}

/// A sanction as the pages and the audit log word it.
pub fn sanction_key(s: Sanction) -> MsgKey {
    match s {
        Sanction::DisqualifiedNext => msg!("sanction-disqualified-next"),
        Sanction::Banned => msg!("sanction-banned"),
        Sanction::MissesTournament => msg!("sanction-misses-tournament"),
        Sanction::Removed => msg!("sanction-removed"),
        Sanction::PlayerRemoved => msg!("sanction-player-removed"),
    }
}

/// The penalty's audit line with what the decision adds to the fine: the
/// sanction, the game lost (G-D2) and the person it falls on, each when
/// there is one.
fn imposed_said(
    said: Message,
    sanction: Option<Sanction>,
    lost: Option<&GameRef>,
    person: Option<String>,
) -> Message {
    let said = match sanction {
        Some(s) => said
            .arg("sanctioned", "yes")
            .word("sanction", sanction_key(s)),
        None => said.arg("sanctioned", "no"),
    };
    let said = match lost {
        Some(at) => at.on(said.arg("lost", "yes")),
        None => said.arg("lost", "no"),
    };
    match person {
        Some(who) => said.arg("named", "yes").arg("person", who),
        None => said.arg("named", "no"),
    }
}

/// The G-D2 game: the game named, if it is being played now by the team
/// (or by the entry chosen), and the offending entry.
fn game_to_lose(
    conn: &mut DbConnection,
    c: ChampionshipId,
    team: Option<TeamId>,
    ask: &Imposition,
) -> Result<Result<(InPlay, Entry), PenaltyProblem>, crate::db::QueryError> {
    let Some(id) = ask.game else {
        return Ok(Err(PenaltyProblem::Rule(rules::Problem::NeedsGame)));
    };
    let now_played = games_in_play(conn, c)?;
    let Some(x) = now_played.into_iter().find(|x| x.game.id == id) else {
        // Why not: no such game, a finished tournament, a result already, or
        // an earlier round.
        return Ok(Err(match locate_game(conn, c, id)? {
            None => PenaltyProblem::UnknownGame,
            Some((_, _, _, tour)) if tour.finished_at.is_some() => {
                PenaltyProblem::TournamentFinished
            }
            Some((g, _, _, _)) if g.result().is_final() => PenaltyProblem::GameDecided,
            Some(_) => PenaltyProblem::GameNotCurrent,
        }));
    };
    if ask.tournament.is_some_and(|t| t != x.tournament) {
        return Ok(Err(PenaltyProblem::GameNotCurrent));
    }
    let Some(team) = team else {
        // The team is unknown: reported already.
        return Ok(Err(PenaltyProblem::UnknownTeam));
    };
    let ours: Vec<Entry> = x
        .sides()
        .into_iter()
        .filter(|s| s.team_id == team && ask.entry.is_none_or(|e| e == s.id))
        .cloned()
        .collect();
    Ok(match ours.as_slice() {
        [] => Err(PenaltyProblem::GameNotOfTeam),
        [one] => Ok((x.clone(), one.clone())),
        _ => Err(PenaltyProblem::EntryRequired {
            entries: ours.iter().map(|s| s.name.clone()).collect(),
        }),
    })
}

/// The entry G-D2's removal takes out of a tournament: the one chosen, or
/// the team's only entry still entered.
///
/// Only that entry is withdrawn, not the team's other entries (its doubles):
/// under G-B13 each line is a participant of its own — its own players and
/// its own captain for the tournament — and the removal punishes the
/// disobedience of one of them; withdrawing the others would forfeit games
/// of players who disobeyed nobody. The team as a whole still may not
/// enter that tournament again (`bars`); further admission is for the
/// appeals committee (G-D2).
fn entry_to_remove(
    conn: &mut DbConnection,
    t: TournamentId,
    team: TeamId,
    chosen: Option<EntryId>,
) -> Result<Result<Option<Entry>, PenaltyProblem>, crate::db::QueryError> {
    let of_team: Vec<Entry> = e::of_tournament(conn, t)?
        .into_iter()
        .filter(|x| x.team_id == team)
        .collect();
    if let Some(id) = chosen {
        return Ok(of_team
            .into_iter()
            .find(|x| x.id == id)
            .map(Some)
            .ok_or(PenaltyProblem::EntryNotOfTeam));
    }
    let entered: Vec<Entry> = of_team
        .into_iter()
        .filter(|x| x.status() == EntryStatus::Entered)
        .collect();
    Ok(match entered.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one.clone())),
        _ => Err(PenaltyProblem::EntryRequired {
            entries: entered.iter().map(|x| x.name.clone()).collect(),
        }),
    })
}

/// The regulation a penalty follows (G-E2): that of its tournament (the
/// version in force at the tournament's start), else the one in force now.
fn regulation(
    conn: &mut DbConnection,
    c: ChampionshipId,
    tournament: Option<&tournaments::Tournament>,
    now: NaiveDateTime,
) -> Result<Regulation, PenaltyError> {
    let championship = championships::by_id(conn, c)?.ok_or(PlayError::NotFound)?;
    let at = tournament.map_or(now, |t| t.starts_at);
    Ok(super::regulation::in_force(conn, &championship, at)?.regulation)
}

/// Imposes a penalty; returns the ids of the rows recorded (one, or one per
/// member of a dissolved team under G-G4).
pub fn impose(
    conn: &mut DbConnection,
    c: ChampionshipId,
    judge: PersonId,
    ask: &Imposition,
    now: NaiveDateTime,
) -> Result<Vec<PenaltyId>, PenaltyError> {
    write_transaction(conn, |conn| impose_in(conn, c, judge, ask, now))
}

/// `impose` inside a transaction the caller holds (an appeal's decision
/// imposes penalties together with the rest of its changes).
pub(crate) fn impose_in(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    judge: PersonId,
    ask: &Imposition,
    now: NaiveDateTime,
) -> Result<Vec<PenaltyId>, PenaltyError> {
    let reason = ask.reason.trim();
    let mut problems = Vec::new();
    if reason.is_empty() {
        problems.push(PenaltyProblem::ReasonRequired);
    }
    let team = t::by_id(conn, ask.team)?.filter(|x| x.championship_id == c);
    if team.is_none() {
        problems.push(PenaltyProblem::UnknownTeam);
    }
    let all = tournaments::of_championship(conn, c)?;
    let mut offence = match ask.tournament {
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
    let named = if nick.is_empty() {
        None
    } else {
        let found = people::by_nick(conn, nick)?;
        if found.is_none() {
            problems.push(PenaltyProblem::UnknownPerson {
                nick: nick.to_owned(),
            });
        }
        found
    };
    let person = named.as_ref().map(|x| x.id);
    // G-D2: the game to lose, being played now by the team; its tournament
    // is the offence's.
    let mut lost_game = None;
    if ask.game_loss && ask.game.is_some() {
        match game_to_lose(conn, c, team.as_ref().map(|x| x.id), ask)? {
            Ok(found) => {
                offence = all.iter().position(|x| x.id == found.0.tournament);
                lost_game = Some(found);
            }
            Err(PenaltyProblem::UnknownTeam) => {}
            Err(problem) => problems.push(problem),
        }
    }
    let reg = regulation(conn, c, offence.map(|i| &all[i]), now)?;
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
        game_loss: ask.game_loss,
        // A game named but refused is reported above, not as missing.
        has_game: ask.game.is_some(),
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
    // G-D2 removal: the entry it takes out of the tournament, if one of the
    // team's is still in it (see `entry_to_remove`).
    let mut removed = None;
    if let (Some(d), Some(team), Some(i)) = (&decision, &team, offence)
        && d.sanction == Some(Sanction::Removed)
        && all[i].finished_at.is_none()
    {
        match entry_to_remove(conn, all[i].id, team.id, ask.entry)? {
            Ok(found) => removed = found,
            Err(problem) => problems.push(problem),
        }
    }
    let (Some(team), Some(decision), true) = (team, decision, problems.is_empty()) else {
        return Err(PlayError::Refused(problems));
    };
    // The tournament a sanction bars.
    // The next stage: the smallest number after the offence's.
    let next_after = |i: usize| {
        all.iter()
            .filter(|x| x.number > all[i].number)
            .min_by_key(|x| x.number)
            .map(|x| x.id)
    };
    let next_to_start = || all.iter().find(|x| x.starts_at > now).map(|x| x.id);
    let bars = match decision.sanction {
        Some(Sanction::DisqualifiedNext) => Some(
            offence
                .and_then(next_after)
                .ok_or(PlayError::Refused(vec![PenaltyProblem::NoNextTournament]))?,
        ),
        Some(Sanction::MissesTournament) => Some(
            next_to_start().ok_or(PlayError::Refused(vec![PenaltyProblem::NoNextTournament]))?,
        ),
        Some(Sanction::Removed | Sanction::PlayerRemoved) => offence.map(|i| all[i].id),
        Some(Sanction::Banned) | None => None,
    };
    // G-G4: the sanction passes to each member of the dissolved team —
    // everyone on its roster since the team's sanction was imposed, so a
    // member who left just before the dissolution does not escape it —
    // but for those it passed to already (at the dissolution).
    let on: Vec<Option<PersonId>> = if decision.sanction == Some(Sanction::MissesTournament) {
        let last = team
            .dissolved_at
            .map_or(now, |at| at - chrono::Duration::microseconds(1));
        let since = held_sanctions(conn, team.id, last)?
            .iter()
            .map(|x| x.imposed_at)
            .min()
            .unwrap_or(last);
        let members = t::members_during(conn, team.id, since, last)?;
        if members.is_empty() {
            return Err(PlayError::Refused(vec![PenaltyProblem::NoMembers]));
        }
        let passed = p::sanctions_in_force(conn, c)?;
        members
            .into_iter()
            .filter(|who| {
                !passed.iter().any(|x| {
                    x.team_id == team.id
                        && x.person_id == Some(*who)
                        && x.bars_tournament_id == bars
                })
            })
            .map(Some)
            .collect()
    } else {
        vec![person]
    };
    if on.is_empty() {
        return Err(PlayError::Refused(vec![PenaltyProblem::AlreadyPassed]));
    }
    let tournament = offence.map(|i| all[i].id);
    let entry = lost_game
        .as_ref()
        .map(|(_, x)| x.id)
        .or(removed.as_ref().map(|x| x.id));
    let mut ids = Vec::new();
    for who in on.iter().copied() {
        let id = p::insert(
            conn,
            &NewPenalty {
                championship: c,
                tournament,
                team: team.id,
                entry,
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
                game: lost_game.as_ref().map(|(x, _)| x.game.id),
            },
        )?;
        audit::Entry::new("penalty.impose", format!("penalty:{id}"))
            .actor(judge)
            .championship(c)
            .said(imposed_said(
                Message::new(msg!("audit-penalties-impose"))
                    .rule("code", &rule.code)
                    .arg("team", &team.name)
                    .arg("amount", decision.amount)
                    .arg("count", decision.count)
                    .list("reason", [reason_message(reason)], ""),
                decision.sanction,
                lost_game.as_ref().map(|(x, _)| &x.at),
                // The player named has a nick at hand; a member of a
                // dissolved team only an id.
                who.map(|w| match &named {
                    Some(p) if p.id == w => p.nick.clone(),
                    _ => format!("#{w}"),
                }),
            ))
            .record(conn)?;
        ids.push(id);
    }
    if let Some((x, offender)) = &lost_game {
        lose_game(conn, c, ids[0], x, offender, judge, now)?;
    }
    // G-G3/G-G4 on the team: an entry it already made in the tournament the
    // sanction bars does not play there.
    let bars_next = matches!(
        decision.sanction,
        Some(Sanction::DisqualifiedNext | Sanction::MissesTournament)
    );
    if let (Some(barred), true) = (
        bars,
        bars_next && !decision.sanction.is_some_and(|s| s.on_person()),
    ) {
        withdraw_barred(
            conn,
            c,
            barred,
            team.id,
            ids[0],
            rule.code.as_str(),
            reason,
            judge,
            now,
        )?;
    }
    // G-G4, G-G7: the person a sanction falls on does not sit on a board of
    // the tournament it bars, whichever entry names them.
    if let (Some(barred), true) = (bars, decision.sanction.is_some_and(Sanction::on_person)) {
        for (who, id) in on.iter().zip(&ids) {
            if let Some(who) = who {
                keep_off(conn, c, barred, *who, *id, &rule.code, judge, now)?;
            }
        }
        let people: Vec<PersonId> = on.iter().flatten().copied().collect();
        super::rounds::take_off_unfit_now(conn, &people, false, judge, now)?;
    }
    let mut people = Vec::new();
    for who in on.iter().flatten() {
        people.push(nick_of(conn, Some(*who))?.unwrap_or_else(|| format!("#{who}")));
    }
    crate::mail::notices::penalty_imposed(
        conn,
        &team,
        &crate::mail::notices::Imposed {
            code: &rule.code,
            points: decision.amount,
            sanction: decision.sanction,
            bars: bars
                .and_then(|b| all.iter().find(|x| x.id == b))
                .map(|x| x.number),
            people,
            by_committee: rules::by_committee(&rule).then_some(rule.amount).flatten(),
            reason,
        },
        now,
    )?;
    if let Some(x) = &removed {
        remove_entry(conn, c, ids[0], x, reason, judge, now)?;
    }
    if let Some(t) = tournament {
        tournaments::bump_results_version(conn, t)?;
    }
    Ok(ids)
}

/// A team's entry in a tournament a sanction now bars (G-G3, G-G4): before
/// the draw it is withdrawn; once the field is drawn it retires (its
/// games lost, G-G2's way). Its captain is told.
#[allow(clippy::too_many_arguments)]
fn withdraw_barred(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    barred: TournamentId,
    team: TeamId,
    penalty: PenaltyId,
    code: &str,
    reason: &str,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<(), PenaltyError> {
    let Some(tour) = tournaments::by_id(conn, barred)? else {
        return Ok(());
    };
    if tour.finished_at.is_some() {
        return Ok(());
    }
    let why = format!("{code}: {reason}");
    for x in crate::db::entries::of_tournament(conn, barred)? {
        if x.team_id != team || x.status() != EntryStatus::Entered {
            continue;
        }
        if tour.drawn_at.is_none() {
            record_change(conn, penalty, &x, &x.line, EntryStatus::Withdrawn, now)?;
            crate::db::entries::set_status(
                conn,
                x.id,
                EntryStatus::Withdrawn,
                now,
                Some(&why),
                None,
            )?;
        } else if x.start_no.is_some() {
            // Refused only when the entry no longer plays there (retired
            // already): nothing to withdraw, and the penalty stands.
            match super::boards::withdraw_in(conn, barred, x.id, &why, judge, now) {
                Err(PlayError::Db(e)) => return Err(PlayError::Db(e)),
                Err(_) => continue,
                Ok(_) => {}
            }
        }
        audit::Entry::new("entry.barred", format!("entry:{}", x.id))
            .actor(judge)
            .championship(c)
            .said(
                Message::new(msg!("audit-penalties-barred"))
                    .rule("code", code)
                    .list("reason", [reason_message(reason)], ""),
            )
            .record(conn)?;
        let said = Message::new(msg!("rule-reason")).rule("code", code).list(
            "reason",
            [reason_message(reason)],
            "",
        );
        crate::mail::notices::entry_withdrawn(conn, c, tour.number, &x, said, now)?;
    }
    Ok(())
}

/// The team's own sanctions still to be served at `at` (G-G3): a
/// disqualification from a tournament not begun yet, a ban from the
/// championship. What G-G4 passes to the members if the team is dissolved.
fn held_sanctions(
    conn: &mut DbConnection,
    team: TeamId,
    at: NaiveDateTime,
) -> Result<Vec<Penalty>, crate::db::QueryError> {
    let mut out = Vec::new();
    for x in p::of_team(conn, team)? {
        if !x.in_force() || x.person_id.is_some() {
            continue;
        }
        let serving = match x.sanction.as_deref().and_then(Sanction::parse) {
            Some(Sanction::Banned) => true,
            Some(Sanction::DisqualifiedNext) => match x.bars_tournament_id {
                Some(b) => tournaments::by_id(conn, b)?.is_some_and(|t| t.starts_at > at),
                None => false,
            },
            _ => false,
        };
        if serving {
            out.push(x);
        }
    }
    Ok(out)
}

/// G-G4 at the dissolution (G-B41): a team dissolved while it holds a
/// sanction still to be served (G-G3) passes it to its members — each
/// misses the next tournament of the championship. "Members" are everyone
/// on the roster since the sanction was imposed (G-B31/B32), so leaving
/// the team just before dissolving it escapes nothing. Recorded by the
/// platform in the dissolution's transaction, audited, each member told;
/// an entry naming one of them in that tournament loses them (`keep_off`).
pub(crate) fn pass_to_members(
    conn: &mut crate::db::WriteTx<'_>,
    team: &t::Team,
    actor: PersonId,
    at: NaiveDateTime,
) -> Result<Vec<PenaltyId>, crate::db::QueryError> {
    let c = team.championship_id;
    let Some(championship) = championships::by_id(conn, c)? else {
        return Ok(Vec::new());
    };
    let reg = super::regulation::in_force(conn, &championship, at)?.regulation;
    let Some(rule) = reg
        .penalties
        .iter()
        .find(|x| {
            x.effects
                .contains(&crate::rules::regulation::PenaltyEffect::PassesToMembers)
        })
        .cloned()
    else {
        return Ok(Vec::new());
    };
    let held = held_sanctions(conn, team.id, at)?;
    let Some(since) = held.iter().map(|x| x.imposed_at).min() else {
        return Ok(Vec::new());
    };
    let all = tournaments::of_championship(conn, c)?;
    let Some(next) = all
        .iter()
        .filter(|x| x.starts_at > at)
        .min_by_key(|x| (x.starts_at, x.number))
    else {
        return Ok(Vec::new());
    };
    // G-G4: which sanctions of the team pass to whom, as the audit cites them.
    let held_rules = held.iter().map(|x| crate::i18n::cite::rule(&x.code));
    let held_rules = Message::new(msg!("rule-as-written")).list("code", held_rules, ", ");
    let members = t::members_during(conn, team.id, since, at)?;
    let passed = p::sanctions_in_force(conn, c)?;
    let mut ids = Vec::new();
    for who in members {
        if passed.iter().any(|x| {
            x.team_id == team.id
                && x.person_id == Some(who)
                && x.bars_tournament_id == Some(next.id)
        }) {
            continue;
        }
        let id = p::insert(
            conn,
            &NewPenalty {
                championship: c,
                tournament: held.iter().find_map(|x| x.tournament_id),
                team: team.id,
                entry: None,
                code: &rule.code,
                amount: HalfPoints::ZERO,
                reason: AUTO_DISSOLVED,
                imposed_by: None,
                imposed_at: at,
            },
        )?;
        p::set_scope(
            conn,
            id,
            &Scope {
                count: 1,
                sanction: Some(Sanction::MissesTournament.as_str()),
                bars_tournament: Some(next.id),
                person: Some(who),
                game: None,
            },
        )?;
        let nick = nick_of(conn, Some(who))?.unwrap_or_else(|| format!("#{who}"));
        audit::Entry::new("penalty.impose", format!("penalty:{id}"))
            .actor(actor)
            .championship(c)
            .said(imposed_said(
                Message::new(msg!("audit-penalties-impose"))
                    .rule("code", &rule.code)
                    .arg("team", &team.name)
                    .arg("amount", HalfPoints::ZERO)
                    .arg("count", 1)
                    .list("reason", [passed_on(&held_rules, &rule.code)], ""),
                Some(Sanction::MissesTournament),
                None,
                Some(nick),
            ))
            .record(conn)?;
        crate::mail::notices::sanction_passed(
            conn,
            c,
            who,
            &team.name,
            &rule.code,
            &held_rules,
            next.number,
            at,
        )?;
        keep_off(conn, c, next.id, who, id, &rule.code, actor, at)?;
        ids.push(id);
    }
    if !ids.is_empty() {
        tournaments::bump_results_version(conn, next.id)?;
    }
    Ok(ids)
}

/// Records what sanction `penalty` is about to do to entry `x` before its
/// tournament's draw (its line becomes `line`, its status `status`), so
/// that revoking the sanction can restore it (`restore_entries`).
fn record_change(
    conn: &mut crate::db::WriteTx<'_>,
    penalty: PenaltyId,
    x: &Entry,
    line: &str,
    status: EntryStatus,
    now: NaiveDateTime,
) -> Result<(), crate::db::QueryError> {
    let people = e::players_of(conn, &[x.id])?;
    let of = |substitute: bool| -> Vec<PersonId> {
        people
            .iter()
            .filter(|p| p.substitute == substitute)
            .map(|p| p.person_id)
            .collect()
    };
    p::record_entry_change(
        conn,
        &p::NewEntryChange {
            penalty,
            entry: x.id,
            line_before: &x.line,
            boards_before: &of(false),
            substitutes_before: &of(true),
            status_before: x.status().code(),
            line_after: line,
            status_after: status.code(),
            at: now,
        },
    )
}

/// A person barred from tournament `barred` (G-G4, G-G7) does not sit on
/// its boards, whichever entry names them. Before the draw the entry
/// loses them: a board player's board goes to the first substitute
/// (G-V22: replacing is allowed only with a substitute), a substitute is
/// left out; with no substitute the entry has fewer players than the
/// line-up needs and is withdrawn (G-B13: such an entry is refused). Once
/// the field is drawn the line stays on record and the person is kept off
/// the boards at every line-up, substitution and publication
/// (`eligibility::unfit_to_play`), and taken off those still to be played
/// (`rounds::take_off_unfit_now`). The entry's captain is told.
#[allow(clippy::too_many_arguments)]
fn keep_off(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    barred: TournamentId,
    person: PersonId,
    penalty: PenaltyId,
    code: &str,
    actor: PersonId,
    now: NaiveDateTime,
) -> Result<(), crate::db::QueryError> {
    let Some(tour) = tournaments::by_id(conn, barred)? else {
        return Ok(());
    };
    if tour.finished_at.is_some() {
        return Ok(());
    }
    let entered: Vec<Entry> = e::of_tournament(conn, barred)?
        .into_iter()
        .filter(|x| x.status() == EntryStatus::Entered)
        .collect();
    let ids: Vec<EntryId> = entered.iter().map(|x| x.id).collect();
    let players = e::players_of(conn, &ids)?;
    let nick = nick_of(conn, Some(person))?.unwrap_or_else(|| format!("#{person}"));
    for x in &entered {
        let mine: Vec<&e::EntryPlayer> = players.iter().filter(|p| p.entry_id == x.id).collect();
        if !mine.iter().any(|p| p.person_id == person) {
            continue;
        }
        let mut boards: Vec<&e::EntryPlayer> =
            mine.iter().copied().filter(|p| !p.substitute).collect();
        let mut subs: Vec<&e::EntryPlayer> =
            mine.iter().copied().filter(|p| p.substitute).collect();
        let mut replacement = None;
        let outcome = if tour.drawn_at.is_some() {
            "kept"
        } else if let Some(i) = boards.iter().position(|p| p.person_id == person) {
            if subs.is_empty() {
                "withdrawn"
            } else {
                let first = subs.remove(0);
                replacement = Some(first.nick.clone());
                boards[i] = first;
                "replaced"
            }
        } else {
            subs.retain(|p| p.person_id != person);
            "dropped"
        };
        match outcome {
            "withdrawn" => {
                let why = format!("{code}: {nick}");
                record_change(conn, penalty, x, &x.line, EntryStatus::Withdrawn, now)?;
                e::set_status(conn, x.id, EntryStatus::Withdrawn, now, Some(&why), None)?;
            }
            "replaced" | "dropped" => {
                let line: Vec<&str> = std::iter::once(x.name.as_str())
                    .chain(boards.iter().chain(&subs).map(|p| p.nick.as_str()))
                    .collect();
                let line = line.join(",");
                record_change(conn, penalty, x, &line, EntryStatus::Entered, now)?;
                e::replace_line(
                    conn,
                    x.id,
                    &line,
                    x.submitted_by,
                    x.undertaken_at,
                    &boards.iter().map(|p| p.person_id).collect::<Vec<_>>(),
                    &subs.iter().map(|p| p.person_id).collect::<Vec<_>>(),
                )?;
            }
            _ => {}
        }
        audit::Entry::new("entry.barred", format!("entry:{}", x.id))
            .actor(actor)
            .championship(c)
            .said(
                Message::new(msg!("audit-penalties-player-barred"))
                    .rule("code", code)
                    .arg("nick", &nick)
                    .arg("outcome", outcome)
                    .arg("replacement", replacement.clone().unwrap_or_default()),
            )
            .record(conn)?;
        crate::mail::notices::entry_player_barred(
            conn,
            c,
            tour.number,
            x,
            &nick,
            code,
            outcome,
            replacement.as_deref(),
            now,
        )?;
    }
    Ok(())
}

/// A sanction in force that bars one person from one tournament (G-G4,
/// G-G7): what every page asks about a person and a tournament.
#[derive(Debug, Clone)]
pub struct Bar {
    pub penalty: PenaltyId,
    pub code: String,
    pub sanction: Sanction,
    pub person: PersonId,
    pub tournament: TournamentId,
    pub tournament_no: i32,
    /// The tournament is over: the sanction was served.
    pub served: bool,
}

/// The bar a penalty row puts on its person, if it is one.
fn bar_of(x: &Penalty, all: &[tournaments::Tournament]) -> Option<Bar> {
    let sanction = x.sanction.as_deref().and_then(Sanction::parse)?;
    if !x.in_force() || !sanction.on_person() {
        return None;
    }
    let tour = all.iter().find(|t| Some(t.id) == x.bars_tournament_id)?;
    Some(Bar {
        penalty: x.id,
        code: x.code.clone(),
        sanction,
        person: x.person_id?,
        tournament: tour.id,
        tournament_no: tour.number,
        served: tour.finished_at.is_some(),
    })
}

/// Every bar in force on `person` in championship `c`, the served ones
/// included (`Bar::served`), by tournament. With [`bars_in`] and
/// [`bars_everywhere`], the one computation (`bar_of`) behind the entry
/// check, the moment of play (`eligibility::unfit_to_play`), and what the
/// entry list, the team's roster, the person's page and the penalties
/// page say of the person.
pub fn person_bars(
    conn: &mut DbConnection,
    c: ChampionshipId,
    person: PersonId,
) -> Result<Vec<Bar>, crate::db::QueryError> {
    let mut out = bars_of_championship(conn, c)?;
    out.retain(|b| b.person == person);
    Ok(out)
}

/// Every bar in force on someone in tournament `t` of championship `c`.
pub fn bars_in(
    conn: &mut DbConnection,
    c: ChampionshipId,
    t: TournamentId,
) -> Result<Vec<Bar>, crate::db::QueryError> {
    let mut out = bars_of_championship(conn, c)?;
    out.retain(|b| b.tournament == t);
    Ok(out)
}

fn bars_of_championship(
    conn: &mut DbConnection,
    c: ChampionshipId,
) -> Result<Vec<Bar>, crate::db::QueryError> {
    let all = tournaments::of_championship(conn, c)?;
    let mut out: Vec<Bar> = p::sanctions_in_force(conn, c)?
        .iter()
        .filter_map(|x| bar_of(x, &all))
        .collect();
    out.sort_by_key(|b| (b.tournament_no, b.penalty));
    Ok(out)
}

/// Every bar in force on `person`, in every championship, with the
/// championship: for the person's page.
pub fn bars_everywhere(
    conn: &mut DbConnection,
    person: PersonId,
) -> Result<Vec<(ChampionshipId, Bar)>, crate::db::QueryError> {
    let mut out = Vec::new();
    let mut seen: Vec<(ChampionshipId, Vec<tournaments::Tournament>)> = Vec::new();
    for x in p::sanctions_on_person(conn, person)? {
        let c = x.championship_id;
        if !seen.iter().any(|(id, _)| *id == c) {
            seen.push((c, tournaments::of_championship(conn, c)?));
        }
        let all = seen
            .iter()
            .find(|(id, _)| *id == c)
            .map(|(_, all)| all.as_slice())
            .unwrap_or_default();
        if let Some(bar) = bar_of(&x, all) {
            out.push((c, bar));
        }
    }
    Ok(out)
}

/// Is `person` barred from tournament `t`, and by what (the first sanction
/// in force that does it)?
pub fn barred_from(
    conn: &mut DbConnection,
    c: ChampionshipId,
    t: TournamentId,
    person: PersonId,
) -> Result<Option<Bar>, crate::db::QueryError> {
    Ok(person_bars(conn, c, person)?
        .into_iter()
        .find(|b| b.tournament == t))
}

/// G-D2 loss of the current game: the offending side loses it over the
/// board (the game had begun), audited with the penalty that did it.
fn lose_game(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    penalty: PenaltyId,
    x: &InPlay,
    offender: &Entry,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<(), PenaltyError> {
    let m = r::match_by_id(conn, x.game.match_id)?.ok_or(PlayError::NotFound)?;
    let result = loss_for(&m, offender.id);
    if !r::decide_result(conn, x.game.id, x.game.version, result, Some(judge), now)? {
        return Err(PlayError::Refused(vec![PenaltyProblem::GameDecided]));
    }
    let at = &x.at;
    audit::Entry::new("game.result", format!("game:{}", x.game.id))
        .actor(judge)
        .championship(c)
        .said(super::rounds::result_change(
            at.on(Message::new(msg!("audit-penalties-game-lost"))
                .arg("penalty", penalty)
                .arg("name", &offender.name)),
            &x.game.result,
            r::result_code(result),
        ))
        .record(conn)?;
    Ok(())
}

/// G-D2 removal of an entry from its tournament: before the draw it leaves
/// the field (the waiting list moves up, R-1.9); once playing it is
/// withdrawn as under G-G2 (`boards::withdraw_in`) — without a G-G2 row:
/// the G-D2 penalty is the record.
fn remove_entry(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    penalty: PenaltyId,
    x: &Entry,
    reason: &str,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<(), PenaltyError> {
    if x.status() != EntryStatus::Entered {
        return Ok(());
    }
    let t = x.tournament_id;
    let tour = tournaments::by_id(conn, t)?.ok_or(PlayError::NotFound)?;
    let said = if tour.drawn_at.is_none() {
        e::set_status(conn, x.id, EntryStatus::Withdrawn, now, Some(reason), None)?;
        Message::new(msg!("audit-penalties-removed"))
            .arg("penalty", penalty)
            .arg("name", &x.name)
            .list("reason", [reason_message(reason)], "")
    } else if x.start_no.is_some() {
        let done =
            super::boards::withdraw_in(conn, t, x.id, reason, judge, now).map_err(|e| match e {
                PlayError::Refused(ps) => {
                    PlayError::Refused(ps.into_iter().map(PenaltyProblem::Withdrawal).collect())
                }
                PlayError::NotFound => PlayError::NotFound,
                PlayError::Forbidden => PlayError::Forbidden,
                PlayError::Db(e) => PlayError::Db(e),
            })?;
        Message::new(msg!("audit-penalties-withdrawn"))
            .arg("penalty", penalty)
            .arg("name", &done.name)
            .arg("round", done.after_round)
            .arg("lost", done.games_lost)
            .list("reason", [reason_message(reason)], "")
    } else {
        // Waiting or sitting out: it plays no game; the bar is enough.
        return Ok(());
    };
    audit::Entry::new("entry.retire", format!("entry:{}", x.id))
        .actor(judge)
        .championship(c)
        .said(said)
        .record(conn)?;
    Ok(())
}

/// What revoking a sanction did to an entry it had changed before its
/// tournament's draw (`record_change`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryBack {
    /// The entry is as it was before the sanction: line, people, status.
    Restored,
    /// Left as it is: the tournament is drawn, its play has started.
    Started,
    /// Left as it is: it changed since (a new line, a withdrawal, another
    /// sanction's change).
    Changed,
    /// Left as it is: a sanction still in force bars the team or a person
    /// of its former line from the tournament.
    Barred,
    /// Left as it is: a person of its former line is in another entry of
    /// the tournament now (G-B22).
    Taken,
}

impl EntryBack {
    /// The selector the messages word it by.
    pub fn as_str(self) -> &'static str {
        match self {
            EntryBack::Restored => "restored",
            EntryBack::Started => "started",
            EntryBack::Changed => "changed",
            EntryBack::Barred => "barred",
            EntryBack::Taken => "taken",
        }
    }
}

/// An entry a revoked sanction had changed, and what became of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryRevoked {
    pub entry: String,
    pub tournament_no: i32,
    pub back: EntryBack,
}

/// A revoked penalty, and what became of the entries it had changed.
#[derive(Debug, Clone)]
pub struct Revocation {
    pub penalty: Penalty,
    pub entries: Vec<EntryRevoked>,
}

/// Revokes a penalty with a reason; the row stays on record and the season
/// total no longer counts it. An entry the sanction changed before its
/// tournament's draw is restored when nothing else keeps it from being
/// as it was (`restore_entries`).
pub fn revoke(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: PenaltyId,
    judge: PersonId,
    reason: &str,
    now: NaiveDateTime,
) -> Result<Revocation, PenaltyError> {
    write_transaction(conn, |conn| revoke_in(conn, c, id, judge, reason, now))
}

/// `revoke` inside a transaction the caller holds.
pub(crate) fn revoke_in(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    id: PenaltyId,
    judge: PersonId,
    reason: &str,
    now: NaiveDateTime,
) -> Result<Revocation, PenaltyError> {
    let reason = reason.trim();
    let found = p::by_id(conn, id)?
        .filter(|x| x.championship_id == c)
        .ok_or(PlayError::NotFound)?;
    let mut problems = Vec::new();
    if !found.in_force() {
        problems.push(PenaltyProblem::AlreadyRevoked);
    }
    if reason.is_empty() {
        problems.push(PenaltyProblem::ReasonRequired);
    }
    if !problems.is_empty() || !p::revoke(conn, c, id, judge, reason, now)? {
        if problems.is_empty() {
            problems.push(PenaltyProblem::AlreadyRevoked);
        }
        return Err(PlayError::Refused(problems));
    }
    let said = match found.game_id {
        Some(g) => give_game_back(conn, c, &found, g, judge, now)?.said(),
        None => Message::new(msg!("audit-penalties-revoke")),
    };
    audit::Entry::new("penalty.revoke", format!("penalty:{id}"))
        .actor(judge)
        .championship(c)
        .said(
            said.rule("code", &found.code)
                .arg("amount", found.amount())
                .list("reason", [reason_message(reason)], ""),
        )
        .record(conn)?;
    if let Some(t) = found.tournament_id {
        tournaments::bump_results_version(conn, t)?;
    }
    let entries = restore_entries(conn, c, &found, judge, now)?;
    Ok(Revocation {
        penalty: found,
        entries,
    })
}

/// The entries revoked sanction `penalty` changed before their
/// tournament's draw (G-G3, G-G4, G-G7: a player taken off the line, the
/// entry withdrawn) are put back as they were — while the tournament is
/// not drawn, the entry is still as the sanction left it, no sanction
/// still in force bars it or its people, and none of them is in another
/// entry of the tournament. Otherwise each is left as it is and the
/// reason said. Audited; the entry's captain is told either way.
fn restore_entries(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    penalty: &Penalty,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<Vec<EntryRevoked>, crate::db::QueryError> {
    let mut out = Vec::new();
    for change in p::entry_changes_of(conn, penalty.id)? {
        let Some(x) = e::by_id(conn, change.entry_id)? else {
            continue;
        };
        // A cancelled tournament is gone, and its entries with it.
        let Some(ctx) = TournamentContext::load(conn, x.tournament_id)? else {
            continue;
        };
        let (boards, substitutes) = (change.boards(), change.substitutes());
        let back = if ctx.tournament.drawn_at.is_some() || ctx.tournament.finished_at.is_some() {
            EntryBack::Started
        } else if x.line != change.line_after || x.status != change.status_after {
            EntryBack::Changed
        } else {
            let people: Vec<PersonId> = boards.iter().chain(&substitutes).copied().collect();
            let others: Vec<EntryId> = e::of_tournament(conn, x.tournament_id)?
                .into_iter()
                .filter(|o| o.id != x.id && o.status() == EntryStatus::Entered)
                .map(|o| o.id)
                .collect();
            let taken = e::players_of(conn, &others)?
                .iter()
                .any(|o| people.contains(&o.person_id));
            let mut named = Vec::with_capacity(people.len());
            for who in &people {
                named.push((*who, nick_of(conn, Some(*who))?.unwrap_or_default()));
            }
            if taken {
                EntryBack::Taken
            } else if !bars(conn, &ctx, x.team_id, &named)?.is_empty() {
                EntryBack::Barred
            } else {
                let status =
                    EntryStatus::from_code(&change.status_before).unwrap_or(EntryStatus::Entered);
                e::restore(
                    conn,
                    x.id,
                    &change.line_before,
                    status,
                    &boards,
                    &substitutes,
                )?;
                tournaments::bump_results_version(conn, x.tournament_id)?;
                EntryBack::Restored
            }
        };
        audit::Entry::new("entry.restore", format!("entry:{}", x.id))
            .actor(judge)
            .championship(c)
            .said(
                Message::new(msg!("audit-penalties-entry-back"))
                    .arg("penalty", penalty.id)
                    .rule("code", &penalty.code)
                    .arg("name", &x.name)
                    .arg("outcome", back.as_str())
                    .arg("line", &change.line_before),
            )
            .record(conn)?;
        crate::mail::notices::entry_back(
            conn,
            c,
            ctx.tournament.number,
            &x,
            &penalty.code,
            back.as_str(),
            &change.line_before,
            now,
        )?;
        out.push(EntryRevoked {
            entry: x.name.clone(),
            tournament_no: ctx.tournament.number,
            back,
        });
    }
    Ok(out)
}

/// What revoking a G-D2 loss of the current game did to the game.
enum GameBack {
    /// The game no longer exists.
    Gone(GameId),
    /// Left at its result: the tournament is finished.
    Finished(GameRef, String),
    /// Left at its result, no longer the one the penalty set (the second).
    Changed(GameRef, String, &'static str),
    /// Its result taken back: the game has none.
    Returned(GameRef, String),
}

impl GameBack {
    /// The revocation's audit line that says so, but for the penalty's
    /// code, amount and reason.
    fn said(&self) -> Message {
        let at = |key, at: &GameRef| at.on(Message::new(key));
        match self {
            GameBack::Gone(id) => {
                Message::new(msg!("audit-penalties-revoke-game-gone")).arg("id", id)
            }
            GameBack::Finished(g, result) => at(msg!("audit-penalties-revoke-game-finished"), g)
                .word("result", super::rounds::result_word(result)),
            GameBack::Changed(g, result, set) => at(msg!("audit-penalties-revoke-game-changed"), g)
                .word("result", super::rounds::result_word(result))
                .word("set", super::rounds::result_word(set)),
            GameBack::Returned(g, result) => at(msg!("audit-penalties-revoke-game-returned"), g)
                .word("result", super::rounds::result_word(result)),
        }
    }
}

/// Revoking a G-D2 loss of the current game: while the tournament is
/// unfinished and the game still holds the result the penalty set, the
/// game returns to "no result" (to be played on or decided by the judges);
/// otherwise it is left as it is. Says what happened, for the audit log.
fn give_game_back(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    penalty: &Penalty,
    game: GameId,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<GameBack, PenaltyError> {
    let Some((g, m, at, tour)) = locate_game(conn, c, game)? else {
        return Ok(GameBack::Gone(game));
    };
    let set = loss_for(&m, penalty.entry_id.unwrap_or(m.home_entry_id));
    if tour.finished_at.is_some() {
        return Ok(GameBack::Finished(at, g.result));
    }
    if g.result != r::result_code(set) {
        return Ok(GameBack::Changed(at, g.result, r::result_code(set)));
    }
    if !r::decide_result(
        conn,
        g.id,
        g.version,
        BoardResult::NotPlayed,
        Some(judge),
        now,
    )? {
        return Err(PlayError::Refused(vec![PenaltyProblem::GameDecided]));
    }
    audit::Entry::new("game.result", format!("game:{game}"))
        .actor(judge)
        .championship(c)
        .said(
            at.on(Message::new(msg!("audit-penalties-game-returned")).arg("penalty", penalty.id))
                .word("before", super::rounds::result_word(&g.result)),
        )
        .record(conn)?;
    Ok(GameBack::Returned(at, g.result))
}

/// G-G4: "Г.3, Г.8 → Г.4", the sanctions a dissolved team held and the
/// rule they pass to its members by.
fn passed_on(held: &Message, to: &str) -> Message {
    Message::new(msg!("rule-passed"))
        .list("from", [held.clone()], "")
        .rule("to", to)
}

/// The sanctions in force that bar this team, or one of these people, from
/// entering this tournament (G-G3, G-G4, G-G7, G-D2), as entry problems.
pub fn bars(
    conn: &mut DbConnection,
    ctx: &TournamentContext,
    team: TeamId,
    named: &[(PersonId, String)],
) -> Result<Vec<EntryProblem>, crate::db::QueryError> {
    let here = ctx.tournament.id;
    let all = tournaments::of_championship(conn, ctx.championship_id())?;
    let mut out = Vec::new();
    for x in p::sanctions_in_force(conn, ctx.championship_id())? {
        let Some(sanction) = x.sanction.as_deref().and_then(Sanction::parse) else {
            continue;
        };
        let nick = if sanction.on_person() {
            // The same computation as `person_bars`.
            let Some(bar) = bar_of(&x, &all).filter(|b| b.tournament == here) else {
                continue;
            };
            match named.iter().find(|(id, _)| *id == bar.person) {
                Some((_, nick)) => Some(nick.clone()),
                None => continue,
            }
        } else if x.team_id == team {
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
    /// G-D2: where the game lost was played.
    pub game: Option<GameRef>,
    /// G-G4, G-G7: the bar it puts on its person while in force.
    pub bar: Option<Bar>,
}

/// Every penalty of the championship, in force and revoked, oldest first.
pub fn list(
    conn: &mut DbConnection,
    c: ChampionshipId,
) -> Result<Vec<Listed>, crate::db::QueryError> {
    let teams = t::of_championship(conn, c, &TeamStatus::ALL)?;
    let all = tournaments::of_championship(conn, c)?;
    let number = |id: Option<TournamentId>| {
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
            game: match x.game_id {
                Some(g) => game_ref(conn, c, g)?,
                None => None,
            },
            bar: bar_of(&x, &all),
            penalty: x,
        });
    }
    Ok(out)
}

/// A person's nick, if any.
pub fn nick_of(
    conn: &mut DbConnection,
    id: Option<PersonId>,
) -> Result<Option<String>, crate::db::QueryError> {
    Ok(match id {
        Some(id) => people::by_id(conn, id)?.map(|x| x.nick),
        None => None,
    })
}

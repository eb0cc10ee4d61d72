//! Boards during play: the captain's line-up for a round (G-V22, E-2),
//! substitutions during a round (G-V31, G-V32), results the captains
//! report and confirm, and what the judges do when play goes wrong — a
//! player late (E-6), a team that cannot go on (G-G2), an interrupted round
//! (G-V23). The checks are `rules::boards`; this module feeds them with what
//! the database holds and writes the outcome in one transaction.

use crate::i18n::cite::Cite;
use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDateTime;

use super::rounds::Loaded;
use super::{PlayError, TournamentContext};
use crate::db::entries::{self as e, Entry, EntryStatus};
use crate::db::lineups::{self as l, NewSubstitution};
use crate::db::rounds::{self as r, Game, Match, Round};
use crate::db::{DbConnection, audit, penalties, roles, tournaments, write_transaction};
use crate::i18n::Message;
use crate::ids::{EntryId, GameId, MatchId, PersonId, RoundId, TournamentId};
use crate::msg;
use crate::rules::boards::{
    self as rb, AnnouncementProblem, BoardProblem, LateArrival, Registered, RoundState,
    SubstitutionProblem, SubstitutionReason,
};
use crate::rules::score::{BoardResult, HalfPoints};

/// Why an action on the boards was refused; every problem found is given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardsProblem {
    /// The line-up breaks G-V22 / E-2.
    Lineup(BoardProblem),
    /// The announcement's text is not `team table_no, Player => replacement`.
    Announcement(AnnouncementProblem),
    /// The substitution breaks G-V31 / G-V32.
    Substitution(SubstitutionProblem),
    /// The entry does not play in this tournament (waiting, sitting out,
    /// withdrawn or retired).
    NotPlaying,
    /// Line-ups can be set for this round no more (its games have begun),
    /// or not yet.
    RoundNotOpen { round: i32 },
    /// The round is not published or is complete: nothing to substitute or
    /// report.
    RoundNotRunning,
    /// Every game on this board has its result: nobody is left to replace.
    BoardFinished { board: u32 },
    /// The match has no such game on the board.
    NoSuchGame { game: i32 },
    /// Game `game` of the board has its result: a substitute comes in
    /// before a game, not into one played.
    GamePlayed { game: i32 },
    /// The game was changed by someone else since the form was shown.
    Changed { result: String, version: i32 },
    /// Captains report final results only (1-0, ½-½, 0-1 and forfeits).
    NotAResult,
    /// The result may not stand now (`play_state::check_result`): an
    /// empty board, before the start, a completed round, the kept PGN.
    Result(super::rounds::RoundProblem),
    /// The game has its result already.
    AlreadyDecided,
    /// The entry has already retired.
    AlreadyRetired,
    /// A reason is required for this action.
    ReasonRequired,
    /// Lateness is given in whole minutes and seconds, e.g. `6:30`.
    BadLateness,
    /// The tournament is finished.
    Finished,
    /// A nick of the announcement is nobody this entry can field, and why.
    Stranger { nick: String, why: Stranger },
    /// G-A7 at the moment of play: this player may not play now.
    Unfit {
        nick: String,
        why: Vec<super::eligibility::Unfit>,
    },
    /// The championship's regulation has no such rule (its rule ID where
    /// the seeds have one: E-6, G-G2, G-V23).
    NotInRegulation { rule: &'static str },
    /// The regulation's board order by rating: the player on the lower
    /// board is rated more than `tolerance` above the one on the higher.
    OutOfOrder {
        breach: crate::rules::rating::OutOfOrder,
        higher_player: i64,
        lower_player: i64,
        tolerance: u16,
    },
    /// E-9: board `board`'s players play the armageddon; nobody replaces
    /// them from the moment it is assigned.
    ArmageddonBoard { board: u32 },
    /// A problem of one game of a match sheet.
    OnGame {
        game: GameId,
        problem: Box<BoardsProblem>,
    },
}

/// Why a nick named in a substitution is nobody the entry can field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stranger {
    /// No account has this nick.
    NoSuchPlayer,
    /// The player is on another team's roster (this championship's or
    /// another's).
    OtherTeam { team: String },
    /// The player is on the team's roster but not in this entry's line
    /// (G-B13: the entry names its boards and substitutes; G-V31).
    NotInEntry { entry: String },
}

pub type BoardsError = PlayError<BoardsProblem>;

fn refuse<T>(p: BoardsProblem) -> Result<T, BoardsError> {
    Err(PlayError::Refused(vec![p]))
}

fn refuse_all<T, P>(ps: Vec<P>, wrap: fn(P) -> BoardsProblem) -> Result<T, BoardsError> {
    Err(PlayError::Refused(ps.into_iter().map(wrap).collect()))
}

/// Who may act for an entry: the captain for this tournament (the
/// submitter, G-B13) and the team's captain now (G-B34).
/// The captains of an entry of the loaded tournament.
fn captains_of(
    conn: &mut DbConnection,
    loaded: &Loaded,
    entry: &Entry,
) -> Result<Vec<PersonId>, BoardsError> {
    let championship = loaded.ctx.championship_id();
    Ok(
        super::entries::entry_captains(conn, championship, std::slice::from_ref(entry))?
            .remove(&entry.id)
            .unwrap_or_default(),
    )
}

fn is_judge(
    conn: &mut DbConnection,
    ctx: &TournamentContext,
    person: PersonId,
) -> Result<bool, BoardsError> {
    Ok(roles::has_role(
        conn,
        person,
        ctx.championship_id(),
        &[roles::Role::ChiefJudge, roles::Role::Judge],
    )? || crate::db::people::by_id(conn, person)?.is_some_and(|p| p.is_admin))
}

impl Loaded {
    /// A match of this tournament with its round.
    fn locate_match(&self, id: MatchId) -> Result<(Match, Round), BoardsError> {
        let m = self.matches.iter().find(|m| m.id == id);
        let round = m.and_then(|m| self.rounds.iter().find(|x| x.id == m.round_id));
        match (m, round) {
            (Some(m), Some(round)) => Ok((m.clone(), round.clone())),
            _ => Err(PlayError::NotFound),
        }
    }

    /// A game of this tournament with its match and round.
    fn locate_game(&self, id: GameId) -> Result<(Game, Match, Round), BoardsError> {
        let g = self
            .games
            .iter()
            .find(|g| g.id == id)
            .ok_or(PlayError::NotFound)?;
        let (m, round) = self.locate_match(g.match_id)?;
        Ok((g.clone(), m, round))
    }

    fn entry(&self, id: EntryId) -> Option<&Entry> {
        self.entries.iter().find(|x| x.id == id)
    }

    fn regular_rounds(&self) -> impl Iterator<Item = &Round> {
        self.rounds.iter().filter(|x| !x.is_playoff())
    }

    /// The entry's match in a round, if paired against an opponent.
    fn match_in(&self, round: RoundId, entry: EntryId) -> Option<&Match> {
        self.matches_of(round)
            .find(|m| m.home_entry_id == entry || m.away_entry_id == Some(entry))
    }

    /// Has anything been played in this match: a result, or a
    /// substitution (which happens during play)?
    fn match_started(&self, m: &Match) -> bool {
        m.forfeit.is_some()
            || self
                .games_of(m.id)
                .any(|g| !matches!(g.result(), BoardResult::NotPlayed))
            || self.substitutions.iter().any(|s| s.match_id == m.id)
    }

    /// The round numbers whose line-up the entry's captain may set now
    /// (G-V22): the last paired round while the entry's match in it has not
    /// begun, and the next round, prepared while the current one runs.
    pub fn open_lineup_rounds(&self, entry: EntryId) -> Vec<i32> {
        if self.ctx.tournament.finished_at.is_some() {
            return Vec::new();
        }
        let last = self.regular_rounds().last();
        let mut open = Vec::new();
        if let Some(round) = last
            && self
                .match_in(round.id, entry)
                .is_some_and(|m| !self.match_started(m))
        {
            open.push(round.number);
        }
        let next = last.map_or(1, |x| x.number + 1);
        let due = self
            .drawn()
            .map(|d| super::rounds::rounds_due(self, &d))
            .unwrap_or(0);
        if usize::try_from(next).is_ok_and(|n| due == 0 || n <= due) {
            open.push(next);
        }
        open
    }

    /// The side of an entry in a game: its player and whether it is home
    /// (a plain number, as `rules::boards` reads people).
    fn side_player(m: &Match, g: &Game, entry: EntryId) -> Option<i64> {
        if m.home_entry_id == entry {
            g.home_player_id.map(|p| p.0)
        } else {
            g.away_player_id.map(|p| p.0)
        }
    }

    /// Boards played by the entry's people in regular rounds before
    /// `round_no` (the board history of G-V22 / E-2).
    fn board_history(&self, entry: EntryId, round_no: i32) -> BTreeMap<i64, u8> {
        let mut history = BTreeMap::new();
        for round in self.regular_rounds().filter(|x| x.number < round_no) {
            let Some(m) = self.match_in(round.id, entry) else {
                continue;
            };
            for g in self.games_of(m.id) {
                if let Some(p) = Self::side_player(m, g, entry)
                    && g.result().is_final()
                {
                    history
                        .entry(p)
                        .or_insert(u8::try_from(g.board).unwrap_or(u8::MAX));
                }
            }
        }
        history
    }

    fn substitutes_of(&self, entry: EntryId) -> Vec<i64> {
        self.players
            .iter()
            .filter(|p| p.entry_id == entry && p.substitute)
            .map(|p| p.person_id.0)
            .collect()
    }

    /// The entry's people by lower-case nick.
    fn people_of(&self, entry: EntryId) -> BTreeMap<String, i64> {
        self.players
            .iter()
            .filter(|p| p.entry_id == entry)
            .map(|p| (p.nick.to_lowercase(), p.person_id.0))
            .collect()
    }

    /// G-G2 on the boards of an entry in its current match: the empty
    /// boards, and whether substitutes can still fill enough of them.
    pub fn must_withdraw(&self, entry: EntryId) -> bool {
        let Some(round) = self.regular_rounds().last() else {
            return false;
        };
        let Some(m) = self.match_in(round.id, entry) else {
            return false;
        };
        let current = self.current_boards(m, entry);
        let substitutes = self.substitutes_of(entry);
        let played = self.played_in_match(m, entry);
        let history = self.board_history(entry, round.number);
        RoundState {
            substitutes: &substitutes,
            current: &current,
            played: &played,
            history: &history,
        }
        .must_withdraw(rb::G_G2_MAX_MISSING)
    }

    /// Who sits at each board for the entry now: the player of the first
    /// game on that board still to be played, else of its last game.
    fn current_boards(&self, m: &Match, entry: EntryId) -> Vec<Option<i64>> {
        let boards: BTreeSet<i32> = self.games_of(m.id).map(|g| g.board).collect();
        boards
            .into_iter()
            .map(|b| {
                let on_board: Vec<&Game> = self.games_of(m.id).filter(|g| g.board == b).collect();
                on_board
                    .iter()
                    .find(|g| !g.result().is_final())
                    .or(on_board.last())
                    .and_then(|g| Self::side_player(m, g, entry))
            })
            .collect()
    }

    /// Everyone who has played for the entry in this match, replaced
    /// players included.
    fn played_in_match(&self, m: &Match, entry: EntryId) -> BTreeSet<i64> {
        let mut played: BTreeSet<i64> = self
            .games_of(m.id)
            .filter_map(|g| Self::side_player(m, g, entry))
            .collect();
        played.extend(
            self.substitutions
                .iter()
                .filter(|s| s.match_id == m.id && s.entry_id == entry)
                .map(|s| s.out_person_id.0),
        );
        played
    }
}

impl Loaded {
    /// The announcement the match page's lists make: the side whose
    /// substitute `replacement` is, the board, the player there now (or the
    /// one the line-up put on a board since emptied, else the registered
    /// board player), and the substitute.
    fn chosen_announcement(
        &self,
        m: &Match,
        round_no: i32,
        sides: &[Entry],
        board: u32,
        replacement: PersonId,
    ) -> Result<rb::Announcement, BoardsError> {
        let nick = |p: PersonId| self.nicks.get(&p).cloned().unwrap_or_default();
        let Some(x) = sides.iter().find(|x| {
            self.players
                .iter()
                .any(|p| p.entry_id == x.id && p.person_id == replacement)
        }) else {
            return refuse(BoardsProblem::Substitution(
                SubstitutionProblem::NotSubstitute {
                    person: replacement.0,
                },
            ));
        };
        let i = usize::try_from(board)
            .ok()
            .and_then(|b| b.checked_sub(1))
            .unwrap_or(usize::MAX);
        let current = self.current_boards(m, x.id);
        let out = current
            .get(i)
            .copied()
            .flatten()
            .map(PersonId)
            .or_else(|| self.boards_for(x.id, round_no).get(i).copied().flatten())
            .or_else(|| self.registered_boards(x.id).get(i).copied());
        let Some(out) = out else {
            return refuse(BoardsProblem::Substitution(
                SubstitutionProblem::NoSuchBoard {
                    board,
                    boards: current.len(),
                },
            ));
        };
        Ok(rb::Announcement {
            team: x.name.clone(),
            table: board,
            out_nick: nick(out),
            in_nick: nick(replacement),
        })
    }
}

/// What is true of a nick the entry cannot field: nobody has it, the
/// player is another team's, or on this team's roster but not in the entry.
fn stranger(
    conn: &mut DbConnection,
    entry: &crate::db::entries::Entry,
    nick: &str,
) -> Result<Stranger, crate::db::QueryError> {
    let Some(person) = crate::db::people::by_nick(conn, nick.trim())? else {
        return Ok(Stranger::NoSuchPlayer);
    };
    let teams = crate::db::teams::teams_of_person(conn, person.id)?;
    if teams.iter().any(|(t, _)| t.id == entry.team_id) {
        return Ok(Stranger::NotInEntry {
            entry: entry.name.clone(),
        });
    }
    Ok(match teams.into_iter().next() {
        Some((t, _)) => Stranger::OtherTeam { team: t.name },
        None => Stranger::NoSuchPlayer,
    })
}

/// Refuses every player of `people` (of the entry's team) who may not
/// play at `now` (G-A7 and the regulation's conditions, at that instant).
fn refuse_unfit(
    conn: &mut DbConnection,
    loaded: &Loaded,
    team: crate::ids::TeamId,
    people: &[PersonId],
    now: NaiveDateTime,
) -> Result<(), BoardsError> {
    let unfit = super::eligibility::unfit_to_play(conn, &loaded.ctx, team, people, now)?;
    if unfit.is_empty() {
        return Ok(());
    }
    Err(PlayError::Refused(
        unfit
            .into_iter()
            .map(|(p, why)| BoardsProblem::Unfit {
                nick: loaded.nicks.get(&p).cloned().unwrap_or_default(),
                why,
            })
            .collect(),
    ))
}

/// The tournament a captain's or judge's action is about, once it is known
/// to be in play (a finished tournament is final).
fn load(conn: &mut crate::db::WriteTx<'_>, t: TournamentId) -> Result<Loaded, BoardsError> {
    super::in_play(conn, t, BoardsProblem::Finished)?;
    Loaded::load(conn, t)?.ok_or(PlayError::NotFound)
}

/// Parses the board fields of the line-up form: a person id per board,
/// empty for a board left empty. Anything else names nobody of the entry.
pub fn parse_boards(fields: &[String]) -> Vec<Option<i64>> {
    fields
        .iter()
        .map(|f| {
            let f = f.trim();
            if f.is_empty() {
                None
            } else {
                Some(f.parse::<i64>().unwrap_or(-1))
            }
        })
        .collect()
}

/// The captain sets the board line-up of an entry for a round (G-V22):
/// registered players on their own boards, substitutes on the board of a
/// player who does not play (and on the board they have played before),
/// boards left empty forfeited. Games already paired for that round follow
/// the line-up.
pub fn set_lineup(
    conn: &mut DbConnection,
    t: TournamentId,
    entry: EntryId,
    round_no: i32,
    proposal: &[Option<i64>],
    by: PersonId,
    now: NaiveDateTime,
) -> Result<(), BoardsError> {
    write_transaction(conn, |conn| {
        let loaded = load(conn, t)?;
        let x = loaded.entry(entry).ok_or(PlayError::NotFound)?.clone();
        if !captains_of(conn, &loaded, &x)?.contains(&by) {
            return Err(PlayError::Forbidden);
        }
        if x.start_no.is_none() || x.status() != EntryStatus::Entered {
            return refuse(BoardsProblem::NotPlaying);
        }
        if !loaded.open_lineup_rounds(entry).contains(&round_no) {
            return refuse(BoardsProblem::RoundNotOpen { round: round_no });
        }
        // `rules::boards` reads people as plain numbers.
        let boards: Vec<i64> = loaded
            .registered_boards(entry)
            .iter()
            .map(|p| p.0)
            .collect();
        let substitutes = loaded.substitutes_of(entry);
        let registered = Registered {
            boards: &boards,
            substitutes: &substitutes,
        };
        let history = loaded.board_history(entry, round_no);
        let lineup = rb::assign_boards(registered, &history, proposal)
            .or_else(|ps| refuse_all(ps, BoardsProblem::Lineup))?;
        let chosen: Vec<Option<PersonId>> =
            lineup.boards().iter().map(|p| p.map(PersonId)).collect();
        let playing: Vec<PersonId> = chosen.iter().flatten().copied().collect();
        refuse_unfit(conn, &loaded, x.team_id, &playing, now)?;
        refuse_out_of_order(conn, &loaded, &chosen)?;
        l::set(conn, entry, round_no, &chosen, by, now)?;
        // The round may be paired already: its games take the line-up.
        let round = loaded
            .regular_rounds()
            .find(|x| x.number == round_no)
            .cloned();
        if let Some(m) = round.and_then(|x| loaded.match_in(x.id, entry).cloned()) {
            let home = m.home_entry_id == entry;
            for g in loaded.games_of(m.id) {
                let idx = usize::try_from(g.board - 1).unwrap_or(usize::MAX);
                let person = chosen.get(idx).copied().flatten();
                r::set_player(conn, g.id, home, person)?;
            }
            tournaments::bump_results_version(conn, t)?;
        }
        let nick = |p: Option<PersonId>| {
            p.and_then(|p| loaded.nicks.get(&p).cloned())
                .unwrap_or_else(|| "—".to_owned())
        };
        audit::Entry::new("lineup.set", format!("entry:{entry}"))
            .actor(by)
            .championship(loaded.ctx.championship_id())
            .said(
                Message::new(msg!("audit-boards-lineup"))
                    .arg("entry", &x.name)
                    .arg("round", round_no)
                    .arg(
                        "players",
                        chosen
                            .iter()
                            .map(|p| nick(*p))
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
            )
            .record(conn)?;
        Ok(())
    })
}

/// A regulation's board order by rating, checked on a line-up: boards in
/// descending order of the rating the regulation counts on the
/// tournament's day, within its tolerance (unrated players anywhere).
fn refuse_out_of_order(
    conn: &mut DbConnection,
    loaded: &Loaded,
    chosen: &[Option<PersonId>],
) -> Result<(), BoardsError> {
    let rules = &loaded.ctx.regulation.ratings;
    let Some(tolerance) = rules.board_order else {
        return Ok(());
    };
    let playing: Vec<PersonId> = chosen.iter().flatten().copied().collect();
    let counted = super::ratings::counted(
        conn,
        &rules.order,
        &playing,
        loaded.ctx.tournament.starts_at.date(),
    )?;
    let ratings: Vec<Option<u16>> = chosen
        .iter()
        .map(|p| p.and_then(|p| counted.get(&p)).map(|h| h.value))
        .collect();
    let player = |board: u32| {
        usize::try_from(board - 1)
            .ok()
            .and_then(|i| chosen.get(i).copied().flatten())
            .map_or(0, |p| p.0)
    };
    let breaches: Vec<BoardsProblem> = crate::rules::rating::out_of_order(&ratings, tolerance)
        .into_iter()
        .map(|breach| BoardsProblem::OutOfOrder {
            higher_player: player(breach.higher),
            lower_player: player(breach.lower),
            breach,
            tolerance,
        })
        .collect();
    if breaches.is_empty() {
        Ok(())
    } else {
        Err(PlayError::Refused(breaches))
    }
}

/// What a substitution changed.
#[derive(Debug, Clone)]
pub struct Substituted {
    pub entry: String,
    pub board: u32,
    pub from_game: i32,
}

/// A substitution during a round (G-V31 by the captain's decision, G-V32
/// for a lost connection), from the captain's announcement
/// `team table_no, Player => replacement`. The captain of the side named
/// or a judge records it; the replacement plays the board's remaining
/// games of the match.
/// How a substitution is announced: the captain's typed line (G-V31's
/// `team table_no, Player => replacement`), or the board and the
/// substitute chosen from the match page's lists, which names the player
/// at that board (or, on a board emptied by a removal, the player the
/// line-up put there).
#[derive(Debug, Clone, Copy)]
pub enum Announced<'a> {
    Text(&'a str),
    Chosen { board: u32, replacement: PersonId },
}

/// Why a substitution was made, in short words, with the rule of the
/// championship's regulation (`preset`) it is made under when it has one.
pub fn reason_cited(reason: SubstitutionReason, preset: &str) -> Message {
    let words = match reason {
        SubstitutionReason::CaptainDecision => msg!("boards-reason-captain"),
        SubstitutionReason::LostConnection => msg!("boards-reason-lost-connection"),
    };
    match reason.rule_in(preset) {
        Some(rule) => Message::new(msg!("rule-cited"))
            .list("text", [words.into()], "")
            .rule("rule", rule),
        None => words.into(),
    }
}

#[allow(clippy::too_many_arguments)]
pub fn substitute(
    conn: &mut DbConnection,
    t: TournamentId,
    match_id: MatchId,
    announced: Announced<'_>,
    from_game: Option<i32>,
    reason: SubstitutionReason,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<Substituted, BoardsError> {
    write_transaction(conn, |conn| {
        let loaded = load(conn, t)?;
        let (m, round) = loaded.locate_match(match_id)?;
        let judge = is_judge(conn, &loaded.ctx, by)?;
        // The sides this person may speak for.
        let mut sides = Vec::new();
        for id in [Some(m.home_entry_id), m.away_entry_id]
            .into_iter()
            .flatten()
        {
            let x = loaded.entry(id).ok_or(PlayError::NotFound)?.clone();
            if judge || captains_of(conn, &loaded, &x)?.contains(&by) {
                sides.push(x);
            }
        }
        if sides.is_empty() {
            return Err(PlayError::Forbidden);
        }
        if !round.is_published() || loaded.round_complete(round.id) || m.away_entry_id.is_none() {
            return refuse(BoardsProblem::RoundNotRunning);
        }
        let ann = match announced {
            Announced::Text(text) => rb::parse_announcement(text)
                .or_else(|ps| refuse_all(ps, BoardsProblem::Announcement))?,
            Announced::Chosen { board, replacement } => {
                loaded.chosen_announcement(&m, round.number, &sides, board, replacement)?
            }
        };
        let x = sides
            .iter()
            .find(|x| rb::same_team(&x.name, &ann.team))
            .unwrap_or(&sides[0])
            .clone();
        let entry = x.id;
        let sub = match rb::resolve(&ann, &x.name, &loaded.people_of(entry), reason) {
            Ok(sub) => sub,
            Err(ps) => {
                let mut out = Vec::new();
                for p in ps {
                    out.push(match p {
                        rb::SubstitutionProblem::UnknownNick { nick } => {
                            let why = stranger(conn, &x, &nick)?;
                            BoardsProblem::Stranger { nick, why }
                        }
                        other => BoardsProblem::Substitution(other),
                    });
                }
                return Err(PlayError::Refused(out));
            }
        };
        let mut current = loaded.current_boards(&m, entry);
        // A board emptied because its player may not play (G-A7, G-G7's
        // removal "with the right of substitution") is still the board of
        // the player the line-up put there: the announcement names him.
        let lined_up = loaded.boards_for(entry, round.number);
        let index = usize::try_from(sub.board)
            .ok()
            .and_then(|b| b.checked_sub(1));
        let emptied = index.is_some_and(|i| {
            current.get(i) == Some(&None)
                && lined_up.get(i).copied().flatten() == Some(PersonId(sub.out))
        });
        if emptied && let Some(i) = index {
            current[i] = Some(sub.out);
        }
        let substitutes = loaded.substitutes_of(entry);
        let played = loaded.played_in_match(&m, entry);
        let history = loaded.board_history(entry, round.number);
        let state = RoundState {
            substitutes: &substitutes,
            current: &current,
            played: &played,
            history: &history,
        };
        rb::check_substitution(&sub, &state)
            .or_else(|ps| refuse_all(ps, BoardsProblem::Substitution))?;
        refuse_unfit(conn, &loaded, x.team_id, &[PersonId(sub.replacement)], now)?;
        let board = i32::try_from(sub.board).unwrap_or(i32::MAX);
        if super::knockout::armageddon_board_locked(&loaded, &m, board) {
            return refuse(BoardsProblem::ArmageddonBoard { board: sub.board });
        }
        let on_board: Vec<&Game> = loaded.games_of(m.id).filter(|g| g.board == board).collect();
        // The substitute plays from the game the substitution was announced
        // before: the one named, else the first without a result. Games
        // before it stay the replaced player's even when their results are
        // typed later; a game from it on that has its result is played.
        let from_game = match from_game {
            Some(n) => n,
            None => match on_board
                .iter()
                .filter(|g| !g.result().is_final())
                .map(|g| g.game_no)
                .min()
            {
                Some(n) => n,
                None => return refuse(BoardsProblem::BoardFinished { board: sub.board }),
            },
        };
        let open: Vec<&Game> = on_board
            .iter()
            .copied()
            .filter(|g| g.game_no >= from_game)
            .collect();
        if open.is_empty() {
            return refuse(BoardsProblem::NoSuchGame { game: from_game });
        }
        if let Some(g) = open.iter().find(|g| g.result().is_final()) {
            return refuse(BoardsProblem::GamePlayed { game: g.game_no });
        }
        let home = m.home_entry_id == entry;
        for g in &open {
            r::set_player(conn, g.id, home, Some(PersonId(sub.replacement)))?;
        }
        // The removed player stays removed: the substitute keeps the board
        // in the later rounds' line-ups too.
        if emptied {
            let mut carried = lined_up.clone();
            if let Some(slot) = index.and_then(|i| carried.get_mut(i)) {
                *slot = Some(PersonId(sub.replacement));
            }
            l::set(conn, entry, round.number, &carried, by, now)?;
        }
        l::insert_substitution(
            conn,
            &NewSubstitution {
                match_id,
                entry,
                board,
                from_game,
                out: PersonId(sub.out),
                replacement: PersonId(sub.replacement),
                reason: reason.code(),
                announcement: &ann.to_string(),
                by,
                at: now,
            },
        )?;
        tournaments::bump_results_version(conn, t)?;
        audit::Entry::new("game.substitution", format!("match:{match_id}"))
            .actor(by)
            .championship(loaded.ctx.championship_id())
            .said(
                Message::new(msg!("audit-boards-substitution"))
                    .list(
                        "rule",
                        [reason_cited(reason, &loaded.ctx.regulation.code)],
                        "",
                    )
                    .arg("round", round.number)
                    .arg("game", from_game)
                    .arg("announcement", &ann),
            )
            .record(conn)?;
        Ok(Substituted {
            entry: x.name.clone(),
            board: sub.board,
            from_game,
        })
    })
}

/// What a captain's report did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reported {
    /// Waiting for the other captain's confirmation (or a judge).
    Waiting,
    /// The other captain had reported the same: the result is final.
    Confirmed,
}

/// A captain reports a game's result; it becomes final when the other
/// side's captain reports the same (confirms) — until then a judge may
/// decide otherwise. `version` guards against reporting over a change.
pub fn report(
    conn: &mut DbConnection,
    t: TournamentId,
    game: GameId,
    version: i32,
    result: BoardResult,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<Reported, BoardsError> {
    write_transaction(conn, |conn| {
        let loaded = load(conn, t)?;
        let (_, m, _) = loaded.locate_game(game)?;
        let sides = Sides::of(conn, &loaded, &m)?;
        report_one(conn, &loaded, &sides, game, version, result, by, now)
    })
}

/// The captains of the two entries of a match.
struct Sides {
    home: Vec<PersonId>,
    away: Vec<PersonId>,
}

impl Sides {
    fn of(conn: &mut DbConnection, loaded: &Loaded, m: &Match) -> Result<Sides, BoardsError> {
        let mut sides = Sides {
            home: Vec::new(),
            away: Vec::new(),
        };
        if let Some(x) = loaded.entry(m.home_entry_id) {
            sides.home = captains_of(conn, loaded, x)?;
        }
        if let Some(x) = m.away_entry_id.and_then(|a| loaded.entry(a)) {
            sides.away = captains_of(conn, loaded, x)?;
        }
        Ok(sides)
    }

    fn captain(&self, p: PersonId) -> bool {
        self.home.contains(&p) || self.away.contains(&p)
    }

    /// Whether `a` and `b` captain different sides.
    fn opposite(&self, a: PersonId, b: PersonId) -> bool {
        a != b
            && ((self.home.contains(&a) && self.away.contains(&b))
                || (self.away.contains(&a) && self.home.contains(&b)))
    }
}

/// One game's report inside the caller's transaction.
#[allow(clippy::too_many_arguments)]
fn report_one(
    conn: &mut crate::db::WriteTx<'_>,
    loaded: &Loaded,
    sides: &Sides,
    game: GameId,
    version: i32,
    result: BoardResult,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<Reported, BoardsError> {
    let t = loaded.ctx.id();
    let (g, m, round) = loaded.locate_game(game)?;
    if !sides.captain(by) {
        return Err(PlayError::Forbidden);
    }
    if !round.is_published() {
        return refuse(BoardsProblem::RoundNotRunning);
    }
    if !result.is_final() {
        return refuse(BoardsProblem::NotAResult);
    }
    if g.version != version {
        return refuse(BoardsProblem::Changed {
            result: g.result.clone(),
            version: g.version,
        });
    }
    if g.result().is_final() {
        return refuse(BoardsProblem::AlreadyDecided);
    }
    let at = super::play_state::ResultWriteAt {
        game: &g,
        round_complete: loaded.round_complete(round.id),
        round_no: round.number,
        result,
    };
    let problems = super::play_state::check_result(
        conn,
        &loaded.ctx.tournament,
        &at,
        super::play_state::Act::Entry,
        now,
    )?;
    if !problems.is_empty() {
        return Err(PlayError::Refused(
            problems.into_iter().map(BoardsProblem::Result).collect(),
        ));
    }
    // The other side confirms: the earlier report came from a captain of
    // the other entry, and this one is the same result.
    let confirms = g.reported_by.is_some_and(|rep| sides.opposite(rep, by))
        && g.reported_result.as_deref() == Some(r::result_code(result));
    let changed = if confirms {
        r::decide_result(conn, game, version, result, Some(by), now)?
    } else {
        r::report_result(conn, game, version, result, by, now)?
    };
    if !changed {
        let now_is = r::game_by_id(conn, game)?.ok_or(PlayError::NotFound)?;
        return refuse(BoardsProblem::Changed {
            result: now_is.result,
            version: now_is.version,
        });
    }
    if confirms {
        tournaments::bump_results_version(conn, t)?;
    }
    audit::Entry::new(
        if confirms {
            "game.confirmed"
        } else {
            "game.reported"
        },
        format!("game:{game}"),
    )
    .actor(by)
    .championship(loaded.ctx.championship_id())
    .said(
        super::rounds::at_game(
            Message::new(msg!("audit-boards-reported")),
            round.number,
            m.table_no,
            g.board,
            g.game_no,
        )
        .word("result", super::rounds::result_word(r::result_code(result))),
    )
    .record(conn)?;
    Ok(if confirms {
        Reported::Confirmed
    } else {
        Reported::Waiting
    })
}

/// One line of a captain's match sheet: a game, the version it had when
/// the sheet was shown, and the result on the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportLine {
    pub game: GameId,
    pub version: i32,
    pub result: BoardResult,
}

/// What a captain's match sheet did: games reported (waiting for the
/// other side) and games confirmed (final).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MatchReported {
    pub waiting: usize,
    pub confirmed: usize,
}

/// A captain reports (or confirms) the results of a whole match at once:
/// every game the sheet gives a result for, in one transaction, or none.
/// An empty line, a game already final with that result, or the
/// captain's own earlier report of the same result is left as it is.
/// Refusals name their game ([`BoardsProblem::OnGame`]).
pub fn report_match(
    conn: &mut DbConnection,
    t: TournamentId,
    match_id: MatchId,
    lines: &[ReportLine],
    by: PersonId,
    now: NaiveDateTime,
) -> Result<MatchReported, BoardsError> {
    write_transaction(conn, |conn| {
        let loaded = load(conn, t)?;
        let m = loaded
            .matches
            .iter()
            .find(|m| m.id == match_id)
            .ok_or(PlayError::NotFound)?;
        let sides = Sides::of(conn, &loaded, &m.clone())?;
        if !sides.captain(by) {
            return Err(PlayError::Forbidden);
        }
        let mut done = MatchReported::default();
        let mut problems = Vec::new();
        for line in lines {
            let (g, gm, _) = loaded.locate_game(line.game)?;
            if gm.id != match_id {
                return Err(PlayError::NotFound);
            }
            let code = r::result_code(line.result);
            let unchanged = line.result == BoardResult::NotPlayed
                || g.result == code
                || (g.reported_by == Some(by) && g.reported_result.as_deref() == Some(code));
            if unchanged {
                continue;
            }
            match report_one(
                conn,
                &loaded,
                &sides,
                line.game,
                line.version,
                line.result,
                by,
                now,
            ) {
                Ok(Reported::Waiting) => done.waiting += 1,
                Ok(Reported::Confirmed) => done.confirmed += 1,
                Err(PlayError::Refused(ps)) => {
                    problems.extend(ps.into_iter().map(|problem| BoardsProblem::OnGame {
                        game: line.game,
                        problem: Box::new(problem),
                    }))
                }
                Err(other) => return Err(other),
            }
        }
        if problems.is_empty() {
            Ok(done)
        } else {
            // Nothing of the sheet stays: the transaction rolls back.
            Err(PlayError::Refused(problems))
        }
    })
}

/// Parses a lateness given as `m:ss` or whole minutes.
pub fn parse_lateness(s: &str) -> Option<u32> {
    let s = s.trim();
    match s.split_once(':') {
        Some((m, sec)) => {
            let m: u32 = m.trim().parse().ok()?;
            let sec: u32 = sec.trim().parse().ok()?;
            (sec < 60).then(|| m.checked_mul(60)?.checked_add(sec))?
        }
        None => s.parse::<u32>().ok()?.checked_mul(60),
    }
}

/// Who came late and by how much (E-6).
#[derive(Debug, Clone, Copy)]
pub struct Lateness {
    /// The home side's player (else the away side's).
    pub home: bool,
    pub seconds: u32,
}

/// E-6: a judge records that a player came late. More than five minutes
/// loses the game by forfeit; otherwise the delay comes off the clock,
/// which is recorded.
pub fn late(
    conn: &mut DbConnection,
    t: TournamentId,
    game: GameId,
    version: i32,
    lateness: Lateness,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<LateArrival, BoardsError> {
    write_transaction(conn, |conn| {
        let loaded = load(conn, t)?;
        let Some(limit) = loaded.ctx.regulation.play.lateness_forfeit_after_seconds else {
            return refuse(BoardsProblem::NotInRegulation { rule: "E-6" });
        };
        let (g, _, _) = loaded.locate_game(game)?;
        if g.version != version {
            return refuse(BoardsProblem::Changed {
                result: g.result.clone(),
                version: g.version,
            });
        }
        if g.result().is_final() {
            return refuse(BoardsProblem::AlreadyDecided);
        }
        let Lateness {
            home: home_late,
            seconds: late_seconds,
        } = lateness;
        let outcome = rb::late_arrival(late_seconds, limit);
        if outcome == LateArrival::Forfeit {
            let result = rb::forfeit_lost_by(
                home_late,
                g.home_player_id.is_some(),
                g.away_player_id.is_some(),
            );
            if !r::decide_result(conn, game, version, result, Some(judge), now)? {
                return refuse(BoardsProblem::Changed {
                    result: g.result.clone(),
                    version: g.version,
                });
            }
            tournaments::bump_results_version(conn, t)?;
        }
        audit::Entry::new("game.late", format!("game:{game}"))
            .actor(judge)
            .championship(loaded.ctx.championship_id())
            .said(late_said(lateness, outcome))
            .record(conn)?;
        Ok(outcome)
    })
}

/// The audit line of a late arrival (E-6): which side's player, how late
/// (`m:ss`) and what it cost.
fn late_said(lateness: Lateness, outcome: LateArrival) -> Message {
    let key = match (lateness.home, outcome) {
        (true, LateArrival::Forfeit) => msg!("audit-boards-late-home-forfeit"),
        (false, LateArrival::Forfeit) => msg!("audit-boards-late-away-forfeit"),
        (true, LateArrival::ClockReduced(_)) => msg!("audit-boards-late-home-clock"),
        (false, LateArrival::ClockReduced(_)) => msg!("audit-boards-late-away-clock"),
    };
    let late = format!("{}:{:02}", lateness.seconds / 60, lateness.seconds % 60);
    let said = Message::new(key).arg("late", late);
    match outcome {
        LateArrival::ClockReduced(seconds) => said.arg("seconds", seconds),
        LateArrival::Forfeit => said,
    }
}

/// What withdrawing an entry during play did.
#[derive(Debug, Clone)]
pub struct Withdrawn {
    /// The entry's name and team, and the tournament's championship.
    pub name: String,
    pub team: crate::ids::TeamId,
    pub championship: crate::ids::ChampionshipId,
    /// The last regular round it played (0 before round 1 was paired).
    pub after_round: i32,
    /// Open games of the current round lost by forfeit.
    pub games_lost: usize,
}

/// Withdraws an entry from a tournament being played, inside the caller's
/// transaction: it loses every game still open in the current round by
/// forfeit, its status becomes `retired` (later round-robin matches are
/// forfeited whole when paired, Swiss rounds no longer pair it). Shared by
/// the G-G2 withdrawal (`retire`) and the G-D2 removal of a team already
/// playing (`play::penalties`); each caller records its own penalty row
/// and audit entry.
pub(crate) fn withdraw_in(
    conn: &mut crate::db::WriteTx<'_>,
    t: TournamentId,
    entry: EntryId,
    reason: &str,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<Withdrawn, BoardsError> {
    let reason = reason.trim();
    let loaded = load(conn, t)?;
    let x = loaded.entry(entry).ok_or(PlayError::NotFound)?.clone();
    if x.status() == EntryStatus::Retired {
        return refuse(BoardsProblem::AlreadyRetired);
    }
    if x.start_no.is_none() || x.status() != EntryStatus::Entered {
        return refuse(BoardsProblem::NotPlaying);
    }
    if reason.is_empty() {
        return refuse(BoardsProblem::ReasonRequired);
    }
    let last = loaded.regular_rounds().last().cloned();
    let mut lost = 0usize;
    if let Some(round) = &last
        && let Some(m) = loaded.match_in(round.id, entry)
    {
        let home = m.home_entry_id == entry;
        for g in loaded.games_of(m.id).filter(|g| !g.result().is_final()) {
            let result =
                rb::forfeit_lost_by(home, g.home_player_id.is_some(), g.away_player_id.is_some());
            if r::decide_result(conn, g.id, g.version, result, Some(judge), now)? {
                lost += 1;
            }
        }
    }
    let after = last.as_ref().map_or(0, |x| x.number);
    e::set_status(
        conn,
        entry,
        EntryStatus::Retired,
        now,
        Some(reason),
        Some(after),
    )?;
    tournaments::bump_results_version(conn, t)?;
    Ok(Withdrawn {
        team: x.team_id,
        championship: loaded.ctx.championship_id(),
        name: x.name,
        after_round: after,
        games_lost: lost,
    })
}

/// G-G2: a judge withdraws an entry that cannot go on (more than two
/// boards empty with no substitute possible). It loses every game still
/// open in the current round and every later match; Swiss rounds no longer
/// pair it (`withdraw_in`). The withdrawal is recorded as a G-G2 sanction
/// (no points deducted: the games lost are the sanction).
pub fn retire(
    conn: &mut DbConnection,
    t: TournamentId,
    entry: EntryId,
    reason: &str,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<(), BoardsError> {
    let reason = reason.trim().to_owned();
    write_transaction(conn, |conn| {
        let ctx = TournamentContext::load(conn, t)?.ok_or(PlayError::NotFound)?;
        if !ctx.regulation.withdraws_teams() {
            return refuse(BoardsProblem::NotInRegulation { rule: "G-G2" });
        }
        let done = withdraw_in(conn, t, entry, &reason, judge, now)?;
        penalties::insert(
            conn,
            &penalties::NewPenalty {
                championship: done.championship,
                tournament: Some(t),
                team: done.team,
                entry: Some(entry),
                code: "G-G2",
                amount: HalfPoints::ZERO,
                reason: &reason,
                imposed_by: Some(judge),
                imposed_at: now,
            },
        )?;
        audit::Entry::new("entry.retire", format!("entry:{entry}"))
            .actor(judge)
            .championship(done.championship)
            .said(
                Message::new(msg!("audit-boards-retired"))
                    .arg("entry", &done.name)
                    .arg("round", done.after_round)
                    .arg("games", done.games_lost)
                    .arg("reason", &reason),
            )
            .record(conn)?;
        let loaded = Loaded::load(conn, t)?.ok_or(PlayError::NotFound)?;
        if let Some(x) = loaded.entry(entry) {
            crate::mail::notices::entry_withdrawn(
                conn,
                done.championship,
                loaded.ctx.tournament.number,
                x,
                Message::new(msg!("as-written")).arg("text", &reason),
                now,
            )?;
        }
        Ok(())
    })
}

/// G-V23: the tournament was interrupted (server failure): every game of
/// the round without a result is to be replayed. Returns how many.
pub fn interrupt(
    conn: &mut DbConnection,
    t: TournamentId,
    round: RoundId,
    reason: &str,
    judge: PersonId,
    _now: NaiveDateTime,
) -> Result<usize, BoardsError> {
    let reason = reason.trim().to_owned();
    write_transaction(conn, |conn| {
        let loaded = load(conn, t)?;
        if !loaded.ctx.regulation.play.interrupted_round_replayed {
            return refuse(BoardsProblem::NotInRegulation { rule: "G-V23" });
        }
        let x = loaded.round(round).ok_or(PlayError::NotFound)?;
        if reason.is_empty() {
            return refuse(BoardsProblem::ReasonRequired);
        }
        if !x.is_published() || loaded.round_complete(x.id) {
            return refuse(BoardsProblem::RoundNotRunning);
        }
        let n = r::replay_pending(conn, round)?;
        tournaments::bump_results_version(conn, t)?;
        audit::Entry::new("round.interrupt", format!("round:{round}"))
            .actor(judge)
            .championship(loaded.ctx.championship_id())
            .said(
                Message::new(msg!("audit-boards-interrupted"))
                    .arg("round", x.number)
                    .arg("games", n)
                    .arg("reason", reason),
            )
            .record(conn)?;
        Ok(n)
    })
}

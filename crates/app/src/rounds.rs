//! Rounds of a tournament: the draw that freezes the field, pairings by the
//! engine the format calls for (Berger round robin G-V1; team Swiss with
//! lot rounds ), publication, results entered by judges with a
//! version per game (no lost update), and the tournament read back as the
//! rules engine's `Tournament` for standings.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use super::entries::field_of;
use super::notes::{self, RoundNote};
use super::play_state::{self, Act, ResultWriteAt, Seats};
use super::{PlayError, TournamentContext};
use crate::db::entries::{self as e, Entry, EntryPlayer};
use crate::db::lineups::{LineupBoard, Substitution};
use crate::db::rounds::{self as r, Game, Match, NewGame, NewMatch, Round};
use crate::db::{DbConnection, audit, tournaments, write_transaction};
use crate::i18n::{Message, MsgKey};
use crate::ids::{
    ApiTokenId, ChampionshipId, EntryId, GameId, MatchId, PersonId, RoundId, TournamentId,
};
use crate::msg;
use crate::rules::pairing::EntryId as PairingEntry;
use crate::rules::pairing::swiss::{
    InitialRanking, PrimaryScore, SwissConfig, SwissTeam, initial_ranking, pair_next_round,
};
use crate::rules::pairing::{Colour, Lot, berger_table, from_tournament};
use crate::rules::ranking::Place;
use crate::rules::regulation::{Format, FormatRule};
use crate::rules::score::{BoardResult, ByeKind, ScoreKind};
use crate::rules::tournament::{
    self as rt, MatchForfeit, PairingSystem, Player, PlayerId, Team, TeamId,
};

/// Why a round action was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoundProblem {
    /// Round 1 is already drawn.
    AlreadyDrawn,
    /// The field is not drawn yet.
    NotDrawn,
    /// No format of the regulation fits this many entries.
    NoFormat { entries: usize },
    /// The previous round is not published, or (Swiss) not complete.
    PreviousRoundOpen { round: i32 },
    /// Every round of the format has been paired.
    AllRoundsPaired,
    /// The pairing engine could not pair the round (an internal
    /// inconsistency; its own words).
    Engine(String),
    /// No pairing of the next round keeps this criterion (C.04.6): with
    /// `entries` teams the field has run out of opponents.
    NoPairing {
        criterion: crate::rules::pairing::Criterion,
        entries: usize,
    },
    /// A match of round `round` has a board without a final result.
    RoundIncomplete { round: i32 },
    /// An action that cannot be taken back was sent without its
    /// confirmation.
    NotConfirmed,
    /// This format is not run by the platform yet.
    Unsupported,
    /// The game was changed by someone else: here is its current state.
    Changed { result: String, version: i32 },
    /// On a result sheet: this game was changed by someone else since the
    /// sheet was shown; here is its current state.
    SheetChanged {
        game: GameId,
        result: String,
        version: i32,
    },
    /// The round is not published: results wait for publication.
    NotPublished,
    /// A result that is none of the stored codes (1-0, 1/2, 0-1, +-, -+, --,
    /// pending, replay).
    UnknownResult,
    /// Rounds remain to be paired, published or completed.
    NotFinished,
    /// Already finished.
    AlreadyFinished,
    /// The tournament is not finished: there is nothing to reopen.
    InPlay,
    /// G-V42: first place is shared after every tie-break; a play-off
    /// between these entries decides it.
    PlayoffNeeded { entries: Vec<String> },
    /// Pairings are adjusted only before the round is published.
    AlreadyPublished,
    /// The adjustment names an entry not paired in this round, or two
    /// entries of one match.
    NotInRound,
    /// only a draft round the regulation draws by lot takes a
    /// pairing typed from the drum.
    NotLotRound,
    /// the typed pairing is incomplete or repeats a match, each
    /// problem with the entries' names.
    TypedLot(Vec<TypedLot>),
    /// A reason is required.
    ReasonRequired,
    /// E-9: a knockout match is level after its boards and its armageddon
    /// has not been created yet.
    ArmageddonNeeded { entries: Vec<String> },
    /// E-9: this match needs no armageddon (not a knockout match, not
    /// complete, or decided on the boards).
    ArmageddonNotDue,
    /// E-9: the armageddon of this match exists already.
    ArmageddonExists,
    /// G-V42: first place is not shared (or the regulation plays no
    /// play-off match).
    PlayoffNotNeeded,
    /// G-V42 plays a match between two entries; more share first place.
    PlayoffTooMany { entries: Vec<String> },
    /// The final places an appeal set do not fit the tournament (G-D4).
    Standing(crate::rules::places::FixProblem),
    /// the number of rounds is set for a Swiss only.
    NotSwiss,
    /// fewer rounds than are paired already, or outside 1–60.
    RoundsOutOfRange { paired: usize },
    /// No result before the tournament's official start (its local time).
    BeforeStart { starts: String },
    /// A side of this board has nobody on it: the board can take only its
    /// forfeit (`only`, a stored code) until a substitute fills it.
    EmptyBoard {
        game: GameId,
        board: i32,
        game_no: i32,
        only: String,
    },
    /// The round is complete: its results change only by a correction,
    /// with a reason.
    RoundCompleted { round: i32 },
    /// The game's kept PGN gives another result (a stored code); a
    /// correction that knows it may still change it.
    PgnSays { game: GameId, result: String },
    /// more rounds than `entries` teams can be paired for without
    /// two of them meeting twice ([`swiss_round_limit`]).
    TooManyRounds {
        rounds: u8,
        entries: usize,
        limit: usize,
    },
}

/// The most rounds a Swiss of `teams` teams plays without two teams
/// meeting twice: every team meets each other once, and with an odd
/// number each also sits out once.
pub fn swiss_round_limit(teams: usize) -> usize {
    if teams.is_multiple_of(2) {
        teams.saturating_sub(1)
    } else {
        teams
    }
}

/// The entries the rounds of a Swiss are judged against: those
/// drawn, or before the draw those that would play now (neither the
/// waiting list, R-1.9, nor a double sitting out, G-B13).
pub fn entries_playing(loaded: &Loaded) -> usize {
    if loaded.ctx.tournament.drawn_at.is_some() {
        loaded.playing().len()
    } else {
        field_of(&loaded.ctx, &loaded.entries).playing.len()
    }
}

/// The rounds a tournament played as a Swiss has now: set by the
/// organizers, kept at the draw, or before the draw the
/// regulation's for its entries; `None` when it is not played as a Swiss.
/// Every page that shows the number shows this one.
pub fn swiss_rounds(loaded: &Loaded) -> Option<u8> {
    let format = match loaded.drawn() {
        Some(d) => d.format,
        None => u32::try_from(entries_playing(loaded).max(2))
            .ok()
            .and_then(|n| loaded.ctx.regulation.format.format_for(n).ok())?,
    };
    if format.system != PairingSystem::Swiss {
        return None;
    }
    loaded
        .ctx
        .tournament
        .rounds
        .and_then(|n| u8::try_from(n).ok())
        .or(format.rounds)
}

/// the organizers set the rounds of a tournament played as a
/// Swiss from its entries, before the draw or while it is played (never
/// fewer than are paired, never more than the entries there are can be
/// paired for: [`swiss_round_limit`]); `None` returns to the regulation's
/// number. When the number changes, the captains of the entries are told.
pub fn set_rounds(
    conn: &mut DbConnection,
    t: TournamentId,
    rounds: Option<u8>,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<(), RoundError> {
    write_transaction(conn, |conn| {
        super::in_play(conn, t, RoundProblem::AlreadyFinished)?;
        let loaded = Loaded::load(conn, t)?.ok_or(PlayError::NotFound)?;
        let swiss = match loaded.drawn() {
            Some(d) => d.format.system == PairingSystem::Swiss,
            None => match &loaded.ctx.regulation.format {
                FormatRule::Swiss { .. } => true,
                FormatRule::ByTeamCount(bands) => bands
                    .iter()
                    .any(|b| b.format.system == PairingSystem::Swiss),
                FormatRule::GroupsThenKnockout { .. } => false,
            },
        };
        if !swiss {
            return refuse(RoundProblem::NotSwiss);
        }
        let paired = loaded.rounds.iter().filter(|r| !r.is_playoff()).count();
        if rounds.is_some_and(|n| n == 0 || n > 60 || usize::from(n) < paired) {
            return refuse(RoundProblem::RoundsOutOfRange { paired });
        }
        let entries = entries_playing(&loaded);
        let limit = swiss_round_limit(entries);
        if let Some(n) = rounds
            && usize::from(n) > limit
        {
            return refuse(RoundProblem::TooManyRounds {
                rounds: n,
                entries,
                limit,
            });
        }
        let before = swiss_rounds(&loaded);
        tournaments::set_rounds(conn, t, rounds.map(i32::from))?;
        tournaments::bump_results_version(conn, t)?;
        audit::Entry::new("tournament.rounds", format!("tournament:{t}"))
            .actor(by)
            .championship(loaded.ctx.championship_id())
            .said(match rounds {
                Some(n) => Message::new(msg!("audit-rounds-rounds-set")).arg("rounds", n),
                None => Message::new(msg!("audit-rounds-rounds-regulation")),
            })
            .record(conn)?;
        let after = Loaded::load(conn, t)?.as_ref().and_then(swiss_rounds);
        if let Some(n) = after
            && before != after
        {
            crate::mail::notices::rounds_changed(
                conn,
                loaded.ctx.championship_id(),
                t,
                loaded.ctx.tournament.number,
                n,
                now,
            )?;
        }
        Ok(())
    })
}

pub type RoundError = PlayError<RoundProblem>;

fn refuse<T>(p: RoundProblem) -> Result<T, RoundError> {
    Err(PlayError::Refused(vec![p]))
}

/// What is kept on the tournament at the draw: the format chosen for the
/// field and the lot seed every later draw derives from.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Drawn {
    pub format: Format,
    pub seed: u64,
}

/// Everything stored about a tournament's play.
pub struct Loaded {
    pub ctx: TournamentContext,
    pub entries: Vec<Entry>,
    pub rounds: Vec<Round>,
    pub matches: Vec<Match>,
    pub games: Vec<Game>,
    /// The people of every entry, board players first.
    pub players: Vec<EntryPlayer>,
    /// Nicks of everyone named in the entries, games and as submitters.
    pub nicks: HashMap<PersonId, String>,
    /// Board line-ups the captains set, per entry and round number (G-V22).
    pub lineups: Vec<LineupBoard>,
    /// Substitutions made during rounds (G-V31, G-V32).
    pub substitutions: Vec<Substitution>,
    /// Final places upheld appeals set (G-D4), applied by `final_places`.
    pub place_overrides: Vec<crate::db::results::PlaceOverride>,
}

impl Loaded {
    /// The round of this tournament with id `round`, if any.
    pub fn round(&self, round: RoundId) -> Option<Round> {
        self.rounds.iter().find(|x| x.id == round).cloned()
    }

    pub fn load(
        conn: &mut DbConnection,
        t: TournamentId,
    ) -> Result<Option<Loaded>, crate::db::QueryError> {
        let Some(ctx) = TournamentContext::load(conn, t)? else {
            return Ok(None);
        };
        let entries = e::of_tournament(conn, t)?;
        let rounds = r::of_tournament(conn, t)?;
        let ids: Vec<RoundId> = rounds.iter().map(|x| x.id).collect();
        let matches = r::matches_of_rounds(conn, &ids)?;
        let mids: Vec<MatchId> = matches.iter().map(|m| m.id).collect();
        let games = r::games_of_matches(conn, &mids)?;
        let eids: Vec<EntryId> = entries.iter().map(|x| x.id).collect();
        let players = e::players_of(conn, &eids)?;
        let mut nicks: HashMap<PersonId, String> = players
            .iter()
            .map(|p| (p.person_id, p.nick.clone()))
            .collect();
        let missing: Vec<PersonId> = games
            .iter()
            .flat_map(|g| [g.home_player_id, g.away_player_id])
            .flatten()
            .chain(entries.iter().map(|x| x.submitted_by))
            .filter(|id| !nicks.contains_key(id))
            .collect();
        for (id, nick) in crate::db::people::nicks_of(conn, &missing)? {
            nicks.insert(id, nick);
        }
        let lineups = crate::db::lineups::of_tournament(conn, t)?;
        let substitutions = crate::db::lineups::substitutions_of_matches(conn, &mids)?;
        let place_overrides = crate::db::results::overrides_of(conn, t)?;
        Ok(Some(Loaded {
            place_overrides,
            lineups,
            substitutions,
            players,
            nicks,
            ctx,
            entries,
            rounds,
            matches,
            games,
        }))
    }

    /// The format kept at the draw, with the rounds the organizers set
    /// for a Swiss since.
    pub fn drawn(&self) -> Option<Drawn> {
        let mut drawn: Drawn = self
            .ctx
            .tournament
            .format
            .as_deref()
            .and_then(|f| serde_json::from_str(f).ok())?;
        if drawn.format.system == PairingSystem::Swiss
            && let Some(n) = self
                .ctx
                .tournament
                .rounds
                .and_then(|n| u8::try_from(n).ok())
        {
            drawn.format.rounds = Some(n);
        }
        Some(drawn)
    }

    /// The entries that play, by start number.
    pub fn playing(&self) -> Vec<&Entry> {
        let mut v: Vec<&Entry> = self
            .entries
            .iter()
            .filter(|x| x.start_no.is_some())
            .collect();
        v.sort_by_key(|x| x.start_no);
        v
    }

    /// Every regular round of the format paired, published and complete.
    pub fn regular_rounds_done(&self, drawn: &Drawn) -> bool {
        let regular: Vec<&Round> = self.rounds.iter().filter(|x| !x.is_playoff()).collect();
        regular.len() >= rounds_due(self, drawn)
            && regular
                .iter()
                .all(|x| x.is_published() && self.round_complete(x.id))
    }

    /// The registered board players of an entry, board 1 first (the
    /// default line-up of G-V22/E-2 until the captain assigns another).
    pub fn registered_boards(&self, entry: EntryId) -> Vec<PersonId> {
        self.players
            .iter()
            .filter(|p| p.entry_id == entry && !p.substitute)
            .map(|p| p.person_id)
            .collect()
    }

    /// Who sits on each board of an entry in round `round_no`: the line-up
    /// the captain set for it (G-V22), else the latest one set for an
    /// earlier round (a line-up stands until the captain changes it; a
    /// substitute who filled a board emptied by a removal, G-G7/G-A7,
    /// stays on it), else the registered board players (E-2).
    pub fn boards_for(&self, entry: EntryId, round_no: i32) -> Vec<Option<PersonId>> {
        let latest = self
            .lineups
            .iter()
            .filter(|l| l.entry_id == entry && l.round_no <= round_no)
            .map(|l| l.round_no)
            .max();
        let set: Vec<Option<PersonId>> = self
            .lineups
            .iter()
            .filter(|l| l.entry_id == entry && Some(l.round_no) == latest)
            .map(|l| l.person_id)
            .collect();
        if set.is_empty() {
            self.registered_boards(entry)
                .into_iter()
                .map(Some)
                .collect()
        } else {
            set
        }
    }

    pub fn matches_of(&self, round: RoundId) -> impl Iterator<Item = &Match> {
        self.matches.iter().filter(move |m| m.round_id == round)
    }

    pub fn games_of(&self, m: MatchId) -> impl Iterator<Item = &Game> {
        self.games.iter().filter(move |g| g.match_id == m)
    }

    /// A round is complete when every game has a result (G-V23); a match
    /// forfeited as a whole needs none.
    pub fn round_complete(&self, round: RoundId) -> bool {
        self.matches_of(round).all(|m| {
            m.forfeit.is_some()
                || m.away_entry_id.is_none()
                || self.games_of(m.id).all(|g| g.result().is_final())
        })
    }

    /// The tournament as the rules engine reads it: teams numbered by start
    /// number, published regular rounds only.
    pub fn to_rules(&self) -> rt::Tournament {
        let drawn = self.drawn();
        let format = drawn.as_ref().map(|d| d.format);
        let reg = &self.ctx.regulation;
        let team_of: HashMap<EntryId, TeamId> = self
            .playing()
            .iter()
            .filter_map(|x| Some((x.id, TeamId(u16::try_from(x.start_no?).ok()?))))
            .collect();
        let mut people: BTreeMap<PersonId, PlayerId> = BTreeMap::new();
        let mut player = |id: Option<PersonId>| {
            id.map(|id| {
                let next = PlayerId(u16::try_from(people.len() + 1).unwrap_or(u16::MAX));
                *people.entry(id).or_insert(next)
            })
        };
        let mut rounds = Vec::new();
        for round in self
            .rounds
            .iter()
            .filter(|x| !x.is_playoff() && x.is_published())
        {
            let mut pairings = Vec::new();
            // An armageddon (E-9) decides its knockout match; it is no
            // match of its own.
            for m in self
                .matches_of(round.id)
                .filter(|m| m.stage != super::knockout::STAGE_ARMAGEDDON)
            {
                let Some(&home) = team_of.get(&m.home_entry_id) else {
                    continue;
                };
                let Some(away) = m.away_entry_id.and_then(|a| team_of.get(&a).copied()) else {
                    pairings.push(rt::Pairing::Bye {
                        team: home,
                        kind: ByeKind::PairingAllocated,
                    });
                    continue;
                };
                let forfeit = m.forfeit.as_deref().and_then(|f| match f {
                    "home" => Some(MatchForfeit::HomeWins),
                    "away" => Some(MatchForfeit::AwayWins),
                    "double" => Some(MatchForfeit::Double),
                    _ => None,
                });
                let games = if forfeit.is_some() {
                    Vec::new()
                } else {
                    self.games_of(m.id)
                        .map(|g| rt::Game {
                            board: u8::try_from(g.board).unwrap_or(u8::MAX),
                            game: u8::try_from(g.game_no).unwrap_or(u8::MAX),
                            result: g.result(),
                            home_player: player(g.home_player_id),
                            away_player: player(g.away_player_id),
                        })
                        .collect()
                };
                pairings.push(rt::Pairing::Match(rt::Match {
                    home,
                    away,
                    games,
                    forfeit,
                }));
            }
            rounds.push(rt::Round {
                number: u16::try_from(round.number).unwrap_or(u16::MAX),
                pairings,
            });
        }
        let teams = self
            .playing()
            .iter()
            .filter_map(|x| {
                Some(Team {
                    id: *team_of.get(&x.id)?,
                    name: x.name.clone(),
                    nickname: None,
                    roster: Vec::new(),
                })
            })
            .collect();
        let players = people
            .iter()
            .map(|(person, id)| Player {
                id: *id,
                name: person.to_string(),
                rating: None,
                federation: None,
                fide_id: None,
            })
            .collect();
        rt::Tournament {
            name: format!(
                "{} {}",
                self.ctx.championship.name, self.ctx.tournament.number
            ),
            start_date: None,
            end_date: None,
            system: format.map_or(PairingSystem::RoundRobin, |f| f.system),
            boards: reg.boards,
            games_per_pairing: format.map_or(1, |f| f.games_per_pairing),
            colours: rt::alternating_colours(reg.boards),
            scoring: reg.scoring,
            declared_rounds: format.and_then(|f| f.rounds).map(u16::from),
            initial_colour: Some(crate::rules::score::Colour::White),
            teams,
            players,
            rounds,
        }
    }
}

/// The draw: freezes the field (R-1.9 waiting list and the G-B13 odd
/// double stay out), chooses the format for the number of entries, gives
/// start numbers (by lot for a round robin) and pairs round 1.
pub fn draw(
    conn: &mut DbConnection,
    t: TournamentId,
    judge: PersonId,
    seed: u64,
    now: NaiveDateTime,
) -> Result<RoundId, RoundError> {
    write_transaction(conn, |conn| {
        let ctx = TournamentContext::load(conn, t)?.ok_or(PlayError::NotFound)?;
        if ctx.tournament.drawn_at.is_some() {
            return refuse(RoundProblem::AlreadyDrawn);
        }
        let entries = e::of_tournament(conn, t)?;
        let field = field_of(&ctx, &entries);
        let n = field.playing.len();
        let format = u32::try_from(n)
            .ok()
            .and_then(|n| ctx.regulation.format.format_for(n).ok())
            .filter(|_| n >= 2)
            .ok_or(PlayError::Refused(vec![RoundProblem::NoFormat {
                entries: n,
            }]))?;
        let mut format = format;
        if format.system == PairingSystem::Swiss
            && let Some(rounds) = ctx.tournament.rounds.and_then(|n| u8::try_from(n).ok())
        {
            // the rounds the organizers set for these entries,
            // checked again against the field drawn (entries withdrawn
            // since, or waiting, R-1.9, do not play them).
            let limit = swiss_round_limit(n);
            if usize::from(rounds) > limit {
                return refuse(RoundProblem::TooManyRounds {
                    rounds,
                    entries: n,
                    limit,
                });
            }
            format.rounds = Some(rounds);
        }
        let mut order = field.playing.clone();
        if format.system == PairingSystem::Swiss && ctx.regulation.ratings.used() {
            order = rated_order(conn, &ctx, &order, seed)?;
        }
        if format.system == PairingSystem::RoundRobin {
            // Berger numbers by lot, reproducible from the seed.
            Lot::new(seed).shuffle(&mut order);
        }
        for (i, id) in order.iter().enumerate() {
            e::set_start_no(conn, EntryId(*id), i32::try_from(i + 1).unwrap_or(i32::MAX))?;
        }
        let drawn = Drawn { format, seed };
        let json = serde_json::to_string(&drawn).map_err(|_| PlayError::NotFound)?;
        tournaments::mark_drawn(conn, t, &json, now)?;
        audit::Entry::new("tournament.draw", format!("tournament:{t}"))
            .actor(judge)
            .championship(ctx.championship_id())
            .said(
                Message::new(msg!("audit-rounds-drawn"))
                    .arg("entries", n)
                    .word("system", system_word(format.system))
                    .arg("seed", seed),
            )
            .record(conn)?;
        let left_out: Vec<_> = entries
            .iter()
            .filter_map(|x| {
                use crate::mail::notices::EntryStanding;
                if field.sitting_out == Some(x.id.0) {
                    return Some((x, EntryStanding::SitsOut));
                }
                let at = field.waiting.iter().position(|w| *w == x.id.0)?;
                Some((x, EntryStanding::Waiting(at + 1)))
            })
            .collect();
        crate::mail::notices::left_out_of_the_draw(
            conn,
            ctx.championship_id(),
            ctx.tournament.number,
            &left_out,
            now,
        )?;
        pair_round(conn, t, judge, now)
    })
}

/// Each entry's board players' ratings as the regulation counts them (on
/// the tournament's day), in the entry's board order, as many as the match
/// has boards; unrated players left out. C.04.6's team strength: the
/// draw's initial ranking averages them, the crosstable shows the average.
pub fn board_ratings(
    conn: &mut DbConnection,
    ctx: &TournamentContext,
    entries: &[EntryId],
) -> Result<HashMap<EntryId, Vec<u32>>, crate::db::QueryError> {
    if !ctx.regulation.ratings.used() {
        return Ok(HashMap::new());
    }
    let players = e::players_of(conn, entries)?;
    let persons: Vec<PersonId> = players.iter().map(|p| p.person_id).collect();
    let counted = super::ratings::counted(
        conn,
        &ctx.regulation.ratings.order,
        &persons,
        ctx.tournament.starts_at.date(),
    )?;
    let boards = usize::from(ctx.regulation.boards);
    Ok(entries
        .iter()
        .map(|id| {
            let rated = players
                .iter()
                .filter(|p| p.entry_id == *id && !p.substitute)
                .take(boards)
                .filter_map(|p| counted.get(&p.person_id))
                .map(|held| u32::from(held.value))
                .collect();
            (*id, rated)
        })
        .collect())
}

/// Each entry's average rating of [`board_ratings`] (half up), by the
/// entry's start number; entries without a rated board player left out.
pub fn team_ratings(
    conn: &mut DbConnection,
    t: TournamentId,
) -> Result<HashMap<u32, u16>, crate::db::QueryError> {
    let Some(ctx) = TournamentContext::load(conn, t)? else {
        return Ok(HashMap::new());
    };
    let entries = e::of_tournament(conn, t)?;
    team_ratings_of(conn, &ctx, &entries)
}

/// [`team_ratings`] of a tournament already loaded.
pub fn team_ratings_of(
    conn: &mut DbConnection,
    ctx: &TournamentContext,
    entries: &[Entry],
) -> Result<HashMap<u32, u16>, crate::db::QueryError> {
    let ids: Vec<EntryId> = entries.iter().map(|x| x.id).collect();
    let ratings = board_ratings(conn, ctx, &ids)?;
    Ok(entries
        .iter()
        .filter_map(|x| {
            let start = u32::try_from(x.start_no?).ok()?;
            let values: Vec<u16> = ratings
                .get(&x.id)?
                .iter()
                .filter_map(|v| u16::try_from(*v).ok())
                .collect();
            Some((start, crate::rules::rating::average(&values)?))
        })
        .collect())
}

/// C.04.6's initial ranking of a team Swiss: by the average of the
/// ratings the regulation counts (on the tournament's day) of each team's
/// board players in the entry's board order, as many as the match has
/// boards (an unrated player is left out of the average; a team with no
/// rated player comes after the rated ones); equal averages by lot, drawn
/// from the tournament's seed.
fn rated_order(
    conn: &mut DbConnection,
    ctx: &TournamentContext,
    field: &[i64],
    seed: u64,
) -> Result<Vec<i64>, crate::db::QueryError> {
    let ids: Vec<EntryId> = field.iter().map(|id| EntryId(*id)).collect();
    let mut ratings = board_ratings(conn, ctx, &ids)?;
    let teams: Vec<SwissTeam> = ids
        .iter()
        .map(|id| SwissTeam {
            id: PairingEntry(id.0),
            board_ratings: ratings.remove(id).unwrap_or_default(),
            withdrawn: false,
        })
        .collect();
    let config = SwissConfig {
        initial_ranking: InitialRanking::AverageRating {
            boards: u32::from(ctx.regulation.boards),
        },
        ..SwissConfig::new(1, seed)
    };
    Ok(initial_ranking(&teams, &config)
        .into_iter()
        .map(|entry| entry.0)
        .collect())
}

/// Pairs the next regular round as a draft. Call inside a transaction.
fn pair_round(
    conn: &mut crate::db::WriteTx<'_>,
    t: TournamentId,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<RoundId, RoundError> {
    let loaded = Loaded::load(conn, t)?.ok_or(PlayError::NotFound)?;
    let drawn = loaded
        .drawn()
        .ok_or(PlayError::Refused(vec![RoundProblem::NotDrawn]))?;
    if super::knockout::plays_groups_then_knockout(&loaded.ctx) {
        return super::knockout::pair_round(conn, &loaded, &drawn, judge, now);
    }
    let regular: Vec<&Round> = loaded.rounds.iter().filter(|x| !x.is_playoff()).collect();
    if let Some(last) = regular.last()
        && (!last.is_published()
            || (drawn.format.system == PairingSystem::Swiss && !loaded.round_complete(last.id)))
    {
        return refuse(RoundProblem::PreviousRoundOpen { round: last.number });
    }
    let number = i32::try_from(regular.len() + 1).unwrap_or(i32::MAX);
    let playing = loaded.playing();
    let by_start: HashMap<i64, EntryId> = playing
        .iter()
        .filter_map(|x| Some((i64::from(x.start_no?), x.id)))
        .collect();
    let entry = |n: i64| by_start.get(&n).copied();
    let retired: Vec<EntryId> = playing
        .iter()
        .filter(|x| x.status() == e::EntryStatus::Retired)
        .map(|x| x.id)
        .collect();
    // (table, home, away) with home White on board 1.
    let mut pairs: Vec<(EntryId, Option<EntryId>)> = Vec::new();
    let rules = loaded.to_rules();
    let notes = match drawn.format.system {
        PairingSystem::RoundRobin => {
            let n = u32::try_from(playing.len()).unwrap_or(0);
            let schedule = berger_table(n, false)
                .map_err(|err| PlayError::Refused(vec![RoundProblem::Engine(err.to_string())]))?;
            let Some(round) = schedule.rounds.get(regular.len()) else {
                return refuse(RoundProblem::AllRoundsPaired);
            };
            for g in &round.games {
                if let (Some(w), Some(b)) = (entry(i64::from(g.white)), entry(i64::from(g.black))) {
                    pairs.push((w, Some(b)));
                }
            }
            if let Some(bye) = round.bye.and_then(|b| entry(i64::from(b))) {
                pairs.push((bye, None));
            }
            vec![RoundNote::Berger {
                table_round: round.table_round,
            }]
        }
        PairingSystem::Swiss => {
            // The rounds kept at the draw (or set since, R-3.5); the
            // rounds by lot as the regulation says.
            let rounds = u32::from(drawn.format.rounds.unwrap_or(7));
            let by_lot = match loaded.ctx.regulation.format {
                FormatRule::Swiss {
                    rounds_drawn_by_lot,
                    ..
                } => u32::from(rounds_drawn_by_lot).min(rounds),
                _ => 0,
            };
            if regular.len() >= rounds as usize {
                return refuse(RoundProblem::AllRoundsPaired);
            }
            let mut state = from_tournament::swiss_state(&rules).map_err(|err| {
                PlayError::Refused(vec![match err {
                    from_tournament::BridgeError::Incomplete { round, .. } => {
                        RoundProblem::RoundIncomplete {
                            round: i32::from(round),
                        }
                    }
                    other => RoundProblem::Engine(other.to_string()),
                }])
            })?;
            // G-G2: a retired entry is never paired again.
            for team in &mut state.teams {
                if entry(team.id.0).is_some_and(|x| retired.contains(&x)) {
                    team.withdrawn = true;
                }
            }
            let config = SwissConfig {
                primary_score: match loaded.ctx.regulation.scoring.primary {
                    ScoreKind::MatchPoints => PrimaryScore::MatchPoints,
                    ScoreKind::GamePoints => PrimaryScore::GamePoints,
                },
                initial_ranking: InitialRanking::AsListed,
                rounds_by_lot: by_lot,
                initial_colour: Some(Colour::White),
                ..SwissConfig::new(rounds, drawn.seed)
            };
            let entries = playing.len();
            let p = pair_next_round(&state, &config).map_err(|err| {
                PlayError::Refused(vec![match err {
                    crate::rules::pairing::PairingError::Impossible { criterion, .. } => {
                        RoundProblem::NoPairing { criterion, entries }
                    }
                    other => RoundProblem::Engine(other.to_string()),
                }])
            })?;
            for m in &p.matches {
                if let (Some(w), Some(b)) = (entry(m.white.0), entry(m.black.0)) {
                    pairs.push((w, Some(b)));
                }
            }
            for b in &p.byes {
                if let Some(team) = entry(b.team.0) {
                    pairs.push((team, None));
                }
            }
            match p.lot_seed {
                Some(lot) => vec![RoundNote::Lot { seed: lot }],
                None => vec![RoundNote::Swiss],
            }
        }
        PairingSystem::Knockout => return refuse(RoundProblem::Unsupported),
    };
    let round = r::insert_round(
        conn,
        t,
        number,
        "regular",
        i64::try_from(drawn.seed).ok(),
        &notes::encode(&notes),
        now,
    )?;
    for (i, (home, away)) in pairs.iter().enumerate() {
        let m = r::insert_match(
            conn,
            &NewMatch {
                round,
                table_no: i32::try_from(i + 1).unwrap_or(i32::MAX),
                home: *home,
                away: *away,
                stage: "main",
                group_no: None,
            },
        )?;
        let Some(away) = away else { continue };
        // G-G2: a retired entry loses its remaining matches without play.
        let forfeit = match (retired.contains(home), retired.contains(away)) {
            (true, true) => Some("double"),
            (true, false) => Some("away"),
            (false, true) => Some("home"),
            (false, false) => None,
        };
        if forfeit.is_some() {
            r::set_match_forfeit(conn, m, forfeit)?;
            continue;
        }
        insert_games(
            conn,
            &loaded,
            &rules,
            drawn.format.games_per_pairing,
            m,
            (*home, *away),
            number,
        )?;
    }
    audit::Entry::new("round.pair", format!("tournament:{t}"))
        .actor(judge)
        .championship(loaded.ctx.championship_id())
        .said(
            Message::new(msg!("audit-rounds-paired"))
                .arg("round", number)
                .list("notes", notes.iter().map(RoundNote::message), "; "),
        )
        .record(conn)?;
    Ok(round)
}

/// A pairing system as a word of the audit log.
fn system_word(system: PairingSystem) -> MsgKey {
    match system {
        PairingSystem::RoundRobin => msg!("audit-rounds-system-round-robin"),
        PairingSystem::Swiss => msg!("audit-rounds-system-swiss"),
        PairingSystem::Knockout => msg!("audit-rounds-system-knockout"),
    }
}

/// `said` about a game, placed as the pages place it: round, table,
/// board and the game's number on its board.
pub(crate) fn at_game(said: Message, round: i32, table: i32, board: i32, game: i32) -> Message {
    said.arg("round", round)
        .arg("table", table)
        .arg("board", board)
        .arg("game", game)
}

/// `said` with a game's result before and after, worded.
pub(crate) fn result_change(said: Message, before: &str, after: &str) -> Message {
    said.word("before", result_word(before))
        .word("after", result_word(after))
}

/// A stored result code as a word of the audit log: a decided game's code
/// (`1-0`, `1/2`, `+-`, …) reads alike in every language and is shown as
/// it is; a game without a result, or to be replayed, is worded.
pub(crate) fn result_word(code: &str) -> String {
    match code {
        "pending" => msg!("audit-rounds-result-pending").into(),
        "replay" => msg!("audit-rounds-result-replay").into(),
        other => other.to_owned(),
    }
}

/// Pairs the next round (judges).
pub fn pair_next(
    conn: &mut DbConnection,
    t: TournamentId,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<RoundId, RoundError> {
    write_transaction(conn, |conn| {
        super::in_play(conn, t, RoundProblem::AlreadyFinished)?;
        pair_round(conn, t, judge, now)
    })
}

/// Publishes a drafted round: its pairings become visible and results can
/// be entered.
pub fn publish(
    conn: &mut DbConnection,
    t: TournamentId,
    round: RoundId,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<(), RoundError> {
    write_transaction(conn, |conn| {
        let x = r::by_id(conn, round)?.ok_or(PlayError::NotFound)?;
        if x.tournament_id != t {
            return Err(PlayError::NotFound);
        }
        super::in_play(conn, t, RoundProblem::AlreadyFinished)?;
        let loaded = Loaded::load(conn, t)?.ok_or(PlayError::NotFound)?;
        let ctx = &loaded.ctx;
        take_off_unfit(conn, &loaded, round, Seats::Round, true, judge, now)?;
        r::publish(conn, round, now)?;
        tournaments::bump_results_version(conn, t)?;
        audit::Entry::new("round.publish", format!("round:{round}"))
            .actor(judge)
            .championship(ctx.championship_id())
            .said(Message::new(msg!("audit-rounds-published")).arg("round", x.number))
            .record(conn)?;
        crate::mail::notices::pairings_published(
            conn,
            ctx.championship_id(),
            ctx.tournament.number,
            round,
            now,
        )?;
        Ok(())
    })
}

pub use crate::zones::local_text;

/// Why a player taken off a board may not play, for the audit log: the
/// rules of the championship's regulation (`preset`) they fall foul of,
/// cited as it numbers them, or in short words where it numbers none (a
/// platform ban in R or E). The notices and pages word the reasons in full.
fn unfit_rules(why: &[crate::rules::eligibility::Unfit], preset: &str) -> Vec<Message> {
    use crate::rules::eligibility::Unfit;
    let mut cited: Vec<Message> = Vec::new();
    for u in why {
        let rules = u.rules_in(preset);
        let items: Vec<Message> = if rules.is_empty() {
            vec![match u {
                Unfit::Banned { .. } => msg!("unfit-short-banned").into(),
                Unfit::NotOnRoster => msg!("unfit-short-not-on-roster").into(),
                _ => msg!("unfit-short-not-admitted").into(),
            }]
        } else {
            rules.into_iter().map(crate::i18n::cite::rule).collect()
        };
        for item in items {
            if !cited.contains(&item) {
                cited.push(item);
            }
        }
    }
    cited
}

/// Numbers as a list: "1, 3".
fn join(numbers: &[i32]) -> String {
    numbers
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// G-A7 at publication and at every moment after it: a player lined up in
/// the round who may not play now (banned since the line-up, no longer on
/// the roster, barred by a sanction, …) is taken off the board, which
/// stays empty — its games lost by forfeit — until a substitute fills it
/// (G-G7: removal comes with the right of substitution). Audited; told to
/// the entry's captain and the judges when `tell` (a ban and a sanction
/// tell them in their own notice).
fn take_off_unfit(
    conn: &mut crate::db::WriteTx<'_>,
    loaded: &Loaded,
    round: RoundId,
    seats: Seats,
    tell: bool,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<(), crate::db::QueryError> {
    for off in super::play_state::unseated(conn, loaded, round, seats, now)? {
        let Some(entry) = loaded.entries.iter().find(|x| x.id == off.entry) else {
            continue;
        };
        for g in &off.games {
            r::set_player(conn, *g, off.home, None)?;
        }
        let nick = loaded.nicks.get(&off.person).cloned().unwrap_or_default();
        audit::Entry::new("lineup.unfit", format!("entry:{}", entry.id))
            .actor(judge)
            .championship(loaded.ctx.championship_id())
            .said(
                Message::new(msg!("audit-rounds-unfit"))
                    .arg("nick", &nick)
                    .arg("count", off.boards.len())
                    .arg("boards", join(&off.boards))
                    .list(
                        "rules",
                        unfit_rules(&off.why, &loaded.ctx.regulation.code),
                        ", ",
                    ),
            )
            .record(conn)?;
        if !tell {
            continue;
        }
        let tz = loaded.ctx.tz;
        crate::mail::notices::player_unfit(
            conn,
            loaded.ctx.championship_id(),
            loaded.ctx.tournament.number,
            entry,
            &nick,
            &off.why,
            Some(off.table_no),
            &|at| local_text(tz, at),
            now,
        )?;
    }
    Ok(())
}

/// G-A7, G-B31/G-B32, G-G4/G-G7 at every moment of play: after an act that
/// may leave someone unfit to play — a ban, a clone link, leaving a
/// roster, a sanction that bars a person — every tournament still in play
/// in which one of `people` (or a clone of theirs) is entered takes them
/// off the boards of its published rounds' games still to be played.
/// `tell`: the captain and the judges are told here (a ban and a sanction
/// tell them in their own notice).
pub fn take_off_unfit_now(
    conn: &mut crate::db::WriteTx<'_>,
    people: &[PersonId],
    tell: bool,
    actor: PersonId,
    now: NaiveDateTime,
) -> Result<(), crate::db::QueryError> {
    let mut tournaments = std::collections::BTreeSet::new();
    for person in people {
        for p in crate::db::standing::clone_group(conn, *person)? {
            for (_, _, t) in e::entered_with_person(conn, p)? {
                tournaments.insert(t);
            }
        }
    }
    for t in tournaments {
        let Some(loaded) = Loaded::load(conn, t)? else {
            continue;
        };
        if loaded.ctx.tournament.finished_at.is_some() {
            continue;
        }
        for round in &loaded.rounds {
            if round.is_published() && !loaded.round_complete(round.id) {
                take_off_unfit(
                    conn,
                    &loaded,
                    round.id,
                    Seats::StillToPlay,
                    tell,
                    actor,
                    now,
                )?;
            }
        }
        tournaments::bump_results_version(conn, t)?;
    }
    Ok(())
}

/// Where a judge's result comes from: the tournament page, or a game
/// server holding an API token the judge's championship gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultSource<'a> {
    Page,
    ApiToken {
        id: ApiTokenId,
        name: &'a str,
    },
    /// A judge's correction of a completed round, with its reason.
    Correction {
        reason: &'a str,
    },
    /// A game played out on a game server, read back by the worker.
    GameServer {
        server: &'a str,
        game: &'a str,
    },
}

/// A judge's result for one game, if the game is still at `version`.
pub fn record_result(
    conn: &mut DbConnection,
    t: TournamentId,
    game: GameId,
    version: i32,
    result: BoardResult,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<(), RoundError> {
    record_result_from(
        conn,
        t,
        game,
        version,
        result,
        judge,
        ResultSource::Page,
        now,
    )
}

/// [`record_result`] naming where the result came from: an API token's
/// use is recorded on the token and in the audit entry (its name and the
/// judge it acts for), in the same transaction as the result.
#[allow(clippy::too_many_arguments)]
pub fn record_result_from(
    conn: &mut DbConnection,
    t: TournamentId,
    game: GameId,
    version: i32,
    result: BoardResult,
    judge: PersonId,
    source: ResultSource<'_>,
    now: NaiveDateTime,
) -> Result<(), RoundError> {
    write_transaction(conn, |conn| {
        record_result_in(
            conn,
            t,
            game,
            version,
            result,
            judge,
            source,
            Act::Entry,
            now,
        )
    })
}

/// [`record_result_from`] inside the caller's write transaction.
#[allow(clippy::too_many_arguments)]
pub(crate) fn record_result_in(
    conn: &mut crate::db::WriteTx<'_>,
    t: TournamentId,
    game: GameId,
    version: i32,
    result: BoardResult,
    judge: PersonId,
    source: ResultSource<'_>,
    act: Act,
    now: NaiveDateTime,
) -> Result<(), RoundError> {
    {
        let g = r::game_by_id(conn, game)?.ok_or(PlayError::NotFound)?;
        let m = r::match_by_id(conn, g.match_id)?.ok_or(PlayError::NotFound)?;
        let round = r::by_id(conn, m.round_id)?.ok_or(PlayError::NotFound)?;
        if round.tournament_id != t {
            return Err(PlayError::NotFound);
        }
        let championship = super::results_in_play(conn, t, RoundProblem::AlreadyFinished)?;
        // Only a result given to an unplayed game can complete the round.
        let completes = !g.result().is_final() && result.is_final();
        r::hold(
            conn,
            round.id,
            if completes {
                r::RoundHold::Alone
            } else {
                r::RoundHold::Shared
            },
        )?;
        if !round.is_published() {
            return refuse(RoundProblem::NotPublished);
        }
        // Someone else changed the game since the form was shown: that
        // is said first, with what the game holds now.
        if g.version != version {
            return refuse(RoundProblem::Changed {
                result: g.result.clone(),
                version: g.version,
            });
        }
        let tournament = tournaments::by_id(conn, t)?.ok_or(PlayError::NotFound)?;
        let at = ResultWriteAt {
            game: &g,
            round_complete: round_complete_in(conn, round.id)?,
            round_no: round.number,
            result,
        };
        let problems = play_state::check_result(conn, &tournament, &at, act, now)?;
        if !problems.is_empty() {
            return Err(PlayError::Refused(problems));
        }
        if !r::decide_result(conn, game, version, result, Some(judge), now)? {
            let now_is = r::game_by_id(conn, game)?.ok_or(PlayError::NotFound)?;
            return refuse(RoundProblem::Changed {
                result: now_is.result,
                version: now_is.version,
            });
        }
        let said = match source {
            ResultSource::Page => Message::new(msg!("audit-rounds-result")),
            ResultSource::ApiToken { id, name } => {
                crate::db::api_tokens::touch(conn, id, now)?;
                Message::new(msg!("audit-rounds-result-api"))
                    .arg("token", id)
                    .arg("name", name)
            }
            ResultSource::Correction { reason } => {
                Message::new(msg!("audit-rounds-result-corrected")).arg("reason", reason)
            }
            ResultSource::GameServer { server, game } => {
                Message::new(msg!("audit-rounds-result-server"))
                    .arg("server", server)
                    .arg("server_game", game)
            }
        };
        audit::Entry::new("game.result", format!("game:{game}"))
            .actor(judge)
            .championship(championship)
            .said(result_change(
                at_game(said, round.number, m.table_no, g.board, g.game_no),
                &g.result,
                r::result_code(result),
            ))
            .record(conn)?;
        // The game's trigger moves the results versions (migration
        // 000041; on PostgreSQL at the commit).
        Ok(())
    }
}

/// The most characters a correction's reason keeps.
pub const MAX_REASON_CHARS: usize = 500;

/// A judge corrects a result after it was final (G-D1: the judges settle
/// results; G-D4: decisions stand unless corrected): its own act, apart
/// from the round's sheet, with the reason required, audited with it, and
/// told to both entries' captains and the judges. When the game's kept
/// PGN gives another result the correction is refused
/// ([`RoundProblem::PgnSays`]) unless `pgn_known` says the judge has seen
/// it. Every other check of a result applies (an empty board takes only
/// its forfeit, nothing before the start, a finished tournament is final).
#[allow(clippy::too_many_arguments)]
pub fn correct_result(
    conn: &mut DbConnection,
    t: TournamentId,
    game: GameId,
    version: i32,
    result: BoardResult,
    reason: &str,
    pgn_known: bool,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<(), RoundError> {
    let reason = reason.trim();
    if reason.is_empty() {
        return refuse(RoundProblem::ReasonRequired);
    }
    let reason: String = reason.chars().take(MAX_REASON_CHARS).collect();
    write_transaction(conn, |conn| {
        let before = r::game_by_id(conn, game)?.ok_or(PlayError::NotFound)?;
        record_result_in(
            conn,
            t,
            game,
            version,
            result,
            judge,
            ResultSource::Correction { reason: &reason },
            Act::Correction { pgn_known },
            now,
        )?;
        let m = r::match_by_id(conn, before.match_id)?.ok_or(PlayError::NotFound)?;
        let round = r::by_id(conn, m.round_id)?.ok_or(PlayError::NotFound)?;
        let ctx = TournamentContext::load(conn, t)?.ok_or(PlayError::NotFound)?;
        crate::mail::notices::result_corrected(
            conn,
            ctx.championship_id(),
            t,
            ctx.tournament.number,
            (round.number, m.table_no, before.board, before.game_no),
            [m.home_entry_id, m.away_entry_id.unwrap_or(m.home_entry_id)],
            (&before.result, r::result_code(result)),
            &reason,
            now,
        )?;
        Ok(())
    })
}

/// One line of a judge's result sheet: a game, the version it had when
/// the sheet was shown, and the result on the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetLine {
    pub game: GameId,
    pub version: i32,
    pub result: BoardResult,
}

/// A judge's result sheet for a published round of `t`: every game whose
/// result the sheet changes, in one transaction, or none of them. A game
/// someone else changed since the sheet was shown refuses the sheet with
/// its current state ([`RoundProblem::SheetChanged`]), unless the sheet
/// already says what it holds. Returns how many results changed.
pub fn record_sheet(
    conn: &mut DbConnection,
    t: TournamentId,
    round: RoundId,
    lines: &[SheetLine],
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<usize, RoundError> {
    write_transaction(conn, |conn| {
        let rnd = r::by_id(conn, round)?
            .filter(|x| x.tournament_id == t)
            .ok_or(PlayError::NotFound)?;
        let championship = super::results_in_play(conn, t, RoundProblem::AlreadyFinished)?;
        r::hold(conn, round, r::RoundHold::Alone)?;
        if !rnd.is_published() {
            return refuse(RoundProblem::NotPublished);
        }
        let matches = r::matches_of_rounds(conn, &[round])?;
        let ids: Vec<MatchId> = matches.iter().map(|m| m.id).collect();
        let games = r::games_of_matches(conn, &ids)?;
        let mut problems = Vec::new();
        let mut writes = Vec::new();
        for line in lines {
            let g = games
                .iter()
                .find(|g| g.id == line.game)
                .ok_or(PlayError::NotFound)?;
            if g.result == r::result_code(line.result) {
                continue;
            }
            if g.version != line.version {
                problems.push(RoundProblem::SheetChanged {
                    game: g.id,
                    result: g.result.clone(),
                    version: g.version,
                });
                continue;
            }
            writes.push((g, line.result));
        }
        if !problems.is_empty() {
            return Err(PlayError::Refused(problems));
        }
        let round_complete = matches
            .iter()
            .filter(|m| m.forfeit.is_none() && m.away_entry_id.is_some())
            .all(|m| {
                games
                    .iter()
                    .filter(|g| g.match_id == m.id)
                    .all(|g| g.result().is_final())
            });
        let writes: Vec<ResultWrite> = writes
            .into_iter()
            .map(|(g, result)| {
                let m = matches
                    .iter()
                    .find(|m| m.id == g.match_id)
                    .ok_or(PlayError::NotFound)?;
                Ok(ResultWrite {
                    game: g,
                    round_no: rnd.number,
                    table_no: m.table_no,
                    result,
                    round_complete,
                })
            })
            .collect::<Result<_, RoundError>>()?;
        write_results(
            conn,
            (championship, t),
            &writes,
            judge,
            msg!("audit-rounds-result-sheet"),
            Act::Entry,
            now,
        )?;
        Ok(writes.len())
    })
}

/// One result a judge's sheet or file sets, with where the game is.
pub(crate) struct ResultWrite<'a> {
    pub game: &'a Game,
    pub round_no: i32,
    pub table_no: i32,
    pub result: BoardResult,
    /// Every game of the game's round had a final result before the write.
    pub round_complete: bool,
}

/// Sets each result if its game is still at the version read (else the
/// whole write is refused with the game's current state, as if it had
/// been seen first) and audits each with `said` and the game's place (the
/// games' trigger moves the results versions). The caller's transaction
/// has checked that the tournament `t` of `championship` is in play and
/// the rounds published.
pub(crate) fn write_results(
    conn: &mut crate::db::WriteTx<'_>,
    (championship, t): (ChampionshipId, TournamentId),
    writes: &[ResultWrite<'_>],
    judge: PersonId,
    said: MsgKey,
    act: Act,
    now: NaiveDateTime,
) -> Result<usize, RoundError> {
    if writes.is_empty() {
        return Ok(0);
    }
    let tournament = tournaments::by_id(conn, t)?.ok_or(PlayError::NotFound)?;
    let mut problems = Vec::new();
    for w in writes {
        let at = ResultWriteAt {
            game: w.game,
            round_complete: w.round_complete,
            round_no: w.round_no,
            result: w.result,
        };
        problems.extend(play_state::check_result(conn, &tournament, &at, act, now)?);
    }
    if !problems.is_empty() {
        return Err(PlayError::Refused(problems));
    }
    for w in writes {
        let g = w.game;
        if !r::decide_result(conn, g.id, g.version, w.result, Some(judge), now)? {
            let now_is = r::game_by_id(conn, g.id)?.ok_or(PlayError::NotFound)?;
            return refuse(RoundProblem::SheetChanged {
                game: g.id,
                result: now_is.result,
                version: now_is.version,
            });
        }
        audit::Entry::new("game.result", format!("game:{}", g.id))
            .actor(judge)
            .championship(championship)
            .said(result_change(
                at_game(
                    Message::new(said),
                    w.round_no,
                    w.table_no,
                    g.board,
                    g.game_no,
                ),
                &g.result,
                r::result_code(w.result),
            ))
            .record(conn)?;
    }
    // The games' trigger moves the results versions (migration 000041).
    Ok(writes.len())
}

/// Whether every match of the round is decided (G-V23), read from the
/// database: a bye or a match forfeited whole needs no game result.
pub(crate) fn round_complete_in(
    conn: &mut DbConnection,
    round: RoundId,
) -> Result<bool, crate::db::QueryError> {
    let matches = r::matches_of_rounds(conn, &[round])?;
    let open: Vec<MatchId> = matches
        .iter()
        .filter(|m| m.forfeit.is_none() && m.away_entry_id.is_some())
        .map(|m| m.id)
        .collect();
    Ok(r::games_of_matches(conn, &open)?
        .iter()
        .all(|g| g.result().is_final()))
}

/// Rounds a format plays: the Berger schedule's length for a round robin,
/// the declared rounds of a Swiss.
pub fn rounds_due(loaded: &Loaded, drawn: &Drawn) -> usize {
    match drawn.format.system {
        PairingSystem::RoundRobin => {
            let n = u32::try_from(loaded.playing().len()).unwrap_or(0);
            berger_table(n, false).map_or(0, |s| s.rounds.len())
        }
        _ => usize::from(drawn.format.rounds.unwrap_or(0)),
    }
}

/// G-E1: when the last tournament of the season is finished (every
/// tournament of the championship, and at least the season's count of the
/// regulation), the top four of the season table get history entries.
/// A one-event championship (seeds R, E) is complete when its event is:
/// its top four are the event's final places (`season::load`).
/// Call inside the transaction that finishes the tournament.
pub(super) fn season_history(
    conn: &mut crate::db::WriteTx<'_>,
    ctx: &TournamentContext,
    now: NaiveDateTime,
) -> Result<(), RoundError> {
    let due = ctx
        .regulation
        .season
        .as_ref()
        .map_or(1, |s| usize::from(s.tournaments));
    let all = tournaments::of_championship(conn, ctx.championship_id())?;
    if all.len() < due || all.iter().any(|x| x.finished_at.is_none()) {
        return Ok(());
    }
    let season = super::season::load(conn, ctx.championship_id(), &ctx.regulation)?;
    for row in season.rows.iter().filter(|r| r.place.first <= 4) {
        let Some(&team) = season.team_of.get(&row.team) else {
            continue;
        };
        crate::db::results::insert_history(
            conn,
            &crate::db::results::NewHistory {
                championship: ctx.championship_id(),
                tournament: None,
                team,
                entry_name: &row.team,
                kind: "season",
                place: i32::try_from(row.place.first).unwrap_or(i32::MAX),
                at: now,
            },
        )?;
    }
    Ok(())
}

/// Finishes a tournament whose rounds are all complete: places and
/// tournament points by the regulation's table (G-V41, R-3.4) and the
/// winner's history entry (G-E1). A first place still shared after the
/// tie-breaks needs its play-off first (G-V42).
pub fn finish(
    conn: &mut DbConnection,
    t: TournamentId,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<(), RoundError> {
    write_transaction(conn, |conn| {
        super::in_play(conn, t, RoundProblem::AlreadyFinished)?;
        let loaded = Loaded::load(conn, t)?.ok_or(PlayError::NotFound)?;
        let placed = final_places(&loaded)?;
        record_finish(conn, &loaded, &placed, judge, now)?;
        // The platform's rating takes the tournament's games in.
        super::ratings::refresh_in(conn)?;
        crate::mail::notices::tournament_finished(
            conn,
            loaded.ctx.championship_id(),
            t,
            loaded.ctx.tournament.number,
            &placed,
            now,
        )?;
        Ok(())
    })
}

/// The chief judge reopens a finished tournament, giving the reason (G-D1:
/// the chief judge's decision): its places, tournament points and history
/// entries are withdrawn until it is finished again, and results can be
/// corrected meanwhile. Audited, and told to its captains and the judges.
pub fn reopen(
    conn: &mut DbConnection,
    t: TournamentId,
    chief: PersonId,
    reason: &str,
    now: NaiveDateTime,
) -> Result<(), RoundError> {
    let reason = reason.trim();
    write_transaction(conn, |conn| {
        if tournaments::lock_finished_at(conn, t)?
            .ok_or(PlayError::NotFound)?
            .1
            .is_none()
        {
            return refuse(RoundProblem::InPlay);
        }
        if reason.is_empty() {
            return refuse(RoundProblem::ReasonRequired);
        }
        let reason = Message::new(msg!("as-written")).arg("text", reason);
        reopen_within(conn, t, chief, reason, now)
    })
}

/// Reopens a finished tournament inside the caller's transaction: the
/// recorded places and history go, results can change again, and the
/// captains and judges are told `reason`.
pub(crate) fn reopen_within(
    conn: &mut crate::db::WriteTx<'_>,
    t: TournamentId,
    by: PersonId,
    reason: Message,
    now: NaiveDateTime,
) -> Result<(), RoundError> {
    let ctx = TournamentContext::load(conn, t)?.ok_or(PlayError::NotFound)?;
    let c = ctx.championship_id();
    crate::db::results::clear_recorded(conn, c, t)?;
    tournaments::mark_finished(conn, t, None)?;
    tournaments::bump_results_version(conn, t)?;
    audit::Entry::new("tournament.reopen", format!("tournament:{t}"))
        .actor(by)
        .championship(c)
        .said(Message::new(msg!("audit-rounds-reopened")).list("reason", [reason.clone()], ""))
        .record(conn)?;
    crate::mail::notices::tournament_reopened(conn, c, t, ctx.tournament.number, reason, now)?;
    Ok(())
}

/// The final places and tournament points of a tournament whose play is
/// over, by the regulation (G-V41, R-3.4; seed E's bracket), with the
/// places upheld appeals set (G-D4, `rules::places::fix`: the others keep
/// their order): what `finish` records, and what `rerecord_finished`
/// records again after an upheld appeal changed results or places.
pub(super) fn final_places(loaded: &Loaded) -> Result<Vec<Placed>, RoundError> {
    let fixed: Vec<(EntryId, u32)> = loaded
        .place_overrides
        .iter()
        .map(|x| (x.entry_id, u32::try_from(x.place).unwrap_or(0)))
        .collect();
    let table = &loaded.ctx.regulation.place_points;
    let points = |order: Vec<(EntryId, Place)>| -> Vec<Placed> {
        order
            .into_iter()
            .map(|(e, p)| (e, p, table.for_range(p.first, p.last)))
            .collect()
    };
    let fix = |computed: &[(EntryId, Place)]| {
        crate::rules::places::fix(computed, &fixed)
            .map_err(|ps| PlayError::Refused(ps.into_iter().map(RoundProblem::Standing).collect()))
    };
    let drawn = loaded
        .drawn()
        .ok_or(PlayError::Refused(vec![RoundProblem::NotDrawn]))?;
    if super::knockout::plays_groups_then_knockout(&loaded.ctx) {
        let computed: Vec<(EntryId, Place)> = super::knockout::placed(loaded)?
            .into_iter()
            .map(|(e, p, _)| (e, p))
            .collect();
        return Ok(points(fix(&computed)?));
    }
    if !loaded.regular_rounds_done(&drawn) || super::knockout::open_playoff(loaded).is_some() {
        return refuse(RoundProblem::NotFinished);
    }
    let rules = loaded.to_rules();
    let playoffs = super::knockout::playoff_results(loaded);
    let st = crate::rules::ranking::standings(&rules, &loaded.ctx.regulation.tie_breaks, &playoffs)
        .map_err(|err| PlayError::Refused(vec![RoundProblem::Engine(err.to_string())]))?;
    let computed: Vec<(EntryId, Place)> = st
        .rows
        .iter()
        .filter_map(|row| Some((super::knockout::entry_of_team(loaded, row.team)?, row.place)))
        .collect();
    let order = fix(&computed)?;
    // G-V42 on the final order: a first place an appeal settled needs no
    // play-off.
    let rows = order
        .iter()
        .filter_map(|(e, place)| {
            let row = st
                .rows
                .iter()
                .find(|r| super::knockout::entry_of_team(loaded, r.team) == Some(*e))?;
            Some(crate::rules::ranking::StandingRow {
                place: *place,
                ..row.clone()
            })
        })
        .collect();
    let final_order = crate::rules::ranking::Standings {
        rows,
        gaps: Vec::new(),
        not_applicable: st.not_applicable.clone(),
    };
    let name = |team: TeamId| {
        rules
            .teams
            .iter()
            .find(|x| x.id == team)
            .map(|x| x.name.clone())
            .unwrap_or_default()
    };
    if let Some(tied) =
        crate::rules::playoff::playoffs_needed(&final_order, &loaded.ctx.regulation.playoff).first()
    {
        return refuse(RoundProblem::PlayoffNeeded {
            entries: tied.iter().map(|x| name(*x)).collect(),
        });
    }
    Ok(points(order))
}

/// An entry's final place and its tournament points.
pub(super) type Placed = (
    EntryId,
    crate::rules::ranking::Place,
    crate::rules::score::HalfPoints,
);

/// Ends a finished tournament: its places with tournament points, the
/// winner's history entry (G-E1), the season's top four when it was the
/// season's last tournament, and the audit entry.
pub(super) fn record_finish(
    conn: &mut crate::db::WriteTx<'_>,
    loaded: &Loaded,
    placed: &[Placed],
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<(), RoundError> {
    let t = loaded.ctx.id();
    if tournaments::mark_finished(conn, t, Some(now))? == 0 {
        return refuse(RoundProblem::AlreadyFinished);
    }
    record_places(conn, loaded, placed, now)?;
    season_history(conn, &loaded.ctx, now)?;
    tournaments::bump_results_version(conn, t)?;
    audit::Entry::new("tournament.finish", format!("tournament:{t}"))
        .actor(judge)
        .championship(loaded.ctx.championship_id())
        .said(Message::new(msg!("audit-rounds-finished")).arg("places", placed.len()))
        .record(conn)?;
    Ok(())
}

/// Records the places with tournament points and the winner's history
/// entry (G-E1).
fn record_places(
    conn: &mut crate::db::WriteTx<'_>,
    loaded: &Loaded,
    placed: &[Placed],
    now: NaiveDateTime,
) -> Result<(), RoundError> {
    let t = loaded.ctx.id();
    for (id, place, points) in placed {
        let Some(x) = loaded.entries.iter().find(|x| x.id == *id) else {
            continue;
        };
        let range = (
            i32::try_from(place.first).unwrap_or(i32::MAX),
            i32::try_from(place.last).unwrap_or(i32::MAX),
        );
        crate::db::results::insert_place(conn, t, x.id, x.team_id, range, points.0)?;
        if place.first == 1 {
            crate::db::results::insert_history(
                conn,
                &crate::db::results::NewHistory {
                    championship: loaded.ctx.championship_id(),
                    tournament: Some(t),
                    team: x.team_id,
                    entry_name: &x.name,
                    kind: "tournament",
                    place: 1,
                    at: now,
                },
            )?;
        }
    }
    Ok(())
}

/// Records again what finishing a tournament recorded — places, tournament
/// points, the winner's history entry and the season's top four — after
/// its results changed on appeal (G-D4: "appeals may change the results of
/// a past tournament"). Call inside the transaction that changed them; the
/// caller audits the change with the case that caused it.
pub(crate) fn rerecord_finished(
    conn: &mut crate::db::WriteTx<'_>,
    t: TournamentId,
    now: NaiveDateTime,
) -> Result<Vec<Placed>, RoundError> {
    let loaded = Loaded::load(conn, t)?.ok_or(PlayError::NotFound)?;
    if loaded.ctx.tournament.finished_at.is_none() {
        return refuse(RoundProblem::NotFinished);
    }
    let placed = final_places(&loaded)?;
    crate::db::results::clear_recorded(conn, loaded.ctx.championship_id(), t)?;
    record_places(conn, &loaded, &placed, now)?;
    season_history(conn, &loaded.ctx, now)?;
    tournaments::bump_results_version(conn, t)?;
    Ok(placed)
}

/// The games of a match: every board × game of the format, players from
/// each side's line-up for round `number` (G-V22), colours by board and
/// game as the regulation alternates them.
pub(super) fn insert_games(
    conn: &mut crate::db::WriteTx<'_>,
    loaded: &Loaded,
    rules: &rt::Tournament,
    games_per_pairing: u8,
    m: crate::ids::MatchId,
    (home, away): (EntryId, EntryId),
    number: i32,
) -> Result<(), crate::db::QueryError> {
    let (home_boards, away_boards) = (
        loaded.boards_for(home, number),
        loaded.boards_for(away, number),
    );
    for board in 1..=rules.boards {
        for game in 1..=games_per_pairing {
            let idx = usize::from(board - 1);
            r::insert_game(
                conn,
                &NewGame {
                    match_id: m,
                    board: i32::from(board),
                    game_no: i32::from(game),
                    home_player: home_boards.get(idx).copied().flatten(),
                    away_player: away_boards.get(idx).copied().flatten(),
                    home_white: rules.home_colour(board, game)
                        == crate::rules::score::Colour::White,
                },
            )?;
        }
    }
    Ok(())
}

/// A draft round of tournament `t` whose pairings a judge changes: the
/// tournament still in play, the round found and not yet published.
fn draft_round(
    conn: &mut crate::db::WriteTx<'_>,
    t: TournamentId,
    round: RoundId,
) -> Result<(Loaded, Round), RoundError> {
    super::in_play(conn, t, RoundProblem::AlreadyFinished)?;
    let loaded = Loaded::load(conn, t)?.ok_or(PlayError::NotFound)?;
    let x = loaded.round(round).ok_or(PlayError::NotFound)?;
    if x.is_published() {
        return refuse(RoundProblem::AlreadyPublished);
    }
    Ok((loaded, x))
}

/// A drafted match takes new sides (`away` `None`: the bye) and its games
/// are made again for round `number`.
fn repair_match(
    conn: &mut crate::db::WriteTx<'_>,
    loaded: &Loaded,
    rules: &rt::Tournament,
    drawn: &Drawn,
    m: crate::ids::MatchId,
    (home, away): (EntryId, Option<EntryId>),
    number: i32,
) -> Result<(), crate::db::QueryError> {
    r::set_match_entries(conn, m, home, away)?;
    r::delete_games(conn, m)?;
    match away {
        Some(away) => insert_games(
            conn,
            loaded,
            rules,
            drawn.format.games_per_pairing,
            m,
            (home, away),
            number,
        ),
        None => Ok(()),
    }
}

/// What is wrong with a typed lot, entries by name (`rules::pairing::lot::
/// TypedLotProblem`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypedLot {
    /// A table typed with one team (its number, the team).
    HalfEmpty(usize, String),
    Missing(String),
    Twice(String),
    WithItself(String),
    Unknown,
    Bye {
        expected: bool,
    },
    Rematch(String, String),
}

/// One table of a typed lot as the form sent it: home and away, either
/// left empty.
pub type TypedTable = (Option<EntryId>, Option<EntryId>);

/// a judge types the pairing drawn from the drum for a draft round
/// the regulation draws by lot (`tables`: home and away per table as the
/// form sent them, either empty; `bye` apart). Every entry of the round once, the bye only with an odd
/// number, no rematch; the round's matches take the typed pairs, their
/// games are made again, and the round's note says the lot was drawn in
/// the hall.
pub fn enter_lot(
    conn: &mut DbConnection,
    t: TournamentId,
    round: RoundId,
    tables: &[TypedTable],
    bye: Option<EntryId>,
    judge: PersonId,
) -> Result<(), RoundError> {
    use crate::rules::pairing::lot::{TypedLotProblem as P, check_tables};
    write_transaction(conn, |conn| {
        let (loaded, x) = draft_round(conn, t, round)?;
        let by_lot = match loaded.ctx.regulation.format {
            FormatRule::Swiss {
                rounds_drawn_by_lot,
                ..
            } => i32::from(rounds_drawn_by_lot),
            _ => 0,
        };
        let mut matches: Vec<Match> = loaded.matches_of(x.id).cloned().collect();
        if x.is_playoff() || x.number > by_lot || matches.iter().any(|m| m.stage != "main") {
            return refuse(RoundProblem::NotLotRound);
        }
        let drawn = loaded
            .drawn()
            .ok_or(PlayError::Refused(vec![RoundProblem::NotDrawn]))?;
        let teams: Vec<i64> = matches
            .iter()
            .flat_map(|m| std::iter::once(m.home_entry_id).chain(m.away_entry_id))
            .map(|e| e.0)
            .collect();
        let met: Vec<(i64, i64)> = loaded
            .rounds
            .iter()
            .filter(|r| r.number < x.number)
            .flat_map(|r| loaded.matches_of(r.id))
            .filter_map(|m| m.away_entry_id.map(|a| (m.home_entry_id.0, a.0)))
            .collect();
        let typed: Vec<(Option<i64>, Option<i64>)> = tables
            .iter()
            .map(|(h, a)| (h.map(|h| h.0), a.map(|a| a.0)))
            .collect();
        let pairs: Vec<(EntryId, Option<EntryId>)> = tables
            .iter()
            .filter_map(|(h, a)| Some((*h.as_ref()?, Some(*a.as_ref()?))))
            .chain(bye.map(|b| (b, None)))
            .collect();
        let name = |e: i64| {
            loaded
                .entries
                .iter()
                .find(|x| x.id.0 == e)
                .map(|x| x.name.clone())
                .unwrap_or_default()
        };
        let problems: Vec<TypedLot> = check_tables(&teams, &typed, bye.map(|b| b.0), &met)
            .into_iter()
            .map(|p| match p {
                P::HalfEmpty { table, team } => TypedLot::HalfEmpty(table, name(team)),
                P::Missing(e) => TypedLot::Missing(name(e)),
                P::Twice(e) => TypedLot::Twice(name(e)),
                P::WithItself(e) => TypedLot::WithItself(name(e)),
                P::Unknown(_) => TypedLot::Unknown,
                P::Bye { expected } => TypedLot::Bye { expected },
                P::Rematch(a, b) => TypedLot::Rematch(name(a), name(b)),
            })
            .collect();
        if !problems.is_empty() {
            return refuse(RoundProblem::TypedLot(problems));
        }
        // The pairs take the round's tables in order, the bye the last.
        matches.sort_by_key(|m| (m.away_entry_id.is_none(), m.table_no));
        let mut ordered: Vec<(EntryId, Option<EntryId>)> = pairs.to_vec();
        ordered.sort_by_key(|(_, away)| away.is_none());
        let rules = loaded.to_rules();
        for (m, (home, away)) in matches.iter().zip(ordered) {
            repair_match(conn, &loaded, &rules, &drawn, m.id, (home, away), x.number)?;
        }
        let mut all: Vec<RoundNote> = notes::decode(&x.notes)
            .unwrap_or_default()
            .into_iter()
            .filter(|n| !matches!(n, RoundNote::Lot { .. }))
            .collect();
        all.push(RoundNote::LotInHall);
        r::set_notes(conn, round, &notes::encode(&all))?;
        audit::Entry::new("round.lot_entered", format!("round:{round}"))
            .actor(judge)
            .championship(loaded.ctx.championship_id())
            .said(Message::new(msg!("audit-rounds-lot-entered")).arg("round", x.number))
            .record(conn)?;
        Ok(())
    })
}

/// A judge adjusts a drafted round before publishing it: two entries
/// change places in the pairings (one may be the bye). The games of the
/// matches touched are made again; the change is written in the round's
/// notes and the audit log with the judge's reason.
pub fn swap(
    conn: &mut DbConnection,
    t: TournamentId,
    round: RoundId,
    (a, b): (EntryId, EntryId),
    reason: &str,
    judge: PersonId,
) -> Result<(), RoundError> {
    let reason = reason.trim().to_owned();
    write_transaction(conn, |conn| {
        let (loaded, x) = draft_round(conn, t, round)?;
        // Groups, brackets and play-offs are read back from their pairings:
        // only the main pairings of a round robin or Swiss are adjusted.
        if x.is_playoff() || loaded.matches_of(x.id).any(|m| m.stage != "main") {
            return refuse(RoundProblem::Unsupported);
        }
        if reason.is_empty() {
            return refuse(RoundProblem::ReasonRequired);
        }
        let drawn = loaded
            .drawn()
            .ok_or(PlayError::Refused(vec![RoundProblem::NotDrawn]))?;
        let side = |e: EntryId| {
            loaded.matches_of(x.id).find_map(|m| {
                if m.home_entry_id == e {
                    Some((m.clone(), true))
                } else if m.away_entry_id == Some(e) {
                    Some((m.clone(), false))
                } else {
                    None
                }
            })
        };
        let (Some((ma, a_home)), Some((mb, b_home))) = (side(a), side(b)) else {
            return refuse(RoundProblem::NotInRound);
        };
        if a == b || (ma.id == mb.id) {
            return refuse(RoundProblem::NotInRound);
        }
        let put = |m: &Match, home: bool, e: EntryId| {
            let mut m = m.clone();
            if home {
                m.home_entry_id = e;
            } else {
                m.away_entry_id = Some(e);
            }
            m
        };
        let rules = loaded.to_rules();
        for m in [put(&ma, a_home, b), put(&mb, b_home, a)] {
            let sides = (m.home_entry_id, m.away_entry_id);
            repair_match(conn, &loaded, &rules, &drawn, m.id, sides, x.number)?;
        }
        let name = |e: EntryId| {
            loaded
                .entries
                .iter()
                .find(|x| x.id == e)
                .map(|x| x.name.clone())
                .unwrap_or_default()
        };
        let (a, b) = (name(a), name(b));
        let said = Message::new(msg!("audit-rounds-adjusted"))
            .arg("round", x.number)
            .arg("a", &a)
            .arg("b", &b)
            .arg("reason", &reason);
        let note = RoundNote::Adjusted {
            a,
            b,
            reason: reason.clone(),
        };
        let mut all = notes::decode(&x.notes).unwrap_or_default();
        all.push(note);
        r::set_notes(conn, round, &notes::encode(&all))?;
        audit::Entry::new("round.adjust", format!("round:{round}"))
            .actor(judge)
            .championship(loaded.ctx.championship_id())
            .said(said)
            .record(conn)?;
        Ok(())
    })
}

/// The standings with the places upheld appeals set (G-D4): the entries
/// fixed at a place stand there, the others keep their order around them
/// (`rules::places::fix`). What the crosstable ranks by, so that it agrees
/// with the places recorded; without such decisions, `st` as it is. A
/// separation is kept only between rows that stay next to each other.
/// Seed E's places, once its play-off decided them (E-1, E-9), are the
/// play-off's, not the table's over every round: the rows are ranked by
/// them, entries sharing a place by start number, with no separations.
pub fn with_decided_places(
    l: &Loaded,
    st: crate::rules::ranking::Standings,
) -> crate::rules::ranking::Standings {
    if let Some(places) = super::knockout::decided_places(l) {
        let place_of = |team: crate::rules::tournament::TeamId| {
            let entry = l
                .entries
                .iter()
                .find(|x| x.start_no == Some(i32::from(team.0)))?
                .id;
            places.iter().find(|(e, _)| *e == entry).map(|(_, p)| *p)
        };
        let mut rows: Vec<crate::rules::ranking::StandingRow> = st
            .rows
            .into_iter()
            .map(|row| crate::rules::ranking::StandingRow {
                place: place_of(row.team).unwrap_or(row.place),
                ..row
            })
            .collect();
        rows.sort_by_key(|r| (r.place.first, r.place.last, r.team));
        return crate::rules::ranking::Standings {
            gaps: vec![None; st.gaps.len()],
            rows,
            not_applicable: st.not_applicable,
        };
    }
    if l.place_overrides.is_empty() {
        return st;
    }
    let team_of = |entry: EntryId| {
        l.entries
            .iter()
            .find(|x| x.id == entry)
            .and_then(|x| u16::try_from(x.start_no?).ok())
            .map(crate::rules::tournament::TeamId)
    };
    let fixed: Vec<_> = l
        .place_overrides
        .iter()
        .filter_map(|x| Some((team_of(x.entry_id)?, u32::try_from(x.place).ok()?)))
        .collect();
    let computed: Vec<_> = st.rows.iter().map(|r| (r.team, r.place)).collect();
    let Ok(order) = crate::rules::places::fix(&computed, &fixed) else {
        return st;
    };
    let mut rows = Vec::with_capacity(order.len());
    for (team, place) in &order {
        let Some(row) = st.rows.iter().find(|r| r.team == *team) else {
            return st;
        };
        rows.push(crate::rules::ranking::StandingRow {
            place: *place,
            ..row.clone()
        });
    }
    let gaps = (0..st.gaps.len())
        .map(|i| {
            let (a, b) = (order.get(i)?.0, order.get(i + 1)?.0);
            let was = st.rows.iter().position(|r| r.team == a)?;
            (st.rows.get(was + 1).map(|r| r.team) == Some(b))
                .then(|| st.gaps.get(was).cloned().flatten())
                .flatten()
        })
        .collect();
    crate::rules::ranking::Standings {
        rows,
        gaps,
        not_applicable: st.not_applicable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::rules::eligibility::Unfit;

    #[test]
    fn audit_lines_word_results_and_rules_in_the_readers_language() {
        let line = Message::new(msg!("audit-rounds-result"))
            .arg("round", 2)
            .arg("table", 4)
            .arg("board", 1)
            .arg("game", 2)
            .word("before", result_word("pending"))
            .word("after", result_word("1/2"));
        assert_eq!(
            line.render(Lang::En),
            "round 2 table 4 board 1 game 2: pending → 1/2"
        );
        assert_eq!(
            line.render(Lang::Ru),
            "тур 2, стол 4, доска 1, партия 2: нет результата → 1/2"
        );
        let why = [
            Unfit::NotOnRoster,
            Unfit::Sanctioned {
                code: "G-G7".into(),
            },
            Unfit::NotOnRoster,
        ];
        let cited = |preset| -> Vec<String> {
            unfit_rules(&why, preset)
                .iter()
                .map(|m| m.render(crate::i18n::Lang::Ru))
                .collect()
        };
        assert_eq!(cited("G"), ["Б.3.1", "Б.3.2", "Г.7"]);
        assert_eq!(cited("E"), ["«состав команды»", "Г.7"]);
        let paired = Message::new(msg!("audit-rounds-paired"))
            .arg("round", 3)
            .list("notes", [RoundNote::Lot { seed: 42 }.message()], "; ");
        assert_eq!(
            paired.render(Lang::Ru),
            "тур 3: жеребьёвка по жребию (п. 3.1), число жребия 42"
        );
    }
}

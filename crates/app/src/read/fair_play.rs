//! The fair-play evidence of a player over a span of tournaments (G-E3),
//! from the kept games: move times (the player's, their own other games',
//! the field's), agreement with the engine where games were analysed, and
//! the player's results in the span beside their other results on the
//! platform. Grounds for the committee, not a verdict.

use std::collections::HashMap;

use crate::db::QueryError as DieselError;

use crate::analysis::{games_of, span};
use crate::db::championships::Championship;
use crate::db::games::{self as dg, AnalysisJob, GameRecord};
use crate::db::rounds::Game;
use crate::db::rounds::PersonGame;
use crate::db::tournaments::Tournament;
use crate::db::{DbConnection, people};
use crate::ids::{ChampionshipId, GameId, PersonId, TournamentId};
use crate::rules::fair_play::{
    Agreement, DEFAULT_BAND, Method, PlyEvaluation, TimeStats, agreement, clocks_before, time_stats,
};
use crate::rules::rating::elo::{self, RatedGame};
use crate::rules::rating::{Dated, Source, usual_before};
use crate::rules::score::{BoardResult, HalfPoints};

/// One of the player's games in the span.
#[derive(Debug, Clone)]
pub struct EvidenceGame {
    pub game: GameId,
    pub tournament: TournamentId,
    pub tournament_number: i32,
    pub white: bool,
    pub opponent: Option<String>,
    /// "1", "½", "0" from the player's side; "+"/"−" for forfeits.
    pub result: &'static str,
    pub plies: i32,
    pub times: Option<TimeStats>,
    /// `None` until the game is analysed at the evidence's depth.
    pub agreement: Option<Agreement>,
}

/// Points over games, for the usual level.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Level {
    pub games: u32,
    pub points: HalfPoints,
}

impl Level {
    pub fn percent(&self) -> Option<f64> {
        (self.games > 0)
            .then(|| f64::from(self.points.halves()) / 2.0 / f64::from(self.games) * 100.0)
    }
}

/// A game of the span played over the board against an opponent with a
/// counted rating: what it was worth as a performance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatedLine {
    pub tournament_number: i32,
    pub round_number: i32,
    pub opponent: String,
    pub opponent_rating: u16,
    /// 2, 1 or 0.
    pub half_points: u8,
    /// The game's own performance (the opponent's rating + dp of its
    /// score: ±800 for a win or a loss).
    pub performance: i32,
    /// The performance rating of the span's games so far (C.07 art. 10.2).
    pub running: i32,
}

/// The player's rating before the span beside the performance in it
/// (G-E3: "a usual rating of 200 while playing at 700").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingEvidence {
    /// The rating looked at: the first of the regulation's order the
    /// player held before the span (the platform's rating when the
    /// regulation counts none); `None` when he held none.
    pub source: Option<Source>,
    /// That rating's values before the span, oldest first (the last
    /// [`HISTORY_SHOWN`]).
    pub before: Vec<Dated>,
    pub lines: Vec<RatedLine>,
    pub aro: Option<u16>,
    pub tpr: Option<i32>,
}

/// How many of a rating's values before the span the evidence shows.
pub const HISTORY_SHOWN: usize = 12;

impl RatingEvidence {
    /// The usual rating: the last value before the span.
    pub fn usual(&self) -> Option<u16> {
        self.before.last().map(|d| d.value)
    }
}

pub struct Evidence {
    pub person: PersonId,
    pub nick: String,
    pub span: Vec<(TournamentId, i32)>,
    pub games: Vec<EvidenceGame>,
    /// The player's move times in the span, in their other kept games,
    /// and the other players' in the span's games.
    pub times: Option<TimeStats>,
    pub history: Option<TimeStats>,
    pub field: Option<TimeStats>,
    /// Over the analysed games of the span.
    pub agreement: Agreement,
    pub analysed: usize,
    /// The other players' agreement in the same analysed games (their
    /// opponents), for comparison.
    pub opponents: Agreement,
    pub level_span: Level,
    pub level_other: Level,
    pub rating: RatingEvidence,
    pub method: Method,
    pub depth: i32,
    pub jobs: Vec<AnalysisJob>,
}

/// Whether the game starts from a position with Black to move.
fn black_starts(record: &GameRecord) -> bool {
    record.pgn.contains("[FEN")
        && crate::rules::pgn::read(&record.pgn)
            .games
            .first()
            .and_then(|g| {
                g.tag("FEN")
                    .map(|f| f.split_whitespace().nth(1) == Some("b"))
            })
            .unwrap_or(false)
}

/// The seconds of one side's moves of a record.
fn side_seconds(record: &GameRecord, white: bool) -> Vec<f64> {
    let offset = usize::from(black_starts(record));
    record
        .spent_ms()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| ((i + offset) % 2 == 0) == white)
        .filter_map(|(_, ms)| ms.map(|ms| f64::from(ms) / 1000.0))
        .collect()
}

fn plays_white(g: &Game, person: PersonId) -> bool {
    (g.home_player_id == Some(person)) == g.home_white
}

fn own_result(g: &Game, person: PersonId) -> (Option<HalfPoints>, &'static str) {
    let home = g.home_player_id == Some(person);
    let r = g.result();
    let mine = r.points().map(|(h, a)| if home { h } else { a });
    let symbol = match (r, home) {
        (BoardResult::HomeForfeitWin, true) | (BoardResult::AwayForfeitWin, false) => "+",
        (BoardResult::HomeForfeitWin, false) | (BoardResult::AwayForfeitWin, true) => "−",
        (BoardResult::DoubleForfeit, _) => "−",
        _ => match mine {
            Some(p) if p == HalfPoints::ONE => "1",
            Some(p) if p == HalfPoints::ZERO => "0",
            Some(_) => "½",
            None => "…",
        },
    };
    (mine, symbol)
}

/// The player's games of the span with what they add up to: their move
/// times, agreement with the engine (and their opponents'), and results.
#[derive(Default)]
struct SpanFigures {
    games: Vec<EvidenceGame>,
    seconds: Vec<f64>,
    agreement: Agreement,
    opponents: Agreement,
    level: Level,
}

/// The player's side of each of `mine`, figured game by game.
fn span_figures(
    person: PersonId,
    mine: &[&(GameRecord, Game, TournamentId)],
    analyses: &HashMap<GameId, Vec<PlyEvaluation>>,
    nicks: &HashMap<PersonId, String>,
    number_of: &HashMap<TournamentId, i32>,
    method: &Method,
) -> SpanFigures {
    let mut f = SpanFigures::default();
    for (record, g, t) in mine {
        let white = plays_white(g, person);
        let seconds = side_seconds(record, white);
        f.seconds.extend_from_slice(&seconds);
        let clocks = clocks_before(
            &record.clocks_ms(),
            record.base_ms.and_then(|b| u32::try_from(b).ok()),
        );
        let agreed = analyses.get(&record.game_id).map(|plies| {
            let a = agreement(plies, white, &clocks, method);
            f.opponents.add(&agreement(plies, !white, &clocks, method));
            f.agreement.add(&a);
            a
        });
        let (points, symbol) = own_result(g, person);
        if let Some(p) = points {
            f.level.games += 1;
            f.level.points += p;
        }
        f.games.push(EvidenceGame {
            game: record.game_id,
            tournament: *t,
            tournament_number: number_of.get(t).copied().unwrap_or_default(),
            white,
            opponent: opponent_of(g, person).and_then(|o| nicks.get(&o).cloned()),
            result: symbol,
            plies: record.plies,
            times: time_stats(&seconds, DEFAULT_BAND),
            agreement: agreed,
        });
    }
    f
}

fn opponent_of(g: &Game, person: PersonId) -> Option<PersonId> {
    if g.home_player_id == Some(person) {
        g.away_player_id
    } else {
        g.home_player_id
    }
}

/// The other players' move times in the span's games, both sides.
fn field_seconds(all: &[(GameRecord, Game, TournamentId)], person: PersonId) -> Vec<f64> {
    let mut out = Vec::new();
    for (record, _, _) in all
        .iter()
        .filter(|(_, g, _)| g.home_player_id != Some(person) && g.away_player_id != Some(person))
    {
        out.extend(side_seconds(record, true));
        out.extend(side_seconds(record, false));
    }
    out
}

/// The player's move times in their other kept games, in the
/// championship's tournaments outside the span (`ids`).
fn history_seconds(
    conn: &mut DbConnection,
    c: ChampionshipId,
    person: PersonId,
    ids: &[TournamentId],
) -> Result<Vec<f64>, DieselError> {
    let others: Vec<TournamentId> = crate::db::tournaments::of_championship(conn, c)?
        .into_iter()
        .map(|t| t.id)
        .filter(|t| !ids.contains(t))
        .collect();
    let mut out = Vec::new();
    for (record, g, _) in games_of(conn, person, &others)? {
        out.extend(side_seconds(&record, plays_white(&g, person)));
    }
    Ok(out)
}

/// The player's results in every other published game on the platform
/// (outside the span `ids`, play-offs aside).
fn level_other(played: &[PersonGame], person: PersonId, ids: &[TournamentId]) -> Level {
    let mut level = Level::default();
    for pg in played {
        if ids.contains(&pg.tournament_id) || pg.round_kind == "playoff" {
            continue;
        }
        if let (Some(p), _) = own_result(&pg.game, person) {
            level.games += 1;
            level.points += p;
        }
    }
    level
}

/// The player's half-points of a game played over the board; `None` for
/// a forfeit or a game not played.
fn over_the_board(g: &Game, person: PersonId) -> Option<u8> {
    let home = g.home_player_id == Some(person);
    match (g.result(), home) {
        (BoardResult::Draw, _) => Some(1),
        (BoardResult::HomeWin, true) | (BoardResult::AwayWin, false) => Some(2),
        (BoardResult::HomeWin, false) | (BoardResult::AwayWin, true) => Some(0),
        _ => None,
    }
}

/// The rating evidence of the span `ts`: the usual rating by `order`
/// (else the platform's) before its first tournament, and each game's
/// performance against the opponent's rating counted on its tournament's
/// day.
fn rating_evidence(
    conn: &mut DbConnection,
    person: PersonId,
    order: &[Source],
    ts: &[Tournament],
    played: &[PersonGame],
) -> Result<RatingEvidence, DieselError> {
    let order: Vec<Source> = if order.is_empty() {
        vec![Source::Platform]
    } else {
        order.to_vec()
    };
    let start = ts.iter().map(|t| t.starts_at.date()).min();
    let history = crate::ratings::history(conn, person)?;
    let (source, mut before) = start
        .and_then(|day| usual_before(&history, &order, day))
        .map_or((None, Vec::new()), |(s, b)| (Some(s), b));
    before.drain(..before.len().saturating_sub(HISTORY_SHOWN));
    let everyone: Vec<PersonId> = played
        .iter()
        .filter_map(|pg| opponent_of(&pg.game, person))
        .collect();
    let nicks: HashMap<PersonId, String> = people::nicks_of(conn, &everyone)?.into_iter().collect();
    let mut lines = Vec::new();
    let mut rated: Vec<RatedGame> = Vec::new();
    for t in ts {
        let games: Vec<(&PersonGame, PersonId, u8)> = played
            .iter()
            .filter(|pg| pg.tournament_id == t.id)
            .filter_map(|pg| {
                Some((
                    pg,
                    opponent_of(&pg.game, person)?,
                    over_the_board(&pg.game, person)?,
                ))
            })
            .collect();
        let opponents: Vec<PersonId> = games.iter().map(|(_, o, _)| *o).collect();
        let counted = crate::ratings::counted(conn, &order, &opponents, t.starts_at.date())?;
        for (pg, opponent, half_points) in games {
            let Some(held) = counted.get(&opponent) else {
                continue;
            };
            let game = RatedGame {
                opponent: held.value,
                half_points,
            };
            rated.push(game);
            lines.push(RatedLine {
                tournament_number: t.number,
                round_number: pg.round_number,
                opponent: nicks.get(&opponent).cloned().unwrap_or_default(),
                opponent_rating: held.value,
                half_points,
                performance: elo::tpr(std::slice::from_ref(&game)).unwrap_or_default(),
                running: elo::tpr(&rated).unwrap_or_default(),
            });
        }
    }
    Ok(RatingEvidence {
        source,
        before,
        lines,
        aro: elo::aro(&rated),
        tpr: elo::tpr(&rated),
    })
}

/// The engine's evaluations at `depth` of `mine`, and the nicks of their
/// opponents.
#[allow(clippy::type_complexity)]
fn analyses_and_nicks(
    conn: &mut DbConnection,
    person: PersonId,
    mine: &[&(GameRecord, Game, TournamentId)],
    depth: i32,
) -> Result<
    (
        HashMap<GameId, Vec<PlyEvaluation>>,
        HashMap<PersonId, String>,
    ),
    DieselError,
> {
    let gids: Vec<GameId> = mine.iter().map(|(r, _, _)| r.game_id).collect();
    let analyses = dg::analyses_of(conn, &gids, depth)?
        .into_iter()
        .filter_map(|(g, _, json)| Some((g, serde_json::from_str(&json).ok()?)))
        .collect();
    let opponent_ids: Vec<PersonId> = mine
        .iter()
        .filter_map(|(_, g, _)| opponent_of(g, person))
        .collect();
    let nicks = people::nicks_of(conn, &opponent_ids)?.into_iter().collect();
    Ok((analyses, nicks))
}

/// The evidence about `person` over the span `from`..`to` of `c`, with
/// the engine analyses made at `depth`.
pub fn evidence(
    conn: &mut DbConnection,
    c: ChampionshipId,
    person: PersonId,
    from: TournamentId,
    to: TournamentId,
    depth: i32,
) -> Result<Option<Evidence>, DieselError> {
    let Some(ts) = span(conn, c, from, to)? else {
        return Ok(None);
    };
    let Some(nick) = people::by_id(conn, person)?.map(|p| p.nick) else {
        return Ok(None);
    };
    let ids: Vec<TournamentId> = ts.iter().map(|t| t.id).collect();
    let number_of: HashMap<TournamentId, i32> = ts.iter().map(|t| (t.id, t.number)).collect();
    // Every kept game of the span: the player's, and the field's.
    let all = dg::of_tournaments(conn, &ids)?;
    let mine: Vec<&(GameRecord, Game, TournamentId)> = all
        .iter()
        .filter(|(_, g, _)| g.home_player_id == Some(person) || g.away_player_id == Some(person))
        .collect();
    let (analyses, nicks) = analyses_and_nicks(conn, person, &mine, depth)?;
    let method = Method::default();
    let f = span_figures(person, &mine, &analyses, &nicks, &number_of, &method);
    let field = field_seconds(&all, person);
    let history = history_seconds(conn, c, person, &ids)?;
    let played = crate::db::rounds::games_of_person(conn, person)?;
    let level_other = level_other(&played, person, &ids);
    let Some(championship) = crate::db::championships::by_id(conn, c)? else {
        return Ok(None);
    };
    // The regulation in force at the span's last tournament says which
    // rating counts.
    let at = ts.last().map_or_else(crate::db::utc_now, |t| t.starts_at);
    let order = crate::regulation::in_force(conn, &championship, at)?
        .regulation
        .ratings
        .order;
    let rating = rating_evidence(conn, person, &order, &ts, &played)?;
    let analysed = f.games.iter().filter(|g| g.agreement.is_some()).count();
    Ok(Some(Evidence {
        person,
        nick,
        span: ts.iter().map(|t| (t.id, t.number)).collect(),
        games: f.games,
        times: time_stats(&f.seconds, DEFAULT_BAND),
        history: time_stats(&history, DEFAULT_BAND),
        field: time_stats(&field, DEFAULT_BAND),
        agreement: f.agreement,
        analysed,
        opponents: f.opponents,
        level_span: f.level,
        level_other,
        rating,
        method,
        depth,
        jobs: dg::jobs_of(conn, c, person)?,
    }))
}

/// The evidence page of the championship's officials (G-E3): the form's
/// lists and, when a player and a span are given, their evidence.
pub struct EvidencePage {
    pub championship: Championship,
    /// The championship's tournaments by number, for the span's choices.
    pub tournaments: Vec<Tournament>,
    /// The championship's players, suggested for the search.
    pub nicks: Vec<String>,
    /// The span picked (tournament ids, 0 when the championship has none):
    /// the one asked for, by default the whole championship.
    pub from: i64,
    pub to: i64,
    /// `None` until a known player and a span are given.
    pub evidence: Option<Evidence>,
}

impl EvidencePage {
    /// The page of `c` for the player `nick` over the tournaments `from`
    /// ..`to` (ids; those of another championship are ignored), with the
    /// analyses made at `depth`; `None` when there is no such championship.
    pub fn load(
        conn: &mut DbConnection,
        c: ChampionshipId,
        nick: &str,
        from: Option<i64>,
        to: Option<i64>,
        depth: i32,
    ) -> Result<Option<EvidencePage>, DieselError> {
        let Some(championship) = crate::db::championships::by_id(conn, c)? else {
            return Ok(None);
        };
        let mut all = crate::db::tournaments::of_championship(conn, c)?;
        all.sort_by_key(|t| t.number);
        let nicks = crate::db::teams::member_nicks_of_championship(conn, c)?;
        let person = if nick.is_empty() {
            None
        } else {
            people::by_nick(conn, nick)?
        };
        let pick = |id: Option<i64>, last: bool| {
            id.map(TournamentId)
                .filter(|id| all.iter().any(|t| t.id == *id))
                .or_else(|| if last { all.last() } else { all.first() }.map(|t| t.id))
        };
        let (from, to) = (pick(from, false), pick(to, true));
        let found = match (person, from, to) {
            (Some(p), Some(f), Some(t)) => evidence(conn, c, p.id, f, t, depth)?,
            _ => None,
        };
        Ok(Some(EvidencePage {
            championship,
            tournaments: all,
            nicks,
            from: from.map_or(0, |f| f.0),
            to: to.map_or(0, |t| t.0),
            evidence: found,
        }))
    }
}

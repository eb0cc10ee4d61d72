//! The fair-play evidence of a player over a span of tournaments (G-E3),
//! from the kept games: move times (the player's, their own other games',
//! the field's), agreement with the engine where games were analysed, and
//! the player's results in the span beside their other results on the
//! platform. Grounds for the committee, not a verdict.

use std::collections::HashMap;

use crate::db::QueryError as DieselError;

use crate::analysis::{games_of, span};
use crate::db::games::{self as dg, AnalysisJob, GameRecord};
use crate::db::rounds::Game;
use crate::db::{DbConnection, people};
use crate::ids::{ChampionshipId, GameId, PersonId, TournamentId};
use crate::rules::fair_play::{
    Agreement, DEFAULT_BAND, Method, PlyEvaluation, TimeStats, agreement, clocks_before, time_stats,
};
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
    let gids: Vec<GameId> = mine.iter().map(|(r, _, _)| r.game_id).collect();
    let analyses: HashMap<GameId, Vec<PlyEvaluation>> = dg::analyses_of(conn, &gids, depth)?
        .into_iter()
        .filter_map(|(g, _, json)| Some((g, serde_json::from_str(&json).ok()?)))
        .collect();
    let opponent_ids: Vec<PersonId> = mine
        .iter()
        .filter_map(|(_, g, _)| {
            if g.home_player_id == Some(person) {
                g.away_player_id
            } else {
                g.home_player_id
            }
        })
        .collect();
    let nicks: HashMap<PersonId, String> =
        people::nicks_of(conn, &opponent_ids)?.into_iter().collect();
    let method = Method::default();
    let mut span_seconds = Vec::new();
    let mut total = Agreement::default();
    let mut opponents = Agreement::default();
    let mut level_span = Level::default();
    let mut games = Vec::with_capacity(mine.len());
    for (record, g, t) in &mine {
        let white = plays_white(g, person);
        let seconds = side_seconds(record, white);
        span_seconds.extend_from_slice(&seconds);
        let clocks = clocks_before(
            &record.clocks_ms(),
            record.base_ms.and_then(|b| u32::try_from(b).ok()),
        );
        let agreed = analyses.get(&record.game_id).map(|plies| {
            let a = agreement(plies, white, &clocks, &method);
            opponents.add(&agreement(plies, !white, &clocks, &method));
            total.add(&a);
            a
        });
        let (points, symbol) = own_result(g, person);
        if let Some(p) = points {
            level_span.games += 1;
            level_span.points += p;
        }
        let opponent = if g.home_player_id == Some(person) {
            g.away_player_id
        } else {
            g.home_player_id
        };
        games.push(EvidenceGame {
            game: record.game_id,
            tournament: *t,
            tournament_number: number_of.get(t).copied().unwrap_or_default(),
            white,
            opponent: opponent.and_then(|o| nicks.get(&o).cloned()),
            result: symbol,
            plies: record.plies,
            times: time_stats(&seconds, DEFAULT_BAND),
            agreement: agreed,
        });
    }
    let mut field_seconds = Vec::new();
    for (record, _, _) in all
        .iter()
        .filter(|(_, g, _)| g.home_player_id != Some(person) && g.away_player_id != Some(person))
    {
        field_seconds.extend(side_seconds(record, true));
        field_seconds.extend(side_seconds(record, false));
    }
    // The player's other kept games, in the championship's tournaments
    // outside the span.
    let others: Vec<TournamentId> = crate::db::tournaments::of_championship(conn, c)?
        .into_iter()
        .map(|t| t.id)
        .filter(|t| !ids.contains(t))
        .collect();
    let mut history_seconds = Vec::new();
    for (record, g, _) in games_of(conn, person, &others)? {
        history_seconds.extend(side_seconds(&record, plays_white(&g, person)));
    }
    // Their results in every other published game on the platform.
    let mut level_other = Level::default();
    for pg in crate::db::rounds::games_of_person(conn, person)? {
        if ids.contains(&pg.tournament_id) || pg.round_kind == "playoff" {
            continue;
        }
        if let (Some(p), _) = own_result(&pg.game, person) {
            level_other.games += 1;
            level_other.points += p;
        }
    }
    let analysed = games.iter().filter(|g| g.agreement.is_some()).count();
    Ok(Some(Evidence {
        person,
        nick,
        span: ts.iter().map(|t| (t.id, t.number)).collect(),
        games,
        times: time_stats(&span_seconds, DEFAULT_BAND),
        history: time_stats(&history_seconds, DEFAULT_BAND),
        field: time_stats(&field_seconds, DEFAULT_BAND),
        agreement: total,
        analysed,
        opponents,
        level_span,
        level_other,
        method,
        depth,
        jobs: dg::jobs_of(conn, c, person)?,
    }))
}

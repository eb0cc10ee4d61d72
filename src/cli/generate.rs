//! `league generate`: a large installation for benchmarks: by
//! default 200 championships of seed G, 2,000 teams, 10,000
//! player accounts and 40,000 matches (355,000 games), deterministic for a
//! given seed, at any `--scale` (0.1 makes 20 championships of the same
//! shape).
//!
//! Every tournament goes through the platform's own path: a round robin
//! from the Berger tables (`rules::pairing::berger`) with seeded results is
//! written as a TRF-2026 file (`rules::trf::write`) and imported
//! (`play::trf::import`, one transaction), which creates the teams, stores
//! rounds, matches and games, and finishes the tournament with places,
//! tournament points and history exactly as a judge's "finish" does. So
//! the season tables the benchmark reads are computed by the real code.
//!
//! Shape of one championship: ten teams of five players; seven monthly
//! tournaments with 10, 8, 8, 8, 8, 8 and 6 of them (G-V1: one game per
//! pairing above eight teams, two below), i.e. 45 + 5 × 28 + 15 = 200
//! matches. Results lean towards the stronger team; a draw of results
//! that would leave first place to a G-V42 play-off is drawn again, so
//! every tournament finishes.

use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use chrono::{NaiveDate, NaiveDateTime, NaiveTime};

use crate::app::PlayError;
use crate::app::accounts::{NewPassword, hash_password};
use crate::app::championship::NewChampionship;
use crate::app::generate::{self as app_generate, PersonTaken};
use crate::app::trf::{ImportOptions, import};
use crate::db::{self, DbConnection, championships};
use crate::ids::{ChampionshipId, PersonId, TeamId as TeamRowId, TournamentId};
use crate::rules::pairing::berger::berger_table;
use crate::rules::pairing::lot::Lot;
use crate::rules::playoff::playoffs_needed;
use crate::rules::presets;
use crate::rules::ranking::standings;
use crate::rules::regulation::Regulation;
use crate::rules::score::BoardResult;
use crate::rules::tournament::{
    Game, Match, Pairing, Player, PlayerId, Round, Team, TeamId, Tournament, alternating_colours,
};

/// Teams of one championship, named after chess words (G-B11 names may
/// not end in a digit; the same ten names recur in every championship).
const TEAM_NAMES: [&str; 10] = [
    "Ладья",
    "Конь",
    "Слон",
    "Ферзь",
    "Король",
    "Пешка",
    "Гамбит",
    "Эндшпиль",
    "Цейтнот",
    "Рокировка",
];

/// How many of the ten teams enter each monthly tournament.
const FIELDS: [usize; 7] = [10, 8, 8, 8, 8, 8, 6];

/// The organizer and chief judge of every generated championship.
pub const ORGANIZER: &str = "bench-organizer";

/// Championships at scale 1.
pub const FULL_CHAMPIONSHIPS: usize = 200;

/// What `league generate` is asked for.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// 1.0 is the full installation; 0.1 a tenth of it.
    pub scale: f64,
    /// The seed every draw of results derives from.
    pub seed: u64,
}

impl Plan {
    pub fn championships(&self) -> usize {
        ((FULL_CHAMPIONSHIPS as f64 * self.scale).round() as usize).max(1)
    }
}

/// What was stored, and a championship and tournament to point a
/// benchmark at (the middle championship's last tournament).
#[derive(Debug, Clone)]
pub struct Generated {
    pub championships: usize,
    pub teams: usize,
    pub people: usize,
    pub tournaments: usize,
    pub matches: usize,
    pub games: usize,
    pub sample_championship: ChampionshipId,
    pub sample_tournament: TournamentId,
    /// A team and a player of the sample championship.
    pub sample_team: TeamRowId,
    pub sample_nick: String,
    /// The organizer and chief judge of every championship, who can sign
    /// in with this password (a benchmark's judge).
    pub organizer_nick: String,
    pub organizer_password: String,
    pub elapsed: Duration,
    /// The platform's ratings computed from every game at the end (from
    /// nothing: the months' digests are all new).
    pub ratings: Duration,
}

impl Generated {
    /// One public page of each kind, of the sample championship, as
    /// (kind, path).
    pub fn pages(&self) -> Vec<(&'static str, String)> {
        use crate::paths::{self, fill1, fill2};
        let (c, t) = (self.sample_championship, self.sample_tournament);
        vec![
            ("home", paths::HOME.into()),
            ("championships", paths::CHAMPIONSHIPS.into()),
            ("championship", fill1(paths::CHAMPIONSHIP, c)),
            ("season", fill1(paths::SEASON, c)),
            ("tournament", fill2(paths::TOURNAMENT, c, t)),
            ("round", paths::fill(paths::ROUND_PAGE, &[&c, &t, &1])),
            ("crosstable", fill2(paths::CROSSTABLE, c, t)),
            ("players", fill2(paths::PLAYERS, c, t)),
            ("team", fill1(paths::TEAM, self.sample_team)),
            ("player", fill1(paths::PERSON, &self.sample_nick)),
            ("history", fill1(paths::HISTORY, c)),
            ("hall_of_fame", paths::HALL_OF_FAME.into()),
            ("feed", fill1(paths::FEED, c)),
            ("calendar", fill1(paths::CALENDAR, c)),
            (
                "api_standings",
                format!(
                    "{}{}",
                    crate::api::paths::SCOPE,
                    fill2(crate::api::paths::STANDINGS, c, t)
                ),
            ),
        ]
    }

    /// The report printed by the command: a summary line, then
    /// `key=value` lines for scripts (bench/http.sh reads them): the
    /// organizer's sign-in, the sample championship and tournament, and
    /// `page.KIND=PATH` for each page kind.
    pub fn report(&self) -> String {
        let mut out = format!(
            "generated {} championships, {} teams, {} people, {} tournaments, {} matches, {} games in {:.1} s \
             (of which the platform's ratings from every game: {:.2} s)\n\
             organizer={}\norganizer_password={}\nchampionship={}\ntournament={}\n",
            self.championships,
            self.teams,
            self.people,
            self.tournaments,
            self.matches,
            self.games,
            self.elapsed.as_secs_f64(),
            self.ratings.as_secs_f64(),
            self.organizer_nick,
            self.organizer_password,
            self.sample_championship,
            self.sample_tournament,
        );
        for (kind, path) in self.pages() {
            out += &format!("page.{kind}={path}\n");
        }
        out
    }
}

/// Fills an empty database (no championship yet; refused otherwise, so a
/// live installation is never mixed with generated data).
pub fn run(conn: &mut DbConnection, plan: &Plan) -> anyhow::Result<Generated> {
    if !(plan.scale > 0.0 && plan.scale <= 10.0) {
        bail!("--scale must be above 0 and at most 10");
    }
    let started = Instant::now();
    if championships::count(conn)? > 0 {
        bail!("the database already holds championships; generate into an empty one");
    }
    let regulation = presets::g();
    let json = serde_json::to_string(&regulation)?;
    // One organizer and chief judge imports everything; the report gives
    // the password (a benchmark signs in with it). The players share the
    // hash too, but their sign-in is nobody's business here.
    let secret = format!("generated-{:016x}-Aa1!", Lot::new(plan.seed).next_u64());
    let hash = hash_password(
        &NewPassword::parse(&secret, &[]).map_err(|k| anyhow::anyhow!("password: {k:?}"))?,
    )?;
    let organizer = people(
        conn,
        &[(ORGANIZER, "Организатор нагрузочного теста")],
        &hash,
    )?
    .first()
    .copied()
    .context("the organizer was not stored")?;
    let mut out = Generated {
        championships: 0,
        teams: 0,
        people: 1,
        tournaments: 0,
        matches: 0,
        games: 0,
        sample_championship: ChampionshipId(0),
        sample_tournament: TournamentId(0),
        sample_team: TeamRowId(0),
        sample_nick: String::new(),
        organizer_nick: ORGANIZER.to_owned(),
        organizer_password: secret.clone(),
        elapsed: Duration::ZERO,
        ratings: Duration::ZERO,
    };
    let n = plan.championships();
    for i in 0..n {
        let (c, last) = championship(
            conn,
            plan,
            i,
            &regulation,
            &json,
            organizer,
            &hash,
            &mut out,
        )?;
        if i == n / 2 {
            out.sample_championship = c;
            out.sample_tournament = last;
            out.sample_team =
                db::teams::of_championship(conn, c, &[db::teams::TeamStatus::Approved])?
                    .first()
                    .map(|t| t.id)
                    .context("the sample championship has no team")?;
            out.sample_nick = player_nick(i + 1, 0, 1);
        }
    }
    let rating = Instant::now();
    crate::app::ratings::refresh_platform(conn)?;
    out.ratings = rating.elapsed();
    db::tidy_after_bulk_load(conn)?;
    out.elapsed = started.elapsed();
    Ok(out)
}

/// The nick of board `board`'s player of team `team` (0-based) of
/// championship `number`.
fn player_nick(number: usize, team: usize, board: u8) -> String {
    format!("b{number:03}t{:02}p{board}", team + 1)
}

/// Stores people given as (nick, full name), in one transaction.
fn people(
    conn: &mut DbConnection,
    named: &[(&str, &str)],
    hash: &str,
) -> anyhow::Result<Vec<PersonId>> {
    app_generate::people(conn, named, hash).map_err(|e| match e {
        PlayError::Refused(problems) => anyhow::anyhow!(
            "{}",
            problems
                .iter()
                .map(|PersonTaken { nick, taken }| format!("person {nick}: {taken:?}"))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        e => e.into(),
    })
}

#[allow(clippy::too_many_arguments)]
fn championship(
    conn: &mut DbConnection,
    plan: &Plan,
    index: usize,
    regulation: &Regulation,
    json: &str,
    organizer: PersonId,
    hash: &str,
    out: &mut Generated,
) -> anyhow::Result<(ChampionshipId, TournamentId)> {
    let number = index + 1;
    let slug = format!("bench-{number:03}");
    let name = format!("Нагрузочный чемпионат № {number}");
    let c = app_generate::championship(
        conn,
        &NewChampionship {
            slug: &slug,
            name: &name,
            regulation: json,
            preset: "G",
            time_zone: "Europe/Moscow",
        },
        organizer,
        db::utc_now(),
    )?;
    out.championships += 1;
    // Ten teams of five; strength decides how results lean.
    let mut lot = Lot::new(Lot::derive(plan.seed, number as u64));
    let strength: Vec<u64> = (0..TEAM_NAMES.len()).map(|_| lot.below(400)).collect();
    let nicks: Vec<Vec<String>> = (0..TEAM_NAMES.len())
        .map(|t| {
            (1..=regulation.boards)
                .map(|b| player_nick(number, t, b))
                .collect()
        })
        .collect();
    let named: Vec<(&str, &str)> = nicks
        .iter()
        .flatten()
        .map(|nick| (nick.as_str(), nick.as_str()))
        .collect();
    people(conn, &named, hash)?;
    out.people += nicks.iter().map(Vec::len).sum::<usize>();
    out.teams += TEAM_NAMES.len();
    let mut last = TournamentId(0);
    for (month, &field) in FIELDS.iter().enumerate() {
        let mut teams: Vec<usize> = (0..TEAM_NAMES.len()).collect();
        lot.shuffle(&mut teams);
        teams.truncate(field);
        teams.sort_unstable();
        let day = NaiveDate::from_ymd_opt(2026, month as u32 + 1, 15).context("date")?;
        // 19:00 Moscow is 16:00 UTC.
        let start = NaiveDateTime::new(day, NaiveTime::from_hms_opt(16, 0, 0).context("time")?);
        let t = tournament(&mut lot, regulation, &teams, &strength, &nicks, month + 1)?;
        out.matches += t
            .rounds
            .iter()
            .flat_map(|r| &r.pairings)
            .filter(|p| matches!(p, Pairing::Match(_)))
            .count();
        out.games += t
            .rounds
            .iter()
            .flat_map(|r| &r.pairings)
            .map(|p| match p {
                Pairing::Match(m) => m.games.len(),
                Pairing::Bye { .. } => 0,
            })
            .sum::<usize>();
        let trf = crate::rules::trf::write(&t, &regulation.tie_breaks.chain);
        let imported = import(
            conn,
            c,
            trf.as_bytes(),
            &ImportOptions {
                starts_at: Some(start),
                create_teams: true,
            },
            organizer,
            start + chrono::Duration::hours(3),
        )
        .map_err(|e| anyhow::anyhow!("import of tournament {} of {slug}: {e:?}", month + 1))?;
        if !imported.finished {
            bail!(
                "tournament {} of {slug} did not finish: {:?}",
                month + 1,
                imported.not_finished
            );
        }
        out.tournaments += 1;
        last = imported.tournament;
    }
    Ok((c, last))
}

/// A round robin of the given teams (indices into `TEAM_NAMES`) with
/// seeded results, redrawn until no play-off for first place is due.
fn tournament(
    lot: &mut Lot,
    regulation: &Regulation,
    entered: &[usize],
    strength: &[u64],
    nicks: &[Vec<String>],
    number: usize,
) -> anyhow::Result<Tournament> {
    let format = regulation.format.format_for(entered.len() as u32)?;
    let schedule = berger_table(entered.len() as u32, false)?;
    let boards = regulation.boards;
    let mut players = Vec::new();
    let teams: Vec<Team> = entered
        .iter()
        .enumerate()
        .map(|(i, &t)| {
            let roster = nicks[t]
                .iter()
                .map(|nick| {
                    let id = PlayerId(players.len() as u16 + 1);
                    players.push(Player {
                        id,
                        name: nick.clone(),
                        rating: Some(1500 + strength[t] as u16),
                        federation: None,
                        fide_id: None,
                    });
                    id
                })
                .collect();
            Team {
                id: TeamId(i as u16 + 1),
                name: TEAM_NAMES[t].to_owned(),
                nickname: None,
                roster,
            }
        })
        .collect();
    for _attempt in 0..100 {
        let rounds = schedule
            .rounds
            .iter()
            .map(|r| Round {
                number: r.round as u16,
                pairings: r
                    .games
                    .iter()
                    .map(|g| {
                        let (home, away) = (g.white as usize - 1, g.black as usize - 1);
                        let edge = strength[entered[home]] as i64 - strength[entered[away]] as i64;
                        let games = (1..=format.games_per_pairing)
                            .flat_map(|game| (1..=boards).map(move |board| (game, board)))
                            .map(|(game, board)| Game {
                                board,
                                game,
                                result: result(lot, edge),
                                home_player: Some(teams[home].roster[usize::from(board) - 1]),
                                away_player: Some(teams[away].roster[usize::from(board) - 1]),
                            })
                            .collect();
                        Pairing::Match(Match {
                            home: TeamId(home as u16 + 1),
                            away: TeamId(away as u16 + 1),
                            games,
                            forfeit: None,
                        })
                    })
                    .collect(),
            })
            .collect();
        let t = Tournament {
            name: format!("Этап {number}"),
            start_date: None,
            end_date: None,
            system: format.system,
            boards,
            games_per_pairing: format.games_per_pairing,
            colours: alternating_colours(boards),
            scoring: regulation.scoring,
            declared_rounds: Some(schedule.rounds.len() as u16),
            initial_colour: None,
            teams: teams.clone(),
            players: players.clone(),
            rounds,
        };
        let st = standings(&t, &regulation.tie_breaks, &[])?;
        if playoffs_needed(&st, &regulation.playoff).is_empty() {
            return Ok(t);
        }
    }
    bail!("no draw of results without a play-off in 100 attempts")
}

/// One board's result, leaning towards the side with the higher strength
/// (`edge` in −400..400).
fn result(lot: &mut Lot, edge: i64) -> BoardResult {
    let roll = lot.below(1000) as i64 - 500 + edge / 2;
    if roll > 150 {
        BoardResult::HomeWin
    } else if roll < -150 {
        BoardResult::AwayWin
    } else {
        BoardResult::Draw
    }
}

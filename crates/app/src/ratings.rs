//! Ratings: FIDE rating lists read, previewed and confirmed; FIDE ids and
//! national ratings typed; which rating a regulation counts for whom; the
//! platform's own Glicko-2 rating kept up to date from every game played
//! in its championships (`rules::rating::glicko2`: the method and its
//! parameters).
//!
//! The platform's rating is derived data: each month's games are digested,
//! and a refresh recomputes from the first month whose games changed (a
//! finished tournament adds a month or changes the current one; a result
//! corrected in an old round changes that month), keeping the months
//! before as they were. Recomputing from nothing gives the same numbers
//! ([`refresh_platform`] with the stored months forgotten).

use std::collections::{BTreeMap, HashMap};

use chrono::{Datelike, NaiveDate, NaiveDateTime};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::PlayError;
use crate::db::ratings::{
    self as dr, NewRating, NewRatingImport, PlatformRating, RatedResult, RatingPeriod,
};
use crate::db::{DbConnection, QueryError, WriteTx, audit, people, write_transaction};
use crate::i18n::Message;
use crate::ids::{PersonId, RatingImportId};
use crate::msg;
use crate::rules::rating::fide_list::{
    self, Carries, Layout, LineFault, LineProblem, ListError, Speed,
};
use crate::rules::rating::glicko2::{Game, Glicko, Pool, Rated};
use crate::rules::rating::{Dated, Held, Source, pick};

/// Largest rating list a page takes: a federation's list. The whole
/// world's list (160 MB as TXT) goes through `league ratings fide FILE`.
pub const MAX_PAGE_LIST_BYTES: usize = 32 * 1024 * 1024;

/// A rating source as people name it.
pub fn source_key(source: Source) -> crate::i18n::MsgKey {
    match source {
        Source::Fide(Speed::Standard) => msg!("rating-source-fide-standard"),
        Source::Fide(Speed::Rapid) => msg!("rating-source-fide-rapid"),
        Source::Fide(Speed::Blitz) => msg!("rating-source-fide-blitz"),
        Source::National => msg!("rating-source-national"),
        Source::Server(Speed::Standard) => msg!("rating-source-server-standard"),
        Source::Server(Speed::Rapid) => msg!("rating-source-server-rapid"),
        Source::Server(Speed::Blitz) => msg!("rating-source-server-blitz"),
        Source::Platform => msg!("rating-source-platform"),
    }
}

/// Why a ratings action was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RatingProblem {
    /// The file is not a FIDE rating list.
    NotAList(ListError),
    /// The file is larger than the page takes.
    TooLarge,
    /// No player of the list has a FIDE id the platform knows.
    NoneOfOurs { players: usize },
    /// The list was confirmed already.
    AlreadyConfirmed,
    /// Another person holds this FIDE id.
    FideIdTaken { holder: String },
    /// A rating outside 100..=3500.
    BadRating,
    /// A date in the future.
    FutureDate,
    /// The platform's rating and a game server's are not typed.
    NotTyped,
}

/// The sources an official types a rating of.
pub const TYPED_SOURCES: [Source; 4] = [
    Source::National,
    Source::Fide(Speed::Standard),
    Source::Fide(Speed::Rapid),
    Source::Fide(Speed::Blitz),
];

pub type RatingError = PlayError<RatingProblem>;

fn refuse<T>(p: RatingProblem) -> Result<T, RatingError> {
    Err(PlayError::Refused(vec![p]))
}

/// A player of a list who is a person of the platform: by the FIDE id he
/// holds (a FIDE list), or by FIDE id, nick or full name (a national list).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListRow {
    pub person: PersonId,
    pub fide_id: Option<i64>,
    pub name_on_list: String,
    pub standard: Option<u16>,
    pub rapid: Option<u16>,
    pub blitz: Option<u16>,
    /// A national list's rating.
    #[serde(default)]
    pub national: Option<u16>,
    /// The row's own date (a national list may date each line); else the
    /// list's.
    #[serde(default)]
    pub as_of: Option<NaiveDate>,
}

impl ListRow {
    /// The ratings the row writes, by source.
    pub fn held(&self) -> Vec<Held> {
        [
            (Source::Fide(Speed::Standard), self.standard),
            (Source::Fide(Speed::Rapid), self.rapid),
            (Source::Fide(Speed::Blitz), self.blitz),
            (Source::National, self.national),
        ]
        .into_iter()
        .filter_map(|(source, value)| {
            Some(Held {
                source,
                value: value?,
            })
        })
        .collect()
    }
}

/// A FIDE list as the preview shows it and the confirmation writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StagedList {
    pub layout: Layout,
    pub carries: Carries,
    /// The speed a single list was said to be of.
    pub speed: Speed,
    pub month: Option<String>,
    pub players_read: usize,
    pub rows: Vec<ListRow>,
    pub problems: Vec<LineProblem>,
    pub problem_count: usize,
}

/// A list is dated today or earlier: ratings are published, not foretold.
fn not_ahead(as_of: NaiveDate, now: NaiveDateTime) -> Result<(), RatingError> {
    if as_of > now.date() {
        return refuse(RatingProblem::FutureDate);
    }
    Ok(())
}

/// Reads a FIDE list and keeps, for the preview, the players whose FIDE
/// ids people of the platform hold; nothing is written to anyone's
/// ratings until [`confirm_list`].
pub fn stage_fide_list(
    conn: &mut DbConnection,
    text: &str,
    single: Speed,
    as_of: NaiveDate,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<(RatingImportId, StagedList), RatingError> {
    not_ahead(as_of, now)?;
    let ours = dr::fide_ids(conn)?;
    let read = fide_list::read(text, single, |p| {
        i64::try_from(p.fide_id).is_ok_and(|id| ours.contains_key(&id))
    })
    .map_err(|e| PlayError::Refused(vec![RatingProblem::NotAList(e)]))?;
    let rows: Vec<ListRow> = read
        .kept
        .iter()
        .filter_map(|p| {
            let fide_id = i64::try_from(p.fide_id).ok()?;
            Some(ListRow {
                person: *ours.get(&fide_id)?,
                fide_id: Some(fide_id),
                name_on_list: p.name.clone(),
                standard: p.standard,
                rapid: p.rapid,
                blitz: p.blitz,
                national: None,
                as_of: None,
            })
        })
        .collect();
    if rows.is_empty() {
        return refuse(RatingProblem::NoneOfOurs {
            players: read.players,
        });
    }
    let staged = StagedList {
        layout: read.layout,
        carries: read.carries,
        speed: single,
        month: read.month,
        players_read: read.players,
        rows,
        problems: read.problems,
        problem_count: read.problem_count,
    };
    let id = stage(conn, "fide_list", &staged, as_of, by, now)?;
    Ok((id, staged))
}

/// Keeps a list read for its preview and confirmation.
fn stage(
    conn: &mut DbConnection,
    kind: &str,
    staged: &StagedList,
    as_of: NaiveDate,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<RatingImportId, QueryError> {
    let payload = serde_json::to_string(staged).unwrap_or_default();
    write_transaction(conn, |tx| {
        dr::stage(
            tx,
            &NewRatingImport {
                made_by: by,
                made_at: now,
                kind,
                as_of,
                payload: &payload,
            },
        )
    })
}

/// Reads a national list (CSV, `national_list`) and keeps, for the
/// preview, the players who are people of the platform: by FIDE id, else
/// by nick, else by full name when one person has it; a line naming
/// nobody, or more than one person, is named with its number. Nothing is
/// written to anyone's ratings until [`confirm_list`].
pub fn stage_national_list(
    conn: &mut DbConnection,
    text: &str,
    as_of: NaiveDate,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<(RatingImportId, StagedList), RatingError> {
    use crate::rules::rating::national_list;
    not_ahead(as_of, now)?;
    let mut read = national_list::read(text)
        .map_err(|e| PlayError::Refused(vec![RatingProblem::NotAList(e)]))?;
    let by_fide = dr::fide_ids(conn)?;
    let nicks: Vec<String> = read.players.iter().map(|p| p.nick.clone()).collect();
    let names: Vec<String> = read.players.iter().map(|p| p.name.clone()).collect();
    let (by_nick, by_name) = people::by_nicks_or_names(conn, &nicks, &names)?;
    let mut rows = Vec::new();
    let mut unmatched = Vec::new();
    for p in std::mem::take(&mut read.players) {
        let fide_id = p.fide_id.and_then(|id| i64::try_from(id).ok());
        let found = fide_id
            .and_then(|id| by_fide.get(&id).copied())
            .or_else(|| by_nick.get(&people::key_of(&p.nick)).copied());
        let person = match found {
            Some(person) => person,
            None => match by_name.get(&p.name).map(Vec::as_slice) {
                Some([one]) => *one,
                Some([_, _, ..]) => {
                    unmatched.push((p.line, LineFault::Ambiguous(p.name)));
                    continue;
                }
                _ => {
                    let said = [&p.nick, &p.name]
                        .into_iter()
                        .find(|s| !s.is_empty())
                        .cloned()
                        .or_else(|| p.fide_id.map(|id| id.to_string()))
                        .unwrap_or_default();
                    unmatched.push((p.line, LineFault::Unknown(said)));
                    continue;
                }
            },
        };
        let name_on_list = [&p.name, &p.nick]
            .into_iter()
            .find(|s| !s.is_empty())
            .cloned()
            .unwrap_or_default();
        rows.push(ListRow {
            person,
            fide_id,
            name_on_list,
            standard: None,
            rapid: None,
            blitz: None,
            national: Some(p.rating),
            as_of: p.as_of.filter(|d| *d <= now.date()),
        });
    }
    let players = rows.len() + unmatched.len();
    let mut problems = read.problems;
    let mut problem_count = read.problem_count;
    for (line, fault) in unmatched {
        problem_count += 1;
        if problems.len() < fide_list::PROBLEMS_NAMED {
            problems.push(LineProblem { line, fault });
        }
    }
    problems.sort_by_key(|p| p.line);
    if rows.is_empty() {
        return refuse(RatingProblem::NoneOfOurs { players });
    }
    let staged = StagedList {
        layout: Layout::NationalCsv,
        carries: Carries::Single,
        speed: Speed::Standard,
        month: None,
        players_read: players,
        rows,
        problems,
        problem_count,
    };
    let id = stage(conn, "national_list", &staged, as_of, by, now)?;
    Ok((id, staged))
}

/// A staged list with the date it is of; `None` when there is none.
pub fn staged_list(
    conn: &mut DbConnection,
    id: RatingImportId,
) -> Result<Option<(dr::RatingImport, StagedList)>, QueryError> {
    Ok(dr::staged(conn, id)?.and_then(|row| {
        let list = serde_json::from_str(&row.payload).ok()?;
        Some((row, list))
    }))
}

/// Writes the ratings a staged list (FIDE's or a national one) showed,
/// each dated by its line or else by the list.
pub fn confirm_list(
    conn: &mut DbConnection,
    id: RatingImportId,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<usize, RatingError> {
    write_transaction(conn, |tx| {
        let (row, list) = staged_list(tx, id)?.ok_or(PlayError::NotFound)?;
        if dr::mark_confirmed(tx, id, now)? == 0 {
            return refuse(RatingProblem::AlreadyConfirmed);
        }
        let (origin, action, said) = match list.layout {
            Layout::NationalCsv => (
                "csv",
                "ratings.national_list",
                msg!("audit-ratings-national-list"),
            ),
            Layout::Txt | Layout::Xml => (
                "fide_list",
                "ratings.fide_list",
                msg!("audit-ratings-fide-list"),
            ),
        };
        let new: Vec<NewRating> = list
            .rows
            .iter()
            .flat_map(|r| {
                r.held().into_iter().map(move |held| NewRating {
                    person_id: r.person,
                    source: held.source.code().to_owned(),
                    value: i32::from(held.value),
                    as_of: r.as_of.unwrap_or(row.as_of),
                    origin: origin.to_owned(),
                    site: None,
                    game_id: None,
                    recorded_by: Some(by),
                    recorded_at: now,
                })
            })
            .collect();
        let written = dr::insert(tx, &new)?;
        audit::Entry::new(action, format!("rating_import:{id}"))
            .actor(by)
            .said(
                Message::new(said)
                    .arg("players", list.rows.len())
                    .arg("ratings", written),
            )
            .record(tx)?;
        Ok(written)
    })
}

/// Sets or clears a person's FIDE id: an administrator, or an organizer
/// of a championship the person plays in (`people::organizes_for`).
pub fn set_fide_id(
    conn: &mut DbConnection,
    person: PersonId,
    fide_id: Option<i64>,
    acting: (PersonId, bool),
) -> Result<(), RatingError> {
    let by = acting.0;
    write_transaction(conn, |tx| {
        people::by_id(tx, person)?.ok_or(PlayError::NotFound)?;
        if !super::people::organizes_for(tx, acting, person)? {
            return Err(PlayError::Forbidden);
        }
        if let Some(id) = fide_id
            && let Some(holder) = dr::person_with_fide_id(tx, id)?.filter(|h| *h != person)
        {
            let holder = people::by_id(tx, holder)?
                .map(|p| p.nick)
                .unwrap_or_default();
            return refuse(RatingProblem::FideIdTaken { holder });
        }
        dr::set_fide_id(tx, person, fide_id)?;
        audit::Entry::new("ratings.fide_id", format!("person:{person}"))
            .actor(by)
            .said(match fide_id {
                Some(id) => Message::new(msg!("audit-ratings-fide-id")).arg("fide_id", id),
                None => Message::new(msg!("audit-ratings-fide-id-cleared")),
            })
            .record(tx)?;
        Ok(())
    })
}

/// Records a rating typed by an official (as for [`set_fide_id`]): a
/// national rating, or a FIDE rating not yet on a list the platform read.
/// The platform's own rating and a game server's come from games only.
pub fn type_rating(
    conn: &mut DbConnection,
    person: PersonId,
    source: Source,
    value: i32,
    as_of: NaiveDate,
    acting: (PersonId, bool),
    now: NaiveDateTime,
) -> Result<(), RatingError> {
    let by = acting.0;
    if !TYPED_SOURCES.contains(&source) {
        return refuse(RatingProblem::NotTyped);
    }
    let mut problems = Vec::new();
    if !(100..=3500).contains(&value) {
        problems.push(RatingProblem::BadRating);
    }
    if as_of > now.date() {
        problems.push(RatingProblem::FutureDate);
    }
    if !problems.is_empty() {
        return Err(PlayError::Refused(problems));
    }
    write_transaction(conn, |tx| {
        people::by_id(tx, person)?.ok_or(PlayError::NotFound)?;
        if !super::people::organizes_for(tx, acting, person)? {
            return Err(PlayError::Forbidden);
        }
        dr::insert(
            tx,
            &[NewRating {
                person_id: person,
                source: source.code().to_owned(),
                value,
                as_of,
                origin: "typed".to_owned(),
                site: None,
                game_id: None,
                recorded_by: Some(by),
                recorded_at: now,
            }],
        )?;
        audit::Entry::new("ratings.typed", format!("person:{person}"))
            .actor(by)
            .said(
                Message::new(msg!("audit-ratings-typed"))
                    .word("source", source_key(source))
                    .arg("value", value),
            )
            .record(tx)?;
        Ok(())
    })
}

/// The game server's ratings a kept record carries (`WhiteElo`,
/// `BlackElo`), as each player's rating of that server and of the game's
/// speed (FIDE's limits on its `TimeControl`), dated by its `Date` tag (else
/// today), the server named by its `Site`. A record kept again replaces
/// them. Call inside the transaction that keeps the record.
pub fn from_game_record(
    tx: &mut WriteTx<'_>,
    game: crate::ids::GameId,
    record: &crate::rules::pgn::PgnGame,
    now: NaiveDateTime,
) -> Result<usize, QueryError> {
    dr::forget_game(tx, game)?;
    let Some(row) = crate::db::rounds::game_by_id(tx, game)? else {
        return Ok(0);
    };
    let Some((base, increment)) = record.time_control() else {
        return Ok(0);
    };
    let speed = crate::rules::rating::speed_of(base, increment);
    let site = record.tag("Site").map(site_of).filter(|s| !s.is_empty());
    let date = record
        .tag("Date")
        .and_then(|d| NaiveDate::parse_from_str(d.trim(), "%Y.%m.%d").ok())
        .filter(|d| *d <= now.date())
        .unwrap_or(now.date());
    let (white, black) = if row.home_white {
        (row.home_player_id, row.away_player_id)
    } else {
        (row.away_player_id, row.home_player_id)
    };
    let elo = |tag: &str| {
        record
            .tag(tag)
            .and_then(|v| v.trim().parse::<i32>().ok())
            .filter(|v| (100..=3500).contains(v))
    };
    let rows: Vec<NewRating> = [(white, elo("WhiteElo")), (black, elo("BlackElo"))]
        .into_iter()
        .filter_map(|(person, value)| {
            Some(NewRating {
                person_id: person?,
                source: Source::Server(speed).code().to_owned(),
                value: value?,
                as_of: date,
                origin: "game".to_owned(),
                site: site.clone(),
                game_id: Some(game),
                recorded_by: None,
                recorded_at: now,
            })
        })
        .collect();
    dr::insert(tx, &rows)
}

/// A game's `Site` as its server's name: "https://lichess.org/abc" →
/// "lichess.org".
fn site_of(site: &str) -> String {
    let s = site.trim();
    let s = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"))
        .unwrap_or(s);
    s.split('/').next().unwrap_or_default().to_ascii_lowercase()
}

/// What every rating source says of these people on `on` (the platform's
/// rating: the latest), as [`Held`] values.
pub fn held_on(
    conn: &mut DbConnection,
    persons: &[PersonId],
    on: NaiveDate,
) -> Result<HashMap<PersonId, Vec<Held>>, QueryError> {
    held_of(conn, persons, on, true)
}

/// [`held_on`], the platform's rating read only when `platform` asks.
fn held_of(
    conn: &mut DbConnection,
    persons: &[PersonId],
    on: NaiveDate,
    platform: bool,
) -> Result<HashMap<PersonId, Vec<Held>>, QueryError> {
    let mut out: HashMap<PersonId, Vec<Held>> = HashMap::new();
    for (person, rows) in dr::held_on(conn, persons, on)? {
        let held = rows
            .iter()
            .filter_map(|r| {
                Some(Held {
                    source: Source::from_code(&r.source)?,
                    value: u16::try_from(r.value).ok()?,
                })
            })
            .collect();
        out.insert(person, held);
    }
    let rows = if platform {
        dr::platform_of(conn, persons)?
    } else {
        HashMap::new()
    };
    for (person, row) in rows {
        if let Ok(value) = u16::try_from(row.rating.round() as i64) {
            out.entry(person).or_default().push(Held {
                source: Source::Platform,
                value,
            });
        }
    }
    Ok(out)
}

/// The rating a regulation's `order` counts for each of these people on
/// `on`; people without one are left out (unrated).
pub fn counted(
    conn: &mut DbConnection,
    order: &[Source],
    persons: &[PersonId],
    on: NaiveDate,
) -> Result<HashMap<PersonId, Held>, QueryError> {
    if order.is_empty() || persons.is_empty() {
        return Ok(HashMap::new());
    }
    // The platform's ratings are read only for a regulation that counts them.
    let platform = order.contains(&Source::Platform);
    Ok(held_of(conn, persons, on, platform)?
        .into_iter()
        .filter_map(|(person, held)| Some((person, pick(order, &held)?)))
        .collect())
}

/// The period (month) of a moment: year × 12 + month − 1.
pub fn period_of(at: NaiveDateTime) -> i32 {
    at.year() * 12 + i32::try_from(at.month0()).unwrap_or(0)
}

/// The first day of a period.
pub fn period_start(period: i32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(
        period.div_euclid(12),
        u32::try_from(period.rem_euclid(12)).ok()? + 1,
        1,
    )
}

/// A person's ratings over time, oldest first: every value typed,
/// imported or taken from a game, and the platform's after each month the
/// person played (dated by the month's last day, when it was settled).
pub fn history(conn: &mut DbConnection, person: PersonId) -> Result<Vec<Dated>, QueryError> {
    Ok(dated(
        &dr::of_person(conn, person)?,
        &dr::platform_history(conn, person)?,
    ))
}

/// [`history`] of rows already read.
pub fn dated(rows: &[dr::Rating], platform: &[PlatformRating]) -> Vec<Dated> {
    let mut out: Vec<Dated> = rows
        .iter()
        .filter_map(|r| {
            Some(Dated {
                on: r.as_of,
                source: Source::from_code(&r.source)?,
                value: u16::try_from(r.value).ok()?,
            })
        })
        .collect();
    for row in platform {
        let settled = period_start(row.period + 1).and_then(|d| d.pred_opt());
        if let (Some(on), Ok(value)) = (settled, u16::try_from(row.rating.round() as i64)) {
            out.push(Dated {
                on,
                source: Source::Platform,
                value,
            });
        }
    }
    out.sort_by_key(|d| d.on);
    out
}

/// What a refresh of the platform's ratings did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Refreshed {
    /// The first period recomputed; `None`: nothing had changed.
    pub from: Option<i32>,
    pub periods: usize,
    pub games: usize,
    pub rows: usize,
}

fn digest(games: &[dr::RatedGame]) -> String {
    let mut hash = Sha256::new();
    for g in games {
        let result = match g.result {
            RatedResult::HomeWin => "1-0",
            RatedResult::Draw => "1/2",
            RatedResult::AwayWin => "0-1",
        };
        hash.update(format!("{}:{}:{}:{result};", g.game, g.home, g.away).as_bytes());
    }
    format!("{:x}", hash.finalize())
}

fn half_points(r: RatedResult) -> u8 {
    match r {
        RatedResult::HomeWin => 2,
        RatedResult::Draw => 1,
        RatedResult::AwayWin => 0,
    }
}

/// Brings the platform's ratings up to date with the games played: from
/// the first month whose games changed since the last refresh, every month
/// is recomputed; the months before stay as stored.
pub fn refresh_platform(conn: &mut DbConnection) -> Result<Refreshed, QueryError> {
    write_transaction(conn, refresh_in)
}

/// [`refresh_platform`] inside the caller's transaction (a tournament's
/// finish).
pub fn refresh_in(tx: &mut WriteTx<'_>) -> Result<Refreshed, QueryError> {
    let mut months: BTreeMap<i32, Vec<dr::RatedGame>> = BTreeMap::new();
    for game in dr::rated_games(tx)? {
        months
            .entry(period_of(game.starts_at))
            .or_default()
            .push(game);
    }
    let digests: BTreeMap<i32, String> = months.iter().map(|(p, g)| (*p, digest(g))).collect();
    let stored: BTreeMap<i32, String> = dr::periods(tx)?
        .into_iter()
        .map(|p| (p.period, p.digest))
        .collect();
    let changed = digests
        .keys()
        .chain(stored.keys())
        .copied()
        .filter(|p| digests.get(p) != stored.get(p))
        .min();
    let Some(from) = changed else {
        return Ok(Refreshed::default());
    };
    dr::forget_from(tx, from)?;
    let mut pool: Pool<PersonId> = Pool::default();
    for row in dr::platform_before(tx, from)? {
        pool.players.insert(
            row.person_id,
            Rated {
                glicko: Glicko {
                    rating: row.rating,
                    deviation: row.deviation,
                    volatility: row.volatility,
                },
                period: u32::try_from(row.period).unwrap_or(0),
                games: u32::try_from(row.games).unwrap_or(0),
            },
        );
    }
    pool.closed = stored
        .keys()
        .filter(|p| **p < from)
        .max()
        .and_then(|p| u32::try_from(*p).ok());
    let mut out = Refreshed {
        from: Some(from),
        ..Refreshed::default()
    };
    let mut rows = Vec::new();
    let mut periods = Vec::new();
    for (period, games) in months.range(from..) {
        let Ok(p) = u32::try_from(*period) else {
            continue;
        };
        let played: Vec<Game<PersonId>> = games
            .iter()
            .filter(|g| g.home != g.away)
            .map(|g| Game {
                first: g.home,
                second: g.away,
                first_half_points: half_points(g.result),
            })
            .collect();
        if pool.close_period(p, &played).is_err() {
            continue;
        }
        let mut who: Vec<PersonId> = played.iter().flat_map(|g| [g.first, g.second]).collect();
        who.sort();
        who.dedup();
        for person in who {
            if let Some(r) = pool.players.get(&person) {
                rows.push(PlatformRating {
                    person_id: person,
                    period: *period,
                    rating: r.glicko.rating,
                    deviation: r.glicko.deviation,
                    volatility: r.glicko.volatility,
                    games: i32::try_from(r.games).unwrap_or(i32::MAX),
                });
            }
        }
        periods.push(RatingPeriod {
            period: *period,
            games: i32::try_from(games.len()).unwrap_or(i32::MAX),
            digest: digests.get(period).cloned().unwrap_or_default(),
        });
        out.periods += 1;
        out.games += games.len();
    }
    out.rows = dr::insert_platform(tx, &rows)?;
    dr::insert_periods(tx, &periods)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_reads_as_its_servers_name() {
        assert_eq!(site_of("https://lichess.org/abcdefgh"), "lichess.org");
        assert_eq!(site_of("Chess.com"), "chess.com");
        assert_eq!(site_of(" http://play.example.org/g/1 "), "play.example.org");
    }

    #[test]
    fn periods_are_calendar_months() {
        let at = |y, m| {
            NaiveDate::from_ymd_opt(y, m, 15)
                .and_then(|d| d.and_hms_opt(12, 0, 0))
                .expect("a moment")
        };
        assert_eq!(period_of(at(2026, 1)) + 11, period_of(at(2026, 12)));
        assert_eq!(period_of(at(2026, 12)) + 1, period_of(at(2027, 1)));
        assert_eq!(
            period_start(period_of(at(2026, 12))),
            NaiveDate::from_ymd_opt(2026, 12, 1)
        );
    }
}

//! Ratings: what each person holds (FIDE, national, game-server ratings,
//! kept as history), their FIDE id, the platform's own rating after each
//! month they played in, the digests of the months it was computed from,
//! and rating lists staged between preview and confirmation.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::schema::{
    games, matches, people, platform_ratings, rating_imports, rating_periods, ratings, rounds,
    tournaments,
};
use super::{DbConnection, WriteTx};
use league_ids::{GameId, PersonId, RatingId, RatingImportId};

/// Rows written in one statement (SQLite allows 32,766 parameters).
const BATCH: usize = 500;

/// Inserts rows many to a statement: diesel writes a multi-row insert for
/// each backend, not through the connection that stands for both.
macro_rules! insert_batched {
    ($tx:expr, $table:expr, $rows:expr) => {{
        let mut n = 0;
        for chunk in $rows.chunks(BATCH) {
            let statement = diesel::insert_into($table).values(chunk);
            n += match $tx.conn() {
                DbConnection::Sqlite(c) => statement.execute(c)?,
                DbConnection::Postgresql(c) => statement.execute(c)?,
            };
        }
        Ok(n)
    }};
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = ratings)]
pub struct Rating {
    pub id: RatingId,
    pub person_id: PersonId,
    pub source: String,
    pub value: i32,
    pub as_of: NaiveDate,
    pub origin: String,
    pub site: Option<String>,
    pub game_id: Option<GameId>,
    pub recorded_by: Option<PersonId>,
    pub recorded_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = ratings)]
pub struct NewRating {
    pub person_id: PersonId,
    pub source: String,
    pub value: i32,
    pub as_of: NaiveDate,
    pub origin: String,
    pub site: Option<String>,
    pub game_id: Option<GameId>,
    pub recorded_by: Option<PersonId>,
    pub recorded_at: NaiveDateTime,
}

pub fn insert(tx: &mut WriteTx<'_>, rows: &[NewRating]) -> QueryResult<usize> {
    insert_batched!(tx, ratings::table, rows)
}

/// A person's ratings, oldest first.
pub fn of_person(conn: &mut DbConnection, person: PersonId) -> QueryResult<Vec<Rating>> {
    ratings::table
        .filter(ratings::person_id.eq(person))
        .order((ratings::as_of.asc(), ratings::id.asc()))
        .select(Rating::as_select())
        .load(conn)
}

/// The ratings the people held on `at`: for each person and source, the
/// latest row dated on or before it.
pub fn held_on(
    conn: &mut DbConnection,
    persons: &[PersonId],
    at: NaiveDate,
) -> QueryResult<HashMap<PersonId, Vec<Rating>>> {
    let mut held: HashMap<PersonId, Vec<Rating>> = HashMap::new();
    for chunk in persons.chunks(BATCH) {
        let rows: Vec<Rating> = ratings::table
            .filter(ratings::person_id.eq_any(chunk))
            .filter(ratings::as_of.le(at))
            .order((ratings::as_of.asc(), ratings::id.asc()))
            .select(Rating::as_select())
            .load(conn)?;
        for row in rows {
            let list = held.entry(row.person_id).or_default();
            match list.iter_mut().find(|r| r.source == row.source) {
                Some(kept) => *kept = row,
                None => list.push(row),
            }
        }
    }
    Ok(held)
}

/// Game-server ratings already taken from these games (so that a game
/// confirmed again adds none).
pub fn taken_from_games(conn: &mut DbConnection, game: GameId) -> QueryResult<Vec<PersonId>> {
    ratings::table
        .filter(ratings::game_id.eq(game))
        .select(ratings::person_id)
        .load(conn)
}

/// Forgets the ratings taken from a game's record (a record kept again
/// brings its own).
pub fn forget_game(tx: &mut WriteTx<'_>, game: GameId) -> QueryResult<usize> {
    diesel::delete(ratings::table.filter(ratings::game_id.eq(game))).execute(tx.conn())
}

/// Every person with a FIDE id: id → person.
pub fn fide_ids(conn: &mut DbConnection) -> QueryResult<HashMap<i64, PersonId>> {
    let rows: Vec<(PersonId, Option<i64>)> = people::table
        .filter(people::fide_id.is_not_null())
        .select((people::id, people::fide_id))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(p, f)| Some((f?, p)))
        .collect())
}

/// The FIDE ids of these people: person → id.
pub fn fide_ids_of(
    conn: &mut DbConnection,
    persons: &[PersonId],
) -> QueryResult<HashMap<PersonId, i64>> {
    let mut out = HashMap::new();
    for chunk in persons.chunks(BATCH) {
        let rows: Vec<(PersonId, Option<i64>)> = people::table
            .filter(people::id.eq_any(chunk))
            .filter(people::fide_id.is_not_null())
            .select((people::id, people::fide_id))
            .load(conn)?;
        out.extend(rows.into_iter().filter_map(|(p, f)| Some((p, f?))));
    }
    Ok(out)
}

pub fn fide_id_of(conn: &mut DbConnection, person: PersonId) -> QueryResult<Option<i64>> {
    people::table
        .find(person)
        .select(people::fide_id)
        .first::<Option<i64>>(conn)
        .optional()
        .map(Option::flatten)
}

/// Who holds a FIDE id, if anyone.
pub fn person_with_fide_id(conn: &mut DbConnection, fide_id: i64) -> QueryResult<Option<PersonId>> {
    people::table
        .filter(people::fide_id.eq(fide_id))
        .select(people::id)
        .first(conn)
        .optional()
}

pub fn set_fide_id(
    tx: &mut WriteTx<'_>,
    person: PersonId,
    fide_id: Option<i64>,
) -> QueryResult<usize> {
    diesel::update(people::table.find(person))
        .set(people::fide_id.eq(fide_id))
        .execute(tx.conn())
}

/// A game the platform's rating counts: played over the board between two
/// people, with a result, in a tournament not cancelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable)]
pub struct RatedGame {
    pub game: GameId,
    pub starts_at: NaiveDateTime,
    pub home: PersonId,
    pub away: PersonId,
    pub result: RatedResult,
}

/// A result over the board, home side first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RatedResult {
    HomeWin,
    Draw,
    AwayWin,
}

type RatedRow = (
    GameId,
    NaiveDateTime,
    Option<PersonId>,
    Option<PersonId>,
    String,
);

/// Every game the platform's rating counts, by game id.
pub fn rated_games(conn: &mut DbConnection) -> QueryResult<Vec<RatedGame>> {
    let rows: Vec<RatedRow> = games::table
        .inner_join(matches::table.inner_join(rounds::table.inner_join(tournaments::table)))
        .filter(tournaments::cancelled_at.is_null())
        .filter(matches::forfeit.is_null())
        .filter(games::result.eq_any(["1-0", "1/2", "0-1"]))
        .filter(games::home_player_id.is_not_null())
        .filter(games::away_player_id.is_not_null())
        .order(games::id.asc())
        .select((
            games::id,
            tournaments::starts_at,
            games::home_player_id,
            games::away_player_id,
            games::result,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(game, starts_at, home, away, result)| {
            let result = match result.as_str() {
                "1-0" => RatedResult::HomeWin,
                "1/2" => RatedResult::Draw,
                "0-1" => RatedResult::AwayWin,
                _ => return None,
            };
            Some(RatedGame {
                game,
                starts_at,
                home: home?,
                away: away?,
                result,
            })
        })
        .collect())
}

#[derive(Debug, Clone, Copy, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = platform_ratings)]
pub struct PlatformRating {
    pub person_id: PersonId,
    pub period: i32,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i32,
}

/// Each person's last platform rating from a period before `period`
/// (all of them: `i32::MAX`).
pub fn platform_before(conn: &mut DbConnection, period: i32) -> QueryResult<Vec<PlatformRating>> {
    let rows: Vec<PlatformRating> = platform_ratings::table
        .filter(platform_ratings::period.lt(period))
        .order((
            platform_ratings::person_id.asc(),
            platform_ratings::period.asc(),
        ))
        .select(PlatformRating::as_select())
        .load(conn)?;
    let mut last: Vec<PlatformRating> = Vec::new();
    for row in rows {
        match last.last_mut() {
            Some(kept) if kept.person_id == row.person_id => *kept = row,
            _ => last.push(row),
        }
    }
    Ok(last)
}

/// A person's platform rating after each period they played in.
pub fn platform_history(
    conn: &mut DbConnection,
    person: PersonId,
) -> QueryResult<Vec<PlatformRating>> {
    platform_ratings::table
        .filter(platform_ratings::person_id.eq(person))
        .order(platform_ratings::period.asc())
        .select(PlatformRating::as_select())
        .load(conn)
}

/// The people's latest platform ratings.
pub fn platform_of(
    conn: &mut DbConnection,
    persons: &[PersonId],
) -> QueryResult<HashMap<PersonId, PlatformRating>> {
    let mut out = HashMap::new();
    for chunk in persons.chunks(BATCH) {
        let rows: Vec<PlatformRating> = platform_ratings::table
            .filter(platform_ratings::person_id.eq_any(chunk))
            .order(platform_ratings::period.asc())
            .select(PlatformRating::as_select())
            .load(conn)?;
        for row in rows {
            out.insert(row.person_id, row);
        }
    }
    Ok(out)
}

/// Forgets the platform ratings from `period` on, and the digests of
/// those periods.
pub fn forget_from(tx: &mut WriteTx<'_>, period: i32) -> QueryResult<()> {
    diesel::delete(platform_ratings::table.filter(platform_ratings::period.ge(period)))
        .execute(tx.conn())?;
    diesel::delete(rating_periods::table.filter(rating_periods::period.ge(period)))
        .execute(tx.conn())?;
    Ok(())
}

pub fn insert_platform(tx: &mut WriteTx<'_>, rows: &[PlatformRating]) -> QueryResult<usize> {
    insert_batched!(tx, platform_ratings::table, rows)
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = rating_periods)]
pub struct RatingPeriod {
    pub period: i32,
    pub games: i32,
    pub digest: String,
}

/// The periods the stored platform ratings were computed from, in order.
pub fn periods(conn: &mut DbConnection) -> QueryResult<Vec<RatingPeriod>> {
    rating_periods::table
        .order(rating_periods::period.asc())
        .select(RatingPeriod::as_select())
        .load(conn)
}

pub fn insert_periods(tx: &mut WriteTx<'_>, rows: &[RatingPeriod]) -> QueryResult<usize> {
    insert_batched!(tx, rating_periods::table, rows)
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = rating_imports)]
pub struct RatingImport {
    pub id: RatingImportId,
    pub made_by: PersonId,
    pub made_at: NaiveDateTime,
    pub kind: String,
    pub as_of: NaiveDate,
    pub payload: String,
    pub confirmed_at: Option<NaiveDateTime>,
}

#[derive(Insertable)]
#[diesel(table_name = rating_imports)]
pub struct NewRatingImport<'a> {
    pub made_by: PersonId,
    pub made_at: NaiveDateTime,
    pub kind: &'a str,
    pub as_of: NaiveDate,
    pub payload: &'a str,
}

pub fn stage(tx: &mut WriteTx<'_>, new: &NewRatingImport) -> QueryResult<RatingImportId> {
    diesel::insert_into(rating_imports::table)
        .values(new)
        .returning(rating_imports::id)
        .get_result(tx.conn())
}

pub fn staged(conn: &mut DbConnection, id: RatingImportId) -> QueryResult<Option<RatingImport>> {
    rating_imports::table
        .find(id)
        .select(RatingImport::as_select())
        .first(conn)
        .optional()
}

/// Marks a staged list confirmed; 0 when it already was.
pub fn mark_confirmed(
    tx: &mut WriteTx<'_>,
    id: RatingImportId,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        rating_imports::table
            .find(id)
            .filter(rating_imports::confirmed_at.is_null()),
    )
    .set(rating_imports::confirmed_at.eq(at))
    .execute(tx.conn())
}

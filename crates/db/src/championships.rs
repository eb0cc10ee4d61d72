//! Championships (seasons): a name, a time zone and the regulation they run
//! under, stored as the serialized `rules::Regulation`.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{DbConnection, WriteTx, schema::championships, utc_now};
use league_ids::{ChampionshipId, PersonId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = championships)]
pub struct Championship {
    pub id: ChampionshipId,
    pub slug: String,
    pub name: String,
    pub created_at: NaiveDateTime,
    /// JSON of `rules::regulation::Regulation`.
    pub regulation: String,
    pub preset: String,
    pub time_zone: String,
    pub created_by: Option<PersonId>,
}

impl Championship {
    /// The championship's time zone; the creation form only stores valid
    /// IANA names, Moscow (the seeds' zone) covers a hand-edited row.
    pub fn tz(&self) -> chrono_tz::Tz {
        zone(&self.time_zone)
    }
}

fn zone(name: &str) -> chrono_tz::Tz {
    name.parse().unwrap_or(chrono_tz::Europe::Moscow)
}

#[derive(Insertable)]
#[diesel(table_name = championships)]
pub struct NewChampionship<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    pub regulation: &'a str,
    pub preset: &'a str,
    pub time_zone: &'a str,
    pub created_by: Option<PersonId>,
    pub created_at: NaiveDateTime,
}

impl<'a> NewChampionship<'a> {
    /// A bare championship (tests, role grants) with an empty regulation.
    pub fn bare(slug: &'a str, name: &'a str) -> Self {
        NewChampionship {
            slug,
            name,
            regulation: "{}",
            preset: "",
            time_zone: "Europe/Moscow",
            created_by: None,
            created_at: utc_now(),
        }
    }
}

pub fn create(tx: &mut WriteTx<'_>, new: &NewChampionship) -> QueryResult<ChampionshipId> {
    let conn = tx.conn();
    diesel::insert_into(championships::table)
        .values(new)
        .returning(championships::id)
        .get_result(conn)
}

pub fn insert(tx: &mut WriteTx<'_>, slug: &str, name: &str) -> QueryResult<ChampionshipId> {
    create(tx, &NewChampionship::bare(slug, name))
}

pub fn by_id(conn: &mut DbConnection, id: ChampionshipId) -> QueryResult<Option<Championship>> {
    championships::table
        .find(id)
        .select(Championship::as_select())
        .first(conn)
        .optional()
}

/// What names a championship in a list: its id, name and time zone.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = championships)]
pub struct Label {
    pub id: ChampionshipId,
    pub name: String,
    pub time_zone: String,
}

impl Label {
    /// As [`Championship::tz`].
    pub fn tz(&self) -> chrono_tz::Tz {
        zone(&self.time_zone)
    }
}

/// The labels of the championships with these ids, newest first (missing
/// ones left out); the rows' regulations are not read.
pub fn labels(conn: &mut DbConnection, ids: &[ChampionshipId]) -> QueryResult<Vec<Label>> {
    championships::table
        .filter(championships::id.eq_any(ids))
        .order(championships::id.desc())
        .select(Label::as_select())
        .load(conn)
}

/// The championship with this slug (its short address, `/c/{slug}`).
pub fn by_slug(conn: &mut DbConnection, slug: &str) -> QueryResult<Option<Championship>> {
    championships::table
        .filter(championships::slug.eq(slug))
        .select(Championship::as_select())
        .first(conn)
        .optional()
}

pub fn slug_taken(conn: &mut DbConnection, slug: &str) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        championships::table.filter(championships::slug.eq(slug)),
    ))
    .get_result(conn)
}

/// All championships, newest first.
pub fn list(conn: &mut DbConnection) -> QueryResult<Vec<Championship>> {
    championships::table
        .order(championships::id.desc())
        .select(Championship::as_select())
        .load(conn)
}

/// One page of the championships, newest first (the JSON API's list).
pub fn page(conn: &mut DbConnection, limit: i64, offset: i64) -> QueryResult<Vec<Championship>> {
    championships::table
        .order(championships::id.desc())
        .limit(limit)
        .offset(offset)
        .select(Championship::as_select())
        .load(conn)
}

pub fn count(conn: &mut DbConnection) -> QueryResult<i64> {
    championships::table.count().get_result(conn)
}

/// Marks a change of anything a championship's standings or results pages
/// show. Call it in the same transaction as the change: the standings cache
/// (`web::cache`) is keyed by the version, so every instance on the
/// database sees the change at its next request.
pub fn bump_results_version(tx: &mut WriteTx<'_>, id: ChampionshipId) -> QueryResult<usize> {
    // Beside the content version, which moves with it (once a transaction
    // on PostgreSQL: `changed_in` names the transaction that moved it
    // last, migration 000041).
    let sql = match tx.conn() {
        DbConnection::Postgresql(_) => {
            "UPDATE championship_content SET results_version = results_version + 1, \
             version = CASE WHEN changed_in IS DISTINCT FROM pg_current_xact_id()::text::bigint \
             THEN version + 1 ELSE version END WHERE championship_id = $1"
        }
        DbConnection::Sqlite(_) => {
            "UPDATE championship_content SET results_version = results_version + 1, \
             version = version + 1 WHERE championship_id = ?"
        }
    };
    diesel::sql_query(sql)
        .bind::<diesel::sql_types::BigInt, _>(id)
        .execute(tx.conn())
}

/// The content versions a cached public page of one championship depends
/// on: the championship's and the platform's (both moved by triggers on
/// every change of what public pages show, migration 000028), in one
/// statement; `None` when there is no such championship.
pub fn content_stamp(
    conn: &mut DbConnection,
    id: ChampionshipId,
) -> QueryResult<Option<(i64, i64)>> {
    use super::schema::championship_content as cc;
    cc::table
        .find(id)
        .select((cc::version, site_content_version()))
        .first::<(i64, i64)>(conn)
        .optional()
}

/// A championship's own content version; `None` when there is no such
/// championship.
pub fn content_version(conn: &mut DbConnection, id: ChampionshipId) -> QueryResult<Option<i64>> {
    use super::schema::championship_content as cc;
    cc::table
        .find(id)
        .select(cc::version)
        .first::<i64>(conn)
        .optional()
}

/// PostgreSQL's content clock: the championships' content versions moved
/// by a transaction not older than `horizon` (every row when `None`), and
/// the horizon for the next read: the oldest transaction still running at
/// this read's snapshot. A change committed after this read is by a
/// transaction at least that new, so the next read finds it (each row
/// names the transaction that last moved it, migration 000040).
pub fn content_moved_since(
    conn: &mut DbConnection,
    horizon: Option<i64>,
) -> QueryResult<(i64, Vec<(ChampionshipId, i64)>)> {
    use diesel::sql_types::{BigInt, Nullable};
    #[derive(QueryableByName)]
    struct Moved {
        #[diesel(sql_type = BigInt)]
        horizon: i64,
        #[diesel(sql_type = Nullable<BigInt>)]
        championship_id: Option<i64>,
        #[diesel(sql_type = Nullable<BigInt>)]
        version: Option<i64>,
    }
    let pg = match conn {
        DbConnection::Postgresql(pg) => pg,
        // The server's clock runs on PostgreSQL only; on SQLite every row
        // is read (exact, for tests of the clock on either backend).
        DbConnection::Sqlite(_) => {
            use super::schema::championship_content as cc;
            let all: Vec<(ChampionshipId, i64)> = cc::table
                .select((cc::championship_id, cc::version))
                .load(conn)?;
            return Ok((0, all));
        }
    };
    const SNAPSHOT: &str = "SELECT s.horizon, c.championship_id, c.version \
         FROM (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS horizon) s \
         LEFT JOIN championship_content c ON ";
    let rows: Vec<Moved> = match horizon {
        None => diesel::sql_query(format!("{SNAPSHOT}TRUE")).load(pg)?,
        Some(h) => diesel::sql_query(format!("{SNAPSHOT}c.changed_in >= $1"))
            .bind::<BigInt, _>(h)
            .load(pg)?,
    };
    let next = rows.first().map_or(horizon.unwrap_or(0), |r| r.horizon);
    let moved = rows
        .into_iter()
        .filter_map(|r| Some((ChampionshipId(r.championship_id?), r.version?)))
        .collect();
    Ok((next, moved))
}

/// The content versions a cached page of the whole platform depends on,
/// in one statement: a number that moves with every championship's
/// version, the platform's version, and the version of what the platform's
/// lists show (`site_content.listed`: championships' names and history,
/// migration 000039). On SQLite the first number is the running count its
/// triggers keep (`championship_content_changes`, one row); on PostgreSQL,
/// where one row moved by every writer would make them queue, the sum of
/// every championship's version (each only grows, so any change moves the
/// sum; a championship removed moves the platform's), which the content
/// clock reads once for many requests.
pub fn site_stamp(conn: &mut DbConnection) -> QueryResult<(i64, i64, i64)> {
    use super::schema::site_content;
    let championships = match conn {
        DbConnection::Sqlite(_) => {
            "(SELECT changes FROM championship_content_changes WHERE id = 1)"
        }
        DbConnection::Postgresql(_) => {
            "(SELECT CAST(COALESCE(SUM(version), 0) AS BIGINT) FROM championship_content)"
        }
    };
    diesel::select((
        diesel::dsl::sql::<diesel::sql_types::BigInt>(championships),
        site_content_version(),
        site_content::table
            .find(1)
            .select(site_content::listed)
            .single_value()
            .assume_not_null(),
    ))
    .get_result(conn)
}

/// The version of what the platform's lists show (home, championships,
/// hall of fame): championships' names, kinds and zones, and history.
pub fn listing_version(conn: &mut DbConnection) -> QueryResult<i64> {
    use super::schema::site_content;
    site_content::table
        .find(1)
        .select(site_content::listed)
        .first(conn)
}

/// The platform's content version, as a subquery.
fn site_content_version() -> diesel::dsl::AssumeNotNull<
    diesel::dsl::SingleValue<
        diesel::dsl::Select<
            diesel::dsl::Find<super::schema::site_content::table, i32>,
            super::schema::site_content::version,
        >,
    >,
> {
    use super::schema::site_content;
    site_content::table
        .find(1)
        .select(site_content::version)
        .single_value()
        .assume_not_null()
}

/// The championship's results version and the number of its regulation
/// version in force at `at` (1 before any change is published), in one
/// read: all a cached season page needs to know that its copy stands.
pub fn versions_at(
    conn: &mut DbConnection,
    id: ChampionshipId,
    at: NaiveDateTime,
) -> QueryResult<Option<(i64, i32)>> {
    use super::schema::championship_content as cc;
    use super::schema::regulation_versions as rv;
    let in_force = rv::table
        .filter(rv::championship_id.eq(cc::championship_id))
        .filter(rv::applies_from.is_null().or(rv::applies_from.le(at)))
        .select(diesel::dsl::max(rv::number))
        .single_value();
    cc::table
        .find(id)
        .select((cc::results_version, in_force))
        .first::<(i64, Option<i32>)>(conn)
        .optional()
        .map(|row| row.map(|(results, number)| (results, number.unwrap_or(1))))
}

pub fn results_version(conn: &mut DbConnection, id: ChampionshipId) -> QueryResult<Option<i64>> {
    use super::schema::championship_content as cc;
    cc::table
        .find(id)
        .select(cc::results_version)
        .first(conn)
        .optional()
}

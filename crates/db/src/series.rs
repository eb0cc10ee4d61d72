//! Corporate series: sports with their place → points tables,
//! typed places, the chess places read from finished tournaments, and the
//! athlete lists of the other sports.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{
    entries, entry_players, memberships, people, series, series_athletes, series_places,
    series_sport_organizers, series_sports, teams, tournament_places, tournaments,
};
use super::{DbConnection, WriteTx};
use crate::entries::EntryStatus;
use league_ids::{ChampionshipId, OrganizationId, PersonId, SeriesId, SeriesSportId, TournamentId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = series)]
pub struct Series {
    pub id: SeriesId,
    pub name: String,
    pub name_key: String,
    pub created_by: Option<PersonId>,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = series_sports)]
pub struct Sport {
    pub id: SeriesSportId,
    pub series_id: SeriesId,
    pub name: String,
    pub championship_id: Option<ChampionshipId>,
    pub created_at: NaiveDateTime,
    /// The place → points table as `rules::series::points_table_text`
    /// writes it.
    pub points: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = series_places)]
pub struct TypedPlace {
    pub sport_id: SeriesSportId,
    pub organization_id: OrganizationId,
    pub place: i32,
    pub set_by: Option<PersonId>,
    pub set_at: NaiveDateTime,
}

pub fn list(conn: &mut DbConnection) -> QueryResult<Vec<Series>> {
    series::table
        .order(series::created_at.desc())
        .select(Series::as_select())
        .load(conn)
}

pub fn by_id(conn: &mut DbConnection, id: SeriesId) -> QueryResult<Option<Series>> {
    series::table
        .find(id)
        .select(Series::as_select())
        .first(conn)
        .optional()
}

pub fn by_key(conn: &mut DbConnection, key: &str) -> QueryResult<Option<Series>> {
    series::table
        .filter(series::name_key.eq(key))
        .select(Series::as_select())
        .first(conn)
        .optional()
}

pub fn create(
    tx: &mut WriteTx<'_>,
    name: &str,
    key: &str,
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<SeriesId> {
    let conn = tx.conn();
    diesel::insert_into(series::table)
        .values((
            series::name.eq(name),
            series::name_key.eq(key),
            series::created_by.eq(by),
            series::created_at.eq(at),
        ))
        .returning(series::id)
        .get_result(conn)
}

pub fn sports_of(conn: &mut DbConnection, id: SeriesId) -> QueryResult<Vec<Sport>> {
    series_sports::table
        .filter(series_sports::series_id.eq(id))
        .order(series_sports::id)
        .select(Sport::as_select())
        .load(conn)
}

pub fn add_sport(
    tx: &mut WriteTx<'_>,
    id: SeriesId,
    name: &str,
    championship: Option<ChampionshipId>,
    points: &str,
    at: NaiveDateTime,
) -> QueryResult<SeriesSportId> {
    let conn = tx.conn();
    diesel::insert_into(series_sports::table)
        .values((
            series_sports::series_id.eq(id),
            series_sports::name.eq(name),
            series_sports::championship_id.eq(championship),
            series_sports::created_at.eq(at),
            series_sports::points.eq(points),
        ))
        .returning(series_sports::id)
        .get_result(conn)
}

/// Replaces a sport's place → points table.
pub fn set_points(tx: &mut WriteTx<'_>, sport: SeriesSportId, points: &str) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(series_sports::table.find(sport))
        .set(series_sports::points.eq(points))
        .execute(conn)
}

/// The sports (with their series) that take their places from this
/// championship: the series where it is the chess sport.
pub fn chess_sports_of(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<Vec<(Sport, Series)>> {
    series_sports::table
        .inner_join(series::table.on(series::id.eq(series_sports::series_id)))
        .filter(series_sports::championship_id.eq(championship))
        .order(series_sports::id)
        .select((Sport::as_select(), Series::as_select()))
        .load(conn)
}

/// One person on a sport's list.
#[derive(Debug, Clone, Queryable)]
pub struct Athlete {
    pub sport_id: SeriesSportId,
    pub organization_id: OrganizationId,
    pub person_id: PersonId,
    pub nick: String,
    pub full_name: String,
}

/// Everyone on the lists of a series, by sport, organization and nick.
pub fn athletes_of(conn: &mut DbConnection, id: SeriesId) -> QueryResult<Vec<Athlete>> {
    series_athletes::table
        .inner_join(people::table.on(people::id.eq(series_athletes::person_id)))
        .filter(series_athletes::series_id.eq(id))
        .order((
            series_athletes::sport_id,
            series_athletes::organization_id,
            people::nick_key,
        ))
        .select((
            series_athletes::sport_id,
            series_athletes::organization_id,
            series_athletes::person_id,
            people::nick,
            people::full_name,
        ))
        .load(conn)
}

/// Puts a person on a sport's list for an organization. The key (series,
/// person) refuses a second list of the same series, also under races.
pub fn add_athlete(
    tx: &mut WriteTx<'_>,
    id: SeriesId,
    sport: SeriesSportId,
    organization: OrganizationId,
    person: PersonId,
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::insert_into(series_athletes::table)
        .values((
            series_athletes::series_id.eq(id),
            series_athletes::sport_id.eq(sport),
            series_athletes::organization_id.eq(organization),
            series_athletes::person_id.eq(person),
            series_athletes::added_by.eq(by),
            series_athletes::added_at.eq(at),
        ))
        .execute(conn)
        .map(drop)
}

/// Takes a person off a sport's list; how many rows went (0 or 1).
pub fn remove_athlete(
    tx: &mut WriteTx<'_>,
    sport: SeriesSportId,
    person: PersonId,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::delete(
        series_athletes::table
            .filter(series_athletes::sport_id.eq(sport))
            .filter(series_athletes::person_id.eq(person)),
    )
    .execute(conn)
}

/// The people named in the entries (not withdrawn) of any tournament of a
/// championship: its chess athletes for.
pub fn chess_athletes(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<Vec<PersonId>> {
    let mut ids: Vec<PersonId> = entry_players::table
        .inner_join(entries::table.on(entries::id.eq(entry_players::entry_id)))
        .inner_join(tournaments::table.on(tournaments::id.eq(entries::tournament_id)))
        .filter(tournaments::championship_id.eq(championship))
        .filter(tournaments::cancelled_at.is_null())
        .filter(entries::status.ne(EntryStatus::Withdrawn.code()))
        .select(entry_players::person_id)
        .load(conn)?;
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

pub fn places_of(
    conn: &mut DbConnection,
    sports: &[SeriesSportId],
) -> QueryResult<Vec<TypedPlace>> {
    series_places::table
        .filter(series_places::sport_id.eq_any(sports))
        .select(TypedPlace::as_select())
        .load(conn)
}

/// Sets (or replaces) an organization's typed place in a sport.
pub fn set_place(
    tx: &mut WriteTx<'_>,
    sport: SeriesSportId,
    organization: OrganizationId,
    place: i32,
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::delete(
        series_places::table
            .filter(series_places::sport_id.eq(sport))
            .filter(series_places::organization_id.eq(organization)),
    )
    .execute(conn)?;
    diesel::insert_into(series_places::table)
        .values((
            series_places::sport_id.eq(sport),
            series_places::organization_id.eq(organization),
            series_places::place.eq(place),
            series_places::set_by.eq(by),
            series_places::set_at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

/// The chess places of a championship's last finished tournament, by the
/// organization its teams play for: (organization, first, last).
pub fn chess_places(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<Vec<(OrganizationId, i32, i32)>> {
    let last: Option<TournamentId> = tournaments::table
        .filter(tournaments::championship_id.eq(championship))
        .filter(tournaments::finished_at.is_not_null())
        .order((tournaments::finished_at.desc(), tournaments::id.desc()))
        .select(tournaments::id)
        .first(conn)
        .optional()?;
    let Some(t) = last else {
        return Ok(Vec::new());
    };
    let rows: Vec<(Option<OrganizationId>, i32, i32)> = tournament_places::table
        .inner_join(entries::table.on(entries::id.eq(tournament_places::entry_id)))
        .inner_join(teams::table.on(teams::id.eq(tournament_places::team_id)))
        .filter(tournament_places::tournament_id.eq(t))
        .order(tournament_places::place_first)
        .select((
            teams::organization_id,
            tournament_places::place_first,
            tournament_places::place_last,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(org, first, last)| Some((org?, first, last)))
        .collect())
}

/// The organizers of each sport of a series, each with their nick.
pub fn sport_organizers(
    conn: &mut DbConnection,
    id: SeriesId,
) -> QueryResult<Vec<(SeriesSportId, PersonId, String)>> {
    series_sport_organizers::table
        .inner_join(
            series_sports::table.on(series_sports::id.eq(series_sport_organizers::sport_id)),
        )
        .inner_join(people::table.on(people::id.eq(series_sport_organizers::person_id)))
        .filter(series_sports::series_id.eq(id))
        .order((series_sport_organizers::sport_id, people::nick_key))
        .select((
            series_sport_organizers::sport_id,
            series_sport_organizers::person_id,
            people::nick,
        ))
        .load(conn)
}

/// Makes `person` an organizer of `sport`; `false` when they are already.
pub fn add_sport_organizer(
    tx: &mut WriteTx<'_>,
    sport: SeriesSportId,
    person: PersonId,
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    let conn = tx.conn();
    let already: i64 = series_sport_organizers::table
        .filter(series_sport_organizers::sport_id.eq(sport))
        .filter(series_sport_organizers::person_id.eq(person))
        .count()
        .get_result(conn)?;
    if already > 0 {
        return Ok(false);
    }
    diesel::insert_into(series_sport_organizers::table)
        .values((
            series_sport_organizers::sport_id.eq(sport),
            series_sport_organizers::person_id.eq(person),
            series_sport_organizers::added_by.eq(by),
            series_sport_organizers::added_at.eq(at),
        ))
        .execute(conn)?;
    Ok(true)
}

/// The current members, with their full names, of the teams standing for
/// `organization` in championship `c` (R-1.8: a chess player named for
/// another sport by full name is the same person).
pub fn organization_players(
    conn: &mut DbConnection,
    c: ChampionshipId,
    organization: OrganizationId,
) -> QueryResult<Vec<(PersonId, String)>> {
    memberships::table
        .inner_join(teams::table.on(teams::id.eq(memberships::team_id)))
        .inner_join(people::table.on(people::id.eq(memberships::person_id)))
        .filter(teams::championship_id.eq(c))
        .filter(teams::organization_id.eq(organization))
        .filter(memberships::until_at.is_null())
        .select((people::id, people::full_name))
        .load(conn)
}

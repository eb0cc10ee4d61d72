//! A corporate series' table: the chess places come from the
//! linked championships' finished tournaments, the other sports' places as
//! an organizer typed them; `rules::series` turns them into points and
//! ranks the organizations.

use std::collections::BTreeMap;

use crate::db::series::{self as s, Series, Sport};
use crate::db::{DbConnection, organizations};
use crate::ids::ChampionshipId;
use crate::rules::ranking::Place;
use crate::rules::series::{SeriesRow, places_from_numbers, r_3_4_table, series_standings};

pub struct SeriesTable {
    pub series: Series,
    pub sports: Vec<Sport>,
    /// Ranked rows, keyed by organization id.
    pub rows: Vec<SeriesRow<i64>>,
    pub organizations: BTreeMap<i64, String>,
}

pub fn load(
    conn: &mut DbConnection,
    id: i64,
) -> Result<Option<SeriesTable>, diesel::result::Error> {
    let Some(series) = s::by_id(conn, id)? else {
        return Ok(None);
    };
    let sports = s::sports_of(conn, id)?;
    let ids: Vec<i64> = sports.iter().map(|x| x.id).collect();
    let typed = s::places_of(conn, &ids)?;
    let mut per_sport = Vec::with_capacity(sports.len());
    for sport in &sports {
        let places: Vec<(i64, Place)> = match sport.championship_id {
            Some(c) => {
                // An organization with several teams keeps its best place.
                let mut best: BTreeMap<i64, Place> = BTreeMap::new();
                for (org, first, last) in s::chess_places(conn, ChampionshipId(c))? {
                    let place = Place {
                        first: u32::try_from(first).unwrap_or(0),
                        last: u32::try_from(last).unwrap_or(0),
                    };
                    best.entry(org)
                        .and_modify(|p| {
                            if place.first < p.first {
                                *p = place;
                            }
                        })
                        .or_insert(place);
                }
                best.into_iter().collect()
            }
            None => {
                let numbers: Vec<(i64, u32)> = typed
                    .iter()
                    .filter(|p| p.sport_id == sport.id)
                    .map(|p| (p.organization_id, u32::try_from(p.place).unwrap_or(0)))
                    .collect();
                places_from_numbers(&numbers)
            }
        };
        per_sport.push((r_3_4_table(), places));
    }
    let rows = series_standings(&per_sport);
    let organizations = organizations::list(conn)?
        .into_iter()
        .map(|o| (o.id, o.name))
        .collect();
    Ok(Some(SeriesTable {
        series,
        sports,
        rows,
        organizations,
    }))
}

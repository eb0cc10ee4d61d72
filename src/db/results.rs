//! What a finished tournament leaves behind: places with tournament points
//! (G-V41, R-3.4) and history entries (G-E1).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::{entries, history_entries, tournament_places, tournaments};
use crate::ids::{ChampionshipId, EntryId, TeamId, TournamentId};

#[derive(Debug, Clone, Queryable)]
pub struct PlaceRow {
    pub tournament_id: i64,
    pub tournament_number: i32,
    pub entry_name: String,
    pub team_id: i64,
    pub place_first: i32,
    pub place_last: i32,
    /// Half-points.
    pub points: i32,
}

pub fn insert_place(
    conn: &mut DbConnection,
    t: TournamentId,
    entry: EntryId,
    team: TeamId,
    place: (i32, i32),
    points: i32,
) -> QueryResult<usize> {
    diesel::insert_into(tournament_places::table)
        .values((
            tournament_places::tournament_id.eq(t.0),
            tournament_places::entry_id.eq(entry.0),
            tournament_places::team_id.eq(team.0),
            tournament_places::place_first.eq(place.0),
            tournament_places::place_last.eq(place.1),
            tournament_places::points.eq(points),
        ))
        .execute(conn)
}

/// Every place of the championship's finished tournaments.
pub fn places_of_championship(
    conn: &mut DbConnection,
    c: ChampionshipId,
) -> QueryResult<Vec<PlaceRow>> {
    tournament_places::table
        .inner_join(tournaments::table.on(tournaments::id.eq(tournament_places::tournament_id)))
        .inner_join(entries::table.on(entries::id.eq(tournament_places::entry_id)))
        .filter(tournaments::championship_id.eq(c.0))
        .order((tournaments::number, tournament_places::place_first))
        .select((
            tournament_places::tournament_id,
            tournaments::number,
            entries::name,
            tournament_places::team_id,
            tournament_places::place_first,
            tournament_places::place_last,
            tournament_places::points,
        ))
        .load(conn)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = history_entries)]
pub struct HistoryEntry {
    pub id: i64,
    pub championship_id: i64,
    pub tournament_id: Option<i64>,
    pub team_id: i64,
    pub entry_name: String,
    /// tournament | season
    pub kind: String,
    pub place: i32,
    pub recorded_at: NaiveDateTime,
}

pub struct NewHistory<'a> {
    pub championship: ChampionshipId,
    pub tournament: Option<TournamentId>,
    pub team: TeamId,
    pub entry_name: &'a str,
    pub kind: &'a str,
    pub place: i32,
    pub at: NaiveDateTime,
}

pub fn insert_history(conn: &mut DbConnection, h: &NewHistory) -> QueryResult<usize> {
    diesel::insert_into(history_entries::table)
        .values((
            history_entries::championship_id.eq(h.championship.0),
            history_entries::tournament_id.eq(h.tournament.map(|t| t.0)),
            history_entries::team_id.eq(h.team.0),
            history_entries::entry_name.eq(h.entry_name),
            history_entries::kind.eq(h.kind),
            history_entries::place.eq(h.place),
            history_entries::recorded_at.eq(h.at),
        ))
        .execute(conn)
}

pub fn history_of_championship(
    conn: &mut DbConnection,
    c: ChampionshipId,
) -> QueryResult<Vec<HistoryEntry>> {
    history_entries::table
        .filter(history_entries::championship_id.eq(c.0))
        .order((history_entries::recorded_at, history_entries::place))
        .select(HistoryEntry::as_select())
        .load(conn)
}

/// Forgets the places and the winner's history entry of a finished
/// tournament, and the championship's season top four, before they are
/// recorded again from changed results (an upheld appeal, G-D4).
pub fn clear_recorded(
    conn: &mut DbConnection,
    c: ChampionshipId,
    t: TournamentId,
) -> QueryResult<()> {
    diesel::delete(tournament_places::table.filter(tournament_places::tournament_id.eq(t.0)))
        .execute(conn)?;
    diesel::delete(
        history_entries::table
            .filter(history_entries::championship_id.eq(c.0))
            .filter(
                history_entries::tournament_id
                    .eq(t.0)
                    .or(history_entries::kind.eq("season")),
            ),
    )
    .execute(conn)?;
    Ok(())
}

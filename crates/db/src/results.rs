//! What a finished tournament leaves behind: places with tournament points
//! (G-V41, R-3.4) and history entries (G-E1).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{entries, history_entries, place_overrides, tournament_places, tournaments};
use super::{DbConnection, WriteTx};
use league_ids::{
    AppealId, ChampionshipId, EntryId, HistoryEntryId, PersonId, PlaceOverrideId, TeamId,
    TournamentId,
};

#[derive(Debug, Clone, Queryable)]
pub struct PlaceRow {
    pub tournament_id: TournamentId,
    pub tournament_number: i32,
    pub entry_name: String,
    pub team_id: TeamId,
    pub place_first: i32,
    pub place_last: i32,
    /// Half-points.
    pub points: i32,
    pub entry_id: EntryId,
}

/// One place of a finished tournament. The caller bumps the results
/// version once for the whole finish (`play::rounds::record_finish`,
/// `rerecord_finished`), not once per row.
pub fn insert_place(
    tx: &mut WriteTx<'_>,
    t: TournamentId,
    entry: EntryId,
    team: TeamId,
    place: (i32, i32),
    points: i32,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::insert_into(tournament_places::table)
        .values((
            tournament_places::tournament_id.eq(t),
            tournament_places::entry_id.eq(entry),
            tournament_places::team_id.eq(team),
            tournament_places::place_first.eq(place.0),
            tournament_places::place_last.eq(place.1),
            tournament_places::points.eq(points),
        ))
        .execute(conn)
}

/// Whose places to read.
enum PlacesOf {
    Championship(ChampionshipId),
    Team(TeamId),
}

/// Places of finished tournaments, in the order of the tournaments and
/// then of the places; entries sharing a place by start number, as the
/// standings list them (`rules::ranking`), so that every view of a
/// tournament lists a shared place in one order.
fn places(conn: &mut DbConnection, of: PlacesOf) -> QueryResult<Vec<PlaceRow>> {
    let query = tournament_places::table
        .inner_join(tournaments::table.on(tournaments::id.eq(tournament_places::tournament_id)))
        .inner_join(entries::table.on(entries::id.eq(tournament_places::entry_id)))
        .order((
            tournaments::number,
            tournament_places::place_first,
            tournament_places::place_last,
            entries::start_no,
            entries::id,
        ))
        .select((
            tournament_places::tournament_id,
            tournaments::number,
            entries::name,
            tournament_places::team_id,
            tournament_places::place_first,
            tournament_places::place_last,
            tournament_places::points,
            tournament_places::entry_id,
        ))
        .into_boxed();
    match of {
        PlacesOf::Championship(c) => query.filter(tournaments::championship_id.eq(c)),
        PlacesOf::Team(team) => query.filter(tournament_places::team_id.eq(team)),
    }
    .load(conn)
}

/// Every place of the championship's finished tournaments.
pub fn places_of_championship(
    conn: &mut DbConnection,
    c: ChampionshipId,
) -> QueryResult<Vec<PlaceRow>> {
    places(conn, PlacesOf::Championship(c))
}

/// Every place a team's entries (the team and its doubles) took in
/// finished tournaments, in the order of the tournaments.
pub fn places_of_team(conn: &mut DbConnection, team: TeamId) -> QueryResult<Vec<PlaceRow>> {
    places(conn, PlacesOf::Team(team))
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = history_entries)]
pub struct HistoryEntry {
    pub id: HistoryEntryId,
    pub championship_id: ChampionshipId,
    pub tournament_id: Option<TournamentId>,
    pub team_id: TeamId,
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

pub fn insert_history(tx: &mut WriteTx<'_>, h: &NewHistory) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::insert_into(history_entries::table)
        .values((
            history_entries::championship_id.eq(h.championship),
            history_entries::tournament_id.eq(h.tournament),
            history_entries::team_id.eq(h.team),
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
        .filter(history_entries::championship_id.eq(c))
        .order((history_entries::recorded_at, history_entries::place))
        .select(HistoryEntry::as_select())
        .load(conn)
}

/// The championships with a recorded history, newest first (the rows of
/// the platform's hall of fame).
pub fn championships_with_history(conn: &mut DbConnection) -> QueryResult<Vec<ChampionshipId>> {
    history_entries::table
        .select(history_entries::championship_id)
        .distinct()
        .order(history_entries::championship_id.desc())
        .load(conn)
}

/// The history of these championships, by championship, then as recorded.
pub fn history_of_championships(
    conn: &mut DbConnection,
    cs: &[ChampionshipId],
) -> QueryResult<Vec<HistoryEntry>> {
    history_entries::table
        .filter(history_entries::championship_id.eq_any(cs))
        .order((
            history_entries::championship_id,
            history_entries::recorded_at,
            history_entries::place,
            history_entries::id,
        ))
        .select(HistoryEntry::as_select())
        .load(conn)
}

/// Forgets the places and the winner's history entry of a finished
/// tournament, and the championship's season top four, before they are
/// recorded again from changed results (an upheld appeal, G-D4).
pub fn clear_recorded(tx: &mut WriteTx<'_>, c: ChampionshipId, t: TournamentId) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::delete(tournament_places::table.filter(tournament_places::tournament_id.eq(t)))
        .execute(conn)?;
    diesel::delete(
        history_entries::table
            .filter(history_entries::championship_id.eq(c))
            .filter(
                history_entries::tournament_id
                    .eq(t)
                    .or(history_entries::kind.eq("season")),
            ),
    )
    .execute(conn)?;
    Ok(())
}

/// A final place set by an upheld appeal (G-D4), applied whenever the
/// tournament's places are computed (`play::rounds::final_places`).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = place_overrides)]
pub struct PlaceOverride {
    pub id: PlaceOverrideId,
    pub tournament_id: TournamentId,
    pub entry_id: EntryId,
    pub place: i32,
    /// The case that decided it.
    pub appeal_id: Option<AppealId>,
    pub set_by: Option<PersonId>,
    pub set_at: NaiveDateTime,
}

pub fn overrides_of(conn: &mut DbConnection, t: TournamentId) -> QueryResult<Vec<PlaceOverride>> {
    place_overrides::table
        .filter(place_overrides::tournament_id.eq(t))
        .order(place_overrides::id)
        .select(PlaceOverride::as_select())
        .load(conn)
}

/// Sets an entry's final place, replacing the one an earlier decision set.
pub fn set_override(
    tx: &mut WriteTx<'_>,
    t: TournamentId,
    entry: EntryId,
    place: i32,
    appeal: Option<AppealId>,
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::delete(
        place_overrides::table
            .filter(place_overrides::tournament_id.eq(t))
            .filter(place_overrides::entry_id.eq(entry)),
    )
    .execute(conn)?;
    diesel::insert_into(place_overrides::table)
        .values((
            place_overrides::tournament_id.eq(t),
            place_overrides::entry_id.eq(entry),
            place_overrides::place.eq(place),
            place_overrides::appeal_id.eq(appeal),
            place_overrides::set_by.eq(Some(by)),
            place_overrides::set_at.eq(at),
        ))
        .execute(conn)
        .map(drop)
}

/// (entry, first, last) of every place recorded for a finished tournament,
/// best first.
pub fn places_of_tournament(
    conn: &mut DbConnection,
    t: TournamentId,
) -> QueryResult<Vec<(EntryId, i32, i32)>> {
    tournament_places::table
        .filter(tournament_places::tournament_id.eq(t))
        .order((tournament_places::place_first, tournament_places::entry_id))
        .select((
            tournament_places::entry_id,
            tournament_places::place_first,
            tournament_places::place_last,
        ))
        .load(conn)
}

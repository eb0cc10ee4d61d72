//! What waits for the officials of many championships, counted per
//! championship (or tournament) in one statement per kind of work, so
//! that a person with roles in hundreds of championships costs a handful
//! of statements and not a handful per championship.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDateTime;
use diesel::dsl::count_star;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::{
    appeals, documents, employments, games, invitations, matches, memberships, rounds, teams,
    tournaments, violation_reports,
};
use league_ids::{ChampionshipId, DocumentId, EmploymentId, TournamentId};

/// Teams applying (G-B12), per championship.
pub fn applications(
    conn: &mut DbConnection,
    cs: &[ChampionshipId],
) -> QueryResult<BTreeMap<ChampionshipId, i64>> {
    let rows: Vec<(ChampionshipId, i64)> = teams::table
        .filter(teams::championship_id.eq_any(cs))
        .filter(teams::status.eq("pending"))
        .group_by(teams::championship_id)
        .select((teams::championship_id, count_star()))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// Accepted invitations waiting for a judge's approval, per championship.
pub fn transfers(
    conn: &mut DbConnection,
    cs: &[ChampionshipId],
) -> QueryResult<BTreeMap<ChampionshipId, i64>> {
    let rows: Vec<(ChampionshipId, i64)> = invitations::table
        .inner_join(teams::table)
        .filter(teams::championship_id.eq_any(cs))
        .filter(invitations::status.eq("awaiting_approval"))
        .group_by(teams::championship_id)
        .select((teams::championship_id, count_star()))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// Open cases of the appeals committee, per championship.
pub fn open_cases(
    conn: &mut DbConnection,
    cs: &[ChampionshipId],
) -> QueryResult<BTreeMap<ChampionshipId, i64>> {
    let rows: Vec<(ChampionshipId, i64)> = appeals::table
        .filter(appeals::championship_id.eq_any(cs))
        .filter(appeals::status.eq("open"))
        .group_by(appeals::championship_id)
        .select((appeals::championship_id, count_star()))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// A tournament with a count of something waiting in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InTournament {
    pub championship: ChampionshipId,
    pub tournament: TournamentId,
    pub number: i32,
    pub count: i64,
}

fn in_tournaments(rows: Vec<(ChampionshipId, TournamentId, i32, i64)>) -> Vec<InTournament> {
    rows.into_iter()
        .map(|(championship, tournament, number, count)| InTournament {
            championship,
            tournament,
            number,
            count,
        })
        .collect()
}

/// Games of published rounds still without a result, per tournament that
/// is drawn and not finished, in each championship's tournament order.
pub fn pending_results(
    conn: &mut DbConnection,
    cs: &[ChampionshipId],
) -> QueryResult<Vec<InTournament>> {
    let rows = games::table
        .inner_join(matches::table.inner_join(rounds::table.inner_join(tournaments::table)))
        .filter(tournaments::championship_id.eq_any(cs))
        .filter(tournaments::drawn_at.is_not_null())
        .filter(tournaments::finished_at.is_null())
        .filter(rounds::status.eq("published"))
        .filter(games::result.eq("pending"))
        .group_by((
            tournaments::championship_id,
            tournaments::id,
            tournaments::number,
            tournaments::starts_at,
        ))
        .select((
            tournaments::championship_id,
            tournaments::id,
            tournaments::number,
            count_star(),
        ))
        .order((
            tournaments::championship_id,
            tournaments::starts_at,
            tournaments::number,
        ))
        .load(conn)?;
    Ok(in_tournaments(rows))
}

/// Captains' reports not answered yet (G-V33), per tournament.
pub fn open_reports(
    conn: &mut DbConnection,
    cs: &[ChampionshipId],
) -> QueryResult<Vec<InTournament>> {
    let rows = violation_reports::table
        .inner_join(tournaments::table.on(tournaments::id.eq(violation_reports::tournament_id)))
        .filter(violation_reports::championship_id.eq_any(cs))
        .filter(violation_reports::answered_at.is_null())
        .group_by((
            tournaments::championship_id,
            tournaments::id,
            tournaments::number,
        ))
        .select((
            tournaments::championship_id,
            tournaments::id,
            tournaments::number,
            count_star(),
        ))
        .order((tournaments::championship_id, tournaments::id))
        .load(conn)?;
    Ok(in_tournaments(rows))
}

/// Current documents awaiting a review, per championship: those of its
/// applying or approved teams and of those teams' current members (a
/// person in teams of several championships counts in each).
pub fn pending_documents(
    conn: &mut DbConnection,
    cs: &[ChampionshipId],
) -> QueryResult<BTreeMap<ChampionshipId, i64>> {
    let of_teams: Vec<(ChampionshipId, DocumentId)> = documents::table
        .inner_join(teams::table.on(documents::team_id.eq(teams::id.nullable())))
        .filter(teams::championship_id.eq_any(cs))
        .filter(teams::status.eq_any(["pending", "approved"]))
        .filter(documents::status.eq("pending"))
        .filter(documents::replaced_by_id.is_null())
        .select((teams::championship_id, documents::id))
        .load(conn)?;
    let of_members: Vec<(ChampionshipId, DocumentId)> = documents::table
        .inner_join(
            memberships::table.on(documents::person_id.eq(memberships::person_id.nullable())),
        )
        .inner_join(teams::table.on(teams::id.eq(memberships::team_id)))
        .filter(memberships::championship_id.eq_any(cs))
        .filter(memberships::until_at.is_null())
        .filter(teams::status.eq_any(["pending", "approved"]))
        .filter(documents::status.eq("pending"))
        .filter(documents::replaced_by_id.is_null())
        .select((memberships::championship_id, documents::id))
        .load(conn)?;
    let distinct: BTreeSet<(ChampionshipId, DocumentId)> =
        of_teams.into_iter().chain(of_members).collect();
    let mut counts = BTreeMap::new();
    for (c, _) in distinct {
        *counts.entry(c).or_insert(0) += 1;
    }
    Ok(counts)
}

/// Tournaments not finished that start by `by`, in each championship's
/// tournament order: the ones whose check-in may be under way.
pub fn starting_by(
    conn: &mut DbConnection,
    cs: &[ChampionshipId],
    by: NaiveDateTime,
) -> QueryResult<Vec<(ChampionshipId, TournamentId, i32)>> {
    tournaments::table
        .filter(tournaments::championship_id.eq_any(cs))
        .filter(tournaments::finished_at.is_null())
        .filter(tournaments::cancelled_at.is_null())
        .filter(tournaments::starts_at.le(by))
        .order((
            tournaments::championship_id,
            tournaments::starts_at,
            tournaments::number,
        ))
        .select((
            tournaments::championship_id,
            tournaments::id,
            tournaments::number,
        ))
        .load(conn)
}

/// Employment records nobody has confirmed (E-12, R-2.1) of the current
/// members of pending and approved teams, per championship.
pub fn unconfirmed_employments(
    conn: &mut DbConnection,
    cs: &[ChampionshipId],
) -> QueryResult<BTreeMap<ChampionshipId, i64>> {
    let rows: Vec<(ChampionshipId, EmploymentId)> = employments::table
        .inner_join(memberships::table.on(employments::person_id.eq(memberships::person_id)))
        .inner_join(teams::table.on(teams::id.eq(memberships::team_id)))
        .filter(memberships::championship_id.eq_any(cs))
        .filter(memberships::until_at.is_null())
        .filter(teams::status.eq_any(["pending", "approved"]))
        .filter(employments::confirmed_at.is_null())
        .select((memberships::championship_id, employments::id))
        .load(conn)?;
    let distinct: BTreeSet<(ChampionshipId, EmploymentId)> = rows.into_iter().collect();
    let mut counts = BTreeMap::new();
    for (c, _) in distinct {
        *counts.entry(c).or_insert(0) += 1;
    }
    Ok(counts)
}

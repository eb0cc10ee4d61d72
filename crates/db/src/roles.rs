//! Per-championship roles granted to people (organizer, chief judge, judge).

use diesel::prelude::*;

use super::schema::{people, role_grants};
use super::{DbConnection, WriteTx, utc_now};
use league_ids::{ChampionshipId, PersonId};

/// The roles a person can be granted on one championship (G-D1: the chief
/// judge `[TD]` and judges `[td]`; G-A4: an organizer). Captain and player are
/// not granted: they follow from team membership.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Organizer,
    ChiefJudge,
    Judge,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Organizer, Role::ChiefJudge, Role::Judge];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Organizer => "organizer",
            Role::ChiefJudge => "chief_judge",
            Role::Judge => "judge",
        }
    }

    pub fn parse(s: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

#[derive(Insertable)]
#[diesel(table_name = role_grants)]
struct NewGrant<'a> {
    person_id: PersonId,
    championship_id: ChampionshipId,
    role: &'a str,
    granted_by: Option<PersonId>,
    granted_at: chrono::NaiveDateTime,
}

/// Grants a role; granting one the person already has changes nothing.
pub fn grant(
    tx: &mut WriteTx<'_>,
    person: PersonId,
    championship: ChampionshipId,
    role: Role,
    by: Option<PersonId>,
) -> QueryResult<()> {
    let conn = tx.conn();
    conn.transaction(|conn| {
        if has_role(conn, person, championship, &[role])? {
            return Ok(());
        }
        diesel::insert_into(role_grants::table)
            .values(NewGrant {
                person_id: person,
                championship_id: championship,
                role: role.as_str(),
                granted_by: by,
                granted_at: utc_now(),
            })
            .execute(conn)
            .map(drop)
    })
}

pub fn revoke(
    tx: &mut WriteTx<'_>,
    person: PersonId,
    championship: ChampionshipId,
    role: Role,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::delete(
        role_grants::table
            .filter(role_grants::person_id.eq(person))
            .filter(role_grants::championship_id.eq(championship))
            .filter(role_grants::role.eq(role.as_str())),
    )
    .execute(conn)
}

/// Whether the person holds any of `roles` on the championship.
pub fn has_role(
    conn: &mut DbConnection,
    person: PersonId,
    championship: ChampionshipId,
    roles: &[Role],
) -> QueryResult<bool> {
    let names: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
    diesel::select(diesel::dsl::exists(
        role_grants::table
            .filter(role_grants::person_id.eq(person))
            .filter(role_grants::championship_id.eq(championship))
            .filter(role_grants::role.eq_any(names)),
    ))
    .get_result(conn)
}

/// The championships where a person holds any of `roles`.
pub fn championships_with(
    conn: &mut DbConnection,
    person: PersonId,
    roles: &[Role],
) -> QueryResult<Vec<ChampionshipId>> {
    let names: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
    let mut ids: Vec<ChampionshipId> = role_grants::table
        .filter(role_grants::person_id.eq(person))
        .filter(role_grants::role.eq_any(names))
        .select(role_grants::championship_id)
        .load(conn)?;
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// The roles a person holds on a championship.
pub fn roles_of(
    conn: &mut DbConnection,
    person: PersonId,
    championship: ChampionshipId,
) -> QueryResult<Vec<Role>> {
    let names: Vec<String> = role_grants::table
        .filter(role_grants::person_id.eq(person))
        .filter(role_grants::championship_id.eq(championship))
        .select(role_grants::role)
        .load(conn)?;
    Ok(names.iter().filter_map(|n| Role::parse(n)).collect())
}

/// Everyone holding a role on the championship, with their nicks, by role.
pub fn grants_of(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<Vec<(Role, String)>> {
    let rows: Vec<(String, String)> = role_grants::table
        .inner_join(people::table.on(people::id.eq(role_grants::person_id)))
        .filter(role_grants::championship_id.eq(championship))
        .order((role_grants::role, people::nick_key))
        .select((role_grants::role, people::nick))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(role, nick)| Role::parse(&role).map(|r| (r, nick)))
        .collect())
}

/// Whether the person holds any of `roles` on any championship (officials'
/// pages that are not about one championship: bans, club membership).
pub fn has_role_anywhere(
    conn: &mut DbConnection,
    person: PersonId,
    roles: &[Role],
) -> QueryResult<bool> {
    let names: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
    diesel::select(diesel::dsl::exists(
        role_grants::table
            .filter(role_grants::person_id.eq(person))
            .filter(role_grants::role.eq_any(names)),
    ))
    .get_result(conn)
}

/// Every role the person holds on any championship (officials' pages ask
/// several questions of one answer).
pub fn roles_anywhere(conn: &mut DbConnection, person: PersonId) -> QueryResult<Vec<Role>> {
    let names: Vec<String> = role_grants::table
        .filter(role_grants::person_id.eq(person))
        .select(role_grants::role)
        .distinct()
        .load(conn)?;
    Ok(names.iter().filter_map(|n| Role::parse(n)).collect())
}

/// Everyone who holds any of `roles` on some championship, each once, by
/// id (the officials' daily digest).
pub fn holders_anywhere(conn: &mut DbConnection, roles: &[Role]) -> QueryResult<Vec<PersonId>> {
    let names: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
    role_grants::table
        .filter(role_grants::role.eq_any(names))
        .select(role_grants::person_id)
        .distinct()
        .order(role_grants::person_id)
        .load(conn)
}

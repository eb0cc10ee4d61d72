//! A person's standing with the club: club membership, bans and the clone
//! links that make a ban cover every account of one person (G-A7), and
//! employment records (E-12).

use std::collections::{BTreeSet, HashMap};

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::schema::{bans, clone_links, club_memberships, employments, organizations, people};
use super::{DbConnection, WriteTx};
use league_ids::{
    BanId, ChampionshipId, CloneLinkId, ClubMembershipId, EmploymentId, OrganizationId, PersonId,
};
use league_rules::eligibility;
use league_rules::roster::Period;

// ------------------------------------------------------------------ club

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = club_memberships)]
pub struct ClubMembership {
    pub id: ClubMembershipId,
    pub person_id: PersonId,
    pub from_at: NaiveDateTime,
    pub until_at: Option<NaiveDateTime>,
    pub marked_by: Option<PersonId>,
    /// The championship it holds in; `None`: every championship.
    pub championship_id: Option<ChampionshipId>,
}

/// Whether a record scoped to `scope` (`None`: every championship) holds
/// in championship `c`.
pub fn holds_in(scope: Option<ChampionshipId>, c: ChampionshipId) -> bool {
    scope.is_none_or(|s| s == c)
}

impl ClubMembership {
    pub fn period(&self) -> Period {
        Period {
            from: self.from_at,
            until: self.until_at,
        }
    }
}

pub fn club_periods(conn: &mut DbConnection, person: PersonId) -> QueryResult<Vec<ClubMembership>> {
    club_memberships::table
        .filter(club_memberships::person_id.eq(person))
        .order(club_memberships::from_at.desc())
        .select(ClubMembership::as_select())
        .load(conn)
}

/// Is the person a club member at `at`, for championship `c`?
pub fn is_club_member_at(
    conn: &mut DbConnection,
    person: PersonId,
    at: NaiveDateTime,
    c: ChampionshipId,
) -> QueryResult<bool> {
    Ok(club_periods(conn, person)?
        .iter()
        .any(|m| holds_in(m.championship_id, c) && m.period().contains(at)))
}

/// Of `persons`, those who are club members at `at` for championship `c`
/// (its own memberships and the platform-wide ones).
pub fn club_members_among(
    conn: &mut DbConnection,
    persons: &[PersonId],
    at: NaiveDateTime,
    c: ChampionshipId,
) -> QueryResult<BTreeSet<PersonId>> {
    let rows: Vec<ClubMembership> = club_memberships::table
        .filter(club_memberships::person_id.eq_any(persons))
        .filter(
            club_memberships::championship_id
                .eq(c)
                .or(club_memberships::championship_id.is_null()),
        )
        .select(ClubMembership::as_select())
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter(|m| m.period().contains(at))
        .map(|m| m.person_id)
        .collect())
}

/// The open memberships of a person in `scope` exactly.
fn open_in(
    conn: &mut DbConnection,
    person: PersonId,
    scope: Option<ChampionshipId>,
) -> QueryResult<Vec<ClubMembershipId>> {
    let open = club_memberships::table
        .filter(club_memberships::person_id.eq(person))
        .filter(club_memberships::until_at.is_null())
        .select(club_memberships::id)
        .into_boxed();
    match scope {
        Some(c) => open.filter(club_memberships::championship_id.eq(c)),
        None => open.filter(club_memberships::championship_id.is_null()),
    }
    .load(conn)
}

/// Opens a club membership in `scope` unless one is open there already;
/// returns whether it did.
pub fn mark_club_member(
    tx: &mut WriteTx<'_>,
    person: PersonId,
    at: NaiveDateTime,
    by: PersonId,
    scope: Option<ChampionshipId>,
) -> QueryResult<bool> {
    let conn = tx.conn();
    if !open_in(conn, person, scope)?.is_empty() {
        return Ok(false);
    }
    diesel::insert_into(club_memberships::table)
        .values((
            club_memberships::person_id.eq(person),
            club_memberships::from_at.eq(at),
            club_memberships::marked_by.eq(by),
            club_memberships::championship_id.eq(scope),
        ))
        .execute(conn)?;
    Ok(true)
}

/// Ends the open club membership in `scope`; returns how many ended.
pub fn end_club_membership(
    tx: &mut WriteTx<'_>,
    person: PersonId,
    at: NaiveDateTime,
    scope: Option<ChampionshipId>,
) -> QueryResult<usize> {
    let conn = tx.conn();
    let ids = open_in(conn, person, scope)?;
    diesel::update(club_memberships::table.filter(club_memberships::id.eq_any(ids)))
        .set(club_memberships::until_at.eq(at))
        .execute(conn)
}

// ---------------------------------------------------------------- clones

/// A link between two accounts of one person, and where it holds.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = clone_links)]
pub struct CloneLink {
    pub id: CloneLinkId,
    pub person_a: PersonId,
    pub person_b: PersonId,
    pub linked_by: Option<PersonId>,
    pub at: NaiveDateTime,
    /// The championship it holds in; `None`: every championship.
    pub championship_id: Option<ChampionshipId>,
}

/// Links two accounts as one person's in `scope` (a championship, or every
/// one); a pair already linked (in whatever scope) changes nothing.
pub fn link_clones(
    tx: &mut WriteTx<'_>,
    a: PersonId,
    b: PersonId,
    by: PersonId,
    at: NaiveDateTime,
    scope: Option<ChampionshipId>,
) -> QueryResult<bool> {
    let conn = tx.conn();
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    let exists: bool = diesel::select(diesel::dsl::exists(
        clone_links::table
            .filter(clone_links::person_a.eq(low))
            .filter(clone_links::person_b.eq(high)),
    ))
    .get_result(conn)?;
    if exists || low == high {
        return Ok(false);
    }
    diesel::insert_into(clone_links::table)
        .values((
            clone_links::person_a.eq(low),
            clone_links::person_b.eq(high),
            clone_links::linked_by.eq(by),
            clone_links::at.eq(at),
            clone_links::championship_id.eq(scope),
        ))
        .execute(conn)?;
    Ok(true)
}

/// The links of `person`'s own account (not those further out in the
/// group), oldest first: what the person's page lists.
pub fn clone_links_of(conn: &mut DbConnection, person: PersonId) -> QueryResult<Vec<CloneLink>> {
    clone_links::table
        .filter(
            clone_links::person_a
                .eq(person)
                .or(clone_links::person_b.eq(person)),
        )
        .order(clone_links::id)
        .select(CloneLink::as_select())
        .load(conn)
}

pub fn clone_link_by_id(
    conn: &mut DbConnection,
    id: CloneLinkId,
) -> QueryResult<Option<CloneLink>> {
    clone_links::table
        .find(id)
        .select(CloneLink::as_select())
        .first(conn)
        .optional()
}

/// Removes a link: whether there was one.
pub fn unlink_clones(tx: &mut WriteTx<'_>, id: CloneLinkId) -> QueryResult<bool> {
    let conn = tx.conn();
    Ok(diesel::delete(clone_links::table.find(id)).execute(conn)? > 0)
}

/// Every account linked to `person`, directly or through others, itself
/// included (G-A7), through links of every championship: what the
/// person's page shows.
pub fn clone_group(conn: &mut DbConnection, person: PersonId) -> QueryResult<BTreeSet<PersonId>> {
    let links = plain(&clone_links_around(conn, &[person], None)?);
    Ok(group_of(person, &links))
}

/// The accounts of `person`'s group as championship `c` sees it: through
/// the links that hold in `c` (its own and those of every championship).
pub fn clone_group_in(
    conn: &mut DbConnection,
    person: PersonId,
    c: ChampionshipId,
) -> QueryResult<BTreeSet<PersonId>> {
    let links = plain(&clone_links_around(conn, &[person], Some(c))?);
    Ok(group_of(person, &links))
}

/// Links as the pure closure (`rules::roster::clone_group`) takes them.
fn plain(links: &[(PersonId, PersonId)]) -> Vec<(i64, i64)> {
    links.iter().map(|&(a, b)| (a.0, b.0)).collect()
}

fn group_of(person: PersonId, links: &[(i64, i64)]) -> BTreeSet<PersonId> {
    league_rules::roster::clone_group(person.0, links)
        .into_iter()
        .map(PersonId)
        .collect()
}

/// Every clone link reachable from `persons`: one read per step outwards;
/// with `within`, only the links that hold in that championship.
fn clone_links_around(
    conn: &mut DbConnection,
    persons: &[PersonId],
    within: Option<ChampionshipId>,
) -> QueryResult<Vec<(PersonId, PersonId)>> {
    let mut links: Vec<(PersonId, PersonId)> = Vec::new();
    let mut seen: BTreeSet<PersonId> = persons.iter().copied().collect();
    let mut frontier: Vec<PersonId> = seen.iter().copied().collect();
    while !frontier.is_empty() {
        let mut query = clone_links::table
            .filter(
                clone_links::person_a
                    .eq_any(&frontier)
                    .or(clone_links::person_b.eq_any(&frontier)),
            )
            .select((clone_links::person_a, clone_links::person_b))
            .into_boxed();
        if let Some(c) = within {
            query = query.filter(
                clone_links::championship_id
                    .is_null()
                    .or(clone_links::championship_id.eq(c)),
            );
        }
        let found: Vec<(PersonId, PersonId)> = query.load(conn)?;
        frontier = found
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .filter(|p| seen.insert(*p))
            .collect();
        links.extend(found);
    }
    Ok(links)
}

// ------------------------------------------------------------------ bans

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = bans)]
pub struct Ban {
    pub id: BanId,
    pub person_id: PersonId,
    pub from_at: NaiveDateTime,
    pub until_at: Option<NaiveDateTime>,
    pub reason: String,
    pub imposed_by: Option<PersonId>,
    pub lifted_at: Option<NaiveDateTime>,
    pub lifted_by: Option<PersonId>,
    /// The championship it holds in; `None`: every championship.
    pub championship_id: Option<ChampionshipId>,
}

impl Ban {
    /// The period the ban is in force: a lifted ban ends when it was lifted.
    pub fn period(&self) -> Period {
        let until = match (self.until_at, self.lifted_at) {
            (Some(u), Some(l)) => Some(u.min(l)),
            (u, l) => u.or(l),
        };
        Period {
            from: self.from_at,
            until,
        }
    }
}

pub fn impose_ban(
    tx: &mut WriteTx<'_>,
    person: PersonId,
    from: NaiveDateTime,
    until: Option<NaiveDateTime>,
    reason: &str,
    by: PersonId,
    scope: Option<ChampionshipId>,
) -> QueryResult<BanId> {
    let conn = tx.conn();
    diesel::insert_into(bans::table)
        .values((
            bans::person_id.eq(person),
            bans::from_at.eq(from),
            bans::until_at.eq(until),
            bans::reason.eq(reason),
            bans::imposed_by.eq(by),
            bans::championship_id.eq(scope),
        ))
        .returning(bans::id)
        .get_result(conn)
}

pub fn lift_ban(
    tx: &mut WriteTx<'_>,
    ban: BanId,
    at: NaiveDateTime,
    by: PersonId,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(bans::table.find(ban).filter(bans::lifted_at.is_null()))
        .set((bans::lifted_at.eq(at), bans::lifted_by.eq(by)))
        .execute(conn)
}

pub fn ban_by_id(conn: &mut DbConnection, id: BanId) -> QueryResult<Option<Ban>> {
    bans::table
        .find(id)
        .select(Ban::as_select())
        .first(conn)
        .optional()
}

/// Bans of any of these accounts.
pub fn bans_of(conn: &mut DbConnection, persons: &BTreeSet<PersonId>) -> QueryResult<Vec<Ban>> {
    bans::table
        .filter(bans::person_id.eq_any(persons.iter().copied().collect::<Vec<_>>()))
        .order(bans::from_at.desc())
        .select(Ban::as_select())
        .load(conn)
}

/// G-A7: is the person, or any clone of theirs, banned at `at` in
/// championship `c`? Returns the ban that applies.
pub fn ban_in_force(
    conn: &mut DbConnection,
    person: PersonId,
    at: NaiveDateTime,
    c: ChampionshipId,
) -> QueryResult<Option<Ban>> {
    let group = clone_group_in(conn, person, c)?;
    Ok(bans_of(conn, &group)?
        .into_iter()
        .find(|b| holds_in(b.championship_id, c) && b.period().contains(at)))
}

/// A ban with the banned account's nick, for the public list.
pub struct BanLine {
    pub ban: Ban,
    pub nick: String,
}

/// Bans in force at `at`, for the public penalty list (G-A5, G-A7).
pub fn bans_in_force(conn: &mut DbConnection, at: NaiveDateTime) -> QueryResult<Vec<BanLine>> {
    let rows: Vec<(Ban, String)> = bans::table
        .inner_join(people::table.on(people::id.eq(bans::person_id)))
        .filter(bans::from_at.le(at))
        .filter(bans::until_at.is_null().or(bans::until_at.gt(at)))
        .filter(bans::lifted_at.is_null())
        .order(bans::from_at.desc())
        .select((Ban::as_select(), people::nick))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(ban, nick)| BanLine { ban, nick })
        .collect())
}

// ----------------------------------------------------------- employments

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = employments)]
pub struct Employment {
    pub id: EmploymentId,
    pub person_id: PersonId,
    pub organization_id: OrganizationId,
    pub from_date: NaiveDate,
    pub until_date: Option<NaiveDate>,
    pub entered_by: Option<PersonId>,
    pub confirmed_by: Option<PersonId>,
    pub confirmed_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
}

pub fn add_employment(
    tx: &mut WriteTx<'_>,
    person: PersonId,
    organization: OrganizationId,
    from: NaiveDate,
    until: Option<NaiveDate>,
    entered_by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<EmploymentId> {
    let conn = tx.conn();
    diesel::insert_into(employments::table)
        .values((
            employments::person_id.eq(person),
            employments::organization_id.eq(organization),
            employments::from_date.eq(from),
            employments::until_date.eq(until),
            employments::entered_by.eq(entered_by),
            employments::created_at.eq(at),
        ))
        .returning(employments::id)
        .get_result(conn)
}

pub fn confirm_employment(
    tx: &mut WriteTx<'_>,
    id: EmploymentId,
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(
        employments::table
            .find(id)
            .filter(employments::confirmed_at.is_null()),
    )
    .set((
        employments::confirmed_by.eq(by),
        employments::confirmed_at.eq(at),
    ))
    .execute(conn)
}

pub fn employment_by_id(
    conn: &mut DbConnection,
    id: EmploymentId,
) -> QueryResult<Option<Employment>> {
    employments::table
        .find(id)
        .select(Employment::as_select())
        .first(conn)
        .optional()
}

/// A person's employment records with the organizations' names.
pub fn employments_of(
    conn: &mut DbConnection,
    person: PersonId,
) -> QueryResult<Vec<(Employment, String)>> {
    employments::table
        .inner_join(organizations::table)
        .filter(employments::person_id.eq(person))
        .order(employments::from_date.desc())
        .select((Employment::as_select(), organizations::name))
        .load(conn)
}

/// The employment records of `persons` nobody has confirmed yet, with
/// the organizations' names, by person.
pub fn unconfirmed_of(
    conn: &mut DbConnection,
    persons: &[PersonId],
) -> QueryResult<Vec<(Employment, String)>> {
    employments::table
        .inner_join(organizations::table)
        .filter(employments::person_id.eq_any(persons))
        .filter(employments::confirmed_at.is_null())
        .order((employments::person_id, employments::from_date.desc()))
        .select((Employment::as_select(), organizations::name))
        .load(conn)
}

// ----------------------------------------------------------- eligibility

/// The facts eligibility is decided from, for one person
/// (`rules::eligibility::person_eligibility`).
pub struct PersonRecord {
    pub employments: Vec<eligibility::EmploymentRecord>,
    pub documents: Vec<eligibility::Document>,
    /// Bans of the whole clone group (G-A7), lifted ones cut short.
    pub bans: Vec<Period>,
    pub club: Vec<Period>,
}

impl PersonRecord {
    pub fn facts(&self) -> eligibility::PersonFacts<'_> {
        eligibility::PersonFacts {
            employments: &self.employments,
            documents: &self.documents,
            bans: &self.bans,
            club_memberships: &self.club,
        }
    }
}

/// What the eligibility rules need to know of each of `persons`, for
/// championship `c` (its own bans and club memberships and the
/// platform-wide ones), in a few reads whatever their number: the clone links (one read per step of the links), then the
/// bans of every clone group, club memberships, employments and
/// documents, one read each.
pub fn person_records(
    conn: &mut DbConnection,
    persons: &[PersonId],
    c: ChampionshipId,
) -> QueryResult<HashMap<PersonId, PersonRecord>> {
    if persons.is_empty() {
        return Ok(HashMap::new());
    }
    // Each person once: a person named twice (on two boards' games) gets
    // the same record, not an emptied one the second time.
    let unique: BTreeSet<PersonId> = persons.iter().copied().collect();
    let links = plain(&clone_links_around(conn, persons, Some(c))?);
    let groups: Vec<(PersonId, BTreeSet<PersonId>)> =
        unique.iter().map(|&p| (p, group_of(p, &links))).collect();
    let everyone: BTreeSet<PersonId> = groups.iter().flat_map(|(_, g)| g.iter().copied()).collect();
    let bans = bans_of(conn, &everyone)?;
    let clubs: Vec<ClubMembership> = club_memberships::table
        .filter(club_memberships::person_id.eq_any(persons))
        .order(club_memberships::from_at.desc())
        .select(ClubMembership::as_select())
        .load(conn)?;
    let jobs: Vec<Employment> = employments::table
        .filter(employments::person_id.eq_any(persons))
        .order(employments::from_date.desc())
        .select(Employment::as_select())
        .load(conn)?;
    let mut documents = super::documents::for_eligibility_of_people(conn, persons)?;
    let mut out = HashMap::with_capacity(persons.len());
    for (p, group) in groups {
        out.insert(
            p,
            PersonRecord {
                employments: jobs
                    .iter()
                    .filter(|e| e.person_id == p)
                    .map(|e| eligibility::EmploymentRecord {
                        organization: e.organization_id,
                        from: e.from_date,
                        until: e.until_date,
                        confirmed: e.confirmed_at.is_some(),
                    })
                    .collect(),
                documents: documents.remove(&p).unwrap_or_default(),
                bans: bans
                    .iter()
                    .filter(|b| group.contains(&b.person_id) && holds_in(b.championship_id, c))
                    .map(Ban::period)
                    .collect(),
                club: clubs
                    .iter()
                    .filter(|m| m.person_id == p && holds_in(m.championship_id, c))
                    .map(ClubMembership::period)
                    .collect(),
            },
        );
    }
    Ok(out)
}

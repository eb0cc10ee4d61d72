//! Organizations (enterprises), each with an optional parent (E-12:
//! subsidiaries).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{DbConnection, WriteTx, schema::organizations, utc_now};
use league_ids::{OrganizationId, PersonId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = organizations)]
pub struct Organization {
    pub id: OrganizationId,
    pub name: String,
    pub name_key: String,
    pub parent_id: Option<OrganizationId>,
    pub created_by: Option<PersonId>,
    pub created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = organizations)]
struct NewOrganization<'a> {
    name: &'a str,
    name_key: &'a str,
    parent_id: Option<OrganizationId>,
    created_by: Option<PersonId>,
    created_at: NaiveDateTime,
}

pub fn create(
    tx: &mut WriteTx<'_>,
    name: &str,
    name_key: &str,
    parent: Option<OrganizationId>,
    by: PersonId,
) -> QueryResult<OrganizationId> {
    let conn = tx.conn();
    diesel::insert_into(organizations::table)
        .values(NewOrganization {
            name,
            name_key,
            parent_id: parent,
            created_by: Some(by),
            created_at: utc_now(),
        })
        .returning(organizations::id)
        .get_result(conn)
}

pub fn name_taken(conn: &mut DbConnection, name_key: &str) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        organizations::table.filter(organizations::name_key.eq(name_key)),
    ))
    .get_result(conn)
}

pub fn by_id(conn: &mut DbConnection, id: OrganizationId) -> QueryResult<Option<Organization>> {
    organizations::table
        .find(id)
        .select(Organization::as_select())
        .first(conn)
        .optional()
}

pub fn list(conn: &mut DbConnection) -> QueryResult<Vec<Organization>> {
    organizations::table
        .order(organizations::name_key)
        .select(Organization::as_select())
        .load(conn)
}

/// Serializes writers that decide by the organization's teams (E-10: one
/// team per enterprise), for the rest of the transaction. On PostgreSQL the
/// organization's row is locked; SQLite's write transactions hold the
/// database's write lock already (`write_transaction`).
pub fn lock(tx: &mut WriteTx<'_>, id: OrganizationId) -> QueryResult<()> {
    let conn = tx.conn();
    match conn {
        DbConnection::Postgresql(pg) => {
            diesel::sql_query("SELECT id FROM organizations WHERE id = $1 FOR UPDATE")
                .bind::<diesel::sql_types::BigInt, _>(id)
                .execute(pg)
                .map(drop)
        }
        DbConnection::Sqlite(_) => Ok(()),
    }
}

/// The organization whose name reads as `name_key` (a name's key: case
/// and spacing aside), if any.
pub fn by_name_key(conn: &mut DbConnection, name_key: &str) -> QueryResult<Option<Organization>> {
    organizations::table
        .filter(organizations::name_key.eq(name_key))
        .select(Organization::as_select())
        .first(conn)
        .optional()
}

//! Claim links: a mailed link that lets a person take over the record a
//! captain, representative or organizer entered for them. The secret is
//! kept as its hash; a link is used once and expires.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{DbConnection, WriteTx, schema::claim_links};
use league_ids::{ClaimLinkId, PersonId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = claim_links)]
pub struct ClaimLink {
    pub id: ClaimLinkId,
    pub person_id: PersonId,
    pub secret_hash: String,
    pub email: String,
    pub sent_by: Option<PersonId>,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
    pub used_at: Option<NaiveDateTime>,
}

#[derive(Insertable)]
#[diesel(table_name = claim_links)]
pub struct NewClaimLink<'a> {
    pub person_id: PersonId,
    pub secret_hash: &'a str,
    pub email: &'a str,
    pub sent_by: Option<PersonId>,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
}

pub fn insert(tx: &mut WriteTx<'_>, new: &NewClaimLink) -> QueryResult<ClaimLinkId> {
    diesel::insert_into(claim_links::table)
        .values(new)
        .returning(claim_links::id)
        .get_result(tx.conn())
}

pub fn by_id(conn: &mut DbConnection, id: ClaimLinkId) -> QueryResult<Option<ClaimLink>> {
    claim_links::table
        .find(id)
        .select(ClaimLink::as_select())
        .first(conn)
        .optional()
}

/// Marks the link used; 0 when it already was (a second use loses).
pub fn mark_used(tx: &mut WriteTx<'_>, id: ClaimLinkId, at: NaiveDateTime) -> QueryResult<usize> {
    diesel::update(
        claim_links::table
            .find(id)
            .filter(claim_links::used_at.is_null()),
    )
    .set(claim_links::used_at.eq(at))
    .execute(tx.conn())
}

/// The person's links not yet used, newest first.
pub fn open_of(conn: &mut DbConnection, person: PersonId) -> QueryResult<Vec<ClaimLink>> {
    claim_links::table
        .filter(claim_links::person_id.eq(person))
        .filter(claim_links::used_at.is_null())
        .order(claim_links::id.desc())
        .select(ClaimLink::as_select())
        .load(conn)
}

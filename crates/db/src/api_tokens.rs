//! API tokens of a championship: the row keeps the
//! SHA-256 of the token's secret, never the secret itself.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::api_tokens;
use super::{DbConnection, WriteTx};
use league_ids::{ApiTokenId, ChampionshipId, PersonId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = api_tokens)]
pub struct ApiToken {
    pub id: ApiTokenId,
    pub championship_id: ChampionshipId,
    pub name: String,
    /// Hex SHA-256 of the secret part of the token.
    pub secret_hash: String,
    pub created_by: PersonId,
    pub created_at: NaiveDateTime,
    pub last_used_at: Option<NaiveDateTime>,
    pub revoked_at: Option<NaiveDateTime>,
    pub revoked_by: Option<PersonId>,
}

impl ApiToken {
    pub fn owner(&self) -> PersonId {
        self.created_by
    }

    pub fn is_revoked(&self) -> bool {
        self.revoked_at.is_some()
    }
}

#[derive(Insertable)]
#[diesel(table_name = api_tokens)]
pub struct NewApiToken<'a> {
    pub championship_id: ChampionshipId,
    pub name: &'a str,
    pub secret_hash: &'a str,
    pub created_by: PersonId,
    pub created_at: NaiveDateTime,
}

/// Stores a new token; returns its id (the public part of the token).
pub fn insert(tx: &mut WriteTx<'_>, new: &NewApiToken) -> QueryResult<ApiTokenId> {
    let conn = tx.conn();
    diesel::insert_into(api_tokens::table)
        .values(new)
        .returning(api_tokens::id)
        .get_result(conn)
}

pub fn by_id(conn: &mut DbConnection, id: ApiTokenId) -> QueryResult<Option<ApiToken>> {
    api_tokens::table
        .find(id)
        .select(ApiToken::as_select())
        .first(conn)
        .optional()
}

/// Every token of a championship, newest first (revoked ones too: the
/// page lists when and by whom).
pub fn of_championship(conn: &mut DbConnection, c: ChampionshipId) -> QueryResult<Vec<ApiToken>> {
    api_tokens::table
        .filter(api_tokens::championship_id.eq(c))
        .order(api_tokens::id.desc())
        .select(ApiToken::as_select())
        .load(conn)
}

/// Revokes a token that is not revoked yet; returns false otherwise.
pub fn revoke(
    tx: &mut WriteTx<'_>,
    id: ApiTokenId,
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    let conn = tx.conn();
    diesel::update(
        api_tokens::table
            .filter(api_tokens::id.eq(id))
            .filter(api_tokens::revoked_at.is_null()),
    )
    .set((api_tokens::revoked_at.eq(at), api_tokens::revoked_by.eq(by)))
    .execute(conn)
    .map(|n| n == 1)
}

/// Records a use of the token (in the transaction of what it did).
pub fn touch(tx: &mut WriteTx<'_>, id: ApiTokenId, at: NaiveDateTime) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(api_tokens::table.find(id))
        .set(api_tokens::last_used_at.eq(at))
        .execute(conn)
}

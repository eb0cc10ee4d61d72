//! People: one row per person. A row is a record (nick, full name) that a
//! captain, representative or organizer may enter; it is an account when it
//! has an e-mail address and a password (signed up, or claimed later).

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use super::{DbConnection, WriteTx, schema::people, utc_now};
use league_ids::PersonId;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = people)]
pub struct Person {
    pub id: PersonId,
    pub nick: String,
    pub nick_key: String,
    pub full_name: String,
    /// None for a record nobody has claimed yet.
    pub email: Option<String>,
    pub email_key: Option<String>,
    pub password_hash: Option<String>,
    pub locale: String,
    pub is_admin: bool,
    pub auth_version: i64,
    pub created_at: NaiveDateTime,
    /// Who entered the record; None for a person who signed up.
    pub added_by: Option<PersonId>,
}

impl Person {
    /// Whether the person can sign in (has claimed the record or signed up).
    pub fn has_account(&self) -> bool {
        self.password_hash.is_some()
    }
}

/// What a new account needs; `nick` and `email` are already validated.
pub struct NewPerson<'a> {
    pub nick: &'a str,
    pub full_name: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub locale: &'a str,
    pub is_admin: bool,
}

#[derive(Insertable)]
#[diesel(table_name = people)]
struct PersonRow<'a> {
    nick: &'a str,
    nick_key: String,
    full_name: &'a str,
    email: Option<&'a str>,
    email_key: Option<String>,
    password_hash: Option<&'a str>,
    locale: &'a str,
    is_admin: bool,
    auth_version: i64,
    created_at: NaiveDateTime,
    added_by: Option<PersonId>,
}

#[derive(Debug, thiserror::Error)]
pub enum InsertPersonError {
    #[error("nick is taken")]
    NickTaken,
    #[error("e-mail is taken")]
    EmailTaken,
    #[error(transparent)]
    Db(#[from] DieselError),
}

/// Nicks and e-mail addresses are unique regardless of case.
pub fn key_of(s: &str) -> String {
    s.trim().to_lowercase()
}

pub fn insert(tx: &mut WriteTx<'_>, new: &NewPerson) -> Result<PersonId, InsertPersonError> {
    let conn = tx.conn();
    let row = PersonRow {
        nick: new.nick,
        nick_key: key_of(new.nick),
        full_name: new.full_name,
        email: Some(new.email),
        email_key: Some(key_of(new.email)),
        password_hash: Some(new.password_hash),
        locale: new.locale,
        is_admin: new.is_admin,
        auth_version: 0,
        created_at: utc_now(),
        added_by: None,
    };
    insert_row(conn, &row)
}

/// A record without an account: what a captain, representative or
/// organizer enters (`nick` is already validated and free, see [`free_nick`]).
pub struct NewRecord<'a> {
    pub nick: &'a str,
    pub full_name: &'a str,
    pub locale: &'a str,
    pub added_by: PersonId,
}

pub fn insert_record(tx: &mut WriteTx<'_>, new: &NewRecord) -> Result<PersonId, InsertPersonError> {
    let conn = tx.conn();
    let row = PersonRow {
        nick: new.nick,
        nick_key: key_of(new.nick),
        full_name: new.full_name,
        email: None,
        email_key: None,
        password_hash: None,
        locale: new.locale,
        is_admin: false,
        auth_version: 0,
        created_at: utc_now(),
        added_by: Some(new.added_by),
    };
    insert_row(conn, &row)
}

fn insert_row(conn: &mut DbConnection, row: &PersonRow) -> Result<PersonId, InsertPersonError> {
    conn.transaction(|conn| {
        if nick_taken(conn, row.nick)? {
            return Err(InsertPersonError::NickTaken);
        }
        if let Some(email) = row.email
            && email_taken(conn, email)?
        {
            return Err(InsertPersonError::EmailTaken);
        }
        diesel::insert_into(people::table)
            .values(row)
            .returning(people::id)
            .get_result::<PersonId>(conn)
            .map_err(unique_violation)
    })
}

/// A unique index refused the row: a concurrent writer took the nick or
/// the address first.
fn unique_violation(e: DieselError) -> InsertPersonError {
    match e {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, ref info)
            if info.message().contains("email") =>
        {
            InsertPersonError::EmailTaken
        }
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
            InsertPersonError::NickTaken
        }
        e => InsertPersonError::Db(e),
    }
}

/// `base` if no one has it, else the first free `base-2`, `base-3`, …
/// (`base` is a valid nick of at most 26 characters).
pub fn free_nick(conn: &mut DbConnection, base: &str) -> QueryResult<String> {
    if !nick_taken(conn, base)? {
        return Ok(base.to_owned());
    }
    let taken: std::collections::HashSet<String> = people::table
        .filter(people::nick_key.like(format!("{}-%", key_of(base))))
        .select(people::nick_key)
        .load::<String>(conn)?
        .into_iter()
        .collect();
    let n = (2..)
        .find(|n| !taken.contains(&format!("{}-{n}", key_of(base))))
        .unwrap_or(2);
    Ok(format!("{base}-{n}"))
}

/// A record becomes an account: the claimed address and a password. Bumps
/// `auth_version` like a password change. Refused (EmailTaken) when another
/// account has the address; does nothing to a row that already has one.
pub fn set_account(
    tx: &mut WriteTx<'_>,
    id: PersonId,
    email: &str,
    hash: &str,
) -> Result<usize, InsertPersonError> {
    let conn = tx.conn();
    if email_taken(conn, email)? {
        return Err(InsertPersonError::EmailTaken);
    }
    diesel::update(
        people::table
            .find(id)
            .filter(people::password_hash.is_null()),
    )
    .set((
        people::email.eq(email),
        people::email_key.eq(key_of(email)),
        people::password_hash.eq(hash),
        people::auth_version.eq(people::auth_version + 1),
    ))
    .execute(conn)
    .map_err(unique_violation)
}

pub fn nick_taken(conn: &mut DbConnection, nick: &str) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        people::table.filter(people::nick_key.eq(key_of(nick))),
    ))
    .get_result(conn)
}

pub fn email_taken(conn: &mut DbConnection, email: &str) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        people::table.filter(people::email_key.eq(key_of(email))),
    ))
    .get_result(conn)
}

pub fn by_id(conn: &mut DbConnection, id: PersonId) -> QueryResult<Option<Person>> {
    people::table
        .find(id)
        .select(Person::as_select())
        .first(conn)
        .optional()
}

pub fn by_nick(conn: &mut DbConnection, nick: &str) -> QueryResult<Option<Person>> {
    people::table
        .filter(people::nick_key.eq(key_of(nick)))
        .select(Person::as_select())
        .first(conn)
        .optional()
}

/// The account a login form names: by nick, or by e-mail address.
pub fn by_login(conn: &mut DbConnection, identifier: &str) -> QueryResult<Option<Person>> {
    let key = key_of(identifier);
    people::table
        .filter(people::nick_key.eq(&key).or(people::email_key.eq(&key)))
        .select(Person::as_select())
        .first(conn)
        .optional()
}

/// Stores a new hash and bumps `auth_version`, which signs out every other
/// session of this person. Returns the new version.
pub fn set_password(tx: &mut WriteTx<'_>, id: PersonId, hash: &str) -> QueryResult<i64> {
    let conn = tx.conn();
    diesel::update(people::table.find(id))
        .set((
            people::password_hash.eq(hash),
            people::auth_version.eq(people::auth_version + 1),
        ))
        .returning(people::auth_version)
        .get_result(conn)
}

pub fn set_locale(tx: &mut WriteTx<'_>, id: PersonId, locale: &str) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::update(people::table.find(id))
        .set(people::locale.eq(locale))
        .execute(conn)
        .map(drop)
}

pub fn set_admin(tx: &mut WriteTx<'_>, id: PersonId, is_admin: bool) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(people::table.find(id))
        .set(people::is_admin.eq(is_admin))
        .execute(conn)
}

pub fn count(conn: &mut DbConnection) -> QueryResult<i64> {
    people::table.count().get_result(conn)
}

/// One page of accounts, by nick.
pub fn list(conn: &mut DbConnection, limit: i64, offset: i64) -> QueryResult<Vec<Person>> {
    people::table
        .order(people::nick_key)
        .limit(limit)
        .offset(offset)
        .select(Person::as_select())
        .load(conn)
}

/// Accounts whose nick starts with `prefix` (any case), by nick; at most
/// `limit`.
/// How many accounts a form that names a person suggests.
pub const NICK_CHOICES: i64 = 500;

/// Nicks to suggest in a form that names a person (staff, invitations,
/// clone links): the first [`NICK_CHOICES`] accounts by nick; the field still takes
/// any nick typed.
pub fn nick_choices(conn: &mut DbConnection) -> QueryResult<Vec<String>> {
    Ok(with_nick_prefix(conn, "", NICK_CHOICES)?
        .into_iter()
        .map(|p| p.nick)
        .collect())
}

pub fn with_nick_prefix(
    conn: &mut DbConnection,
    prefix: &str,
    limit: i64,
) -> QueryResult<Vec<Person>> {
    // LIKE's own wildcards in what was typed are matched as themselves.
    let escaped: String = key_of(prefix)
        .chars()
        .flat_map(|c| match c {
            '%' | '_' | '\\' => vec!['\\', c],
            c => vec![c],
        })
        .collect();
    people::table
        .filter(people::nick_key.like(format!("{escaped}%")).escape('\\'))
        .order(people::nick_key)
        .limit(limit)
        .select(Person::as_select())
        .load(conn)
}

/// (id, nick) of these people.
pub fn nicks_of(conn: &mut DbConnection, ids: &[PersonId]) -> QueryResult<Vec<(PersonId, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    people::table
        .filter(people::id.eq_any(ids))
        .select((people::id, people::nick))
        .load(conn)
}

/// The people these nicks and full names are, for a list matched to the
/// platform: (nick key → person, full name → every person of that name).
#[allow(clippy::type_complexity)]
pub fn by_nicks_or_names(
    conn: &mut DbConnection,
    nicks: &[String],
    names: &[String],
) -> QueryResult<(
    std::collections::HashMap<String, PersonId>,
    std::collections::HashMap<String, Vec<PersonId>>,
)> {
    let keys: Vec<String> = nicks
        .iter()
        .filter(|n| !n.is_empty())
        .map(|n| key_of(n))
        .collect();
    let names: Vec<&String> = names.iter().filter(|n| !n.is_empty()).collect();
    let mut by_nick = std::collections::HashMap::new();
    for chunk in keys.chunks(500) {
        let rows: Vec<(PersonId, String)> = people::table
            .filter(people::nick_key.eq_any(chunk))
            .select((people::id, people::nick_key))
            .load(conn)?;
        by_nick.extend(rows.into_iter().map(|(id, key)| (key, id)));
    }
    let mut by_name: std::collections::HashMap<String, Vec<PersonId>> =
        std::collections::HashMap::new();
    for chunk in names.chunks(500) {
        let rows: Vec<(PersonId, String)> = people::table
            .filter(people::full_name.eq_any(chunk))
            .select((people::id, people::full_name))
            .load(conn)?;
        for (id, name) in rows {
            by_name.entry(name).or_default().push(id);
        }
    }
    Ok((by_nick, by_name))
}

/// (id, full name) of these people.
pub fn full_names_of(
    conn: &mut DbConnection,
    ids: &[PersonId],
) -> QueryResult<Vec<(PersonId, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    people::table
        .filter(people::id.eq_any(ids))
        .select((people::id, people::full_name))
        .load(conn)
}

//! API tokens: `lgt_<id>_<secret>`, where the id finds the stored row and
//! the secret (32 random bytes, base64url) is checked against the row's
//! SHA-256 in constant time. The platform keeps only the hash, so a token
//! is shown once, when it is made. Organizers make and revoke them; the
//! JSON API checks them (`api::token::TokenCaller`).

use base64::Engine;
use chrono::NaiveDateTime;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::PlayError;
use crate::db::{self, DbConnection, audit, write_transaction};
use crate::i18n::Message;
use crate::ids::{ApiTokenId, ChampionshipId, PersonId};

const PREFIX: &str = "lgt_";

/// A new secret: 32 random bytes, base64url without padding.
pub fn new_secret() -> String {
    let bytes: [u8; 32] = rand::random();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// The hex SHA-256 of a secret, as stored.
pub fn hash(secret: &str) -> String {
    format!("{:x}", Sha256::digest(secret.as_bytes()))
}

/// The token a client sends: `lgt_<id>_<secret>`.
pub fn token_text(id: ApiTokenId, secret: &str) -> String {
    format!("{PREFIX}{id}_{secret}")
}

/// The id and the secret of a token, if it has the token's shape.
pub fn parse(token: &str) -> Option<(ApiTokenId, &str)> {
    let rest = token.strip_prefix(PREFIX)?;
    let (id, secret) = rest.split_once('_')?;
    let id = id.parse::<ApiTokenId>().ok().filter(|id| id.0 > 0)?;
    (!secret.is_empty()).then_some((id, secret))
}

/// Whether a secret hashes to the stored hash, compared in constant time.
pub fn secret_matches(stored_hash: &str, secret: &str) -> bool {
    hash(secret).as_bytes().ct_eq(stored_hash.as_bytes()).into()
}

/// The credentials of an `Authorization: Bearer …` header (the scheme is
/// case-insensitive, RFC 9110 §11.1).
pub fn bearer(value: &str) -> Option<&str> {
    let (scheme, credentials) = value.trim().split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| credentials.trim())
        .filter(|c| !c.is_empty())
}

/// A token made: its row and the text to show once.
pub struct Made {
    pub id: ApiTokenId,
    pub token: String,
}

/// A refused use of a token, in the audit log of its championship (a
/// leaked or forgotten token shows there); the caller builds the line.
pub fn record_refused(conn: &mut DbConnection, entry: audit::Entry) -> db::QueryResult<()> {
    write_transaction(conn, |tx| entry.record(tx))
}

/// An organizer makes a token named `name` (already cleaned by the form).
pub fn create(
    conn: &mut DbConnection,
    c: ChampionshipId,
    name: &str,
    by: PersonId,
    ip: &str,
    now: NaiveDateTime,
) -> Result<Made, PlayError<()>> {
    let secret = new_secret();
    let secret_hash = hash(&secret);
    write_transaction(conn, |conn| {
        let id = db::api_tokens::insert(
            conn,
            &db::api_tokens::NewApiToken {
                championship_id: c,
                name,
                secret_hash: &secret_hash,
                created_by: by,
                created_at: now,
            },
        )?;
        audit::Entry::new("api_token.create", format!("api_token:{id}"))
            .actor(by)
            .championship(c)
            .said(Message::new(crate::msg!("audit-api-tokens-named")).arg("name", name))
            .ip(ip)
            .record(conn)?;
        Ok(Made {
            id,
            token: token_text(id, &secret),
        })
    })
}

/// An organizer revokes a token of the championship: its name, and whether
/// it was in force until now.
pub fn revoke(
    conn: &mut DbConnection,
    c: ChampionshipId,
    id: ApiTokenId,
    by: PersonId,
    ip: &str,
    now: NaiveDateTime,
) -> Result<(String, bool), PlayError<()>> {
    write_transaction(conn, |conn| {
        let t = db::api_tokens::by_id(conn, id)?
            .filter(|t| t.championship_id == c)
            .ok_or(PlayError::NotFound)?;
        let revoked = db::api_tokens::revoke(conn, id, by, now)?;
        if revoked {
            audit::Entry::new("api_token.revoke", format!("api_token:{id}"))
                .actor(by)
                .championship(c)
                .said(Message::new(crate::msg!("audit-api-tokens-named")).arg("name", &t.name))
                .ip(ip)
                .record(conn)?;
        }
        Ok((t.name, revoked))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_reads_back_its_id_and_secret() {
        let secret = new_secret();
        assert_eq!(secret.len(), 43);
        let text = token_text(ApiTokenId(17), &secret);
        assert_eq!(parse(&text), Some((ApiTokenId(17), secret.as_str())));
        assert_eq!(parse("lgt_17_"), None);
        assert_eq!(parse("lgt_x_abc"), None);
        assert_eq!(parse("lgt_0_abc"), None);
        assert_eq!(parse("17_abc"), None);
        // base64url secrets may hold `_`: only the first one separates.
        assert_eq!(parse("lgt_3_a_b"), Some((ApiTokenId(3), "a_b")));
    }

    #[test]
    fn only_the_right_secret_matches_the_stored_hash() {
        let stored = hash("s3cret");
        assert_eq!(stored.len(), 64);
        assert!(secret_matches(&stored, "s3cret"));
        assert!(!secret_matches(&stored, "s3creT"));
        assert!(!secret_matches("", "s3cret"));
        assert_ne!(hash("a"), hash("b"));
    }

    #[test]
    fn the_bearer_scheme_is_read_case_insensitively() {
        assert_eq!(bearer("Bearer abc"), Some("abc"));
        assert_eq!(bearer("bearer  abc "), Some("abc"));
        assert_eq!(bearer("Basic abc"), None);
        assert_eq!(bearer("Bearer "), None);
        assert_eq!(bearer("Bearer"), None);
    }
}

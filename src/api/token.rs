//! API tokens: `lgt_<id>_<secret>`, where the id finds the stored row and
//! the secret (32 random bytes, base64url) is checked against the row's
//! SHA-256 in constant time. The platform keeps only the hash, so a
//! token is shown once, when it is made.
//!
//! [`TokenCaller`] is the write endpoints' access rule: a valid, unrevoked
//! token of the route's championship whose owner is (still) a judge there
//! or an administrator. It reads the `Authorization` header only: a
//! session cookie never authorizes an API write.

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, web};
use base64::Engine;
use futures_util::future::LocalBoxFuture;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::problem::ApiError;
use crate::db;
use crate::ids::{ChampionshipId, PersonId};
use crate::web::AppState;
use crate::web::infra::guards::{Judges, holds};

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
pub fn token_text(id: i64, secret: &str) -> String {
    format!("{PREFIX}{id}_{secret}")
}

/// The id and the secret of a token, if it has the token's shape.
pub fn parse(token: &str) -> Option<(i64, &str)> {
    let rest = token.strip_prefix(PREFIX)?;
    let (id, secret) = rest.split_once('_')?;
    let id = id.parse::<i64>().ok().filter(|id| *id > 0)?;
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

/// A game server acting with an API token on the route's championship,
/// for the token's owner (a judge of that championship).
#[derive(Debug, Clone)]
pub struct TokenCaller {
    pub token_id: i64,
    pub name: String,
    pub owner: PersonId,
    pub owner_nick: String,
    pub championship: ChampionshipId,
}

impl FromRequest for TokenCaller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let header = req
                .headers()
                .get(header::AUTHORIZATION)
                .and_then(|v| v.to_str().ok())
                .and_then(bearer)
                .ok_or(ApiError::TokenMissing)?
                .to_owned();
            let championship = req
                .match_info()
                .get("championship_id")
                .and_then(|s| s.parse::<i64>().ok())
                .map(ChampionshipId)
                .ok_or(ApiError::NotFound)?;
            let state = req
                .app_data::<web::Data<AppState>>()
                .ok_or_else(|| ApiError::Internal("no app state".into()))?;
            state
                .db(move |conn| Ok(authorize(conn, &header, championship)))
                .await?
        })
    }
}

/// Checks a bearer token for a write on `championship`.
fn authorize(
    conn: &mut db::DbConnection,
    token: &str,
    championship: ChampionshipId,
) -> Result<TokenCaller, ApiError> {
    let (id, secret) = parse(token).ok_or(ApiError::TokenInvalid)?;
    let row = db::api_tokens::by_id(conn, id)?;
    // Hash and compare even for an unknown id, so that timing does not
    // tell which ids exist.
    let stored = row.as_ref().map_or("", |r| r.secret_hash.as_str());
    let matches = secret_matches(stored, secret);
    let row = row.filter(|_| matches).ok_or(ApiError::TokenInvalid)?;
    let owner = db::people::by_id(conn, row.owner())?.ok_or(ApiError::TokenInvalid)?;
    let refused = if row.is_revoked() {
        Some(ApiError::TokenRevoked)
    } else if row.championship() != championship {
        Some(ApiError::OtherChampionship)
    } else if !holds::<Judges>(conn, Some((owner.id(), owner.is_admin)), championship)? {
        // The token can do what its owner can do now: a judge who lost the
        // role (or an organizer who never had it) records no results.
        Some(ApiError::NotJudge)
    } else {
        None
    };
    if let Some(e) = refused {
        // A genuine token used where it may not act: worth a line in its
        // championship's audit log (a leaked or forgotten token).
        db::audit::Entry::new("api.refused", format!("api_token:{}", row.id))
            .actor(owner.id())
            .championship(row.championship())
            .detail(format!(
                "API token #{} «{}» of {} on championship {championship}: {e}",
                row.id, row.name, owner.nick
            ))
            .record(conn)?;
        return Err(e);
    }
    Ok(TokenCaller {
        token_id: row.id,
        name: row.name,
        owner: owner.id(),
        owner_nick: owner.nick,
        championship,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_reads_back_its_id_and_secret() {
        let secret = new_secret();
        assert_eq!(secret.len(), 43);
        let text = token_text(17, &secret);
        assert_eq!(parse(&text), Some((17, secret.as_str())));
        assert_eq!(parse("lgt_17_"), None);
        assert_eq!(parse("lgt_x_abc"), None);
        assert_eq!(parse("lgt_0_abc"), None);
        assert_eq!(parse("17_abc"), None);
        // base64url secrets may hold `_`: only the first one separates.
        assert_eq!(parse("lgt_3_a_b"), Some((3, "a_b")));
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

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
use futures_util::future::LocalBoxFuture;

use super::problem::ApiError;
use crate::api::ApiDb;
use crate::app::access::Judges;
use crate::app::access::holds;
use crate::app::api_tokens::{bearer, parse, secret_matches};
use crate::db;
use crate::i18n::Message;
use crate::ids::{ApiTokenId, ChampionshipId, PersonId};
use crate::msg;
use crate::state::AppState;

/// A game server acting with an API token on the route's championship,
/// for the token's owner (a judge of that championship).
#[derive(Debug, Clone)]
pub struct TokenCaller {
    pub token_id: ApiTokenId,
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
                .and_then(|s| s.parse::<ChampionshipId>().ok())
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
    } else if row.championship_id != championship {
        Some(ApiError::OtherChampionship)
    } else if !holds::<Judges>(conn, Some((owner.id, owner.is_admin)), championship)? {
        // The token can do what its owner can do now: a judge who lost the
        // role (or an organizer who never had it) records no results.
        Some(ApiError::NotJudge)
    } else {
        None
    };
    if let Some(e) = refused {
        // A genuine token used where it may not act: worth a line in its
        // championship's audit log (a leaked or forgotten token).
        let line = db::audit::Entry::new("api.refused", format!("api_token:{}", row.id))
            .actor(owner.id)
            .championship(row.championship_id)
            .said(
                Message::new(msg!("audit-token-refused"))
                    .arg("token", row.id)
                    .arg("name", &row.name)
                    .arg("owner", &owner.nick)
                    .arg("championship", championship)
                    .list("why", [super::problem::detail_of(&e)], ""),
            );
        crate::app::api_tokens::record_refused(conn, line)?;
        return Err(e);
    }
    Ok(TokenCaller {
        token_id: row.id,
        name: row.name,
        owner: owner.id,
        owner_nick: owner.nick,
        championship,
    })
}

//! A client of lichess's API for tournament organizers: the sign-in
//! (OAuth 2 with PKCE), token checks, bulk pairing (create, list, cancel)
//! and the export of games by id or by player. The base address comes
//! from the settings, so a stand-in or another instance is configuration
//! only. Tokens travel as [`SecretString`]s and are never logged: errors
//! carry the server's status and message, never the request.

use std::collections::HashMap;
use std::time::Duration;

use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

/// Why a call did not give its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallError {
    /// 429: the server asks to wait (lichess: a full minute).
    RateLimited,
    /// 5xx, or no answer at all: try again later.
    Unavailable(String),
    /// 401: the token is unknown, expired or revoked.
    Unauthorized,
    /// 403: the token lacks a scope.
    Forbidden(String),
    /// 400: the server refused the request, with its reason.
    Refused(String),
    /// 404.
    NotFound,
    /// An answer that cannot be read.
    Unreadable(String),
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CallError::RateLimited => f.write_str("rate limited (429)"),
            CallError::Unavailable(why) => write!(f, "unavailable: {why}"),
            CallError::Unauthorized => f.write_str("token refused (401)"),
            CallError::Forbidden(why) => write!(f, "forbidden (403): {why}"),
            CallError::Refused(why) => write!(f, "refused (400): {why}"),
            CallError::NotFound => f.write_str("not found (404)"),
            CallError::Unreadable(why) => write!(f, "unreadable answer: {why}"),
        }
    }
}

/// The account a token belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct AccountInfo {
    pub id: String,
    pub username: String,
}

/// What `POST /api/token/test` says of a token.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct TokenInfo {
    #[serde(rename = "userId")]
    pub user_id: String,
    #[serde(default)]
    pub scopes: String,
}

impl TokenInfo {
    pub fn has_scope(&self, scope: &str) -> bool {
        self.scopes.split([',', ' ']).any(|s| s == scope)
    }
}

/// A game of a bulk pairing: its id and the players' user ids.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct BulkGame {
    pub id: String,
    pub white: String,
    pub black: String,
}

/// A bulk pairing as the server keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Bulk {
    pub id: String,
    pub games: Vec<BulkGame>,
    #[serde(rename = "pairAt", default)]
    pub pair_at: Option<i64>,
}

/// The games to create in one bulk, with the regulation's clock.
pub struct BulkRequest<'a> {
    /// (white's token, black's token) of each game.
    pub pairs: Vec<(&'a SecretString, &'a SecretString)>,
    pub clock_limit_seconds: u32,
    pub clock_increment_seconds: u32,
    /// When the games are created, in milliseconds since the epoch.
    pub pair_at_ms: i64,
    pub rated: bool,
    /// Sent to each player with the game's link (`{game}`).
    pub message: String,
}

/// A player of an exported game.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
pub struct ExportedPlayer {
    #[serde(default)]
    pub user: Option<ExportedUser>,
    #[serde(default)]
    pub rating: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ExportedUser {
    pub name: String,
    #[serde(default)]
    pub id: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
pub struct ExportedPlayers {
    #[serde(default)]
    pub white: ExportedPlayer,
    #[serde(default)]
    pub black: ExportedPlayer,
}

/// A game as `export/_ids` gives it (NDJSON with `pgnInJson` and clocks).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ExportedGame {
    pub id: String,
    pub status: String,
    #[serde(default)]
    pub winner: Option<String>,
    #[serde(default)]
    pub players: ExportedPlayers,
    #[serde(default)]
    pub pgn: Option<String>,
    #[serde(rename = "createdAt", default)]
    pub created_at: i64,
}

#[derive(Deserialize)]
struct ErrorBody {
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    error_description: Option<String>,
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
}

/// The bulk list, as an array or inside an object.
#[derive(Deserialize)]
#[serde(untagged)]
enum BulkList {
    Plain(Vec<Bulk>),
    Wrapped { bulks: Vec<Bulk> },
}

/// One lichess (or a server that answers as lichess does).
#[derive(Debug, Clone)]
pub struct Lichess {
    http: reqwest::Client,
    base: String,
    client_id: String,
}

/// The most ids one export request carries (lichess: 300).
pub const EXPORT_BATCH: usize = 300;

impl Lichess {
    pub fn new(base: &str, client_id: &str) -> Lichess {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .connect_timeout(Duration::from_secs(10))
            .user_agent(concat!("league-platform/", env!("CARGO_PKG_VERSION")))
            .build()
            .expect("an HTTP client with default TLS");
        Lichess {
            http,
            base: base.trim_end_matches('/').to_owned(),
            client_id: client_id.to_owned(),
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Where a person is sent to approve the platform's access.
    pub fn authorize_url(
        &self,
        redirect_uri: &str,
        challenge: &str,
        scopes: &str,
        state: &str,
    ) -> String {
        let query = serde_urlencoded::to_string([
            ("response_type", "code"),
            ("client_id", self.client_id.as_str()),
            ("redirect_uri", redirect_uri),
            ("code_challenge_method", "S256"),
            ("code_challenge", challenge),
            ("scope", scopes),
            ("state", state),
        ])
        .unwrap_or_default();
        format!("{}?{query}", self.url("/oauth"))
    }

    /// Exchanges the code the server sent back for a token.
    pub async fn exchange(
        &self,
        code: &str,
        verifier: &SecretString,
        redirect_uri: &str,
    ) -> Result<SecretString, CallError> {
        let form = [
            ("grant_type", "authorization_code"),
            ("code", code),
            ("code_verifier", verifier.expose_secret()),
            ("redirect_uri", redirect_uri),
            ("client_id", self.client_id.as_str()),
        ];
        let answer = self
            .http
            .post(self.url("/api/token"))
            .form(&form)
            .send()
            .await;
        let body: TokenAnswer = json(checked(answer).await?).await?;
        Ok(SecretString::from(body.access_token))
    }

    /// The account of a token.
    pub async fn account(&self, token: &SecretString) -> Result<AccountInfo, CallError> {
        let answer = self
            .http
            .get(self.url("/api/account"))
            .bearer_auth(token.expose_secret())
            .send()
            .await;
        json(checked(answer).await?).await
    }

    /// Revokes a token (its owner unlinks the account).
    pub async fn revoke(&self, token: &SecretString) -> Result<(), CallError> {
        let answer = self
            .http
            .delete(self.url("/api/token"))
            .bearer_auth(token.expose_secret())
            .send()
            .await;
        match checked(answer).await {
            Ok(_) | Err(CallError::Unauthorized) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// What the server says of each token: its user and scopes, or
    /// `None` for a token it does not know (expired, revoked).
    pub async fn test_tokens(
        &self,
        tokens: &[&SecretString],
    ) -> Result<Vec<Option<TokenInfo>>, CallError> {
        let body: Vec<&str> = tokens.iter().map(|t| t.expose_secret()).collect();
        let answer = self
            .http
            .post(self.url("/api/token/test"))
            .header(reqwest::header::CONTENT_TYPE, "text/plain")
            .body(body.join(","))
            .send()
            .await;
        let mut map: HashMap<String, Option<TokenInfo>> = json(checked(answer).await?).await?;
        Ok(body.iter().map(|t| map.remove(*t).flatten()).collect())
    }

    /// Creates the games of a bulk pairing with the organizer's token.
    pub async fn create_bulk(
        &self,
        organizer: &SecretString,
        bulk: &BulkRequest<'_>,
    ) -> Result<Bulk, CallError> {
        let players: Vec<String> = bulk
            .pairs
            .iter()
            .map(|(w, b)| format!("{}:{}", w.expose_secret(), b.expose_secret()))
            .collect();
        let form = [
            ("players", players.join(",")),
            ("clock.limit", bulk.clock_limit_seconds.to_string()),
            ("clock.increment", bulk.clock_increment_seconds.to_string()),
            ("pairAt", bulk.pair_at_ms.to_string()),
            ("startClocksAt", bulk.pair_at_ms.to_string()),
            ("rated", bulk.rated.to_string()),
            ("message", bulk.message.clone()),
            ("rules", "noRematch,noGiveTime".to_owned()),
        ];
        let answer = self
            .http
            .post(self.url("/api/bulk-pairing"))
            .bearer_auth(organizer.expose_secret())
            .form(&form)
            .send()
            .await;
        json(checked(answer).await?).await
    }

    /// The organizer's bulks still scheduled.
    pub async fn bulks(&self, organizer: &SecretString) -> Result<Vec<Bulk>, CallError> {
        let answer = self
            .http
            .get(self.url("/api/bulk-pairing"))
            .bearer_auth(organizer.expose_secret())
            .send()
            .await;
        Ok(match json(checked(answer).await?).await? {
            BulkList::Plain(b) | BulkList::Wrapped { bulks: b } => b,
        })
    }

    /// Cancels a bulk whose games are not created yet (a bulk already
    /// gone is no error).
    pub async fn cancel_bulk(&self, organizer: &SecretString, id: &str) -> Result<(), CallError> {
        let answer = self
            .http
            .delete(self.url(&["", "api", "bulk-pairing", &segment(id)].join("/")))
            .bearer_auth(organizer.expose_secret())
            .send()
            .await;
        match checked(answer).await {
            Ok(_) | Err(CallError::NotFound) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// The games of these ids that exist, with their PGN and clocks.
    pub async fn export_by_ids(&self, ids: &[String]) -> Result<Vec<ExportedGame>, CallError> {
        let answer = self
            .http
            .post(self.url("/api/games/export/_ids"))
            .query(&[("pgnInJson", "true"), ("clocks", "true"), ("moves", "true")])
            .header(reqwest::header::ACCEPT, "application/x-ndjson")
            .header(reqwest::header::CONTENT_TYPE, "text/plain")
            .body(ids.join(","))
            .send()
            .await;
        ndjson(checked(answer).await?).await
    }

    /// A player's games created between `since` and `until` (ms), as PGN.
    pub async fn user_games(
        &self,
        username: &str,
        since_ms: i64,
        until_ms: i64,
    ) -> Result<String, CallError> {
        let answer = self
            .http
            .get(self.url(&["", "api", "games", "user", &segment(username)].join("/")))
            .query(&[
                ("since", since_ms.to_string()),
                ("until", until_ms.to_string()),
                ("clocks", "true".to_owned()),
                ("max", "100".to_owned()),
            ])
            .header(reqwest::header::ACCEPT, "application/x-chess-pgn")
            .send()
            .await;
        checked(answer)
            .await?
            .text()
            .await
            .map_err(|e| CallError::Unavailable(e.without_url().to_string()))
    }
}

/// `words` with anything shaped as a lichess token (`lio_…`, `lip_…`)
/// left out: an error message is shown to judges and may be logged.
pub fn without_tokens(words: &str) -> String {
    words
        .split(' ')
        .map(|w| {
            let bare = w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '_');
            if bare.starts_with("lio_") || bare.starts_with("lip_") {
                "…"
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(200)
        .collect()
}

/// A path segment: ids and usernames are letters, digits, `_` and `-`;
/// anything else is dropped rather than sent.
fn segment(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect()
}

/// The answer when its status is a success; the error it stands for
/// otherwise.
async fn checked(
    answer: Result<reqwest::Response, reqwest::Error>,
) -> Result<reqwest::Response, CallError> {
    let response = answer.map_err(|e| CallError::Unavailable(e.without_url().to_string()))?;
    let status = response.status().as_u16();
    if response.status().is_success() {
        return Ok(response);
    }
    let text = response.text().await.unwrap_or_default();
    // Only the server's own words of its error, never the body as it
    // came: a refused bulk names the tokens it refused.
    let reason = serde_json::from_str::<ErrorBody>(&text)
        .ok()
        .and_then(|b| b.error_description.or(b.error))
        .map(|words| without_tokens(&words))
        .unwrap_or_default();
    Err(match status {
        429 => CallError::RateLimited,
        401 => CallError::Unauthorized,
        403 => CallError::Forbidden(reason),
        404 => CallError::NotFound,
        400..=499 => CallError::Refused(reason),
        _ => CallError::Unavailable(format!("{status}: {reason}")),
    })
}

async fn json<T: serde::de::DeserializeOwned>(response: reqwest::Response) -> Result<T, CallError> {
    let text = response
        .text()
        .await
        .map_err(|e| CallError::Unavailable(e.without_url().to_string()))?;
    serde_json::from_str(&text).map_err(|e| CallError::Unreadable(e.to_string()))
}

async fn ndjson<T: serde::de::DeserializeOwned>(
    response: reqwest::Response,
) -> Result<Vec<T>, CallError> {
    let text = response
        .text()
        .await
        .map_err(|e| CallError::Unavailable(e.without_url().to_string()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).map_err(|e| CallError::Unreadable(e.to_string())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_shown_or_logged_never_carries_a_token() {
        assert_eq!(
            without_tokens("Invalid token lip_abc123, and \"lio_XYZ\": refused"),
            "Invalid token … and … refused"
        );
        assert_eq!(without_tokens("No such token"), "No such token");
    }
}

//! Where sessions are kept. A signed-in session is a row of the database
//! (`app::sessions`): the cookie carries only its random key, so signing
//! out, a password change or "sign out everywhere" end it on the server,
//! and the server enforces its idle and absolute lifetime. A visitor who
//! has not signed in keeps the little there is (language, form token,
//! pending messages) in the cookie itself, so reading the site never
//! writes to the database. Either way the cookie is encrypted and signed
//! by the session middleware.
//!
//! A signed-in request writes the session's row only when it changed what
//! the row holds: the pending flash messages (a judge's "result saved")
//! ride in the cookie beside the key (`KEY|messages`), so a save and the
//! page after it write no session row.

use std::collections::HashMap;

use actix_session::storage::{LoadError, SaveError, SessionKey, SessionStore, UpdateError};
use actix_web::cookie::time::Duration;
use actix_web::web;

use crate::app::sessions::{self, Lifetime};
use crate::ids::PersonId;
use crate::state::AppState;
use crate::web::infra::error::AppError;
use crate::web::infra::session::{
    forget_person, person_in_state, put_pending_flashes, take_pending_flashes,
};

type State = HashMap<String, String>;

/// The session key of a request whose stored session could not be read
/// because the database is away.
const UNAVAILABLE: &str = "database-unavailable";

/// The session store's failure when the database cannot be reached.
#[derive(Debug, thiserror::Error)]
#[error("session store: the database is unavailable")]
struct Unavailable;

/// Middleware inside the session middleware and the error pages: a request
/// whose signed-in session could not be read because the database is away
/// is answered as every other such request, 503 with `Retry-After` and the
/// error page, before any handler (or the CSRF check) reads a session that
/// is not there.
pub async fn refuse_without_database(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<
    actix_web::dev::ServiceResponse<actix_web::body::EitherBody<impl actix_web::body::MessageBody>>,
    actix_web::Error,
> {
    use actix_session::SessionExt as _;
    use actix_web::ResponseError as _;
    if req
        .get_session()
        .get::<bool>(UNAVAILABLE)
        .ok()
        .flatten()
        .unwrap_or(false)
    {
        tracing::warn!("database unavailable: a signed-in session could not be read");
        let res = AppError::Unavailable.error_response();
        return Ok(req.into_response(res).map_into_right_body());
    }
    next.call(req)
        .await
        .map(actix_web::dev::ServiceResponse::map_into_left_body)
}

/// Key prefix of a session kept in the database.
const STORED: &str = "s";
/// Key prefix of a visitor's state carried in the cookie.
const CARRIED: &str = "c";
/// Between a stored session's key and the flash messages the cookie carries
/// with it (the key itself is alphanumeric).
const WITH_FLASHES: char = '|';
/// The most bytes of flash messages the cookie carries; more are kept in
/// the session's row (a cookie holds about 4 KB in all).
const CARRIED_FLASHES_AT_MOST: usize = 2048;
/// Set by `load` in a stored session's state, taken out before anything is
/// kept: the state as the row held it (its JSON), so that `update` writes
/// the row only when the request changed it.
const AS_STORED: &str = "as-stored";

/// A stored session's key and the flash messages its cookie carries.
fn split_key(key: &str) -> (&str, Option<&str>) {
    match key.split_once(WITH_FLASHES) {
        Some((stored, flashes)) => (stored, Some(flashes)),
        None => (key, None),
    }
}

pub struct DbSessionStore {
    state: web::Data<AppState>,
    lifetime: Lifetime,
}

impl DbSessionStore {
    pub fn new(state: web::Data<AppState>) -> Self {
        let lifetime = state.settings.session_lifetime();
        DbSessionStore { state, lifetime }
    }

    async fn run<T, F>(&self, f: F) -> Result<T, anyhow::Error>
    where
        F: FnOnce(&mut crate::db::DbConnection) -> Result<T, crate::app::PlayError<()>>
            + Send
            + 'static,
        T: Send + 'static,
    {
        self.state
            .run(move |conn| f(conn).map_err(AppError::from))
            .await
            .map_err(|e: AppError| match &e {
                AppError::Db(db) if db.unavailable() => anyhow::Error::new(Unavailable),
                _ => anyhow::anyhow!("session store: {e}"),
            })
    }

    /// Keeps `state`: in a new database row when it names a person, else
    /// in the cookie.
    async fn keep(&self, mut state: State) -> Result<SessionKey, anyhow::Error> {
        state.remove(AS_STORED);
        let Some(person) = person_in_state(&state) else {
            return carried(&state);
        };
        let key = format!("{STORED}{}", sessions::new_secret());
        let json = serde_json::to_string(&state)?;
        let lifetime = self.lifetime;
        let stored = key.clone();
        self.run(move |conn| sessions::start(conn, &stored, person, &json, lifetime))
            .await?;
        Ok(SessionKey::try_from(key)?)
    }
}

fn carried(state: &State) -> Result<SessionKey, anyhow::Error> {
    let key = format!("{CARRIED}{}", serde_json::to_string(state)?);
    Ok(SessionKey::try_from(key)?)
}

/// The state without the signed-in person: what a cookie may carry, and
/// what is left of a session that ended on the server while a request of
/// it was running.
fn without_person(mut state: State) -> State {
    forget_person(&mut state);
    state
}

impl SessionStore for DbSessionStore {
    async fn load(&self, key: &SessionKey) -> Result<Option<State>, LoadError> {
        let key = key.as_ref();
        if let Some(json) = key.strip_prefix(CARRIED) {
            return serde_json::from_str::<State>(json)
                .map(|state| Some(without_person(state)))
                .map_err(|e| LoadError::Deserialization(e.into()));
        }
        if !key.starts_with(STORED) {
            return Ok(None);
        }
        let (key, flashes) = split_key(key);
        let lifetime = self.lifetime;
        let owned = key.to_owned();
        let json = match self
            .run(move |conn| sessions::load(conn, &owned, lifetime))
            .await
        {
            Ok(json) => json,
            // The session middleware would answer 500: the request goes on
            // with a session that says so, and `refuse_without_database`
            // answers it 503 (the cookie stays as it was).
            Err(e) if e.is::<Unavailable>() => {
                return Ok(Some(HashMap::from([(
                    UNAVAILABLE.to_owned(),
                    "true".to_owned(),
                )])));
            }
            Err(e) => return Err(LoadError::Other(e)),
        };
        let Some(json) = json else {
            return Ok(None);
        };
        let mut state: State =
            serde_json::from_str(&json).map_err(|e| LoadError::Deserialization(e.into()))?;
        state.insert(AS_STORED.to_owned(), json);
        if let Some(flashes) = flashes {
            put_pending_flashes(&mut state, flashes.to_owned());
        }
        Ok(Some(state))
    }

    async fn save(&self, state: State, _ttl: &Duration) -> Result<SessionKey, SaveError> {
        self.keep(state).await.map_err(SaveError::Other)
    }

    async fn update(
        &self,
        key: SessionKey,
        mut state: State,
        _ttl: &Duration,
    ) -> Result<SessionKey, UpdateError> {
        if state.contains_key(UNAVAILABLE) {
            // Read without the database: nothing of it is kept, and the
            // cookie goes on naming the session as it is stored.
            return Ok(key);
        }
        let as_stored = state.remove(AS_STORED);
        let stored = key
            .as_ref()
            .starts_with(STORED)
            .then(|| split_key(key.as_ref()).0.to_owned());
        let person: Option<PersonId> = person_in_state(&state);
        match (stored, person) {
            (Some(stored), Some(person)) => {
                // Flash messages ride in the cookie unless they are long.
                let flashes = take_pending_flashes(&mut state);
                let carried_flashes = match flashes {
                    Some(f) if f.len() <= CARRIED_FLASHES_AT_MOST => Some(f),
                    Some(f) => {
                        put_pending_flashes(&mut state, f);
                        None
                    }
                    None => None,
                };
                let unchanged = as_stored
                    .and_then(|json| serde_json::from_str::<State>(&json).ok())
                    .is_some_and(|stored| stored == state);
                let kept = if unchanged {
                    // The row holds this state already.
                    true
                } else {
                    let json = serde_json::to_string(&state)
                        .map_err(|e| UpdateError::Serialization(e.into()))?;
                    let row = stored.clone();
                    self.run(move |conn| sessions::save(conn, &row, person, &json))
                        .await
                        .map_err(UpdateError::Other)?
                };
                if !kept {
                    if let Some(f) = carried_flashes {
                        put_pending_flashes(&mut state, f);
                    }
                    return carried(&without_person(state)).map_err(UpdateError::Other);
                }
                let key = match carried_flashes {
                    Some(f) => format!("{stored}{WITH_FLASHES}{f}"),
                    None => stored,
                };
                SessionKey::try_from(key).map_err(|e| UpdateError::Other(e.into()))
            }
            (Some(stored), None) => {
                self.run(move |conn| sessions::end(conn, &stored))
                    .await
                    .map_err(UpdateError::Other)?;
                carried(&state).map_err(UpdateError::Other)
            }
            (None, _) => self.keep(state).await.map_err(UpdateError::Other),
        }
    }

    async fn update_ttl(&self, _key: &SessionKey, _ttl: &Duration) -> Result<(), anyhow::Error> {
        // The lifetime is the server's: `load` records the last use.
        Ok(())
    }

    async fn delete(&self, key: &SessionKey) -> Result<(), anyhow::Error> {
        if key.as_ref().starts_with(STORED) {
            let owned = split_key(key.as_ref()).0.to_owned();
            self.run(move |conn| sessions::end(conn, &owned)).await?;
        }
        Ok(())
    }
}

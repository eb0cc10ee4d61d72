//! The session behind a typed wrapper: the signed-in person, the CSRF token,
//! the chosen language and pending flash messages. A signed-in session is
//! kept in the database (`session_store`), so app instances keep no state
//! of their own and every instance sees a session end at once.

use std::collections::HashMap;

use actix_session::Session;
use base64::Engine;

use crate::i18n::{Lang, Message};
use crate::ids::PersonId;

const PERSON: &str = "pid";
const AUTH_VERSION: &str = "av";
const CSRF: &str = "csrf";
const LANG: &str = "lang";
const FLASH: &str = "flash";
const BROWSER: &str = "browser";

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FlashLevel {
    Success,
    Info,
    Error,
}

impl FlashLevel {
    /// The CSS class suffix of the message box.
    pub fn css(self) -> &'static str {
        match self {
            FlashLevel::Success => "success",
            FlashLevel::Info => "info",
            FlashLevel::Error => "error",
        }
    }
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Flash {
    pub level: FlashLevel,
    pub message: Message,
}

pub struct AppSession<'a>(pub &'a Session);

/// The person a stored session state names (the store files the session
/// under them).
pub fn person_in_state(state: &HashMap<String, String>) -> Option<PersonId> {
    state
        .get(PERSON)
        .and_then(|v| serde_json::from_str::<i64>(v).ok())
        .map(PersonId)
}

/// Takes the pending flash messages (their JSON) out of a stored state:
/// the store carries them in the cookie rather than write the session's
/// row for them.
pub fn take_pending_flashes(state: &mut HashMap<String, String>) -> Option<String> {
    state.remove(FLASH)
}

/// Puts pending flash messages (their JSON) back into a state.
pub fn put_pending_flashes(state: &mut HashMap<String, String>, json: String) {
    state.insert(FLASH.to_owned(), json);
}

/// Takes the signed-in person out of a stored state.
pub fn forget_person(state: &mut HashMap<String, String>) {
    state.remove(PERSON);
    state.remove(AUTH_VERSION);
}

impl AppSession<'_> {
    /// The signed-in person and the `auth_version` their session was made with.
    pub fn person(&self) -> Option<(PersonId, i64)> {
        let id = self.0.get::<i64>(PERSON).ok().flatten()?;
        let version = self.0.get::<i64>(AUTH_VERSION).ok().flatten()?;
        Some((PersonId(id), version))
    }

    /// Signs a person in under a new session id (no fixation), keeping the
    /// chosen language.
    pub fn sign_in(&self, person: PersonId, auth_version: i64, lang: Lang) {
        self.0.renew();
        self.0.remove(CSRF);
        let _ = self.0.insert(PERSON, person.0);
        let _ = self.0.insert(AUTH_VERSION, auth_version);
        self.set_lang(lang);
    }

    /// Signs out: everything but the language and the browser's login
    /// token goes, under a new id.
    pub fn sign_out(&self) {
        let lang = self.lang();
        let browser = self.browser();
        self.0.clear();
        self.0.renew();
        if let Some(lang) = lang {
            self.set_lang(lang);
        }
        if let Some(browser) = browser {
            self.set_browser(&browser);
        }
    }

    /// The token that makes this browser known to the accounts it signed
    /// in to (`app::accounts::log_in`); it outlives signing out.
    pub fn browser(&self) -> Option<String> {
        self.0.get::<String>(BROWSER).ok().flatten()
    }

    pub fn set_browser(&self, token: &str) {
        let _ = self.0.insert(BROWSER, token);
    }

    /// The session's CSRF token, created on first use: 32 random bytes.
    pub fn csrf_token(&self) -> String {
        if let Ok(Some(token)) = self.0.get::<String>(CSRF) {
            return token;
        }
        let bytes: [u8; 32] = rand::random();
        let token = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
        let _ = self.0.insert(CSRF, &token);
        token
    }

    /// The token if the session has one (never creates it).
    pub fn existing_csrf_token(&self) -> Option<String> {
        self.0.get::<String>(CSRF).ok().flatten()
    }

    pub fn lang(&self) -> Option<Lang> {
        self.0
            .get::<String>(LANG)
            .ok()
            .flatten()
            .and_then(|l| Lang::parse(&l))
    }

    pub fn set_lang(&self, lang: Lang) {
        let _ = self.0.insert(LANG, lang.code());
    }

    pub fn flash(&self, level: FlashLevel, message: impl Into<Message>) {
        let mut all = self
            .0
            .get::<Vec<Flash>>(FLASH)
            .ok()
            .flatten()
            .unwrap_or_default();
        all.push(Flash {
            level,
            message: message.into(),
        });
        let _ = self.0.insert(FLASH, all);
    }

    /// The pending flash messages, removed from the session.
    pub fn take_flashes(&self) -> Vec<Flash> {
        self.0
            .remove_as::<Vec<Flash>>(FLASH)
            .and_then(Result::ok)
            .unwrap_or_default()
    }
}

//! Accounts: the values parsed at the edge (house rule 2) and password
//! hashing, both pure; and the account use cases, each one transaction
//! with its audit entry: sign-up, login (throttled), logout, password
//! change, and the operator's `create-admin`. Past a constructor, a
//! [`Nick`] is always a valid nick.

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use chrono::TimeDelta;
use secrecy::{ExposeSecret, SecretString};

use super::PlayError;
use crate::db::{self, DbConnection, audit, login_attempts, people, sessions, write_transaction};
use crate::i18n::{Message, MsgKey};
use crate::ids::PersonId;
use crate::msg;

/// A player's nick. G-B13: a line-up is one line `Team,nick1,…` without
/// spaces, so a nick holds neither spaces nor commas: Latin letters, digits,
/// `_` and `-`, 2 to 30 characters, starting with a letter or digit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nick(String);

impl Nick {
    pub fn parse(s: &str) -> Result<Nick, MsgKey> {
        let s = s.trim();
        if s.is_empty() {
            return Err(msg!("error-required"));
        }
        let len = s.chars().count();
        if !(2..=30).contains(&len) {
            return Err(msg!("error-nick-length"));
        }
        let valid = s
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            && s.starts_with(|c: char| c.is_ascii_alphanumeric());
        if !valid {
            return Err(msg!("error-nick-chars"));
        }
        Ok(Nick(s.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A nick made from a full name for a record entered without one: the
    /// name in Latin letters (Russian letters by the passport table of
    /// ГОСТ Р 52535.1-2006), words joined by `-`, at most 26 characters so
    /// that a `-N` still fits; `player` when nothing usable is left. The
    /// caller makes it unique (`db::people::free_nick`).
    pub fn from_full_name(name: &FullName) -> Nick {
        let mut out = String::new();
        for word in name.as_str().split(|c: char| !c.is_alphanumeric()) {
            let latin: String = word.chars().flat_map(latin_of).collect();
            if latin.is_empty() {
                continue;
            }
            if !out.is_empty() {
                out.push('-');
            }
            out.push_str(&latin);
        }
        let cut: String = out.chars().take(26).collect();
        let cut = cut.trim_end_matches('-').to_owned();
        if cut.chars().count() < 2 {
            return Nick("player".to_owned());
        }
        Nick(cut)
    }
}

/// One letter of a name in lower-case ASCII (nothing for what has none).
fn latin_of(c: char) -> Vec<char> {
    let lower = c.to_lowercase().next().unwrap_or(c);
    if lower.is_ascii_alphanumeric() {
        return vec![lower];
    }
    let s = match lower {
        'а' => "a",
        'б' => "b",
        'в' => "v",
        'г' => "g",
        'д' => "d",
        'е' | 'ё' | 'э' => "e",
        'ж' => "zh",
        'з' => "z",
        'и' | 'й' => "i",
        'к' => "k",
        'л' => "l",
        'м' => "m",
        'н' => "n",
        'о' => "o",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'у' => "u",
        'ф' => "f",
        'х' => "kh",
        'ц' => "tc",
        'ч' => "ch",
        'ш' => "sh",
        'щ' => "shch",
        'ы' => "y",
        'ю' => "iu",
        'я' => "ia",
        'ъ' => "ie",
        _ => "",
    };
    s.chars().collect()
}

/// A person's full name as they want it shown: 1 to 100 characters, no
/// control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FullName(String);

impl FullName {
    pub fn parse(s: &str) -> Result<FullName, MsgKey> {
        let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
        if s.is_empty() {
            return Err(msg!("error-required"));
        }
        if s.chars().count() > 100 {
            return Err(msg!("error-name-length"));
        }
        if s.chars().any(char::is_control) {
            return Err(msg!("error-name-chars"));
        }
        Ok(FullName(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An e-mail address: one `@`, a non-empty local part, a domain with a dot,
/// no spaces, at most 254 characters. Deliverability is proven by mail, not
/// by syntax.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(s: &str) -> Result<Email, MsgKey> {
        let s = s.trim();
        if s.is_empty() {
            return Err(msg!("error-required"));
        }
        let valid = s.len() <= 254
            && !s.chars().any(|c| c.is_whitespace() || c.is_control())
            && match s.split_once('@') {
                Some((local, domain)) => {
                    !local.is_empty()
                        && !domain.contains('@')
                        && domain.contains('.')
                        && !domain.starts_with('.')
                        && !domain.ends_with('.')
                        && !domain.contains("..")
                }
                None => false,
            };
        if valid {
            Ok(Email(s.to_owned()))
        } else {
            Err(msg!("error-email"))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

pub const MIN_PASSWORD_CHARS: usize = 10;
pub const MAX_PASSWORD_CHARS: usize = 256;

/// A password good enough to keep: long enough, and not one that appears in
/// breach lists or is guessable from the person's own nick, name or e-mail
/// (zxcvbn's dictionaries of leaked passwords, patterns and sequences; we
/// refuse anything it estimates at under 10^6 guesses).
pub struct NewPassword(SecretString);

impl NewPassword {
    pub fn parse(s: &str, personal: &[&str]) -> Result<NewPassword, MsgKey> {
        let chars = s.chars().count();
        if chars < MIN_PASSWORD_CHARS {
            return Err(msg!("error-password-short"));
        }
        if chars > MAX_PASSWORD_CHARS {
            return Err(msg!("error-password-long"));
        }
        if zxcvbn::zxcvbn(s, personal).score() < zxcvbn::Score::Two {
            return Err(msg!("error-password-common"));
        }
        Ok(NewPassword(SecretString::from(s.to_owned())))
    }

    pub fn expose(&self) -> &str {
        self.0.expose_secret()
    }
}

#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(String);

/// argon2id with m = 7 MiB, t = 5, p = 1: of the settings OWASP lists as
/// equally strong (19 MiB with t = 2 is another), the one that holds the
/// least memory per password check, which a burst of sign-ins multiplies.
/// A stored hash is checked with the settings written in it, so hashes
/// made with others still verify.
fn hasher() -> Argon2<'static> {
    const PARAMS: argon2::Params = match argon2::Params::new(7 * 1024, 5, 1, None) {
        Ok(params) => params,
        Err(_) => panic!("argon2 parameters"),
    };
    Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, PARAMS)
}

/// argon2id with [`hasher`]'s parameters, a fresh random salt per hash, in
/// the PHC string format.
pub fn hash_password(password: &NewPassword) -> Result<String, HashError> {
    hasher()
        .hash_password(password.expose().as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| HashError(e.to_string()))
}

/// Checks a password against a stored hash. With no stored hash (unknown
/// account) a fixed hash is checked instead, so the answer takes as long
/// either way and does not tell which accounts exist.
pub fn verify_password(password: &str, stored: Option<&str>) -> bool {
    static DUMMY: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        hasher()
            .hash_password(b"no account has this password")
            .map(|h| h.to_string())
            .unwrap_or_default()
    });
    let (hash, real) = match stored {
        Some(h) => (h, true),
        None => (DUMMY.as_str(), false),
    };
    let ok = PasswordHash::new(hash)
        .map(|parsed| {
            hasher()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false);
    ok && real
}

/// Why an account could not be made: the nick or the e-mail address
/// belongs to someone already (regardless of case).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountProblem {
    NickTaken,
    EmailTaken,
}

/// An account to make: values that passed their checks, and the hash of
/// the password (hashed beforehand, off the database connection).
pub struct NewAccount<'a> {
    pub nick: &'a Nick,
    pub full_name: &'a FullName,
    pub email: &'a Email,
    pub password_hash: &'a str,
    /// The language the person's mail and pages default to.
    pub locale: &'a str,
}

/// Stores a person; a taken nick or address is a problem, not a failure.
fn insert(
    conn: &mut crate::db::WriteTx<'_>,
    account: &NewAccount,
    is_admin: bool,
) -> Result<PersonId, PlayError<AccountProblem>> {
    let new = people::NewPerson {
        nick: account.nick.as_str(),
        full_name: account.full_name.as_str(),
        email: account.email.as_str(),
        password_hash: account.password_hash,
        locale: account.locale,
        is_admin,
    };
    people::insert(conn, &new).map_err(|e| match e {
        people::InsertPersonError::NickTaken => PlayError::Refused(vec![AccountProblem::NickTaken]),
        people::InsertPersonError::EmailTaken => {
            PlayError::Refused(vec![AccountProblem::EmailTaken])
        }
        people::InsertPersonError::Db(e) => PlayError::Db(e),
    })
}

/// Someone signs up from address `ip`: the new person, who is its own
/// audit actor, and the token that makes this browser known to the
/// account (see [`log_in`]).
pub fn sign_up(
    conn: &mut DbConnection,
    account: &NewAccount,
    ip: &str,
) -> Result<(PersonId, String), PlayError<AccountProblem>> {
    write_transaction(conn, |conn| {
        let id = insert(conn, account, false)?;
        audit::Entry::new("account.signup", format!("person:{id}"))
            .actor(id)
            .said(Message::new(msg!("audit-accounts-nick")).arg("nick", account.nick.as_str()))
            .ip(ip)
            .record(conn)?;
        let browser = remember_browser(conn, id)?;
        Ok((id, browser))
    })
}

/// A new token for a browser that signed in to `person`'s account.
fn remember_browser(
    conn: &mut crate::db::WriteTx<'_>,
    person: PersonId,
) -> Result<String, crate::db::QueryError> {
    let token = super::sessions::new_secret();
    sessions::remember_browser(
        conn,
        &super::sessions::digest(&token),
        person,
        db::utc_now(),
    )?;
    Ok(token)
}

/// The operator makes a platform administrator (`league create-admin`);
/// the audit entry has no actor, as no one is signed in.
pub fn create_admin(
    conn: &mut DbConnection,
    account: &NewAccount,
) -> Result<PersonId, PlayError<AccountProblem>> {
    write_transaction(conn, |conn| {
        let id = insert(conn, account, true)?;
        audit::Entry::new("admin.create", format!("person:{id}"))
            .said(Message::new(msg!("audit-accounts-nick")).arg("nick", account.nick.as_str()))
            .record(conn)?;
        Ok(id)
    })
}

/// Who signed in: what the session keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedIn {
    pub id: PersonId,
    pub auth_version: i64,
    /// The language stored on the account.
    pub locale: String,
    /// The browser's token for this account from now on (a new one when
    /// the browser was not known to it).
    pub browser: String,
}

/// Why a login was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoginProblem {
    /// An unknown account or a wrong password: the same answer for both.
    WrongCredentials,
    /// Too many failures for the account or from the address; the next
    /// attempt is let through in this many seconds (at least one).
    Throttled { seconds: i64 },
}

/// A browser that fails this often on an account it signed in to is no
/// longer known to it (a stolen cookie does not buy unlimited guesses).
const KNOWN_BROWSER_FAILURES: i32 = 3;

/// A known browser is forgotten this long after it was first known.
const KNOWN_BROWSER_DAYS: i64 = 365;

/// A login with `login` (nick or e-mail) and `password` from address `ip`,
/// in a browser holding the token `browser` if it has signed in before.
/// Throttled per account and per address (`login_attempts::locked_until`):
/// growing delays, a lock only per address, and a browser the account has
/// signed in from is not slowed by failures elsewhere. An unknown account
/// is checked against a fixed hash, so that it takes as long as a wrong
/// password. The check, the verification and the record of the attempt
/// are one transaction that concurrent attempts on the account or from the
/// address wait for: fifty parallel guesses must not all pass the check
/// before the first failure is stored. A refused attempt is stored too
/// (the transaction commits, then the refusal is returned).
pub fn log_in(
    conn: &mut DbConnection,
    login: &str,
    password: &str,
    ip: &str,
    browser: Option<&str>,
) -> Result<SignedIn, PlayError<LoginProblem>> {
    let outcome = write_transaction(conn, |conn| -> Result<_, crate::db::QueryError> {
        let person = people::by_login(conn, login)?;
        let account_key = match &person {
            Some(p) => format!("person:{}", p.id),
            None => format!("name:{}", people::key_of(login)),
        };
        login_attempts::serialize(conn, &account_key, ip)?;
        let now = db::utc_now();
        let browser_hash = browser.map(super::sessions::digest);
        let known = match (&browser_hash, &person) {
            (Some(hash), Some(p)) => sessions::known_browser(conn, hash)?
                .filter(|(owner, failures)| *owner == p.id && *failures < KNOWN_BROWSER_FAILURES),
            _ => None,
        };
        if let Some(until) =
            login_attempts::locked_until(conn, &account_key, ip, now, known.is_some())?
        {
            let seconds = ((until - now).num_milliseconds() + 999).max(1000) / 1000;
            return Ok(Err(LoginProblem::Throttled { seconds }));
        }
        let ok = verify_password(
            password,
            person.as_ref().and_then(|p| p.password_hash.as_deref()),
        );
        login_attempts::record(conn, &account_key, ip, ok, db::utc_now())?;
        match (person, ok) {
            (Some(p), true) => {
                let token = match (&known, browser, &browser_hash) {
                    (Some(_), Some(token), Some(hash)) => {
                        sessions::set_browser_failures(conn, hash, 0)?;
                        token.to_owned()
                    }
                    _ => remember_browser(conn, p.id)?,
                };
                audit::Entry::new("account.login", format!("person:{}", p.id))
                    .actor(p.id)
                    .ip(ip)
                    .record(conn)?;
                login_attempts::prune(conn, now)?;
                sessions::forget_browsers_before(conn, now - TimeDelta::days(KNOWN_BROWSER_DAYS))?;
                Ok(Ok(SignedIn {
                    id: p.id,
                    auth_version: p.auth_version,
                    locale: p.locale,
                    browser: token,
                }))
            }
            _ => {
                if let (Some((_, failures)), Some(hash)) = (known, &browser_hash) {
                    if failures + 1 >= KNOWN_BROWSER_FAILURES {
                        sessions::forget_browser(conn, hash)?;
                    } else {
                        sessions::set_browser_failures(conn, hash, failures + 1)?;
                    }
                }
                Ok(Err(LoginProblem::WrongCredentials))
            }
        }
    })?;
    outcome.map_err(|problem| PlayError::Refused(vec![problem]))
}

/// A person signs out: the audit entry.
pub fn log_out(conn: &mut DbConnection, id: PersonId, ip: &str) -> Result<(), PlayError<()>> {
    write_transaction(conn, |tx| {
        audit::Entry::new("account.logout", format!("person:{id}"))
            .actor(id)
            .ip(ip)
            .record(tx)
    })?;
    Ok(())
}

/// The language a person chose on a page: kept on the account, where the
/// e-mails to the person take theirs from.
pub fn choose_language(
    conn: &mut DbConnection,
    id: PersonId,
    lang: crate::i18n::Lang,
) -> Result<(), PlayError<()>> {
    write_transaction(conn, |tx| people::set_locale(tx, id, lang.code()))?;
    Ok(())
}

/// A person's new password (`hash`, already checked and hashed); every
/// session of the person ends on the server (the caller signs the current
/// browser in again). Returns the new `auth_version`.
pub fn change_password(
    conn: &mut DbConnection,
    id: PersonId,
    hash: &str,
    ip: &str,
) -> Result<i64, PlayError<()>> {
    write_transaction(conn, |conn| {
        let version = people::set_password(conn, id, hash)?;
        sessions::delete_for(conn, id, None)?;
        audit::Entry::new("account.password_changed", format!("person:{id}"))
            .actor(id)
            .ip(ip)
            .record(conn)?;
        Ok(version)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nicks_follow_the_line_up_format() {
        assert!(Nick::parse("Magnus_C").is_ok());
        assert!(Nick::parse("  ab  ").is_ok());
        assert_eq!(Nick::parse(""), Err(msg!("error-required")));
        assert_eq!(Nick::parse("a"), Err(msg!("error-nick-length")));
        assert_eq!(Nick::parse("has space"), Err(msg!("error-nick-chars")));
        assert_eq!(Nick::parse("a,b"), Err(msg!("error-nick-chars")));
        assert_eq!(Nick::parse("_lead"), Err(msg!("error-nick-chars")));
        assert_eq!(Nick::parse("Гроссмейстер"), Err(msg!("error-nick-chars")));
        assert_eq!(Nick::parse(&"a".repeat(31)), Err(msg!("error-nick-length")));
    }

    #[test]
    fn a_record_s_nick_is_its_name_in_latin_letters() {
        let nick = |s: &str| Nick::from_full_name(&FullName::parse(s).unwrap()).0;
        assert_eq!(nick("Иванов Иван"), "ivanov-ivan");
        assert_eq!(nick("Щукина Юлия-Мария"), "shchukina-iuliia-mariia");
        assert_eq!(nick("Anna O'Neil"), "anna-o-neil");
        assert_eq!(nick("Ёж Подъячев Ь"), "ezh-podieiachev");
        assert_eq!(nick("Я"), "ia");
        assert_eq!(nick("Ь"), "player");
        assert_eq!(nick("李"), "player");
        let long = nick("Константинопольский Александр Владимирович");
        assert!(long.chars().count() <= 26, "{long}");
        assert!(Nick::parse(&long).is_ok(), "{long}");
        assert!(!long.ends_with('-'));
    }

    #[test]
    fn emails_and_names() {
        assert!(Email::parse("captain@club.example").is_ok());
        for bad in [
            "no-at", "a@b", "@b.c", "a@b..c", "a b@c.d", "a@b@c.d", "a@.b.c",
        ] {
            assert_eq!(Email::parse(bad), Err(msg!("error-email")), "{bad}");
        }
        assert_eq!(
            FullName::parse("  Анна   Петрова ").map(|n| n.as_str().to_owned()),
            Ok("Анна Петрова".to_owned())
        );
        assert_eq!(FullName::parse("   "), Err(msg!("error-required")));
    }

    #[test]
    fn weak_passwords_are_refused() {
        assert_eq!(
            NewPassword::parse("short", &[]).err(),
            Some(msg!("error-password-short"))
        );
        for common in ["password123", "qwertyuiop", "1234567890", "iloveyou12"] {
            assert_eq!(
                NewPassword::parse(common, &[]).err(),
                Some(msg!("error-password-common")),
                "{common}"
            );
        }
        // Built from the person's own nick: guessable.
        assert_eq!(
            NewPassword::parse("magnus1990", &["magnus"]).err(),
            Some(msg!("error-password-common"))
        );
        assert!(NewPassword::parse("violet-harbor-73-kettle", &[]).is_ok());
    }

    #[test]
    fn hashes_verify_only_the_right_password() {
        let pw = NewPassword::parse("violet-harbor-73-kettle", &[]).expect("strong");
        let hash = hash_password(&pw).expect("hash");
        assert!(hash.starts_with("$argon2id$v=19$m=7168,t=5,p=1$"), "{hash}");
        assert!(verify_password("violet-harbor-73-kettle", Some(&hash)));
        assert!(!verify_password("violet-harbor-73-kettlE", Some(&hash)));
        assert!(!verify_password("violet-harbor-73-kettle", None));
        assert!(!verify_password("x", Some("not a hash")));
        // Salted: the same password hashes differently each time.
        assert_ne!(hash, hash_password(&pw).expect("hash"));
    }

    #[test]
    fn a_hash_made_with_the_earlier_settings_still_verifies() {
        let earlier = Argon2::new(
            argon2::Algorithm::Argon2id,
            argon2::Version::V0x13,
            argon2::Params::new(19 * 1024, 2, 1, None).expect("params"),
        )
        .hash_password(b"violet-harbor-73-kettle")
        .expect("hash")
        .to_string();
        assert!(earlier.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify_password("violet-harbor-73-kettle", Some(&earlier)));
        assert!(!verify_password("violet-harbor-73-kettlE", Some(&earlier)));
    }
}

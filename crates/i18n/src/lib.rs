//! Every user-visible string comes from the Fluent message files in
//! `locales/{ru,en}/` at the workspace's root (compiled into this crate);
//! Russian is the default language. Rust code names a message with
//! [`msg!`] so that the test below can check every key it uses, in every
//! crate of the workspace and in the templates, exists in both languages.
#![forbid(unsafe_code)]

pub mod cite;

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{Loader, static_loader};
use unic_langid::{LanguageIdentifier, langid};

static_loader! {
    static LOCALES = {
        locales: "../../locales",
        fallback_language: "ru",
        // No Unicode isolation marks around arguments: they show up as
        // stray characters in e-mail and plain-text output.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

static RU: LanguageIdentifier = langid!("ru");
static EN: LanguageIdentifier = langid!("en");

/// A message key that must exist in every language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MsgKey(pub &'static str);

/// Names a message key in Rust code (greppable for the completeness test).
#[macro_export]
macro_rules! msg {
    ($key:literal) => {
        $crate::MsgKey($key)
    };
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    Ru,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Ru, Lang::En];

    pub fn code(self) -> &'static str {
        match self {
            Lang::Ru => "ru",
            Lang::En => "en",
        }
    }

    /// Accepts `ru`, `en` and regional forms such as `en-GB`.
    pub fn parse(s: &str) -> Option<Lang> {
        let primary = s.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "ru" => Some(Lang::Ru),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The language of an `Accept-Language` header (RFC 9110 §12.5.4)
    /// that the platform speaks, the highest quality first; `q=0` refuses.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut offered: Vec<(u16, usize, Lang)> = header
            .split(',')
            .enumerate()
            .filter_map(|(i, item)| {
                let mut parts = item.split(';');
                let lang = Lang::parse(parts.next()?)?;
                let q = parts
                    .filter_map(|p| p.trim().strip_prefix("q="))
                    .next()
                    .map_or(Some(1000), |q| {
                        q.trim().parse::<f32>().ok().map(|q| (q * 1000.0) as u16)
                    })?;
                (q > 0).then_some((q, i, lang))
            })
            .collect();
        // Highest quality first; equal qualities keep the header's order.
        offered.sort_by_key(|&(q, i, _)| (std::cmp::Reverse(q), i));
        offered.first().map(|&(_, _, lang)| lang)
    }

    fn id(self) -> &'static LanguageIdentifier {
        match self {
            Lang::Ru => &RU,
            Lang::En => &EN,
        }
    }

    /// The message `key` in this language.
    pub fn t(self, key: &str) -> String {
        LOCALES.lookup(self.id(), key)
    }

    /// The message `key` if this language has one (for keys made from
    /// data, such as a penalty rule's code).
    pub fn t_if_any(self, key: &str) -> Option<String> {
        LOCALES.try_lookup(self.id(), key)
    }

    /// The message `key` with named arguments (`{ $name }` in the file).
    pub fn t_with(self, key: &str, args: &[(&'static str, FluentValue<'static>)]) -> String {
        let args: HashMap<Cow<'static, str>, FluentValue> = args
            .iter()
            .map(|(k, v)| (Cow::Borrowed(*k), v.clone()))
            .collect();
        LOCALES.lookup_with_args(self.id(), key, &args)
    }

    pub fn msg(self, key: MsgKey) -> String {
        self.t(key.0)
    }
}

/// A message with its arguments, kept until the page's language is known
/// (flash messages, field errors).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Message {
    pub key: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<(String, String)>,
    /// Arguments that are themselves messages (a status, a kind, a
    /// side), worded in the reader's language before they are passed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<(String, String)>,
    /// Arguments made of messages (a round's notes, the grounds of a
    /// report), each worded in the reader's language and joined.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lists: Vec<List>,
}

/// A list argument of a [`Message`]: its items and what stands between.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct List {
    pub name: String,
    pub items: Vec<Message>,
    pub separator: String,
}

impl From<MsgKey> for String {
    fn from(key: MsgKey) -> String {
        key.0.to_owned()
    }
}

impl Message {
    pub fn new(key: MsgKey) -> Self {
        Message::of_key(key.0)
    }

    /// The message named by a key made from data (a kind's code, a rule's
    /// label); without arguments, a key without a message reads as itself.
    pub fn of_key(key: impl Into<String>) -> Self {
        Message {
            key: key.into(),
            args: Vec::new(),
            words: Vec::new(),
            lists: Vec::new(),
        }
    }

    pub fn arg(mut self, name: &str, value: impl ToString) -> Self {
        self.args.push((name.to_owned(), value.to_string()));
        self
    }

    /// An argument worded by the message `key` (made from data, such as
    /// `team-status-{status}`); a key without a message is shown as it is.
    pub fn word(mut self, name: &str, key: impl Into<String>) -> Self {
        self.words.push((name.to_owned(), key.into()));
        self
    }

    /// An argument made of `items`, each worded in the reader's language,
    /// joined by `separator`.
    pub fn list(
        mut self,
        name: &str,
        items: impl IntoIterator<Item = Message>,
        separator: &str,
    ) -> Self {
        self.lists.push(List {
            name: name.to_owned(),
            items: items.into_iter().collect(),
            separator: separator.to_owned(),
        });
        self
    }

    pub fn render(&self, lang: Lang) -> String {
        if self.args.is_empty() && self.words.is_empty() && self.lists.is_empty() {
            return lang.t_if_any(&self.key).unwrap_or_else(|| self.key.clone());
        }
        let mut args: HashMap<Cow<'static, str>, FluentValue> = self
            .args
            .iter()
            .map(|(k, v)| {
                // Numbers stay numbers so that plural rules apply — those a
                // Fluent number (an f64) holds exactly; larger ones, such as
                // a lot's seed, are shown as written.
                const EXACT: i64 = 1 << 53;
                let value = match v.parse::<i64>() {
                    Ok(n) if (-EXACT..=EXACT).contains(&n) => FluentValue::from(n),
                    _ => FluentValue::from(v.clone()),
                };
                (Cow::Owned(k.clone()), value)
            })
            .collect();
        for (name, key) in &self.words {
            let text = lang.t_if_any(key).unwrap_or_else(|| key.clone());
            args.insert(Cow::Owned(name.clone()), FluentValue::from(text));
        }
        for list in &self.lists {
            let text = list
                .items
                .iter()
                .map(|m| m.render(lang))
                .collect::<Vec<_>>()
                .join(&list.separator);
            args.insert(Cow::Owned(list.name.clone()), FluentValue::from(text));
        }
        LOCALES.lookup_with_args(lang.id(), &self.key, &args)
    }
}

impl From<MsgKey> for Message {
    fn from(key: MsgKey) -> Self {
        Message::new(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_message_is_defined_twice_in_a_language() {
        for lang in ["ru", "en"] {
            let dir = workspace().join("locales").join(lang);
            let mut seen = std::collections::HashMap::new();
            for file in std::fs::read_dir(&dir).expect("locale dir") {
                let path = file.expect("entry").path();
                let text = std::fs::read_to_string(&path).expect("ftl");
                for line in text.lines() {
                    let Some((key, _)) = line.split_once(" = ") else {
                        continue;
                    };
                    if key.is_empty() || key.starts_with([' ', '#', '*', '[', '.']) {
                        continue;
                    }
                    if let Some(first) = seen.insert(key.to_owned(), path.clone()) {
                        panic!(
                            "{lang}: {key} in {} and {}",
                            first.display(),
                            path.display()
                        );
                    }
                }
            }
        }
    }
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};

    /// The workspace's root, where `locales/`, `src/`, `crates/` and
    /// `templates/` are.
    fn workspace() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    #[test]
    fn a_large_number_is_shown_exactly_and_a_small_one_still_selects_the_plural() {
        let seed = 6_630_081_300_569_541_955_u64;
        let text = Message::new(crate::msg!("note-lot"))
            .arg("seed", seed)
            .render(Lang::En);
        assert!(text.contains(&seed.to_string()), "{text}");
        let one = Message::new(crate::msg!("interrupt-done"))
            .arg("count", 1)
            .render(Lang::En);
        assert!(one.starts_with("One game"), "{one}");
    }

    fn ftl_keys(lang: &str) -> BTreeSet<String> {
        let dir = workspace().join("locales").join(lang);
        let mut keys = BTreeSet::new();
        for entry in std::fs::read_dir(&dir).expect("locale dir") {
            let text = std::fs::read_to_string(entry.expect("entry").path()).expect("ftl");
            for line in text.lines() {
                if let Some((id, _)) = line.split_once('=') {
                    let id = id.trim_end();
                    if !id.is_empty()
                        && !line.starts_with([' ', '#', '.', '*', '[', '}'])
                        && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    {
                        keys.insert(id.to_owned());
                    }
                }
            }
        }
        keys
    }

    /// Every `prefix"key"` occurrence in the files below `dir` with `ext`.
    fn used_keys(dir: &Path, ext: &str, prefixes: &[&str], out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).expect("dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                used_keys(&path, ext, prefixes, out);
            } else if path.extension().is_some_and(|e| e == ext) {
                let text = std::fs::read_to_string(&path).expect("source");
                for prefix in prefixes {
                    for (i, _) in text.match_indices(prefix) {
                        let rest = &text[i + prefix.len()..];
                        if let Some(end) = rest.find('"') {
                            out.insert(rest[..end].to_owned());
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn both_languages_have_the_same_keys() {
        let ru = ftl_keys("ru");
        let en = ftl_keys("en");
        assert!(ru.len() > 20, "few keys parsed: {ru:?}");
        let only_ru: Vec<_> = ru.difference(&en).collect();
        let only_en: Vec<_> = en.difference(&ru).collect();
        assert!(only_ru.is_empty(), "missing in en: {only_ru:?}");
        assert!(only_en.is_empty(), "missing in ru: {only_en:?}");
    }

    #[test]
    fn every_key_used_in_code_and_templates_exists_in_both_languages() {
        let root = workspace();
        let mut used = BTreeSet::new();
        for code in ["src", "crates"] {
            used_keys(
                &root.join(code),
                "rs",
                &["msg!(\"", ".t(\"", ".t1(\""],
                &mut used,
            );
        }
        used_keys(
            &root.join("templates"),
            "html",
            &[".t(\"", ".t1(\""],
            &mut used,
        );
        assert!(used.len() > 20, "few keys found: {used:?}");
        used.remove("key"); // the macro's own doc example
        for lang in ["ru", "en"] {
            let have = ftl_keys(lang);
            let missing: Vec<_> = used.difference(&have).collect();
            assert!(missing.is_empty(), "missing in {lang}: {missing:?}");
        }
    }

    #[test]
    fn accept_language_picks_the_best_spoken_language() {
        assert_eq!(Lang::from_accept_language("en-GB,en;q=0.9"), Some(Lang::En));
        assert_eq!(
            Lang::from_accept_language("de-DE,de;q=0.9,ru;q=0.5,en;q=0.4"),
            Some(Lang::Ru)
        );
        assert_eq!(
            Lang::from_accept_language("ru;q=0.3, en;q=0.8"),
            Some(Lang::En)
        );
        assert_eq!(Lang::from_accept_language("en;q=0, ru"), Some(Lang::Ru));
        assert_eq!(Lang::from_accept_language("fr, de"), None);
        assert_eq!(Lang::from_accept_language("*"), None);
        assert_eq!(Lang::from_accept_language(""), None);
    }

    #[test]
    fn a_list_argument_is_worded_item_by_item_and_survives_storage() {
        let m = Message::new(msg!("audit-check-in-refused"))
            .arg("tournament", 3)
            .arg("nick", "Ann")
            .list(
                "reasons",
                [
                    Message::new(msg!("checkin-unmet-passport")),
                    Message::of_key("no-such-message"),
                ],
                ", ",
            );
        let stored: Message =
            serde_json::from_str(&serde_json::to_string(&m).expect("json")).expect("back");
        assert_eq!(stored, m);
        for lang in Lang::ALL {
            let text = stored.render(lang);
            let passport = lang.t("checkin-unmet-passport");
            assert!(
                text.ends_with(&format!("{passport}, no-such-message")),
                "{text}"
            );
            assert!(text.contains("Ann"), "{text}");
        }
        assert_ne!(m.render(Lang::Ru), m.render(Lang::En));
    }

    #[test]
    fn lookups_differ_by_language_and_take_arguments() {
        assert_eq!(Lang::Ru.t("nav-login"), "Вход");
        assert_eq!(Lang::En.t("nav-login"), "Sign in");
        let m = Message::new(msg!("login-throttled")).arg("minutes", 3);
        assert!(
            m.render(Lang::En).contains("3 minutes"),
            "{}",
            m.render(Lang::En)
        );
        assert!(
            m.render(Lang::Ru).contains("3 минуты"),
            "{}",
            m.render(Lang::Ru)
        );
        let m = Message::new(msg!("login-throttled")).arg("minutes", 5);
        assert!(
            m.render(Lang::Ru).contains("5 минут"),
            "{}",
            m.render(Lang::Ru)
        );
    }

    #[test]
    fn language_codes_parse() {
        assert_eq!(Lang::parse("en-GB"), Some(Lang::En));
        assert_eq!(Lang::parse("RU"), Some(Lang::Ru));
        assert_eq!(Lang::parse("de"), None);
    }
}

//! Acting on many rows at once: a list's checkboxes (all named
//! [`PICK`], each holding a row's id, tied to one form by its `form`
//! attribute so they can sit beside each row's own form), and the outcome
//! told in one flash per kind: done, unchanged (the same decision again
//! changes nothing and sends nothing), refused with the reason. Pages
//! without JavaScript select all by a box [`EVERY`]: ticked, the form acts
//! on every row the list showed (each also sent as [`LISTED`]).

use std::str::FromStr;

use actix_session::Session;
use serde::Deserialize;

use crate::i18n::{Message, MsgKey};
use crate::msg;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::TextRules;
use crate::web::infra::session::{AppSession, FlashLevel};

/// The checkbox name of every bulk list.
pub const PICK: &str = "pick";
/// A list's hidden field per row shown, for [`EVERY`].
pub const LISTED: &str = "listed";
/// The box "every row listed" of a bulk form.
pub const EVERY: &str = "every";

/// A bulk form as sent: the picked ids and the form's own fields (a
/// decision, a reason, a date).
#[derive(Debug, Default, Deserialize)]
#[serde(transparent)]
pub struct BulkForm(Vec<(String, String)>);

impl TextRules for BulkForm {
    const LONG_LINES: &'static [(&'static str, usize)] = &[("reason", 500), ("note", 500)];
}

impl BulkForm {
    /// The value of a field of the form ("" when absent).
    pub fn get(&self, name: &str) -> &str {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map_or("", |(_, v)| v.as_str())
    }

    /// Which button of the form was pressed (the field `name`), among
    /// `choices`; any other value is a request no page sends.
    pub fn choice<T: Copy>(
        &self,
        name: &str,
        choices: &[(&str, T)],
        unknown: MsgKey,
    ) -> Result<T, AppError> {
        let value = self.get(name);
        choices
            .iter()
            .find(|(v, _)| *v == value)
            .map(|(_, t)| *t)
            .ok_or(AppError::BadRequest(unknown))
    }

    /// The ids picked, each once, in the order of the list. A value that is
    /// not an id is a request no page sends.
    pub fn picked<T: FromStr + PartialEq>(&self) -> Result<Vec<T>, AppError> {
        let field = if self.get(EVERY).is_empty() {
            PICK
        } else {
            LISTED
        };
        let mut out: Vec<T> = Vec::new();
        for (_, v) in self.0.iter().filter(|(n, _)| n == field) {
            let id = v
                .trim()
                .parse()
                .map_err(|_| AppError::BadRequest(msg!("error-400-detail")))?;
            if !out.contains(&id) {
                out.push(id);
            }
        }
        Ok(out)
    }
}

/// What a bulk action did, row by row (each named as the list names it).
#[derive(Debug, Default)]
pub struct Outcome {
    pub done: Vec<String>,
    pub unchanged: Vec<String>,
    /// Name and the reason, in the page's language.
    pub refused: Vec<(String, String)>,
}

impl Outcome {
    /// From rows that either changed or were so already.
    pub fn of_changes(rows: impl IntoIterator<Item = (String, bool)>) -> Outcome {
        let mut outcome = Outcome::default();
        for (name, changed) in rows {
            if changed {
                outcome.done.push(name);
            } else {
                outcome.unchanged.push(name);
            }
        }
        outcome
    }

    /// One flash per kind of outcome; `done` words what was done
    /// (`$count`, `$names`).
    pub fn flash(&self, session: &Session, done: MsgKey) {
        let s = AppSession(session);
        if self.done.is_empty() && self.unchanged.is_empty() && self.refused.is_empty() {
            s.flash(FlashLevel::Error, msg!("bulk-none-picked"));
            return;
        }
        if !self.done.is_empty() {
            s.flash(
                FlashLevel::Success,
                Message::new(done)
                    .arg("count", self.done.len())
                    .arg("names", self.done.join(", ")),
            );
        }
        if !self.unchanged.is_empty() {
            s.flash(
                FlashLevel::Info,
                Message::new(msg!("bulk-unchanged"))
                    .arg("count", self.unchanged.len())
                    .arg("names", self.unchanged.join(", ")),
            );
        }
        if !self.refused.is_empty() {
            let list = self
                .refused
                .iter()
                .map(|(name, why)| format!("{name}: {why}"))
                .collect::<Vec<_>>()
                .join("; ");
            s.flash(
                FlashLevel::Error,
                Message::new(msg!("bulk-refused"))
                    .arg("count", self.refused.len())
                    .arg("list", list),
            );
        }
    }
}

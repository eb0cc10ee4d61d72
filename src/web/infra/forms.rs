//! One generic form page: fields with their labels, kept values and errors
//! next to them. Sign-up, login and password change are all this page.

use askama::Template;

use crate::i18n::{Message, MsgKey};
use crate::web::infra::ctx::PageCtx;

/// Errors of a submitted form, by field name.
#[derive(Debug, Default)]
pub struct FieldErrors(Vec<(&'static str, Message)>);

impl FieldErrors {
    pub fn add(&mut self, field: &'static str, message: impl Into<Message>) {
        // One message per field: the first problem found.
        if self.get(field).is_none() {
            self.0.push((field, message.into()));
        }
    }

    /// Records the error of a parse result and returns its value.
    pub fn check<T>(&mut self, field: &'static str, parsed: Result<T, MsgKey>) -> Option<T> {
        match parsed {
            Ok(v) => Some(v),
            Err(key) => {
                self.add(field, key);
                None
            }
        }
    }

    pub fn get(&self, field: &str) -> Option<&Message> {
        self.0.iter().find(|(f, _)| *f == field).map(|(_, m)| m)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

pub struct Field {
    pub name: &'static str,
    pub label: String,
    /// The input type: text, email, password.
    pub kind: &'static str,
    pub value: String,
    pub autocomplete: &'static str,
    pub hint: Option<String>,
    pub error: Option<String>,
    /// For `kind == "select"`: (value, label) pairs.
    pub options: Vec<(String, String)>,
}

impl Field {
    pub fn new(ctx: &PageCtx, name: &'static str, label: MsgKey, kind: &'static str) -> Field {
        Field {
            name,
            label: ctx.lang.msg(label),
            kind,
            value: String::new(),
            autocomplete: "off",
            hint: None,
            error: None,
            options: Vec::new(),
        }
    }

    /// A drop-down list; `value` selects the option with that value.
    pub fn options(mut self, options: Vec<(String, String)>) -> Field {
        self.kind = "select";
        self.options = options;
        self
    }

    pub fn value(mut self, value: &str) -> Field {
        // Passwords are never sent back to the browser.
        if self.kind != "password" {
            self.value = value.to_owned();
        }
        self
    }

    pub fn autocomplete(mut self, token: &'static str) -> Field {
        self.autocomplete = token;
        self
    }

    pub fn hint(mut self, hint: String) -> Field {
        self.hint = Some(hint);
        self
    }

    pub fn errors(mut self, ctx: &PageCtx, errors: &FieldErrors) -> Field {
        self.error = errors.get(self.name).map(|m| ctx.render(m));
        self
    }
}

#[derive(Template)]
#[template(path = "form.html")]
pub struct FormPage {
    pub ctx: PageCtx,
    pub title: String,
    pub intro: Option<String>,
    pub action: String,
    pub fields: Vec<Field>,
    pub hidden: Vec<(&'static str, String)>,
    pub submit: String,
    /// A problem with the form as a whole (wrong password, throttled).
    pub error: Option<String>,
    pub links: Vec<(String, String)>,
}

/// One small form of a page (a single field or two), with what was typed
/// and the refusal beside its field.
#[derive(Default)]
pub struct Inline {
    pub values: Vec<(&'static str, String)>,
    pub error: Option<String>,
    /// The field the error belongs beside.
    pub field: &'static str,
}

impl Inline {
    /// The error, if it belongs beside the field `name`.
    pub fn error_for(&self, name: &str) -> Option<&str> {
        self.error.as_deref().filter(|_| self.field == name)
    }

    pub fn value(&self, name: &str) -> &str {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map_or("", |(_, v)| v.as_str())
    }
}

//! Forms: the text check every submitted form passes at the edge
//! ([`Form`]), the errors beside their fields, and one generic form page
//! (sign-up, login and password change are all this page).

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use askama::Template;
use serde::de::DeserializeOwned;

use crate::i18n::{Message, MsgKey};
use crate::msg;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::{AppError, form_error};

/// The longest one-line value a form takes unless its [`TextRules`] say
/// otherwise: names, mottos, reasons, ids, choices.
pub const LINE_MAX: usize = 200;

/// What a form's fields may hold. One-line fields refuse every control
/// character (tab and newline included: a browser's one-line input never
/// sends them); multi-line fields (`BLOCKS`) allow tab and newline (CR LF
/// as browsers send it). Both refuse NUL, the other C0 controls and DEL,
/// and anything longer than its limit, in characters.
pub trait TextRules {
    /// Multi-line fields and their longest value.
    const BLOCKS: &'static [(&'static str, usize)] = &[];
    /// One-line fields longer than [`LINE_MAX`], and their longest value.
    const LONG_LINES: &'static [(&'static str, usize)] = &[];
    /// Fields nobody types, which the handler checks by a rule of their
    /// own that already refuses control characters (a `next` path goes
    /// through `respond::local_path`: anything odd is the home page).
    /// Only their length is checked here.
    const OWN_CHECK: &'static [&'static str] = &[];
}

/// A moment typed in a start field ("2026-12-04 18:30", 24-hour; the
/// `datetime-local` form "2026-12-04T18:30" reads too), read in the
/// championship's zone `tz`, in UTC; `None` when it does not read or the
/// zone skips that hour.
pub fn utc_of_local(typed: &str, tz: chrono_tz::Tz) -> Option<chrono::NaiveDateTime> {
    use chrono::TimeZone;
    let typed = typed.trim();
    ["%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M"]
        .iter()
        .find_map(|f| chrono::NaiveDateTime::parse_from_str(typed, f).ok())
        .and_then(|local| tz.from_local_datetime(&local).earliest())
        .map(|at| at.naive_utc())
}

/// What is wrong with a typed value, if anything: the message for beside
/// its field.
pub fn text_problem(value: &str, multiline: bool, max_chars: usize) -> Option<Message> {
    let allowed = |c: char| multiline && matches!(c, '\n' | '\r' | '\t');
    if value.chars().any(|c| c.is_control() && !allowed(c)) {
        return Some(msg!("error-control-characters").into());
    }
    length_problem(value, max_chars)
}

fn length_problem(value: &str, max_chars: usize) -> Option<Message> {
    (value.chars().count() > max_chars)
        .then(|| Message::new(msg!("error-too-long")).arg("max", max_chars as i64))
}

/// A form body (`application/x-www-form-urlencoded`) whose every field has
/// passed [`text_problem`] under `T`'s [`TextRules`]. A handler either
/// takes it whole ([`Form::into_inner`]: any problem refuses the request
/// with a page that names the fields), or takes the value and the problems
/// to show beside their fields on its own page ([`Form::into_parts`]; the
/// value then holds what was typed without the refused characters, so
/// nothing else is lost).
/// A form whose one field is the box that confirms an action that cannot
/// be taken back (finishing a tournament, deciding a case). The page marks
/// the box `required`; the handler refuses without it.
#[derive(Debug, Default, serde::Deserialize)]
pub struct Confirm {
    #[serde(default)]
    pub confirm: String,
}

impl TextRules for Confirm {}

impl Confirm {
    pub fn given(&self) -> bool {
        !self.confirm.trim().is_empty()
    }
}

pub struct Form<T> {
    value: T,
    problems: FieldErrors,
}

impl<T> Form<T> {
    pub fn into_inner(self) -> Result<T, AppError> {
        if self.problems.is_empty() {
            Ok(self.value)
        } else {
            Err(AppError::Text(self.problems.0))
        }
    }

    pub fn into_parts(self) -> (T, FieldErrors) {
        (self.value, self.problems)
    }
}

impl<T: DeserializeOwned + TextRules + 'static> FromRequest for Form<T> {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, AppError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let pairs = web::Form::<Vec<(String, String)>>::from_request(req, payload);
        Box::pin(async move {
            let pairs = match pairs.await {
                Ok(pairs) => pairs.into_inner(),
                // The form config's handler has already made the error a
                // page error (`error::form_error`); keep its kind.
                Err(e) => {
                    return Err(match e.as_error::<actix_web::error::UrlencodedError>() {
                        Some(e) => form_error(e),
                        None if e.as_response_error().status_code()
                            == actix_web::http::StatusCode::PAYLOAD_TOO_LARGE =>
                        {
                            AppError::TooLarge
                        }
                        None => AppError::BadRequest(msg!("error-form-unreadable")),
                    });
                }
            };
            let mut problems = FieldErrors::default();
            let cleaned: Vec<(String, String)> = pairs
                .into_iter()
                .map(|(name, value)| {
                    let block = T::BLOCKS.iter().find(|(n, _)| *n == name);
                    let max = block
                        .or_else(|| T::LONG_LINES.iter().find(|(n, _)| *n == name))
                        .map_or(LINE_MAX, |(_, max)| *max);
                    let own = T::OWN_CHECK.contains(&name.as_str());
                    let problem = if own {
                        length_problem(&value, max)
                    } else {
                        text_problem(&value, block.is_some(), max)
                    };
                    match problem {
                        None => (name, value),
                        Some(problem) => {
                            problems.add(&name, problem);
                            let kept = value
                                .chars()
                                .filter(|c| {
                                    !c.is_control() || block.is_some() && "\n\r\t".contains(*c)
                                })
                                .take(max)
                                .collect();
                            (name, kept)
                        }
                    }
                })
                .collect();
            let encoded = serde_urlencoded::to_string(&cleaned)
                .map_err(|e| AppError::Internal(e.to_string()))?;
            let value = serde_urlencoded::from_str::<T>(&encoded)
                .map_err(|_| AppError::BadRequest(msg!("error-form-unreadable")))?;
            Ok(Form { value, problems })
        })
    }
}

/// Errors of a submitted form, by field name.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct FieldErrors(Vec<(String, Message)>);

impl FieldErrors {
    pub fn add(&mut self, field: &str, message: impl Into<Message>) {
        // One message per field: the first problem found.
        if self.get(field).is_none() {
            self.0.push((field.to_owned(), message.into()));
        }
    }

    /// Adds `other`'s errors for the fields that have none yet.
    pub fn merge(&mut self, other: FieldErrors) {
        for (field, message) in other.0 {
            self.add(&field, message);
        }
    }

    /// The first problem among `fields`, with the field's name as given.
    pub fn first_of(&self, fields: &[&'static str]) -> Option<(&'static str, &Message)> {
        fields
            .iter()
            .find_map(|f| self.get(f).map(|message| (*f, message)))
    }

    /// The first problem and its field.
    pub fn first(&self) -> Option<(&str, &Message)> {
        self.0.first().map(|(f, m)| (f.as_str(), m))
    }

    /// Records the error of a parse result and returns its value.
    pub fn check<T>(&mut self, field: &str, parsed: Result<T, MsgKey>) -> Option<T> {
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

/// Forms read as plain pairs (line-ups, opt-in lists): one-line fields.
impl TextRules for Vec<(String, String)> {}
impl TextRules for std::collections::HashMap<String, String> {}

//! Reading a multipart form that carries one file (field `file`) and a few
//! short text fields, with the file's size limit enforced while reading:
//! the document uploads and the TRF import share it.

use actix_multipart::Multipart;
use futures_util::StreamExt;

use crate::msg;
use crate::web::infra::error::AppError;

/// Longest value kept of a text field; longer ones are cut off there.
const TEXT_LIMIT: usize = 256;
/// Past the file's limit the rest of the body is read and dropped, so the
/// browser sees our answer; but not for ever: this far past the limit the
/// request is cut off with 413.
const DRAIN_LIMIT: u64 = 16 * 1024 * 1024;

/// The field of a text pasted in place of the file.
pub const PASTED: &str = "pasted";

/// What the multipart body held.
#[derive(Debug, Default)]
pub struct Received {
    /// The file's name as the browser gave it.
    pub file_name: String,
    /// The file, empty when it was over the limit.
    pub bytes: Vec<u8>,
    pub too_large: bool,
    /// The `pasted` field: a file's text pasted instead of uploaded, read
    /// under the file's limit.
    pub pasted: Vec<u8>,
    texts: Vec<(&'static str, String)>,
}

impl Received {
    /// A text field's value, trimmed; empty when it was not sent.
    pub fn text(&self, name: &str) -> &str {
        self.texts
            .iter()
            .find(|(n, _)| *n == name)
            .map_or("", |(_, v)| v.as_str())
    }
}

/// Reads the body: the `file` field up to `max` bytes, the text fields
/// named in `fields`; anything else is read and dropped.
pub async fn receive(
    mut payload: Multipart,
    max: u64,
    fields: &[&'static str],
) -> Result<Received, AppError> {
    let malformed = |_| AppError::BadRequest(msg!("document-error-malformed"));
    let mut got = Received::default();
    let mut dropped: u64 = 0;
    while let Some(field) = payload.next().await {
        let mut field = field.map_err(malformed)?;
        let name = field.name().unwrap_or_default().to_owned();
        let text_field = fields.iter().copied().find(|f| *f == name);
        if name == "file" {
            // The browser's name for the file is kept for display and the
            // download's name: without control characters, and not longer
            // than a name field.
            got.file_name = field
                .content_disposition()
                .and_then(|cd| cd.get_filename())
                .unwrap_or_default()
                .chars()
                .filter(|c| !c.is_control())
                .take(crate::web::infra::forms::LINE_MAX)
                .collect();
        }
        let mut text = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(malformed)?;
            if name == "file" && !got.too_large {
                if (got.bytes.len() + chunk.len()) as u64 > max {
                    // Keep reading (and dropping) the rest, so that the
                    // client gets our answer; memory stays bounded.
                    got.too_large = true;
                    got.bytes = Vec::new();
                } else {
                    got.bytes.extend_from_slice(&chunk);
                }
            } else if name == PASTED && !got.too_large {
                if (got.pasted.len() + chunk.len()) as u64 > max {
                    got.too_large = true;
                    got.pasted = Vec::new();
                } else {
                    got.pasted.extend_from_slice(&chunk);
                }
            } else if text_field.is_some() && text.len() + chunk.len() <= TEXT_LIMIT {
                text.extend_from_slice(&chunk);
            } else {
                dropped += chunk.len() as u64;
                if dropped > max.saturating_add(DRAIN_LIMIT) {
                    return Err(AppError::TooLarge);
                }
            }
        }
        if let Some(f) = text_field {
            // These fields are choices and dates, never typed text: a
            // control character in one is dropped, and the value then
            // fails its own check like any other wrong choice.
            let value: String = String::from_utf8_lossy(&text)
                .chars()
                .filter(|c| !c.is_control())
                .collect();
            got.texts.push((f, value.trim().to_owned()));
        }
    }
    Ok(got)
}

//! How long the platform keeps what it stores: the operator's purge of old
//! eligibility documents (`league documents purge`).

use chrono::NaiveDate;

use super::PlayError;
use crate::db::documents::{self, Purged};
use crate::db::{DbConnection, audit, write_transaction};

/// Removes every document uploaded before the day `before` (UTC), audited
/// with the command that asked for it; returns how many documents and
/// bytes went.
pub fn purge_documents(
    conn: &mut DbConnection,
    before: NaiveDate,
) -> Result<Purged, PlayError<()>> {
    let cutoff = before.and_time(chrono::NaiveTime::MIN);
    write_transaction(conn, |conn| {
        let purged = documents::purge_before(conn, cutoff)?;
        audit::Entry::new("document.purge", "documents")
            .detail(format!(
                "league documents purge --before {before}: {} document(s), {} bytes removed",
                purged.documents, purged.bytes
            ))
            .record(conn)?;
        Ok(purged)
    })
}

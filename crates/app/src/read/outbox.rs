//! The outbox page's read model: the mails the viewer may see, newest
//! first, each with the time zone of its championship.

use std::collections::HashMap;

use crate::db::outbox::{self, OutboxRow};
use crate::db::{self, DbConnection, QueryError};
use crate::ids::PersonId;

/// One mail and the zone its times are shown in (its championship's; UTC
/// for a mail of no championship).
pub struct Listed {
    pub row: OutboxRow,
    pub tz: chrono_tz::Tz,
}

/// The mails of the championships the viewer organizes (every mail for an
/// administrator), at most `limit`.
pub struct OutboxList {
    pub mails: Vec<Listed>,
}

impl OutboxList {
    pub fn load(
        conn: &mut DbConnection,
        viewer: PersonId,
        admin: bool,
        limit: i64,
    ) -> Result<OutboxList, QueryError> {
        let scope = crate::outbox::scope(conn, viewer, admin)?;
        let rows = outbox::list(conn, scope.as_deref(), limit)?;
        let mut zones = HashMap::new();
        let mut mails = Vec::with_capacity(rows.len());
        for row in rows {
            let tz = match row.championship_id {
                None => chrono_tz::UTC,
                Some(c) => match zones.get(&c) {
                    Some(&tz) => tz,
                    None => {
                        let tz = db::championships::by_id(conn, c)?
                            .map_or(chrono_tz::UTC, |found| found.tz());
                        zones.insert(c, tz);
                        tz
                    }
                },
            };
            mails.push(Listed { row, tz });
        }
        Ok(OutboxList { mails })
    }
}

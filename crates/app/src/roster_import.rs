//! A roster typed once elsewhere: a CSV file or rows pasted from a
//! spreadsheet (full name; nick; e-mail; employer; employed since — all
//! but the name optional), entered on a team as records
//! without accounts (`teams::add_player`, row by row). The preview runs the
//! very same entries in a transaction that is always rolled back, so what
//! it promises is what the confirmation does; the confirmation stores every
//! row or none.

use chrono::NaiveDateTime;

use super::accounts::{Email, FullName, Nick};
use super::teams::{Added, Adding, NewPlayer, TeamError, TeamProblem, add_one, adding_to};
use crate::db::{DbConnection, QueryError};
use crate::i18n::MsgKey;
use crate::ids::{PersonId, TeamId};

/// The most rows one import takes (R-1.4: 20 teams of 3; E-11: 5 a team).
pub const MAX_ROWS: usize = 200;

/// One row of the import as read, and what entering it did or would do.
#[derive(Debug, Clone)]
pub struct Row {
    pub read: ReadRow,
    pub outcome: Result<String, RowProblem>,
}

/// One row as read, before it is entered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadRow {
    /// The row's line in what was sent (1-based, the header counted).
    pub line: usize,
    pub full_name: String,
    pub nick: String,
    pub email: String,
    /// The employer as the platform names the organization (R-2.1, E-12).
    pub employer: String,
    /// The first day employed there, as typed.
    pub since: String,
}

/// Why a row cannot be entered.
#[derive(Debug, Clone, PartialEq)]
pub enum RowProblem {
    /// A field's value is not one (`field`: full_name, nick, email,
    /// employer, since).
    Field { field: &'static str, key: MsgKey },
    /// The roster's rules refuse it (a namesake on a roster, a full
    /// roster, a nick or address someone has).
    Team(TeamProblem),
}

/// What an import sent: its rows, whether they were stored.
#[derive(Debug, Clone)]
pub struct Import {
    pub rows: Vec<Row>,
    pub stored: bool,
}

impl Import {
    pub fn problems(&self) -> usize {
        self.rows.iter().filter(|r| r.outcome.is_err()).count()
    }
}

/// Why the import as a whole was refused.
#[derive(Debug)]
pub enum ImportError {
    Team(TeamError),
    /// Nothing to import, or more than [`MAX_ROWS`] rows.
    Rows {
        found: usize,
    },
}

impl From<QueryError> for ImportError {
    fn from(e: QueryError) -> Self {
        ImportError::Team(TeamError::Db(e))
    }
}

/// Reads `text` (CSV with `,` or `;`, or tab-separated rows pasted from a
/// spreadsheet; quotes as CSV has them): full name, nick, e-mail, employer,
/// employed since, all but the first optional. A first row whose first
/// cell names the column (ФИО, Имя, Name) is a header.
pub fn read_rows(text: &str) -> Vec<ReadRow> {
    let delimiter = crate::rules::text::delimiter_of(text);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for record in reader.records() {
        let Ok(record) = record else { continue };
        let line = record.position().map_or(0, |p| p.line() as usize);
        let cell = |i: usize| record.get(i).unwrap_or("").trim().to_owned();
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let head = cell(0).to_lowercase();
        if rows.is_empty()
            && ["фио", "имя", "name", "full name", "имя и фамилия"].contains(&head.as_str())
        {
            continue;
        }
        rows.push(ReadRow {
            line,
            full_name: cell(0),
            nick: cell(1),
            email: cell(2),
            employer: cell(3),
            since: cell(4),
        });
    }
    rows
}

/// Enters the rows of `text` on `team` as `by` would one by one; with
/// `confirm` and no row refused they are stored, otherwise nothing is.
#[allow(clippy::too_many_arguments)]
pub fn import(
    conn: &mut DbConnection,
    team: TeamId,
    text: &str,
    by: (PersonId, bool),
    ip: &str,
    at: NaiveDateTime,
    confirm: bool,
) -> Result<Import, ImportError> {
    let read = read_rows(text);
    if read.is_empty() || read.len() > MAX_ROWS {
        return Err(ImportError::Rows { found: read.len() });
    }
    // The rows' entries run in one transaction; a preview, or any refused
    // row, ends in this error, which rolls every one back.
    enum Outcome {
        RolledBack(Vec<Row>),
        Failed(ImportError),
    }
    impl From<QueryError> for Outcome {
        fn from(e: QueryError) -> Self {
            Outcome::Failed(e.into())
        }
    }
    let result = crate::db::write_transaction(conn, |tx| {
        let adding =
            adding_to(tx, team, by, at).map_err(|e| Outcome::Failed(ImportError::Team(e)))?;
        let mut rows = Vec::with_capacity(read.len());
        for row in read {
            let outcome = entered(tx, &adding, &row, by, ip, at).map_err(|e| match e {
                Entered::Problem(p) => Ok(p),
                Entered::Failed(e) => Err(e),
            });
            let outcome = match outcome {
                Ok(added) => Ok(added.nick),
                Err(Ok(problem)) => Err(problem),
                Err(Err(e)) => return Err(Outcome::Failed(ImportError::Team(e))),
            };
            rows.push(Row { read: row, outcome });
        }
        if confirm && rows.iter().all(|r| r.outcome.is_ok()) {
            Ok(rows)
        } else {
            Err(Outcome::RolledBack(rows))
        }
    });
    match result {
        Ok(rows) => Ok(Import { rows, stored: true }),
        Err(Outcome::RolledBack(rows)) => Ok(Import {
            rows,
            stored: false,
        }),
        Err(Outcome::Failed(e)) => Err(e),
    }
}

enum Entered {
    Problem(RowProblem),
    Failed(TeamError),
}

/// One row's values checked, then entered as [`add_one`] enters a player;
/// an employer named adds an employment record from the date given, for
/// an organizer to confirm (R-2.1, E-12).
#[allow(clippy::too_many_arguments)]
fn entered(
    tx: &mut crate::db::WriteTx<'_>,
    adding: &Adding,
    row: &ReadRow,
    by: (PersonId, bool),
    ip: &str,
    at: NaiveDateTime,
) -> Result<Added, Entered> {
    let field =
        |field: &'static str| move |key: MsgKey| Entered::Problem(RowProblem::Field { field, key });
    let full_name = FullName::parse(&row.full_name).map_err(field("full_name"))?;
    let nick = match row.nick.as_str() {
        "" => None,
        typed => Some(Nick::parse(typed).map_err(field("nick"))?),
    };
    let email = match row.email.as_str() {
        "" => None,
        typed => Some(Email::parse(typed).map_err(field("email"))?),
    };
    let employment = match (row.employer.as_str(), row.since.as_str()) {
        ("", "") => None,
        ("", _) => {
            return Err(field("employer")(crate::msg!(
                "roster-import-error-employer-missing"
            )));
        }
        (name, since) => {
            let key = crate::rules::roster::name_key(name);
            let found = crate::db::organizations::by_name_key(tx, &key)
                .map_err(|e| Entered::Failed(TeamError::Db(e)))?;
            let o = found
                .ok_or_else(|| field("employer")(crate::msg!("roster-import-error-employer")))?;
            let from = crate::rules::text::read_date(since)
                .ok_or_else(|| field("since")(crate::msg!("error-date")))?;
            Some((o, from))
        }
    };
    let new = NewPlayer {
        team: adding.team.id,
        full_name: &full_name,
        nick: nick.as_ref(),
        email: email.as_ref(),
        // Club membership is confirmed one by one (G-A7).
        club_member: false,
        by,
        ip,
    };
    let added = add_one(tx, adding, &new, at).map_err(|e| match e {
        TeamError::Refused(p) => Entered::Problem(RowProblem::Team(p)),
        e => Entered::Failed(e),
    })?;
    if let Some((o, from)) = employment {
        crate::people::record_employment(tx, added.person, &o, (from, None), by.0, ip, at)
            .map_err(|e| Entered::Failed(TeamError::Db(e)))?;
    }
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::{ReadRow, read_rows};
    use crate::rules::text::read_date;

    #[test]
    fn rows_are_read_from_csv_and_from_a_pasted_sheet() {
        let csv = "ФИО,Ник,Почта\n\"Иванов, Иван\",,ivan@x.example\nПетрова Анна;;\n\n";
        let rows = read_rows(csv);
        assert_eq!(
            rows[0],
            ReadRow {
                line: 2,
                full_name: "Иванов, Иван".into(),
                email: "ivan@x.example".into(),
                ..ReadRow::default()
            }
        );
        assert_eq!(rows.len(), 2);
        let sheet = "Сидоров Пётр\tpetr\t\nОрлова Мария\t\tmaria@x.example\n";
        let rows = read_rows(sheet);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].nick, "petr");
        assert_eq!(rows[1].email, "maria@x.example");
        let semicolons = "Белов Олег;oleg;oleg@x.example;АО Протон;15.01.2024";
        let row = &read_rows(semicolons)[0];
        assert_eq!(row.full_name, "Белов Олег");
        assert_eq!(
            (row.employer.as_str(), row.since.as_str()),
            ("АО Протон", "15.01.2024")
        );
    }

    #[test]
    fn employment_dates_read_as_spreadsheets_write_them() {
        let day = chrono::NaiveDate::from_ymd_opt(2024, 1, 15);
        assert_eq!(read_date("2024-01-15"), day);
        assert_eq!(read_date("15.01.2024"), day);
        assert_eq!(read_date("15/01/2024"), None);
    }
}

//! A roster typed once elsewhere: a CSV file or rows pasted from a
//! spreadsheet (full name; nick; e-mail), entered on a team as records
//! without accounts (`teams::add_player`, row by row). The preview runs the
//! very same entries in a transaction that is always rolled back, so what
//! it promises is what the confirmation does; the confirmation stores every
//! row or none.

use chrono::NaiveDateTime;

use super::accounts::{Email, FullName, Nick};
use super::teams::{Added, NewPlayer, TeamError, TeamProblem, add_one, adding_to};
use crate::db::{DbConnection, QueryError};
use crate::i18n::MsgKey;
use crate::ids::{PersonId, TeamId};

/// The most rows one import takes (R-1.4: 20 teams of 3; E-11: 5 a team).
pub const MAX_ROWS: usize = 200;

/// One row of the import as read, and what entering it did or would do.
#[derive(Debug, Clone)]
pub struct Row {
    /// The row's line in what was sent (1-based, the header counted).
    pub line: usize,
    pub full_name: String,
    pub nick: String,
    pub email: String,
    pub outcome: Result<String, RowProblem>,
}

/// Why a row cannot be entered.
#[derive(Debug, Clone, PartialEq)]
pub enum RowProblem {
    /// A field's value is not one (`field`: full_name, nick, email).
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
/// spreadsheet; quotes as CSV has them): full name, nick, e-mail, the last
/// two optional. A first row whose first cell names the column (ФИО, Имя,
/// Name) is a header.
pub fn read_rows(text: &str) -> Vec<(usize, String, String, String)> {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let delimiter = if first.contains('\t') {
        b'\t'
    } else if first.contains(';') {
        b';'
    } else {
        b','
    };
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
        rows.push((line, cell(0), cell(1), cell(2)));
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
        let (team, reg, organizer) =
            adding_to(tx, team, by, at).map_err(|e| Outcome::Failed(ImportError::Team(e)))?;
        let mut rows = Vec::with_capacity(read.len());
        for (line, full_name, nick, email) in read {
            let outcome = entered(
                tx,
                &team,
                &reg,
                organizer,
                (&full_name, &nick, &email),
                by,
                ip,
                at,
            )
            .map_err(|e| match e {
                Entered::Problem(p) => Ok(p),
                Entered::Failed(e) => Err(e),
            });
            let outcome = match outcome {
                Ok(added) => Ok(added.nick),
                Err(Ok(problem)) => Err(problem),
                Err(Err(e)) => return Err(Outcome::Failed(ImportError::Team(e))),
            };
            rows.push(Row {
                line,
                full_name,
                nick,
                email,
                outcome,
            });
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

/// One row's values checked, then entered as [`add_one`] enters a player.
#[allow(clippy::too_many_arguments)]
fn entered(
    tx: &mut crate::db::WriteTx<'_>,
    team: &crate::db::teams::Team,
    reg: &crate::rules::regulation::Regulation,
    organizer: bool,
    (full_name, nick, email): (&str, &str, &str),
    by: (PersonId, bool),
    ip: &str,
    at: NaiveDateTime,
) -> Result<Added, Entered> {
    let field =
        |field: &'static str| move |key: MsgKey| Entered::Problem(RowProblem::Field { field, key });
    let full_name = FullName::parse(full_name).map_err(field("full_name"))?;
    let nick = match nick {
        "" => None,
        typed => Some(Nick::parse(typed).map_err(field("nick"))?),
    };
    let email = match email {
        "" => None,
        typed => Some(Email::parse(typed).map_err(field("email"))?),
    };
    let new = NewPlayer {
        team: team.id,
        full_name: &full_name,
        nick: nick.as_ref(),
        email: email.as_ref(),
        // Club membership is confirmed one by one (G-A7).
        club_member: false,
        by,
        ip,
    };
    add_one(tx, team, reg, organizer, &new, at).map_err(|e| match e {
        TeamError::Refused(p) => Entered::Problem(RowProblem::Team(p)),
        e => Entered::Failed(e),
    })
}

#[cfg(test)]
mod tests {
    use super::read_rows;

    #[test]
    fn rows_are_read_from_csv_and_from_a_pasted_sheet() {
        let csv = "ФИО,Ник,Почта\n\"Иванов, Иван\",,ivan@x.example\nПетрова Анна;;\n\n";
        let rows = read_rows(csv);
        assert_eq!(
            rows[0],
            (
                2,
                "Иванов, Иван".into(),
                String::new(),
                "ivan@x.example".into()
            )
        );
        assert_eq!(rows.len(), 2);
        let sheet = "Сидоров Пётр\tpetr\t\nОрлова Мария\t\tmaria@x.example\n";
        let rows = read_rows(sheet);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].2, "petr");
        assert_eq!(rows[1].3, "maria@x.example");
        let semicolons = "Белов Олег;oleg;oleg@x.example";
        assert_eq!(read_rows(semicolons)[0].1, "Белов Олег");
    }
}

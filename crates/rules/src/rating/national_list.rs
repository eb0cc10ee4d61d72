//! A national federation's rating list as a CSV file (or rows pasted from
//! a spreadsheet): a header naming the columns, then one player a line.
//! Federations publish their lists in many shapes, so the columns are
//! found by their names, in Russian or English, in any order:
//!
//! * the rating (`рейтинг`, `rating`, `rtg`, `elo`) — required;
//! * who the player is — at least one of the FIDE id (`fide id`,
//!   `id фиде`, …), the platform's nick (`ник`, `nick`), the full name
//!   (`фио`, `имя`, `name`, `full name`);
//! * a date (`дата`, `date`) — optional; without it the list's date.
//!
//! Separators: tab, `;` or `,` (the first line decides), quotes as CSV
//! has them. Lines that cannot be read are named by number (1 is the
//! header).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::fide_list::{LineFault, LineProblem, ListError, PROBLEMS_NAMED};
use crate::text::{delimiter_of, read_date};

/// A player of the list: how the list names him and his rating.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NationalPlayer {
    /// The line in the file (1 is the header).
    pub line: usize,
    pub fide_id: Option<u64>,
    pub nick: String,
    pub name: String,
    pub rating: u16,
    pub as_of: Option<NaiveDate>,
}

/// A list as read.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct NationalRead {
    pub players: Vec<NationalPlayer>,
    /// The first [`PROBLEMS_NAMED`] lines left out.
    pub problems: Vec<LineProblem>,
    pub problem_count: usize,
}

impl NationalRead {
    fn problem(&mut self, line: usize, fault: LineFault) {
        self.problem_count += 1;
        if self.problems.len() < PROBLEMS_NAMED {
            self.problems.push(LineProblem { line, fault });
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Rating,
    FideId,
    Nick,
    Name,
    Date,
}

fn column_of(head: &str) -> Option<Column> {
    let h = head
        .trim()
        .trim_start_matches('\u{feff}')
        .to_lowercase()
        .replace(['_', '-', '.'], " ");
    let h = h.split_whitespace().collect::<Vec<_>>().join(" ");
    match h.as_str() {
        "рейтинг" | "rating" | "rtg" | "elo" | "национальный рейтинг" | "national rating" => {
            Some(Column::Rating)
        }
        "fide id" | "fideid" | "id fide" | "фиде id" | "id фиде" | "fide" | "фиде" => {
            Some(Column::FideId)
        }
        "ник" | "nick" | "nickname" | "login" | "логин" => Some(Column::Nick),
        "фио"
        | "имя"
        | "name"
        | "full name"
        | "имя и фамилия"
        | "фамилия имя"
        | "игрок"
        | "player" => Some(Column::Name),
        "дата" | "date" | "на дату" | "as of" => Some(Column::Date),
        _ => None,
    }
}

/// Reads a national list (see the module's words).
pub fn read(text: &str) -> Result<NationalRead, ListError> {
    if text.trim_start_matches('\u{feff}').trim().is_empty() {
        return Err(ListError::Empty);
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter_of(text))
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = loop {
        match records.next() {
            Some(Ok(r)) if r.iter().all(|c| c.trim().is_empty()) => continue,
            Some(Ok(r)) => break r,
            _ => return Err(ListError::NoHeader),
        }
    };
    let columns: Vec<Option<Column>> = header.iter().map(column_of).collect();
    let at = |c: Column| columns.iter().position(|x| *x == Some(c));
    let Some(rating_at) = at(Column::Rating) else {
        return Err(ListError::MissingColumn("rating".into()));
    };
    let (fide_at, nick_at, name_at, date_at) = (
        at(Column::FideId),
        at(Column::Nick),
        at(Column::Name),
        at(Column::Date),
    );
    if fide_at.is_none() && nick_at.is_none() && name_at.is_none() {
        return Err(ListError::MissingColumn("name".into()));
    }
    let mut read = NationalRead::default();
    for record in records {
        let Ok(record) = record else {
            continue;
        };
        let line = record.position().map_or(0, |p| p.line() as usize);
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let cell = |i: Option<usize>| {
            i.and_then(|i| record.get(i))
                .map(|c| c.split_whitespace().collect::<Vec<_>>().join(" "))
                .unwrap_or_default()
        };
        let (fide, nick, name) = (cell(fide_at), cell(nick_at), cell(name_at));
        if fide.is_empty() && nick.is_empty() && name.is_empty() {
            read.problem(line, LineFault::NoId);
            continue;
        }
        let fide_id = if fide.is_empty() {
            None
        } else {
            match fide.parse::<u64>() {
                Ok(id) if id > 0 => Some(id),
                _ => {
                    read.problem(line, LineFault::BadId(fide));
                    continue;
                }
            }
        };
        let typed = cell(Some(rating_at));
        let Some(rating) = typed
            .parse::<u16>()
            .ok()
            .filter(|r| (100..=3500).contains(r))
        else {
            read.problem(
                line,
                LineFault::BadRating {
                    column: "rating".into(),
                    value: typed,
                },
            );
            continue;
        };
        let date = cell(date_at);
        let as_of = if date.is_empty() {
            None
        } else {
            match read_date(&date) {
                Some(d) => Some(d),
                None => {
                    read.problem(line, LineFault::BadDate(date));
                    continue;
                }
            }
        };
        read.players.push(NationalPlayer {
            line,
            fide_id,
            nick,
            name,
            rating,
            as_of,
        });
    }
    if read.players.is_empty() && read.problem_count == 0 {
        return Err(ListError::NoPlayer);
    }
    Ok(read)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_found_by_name_in_any_order_and_bad_lines_named() {
        let text = "ФИО;Рейтинг;ID ФИДЕ;Дата\n\
                    Иванов Иван;1850;;01.11.2026\n\
                    Петров  Пётр;19x0;;\n\
                    ;1700;24101234;\n\
                    Сидоров Сидор;1600;;31.02.2026\n\
                    ;;;\n\
                    ;1500;;\n";
        let read = read(text).expect("a list");
        assert_eq!(read.players.len(), 2);
        assert_eq!(read.players[0].name, "Иванов Иван");
        assert_eq!(read.players[0].rating, 1850);
        assert_eq!(read.players[0].as_of, NaiveDate::from_ymd_opt(2026, 11, 1));
        assert_eq!(read.players[0].line, 2);
        assert_eq!(read.players[1].fide_id, Some(24101234));
        let lines: Vec<usize> = read.problems.iter().map(|p| p.line).collect();
        assert_eq!(lines, [3, 5, 7]);
        assert!(matches!(
            read.problems[0].fault,
            LineFault::BadRating { .. }
        ));
        assert!(matches!(read.problems[1].fault, LineFault::BadDate(_)));
        assert_eq!(read.problems[2].fault, LineFault::NoId);
    }

    #[test]
    fn a_file_without_a_rating_or_a_player_column_is_refused() {
        assert_eq!(
            read("name,club\nA,B\n"),
            Err(ListError::MissingColumn("rating".into()))
        );
        assert_eq!(
            read("rating,club\n1500,B\n"),
            Err(ListError::MissingColumn("name".into()))
        );
        assert_eq!(read("  \n"), Err(ListError::Empty));
        // Tab-separated rows pasted from a spreadsheet, English heads.
        let read = read("Nick\tRating\nvera\t1875\n").expect("a list");
        assert_eq!(read.players[0].nick, "vera");
    }
}

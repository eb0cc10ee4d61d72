//! FIDE's rating lists as FIDE publishes them for download
//! (ratings.fide.com, "Download rating lists"), in both layouts:
//!
//! * **TXT**: fixed-width lines under one header line. The combined list
//!   (`players_list_foa.txt`) carries the standard, rapid and blitz
//!   ratings (`SRtng … RRtng … BRtng`); a single list
//!   (`standard_rating_list.txt`, `rapid_…`, `blitz_…`) carries one, its
//!   column headed by the list's month (`OCT26`). The columns are found
//!   from the header, not from fixed offsets, so that the older layouts
//!   (without the FOA column) read too; a line whose other-titles text
//!   runs into the next column (the lines are one character longer then)
//!   is read with the columns after it moved along.
//! * **XML**: `<playerslist>` of `<player>` elements (`fideid`, `name`,
//!   `country`, `sex`, `title`, `rating`, `rapid_rating`, `blitz_rating`,
//!   `birthday`, `flag`, …); a single list has `rating` only.
//!
//! A rating of 0 or none is "unrated". A line that cannot be read is named
//! with its number and left out; the rest of the file still reads. The
//! whole list has some two million players: the reader streams, and keeps
//! only the players the caller asks for.

use quick_xml::Reader;
use quick_xml::events::Event;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A rating list's speed (FIDE rates standard, rapid and blitz apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Speed {
    Standard,
    Rapid,
    Blitz,
}

impl Speed {
    pub const ALL: [Speed; 3] = [Speed::Standard, Speed::Rapid, Speed::Blitz];

    /// The word used in data and forms.
    pub fn code(self) -> &'static str {
        match self {
            Speed::Standard => "standard",
            Speed::Rapid => "rapid",
            Speed::Blitz => "blitz",
        }
    }

    pub fn from_code(code: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.code() == code)
    }
}

/// Which layout a file has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Layout {
    Txt,
    Xml,
    /// A national list as CSV (`national_list`).
    NationalCsv,
}

/// What ratings a file carries: all three, or one speed's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Carries {
    Combined,
    /// A single list; its speed is the caller's to say (FIDE names it in
    /// the file's name, not in the file).
    Single,
}

/// A player of the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FidePlayer {
    pub fide_id: u64,
    /// "Surname, Given names", as FIDE writes it.
    pub name: String,
    pub federation: String,
    pub title: String,
    pub standard: Option<u16>,
    pub rapid: Option<u16>,
    pub blitz: Option<u16>,
    pub birth_year: Option<u16>,
    pub inactive: bool,
}

impl FidePlayer {
    /// The rating of one speed.
    pub fn rating(&self, speed: Speed) -> Option<u16> {
        match speed {
            Speed::Standard => self.standard,
            Speed::Rapid => self.rapid,
            Speed::Blitz => self.blitz,
        }
    }
}

/// Why a line of the list was left out.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum LineFault {
    #[error("no FIDE id")]
    NoId,
    #[error("the FIDE id '{0}' is not a number")]
    BadId(String),
    #[error("the {column} '{value}' is not a rating")]
    BadRating { column: String, value: String },
    #[error("the birth year '{0}' is not a year")]
    BadYear(String),
    #[error("the line is not a player of the list")]
    Stray,
    #[error("the date '{0}' is not a date")]
    BadDate(String),
    #[error("nobody of the platform is '{0}'")]
    Unknown(String),
    #[error("'{0}' names more than one person of the platform")]
    Ambiguous(String),
}

/// A line left out, with its number (1 is the file's first line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineProblem {
    pub line: usize,
    pub fault: LineFault,
}

/// Why the file cannot be read as a rating list at all.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum ListError {
    #[error("the file is empty")]
    Empty,
    #[error("the first line is not the header of a FIDE rating list (ID Number, Name, …)")]
    NoHeader,
    #[error("the header has no {0} column")]
    MissingColumn(String),
    #[error("line {line}: the XML cannot be read: {message}")]
    Xml { line: usize, message: String },
    #[error("the file has no player")]
    NoPlayer,
}

/// How many faulty lines a read names; the rest are counted.
pub const PROBLEMS_NAMED: usize = 100;

/// A list as read: the players kept, and what was left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListRead {
    pub layout: Layout,
    pub carries: Carries,
    /// The month a single TXT list names in its header (`OCT26`).
    pub month: Option<String>,
    /// Players in the file.
    pub players: usize,
    pub kept: Vec<FidePlayer>,
    /// The first [`PROBLEMS_NAMED`] lines left out.
    pub problems: Vec<LineProblem>,
    pub problem_count: usize,
}

impl ListRead {
    fn new(layout: Layout, carries: Carries) -> ListRead {
        ListRead {
            layout,
            carries,
            month: None,
            players: 0,
            kept: Vec::new(),
            problems: Vec::new(),
            problem_count: 0,
        }
    }

    fn problem(&mut self, line: usize, fault: LineFault) {
        self.problem_count += 1;
        if self.problems.len() < PROBLEMS_NAMED {
            self.problems.push(LineProblem { line, fault });
        }
    }
}

/// Reads a list in either layout; `single` is the speed a single list's
/// one rating is of (ignored for a combined list); `keep` chooses the
/// players to keep (all of them: `|_| true`).
pub fn read(
    text: &str,
    single: Speed,
    keep: impl FnMut(&FidePlayer) -> bool,
) -> Result<ListRead, ListError> {
    let start = text.trim_start_matches('\u{feff}').trim_start();
    if start.is_empty() {
        return Err(ListError::Empty);
    }
    let read = if start.starts_with('<') {
        read_xml(text, single, keep)?
    } else {
        read_txt(text, single, keep)?
    };
    if read.players == 0 && read.problem_count == 0 {
        return Err(ListError::NoPlayer);
    }
    Ok(read)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Id,
    Name,
    Fed,
    Title,
    Standard,
    Rapid,
    Blitz,
    /// A single list's rating, headed by its month.
    Month,
    BirthYear,
    Flag,
    /// Read past: sex, other titles, games, K.
    Other,
}

fn column_of(label: &str) -> Column {
    let upper = label.to_ascii_uppercase();
    match upper.as_str() {
        "ID" => Column::Id,
        "NAME" => Column::Name,
        "FED" => Column::Fed,
        "TIT" | "TITL" => Column::Title,
        "SRTNG" => Column::Standard,
        "RRTNG" => Column::Rapid,
        "BRTNG" => Column::Blitz,
        "B-DAY" | "BORN" => Column::BirthYear,
        "FLAG" => Column::Flag,
        _ if is_month(&upper) => Column::Month,
        _ => Column::Other,
    }
}

/// `OCT26`: three letters of a month and two digits.
fn is_month(label: &str) -> bool {
    const MONTHS: [&str; 12] = [
        "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
    ];
    label.len() == 5
        && MONTHS.contains(&&label[..3])
        && label[3..].bytes().all(|b| b.is_ascii_digit())
}

/// The header's columns: where each starts (in characters), in order.
struct Header {
    columns: Vec<(usize, Column, String)>,
    /// Where the other-titles column starts: a longer line moves the
    /// columns after it.
    other_titles: Option<usize>,
    width: usize,
}

fn header(line: &str) -> Result<Header, ListError> {
    let chars: Vec<char> = line.chars().collect();
    let mut columns = Vec::new();
    let mut other_titles = None;
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() {
            i += 1;
        }
        let label: String = chars[start..i].iter().collect();
        // "ID Number": the id's column is headed by two words.
        if label.eq_ignore_ascii_case("number")
            && matches!(columns.last(), Some((_, Column::Id, _)))
        {
            continue;
        }
        if label.eq_ignore_ascii_case("otit") {
            other_titles = Some(start);
        }
        columns.push((start, column_of(&label), label));
    }
    let has = |c: Column| columns.iter().any(|(_, col, _)| *col == c);
    if !has(Column::Id) || !has(Column::Name) {
        return Err(ListError::NoHeader);
    }
    if !(has(Column::Standard) || has(Column::Rapid) || has(Column::Blitz) || has(Column::Month)) {
        return Err(ListError::MissingColumn("rating".into()));
    }
    Ok(Header {
        columns,
        other_titles,
        width: chars.len(),
    })
}

fn rating(column: &str, value: &str) -> Result<Option<u16>, LineFault> {
    if value.is_empty() {
        return Ok(None);
    }
    match value.parse::<u16>() {
        Ok(0) => Ok(None),
        Ok(r) if r <= 3500 => Ok(Some(r)),
        _ => Err(LineFault::BadRating {
            column: column.to_string(),
            value: value.to_string(),
        }),
    }
}

fn year(value: &str) -> Result<Option<u16>, LineFault> {
    if value.is_empty() {
        return Ok(None);
    }
    // FIDE writes the year, sometimes a full date (1990-05-01, 1990.05.01).
    let digits: String = value.chars().take_while(|c| c.is_ascii_digit()).collect();
    match digits.parse::<u16>() {
        Ok(0) => Ok(None),
        Ok(y) if (1850..=2200).contains(&y) && digits.len() == 4 => Ok(Some(y)),
        _ => Err(LineFault::BadYear(value.to_string())),
    }
}

fn fide_id(value: &str) -> Result<u64, LineFault> {
    if value.is_empty() {
        return Err(LineFault::NoId);
    }
    match value.parse::<u64>() {
        Ok(id) if id > 0 => Ok(id),
        _ => Err(LineFault::BadId(value.to_string())),
    }
}

#[derive(Default)]
struct Fields {
    id: String,
    name: String,
    fed: String,
    title: String,
    standard: String,
    rapid: String,
    blitz: String,
    single: String,
    birth: String,
    flag: String,
}

impl Fields {
    fn player(&self, single: Speed, carries: Carries) -> Result<FidePlayer, LineFault> {
        let fide_id = fide_id(self.id.trim())?;
        let mut player = FidePlayer {
            fide_id,
            name: self.name.trim().to_string(),
            federation: self.fed.trim().to_string(),
            title: self.title.trim().to_ascii_uppercase(),
            standard: rating("standard rating", self.standard.trim())?,
            rapid: rating("rapid rating", self.rapid.trim())?,
            blitz: rating("blitz rating", self.blitz.trim())?,
            birth_year: year(self.birth.trim())?,
            inactive: self.flag.trim().to_ascii_lowercase().contains('i'),
        };
        if carries == Carries::Single {
            let value = rating("rating", self.single.trim())?;
            match single {
                Speed::Standard => player.standard = value,
                Speed::Rapid => player.rapid = value,
                Speed::Blitz => player.blitz = value,
            }
        }
        if player.name.is_empty() {
            return Err(LineFault::Stray);
        }
        Ok(player)
    }
}

fn read_txt(
    text: &str,
    single: Speed,
    mut keep: impl FnMut(&FidePlayer) -> bool,
) -> Result<ListRead, ListError> {
    let mut lines = text.lines().enumerate();
    let head = loop {
        match lines.next() {
            Some((_, l)) if l.trim().is_empty() => continue,
            Some((_, l)) => break header(l.trim_start_matches('\u{feff}').trim_end())?,
            None => return Err(ListError::Empty),
        }
    };
    let carries = if head
        .columns
        .iter()
        .any(|(_, c, _)| matches!(c, Column::Standard | Column::Rapid | Column::Blitz))
    {
        Carries::Combined
    } else {
        Carries::Single
    };
    let mut read = ListRead::new(Layout::Txt, carries);
    read.month = head
        .columns
        .iter()
        .find(|(_, c, _)| *c == Column::Month)
        .map(|(_, _, label)| label.clone());
    for (index, line) in lines {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            continue;
        }
        let chars: Vec<char> = line.trim_end().chars().collect();
        let overflow = chars.len().saturating_sub(head.width.max(1)).min(3);
        let mut fields = Fields::default();
        for (n, (start, column, _)) in head.columns.iter().enumerate() {
            let moved = |at: usize| match head.other_titles {
                Some(o) if at > o => at + overflow,
                _ => at,
            };
            let from = moved(*start).min(chars.len());
            let to = head
                .columns
                .get(n + 1)
                .map_or(chars.len(), |(next, _, _)| moved(*next))
                .min(chars.len())
                .max(from);
            let value: String = chars[from..to].iter().collect();
            let slot = match column {
                Column::Id => &mut fields.id,
                Column::Name => &mut fields.name,
                Column::Fed => &mut fields.fed,
                Column::Title => &mut fields.title,
                Column::Standard => &mut fields.standard,
                Column::Rapid => &mut fields.rapid,
                Column::Blitz => &mut fields.blitz,
                Column::Month => &mut fields.single,
                Column::BirthYear => &mut fields.birth,
                Column::Flag => &mut fields.flag,
                Column::Other => continue,
            };
            *slot = value;
        }
        match fields.player(single, carries) {
            Ok(player) => {
                read.players += 1;
                if keep(&player) {
                    read.kept.push(player);
                }
            }
            Err(fault) => read.problem(index + 1, fault),
        }
    }
    Ok(read)
}

fn read_xml(
    text: &str,
    single: Speed,
    mut keep: impl FnMut(&FidePlayer) -> bool,
) -> Result<ListRead, ListError> {
    let mut reader = Reader::from_str(text);
    let mut read = ListRead::new(Layout::Xml, Carries::Single);
    let mut line = 1usize;
    let mut counted_to = 0usize;
    let mut line_at = |position: usize| {
        let position = position.min(text.len());
        if position > counted_to {
            line += text.as_bytes()[counted_to..position]
                .iter()
                .filter(|b| **b == b'\n')
                .count();
            counted_to = position;
        }
        line
    };
    let mut player: Option<(usize, Fields)> = None;
    let mut tag: Option<String> = None;
    let mut combined = false;
    loop {
        let at = usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX);
        let event = reader.read_event().map_err(|e| ListError::Xml {
            line: line_at(usize::try_from(reader.error_position()).unwrap_or(at)),
            message: e.to_string(),
        })?;
        match event {
            Event::Start(e) => {
                let name = String::from_utf8_lossy(e.local_name().as_ref()).to_ascii_lowercase();
                if name == "player" {
                    player = Some((line_at(at), Fields::default()));
                } else {
                    if name == "rapid_rating" || name == "blitz_rating" {
                        combined = true;
                    }
                    tag = Some(name);
                }
            }
            Event::Empty(e) => {
                let name = String::from_utf8_lossy(e.local_name().as_ref()).to_ascii_lowercase();
                if name == "rapid_rating" || name == "blitz_rating" {
                    combined = true;
                }
            }
            Event::Text(t) => {
                if let (Some((_, fields)), Some(name)) = (player.as_mut(), tag.as_deref()) {
                    let value = t.decode().map_err(|e| ListError::Xml {
                        line: line_at(at),
                        message: e.to_string(),
                    })?;
                    push_field(fields, name, &value);
                }
            }
            Event::GeneralRef(r) => {
                if let (Some((_, fields)), Some(name)) = (player.as_mut(), tag.as_deref()) {
                    let resolved = match r.resolve_char_ref() {
                        Ok(Some(c)) => c.to_string(),
                        _ => {
                            let entity = r.decode().map_err(|e| ListError::Xml {
                                line: line_at(at),
                                message: e.to_string(),
                            })?;
                            quick_xml::escape::resolve_predefined_entity(&entity)
                                .map(str::to_string)
                                .ok_or_else(|| ListError::Xml {
                                    line: line_at(at),
                                    message: format!("unknown entity &{entity};"),
                                })?
                        }
                    };
                    push_field(fields, name, &resolved);
                }
            }
            Event::End(e) => {
                let name = String::from_utf8_lossy(e.local_name().as_ref()).to_ascii_lowercase();
                if name == "player"
                    && let Some((number, mut fields)) = player.take()
                {
                    if combined {
                        // A combined list's `rating` is the standard one.
                        fields.standard = std::mem::take(&mut fields.single);
                    }
                    let carries = if combined {
                        Carries::Combined
                    } else {
                        Carries::Single
                    };
                    read.carries = carries;
                    match fields.player(single, carries) {
                        Ok(p) => {
                            read.players += 1;
                            if keep(&p) {
                                read.kept.push(p);
                            }
                        }
                        Err(fault) => read.problem(number, fault),
                    }
                }
                tag = None;
            }
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(read)
}

fn push_field(fields: &mut Fields, tag: &str, value: &str) {
    let slot = match tag {
        "fideid" => &mut fields.id,
        "name" => &mut fields.name,
        "country" => &mut fields.fed,
        "title" => &mut fields.title,
        // A single list's one rating, or a combined list's standard one.
        "rating" => &mut fields.single,
        "rapid_rating" => &mut fields.rapid,
        "blitz_rating" => &mut fields.blitz,
        "birthday" => &mut fields.birth,
        "flag" => &mut fields.flag,
        _ => return,
    };
    slot.push_str(value);
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMBINED: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";
    const SINGLE: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA OCT26 Gms K  B-day Flag";

    /// A line of a list: each value written where its header label starts.
    fn line(header: &str, values: &[(&str, &str)]) -> String {
        let mut out: Vec<char> = vec![' '; header.len()];
        for (label, value) in values {
            let at = header.find(label).expect("label in header");
            for (i, c) in value.chars().enumerate() {
                if at + i < out.len() {
                    out[at + i] = c;
                } else {
                    out.push(c);
                }
            }
        }
        out.into_iter().collect()
    }

    fn everyone(_: &FidePlayer) -> bool {
        true
    }

    #[test]
    fn a_combined_txt_list_reads_all_three_ratings() {
        let file = [
            COMBINED.to_string(),
            line(
                COMBINED,
                &[
                    ("ID Number", "24101234"),
                    ("Name", "Orlova, Olga"),
                    ("Fed", "RUS"),
                    ("Sex", "F"),
                    ("Tit  ", "WFM"),
                    ("SRtng", "2105"),
                    ("RRtng", "2080"),
                    ("BRtng", "2133"),
                    ("B-day", "1994"),
                    ("Flag", "w"),
                ],
            ),
            line(
                COMBINED,
                &[
                    ("ID Number", "34100001"),
                    ("Name", "Pavlov, Pavel"),
                    ("Fed", "RUS"),
                    ("SRtng", "0"),
                    ("RRtng", "0"),
                    ("BRtng", "1730"),
                    ("B-day", "0"),
                    ("Flag", "i"),
                ],
            ),
        ]
        .join("\r\n");
        let list = read(&file, Speed::Standard, everyone).expect("reads");
        assert_eq!(list.layout, Layout::Txt);
        assert_eq!(list.carries, Carries::Combined);
        assert_eq!(list.players, 2);
        assert!(list.problems.is_empty(), "{:?}", list.problems);
        let olga = &list.kept[0];
        assert_eq!(olga.fide_id, 24101234);
        assert_eq!(olga.name, "Orlova, Olga");
        assert_eq!(olga.federation, "RUS");
        assert_eq!(olga.title, "WFM");
        assert_eq!(
            (olga.standard, olga.rapid, olga.blitz),
            (Some(2105), Some(2080), Some(2133))
        );
        assert_eq!(olga.birth_year, Some(1994));
        assert!(!olga.inactive);
        let pavel = &list.kept[1];
        assert_eq!(
            (pavel.standard, pavel.rapid, pavel.blitz),
            (None, None, Some(1730))
        );
        assert_eq!(pavel.birth_year, None);
        assert!(pavel.inactive);
    }

    #[test]
    fn a_bad_line_is_named_with_its_number_and_the_rest_reads() {
        let good = line(
            COMBINED,
            &[
                ("ID Number", "100"),
                ("Name", "Good, One"),
                ("SRtng", "1900"),
            ],
        );
        let bad_rating = line(
            COMBINED,
            &[
                ("ID Number", "101"),
                ("Name", "Bad, Rating"),
                ("SRtng", "19x0"),
            ],
        );
        let bad_id = line(COMBINED, &[("ID Number", "A-7"), ("Name", "Bad, Id")]);
        let file = [
            COMBINED.to_string(),
            good,
            String::new(),
            bad_rating,
            bad_id,
        ]
        .join("\n");
        let list = read(&file, Speed::Standard, everyone).expect("reads");
        assert_eq!(list.players, 1);
        assert_eq!(list.problem_count, 2);
        assert_eq!(
            list.problems,
            vec![
                LineProblem {
                    line: 4,
                    fault: LineFault::BadRating {
                        column: "standard rating".into(),
                        value: "19x0".into()
                    }
                },
                LineProblem {
                    line: 5,
                    fault: LineFault::BadId("A-7".into())
                },
            ]
        );
    }

    /// Some other-titles texts are one character too long for their column
    /// and push the rest of the line along (FIDE's own list has such lines).
    #[test]
    fn a_line_pushed_along_by_a_long_other_titles_text_reads() {
        let mut long = line(
            COMBINED,
            &[
                ("ID Number", "200"),
                ("Name", "Long, Titles"),
                ("OTit", "SI,FI,LSI,SLI,NA"),
            ],
        );
        // Everything after the other titles one character further right.
        let srtng = COMBINED.find("SRtng").expect("SRtng");
        long.insert(srtng - 1, ' ');
        let mut chars: Vec<char> = long.chars().collect();
        for (i, c) in "2010".chars().enumerate() {
            chars[srtng + 1 + i] = c;
        }
        let bday = COMBINED.find("B-day").expect("B-day");
        for (i, c) in "1961".chars().enumerate() {
            chars[bday + 1 + i] = c;
        }
        let long: String = chars.into_iter().collect();
        assert_eq!(long.chars().count(), COMBINED.len() + 1);
        let file = format!("{COMBINED}\n{long}\n");
        let list = read(&file, Speed::Standard, everyone).expect("reads");
        assert!(list.problems.is_empty(), "{:?}", list.problems);
        assert_eq!(list.kept[0].standard, Some(2010));
        assert_eq!(list.kept[0].birth_year, Some(1961));
    }

    #[test]
    fn a_single_txt_list_gives_its_rating_to_the_speed_named() {
        let file = [
            SINGLE.to_string(),
            line(
                SINGLE,
                &[
                    ("ID Number", "4100018"),
                    ("Name", "Sidorov, Semen"),
                    ("Fed", "RUS"),
                    ("OCT26", "2251"),
                    ("B-day", "1988"),
                ],
            ),
        ]
        .join("\n");
        let list = read(&file, Speed::Blitz, everyone).expect("reads");
        assert_eq!(list.carries, Carries::Single);
        assert_eq!(list.month.as_deref(), Some("OCT26"));
        let p = &list.kept[0];
        assert_eq!((p.standard, p.rapid, p.blitz), (None, None, Some(2251)));
        assert_eq!(p.birth_year, Some(1988));
    }

    #[test]
    fn an_xml_list_reads_in_both_kinds() {
        let combined = "<playerslist>\n<player><fideid>24101234</fideid><name>O&apos;Neil, Olga</name><country>IRL</country><sex>F</sex><title>WFM</title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>2105</rating><games>0</games><k>20</k><rapid_rating>0</rapid_rating><rapid_games>0</rapid_games><rapid_k>0</rapid_k><blitz_rating>2133</blitz_rating><blitz_games>0</blitz_games><blitz_k>20</blitz_k><birthday>1994</birthday><flag>w</flag></player>\n<player><fideid>x9</fideid><name>Bad, Id</name><rating>2000</rating><rapid_rating/><blitz_rating/></player>\n</playerslist>";
        let list = read(combined, Speed::Rapid, everyone).expect("reads");
        assert_eq!(list.layout, Layout::Xml);
        assert_eq!(list.carries, Carries::Combined);
        assert_eq!(list.players, 1);
        let p = &list.kept[0];
        assert_eq!(p.name, "O'Neil, Olga");
        assert_eq!(
            (p.standard, p.rapid, p.blitz),
            (Some(2105), None, Some(2133))
        );
        assert_eq!(
            list.problems,
            vec![LineProblem {
                line: 3,
                fault: LineFault::BadId("x9".into())
            }]
        );

        let single = "<playerslist><player><fideid>4100018</fideid><name>Sidorov, Semen</name><country>RUS</country><rating>1988</rating><birthday>1988</birthday><flag>i</flag></player></playerslist>";
        let list = read(single, Speed::Rapid, everyone).expect("reads");
        assert_eq!(list.carries, Carries::Single);
        let p = &list.kept[0];
        assert_eq!((p.standard, p.rapid, p.blitz), (None, Some(1988), None));
        assert!(p.inactive);
    }

    #[test]
    fn only_the_players_asked_for_are_kept() {
        let file = [
            COMBINED.to_string(),
            line(
                COMBINED,
                &[("ID Number", "1"), ("Name", "A, A"), ("SRtng", "1500")],
            ),
            line(
                COMBINED,
                &[("ID Number", "2"), ("Name", "B, B"), ("SRtng", "1600")],
            ),
        ]
        .join("\n");
        let list = read(&file, Speed::Standard, |p| p.fide_id == 2).expect("reads");
        assert_eq!(list.players, 2);
        assert_eq!(list.kept.len(), 1);
        assert_eq!(list.kept[0].name, "B, B");
    }

    #[test]
    fn what_is_not_a_rating_list_is_refused_as_a_whole() {
        assert_eq!(read("", Speed::Standard, everyone), Err(ListError::Empty));
        assert_eq!(
            read("rank,name,points\n1,A,3", Speed::Standard, everyone),
            Err(ListError::NoHeader)
        );
        assert_eq!(
            read(
                "ID Number  Name  Fed\n1  A, A  RUS",
                Speed::Standard,
                everyone
            ),
            Err(ListError::MissingColumn("rating".into()))
        );
        assert!(matches!(
            read(
                "<playerslist><player><fideid>1</player>",
                Speed::Standard,
                everyone
            ),
            Err(ListError::Xml { line: 1, .. })
        ));
        assert_eq!(
            read(COMBINED, Speed::Standard, everyone),
            Err(ListError::NoPlayer)
        );
    }
}

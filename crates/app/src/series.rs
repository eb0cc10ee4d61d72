//! A corporate series' table: the chess places come from the
//! linked championships' finished tournaments, the other sports' places as
//! an organizer typed them; `rules::series` turns them into points by each
//! sport's table and ranks the organizations. Also the athlete lists of
//! the other sports and across the series (`rules::athletes`), for
//! the list form and for chess entries. And the organizers' changes, each
//! one transaction with its audit entry: a new series, a sport with its
//! table, a sport's new table, an organization's typed place, the lists.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;

use super::PlayError;
use super::accounts::{FullName, Nick};
use crate::db::series::{self as s, Athlete, Series, Sport};
use crate::db::{DbConnection, audit, championships, organizations, people, write_transaction};
use crate::i18n::Message;
use crate::ids::{ChampionshipId, OrganizationId, PersonId, SeriesId, SeriesSportId};
use crate::rules::athletes::{Known, ListProblem, check_adding, check_removing, in_other_sport};
use crate::rules::lineup::ParallelEvent;
use crate::rules::ranking::Place;
use crate::rules::roster::name_key;
use crate::rules::score::HalfPoints;
use crate::rules::series::{
    SeriesRow, TableProblem, parse_points_table, places_from_numbers, points_table_text,
    r_3_4_table, series_standings, sport_table,
};

pub struct SeriesTable {
    pub series: Series,
    pub sports: Vec<Sport>,
    /// Ranked rows, keyed by organization id.
    pub rows: Vec<SeriesRow<OrganizationId>>,
    pub organizations: BTreeMap<OrganizationId, String>,
    /// Each sport's place → points table, in the order of `sports`.
    pub tables: Vec<Vec<HalfPoints>>,
    /// The lists of the sports other than chess.
    pub athletes: Vec<Athlete>,
}

/// A sport's stored table; a text the rules refuse (written by hand in the
/// database) counts as R-3.4's rather than failing the page.
pub fn table_of(sport: &Sport) -> Vec<HalfPoints> {
    parse_points_table(&sport.points).unwrap_or_else(|_| r_3_4_table().table)
}

pub fn load(
    conn: &mut DbConnection,
    id: SeriesId,
) -> Result<Option<SeriesTable>, crate::db::QueryError> {
    let Some(series) = s::by_id(conn, id)? else {
        return Ok(None);
    };
    let sports = s::sports_of(conn, id)?;
    let ids: Vec<SeriesSportId> = sports.iter().map(|x| x.id).collect();
    let typed = s::places_of(conn, &ids)?;
    let mut per_sport = Vec::with_capacity(sports.len());
    let tables: Vec<Vec<HalfPoints>> = sports.iter().map(table_of).collect();
    for (sport, table) in sports.iter().zip(&tables) {
        let places: Vec<(OrganizationId, Place)> = match sport.championship_id {
            Some(c) => {
                // An organization with several teams keeps its best place.
                let mut best: BTreeMap<OrganizationId, Place> = BTreeMap::new();
                for (org, first, last) in s::chess_places(conn, c)? {
                    let place = Place {
                        first: u32::try_from(first).unwrap_or(0),
                        last: u32::try_from(last).unwrap_or(0),
                    };
                    best.entry(org)
                        .and_modify(|p| {
                            if place.first < p.first {
                                *p = place;
                            }
                        })
                        .or_insert(place);
                }
                best.into_iter().collect()
            }
            None => {
                let numbers: Vec<(OrganizationId, u32)> = typed
                    .iter()
                    .filter(|p| p.sport_id == sport.id)
                    .map(|p| (p.organization_id, u32::try_from(p.place).unwrap_or(0)))
                    .collect();
                places_from_numbers(&numbers)
            }
        };
        per_sport.push((sport_table(table.clone()), places));
    }
    let rows = series_standings(&per_sport);
    let organizations = organizations::list(conn)?
        .into_iter()
        .map(|o| (o.id, o.name))
        .collect();
    let athletes = s::athletes_of(conn, id)?;
    Ok(Some(SeriesTable {
        series,
        sports,
        rows,
        organizations,
        tables,
        athletes,
    }))
}

/// Who takes part in which sport of a series: the lists, and the
/// people of the entries of each chess sport's championship.
fn taken(
    conn: &mut DbConnection,
    sports: &[Sport],
) -> Result<Vec<(PersonId, SeriesSportId)>, crate::db::QueryError> {
    let Some(first) = sports.first() else {
        return Ok(Vec::new());
    };
    let mut out: Vec<(PersonId, SeriesSportId)> = s::athletes_of(conn, first.series_id)?
        .into_iter()
        .map(|a| (a.person_id, a.sport_id))
        .collect();
    for sport in sports {
        if let Some(c) = sport.championship_id {
            out.extend(
                s::chess_athletes(conn, c)?
                    .into_iter()
                    .map(|p| (p, sport.id)),
            );
        }
    }
    Ok(out)
}

/// for a chess entry: of the people `named` in a line of this
/// championship's tournament, those listed for another sport of a series
/// whose chess sport this championship is, with that series and sport.
pub fn listed_elsewhere(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    named: &[PersonId],
) -> Result<BTreeMap<PersonId, ParallelEvent>, crate::db::QueryError> {
    let mut out = BTreeMap::new();
    for (chess, series) in s::chess_sports_of(conn, championship)? {
        let sports = s::sports_of(conn, series.id)?;
        // Only the lists: other entries of this same championship are the
        // chess side itself (G-B22 governs them within a tournament).
        let lists: Vec<(PersonId, SeriesSportId)> = s::athletes_of(conn, series.id)?
            .into_iter()
            .map(|a| (a.person_id, a.sport_id))
            .collect();
        for (person, sport) in in_other_sport(&chess.id, named, &lists) {
            let name = sports
                .iter()
                .find(|x| x.id == sport)
                .map(|x| x.name.clone())
                .unwrap_or_default();
            out.entry(person).or_insert(ParallelEvent::SeriesSport {
                series: series.name.clone(),
                sport: name,
            });
        }
    }
    Ok(out)
}

/// for a player entered by full name on a team of `organization` in
/// championship `c`: the sport and series of someone of that name of the
/// organization on another sport's list of a series whose chess sport `c`
/// is — the same person, whatever sport names them.
pub fn listed_by_name(
    conn: &mut DbConnection,
    c: ChampionshipId,
    organization: OrganizationId,
    name: &str,
) -> Result<Option<(String, String)>, crate::db::QueryError> {
    let key = name.to_lowercase();
    for (_, series) in s::chess_sports_of(conn, c)? {
        let sports = s::sports_of(conn, series.id)?;
        for a in s::athletes_of(conn, series.id)? {
            if a.organization_id == organization && a.full_name.to_lowercase() == key {
                let sport = sports
                    .iter()
                    .find(|x| x.id == a.sport_id)
                    .map(|x| x.name.clone())
                    .unwrap_or_default();
                return Ok(Some((sport, series.name)));
            }
        }
    }
    Ok(None)
}

/// Why a change of a sport's list was refused.
#[derive(Debug, Clone, PartialEq)]
pub enum ListingProblem {
    /// Not a sport of this series, or chess (its athletes are its entries).
    UnknownSport,
    ChessSport,
    UnknownOrganization,
    /// A typed full name is not one (empty words, too long).
    BadName {
        name: String,
    },
    /// A problem with the people named; `sport` names the other sport.
    List(ListProblem<String>),
}

/// Add to or remove from a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListChange {
    Add,
    Remove,
}

/// Who a line of the list form names: someone the platform knows, or a
/// person to enter by full name (an athlete of another sport needs no
/// account, R-1.8).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Who {
    Person(PersonId),
    New(String),
}

/// What the list form typed: nicks of people with an account, and full
/// names (one per line) of anyone.
#[derive(Debug, Clone, Copy, Default)]
pub struct Typed<'a> {
    pub nicks: &'a str,
    pub names: &'a str,
}

/// The people a full name stands for in an organization's lists: someone
/// of that name already on a list of the series for it, or in a team that
/// stands for it in a chess sport's championship (R-1.8: the same person
/// whatever sport names them).
fn known_by_name(
    conn: &mut DbConnection,
    sports: &[Sport],
    listed: &[Athlete],
    organization: Option<OrganizationId>,
) -> Result<BTreeMap<String, PersonId>, crate::db::QueryError> {
    let mut out = BTreeMap::new();
    let Some(org) = organization else {
        return Ok(out);
    };
    for c in sports.iter().filter_map(|x| x.championship_id) {
        for (person, name) in s::organization_players(conn, c, org)? {
            out.entry(name.to_lowercase()).or_insert(person);
        }
    }
    for a in listed.iter().filter(|a| a.organization_id == org) {
        out.insert(a.full_name.to_lowercase(), a.person_id);
    }
    Ok(out)
}

/// Adds people to (or removes them from) a sport's list for an
/// organization of series `id`, in one transaction with its audit entry;
/// every problem at once, nothing changed then. A full name nobody of the
/// organization has is entered as a record (no account). Returns how many
/// people were added/removed.
#[allow(clippy::too_many_arguments)]
pub fn change_list(
    conn: &mut DbConnection,
    id: SeriesId,
    sport: Option<SeriesSportId>,
    organization: Option<OrganizationId>,
    typed: Typed<'_>,
    change: ListChange,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<usize, PlayError<ListingProblem>> {
    s::by_id(conn, id)?.ok_or(PlayError::NotFound)?;
    let changed = write_transaction(conn, |conn| -> Result<_, crate::db::QueryError> {
        let sports = s::sports_of(conn, id)?;
        let mut problems = Vec::new();
        let target = sport.and_then(|x| sports.iter().find(|s| s.id == x));
        match target {
            None => problems.push(ListingProblem::UnknownSport),
            Some(t) if t.championship_id.is_some() => problems.push(ListingProblem::ChessSport),
            Some(_) => {}
        }
        let org = match organization {
            Some(o) => organizations::by_id(conn, o)?,
            None => None,
        };
        if org.is_none() && change == ListChange::Add {
            problems.push(ListingProblem::UnknownOrganization);
        }
        let mut known: BTreeMap<String, Known<Who>> = BTreeMap::new();
        let nicks = crate::rules::athletes::nicks(typed.nicks);
        for nick in &nicks {
            if let Some(p) = people::by_nick(conn, nick)? {
                known.insert(
                    nick.to_lowercase(),
                    Known {
                        person: Who::Person(p.id),
                        nick: p.nick,
                    },
                );
            }
        }
        let listed = s::athletes_of(conn, id)?;
        let names = crate::rules::athletes::names(typed.names);
        let by_name = known_by_name(conn, &sports, &listed, organization)?;
        for name in &names {
            let key = name.to_lowercase();
            let who = match (by_name.get(&key), change) {
                (Some(p), _) => Who::Person(*p),
                // Taking off the list someone of that name who is on it.
                (None, ListChange::Remove) => {
                    match listed.iter().find(|a| a.full_name.to_lowercase() == key) {
                        Some(a) => Who::Person(a.person_id),
                        None => continue,
                    }
                }
                (None, ListChange::Add) => match FullName::parse(name) {
                    Ok(_) => Who::New(name.clone()),
                    Err(_) => {
                        problems.push(ListingProblem::BadName { name: name.clone() });
                        continue;
                    }
                },
            };
            known.insert(
                key,
                Known {
                    person: who,
                    nick: name.clone(),
                },
            );
        }
        let taken: Vec<(Who, SeriesSportId)> = taken(conn, &sports)?
            .into_iter()
            .map(|(p, s)| (Who::Person(p), s))
            .collect();
        let words: Vec<&str> = nicks
            .iter()
            .copied()
            .chain(names.iter().map(String::as_str))
            .collect();
        // With no valid sport the people are still checked, against a
        // sport no one is in, so that every problem shows at once.
        let sport_id = target.map_or(SeriesSportId(-1), |t| t.id);
        let checked = match change {
            ListChange::Add => check_adding(&sport_id, &words, &known, &taken),
            ListChange::Remove => {
                let on_list: Vec<Who> = taken
                    .iter()
                    .filter(|(_, s)| *s == sport_id)
                    .map(|(p, _)| p.clone())
                    .collect();
                check_removing(&words, &known, &on_list)
            }
        };
        let name_of = |sport: SeriesSportId| {
            sports
                .iter()
                .find(|x| x.id == sport)
                .map(|x| x.name.clone())
                .unwrap_or_default()
        };
        let people = match checked {
            Ok(people) => people,
            Err(found) => {
                problems.extend(
                    found
                        .into_iter()
                        .map(|p| ListingProblem::List(p.map_sport(name_of))),
                );
                Vec::new()
            }
        };
        let (Some(target), true) = (target, problems.is_empty()) else {
            return Ok(Err(problems));
        };
        let mut said: Vec<String> = Vec::new();
        for who in &people {
            let (person, name) = match who {
                Who::Person(p) => {
                    let shown = known
                        .values()
                        .find(|k| k.person == *who)
                        .map(|k| k.nick.clone())
                        .unwrap_or_default();
                    (*p, shown)
                }
                Who::New(name) => (new_athlete(conn, name, by)?, name.clone()),
            };
            said.push(name);
            match (change, &org) {
                (ListChange::Add, Some(o)) => {
                    s::add_athlete(conn, id, target.id, o.id, person, by, now)?;
                }
                _ => {
                    s::remove_athlete(conn, target.id, person)?;
                }
            }
        }
        let verb = match change {
            ListChange::Add => "series.athletes.add",
            ListChange::Remove => "series.athletes.remove",
        };
        audit::Entry::new(verb, format!("series:{id}"))
            .actor(by)
            .said(match &org {
                Some(o) => Message::new(crate::msg!("audit-series-athletes-of"))
                    .arg("sport", &target.name)
                    .arg("organization", &o.name)
                    .arg("nicks", said.join(", ")),
                None => Message::new(crate::msg!("audit-series-athletes"))
                    .arg("sport", &target.name)
                    .arg("nicks", said.join(", ")),
            })
            .record(conn)?;
        Ok(Ok(people.len()))
    })?;
    changed.map_err(PlayError::Refused)
}

/// An athlete of another sport entered by full name: a record without an
/// account, its nick made from the name (made unique).
fn new_athlete(
    tx: &mut crate::db::WriteTx<'_>,
    name: &str,
    by: PersonId,
) -> Result<PersonId, crate::db::QueryError> {
    // The name was checked with the list (`ListingProblem::BadName`).
    let full = FullName::parse(name).map_err(|_| crate::db::QueryError::NotFound)?;
    let nick = people::free_nick(tx, Nick::from_full_name(&full).as_str())?;
    let locale = people::by_id(tx, by)?.map_or_else(|| "ru".to_owned(), |p| p.locale);
    people::insert_record(
        tx,
        &people::NewRecord {
            nick: &nick,
            full_name: full.as_str(),
            locale: &locale,
            added_by: by,
        },
    )
    .map_err(|e| match e {
        people::InsertPersonError::Db(e) => e,
        _ => crate::db::QueryError::RollbackTransaction,
    })
}

/// Why a typed name of a series or a sport was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameProblem {
    Required,
    /// Above [`NAME_MAX`] characters.
    TooLong,
}

/// The longest name of a series or a sport.
pub const NAME_MAX: usize = 100;

/// A typed name with its spaces collapsed, if it is one.
pub fn clean_name(typed: &str) -> Result<String, NameProblem> {
    let name = typed.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        Err(NameProblem::Required)
    } else if name.chars().count() > NAME_MAX {
        Err(NameProblem::TooLong)
    } else {
        Ok(name)
    }
}

/// Why a new series was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeriesProblem {
    Name(NameProblem),
    /// Another series has this name (regardless of case and spaces).
    Taken,
}

/// An organizer makes a series named as `typed`; returns its id.
pub fn create(
    conn: &mut DbConnection,
    typed: &str,
    by: PersonId,
    ip: &str,
    now: NaiveDateTime,
) -> Result<SeriesId, PlayError<SeriesProblem>> {
    let name = clean_name(typed).map_err(|p| PlayError::Refused(vec![SeriesProblem::Name(p)]))?;
    write_transaction(conn, |conn| {
        let key = name_key(&name);
        if s::by_key(conn, &key)?.is_some() {
            return Err(PlayError::Refused(vec![SeriesProblem::Taken]));
        }
        let id = s::create(conn, &name, &key, by, now)?;
        audit::Entry::new("series.create", format!("series:{id}"))
            .actor(by)
            .said(Message::new(crate::msg!("audit-series-created")).arg("name", &name))
            .ip(ip)
            .record(conn)?;
        Ok(id)
    })
}

/// Why a new sport of a series was refused.
#[derive(Debug, Clone, PartialEq)]
pub enum SportProblem {
    Name(NameProblem),
    Table(TableProblem),
    /// The series has a sport of this name.
    Taken,
    UnknownChampionship,
    /// The person does not organize the championship named for chess
    /// ([`may_link`]).
    NotOrganizer,
}

/// A sport as an organizer typed it.
pub struct NewSport<'a> {
    pub name: &'a str,
    /// The championship it takes its places from, for chess.
    pub championship: Option<ChampionshipId>,
    /// The place → points table; empty for R-3.4's.
    pub points: &'a str,
}

/// An organizer (`admin`: a platform administrator) adds a sport to series
/// `id`; every problem at once, in the order the form shows them. Returns
/// the sport's id.
pub fn add_sport(
    conn: &mut DbConnection,
    id: SeriesId,
    sport: &NewSport,
    by: PersonId,
    admin: bool,
    now: NaiveDateTime,
) -> Result<SeriesSportId, PlayError<SportProblem>> {
    let mut problems = Vec::new();
    let name = clean_name(sport.name)
        .map_err(|p| problems.push(SportProblem::Name(p)))
        .ok();
    let table = parse_points_table(sport.points)
        .map_err(|found| problems.extend(found.into_iter().map(SportProblem::Table)))
        .ok();
    let typed_name = name.clone().unwrap_or_default();
    let championship = sport.championship;
    write_transaction(conn, |conn| {
        s::by_id(conn, id)?.ok_or(PlayError::NotFound)?;
        if s::sports_of(conn, id)?
            .iter()
            .any(|s| name_key(&s.name) == name_key(&typed_name))
        {
            problems.push(SportProblem::Taken);
        }
        if let Some(c) = championship {
            if championships::by_id(conn, c)?.is_none() {
                problems.push(SportProblem::UnknownChampionship);
            } else if !may_link(conn, by, admin, c)? {
                problems.push(SportProblem::NotOrganizer);
            }
        }
        let (Some(name), Some(table), true) = (name, table, problems.is_empty()) else {
            return Err(PlayError::Refused(problems));
        };
        let points = points_table_text(&table);
        let sport = s::add_sport(conn, id, &name, championship, &points, now)?;
        audit::Entry::new("series.sport", format!("series:{id}"))
            .actor(by)
            .said(
                Message::new(crate::msg!("audit-series-sport"))
                    .arg("id", sport)
                    .arg("sport", &name)
                    .arg("points", &points),
            )
            .record(conn)?;
        Ok(sport)
    })
}

/// An organizer gives sport `sport` of series `id` the place → points
/// table `typed`; the series' table counts by it from then on. A sport
/// the series does not have is not found, whatever was typed.
pub fn set_points(
    conn: &mut DbConnection,
    id: SeriesId,
    sport: SeriesSportId,
    typed: &str,
    by: PersonId,
) -> Result<(), PlayError<TableProblem>> {
    let parsed = parse_points_table(typed);
    write_transaction(conn, |conn| {
        let s = s::sports_of(conn, id)?
            .into_iter()
            .find(|s| s.id == sport)
            .ok_or(PlayError::NotFound)?;
        let points = match &parsed {
            Ok(table) => points_table_text(table),
            Err(found) => return Err(PlayError::Refused(found.clone())),
        };
        s::set_points(conn, sport, &points)?;
        audit::Entry::new("series.points", format!("series:{id}"))
            .actor(by)
            .said(
                Message::new(crate::msg!("audit-series-points"))
                    .arg("sport", &s.name)
                    .arg("before", &s.points)
                    .arg("after", &points),
            )
            .record(conn)?;
        Ok(())
    })
}

/// Why a typed place was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceProblem {
    /// Not a whole number from 1.
    BadPlace,
    UnknownSport,
    /// Chess places come from the championship, not by hand.
    ChessSport,
    UnknownOrganization,
}

/// An organizer types an organization's place in a sport of series `id`
/// other than chess (the same number for a tie). The first problem found
/// refuses it: the place, then the sport, then the organization.
pub fn set_place(
    conn: &mut DbConnection,
    id: SeriesId,
    sport: Option<SeriesSportId>,
    organization: Option<OrganizationId>,
    place: Option<i32>,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<(), PlayError<PlaceProblem>> {
    let refused = |p| PlayError::Refused(vec![p]);
    let Some(place) = place.filter(|p| *p >= 1) else {
        return Err(refused(PlaceProblem::BadPlace));
    };
    let (Some(sport), Some(org)) = (sport, organization) else {
        return Err(refused(PlaceProblem::UnknownSport));
    };
    write_transaction(conn, |conn| {
        s::by_id(conn, id)?.ok_or(PlayError::NotFound)?;
        let Some(s) = s::sports_of(conn, id)?.into_iter().find(|s| s.id == sport) else {
            return Err(refused(PlaceProblem::UnknownSport));
        };
        if s.championship_id.is_some() {
            return Err(refused(PlaceProblem::ChessSport));
        }
        let Some(o) = organizations::by_id(conn, org)? else {
            return Err(refused(PlaceProblem::UnknownOrganization));
        };
        s::set_place(conn, sport, org, place, by, now)?;
        audit::Entry::new("series.place", format!("series:{id}"))
            .actor(by)
            .said(
                Message::new(crate::msg!("audit-series-place"))
                    .arg("sport", &s.name)
                    .arg("organization", &o.name)
                    .arg("place", place),
            )
            .record(conn)?;
        Ok(())
    })
}

/// Who may change a series (its sports, points tables, lists and typed
/// places): an admin, the organizer who created it, and the organizers of
/// the championships it takes its chess places from. Other organizers may
/// create series of their own but not change this one.
pub fn may_manage(
    conn: &mut DbConnection,
    person: PersonId,
    is_admin: bool,
    series: &Series,
) -> Result<bool, crate::db::QueryError> {
    if is_admin || series.created_by == Some(person) {
        return Ok(true);
    }
    for c in s::sports_of(conn, series.id)?
        .iter()
        .filter_map(|sport| sport.championship_id)
    {
        if may_link(conn, person, false, c)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether a person may link championship `c` to a series as its chess
/// sport (which puts on the championship's players): an admin or an
/// organizer of `c`.
pub fn may_link(
    conn: &mut DbConnection,
    person: PersonId,
    is_admin: bool,
    c: ChampionshipId,
) -> Result<bool, crate::db::QueryError> {
    Ok(is_admin
        || crate::db::roles::has_role(conn, person, c, &[crate::db::roles::Role::Organizer])?)
}

/// Who may enter a sport's places and list: whoever
/// manages the series ([`may_manage`]), and the organizers of that sport.
pub fn may_manage_sport(
    conn: &mut DbConnection,
    person: PersonId,
    is_admin: bool,
    series: &Series,
    sport: SeriesSportId,
) -> Result<bool, crate::db::QueryError> {
    if may_manage(conn, person, is_admin, series)? {
        return Ok(true);
    }
    Ok(s::sport_organizers(conn, series.id)?
        .iter()
        .any(|(x, p, _)| *x == sport && *p == person))
}

/// The sports of a series other than chess that `person` may enter.
pub fn sports_managed_by(
    conn: &mut DbConnection,
    person: PersonId,
    is_admin: bool,
    series: &Series,
) -> Result<Vec<SeriesSportId>, crate::db::QueryError> {
    let others: Vec<SeriesSportId> = s::sports_of(conn, series.id)?
        .into_iter()
        .filter(|x| x.championship_id.is_none())
        .map(|x| x.id)
        .collect();
    if may_manage(conn, person, is_admin, series)? {
        return Ok(others);
    }
    let mine = s::sport_organizers(conn, series.id)?;
    Ok(others
        .into_iter()
        .filter(|x| mine.iter().any(|(sport, p, _)| sport == x && *p == person))
        .collect())
}

/// Why a sport's organizer was not added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SportOrganizerProblem {
    UnknownSport,
    /// Chess is run by its championship's organizers.
    ChessSport,
    UnknownNick {
        nick: String,
    },
    Already {
        nick: String,
    },
}

/// Whoever manages series `id` makes the person `nick` (with an account,
/// to sign in) an organizer of its sport `sport`.
pub fn add_sport_organizer(
    conn: &mut DbConnection,
    id: SeriesId,
    sport: Option<SeriesSportId>,
    nick: &str,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<(), PlayError<SportOrganizerProblem>> {
    let refused = |p| PlayError::Refused(vec![p]);
    write_transaction(conn, |conn| {
        s::by_id(conn, id)?.ok_or(PlayError::NotFound)?;
        let sports = s::sports_of(conn, id)?;
        let Some(target) = sport.and_then(|x| sports.into_iter().find(|s| s.id == x)) else {
            return Err(refused(SportOrganizerProblem::UnknownSport));
        };
        if target.championship_id.is_some() {
            return Err(refused(SportOrganizerProblem::ChessSport));
        }
        let nick = nick.trim();
        let Some(person) = people::by_nick(conn, nick)?.filter(|p| p.has_account()) else {
            return Err(refused(SportOrganizerProblem::UnknownNick {
                nick: nick.to_owned(),
            }));
        };
        if !s::add_sport_organizer(conn, target.id, person.id, by, now)? {
            return Err(refused(SportOrganizerProblem::Already {
                nick: person.nick,
            }));
        }
        audit::Entry::new("series.sport_organizer", format!("series:{id}"))
            .actor(by)
            .said(
                Message::new(crate::msg!("audit-series-sport-organizer"))
                    .arg("sport", &target.name)
                    .arg("nick", &person.nick),
            )
            .record(conn)?;
        Ok(())
    })
}

/// One line of a sport's places as typed: the organization's name and its
/// place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlacesLineProblem {
    /// No such sport other than chess in the series (line 0: the form).
    UnknownSport,
    /// Not "name; place".
    Unreadable,
    UnknownOrganization {
        name: String,
    },
    BadPlace {
        place: String,
    },
    /// The same organization on two lines.
    Twice {
        name: String,
    },
}

/// A sport's places typed at once ("Организация; место", a line each, as
/// a results sheet lists them): every line checked, each bad one named by
/// its number; stored all at once or not at all.
pub fn set_places(
    conn: &mut DbConnection,
    id: SeriesId,
    sport: Option<SeriesSportId>,
    typed: &str,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<usize, PlayError<(usize, PlacesLineProblem)>> {
    let lines: Vec<(usize, &str)> = typed
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    write_transaction(conn, |conn| {
        s::by_id(conn, id)?.ok_or(PlayError::NotFound)?;
        let Some(target) = s::sports_of(conn, id)?
            .into_iter()
            .find(|s| Some(s.id) == sport && s.championship_id.is_none())
        else {
            return Err(PlayError::Refused(vec![(
                0,
                PlacesLineProblem::UnknownSport,
            )]));
        };
        let mut problems = Vec::new();
        let mut read: Vec<(crate::db::organizations::Organization, i32)> = Vec::new();
        for (n, line) in &lines {
            let Some((name, place)) = line.rsplit_once([';', '\t', ',']) else {
                problems.push((*n, PlacesLineProblem::Unreadable));
                continue;
            };
            let (name, place) = (name.trim(), place.trim());
            let Some(o) = organizations::by_name_key(conn, &name_key(name))? else {
                problems.push((
                    *n,
                    PlacesLineProblem::UnknownOrganization {
                        name: name.to_owned(),
                    },
                ));
                continue;
            };
            let Some(place) = place.parse::<i32>().ok().filter(|p| *p >= 1) else {
                problems.push((
                    *n,
                    PlacesLineProblem::BadPlace {
                        place: place.to_owned(),
                    },
                ));
                continue;
            };
            if read.iter().any(|(x, _)| x.id == o.id) {
                problems.push((*n, PlacesLineProblem::Twice { name: o.name }));
                continue;
            }
            read.push((o, place));
        }
        if read.is_empty() && problems.is_empty() {
            problems.push((0, PlacesLineProblem::Unreadable));
        }
        if !problems.is_empty() {
            return Err(PlayError::Refused(problems));
        }
        for (o, place) in &read {
            s::set_place(conn, target.id, o.id, *place, by, now)?;
        }
        audit::Entry::new("series.places", format!("series:{id}"))
            .actor(by)
            .said(
                Message::new(crate::msg!("audit-series-places"))
                    .arg("sport", &target.name)
                    .list(
                        "places",
                        read.iter().map(|(o, p)| {
                            Message::new(crate::msg!("audit-series-places-line"))
                                .arg("organization", &o.name)
                                .arg("place", p)
                        }),
                        ", ",
                    ),
            )
            .record(conn)?;
        Ok(read.len())
    })
}

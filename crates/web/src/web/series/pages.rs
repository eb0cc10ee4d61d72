//! Corporate series (seed R, R-3.4): the list, a series' table ranking
//! organizations by the points of every sport (each by its own place →
//! points table), and the organizers' forms — create a series, add a sport
//! (chess linked to a championship, or another sport) with its table,
//! change a sport's table, type an organization's place in another sport,
//! list the athletes of the other sports per organization (R-1.8: one
//! sport per athlete across the series).

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::app::PlayError;
use crate::app::access::Organizers;
use crate::app::series::{
    self as series, ListChange, ListingProblem, NameProblem, NewSport, PlaceProblem,
    PlacesLineProblem, SeriesProblem, SeriesTable, SportOrganizerProblem, SportProblem,
};
use crate::db;
use crate::i18n::{Lang, Message, MsgKey};
use crate::ids::{ChampionshipId, OrganizationId, SeriesId, SeriesSportId};
use crate::msg;
use crate::read::series::SeriesPage as SeriesRead;
use crate::rules::athletes::ListProblem;
use crate::rules::series::{SeriesGap, TableProblem, points_table_text, r_3_4_table};
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::CurrentUser;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{Form, TextRules};
use crate::web::infra::guards::{Official, SignedIn, is_official};
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};

pub fn series_url(id: SeriesId) -> String {
    crate::paths::fill1(crate::paths::SERIES, id)
}

#[derive(Template)]
#[template(path = "series/list.html")]
pub struct ListPage {
    ctx: PageCtx,
    rows: Vec<(String, String)>,
    can_create: bool,
    name: String,
    error: Option<String>,
}

async fn list_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    name: String,
    error: Option<String>,
) -> Result<ListPage, AppError> {
    let can_create = match &ctx.user {
        Some(u) => is_official::<Organizers>(state, u).await?,
        None => false,
    };
    let all = state.db(|conn| Ok(db::series::list(conn)?)).await?;
    Ok(ListPage {
        rows: all
            .into_iter()
            .map(|s| (series_url(s.id), s.name))
            .collect(),
        can_create,
        name,
        error,
        ctx,
    })
}

/// `GET /series`.
pub async fn list(ctx: PageCtx, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let p = list_page(ctx, &state, String::new(), None).await?;
    page(StatusCode::OK, &p)
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct NameForm {
    name: String,
}

impl TextRules for NameForm {}

/// A refused name of a series or a sport, in words.
fn name_problem(p: NameProblem) -> MsgKey {
    match p {
        NameProblem::Required => msg!("error-required"),
        NameProblem::TooLong => msg!("error-name-length"),
    }
}

/// `POST /series` (organizers): a new series.
pub async fn create(
    req: HttpRequest,
    ctx: PageCtx,
    official: Official<Organizers>,
    state: web::Data<AppState>,
    form: Form<NameForm>,
) -> Result<HttpResponse, AppError> {
    let (form, text) = form.into_parts();
    let typed = form.name.clone();
    if let Some((_, problem)) = text.first() {
        let error = Some(ctx.render(problem));
        let p = list_page(ctx, &state, typed, error).await?;
        return page(StatusCode::UNPROCESSABLE_ENTITY, &p);
    }
    let (by, ip) = (official.user.id, state.client_ip(&req));
    let name = typed.clone();
    let outcome = state
        .db(move |conn| Ok(series::create(conn, &name, by, &ip, db::utc_now())))
        .await?;
    match outcome {
        Ok(id) => Ok(see_other(&series_url(id))),
        Err(PlayError::Refused(problems)) => {
            let error = problems.first().map(|p| {
                ctx.lang.msg(match p {
                    SeriesProblem::Name(p) => name_problem(*p),
                    SeriesProblem::Taken => msg!("series-taken"),
                })
            });
            let p = list_page(ctx, &state, typed, error).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
        Err(e) => Err(e.into()),
    }
}

pub struct RowView {
    pub place: String,
    pub organization: String,
    /// Per sport: "place · points", or empty.
    pub sports: Vec<String>,
    pub total: String,
    pub why: String,
}

/// A sport as the page shows it.
pub struct SportView {
    pub id: SeriesSportId,
    pub name: String,
    pub chess: bool,
    /// Its place → points table ("12 10 8 6½").
    pub table: String,
    /// Where organizers change the table.
    pub points_url: String,
}

/// What a form of the page holds when it comes back refused: the typed
/// values and every problem, in words.
#[derive(Default)]
pub struct SportForm {
    pub name: String,
    pub championship: String,
    pub points: String,
    pub problems: Vec<String>,
}

#[derive(Default)]
pub struct PointsForm {
    /// The sport whose table form was refused.
    pub sport: SeriesSportId,
    pub points: String,
    pub problems: Vec<String>,
}

#[derive(Default)]
pub struct AthletesForm {
    pub sport: String,
    pub organization: String,
    pub nicks: String,
    /// Full names, one per line (athletes without an account).
    pub names: String,
    pub problems: Vec<String>,
}

/// The places of a sport typed at once, refused.
#[derive(Default)]
pub struct PlacesForm {
    pub sport: String,
    pub text: String,
    pub problems: Vec<String>,
}

/// One sport's list for one organization.
pub struct ListView {
    pub sport: String,
    pub organization: String,
    pub nicks: String,
}

/// The forms' state: empty on a plain view, one filled when it was refused.
#[derive(Default)]
pub struct Forms {
    pub sport: SportForm,
    pub points: PointsForm,
    pub athletes: AthletesForm,
    pub places: PlacesForm,
    /// The place form's or the sport organizer form's refusal.
    pub error: Option<String>,
}

#[derive(Template)]
#[template(path = "series/show.html")]
pub struct ShowPage {
    ctx: PageCtx,
    name: String,
    sports: Vec<SportView>,
    rows: Vec<RowView>,
    lists: Vec<ListView>,
    can_edit: bool,
    sport_url: String,
    place_url: String,
    places_url: String,
    athletes_url: String,
    organizers_url: String,
    /// The sports other than chess the viewer enters places and lists of.
    other_sports: Vec<(SeriesSportId, String)>,
    /// Every sport other than chess (the sport organizer form).
    all_other_sports: Vec<(SeriesSportId, String)>,
    /// Each sport other than chess with its organizers' nicks.
    sport_organizers: Vec<(String, String)>,
    organizations: Vec<(OrganizationId, String)>,
    championships: Vec<(ChampionshipId, String)>,
    default_table: String,
    forms: Forms,
    /// The table as CSV and JSON.
    downloads: crate::web::feeds::exports::DownloadLinks,
}

impl ShowPage {
    /// The table the edit form of `sport` shows: what was typed if that
    /// form came back refused, else the stored one.
    fn points_value(&self, sport: &SportView) -> String {
        if self.forms.points.sport == sport.id && !self.forms.points.problems.is_empty() {
            self.forms.points.points.clone()
        } else {
            sport.table.clone()
        }
    }
}

fn gap_words(lang: Lang, gap: Option<SeriesGap>) -> String {
    match gap {
        None => String::new(),
        Some(SeriesGap::Total { ahead, behind }) => Message::new(msg!("series-gap-total"))
            .arg("ahead", ahead)
            .arg("behind", behind)
            .render(lang),
        Some(SeriesGap::Shared { total }) => Message::new(msg!("series-gap-shared"))
            .arg("total", total)
            .render(lang),
    }
}

/// A problem of a typed place → points table, in words.
pub fn table_problem(lang: Lang, p: &TableProblem) -> String {
    match p {
        TableProblem::NotANumber { place, text } => Message::new(msg!("series-table-not-number"))
            .arg("place", place)
            .arg("text", text),
        TableProblem::Negative { place, text } => Message::new(msg!("series-table-negative"))
            .arg("place", place)
            .arg("text", text),
        TableProblem::TooLarge { place, text } => Message::new(msg!("series-table-too-large"))
            .arg("place", place)
            .arg("text", text)
            .arg("max", crate::rules::series::MAX_PLACE_POINTS),
        TableProblem::Increases {
            place,
            points,
            above_points,
        } => Message::new(msg!("series-table-increases"))
            .arg("place", place)
            .arg("points", points)
            .arg("above", place - 1)
            .arg("above_points", above_points),
        TableProblem::TooLong { found } => Message::new(msg!("series-table-too-long"))
            .arg("found", found)
            .arg("max", crate::rules::series::MAX_TABLE_PLACES),
    }
    .render(lang)
}

/// A problem of a new sport, in words.
fn sport_problem(lang: Lang, p: &SportProblem) -> String {
    match p {
        SportProblem::Name(p) => lang.msg(name_problem(*p)),
        SportProblem::Table(p) => table_problem(lang, p),
        SportProblem::Taken => lang.msg(msg!("series-sport-taken")),
        SportProblem::UnknownChampionship => lang.msg(msg!("series-unknown-championship")),
        SportProblem::NotOrganizer => lang.msg(msg!("series-not-organizer")),
    }
}

/// A problem of a typed place, in words.
fn place_problem(p: PlaceProblem) -> MsgKey {
    match p {
        PlaceProblem::BadPlace => msg!("series-bad-place"),
        PlaceProblem::UnknownSport => msg!("series-unknown-sport"),
        PlaceProblem::ChessSport => msg!("series-chess-places"),
        PlaceProblem::UnknownOrganization => msg!("team-error-organization-unknown"),
    }
}

/// A problem of a change of an athlete list, in words.
pub fn listing_problem(lang: Lang, p: &ListingProblem) -> String {
    match p {
        ListingProblem::UnknownSport => lang.msg(msg!("series-unknown-sport")),
        ListingProblem::ChessSport => lang.msg(msg!("series-chess-athletes")),
        ListingProblem::UnknownOrganization => lang.msg(msg!("team-error-organization-unknown")),
        ListingProblem::BadName { name } => Message::new(msg!("series-athlete-bad-name"))
            .arg("name", name)
            .render(lang),
        ListingProblem::List(p) => match p {
            ListProblem::NoNicks => lang.msg(msg!("series-athletes-none")),
            ListProblem::UnknownNick { nick } => Message::new(msg!("line-unknown-nick"))
                .arg("nick", nick)
                .render(lang),
            ListProblem::NamedTwice { nick } => Message::new(msg!("line-duplicate"))
                .arg("nick", nick)
                .render(lang),
            ListProblem::AlreadyListed { nick } => Message::new(msg!("series-athlete-listed"))
                .arg("nick", nick)
                .render(lang),
            ListProblem::OtherSport { nick, sport } => {
                Message::new(msg!("series-athlete-other-sport"))
                    .arg("nick", nick)
                    .arg("sport", sport)
                    .render(lang)
            }
            ListProblem::NotListed { nick } => Message::new(msg!("series-athlete-not-listed"))
                .arg("nick", nick)
                .render(lang),
        },
    }
}

async fn show_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    id: SeriesId,
    forms: Forms,
) -> Result<ShowPage, AppError> {
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    let read = state
        .db(move |conn| SeriesRead::load(conn, viewer, id)?.ok_or(AppError::NotFound))
        .await?;
    let table = &read.table;
    let others: Vec<(SeriesSportId, String)> = table
        .sports
        .iter()
        .filter(|s| s.championship_id.is_none())
        .map(|s| (s.id, s.name.clone()))
        .collect();
    let sport_organizers = others
        .iter()
        .map(|(sport, name)| {
            let nicks: Vec<&str> = read
                .sport_organizers
                .iter()
                .filter(|(x, _, _)| x == sport)
                .map(|(_, _, nick)| nick.as_str())
                .collect();
            (name.clone(), nicks.join(", "))
        })
        .collect();
    Ok(ShowPage {
        name: table.series.name.clone(),
        sports: sport_views(id, table),
        rows: row_views(ctx.lang, table),
        lists: list_views(table),
        can_edit: read.can_edit,
        sport_url: format!("{}/sports", series_url(id)),
        place_url: crate::paths::fill1(crate::paths::SERIES_PLACES, id),
        places_url: crate::paths::fill1(crate::paths::SERIES_PLACES_LIST, id),
        athletes_url: crate::paths::fill1(crate::paths::SERIES_ATHLETES, id),
        organizers_url: crate::paths::fill1(crate::paths::SERIES_SPORT_ORGANIZERS, id),
        other_sports: others
            .iter()
            .filter(|(x, _)| read.sports_entered.contains(x))
            .cloned()
            .collect(),
        all_other_sports: others,
        sport_organizers,
        organizations: table.organizations.clone().into_iter().collect(),
        championships: read.championships,
        default_table: points_table_text(&r_3_4_table().table),
        forms,
        downloads: crate::web::feeds::exports::DownloadLinks::series(id),
        ctx,
    })
}

fn organization_name(table: &SeriesTable, id: OrganizationId) -> String {
    table.organizations.get(&id).cloned().unwrap_or_default()
}

/// the ranked organizations, each sport's place and points.
fn row_views(lang: Lang, table: &SeriesTable) -> Vec<RowView> {
    table
        .rows
        .iter()
        .map(|r| RowView {
            place: r.place.to_string(),
            organization: organization_name(table, r.organization),
            sports: r
                .sports
                .iter()
                .map(|s| {
                    s.as_ref()
                        .map(|s| format!("{} · {}", s.place, s.points))
                        .unwrap_or_default()
                })
                .collect(),
            total: r.total.to_string(),
            why: gap_words(lang, r.gap),
        })
        .collect()
}

/// the athletes of each sport and organization, one line each.
fn list_views(table: &SeriesTable) -> Vec<ListView> {
    let sport_name = |id: SeriesSportId| {
        table
            .sports
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    };
    let mut lists: Vec<ListView> = Vec::new();
    for a in &table.athletes {
        let sport = sport_name(a.sport_id);
        let organization = organization_name(table, a.organization_id);
        match lists.last_mut() {
            Some(l) if l.sport == sport && l.organization == organization => {
                l.nicks = format!("{}, {}", l.nicks, a.nick);
            }
            _ => lists.push(ListView {
                sport,
                organization,
                nicks: a.nick.clone(),
            }),
        }
    }
    lists
}

/// The sports with their place → points tables.
fn sport_views(id: SeriesId, table: &SeriesTable) -> Vec<SportView> {
    table
        .sports
        .iter()
        .zip(&table.tables)
        .map(|(s, t)| SportView {
            id: s.id,
            name: s.name.clone(),
            chess: s.championship_id.is_some(),
            table: points_table_text(t),
            points_url: format!("{}/sports/{}", series_url(id), s.id),
        })
        .collect()
}

/// The series' page again (422) with a refused form as it was sent and
/// its problems in words.
async fn refused(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    id: SeriesId,
    forms: Forms,
) -> Result<HttpResponse, AppError> {
    let p = show_page(ctx, state, id, forms).await?;
    page(StatusCode::UNPROCESSABLE_ENTITY, &p)
}

/// `GET /series/{id}`: the table (public).
pub async fn show(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<SeriesId>,
) -> Result<HttpResponse, AppError> {
    let p = show_page(ctx, &state, path.into_inner(), Forms::default()).await?;
    page(StatusCode::OK, &p)
}

/// Refuses (403) a change of series `id` by an organizer who does not
/// manage it (`app::series::may_manage`); 404 when there is no such series.
async fn require_manager(
    state: &web::Data<AppState>,
    official: &Official<Organizers>,
    id: SeriesId,
) -> Result<(), AppError> {
    let (person, admin) = (official.user.id, official.user.is_admin);
    let allowed = state
        .db(move |conn| {
            let series = db::series::by_id(conn, id)?.ok_or(AppError::NotFound)?;
            Ok(crate::app::series::may_manage(
                conn, person, admin, &series,
            )?)
        })
        .await?;
    if allowed {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// Refuses (403) a change of sport `sport` of series `id` by someone who
/// neither manages the series nor organizes that sport
/// (`app::series::may_manage_sport`); 404 when there is no such series.
async fn require_sport(
    state: &web::Data<AppState>,
    user: &CurrentUser,
    id: SeriesId,
    sport: Option<SeriesSportId>,
) -> Result<(), AppError> {
    let (person, admin) = (user.id, user.is_admin);
    let allowed = state
        .db(move |conn| {
            let series = db::series::by_id(conn, id)?.ok_or(AppError::NotFound)?;
            if crate::app::series::may_manage(conn, person, admin, &series)? {
                return Ok(true);
            }
            Ok(match sport {
                Some(sport) => {
                    crate::app::series::may_manage_sport(conn, person, admin, &series, sport)?
                }
                None => false,
            })
        })
        .await?;
    if allowed {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct SportFields {
    name: String,
    /// A championship id for chess; empty for another sport.
    championship: String,
    /// The place → points table; empty for R-3.4's.
    points: String,
}

impl TextRules for SportFields {}

/// `POST /series/{id}/sports` (organizers): a sport with its table.
pub async fn add_sport(
    ctx: PageCtx,
    official: Official<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<SeriesId>,
    form: Form<SportFields>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    require_manager(&state, &official, id).await?;
    let (by, admin) = (official.user.id, official.user.is_admin);
    let lang = ctx.lang;
    let form = form.into_inner()?;
    let championship = form.championship.trim().parse::<i64>().ok();
    let (name, points) = (form.name.clone(), form.points.clone());
    let outcome = state
        .db(move |conn| {
            let sport = NewSport {
                name: &name,
                championship: championship.map(ChampionshipId),
                points: &points,
            };
            Ok(series::add_sport(
                conn,
                id,
                &sport,
                by,
                admin,
                db::utc_now(),
            ))
        })
        .await?;
    let problems: Vec<String> = match outcome {
        Ok(_) => {
            AppSession(&session).flash(FlashLevel::Success, msg!("series-sport-added"));
            return Ok(see_other(&series_url(id)));
        }
        Err(PlayError::Refused(found)) => found.iter().map(|p| sport_problem(lang, p)).collect(),
        Err(e) => return Err(e.into()),
    };
    let forms = Forms {
        sport: SportForm {
            name: form.name,
            championship: form.championship,
            points: form.points,
            problems,
        },
        ..Forms::default()
    };
    refused(ctx, &state, id, forms).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct PointsFields {
    points: String,
}

impl TextRules for PointsFields {}

/// `POST /series/{id}/sports/{sport}` (organizers): a sport's new place →
/// points table; the table of the series counts by it from now on.
pub async fn set_points(
    ctx: PageCtx,
    official: Official<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(SeriesId, SeriesSportId)>,
    form: Form<PointsFields>,
) -> Result<HttpResponse, AppError> {
    let (id, sport) = path.into_inner();
    require_manager(&state, &official, id).await?;
    let by = official.user.id;
    let lang = ctx.lang;
    let typed = form.into_inner()?.points;
    let points = typed.clone();
    let outcome = state
        .db(move |conn| Ok(series::set_points(conn, id, sport, &points, by)))
        .await?;
    match outcome {
        Ok(()) => {
            AppSession(&session).flash(FlashLevel::Success, msg!("series-points-set"));
            Ok(see_other(&series_url(id)))
        }
        Err(PlayError::Refused(found)) => {
            let forms = Forms {
                points: PointsForm {
                    sport,
                    points: typed,
                    problems: found.iter().map(|p| table_problem(lang, p)).collect(),
                },
                ..Forms::default()
            };
            refused(ctx, &state, id, forms).await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct AthletesFields {
    sport: String,
    organization: String,
    nicks: String,
    /// Full names, one per line.
    names: String,
    /// `add` or `remove` (the button pressed).
    action: String,
}

impl TextRules for AthletesFields {
    const LONG_LINES: &'static [(&'static str, usize)] = &[("nicks", 5_000)];
    const BLOCKS: &'static [(&'static str, usize)] = &[("names", 10_000)];
}

/// `POST /series/{id}/athletes` (the series' managers, the sport's
/// organizers): people added to (or removed from) a sport's list for an
/// organization, by nick or by full name (a name nobody of the
/// organization has is entered as a record, no account needed)
/// refuses anyone already in another sport of the series, chess entries
/// included.
pub async fn change_athletes(
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<SeriesId>,
    form: Form<AthletesFields>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let form = form.into_inner()?;
    let sport = form.sport.trim().parse::<SeriesSportId>().ok();
    require_sport(&state, &user, id, sport).await?;
    let by = user.id;
    let change = form.change();
    let organization = form.organization.trim().parse::<OrganizationId>().ok();
    let (nicks, names) = (form.nicks.clone(), form.names.clone());
    let outcome = state
        .db(move |conn| {
            let now = db::utc_now();
            let typed = series::Typed {
                nicks: &nicks,
                names: &names,
            };
            let changed =
                series::change_list(conn, id, sport, organization, typed, change, by, now);
            Ok(changed)
        })
        .await?;
    match outcome {
        Ok(_) => {
            let done = match change {
                ListChange::Add => msg!("series-athletes-added"),
                ListChange::Remove => msg!("series-athletes-removed"),
            };
            AppSession(&session).flash(FlashLevel::Success, done);
            Ok(see_other(&series_url(id)))
        }
        Err(PlayError::Refused(found)) => {
            let forms = Forms {
                athletes: form.refused(ctx.lang, &found),
                ..Forms::default()
            };
            refused(ctx, &state, id, forms).await
        }
        Err(e) => Err(e.into()),
    }
}

impl AthletesFields {
    /// The button pressed: remove, else add.
    fn change(&self) -> ListChange {
        if self.action == "remove" {
            ListChange::Remove
        } else {
            ListChange::Add
        }
    }

    /// The form again with everything typed and every problem in words.
    fn refused(self, lang: Lang, found: &[ListingProblem]) -> AthletesForm {
        AthletesForm {
            sport: self.sport,
            organization: self.organization,
            nicks: self.nicks,
            names: self.names,
            problems: found.iter().map(|p| listing_problem(lang, p)).collect(),
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct PlaceForm {
    sport: String,
    organization: String,
    place: String,
}

impl TextRules for PlaceForm {}
/// `POST /series/{id}/places` (the series' managers, the sport's
/// organizers): an organization's place in a sport other than chess; the
/// same number for a tie.
pub async fn set_place(
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<SeriesId>,
    form: Form<PlaceForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let id = path.into_inner();
    let sport = form.sport.trim().parse::<SeriesSportId>().ok();
    require_sport(&state, &user, id, sport).await?;
    let by = user.id;
    let organization = form.organization.trim().parse::<OrganizationId>().ok();
    let place = form.place.trim().parse::<i32>().ok();
    let outcome = state
        .db(move |conn| {
            Ok(series::set_place(
                conn,
                id,
                sport,
                organization,
                place,
                by,
                db::utc_now(),
            ))
        })
        .await?;
    let outcome = match outcome {
        Ok(()) => Ok(()),
        Err(PlayError::Refused(problems)) => Err(problems
            .first()
            .map_or(msg!("series-unknown-sport"), |p| place_problem(*p))),
        Err(e) => return Err(e.into()),
    };
    after(ctx, &state, &session, id, outcome, msg!("series-place-set")).await
}

async fn after(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    session: &Session,
    id: SeriesId,
    outcome: Result<(), MsgKey>,
    done: MsgKey,
) -> Result<HttpResponse, AppError> {
    match outcome {
        Ok(()) => {
            AppSession(session).flash(FlashLevel::Success, done);
            Ok(see_other(&series_url(id)))
        }
        Err(key) => {
            let forms = Forms {
                error: Some(ctx.lang.msg(key)),
                ..Forms::default()
            };
            refused(ctx, state, id, forms).await
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct PlacesFields {
    sport: String,
    /// "Организация; место", a line each.
    places: String,
}

impl TextRules for PlacesFields {
    const BLOCKS: &'static [(&'static str, usize)] = &[("places", 10_000)];
}

/// A line of typed places the rules refuse, in words with its number.
fn places_line_problem(lang: Lang, (line, p): &(usize, PlacesLineProblem)) -> String {
    let what = match p {
        PlacesLineProblem::UnknownSport => lang.msg(msg!("series-unknown-sport")),
        PlacesLineProblem::Unreadable => lang.msg(msg!("series-places-unreadable")),
        PlacesLineProblem::UnknownOrganization { name } => {
            Message::new(msg!("series-places-unknown-organization"))
                .arg("name", name)
                .render(lang)
        }
        PlacesLineProblem::BadPlace { place } => Message::new(msg!("series-places-bad-place"))
            .arg("place", place)
            .render(lang),
        PlacesLineProblem::Twice { name } => Message::new(msg!("series-places-twice"))
            .arg("name", name)
            .render(lang),
    };
    if *line == 0 {
        what
    } else {
        Message::new(msg!("series-places-line"))
            .arg("line", line)
            .arg("problem", what)
            .render(lang)
    }
}

/// `POST /series/{id}/places/list` (the series' managers, the sport's
/// organizers): a sport's places typed at once, a line per organization
/// as the sport's results sheet lists them; stored all or none.
pub async fn set_places(
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<SeriesId>,
    form: Form<PlacesFields>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let id = path.into_inner();
    let sport = form.sport.trim().parse::<SeriesSportId>().ok();
    require_sport(&state, &user, id, sport).await?;
    let (by, text) = (user.id, form.places.clone());
    let outcome = state
        .db(move |conn| {
            Ok(series::set_places(
                conn,
                id,
                sport,
                &text,
                by,
                db::utc_now(),
            ))
        })
        .await?;
    match outcome {
        Ok(count) => {
            AppSession(&session).flash(
                FlashLevel::Success,
                Message::new(msg!("series-places-set")).arg("count", count),
            );
            Ok(see_other(&series_url(id)))
        }
        Err(PlayError::Refused(found)) => {
            let forms = Forms {
                places: PlacesForm {
                    sport: form.sport,
                    text: form.places,
                    problems: found
                        .iter()
                        .map(|p| places_line_problem(ctx.lang, p))
                        .collect(),
                },
                ..Forms::default()
            };
            refused(ctx, &state, id, forms).await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct SportOrganizerFields {
    sport: String,
    nick: String,
}

impl TextRules for SportOrganizerFields {}

/// `POST /series/{id}/sport-organizers` (the series' managers): a person
/// with an account organizes a sport other than chess — its places and
/// its athletes' list, nothing else of the series.
pub async fn add_sport_organizer(
    ctx: PageCtx,
    official: Official<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<SeriesId>,
    form: Form<SportOrganizerFields>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let id = path.into_inner();
    require_manager(&state, &official, id).await?;
    let by = official.user.id;
    let sport = form.sport.trim().parse::<SeriesSportId>().ok();
    let nick = form.nick.clone();
    let outcome = state
        .db(move |conn| {
            Ok(series::add_sport_organizer(
                conn,
                id,
                sport,
                &nick,
                by,
                db::utc_now(),
            ))
        })
        .await?;
    let outcome = match outcome {
        Ok(()) => Ok(()),
        Err(PlayError::Refused(problems)) => {
            let words = problems
                .first()
                .map(|p| match p {
                    SportOrganizerProblem::UnknownSport => {
                        ctx.lang.msg(msg!("series-unknown-sport"))
                    }
                    SportOrganizerProblem::ChessSport => {
                        ctx.lang.msg(msg!("series-sport-organizer-chess"))
                    }
                    SportOrganizerProblem::UnknownNick { nick } => {
                        Message::new(msg!("line-unknown-nick"))
                            .arg("nick", nick)
                            .render(ctx.lang)
                    }
                    SportOrganizerProblem::Already { nick } => {
                        Message::new(msg!("series-sport-organizer-already"))
                            .arg("nick", nick)
                            .render(ctx.lang)
                    }
                })
                .unwrap_or_default();
            Err(words)
        }
        Err(e) => return Err(e.into()),
    };
    match outcome {
        Ok(()) => {
            AppSession(&session).flash(FlashLevel::Success, msg!("series-sport-organizer-added"));
            Ok(see_other(&series_url(id)))
        }
        Err(words) => {
            let forms = Forms {
                error: Some(words),
                ..Forms::default()
            };
            refused(ctx, &state, id, forms).await
        }
    }
}

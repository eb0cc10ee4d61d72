//! The public read endpoints of `/api/v1`: championships, their
//! tournaments, a tournament's standings (with tie-break values by TRF
//! code and why each row is ahead of the next), its published rounds with
//! matches and board results, and teams with their rosters.
//!
//! The values are the pages' own: standings come from
//! `read::standings::tournament_standings_explained` (the CSV/JSON downloads'
//! view), rounds and games from `play::rounds::Loaded`. Drafts stay
//! hidden, as on the public pages. Lists are paged by `limit` (1–100,
//! default 50) and `offset`; each answer says the total and the next
//! offset.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, FixedOffset, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::problem::{ApiError, Problem};
use crate::api::ApiDb;
use crate::api::NestedPath;
use crate::app::rounds::Loaded;
use crate::db;
use crate::ids::{ChampionshipId, EntryId, GameId, MatchId, PersonId, TeamId, TournamentId};
use crate::paths::segments::{ChampionshipPath, RoundNoPath, TeamPath, TournamentPath};
use crate::read::standings::TieBreakNumber;
use crate::read::standings::{TieBreakValue, points, tournament_standings_explained};
use crate::rules::ranking::{Criterion, Separation, Step};
use crate::rules::score::{HalfPoints, ScoreKind};
use crate::state::AppState;

// ------------------------------------------------------------ parameters

pub const DEFAULT_LIMIT: u32 = 50;
pub const MAX_LIMIT: u32 = 100;
/// The largest `offset`: the schema's int32 range (a list never holds more).
pub const MAX_OFFSET: u32 = i32::MAX as u32;

/// Paging of a list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// How many items to return: 1–100, 50 when absent.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// How many items to skip from the start: 0 when absent.
    #[param(minimum = 0, maximum = 2147483647)]
    pub offset: Option<u32>,
}

impl PageQuery {
    /// `(limit, offset)`, or why they are refused.
    fn bounds(&self) -> Result<(u32, u32), ApiError> {
        let limit = self.limit.unwrap_or(DEFAULT_LIMIT);
        if !(1..=MAX_LIMIT).contains(&limit) {
            return Err(ApiError::LimitOutOfRange { max: MAX_LIMIT });
        }
        let offset = self.offset.unwrap_or(0);
        if offset > MAX_OFFSET {
            return Err(ApiError::OffsetOutOfRange { max: MAX_OFFSET });
        }
        Ok((limit, offset))
    }
}

/// The language of texts in the answer.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LangQuery {
    /// `ru` or `en`; overrides `Accept-Language`. Russian when neither names
    /// a language the platform speaks.
    pub lang: Option<String>,
}

/// Where a page of a list is.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Pagination {
    pub limit: u32,
    pub offset: u32,
    /// Items in the whole list.
    pub total: u64,
    /// The `offset` of the next page; `null` on the last page.
    pub next_offset: Option<u32>,
}

fn page_of<T>(all: Vec<T>, limit: u32, offset: u32) -> (Vec<T>, Pagination) {
    let total = all.len() as u64;
    let items: Vec<T> = all
        .into_iter()
        .skip(offset as usize)
        .take(limit as usize)
        .collect();
    (items, pagination(limit, offset, total))
}

fn pagination(limit: u32, offset: u32, total: u64) -> Pagination {
    let end = u64::from(offset) + u64::from(limit);
    Pagination {
        limit,
        offset,
        total,
        next_offset: (end < total).then(|| u32::try_from(end).unwrap_or(u32::MAX)),
    }
}

fn utc(at: NaiveDateTime) -> DateTime<Utc> {
    at.and_utc()
}

// ---------------------------------------------------------- championships

/// The regulation a championship plays under, in short.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RegulationSummary {
    pub name: String,
    /// Boards per match.
    pub boards: u8,
    /// `match_points` or `game_points`: what ranks teams first.
    pub primary_score: String,
    /// The tie-breaks in order, by TRF-2026 code.
    pub tie_breaks: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ChampionshipSummary {
    #[schema(value_type = i64)]
    pub id: ChampionshipId,
    pub slug: String,
    pub name: String,
    /// IANA time zone of the championship's dates.
    pub time_zone: String,
    /// The preset the regulation started from (`G`, `R`, `E`), if any.
    pub preset: String,
    /// This championship in the API.
    pub url: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ChampionshipList {
    pub items: Vec<ChampionshipSummary>,
    pub pagination: Pagination,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Championship {
    #[schema(value_type = i64)]
    pub id: ChampionshipId,
    pub slug: String,
    pub name: String,
    pub time_zone: String,
    pub preset: String,
    /// `null` for a championship without a regulation yet.
    pub regulation: Option<RegulationSummary>,
    /// How many tournaments the season has.
    pub tournament_count: u64,
    /// Its tournaments in the API.
    pub tournaments_url: String,
    /// The championship's page for people.
    pub page_url: String,
}

fn score_name(k: ScoreKind) -> String {
    match k {
        ScoreKind::MatchPoints => "match_points",
        ScoreKind::GamePoints => "game_points",
    }
    .to_owned()
}

fn championship_url(id: ChampionshipId) -> String {
    format!("/api/v1/championships/{id}")
}

fn summary(c: &db::championships::Championship) -> ChampionshipSummary {
    ChampionshipSummary {
        id: c.id,
        slug: c.slug.clone(),
        name: c.name.clone(),
        time_zone: c.time_zone.clone(),
        preset: c.preset.clone(),
        url: championship_url(c.id),
    }
}

/// The championships, newest first.
#[utoipa::path(
    get,
    path = "/api/v1/championships",
    tag = "read",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of championships, newest first", body = ChampionshipList),
        (status = 400, description = "A paging value out of range", body = Problem, content_type = "application/problem+json"),
        (status = 500, description = "The server failed", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn championships(
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
) -> Result<web::Json<ChampionshipList>, ApiError> {
    let (limit, offset) = query.bounds()?;
    let (rows, total) = state
        .db(move |conn| {
            let rows = db::championships::page(conn, i64::from(limit), i64::from(offset))?;
            Ok((rows, db::championships::count(conn)?))
        })
        .await?;
    Ok(web::Json(ChampionshipList {
        items: rows.iter().map(summary).collect(),
        pagination: pagination(limit, offset, u64::try_from(total).unwrap_or(0)),
    }))
}

/// One championship with its regulation in short.
#[utoipa::path(
    get,
    path = "/api/v1/championships/{championship_id}",
    tag = "read",
    params(ChampionshipPath),
    responses(
        (status = 200, description = "The championship", body = Championship),
        (status = 404, description = "No such championship", body = Problem, content_type = "application/problem+json"),
        (status = 500, description = "The server failed", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn championship(
    state: web::Data<AppState>,
    path: web::Path<ChampionshipPath>,
) -> Result<web::Json<Championship>, ApiError> {
    let id = path.championship_id;
    let (c, regulation, count) = state
        .db(move |conn| {
            let c = db::championships::by_id(conn, id)?.ok_or(ApiError::NotFound)?;
            let regulation = crate::app::regulation::in_force(conn, &c, db::utc_now())?.regulation;
            Ok((
                c,
                regulation,
                db::tournaments::of_championship(conn, id)?.len(),
            ))
        })
        .await?;
    let regulation = Some(RegulationSummary {
        name: regulation.name.clone(),
        boards: regulation.boards,
        primary_score: score_name(regulation.scoring.primary),
        tie_breaks: regulation
            .tie_breaks
            .chain
            .iter()
            .map(ToString::to_string)
            .collect(),
    });
    Ok(web::Json(Championship {
        id: c.id,
        slug: c.slug.clone(),
        name: c.name.clone(),
        time_zone: c.time_zone.clone(),
        preset: c.preset.clone(),
        regulation,
        tournament_count: count as u64,
        tournaments_url: format!("{}/tournaments", championship_url(c.id)),
        page_url: crate::paths::championship(id),
    }))
}

// ------------------------------------------------------------ tournaments

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct TournamentSummary {
    #[schema(value_type = i64)]
    pub id: TournamentId,
    #[schema(value_type = i64)]
    pub championship_id: ChampionshipId,
    /// The tournament's number in the season.
    pub number: i32,
    /// The start, in UTC.
    pub starts_at: DateTime<Utc>,
    /// The same instant in the championship's time zone.
    pub starts_local: DateTime<FixedOffset>,
    /// Round 1 is drawn: the field is frozen.
    pub drawn: bool,
    pub finished: bool,
    /// Grows with every change of a result, penalty or decision: a cache
    /// of the standings is good while it stays the same.
    pub results_version: i64,
    /// This tournament in the API.
    pub url: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct TournamentList {
    pub items: Vec<TournamentSummary>,
    pub pagination: Pagination,
}

/// The format chosen at the draw for the field.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct FormatSummary {
    /// `round_robin`, `swiss` or `knockout`.
    pub system: String,
    /// 1, or 2 games per pairing with reversed colours.
    pub games_per_pairing: u8,
    /// Rounds when fixed (Swiss); `null` for a round robin.
    pub rounds: Option<u8>,
}

/// An entry of the tournament: a team, or a team's double (G-B13).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct EntrySummary {
    #[schema(value_type = i64)]
    pub id: EntryId,
    #[schema(value_type = i64)]
    pub team_id: TeamId,
    pub name: String,
    /// The start number; `null` before the draw or when not playing.
    pub start_no: Option<i32>,
    /// `entered`, `withdrawn` or `retired` (G-G2).
    pub status: String,
}

/// A published round.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RoundLink {
    pub number: i32,
    /// `regular`, or `playoff` (G-V42).
    pub kind: String,
    pub published_at: Option<DateTime<Utc>>,
    pub url: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Tournament {
    /// What the list of tournaments says of it (`url` is this document).
    #[serde(flatten)]
    pub summary: TournamentSummary,
    /// `null` before the draw.
    pub format: Option<FormatSummary>,
    pub entries: Vec<EntrySummary>,
    /// Published rounds, in order.
    pub rounds: Vec<RoundLink>,
    pub standings_url: String,
    pub rounds_url: String,
    /// The tournament's page for people.
    pub page_url: String,
}

fn tournament_url(c: ChampionshipId, t: TournamentId) -> String {
    format!("/api/v1/championships/{c}/tournaments/{t}")
}

fn tournament_summary(t: &db::tournaments::Tournament, tz: chrono_tz::Tz) -> TournamentSummary {
    TournamentSummary {
        id: t.id,
        championship_id: t.championship_id,
        number: t.number,
        starts_at: utc(t.starts_at),
        starts_local: utc(t.starts_at).with_timezone(&tz).fixed_offset(),
        drawn: t.drawn_at.is_some(),
        finished: t.finished_at.is_some(),
        results_version: t.results_version,
        url: tournament_url(t.championship_id, t.id),
    }
}

/// A championship's tournaments, in start order.
#[utoipa::path(
    get,
    path = "/api/v1/championships/{championship_id}/tournaments",
    tag = "read",
    params(ChampionshipPath, PageQuery),
    responses(
        (status = 200, description = "A page of the season's tournaments, in start order", body = TournamentList),
        (status = 400, description = "A paging value out of range", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such championship", body = Problem, content_type = "application/problem+json"),
        (status = 500, description = "The server failed", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn tournaments(
    state: web::Data<AppState>,
    path: web::Path<ChampionshipPath>,
    query: web::Query<PageQuery>,
) -> Result<web::Json<TournamentList>, ApiError> {
    let (limit, offset) = query.bounds()?;
    let id = path.championship_id;
    let (c, all) = state
        .db(move |conn| {
            let c = db::championships::by_id(conn, id)?.ok_or(ApiError::NotFound)?;
            Ok((c, db::tournaments::of_championship(conn, id)?))
        })
        .await?;
    let tz = c.tz();
    let (items, pagination) = page_of(all, limit, offset);
    Ok(web::Json(TournamentList {
        items: items.iter().map(|t| tournament_summary(t, tz)).collect(),
        pagination,
    }))
}

/// The tournament of the route, if it belongs to the route's championship.
async fn load(
    state: &web::Data<AppState>,
    c: ChampionshipId,
    t: TournamentId,
) -> Result<Loaded, ApiError> {
    let loaded = state.db(move |conn| Ok(Loaded::load(conn, t)?)).await?;
    loaded
        .filter(|l| l.ctx.championship.id == c)
        .ok_or(ApiError::NotFound)
}

fn system_name(s: crate::rules::tournament::PairingSystem) -> String {
    use crate::rules::tournament::PairingSystem;
    match s {
        PairingSystem::RoundRobin => "round_robin",
        PairingSystem::Swiss => "swiss",
        PairingSystem::Knockout => "knockout",
    }
    .to_owned()
}

/// One tournament: format, entries and published rounds.
#[utoipa::path(
    get,
    path = "/api/v1/championships/{championship_id}/tournaments/{tournament_id}",
    tag = "read",
    params(TournamentPath),
    responses(
        (status = 200, description = "The tournament", body = Tournament),
        (status = 404, description = "No such tournament in this championship", body = Problem, content_type = "application/problem+json"),
        (status = 500, description = "The server failed", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn tournament(
    state: web::Data<AppState>,
    path: NestedPath<TournamentPath>,
) -> Result<web::Json<Tournament>, ApiError> {
    let l = load(&state, path.championship_id, path.tournament_id).await?;
    let s = tournament_summary(&l.ctx.tournament, l.ctx.tz);
    let base = tournament_url(s.championship_id, s.id);
    let mut entries: Vec<&db::entries::Entry> = l.entries.iter().collect();
    entries.sort_by_key(|e| (e.start_no.is_none(), e.start_no, e.id));
    Ok(web::Json(Tournament {
        format: l.drawn().map(|d| FormatSummary {
            system: system_name(d.format.system),
            games_per_pairing: d.format.games_per_pairing,
            rounds: d.format.rounds,
        }),
        entries: entries
            .into_iter()
            .map(|e| EntrySummary {
                id: e.id,
                team_id: e.team_id,
                name: e.name.clone(),
                start_no: e.start_no,
                status: e.status.clone(),
            })
            .collect(),
        rounds: l
            .rounds
            .iter()
            .filter(|r| r.is_published())
            .map(|r| RoundLink {
                number: r.number,
                kind: r.kind.clone(),
                published_at: r.published_at.map(utc),
                url: format!("{base}/rounds/{}", r.number),
            })
            .collect(),
        standings_url: format!("{base}/standings"),
        rounds_url: format!("{base}/rounds"),
        page_url: crate::paths::tournament(l.ctx.championship_id(), l.ctx.id()),
        summary: s,
    }))
}

// -------------------------------------------------------------- standings

/// What separated a row from the next one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GapCriterion {
    MatchPoints,
    GamePoints,
    /// An over-the-board play-off (G-V42).
    Playoff,
    /// A tie-break of the regulation's chain (`code` names it).
    TieBreak,
}

/// Where inside a multi-step tie-break the rows parted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GapStep {
    /// EDE on the primary score.
    Primary,
    /// EDE on the secondary score.
    Secondary,
    /// Board count.
    BoardCount,
    /// Points on board `boards` (TBR).
    Board,
    /// Points without the bottom `boards` boards (BBE).
    WithoutBottomBoards,
}

/// Why a row is ahead of the next one: the data, and the same in words.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Gap {
    pub criterion: GapCriterion,
    /// The tie-break's TRF-2026 code when `criterion` is `tie_break`.
    pub code: Option<String>,
    pub step: Option<GapStep>,
    /// The board (TBR) or the number of bottom boards left out (BBE).
    pub boards: Option<u8>,
    /// The value of the row ahead.
    pub ahead: TieBreakNumber,
    /// The value of the next row.
    pub behind: TieBreakNumber,
    /// The explanation in the answer's language, as on the standings page.
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct StandingsRow {
    /// `1`, or `2–3` for a shared place.
    pub rank: String,
    pub place_first: u32,
    pub place_last: u32,
    pub start_no: u16,
    /// The entry's name (a team, or a team's double).
    pub entry: String,
    #[schema(value_type = Option<i64>)]
    pub entry_id: Option<EntryId>,
    #[schema(value_type = Option<i64>)]
    pub team_id: Option<TeamId>,
    /// Seed E: the group (E-8) of the row.
    pub group: Option<String>,
    /// Seed E once the play-off has decided the final places (E-1): the
    /// row's place in its group; `rank` is then the final place.
    pub group_rank: Option<String>,
    /// MP.
    pub match_points: f64,
    /// GP.
    pub game_points: f64,
    /// The regulation's tie-breaks, in order, each by TRF-2026 code.
    pub tie_breaks: Vec<TieBreakValue>,
    /// Why this row is ahead of the next one of its table; `null` for a
    /// shared place and for the last row.
    pub ahead_of_next: Option<Gap>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Standings {
    #[schema(value_type = i64)]
    pub championship_id: ChampionshipId,
    #[schema(value_type = i64)]
    pub tournament_id: TournamentId,
    /// The tournament's number in the season.
    pub tournament: i32,
    pub finished: bool,
    pub results_version: i64,
    /// The language of the `text` fields: `ru` or `en`.
    pub lang: String,
    /// The tie-break codes, in the regulation's order.
    pub tie_breaks: Vec<String>,
    /// In order of places; seed E's group tables one after the other.
    pub rows: Vec<StandingsRow>,
}

fn gap(
    lang: crate::i18n::Lang,
    s: &Separation,
    primary: ScoreKind,
    chain: &[crate::rules::tiebreak::TieBreak],
) -> Gap {
    let (criterion, code, step) = match &s.criterion {
        Criterion::PrimaryScore(ScoreKind::MatchPoints) => (GapCriterion::MatchPoints, None, None),
        Criterion::PrimaryScore(ScoreKind::GamePoints) => (GapCriterion::GamePoints, None, None),
        Criterion::PlayOff => (GapCriterion::Playoff, None, None),
        Criterion::TieBreak { tie_break, step } => {
            (GapCriterion::TieBreak, Some(tie_break.to_string()), *step)
        }
    };
    let (step, boards) = match step {
        None => (None, None),
        Some(Step::Primary) => (Some(GapStep::Primary), None),
        Some(Step::Secondary) => (Some(GapStep::Secondary), None),
        Some(Step::BoardCount) => (Some(GapStep::BoardCount), None),
        Some(Step::Board(b)) => (Some(GapStep::Board), Some(b)),
        Some(Step::WithoutBottomBoards(n)) => (Some(GapStep::WithoutBottomBoards), Some(n)),
    };
    Gap {
        criterion,
        code,
        step,
        boards,
        ahead: TieBreakNumber::of(&s.ahead),
        behind: TieBreakNumber::of(&s.behind),
        text: crate::read::wording::gap_after(lang, s, primary, chain),
    }
}

/// The tournament's standings, as its page shows them.
///
/// Published rounds only; the regulation's tie-breaks with their values
/// by TRF-2026 code, and why each row is ahead of the next (as data and
/// in words). The words follow `?lang=`, else `Accept-Language`, else
/// Russian; the answer's `Content-Language` says which.
#[utoipa::path(
    get,
    path = "/api/v1/championships/{championship_id}/tournaments/{tournament_id}/standings",
    tag = "read",
    params(
        TournamentPath,
        LangQuery,
        ("Accept-Language" = Option<String>, Header, description = "The reader's languages (`ru`, `en`); `?lang=` wins"),
    ),
    responses(
        (status = 200, description = "The standings", body = Standings,
            headers(("Content-Language" = String, description = "`ru` or `en`"))),
        (status = 404, description = "No such tournament in this championship", body = Problem, content_type = "application/problem+json"),
        (status = 500, description = "The server failed", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn standings(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: NestedPath<TournamentPath>,
) -> Result<HttpResponse, ApiError> {
    let lang = super::request_lang(&req);
    let l = load(&state, path.championship_id, path.tournament_id).await?;
    let (table, gaps) = tournament_standings_explained(&l);
    let entry_of = |start_no: u16| {
        l.playing()
            .into_iter()
            .find(|e| e.start_no == Some(i32::from(start_no)))
            .map(|e| (e.id, e.team_id))
    };
    let rows = table
        .rows
        .into_iter()
        .zip(gaps)
        .map(|(row, g)| {
            let ids = entry_of(row.start_no);
            StandingsRow {
                rank: row.rank,
                place_first: row.place_first,
                place_last: row.place_last,
                start_no: row.start_no,
                entry: row.entry,
                entry_id: ids.map(|x| x.0),
                team_id: ids.map(|x| x.1),
                group: row.group,
                group_rank: row.group_rank,
                match_points: row.match_points,
                game_points: row.game_points,
                tie_breaks: row.tie_breaks,
                ahead_of_next: g.as_ref().map(|g| {
                    gap(
                        lang,
                        g,
                        l.ctx.regulation.scoring.primary,
                        &l.ctx.regulation.tie_breaks.chain,
                    )
                }),
            }
        })
        .collect();
    let body = Standings {
        championship_id: table.championship_id,
        tournament_id: table.tournament_id,
        tournament: table.tournament,
        finished: table.finished,
        results_version: l.ctx.tournament.results_version,
        lang: lang.code().to_owned(),
        tie_breaks: table.tie_breaks,
        rows,
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_LANGUAGE, lang.code()))
        .json(body))
}

// ----------------------------------------------------------------- rounds

/// One side of a match.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Side {
    #[schema(value_type = i64)]
    pub entry_id: EntryId,
    #[schema(value_type = Option<i64>)]
    pub team_id: Option<TeamId>,
    pub name: String,
    pub start_no: Option<i32>,
}

/// A match's score in game points, home first.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct MatchScore {
    pub home: f64,
    pub away: f64,
}

/// One game of a match. `result` is home side first: `1-0`, `1/2`, `0-1`,
/// forfeits `+-`, `-+`, `--`, or `pending`, `replay` (G-V23).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct GameResult {
    #[schema(value_type = i64)]
    pub id: GameId,
    pub board: i32,
    /// 1, or 2 in the second game of a pairing.
    pub game_no: i32,
    /// Whether the home side has White.
    pub home_white: bool,
    /// Nicks; `null` for an empty board.
    pub home_player: Option<String>,
    pub away_player: Option<String>,
    pub result: String,
    /// Send it back with a result: a changed game answers 409.
    pub version: i32,
    /// Where a game server posts the result (with an API token).
    pub result_url: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Match {
    #[schema(value_type = i64)]
    pub id: MatchId,
    pub table: i32,
    /// `main`, `group`, `semi`, `final`, `third`, `knockout`, `armageddon`
    /// (E-9) or `playoff` (G-V42).
    pub stage: String,
    pub group: Option<i32>,
    pub home: Side,
    /// `null`: the home side has a bye.
    pub away: Option<Side>,
    /// A match forfeited whole: `home` (home wins), `away` or `double`.
    pub forfeit: Option<String>,
    /// `null` until a game has a result (and for a bye).
    pub score: Option<MatchScore>,
    pub games: Vec<GameResult>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Round {
    pub number: i32,
    /// `regular`, or `playoff` (G-V42).
    pub kind: String,
    pub published_at: Option<DateTime<Utc>>,
    /// Every game has a result (G-V23).
    pub complete: bool,
    pub matches: Vec<Match>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RoundList {
    pub items: Vec<Round>,
    pub pagination: Pagination,
}

fn side(l: &Loaded, entry: EntryId) -> Side {
    let e = l.entries.iter().find(|x| x.id == entry);
    Side {
        entry_id: entry,
        team_id: e.map(|x| x.team_id),
        name: e.map(|x| x.name.clone()).unwrap_or_default(),
        start_no: e.and_then(|x| x.start_no),
    }
}

fn round_view(l: &Loaded, round: &db::rounds::Round) -> Round {
    let cap = l.to_rules().round_cap();
    let (c, t) = (l.ctx.championship.id, l.ctx.tournament.id);
    let nick = |id: Option<PersonId>| id.and_then(|i| l.nicks.get(&i).cloned());
    let matches = l
        .matches_of(round.id)
        .map(|m| {
            let games: Vec<&db::rounds::Game> = l.games_of(m.id).collect();
            let mut scored = false;
            let (mut h, mut a) = (HalfPoints::ZERO, HalfPoints::ZERO);
            for g in &games {
                if let Some((x, y)) = g.result().points() {
                    scored = true;
                    h += x;
                    a += y;
                }
            }
            let score = match (m.forfeit.as_deref(), m.away_entry_id) {
                (_, None) => None,
                (Some("home"), _) => Some((cap, HalfPoints::ZERO)),
                (Some("away"), _) => Some((HalfPoints::ZERO, cap)),
                (Some(_), _) => Some((HalfPoints::ZERO, HalfPoints::ZERO)),
                (None, _) => scored.then_some((h, a)),
            };
            Match {
                id: m.id,
                table: m.table_no,
                stage: m.stage.clone(),
                group: m.group_no,
                home: side(l, m.home_entry_id),
                away: m.away_entry_id.map(|a| side(l, a)),
                forfeit: m.forfeit.clone(),
                score: score.map(|(h, a)| MatchScore {
                    home: points(h),
                    away: points(a),
                }),
                games: games
                    .iter()
                    .map(|g| GameResult {
                        id: g.id,
                        board: g.board,
                        game_no: g.game_no,
                        home_white: g.home_white,
                        home_player: nick(g.home_player_id),
                        away_player: nick(g.away_player_id),
                        result: g.result.clone(),
                        version: g.version,
                        result_url: format!(
                            "/api/v1/championships/{c}/tournaments/{t}/games/{}/result",
                            g.id
                        ),
                    })
                    .collect(),
            }
        })
        .collect();
    Round {
        number: round.number,
        kind: round.kind.clone(),
        published_at: round.published_at.map(utc),
        complete: l.round_complete(round.id),
        matches,
    }
}

/// The tournament's published rounds with their matches and board results.
#[utoipa::path(
    get,
    path = "/api/v1/championships/{championship_id}/tournaments/{tournament_id}/rounds",
    tag = "read",
    params(TournamentPath, PageQuery),
    responses(
        (status = 200, description = "A page of the published rounds, in order", body = RoundList),
        (status = 400, description = "A paging value out of range", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such tournament in this championship", body = Problem, content_type = "application/problem+json"),
        (status = 500, description = "The server failed", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn rounds(
    state: web::Data<AppState>,
    path: NestedPath<TournamentPath>,
    query: web::Query<PageQuery>,
) -> Result<web::Json<RoundList>, ApiError> {
    let (limit, offset) = query.bounds()?;
    let l = load(&state, path.championship_id, path.tournament_id).await?;
    let published: Vec<&db::rounds::Round> = l.rounds.iter().filter(|r| r.is_published()).collect();
    let (items, pagination) = page_of(published, limit, offset);
    Ok(web::Json(RoundList {
        items: items.into_iter().map(|r| round_view(&l, r)).collect(),
        pagination,
    }))
}

/// One published round by its number.
#[utoipa::path(
    get,
    path = "/api/v1/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_no}",
    tag = "read",
    params(RoundNoPath),
    responses(
        (status = 200, description = "The round", body = Round),
        (status = 404, description = "No such published round", body = Problem, content_type = "application/problem+json"),
        (status = 500, description = "The server failed", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn round(
    state: web::Data<AppState>,
    path: NestedPath<RoundNoPath>,
) -> Result<web::Json<Round>, ApiError> {
    let l = load(&state, path.championship_id, path.tournament_id).await?;
    // A regular round before the play-off of the same number, if any.
    let round = l
        .rounds
        .iter()
        .filter(|r| r.is_published() && r.number == path.round_no)
        .min_by_key(|r| r.is_playoff())
        .ok_or(ApiError::NotFound)?;
    Ok(web::Json(round_view(&l, round)))
}

// ------------------------------------------------------------------ teams

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RosterMember {
    pub nick: String,
    /// In the team since (UTC).
    pub since: DateTime<Utc>,
    pub captain: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Team {
    #[schema(value_type = i64)]
    pub id: TeamId,
    #[schema(value_type = i64)]
    pub championship_id: ChampionshipId,
    pub name: String,
    pub motto: String,
    /// `pending`, `approved`, `rejected` or `dissolved`.
    pub status: String,
    pub organization: Option<String>,
    /// The captain's nick.
    pub captain: String,
    pub created_at: DateTime<Utc>,
    pub dissolved_at: Option<DateTime<Utc>>,
    /// The current members, in the order they joined.
    pub roster: Vec<RosterMember>,
    /// The team's page for people.
    pub page_url: String,
}

/// A team with its current roster.
#[utoipa::path(
    get,
    path = "/api/v1/teams/{team_id}",
    tag = "read",
    params(TeamPath),
    responses(
        (status = 200, description = "The team", body = Team),
        (status = 404, description = "No such team", body = Problem, content_type = "application/problem+json"),
        (status = 500, description = "The server failed", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn team(
    state: web::Data<AppState>,
    path: web::Path<TeamPath>,
) -> Result<web::Json<Team>, ApiError> {
    let id = path.team_id;
    let crate::read::teams::TeamCard {
        team,
        captain,
        organization,
        members,
    } = state
        .db(move |conn| crate::read::teams::TeamCard::load(conn, id)?.ok_or(ApiError::NotFound))
        .await?;
    Ok(web::Json(Team {
        roster: members
            .into_iter()
            .map(|m| RosterMember {
                captain: m.membership.person_id == team.captain_id,
                nick: m.nick,
                since: utc(m.membership.from_at),
            })
            .collect(),
        page_url: crate::paths::team(id),
        id: team.id,
        championship_id: team.championship_id,
        name: team.name,
        motto: team.motto,
        status: team.status,
        organization,
        captain,
        created_at: utc(team.created_at),
        dissolved_at: team.dissolved_at.map(utc),
    }))
}

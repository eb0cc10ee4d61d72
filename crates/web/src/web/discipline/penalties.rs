//! The championship's penalties page: every penalty and sanction,
//! in force and revoked, readable by anyone (a published sanction is public,
//! reasons included, G-D2); judges impose from the regulation's catalogue
//! and revoke with a reason. Refusals are worded here.

use crate::web::infra::forms::{Form, TextRules};
use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::app::PlayError;
use crate::app::access::Judges;
use crate::app::penalties::{self as ops, Imposition};
use crate::db;
use crate::i18n::{Lang, Message};
use crate::ids::{ChampionshipId, EntryId, GameId, PenaltyId, TeamId, TournamentId};
use crate::msg;
use crate::paths;
use crate::read::penalties::PenaltiesPage as PenaltiesRead;
use crate::rules::penalties::{self as rules, Sanction};
use crate::rules::score::HalfPoints;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::guards::Staff;
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::words::penalties::{problem_words, sanction_words};
use crate::words::rules::RuleLinks;

/// A penalty's reason as shown: the platform's own reasons (stored as
/// `auto:<what>`) in the page's language, the judges' as they wrote them.
pub fn reason_words(lang: Lang, stored: &str) -> String {
    crate::app::penalties::reason_message(stored).render(lang)
}

pub struct RowView {
    pub id: PenaltyId,
    /// The rule, a link to its words on the regulation page (HTML).
    pub code: String,
    pub team: String,
    pub tournament: String,
    pub amount: String,
    pub count: i32,
    pub sanction: String,
    /// The reason, every rule it cites a link (HTML).
    pub reason: String,
    pub imposed: String,
    pub revoked: Option<String>,
    pub revoke_url: String,
}

pub struct RuleView {
    pub code: String,
    pub label: String,
}

#[derive(Template)]
#[template(path = "championships/penalties.html")]
pub struct PenaltiesPage {
    ctx: PageCtx,
    championship: String,
    championship_url: String,
    season_url: String,
    action: String,
    is_judge: bool,
    rows: Vec<RowView>,
    rules: Vec<RuleView>,
    teams: Vec<(TeamId, String)>,
    tournaments: Vec<(TournamentId, String)>,
    /// G-D2: the games being played now (id, where and who).
    games: Vec<(GameId, String)>,
    /// Entries of unfinished tournaments (id, tournament and name), for a
    /// team with several (G-B13 doubles).
    entries: Vec<(EntryId, String)>,
    /// The championship's players, suggested for the player the penalty
    /// names.
    players: Vec<String>,
    problems: Vec<String>,
    form: ImposeForm,
}

/// Where a game is, in words.
fn game_words(key: crate::i18n::MsgKey, at: &ops::GameRef) -> Message {
    at.on(Message::new(key))
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct ImposeForm {
    pub code: String,
    pub team: String,
    pub tournament: String,
    pub count: String,
    /// The fine in half-points, when the rule offers a choice (G-D2).
    pub amount_halves: String,
    pub removal: String,
    /// G-D2: loss of the current game (checkbox) and the game.
    pub game_loss: String,
    pub game: String,
    /// The team's entry, when it has several in the tournament.
    pub entry: String,
    pub person: String,
    pub reason: String,
}

impl TextRules for ImposeForm {
    const BLOCKS: &'static [(&'static str, usize)] = &[("reason", 2_000)];
}

impl ImposeForm {
    fn imposition(&self) -> Imposition {
        Imposition {
            code: self.code.trim().to_owned(),
            team: self.team.trim().parse().unwrap_or_default(),
            tournament: self.tournament.trim().parse().ok(),
            // A count that is not a number is refused as invalid (0).
            count: if self.count.trim().is_empty() {
                1
            } else {
                self.count.trim().parse().unwrap_or(0)
            },
            amount: self.amount_halves.trim().parse().ok().map(HalfPoints),
            removal: !self.removal.is_empty(),
            game_loss: !self.game_loss.is_empty(),
            game: self.game.trim().parse().ok(),
            entry: self.entry.trim().parse().ok(),
            person: self.person.clone(),
            reason: self.reason.clone(),
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct RevokeForm {
    pub reason: String,
}

impl TextRules for RevokeForm {
    const LONG_LINES: &'static [(&'static str, usize)] = &[("reason", 500)];
}

/// A penalty's sanction in words: a bar on a person (G-G4, G-G7) in the
/// words every page uses, else the sanction with its tournament and
/// player, else the game it lost (G-D2).
fn sanction_text(lang: Lang, l: &ops::Listed) -> String {
    let barred = l.bar.as_ref().map(|bar| {
        format!(
            "{}: {}",
            l.person.clone().unwrap_or_default(),
            crate::words::penalties::bar_words(lang, bar)
        )
    });
    barred
        .or_else(|| {
            l.penalty
                .sanction
                .as_deref()
                .and_then(Sanction::parse)
                .map(|s| {
                    let mut words = sanction_words(lang, s);
                    if let Some(n) = l.bars_no {
                        words.push_str(&format!(" ({})", tournament_title(lang, n)));
                    }
                    if let Some(p) = &l.person {
                        words.push_str(&format!(": {p}"));
                    }
                    words
                })
        })
        .or_else(|| {
            l.game
                .as_ref()
                .map(|at| game_words(msg!("penalty-game-lost"), at).render(lang))
        })
        .unwrap_or_default()
}

fn tournament_title(lang: Lang, number: i32) -> String {
    Message::new(msg!("tournament-title"))
        .arg("number", number)
        .render(lang)
}

/// The list's rows: each penalty in words, who imposed and revoked it when.
fn row_views(lang: Lang, c: ChampionshipId, read: &mut PenaltiesRead) -> Vec<RowView> {
    let tz = read.championship.tz();
    let local = |at: chrono::NaiveDateTime| crate::words::local_time(tz, at);
    let platform = lang.msg(msg!("penalty-by-platform"));
    let links = RuleLinks::of(lang, c, &read.championship.preset);
    read.listed
        .drain(..)
        .map(|l| {
            let sanction = sanction_text(lang, &l);
            let x = l.penalty;
            RowView {
                id: x.id,
                code: links.html(&crate::i18n::cite::rule_words(lang, &x.code)),
                team: l.team,
                tournament: l
                    .tournament_no
                    .map(|n| tournament_title(lang, n))
                    .unwrap_or_default(),
                amount: if x.amount == 0 {
                    String::new()
                } else {
                    format!("−{}", x.amount())
                },
                count: x.count,
                sanction,
                reason: links.html(&reason_words(lang, &x.reason)),
                imposed: format!(
                    "{}, {}",
                    l.imposed_by.unwrap_or_else(|| platform.clone()),
                    local(x.imposed_at)
                ),
                revoked: x.revoked_at.map(|at| {
                    Message::new(msg!("penalty-revoked-by"))
                        .arg("who", l.revoked_by.unwrap_or_default())
                        .arg("at", local(at))
                        .arg(
                            "reason",
                            reason_words(lang, x.revoke_reason.as_deref().unwrap_or_default()),
                        )
                        .render(lang)
                }),
                revoke_url: paths::penalty_revoke(c, x.id),
            }
        })
        .collect()
}

/// The regulation's catalogue as the form offers it, with the fines.
fn rule_views(lang: Lang, reg: &crate::rules::regulation::Regulation) -> Vec<RuleView> {
    reg.penalties
        .iter()
        .map(|p| {
            let amounts = rules::amounts(p)
                .iter()
                .map(|a| format!("−{a}"))
                .collect::<Vec<_>>()
                .join(" / ");
            let title = crate::words::penalties::rule_title(lang, p);
            RuleView {
                code: p.code.clone(),
                label: if amounts.is_empty() {
                    title
                } else if rules::by_committee(p) {
                    // G-G7: the judges remove the player; the points are
                    // the appeals committee's decision.
                    Message::new(msg!("penalty-rule-by-committee"))
                        .arg("code", title)
                        .arg("amount", amounts)
                        .render(lang)
                } else if rules::counted(p) {
                    Message::new(msg!("penalty-rule-counted"))
                        .arg("code", title)
                        .arg("amount", amounts)
                        .render(lang)
                } else {
                    format!("{title} ({amounts})")
                },
            }
        })
        .collect()
}

/// G-D2: the games being played now, as the form offers them.
fn game_options(lang: Lang, read: &PenaltiesRead) -> Vec<(GameId, String)> {
    read.in_play
        .iter()
        .map(|x| {
            (
                x.game.id,
                game_words(msg!("penalty-game-option"), &x.at)
                    .arg("home", &x.home.name)
                    .arg("away", &x.away.name)
                    .render(lang),
            )
        })
        .collect()
}

/// The entries of unfinished tournaments, as the form offers them.
fn entry_options(lang: Lang, read: &mut PenaltiesRead) -> Vec<(EntryId, String)> {
    read.entries
        .drain(..)
        .map(|(id, number, name)| {
            (
                id,
                Message::new(msg!("penalty-entry-option"))
                    .arg("tournament", number)
                    .arg("entry", name)
                    .render(lang),
            )
        })
        .collect()
}

async fn penalties_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    problems: Vec<String>,
    form: ImposeForm,
) -> Result<PenaltiesPage, AppError> {
    let lang = ctx.lang;
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    let mut read = state
        .db(move |conn| PenaltiesRead::load(conn, viewer, c)?.ok_or(AppError::NotFound))
        .await?;
    let rows = row_views(lang, c, &mut read);
    let entries = entry_options(lang, &mut read);
    Ok(PenaltiesPage {
        championship: read.championship.name.clone(),
        championship_url: paths::championship(c),
        season_url: crate::paths::fill1(crate::paths::SEASON, c),
        action: paths::penalties(c),
        is_judge: read.is_judge,
        rows,
        rules: rule_views(lang, &read.regulation),
        teams: read.teams.iter().map(|t| (t.id, t.name.clone())).collect(),
        tournaments: read
            .tournaments
            .iter()
            .map(|t| (t.id, tournament_title(lang, t.number)))
            .collect(),
        games: game_options(lang, &read),
        players: read.players,
        entries,
        problems,
        form,
        ctx,
    })
}

/// `GET /championships/{id}/penalties`: public.
pub async fn show(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<ChampionshipId>,
) -> Result<HttpResponse, AppError> {
    let c = path.into_inner();
    page(
        StatusCode::OK,
        &penalties_page(ctx, &state, c, Vec::new(), ImposeForm::default()).await?,
    )
}

/// `POST /championships/{id}/penalties` (judges): impose from the catalogue.
pub async fn impose(
    ctx: PageCtx,
    staff: Staff<Judges>,
    state: web::Data<AppState>,
    session: Session,
    form: Form<ImposeForm>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let judge = staff.user.id;
    let form = form.into_inner()?;
    let ask = form.imposition();
    let result = state
        .db(move |conn| Ok(ops::impose(conn, c, judge, &ask, db::utc_now())))
        .await?;
    match result {
        Ok(ids) => {
            AppSession(&session).flash(FlashLevel::Success, msg!("penalty-imposed"));
            let anchor = ids
                .first()
                .map_or_else(|| paths::penalties(c), |id| paths::penalty(c, *id));
            Ok(see_other(&anchor))
        }
        Err(e) => refused(ctx, &state, c, e, form).await,
    }
}

/// `POST /championships/{id}/penalties/{penalty}/revoke` (judges).
pub async fn revoke(
    ctx: PageCtx,
    staff: Staff<Judges>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(ChampionshipId, PenaltyId)>,
    form: Form<RevokeForm>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let judge = staff.user.id;
    let id = path.1;
    let reason = form.into_inner()?.reason;
    let result = state
        .db(move |conn| Ok(ops::revoke(conn, c, id, judge, &reason, db::utc_now())))
        .await?;
    match result {
        Ok(done) => {
            let flash = AppSession(&session);
            flash.flash(FlashLevel::Success, msg!("penalty-revoked"));
            // What became of each entry the sanction had changed.
            for x in &done.entries {
                flash.flash(
                    FlashLevel::Info,
                    Message::new(msg!("penalty-revoked-entry"))
                        .arg("entry", &x.entry)
                        .arg("tournament", x.tournament_no)
                        .arg("outcome", x.back.as_str()),
                );
            }
            Ok(see_other(&paths::penalty(c, id)))
        }
        Err(e) => refused(ctx, &state, c, e, ImposeForm::default()).await,
    }
}

async fn refused(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    e: ops::PenaltyError,
    form: ImposeForm,
) -> Result<HttpResponse, AppError> {
    match e {
        PlayError::Refused(problems) => {
            let words: Vec<String> = problems
                .iter()
                .map(|p| problem_words(ctx.lang, p))
                .collect();
            page(
                StatusCode::UNPROCESSABLE_ENTITY,
                &penalties_page(ctx, state, c, words, form).await?,
            )
        }
        PlayError::NotFound => Err(AppError::NotFound),
        PlayError::Forbidden => Err(AppError::Forbidden),
        PlayError::Db(e) => Err(e.into()),
    }
}

/// One deduction of the season table, with its link to the penalty.
pub struct DeductionView {
    pub entry: String,
    pub code: String,
    pub amount: String,
    pub reason: String,
    pub by: String,
    pub url: String,
}

/// The season's deductions in the page's language: every change of
/// points traceable to the penalty, who and when.
pub fn deduction_views(
    lang: Lang,
    tz: chrono_tz::Tz,
    c: ChampionshipId,
    traced: &[crate::app::season::Traced],
) -> Vec<DeductionView> {
    traced
        .iter()
        .map(|d| DeductionView {
            entry: d.entry.clone(),
            code: crate::i18n::cite::rule_words(lang, &d.code),
            amount: if d.count > 1 {
                format!("−{} (×{})", d.amount, d.count)
            } else {
                format!("−{}", d.amount)
            },
            reason: reason_words(lang, &d.reason),
            by: Message::new(msg!("season-deduction-by"))
                .arg(
                    "who",
                    d.by.clone()
                        .unwrap_or_else(|| lang.msg(msg!("penalty-by-platform"))),
                )
                .arg("at", crate::words::local_time(tz, d.at))
                .render(lang),
            url: paths::penalty(c, d.penalty),
        })
        .collect()
}

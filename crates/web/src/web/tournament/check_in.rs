//! The organizers' check-in page of a tournament day (R-2.2..R-2.4): one
//! row per participant, what they presented, saved for everyone at once.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::app::PlayError;
use crate::app::access::Admission;
use crate::app::check_in::{self as ops, CheckInProblem, Presented, Recorded};
use crate::db;
use crate::i18n::{Lang, Message};
use crate::ids::PersonId;
use crate::msg;
use crate::paths;
use crate::paths::segments::TournamentPath;
use crate::read::check_in::{CheckInDesk, DeskRow};
use crate::rules::check_in::{Facts, Medical, Refusal, Unmet};
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::bulk::BulkForm;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::Form;
use crate::web::infra::guards::Staff;
use crate::web::infra::respond::{page, see_other};
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::tournament::tournaments::belongs;

/// One reason of refusal in words.
pub fn unmet_words(lang: Lang, u: &Unmet) -> String {
    lang.msg(crate::app::check_in::unmet_key(u))
}

pub struct Row {
    pub id: PersonId,
    pub entry: String,
    pub nick: String,
    pub full_name: String,
    pub medical: String,
    pub passport: bool,
    pub symptoms: bool,
    pub doctor_note: bool,
    pub refusal: String,
    /// "" until checked in; else admitted or the reasons.
    pub status: String,
    pub admitted: bool,
    /// R-2.2: the papers handed in ahead, in words ("all approved", or
    /// what is missing and why).
    pub papers: String,
    pub papers_ok: bool,
    /// The approved papers would admit the person with one tick.
    pub papers_admit: bool,
}

#[derive(Template)]
#[template(path = "tournaments/check_in.html")]
pub struct CheckInPage {
    ctx: PageCtx,
    title: String,
    tournament_url: String,
    action: String,
    rows: Vec<Row>,
    admitted: usize,
    medical: Vec<(&'static str, String)>,
    refusals: Vec<(&'static str, String)>,
    papers_asked: bool,
}

/// `GET …/tournaments/{t}/check-in` (organizers).
pub async fn show(
    ctx: PageCtx,
    _staff: Staff<Admission>,
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    let (c, t) = (path.championship_id, path.tournament_id);
    let desk = state
        .db(move |conn| CheckInDesk::load(conn, c, t)?.ok_or(AppError::NotFound))
        .await?;
    let lang = ctx.lang;
    let p = CheckInPage {
        title: format!(
            "{} · {}",
            ctx.t1("tournament-title", "number", desk.tournament_number),
            desk.championship_name
        ),
        tournament_url: paths::tournament(c, t),
        action: paths::check_in(c, t),
        admitted: desk.admitted(),
        papers_asked: desk.papers_asked,
        rows: desk.rows.iter().map(|r| row(lang, r)).collect(),
        medical: vec![
            ("", "—".to_owned()),
            ("certificate", lang.msg(msg!("checkin-medical-certificate"))),
            ("waiver", lang.msg(msg!("checkin-medical-waiver"))),
        ],
        refusals: vec![
            ("", "—".to_owned()),
            (
                "contraindications",
                lang.msg(msg!("checkin-unmet-contraindications")),
            ),
            ("intoxication", lang.msg(msg!("checkin-unmet-intoxication"))),
        ],
        ctx,
    };
    page(StatusCode::OK, &p)
}

/// One participant's row of the desk, in words.
fn row(lang: Lang, r: &DeskRow) -> Row {
    let status = if !r.checked {
        lang.msg(msg!("checkin-status-none"))
    } else if r.unmet.is_empty() {
        lang.msg(msg!("checkin-status-admitted"))
    } else {
        let reasons: Vec<String> = r.unmet.iter().map(|u| unmet_words(lang, u)).collect();
        Message::new(msg!("checkin-status-refused"))
            .arg("reasons", reasons.join("; "))
            .render(lang)
    };
    let papers = if r.papers.is_empty() {
        lang.msg(msg!("checkin-papers-ok"))
    } else {
        let short: Vec<String> = r
            .papers
            .iter()
            .map(|s| crate::words::eligibility::shortfall(lang, s))
            .collect();
        short.join("; ")
    };
    Row {
        papers,
        papers_ok: r.papers.is_empty(),
        papers_admit: crate::rules::check_in::admission(&r.on_file).is_empty(),
        id: r.person,
        entry: r.entry.clone(),
        nick: r.nick.clone(),
        full_name: r.full_name.clone(),
        medical: r.facts.medical.map_or("", Medical::code).to_owned(),
        passport: r.facts.passport,
        symptoms: r.facts.symptoms,
        doctor_note: r.facts.doctor_note,
        refusal: r.facts.refusal.map_or("", Refusal::code).to_owned(),
        admitted: r.admitted(),
        status,
    }
}

/// `POST …/tournaments/{t}/check-in`: every row of the page at once (each
/// row's person id in `pick`; `m`, `p`, `s`, `d`, `r` + id its fields;
/// `a` + id the tick "arrived", which adds the approved papers on file).
/// A row left blank that was never checked in stays so
/// (`check_in::record`).
pub async fn record(
    staff: Staff<Admission>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<TournamentPath>,
    form: Form<BulkForm>,
) -> Result<HttpResponse, AppError> {
    let (c, t) = (path.championship_id, path.tournament_id);
    let rows = facts_of_rows(&form.into_inner()?)?;
    let by = staff.user.id;
    let result = state
        .db(move |conn| {
            belongs(conn, c, t)?;
            Ok(ops::record(conn, t, by, &rows, db::utc_now()))
        })
        .await?;
    let s = AppSession(&session);
    match result {
        Ok(done) => {
            flash_recorded(&s, &done);
            Ok(see_other(&paths::check_in(c, t)))
        }
        Err(PlayError::Refused(problems)) => {
            if problems.contains(&CheckInProblem::NotInRegulation) {
                return Err(AppError::NotFound);
            }
            if problems.contains(&CheckInProblem::Finished) {
                s.flash(FlashLevel::Error, msg!("checkin-finished"));
                return Ok(see_other(&paths::check_in(c, t)));
            }
            // Someone not in the entries: a request no page sends.
            Err(AppError::BadRequest(msg!("error-400-detail")))
        }
        Err(other) => Err(other.into()),
    }
}

/// The facts of every picked row of the form; a choice no page offers is a
/// bad request.
fn facts_of_rows(form: &BulkForm) -> Result<Vec<Presented>, AppError> {
    let picked: Vec<PersonId> = form.picked()?;
    let mut rows = Vec::new();
    for id in picked {
        let field = |k: &str| form.get(&format!("{k}{id}")).to_owned();
        let medical = field("m");
        let refusal = field("r");
        let facts = Facts {
            medical: Medical::parse(&medical),
            passport: !field("p").is_empty(),
            symptoms: !field("s").is_empty(),
            doctor_note: !field("d").is_empty(),
            refusal: Refusal::parse(&refusal),
        };
        if (!medical.is_empty() && facts.medical.is_none())
            || (!refusal.is_empty() && facts.refusal.is_none())
        {
            return Err(AppError::BadRequest(msg!("error-400-detail")));
        }
        rows.push(Presented {
            person: id,
            facts,
            arrived: !field("a").is_empty(),
        });
    }
    Ok(rows)
}

/// Who was admitted and who was not, as the next page's notices.
fn flash_recorded(s: &AppSession, done: &Recorded) {
    for (names, key, level) in [
        (
            &done.admitted,
            msg!("checkin-admitted"),
            FlashLevel::Success,
        ),
        (
            &done.not_admitted,
            msg!("checkin-not-admitted"),
            FlashLevel::Error,
        ),
    ] {
        if !names.is_empty() {
            s.flash(
                level,
                Message::new(key)
                    .arg("count", names.len())
                    .arg("names", names.join(", ")),
            );
        }
    }
    if done.admitted.is_empty() && done.not_admitted.is_empty() {
        s.flash(FlashLevel::Info, msg!("checkin-unchanged"));
    }
}

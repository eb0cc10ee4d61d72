//! A tournament's page: schedule, registration (G-B13 line or the form that
//! builds it), the entries with who plays, waits or sits out
//! (G-B13), and withdrawal before the draw.

use crate::i18n::cite::Cite;
use std::collections::HashMap;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::app::entries::{self as entry_ops, EntryProblem};
use crate::app::knockout::{self, KnockoutState};
use crate::app::rounds::Loaded;
use crate::app::{PlayError, TournamentContext};
use crate::db;
use crate::db::entries::{self as e, EntryStatus};
use crate::db::rounds::result_words;
use crate::i18n::Message;
use crate::ids::{ChampionshipId, EntryId, GameId, OrganizationId, PersonId, TournamentId};
use crate::msg;
use crate::paths;
use crate::paths::segments::{EntryPath, TournamentPath};
use crate::read::tournaments::TournamentPage as TournamentRead;
use crate::rules::lineup::line_from_fields;
use crate::rules::regulation::EntryTiming;
use crate::rules::score::HalfPoints;
use crate::rules::tournament::Tournament;
use crate::state::AppState;
use crate::web::infra::NestedPath;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::Form;
use crate::web::infra::guards::SignedIn;
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};
use crate::web::tournament::knockout_view::{BracketRowView, bracket_rows};
use crate::words::play::entry_problem;

/// The entry form as submitted: either the one line, or the fields
/// `entry`, `board1`…, `sub1`….
#[derive(Debug, Default)]
pub struct EntryForm {
    pub line: String,
    pub entry: String,
    pub board: Vec<String>,
    pub sub: Vec<String>,
    /// E-13: the fair-play undertaking ticked.
    pub undertaking: bool,
}

impl EntryForm {
    /// The form shows as many board fields as the regulation's line-up
    /// has; each numbered field present is taken, in order.
    fn from_fields(mut f: HashMap<String, String>) -> EntryForm {
        let mut numbered = |prefix: &str| {
            (1..)
                .map_while(|i| f.remove(&format!("{prefix}{i}")))
                .collect::<Vec<_>>()
        };
        let (board, sub) = (numbered("board"), numbered("sub"));
        EntryForm {
            line: f.remove("line").unwrap_or_default(),
            entry: f.remove("entry").unwrap_or_default(),
            board,
            sub,
            undertaking: f.remove("undertaking").is_some_and(|v| !v.is_empty()),
        }
    }

    /// Both ways of entering go through the same parser (G-B13): the
    /// fields become the line they stand for.
    fn line(&self) -> String {
        if self.line.trim().is_empty() {
            let boards: Vec<&str> = self.board.iter().map(String::as_str).collect();
            let subs: Vec<&str> = self.sub.iter().map(String::as_str).collect();
            line_from_fields(&self.entry, &boards, &subs)
        } else {
            self.line.trim_end_matches(['\r', '\n']).to_owned()
        }
    }
}

pub struct EntryRow {
    pub order: usize,
    pub name: String,
    pub team_url: String,
    pub captain: String,
    pub at: String,
    pub late: bool,
    pub status: String,
    pub boards: Vec<String>,
    pub substitutes: Vec<String>,
    pub withdraw_url: Option<String>,
    /// The captain's board line-up page (G-V22), for the entry's captains.
    pub lineup_url: Option<String>,
    /// Judges: withdraw the entry during play (G-G2).
    pub retire_url: Option<String>,
    /// G-G2: more than two boards empty and no substitute possible.
    pub must_withdraw: bool,
    /// People the entry names who may not play in this tournament (G-G4,
    /// G-G7), each with why.
    pub barred: Vec<String>,
}

#[derive(Template)]
#[template(path = "tournaments/show.html")]
pub struct TournamentPage {
    ctx: PageCtx,
    championship: String,
    championship_url: String,
    number: i32,
    starts: String,
    time_zone: String,
    window: String,
    entries: Vec<EntryRow>,
    /// The form is shown to captains and members of participating teams
    /// while registration is not closed.
    can_enter: bool,
    /// E-13: the undertaking the entry form asks for, ticked or not.
    undertaking: Option<bool>,
    /// E-7: the day's round lengths and breaks, and the timetable once
    /// the field is drawn.
    timetable: Option<Timetable>,
    /// ..R-2.4: the organizers' check-in page.
    check_in_url: Option<String>,
    /// The tournament's games as PGN, when any record is kept.
    pgn_url: Option<String>,
    /// G-V33: the captains' reports, for the judges.
    violations: Vec<ReportLine>,
    enter_url: String,
    team_name: String,
    boards: Vec<(usize, String)>,
    subs: Vec<(usize, String)>,
    /// The boards and substitutes are picked from the team's members:
    /// (nick, "Full Name (nick)").
    member_choices: Vec<(String, String)>,
    /// G-B13's doubles (and its line without spaces): the hints say so.
    doubles: bool,
    line: String,
    problems: Vec<String>,
    /// Judges of this championship (or admins) see the draw, pairing,
    /// publication and result forms.
    is_judge: bool,
    drawn: bool,
    draw_url: String,
    pair_url: String,
    finish_url: String,
    /// The chief judge's form to reopen a finished tournament.
    reopen_url: Option<String>,
    finished: bool,
    rounds: Vec<RoundView>,
    /// The playing entries (id, name), for the judges' adjustment form.
    playing: Vec<(EntryId, String)>,
    standings: Option<StandingsView>,
    /// A message about the last judges' action refused (shown at the top).
    judge_problem: Option<String>,
    /// Seed E: each group's standings (E-8) and the play-off (E-1, E-9).
    groups: Vec<GroupTableView>,
    bracket: Vec<BracketRowView>,
    /// G-V42: the entries sharing first place when a play-off is due.
    playoff_due: Option<String>,
    playoff_url: String,
    /// G-V42: the play-off matches paired, each with its round page and
    /// its score once played; `playoff_open`: one is not finished yet.
    playoffs: Vec<PlayoffView>,
    playoff_open: bool,
    /// Places and tournament points, once finished.
    places: Vec<PlaceRowView>,
    /// The crosstable, round and players pages.
    results: crate::web::results::pages::ResultLinks,
    /// the organizers' form for the rounds of a Swiss.
    rounds_form: Option<RoundsForm>,
    /// a Swiss's rounds as they are now, for everyone.
    swiss_rounds: Option<String>,
}

/// A G-V42 play-off match on the tournament page (a draft for judges
/// only): its round's title and page, the sides, the score once played.
pub struct PlayoffView {
    pub round: i32,
    pub title: String,
    pub url: String,
    pub draft: bool,
    pub line: String,
}

/// the rounds of a Swiss as the organizers set them.
pub struct RoundsForm {
    pub url: String,
    /// The rounds now (set, kept at the draw, or the regulation's).
    pub value: String,
    pub hint: String,
    /// The rounds exceed what the field allows without repeat pairings.
    pub warn: Option<String>,
}

/// The rounds form for an organizer of a Swiss tournament not finished,
/// against the entries playing (drawn) or due to play (the field).
fn rounds_form(
    lang: crate::i18n::Lang,
    loaded: &Loaded,
    field: &crate::rules::entries::Field,
) -> Option<RoundsForm> {
    let tc = &loaded.ctx;
    if tc.tournament.finished_at.is_some() {
        return None;
    }
    let entries = if tc.tournament.drawn_at.is_some() {
        loaded.playing().len()
    } else {
        field.playing.len()
    };
    let rounds = crate::app::rounds::swiss_rounds(loaded)?;
    let limit = crate::app::rounds::swiss_round_limit(entries);
    Some(RoundsForm {
        url: format!(
            "{}/round-count",
            paths::tournament(tc.championship_id(), tc.id())
        ),
        value: rounds.to_string(),
        hint: Message::new(msg!("rounds-hint"))
            .arg("entries", entries)
            .arg("limit", limit)
            .render(lang),
        warn: (entries >= 2 && usize::from(rounds) > limit).then(|| {
            Message::new(msg!("rounds-warn"))
                .arg("rounds", rounds)
                .arg("entries", entries)
                .arg("limit", limit)
                .render(lang)
        }),
    })
}

pub struct GroupTableView {
    pub label: String,
    pub title: String,
    pub standings: StandingsView,
}

pub struct PlaceRowView {
    pub place: String,
    pub name: String,
    pub points: String,
    /// G-D4: the place an upheld appeal set, with the case (URL, words).
    pub set_by: Option<(String, String)>,
}

/// A judge's result sheet sent back with its problems: what was typed
/// and the problem beside each game.
#[derive(Default)]
pub struct Sheet {
    pub typed: HashMap<GameId, String>,
    pub errors: HashMap<GameId, String>,
}

/// One cell of a result sheet as sent: the game, the version the sheet
/// showed, and the result if the cell reads as one.
pub struct SentCell {
    pub game: GameId,
    pub version: i32,
    pub result: Option<crate::rules::score::BoardResult>,
}

/// The lines of a sent sheet whose cells read as results (each made by
/// `line` from the game, the version shown and the result), and the games
/// whose cells do not.
pub fn sheet_lines<L>(
    cells: Vec<SentCell>,
    line: impl Fn(GameId, i32, crate::rules::score::BoardResult) -> L,
) -> (Vec<L>, Vec<GameId>) {
    let mut lines = Vec::new();
    let mut unreadable = Vec::new();
    for cell in cells {
        match cell.result {
            Some(result) => lines.push(line(cell.game, cell.version, result)),
            None => unreadable.push(cell.game),
        }
    }
    (lines, unreadable)
}

/// Reads a result sheet (the judges' round or a captain's match): each
/// game's cell `r{game}` in the notation of `BoardResult::from_notation`,
/// with the version it was shown at in `v{game}`. Returns the cells and
/// what was typed in each, to show again if the sheet is refused.
pub fn read_sheet(
    fields: &[(String, String)],
) -> Result<(Vec<SentCell>, HashMap<GameId, String>), AppError> {
    let id_of = |name: &str, prefix: char| {
        name.strip_prefix(prefix)
            .and_then(|n| n.parse::<i64>().ok())
            .map(GameId)
    };
    let versions: HashMap<GameId, i32> = fields
        .iter()
        .filter_map(|(k, v)| Some((id_of(k, 'v')?, v.trim().parse().ok()?)))
        .collect();
    let mut cells = Vec::new();
    let mut typed = HashMap::new();
    for (k, text) in fields {
        let Some(game) = id_of(k, 'r') else { continue };
        let version = versions
            .get(&game)
            .copied()
            .ok_or(AppError::BadRequest(msg!("error-form-unreadable")))?;
        typed.insert(game, text.trim().to_owned());
        cells.push(SentCell {
            game,
            version,
            result: crate::rules::score::BoardResult::from_notation(text),
        });
    }
    Ok((cells, typed))
}

pub struct GameView {
    pub id: GameId,
    /// The sheet's cell: what was typed, else the stored result's notation.
    pub typed: String,
    pub error: Option<String>,
    pub board: i32,
    pub game_no: i32,
    pub home_player: String,
    pub away_player: String,
    /// Whether the home player has White.
    pub home_white: bool,
    pub result: String,
    pub result_code: String,
    pub version: i32,
    pub result_url: String,
    /// The game's page (its record; the judges' correction of a final
    /// result).
    pub game_url: String,
}

pub struct MatchView {
    pub table: i32,
    /// The match page (boards, reports, substitutions).
    pub url: String,
    pub home: String,
    pub away: Option<String>,
    pub score: String,
    pub forfeit: bool,
    /// E-9: the armageddon game of a play-off match.
    pub armageddon: bool,
    pub games: Vec<GameView>,
}

/// the form for a pairing drawn by lot in the hall: each table's
/// home and away entries as now, and the bye.
pub struct LotForm {
    pub url: String,
    pub tables: Vec<(i32, EntryId, EntryId)>,
    pub bye: Option<EntryId>,
}

pub struct RoundView {
    pub number: i32,
    /// A G-V42 play-off round.
    pub playoff: bool,
    pub published: bool,
    pub complete: bool,
    pub notes: String,
    pub publish_url: String,
    /// Judges: swap two entries of the draft (recorded).
    pub adjust_url: String,
    /// Judges, a draft round the regulation draws by lot: the
    /// pairing drawn from the drum, typed table by table.
    pub lot: Option<LotForm>,
    /// Judges: the round was interrupted (G-V23).
    pub interrupt_url: Option<String>,
    /// Judges: the round's result sheet.
    pub results_url: String,
    /// The judges' PGN import for this round.
    pub import_url: String,
    /// The round's games as PGN, when any record is kept.
    pub pgn_url: Option<String>,
    pub matches: Vec<MatchView>,
}

pub struct StandingsRowView {
    pub place: String,
    pub name: String,
    /// The entry's team page.
    pub url: Option<String>,
    pub match_points: String,
    pub game_points: String,
    pub tie_breaks: Vec<String>,
    /// Why this row is ahead of the next one.
    pub gap: String,
}

pub struct StandingsView {
    pub tie_break_names: Vec<String>,
    pub rows: Vec<StandingsRowView>,
}

fn local(ctx: &TournamentContext, at: chrono::NaiveDateTime) -> String {
    crate::words::local_time(ctx.tz, at)
}

/// A captain's report to the chief judge on the judges' view (G-V33).
pub struct ReportLine {
    pub label: String,
    pub url: String,
    pub what: String,
    pub open: bool,
}

/// E-7 on the tournament page: the rule in words and, once drawn, when
/// each round begins and must end.
pub struct Timetable {
    pub rule: String,
    /// Round number, begins, ends (championship's time).
    pub slots: Vec<(u32, String, String)>,
}

fn timetable(ctx: &PageCtx, l: &Loaded, knockout: Option<&KnockoutState>) -> Option<Timetable> {
    let tc = &l.ctx;
    let play = &tc.regulation.play;
    let length = play.round_minutes?;
    let pause = play.break_minutes.unwrap_or(0);
    // The group stage's rounds and the play-off's two (semi-finals, then
    // final and third place), or the format's rounds.
    let rounds = match (knockout, l.drawn()) {
        (Some(k), _) => k.group_rounds + 2,
        (None, Some(drawn)) => crate::app::rounds::rounds_due(l, &drawn),
        (None, None) => 0,
    };
    let hm = |at: chrono::NaiveDateTime| {
        at.and_utc()
            .with_timezone(&tc.tz)
            .format("%H:%M")
            .to_string()
    };
    let slots = crate::rules::schedule::day_timetable(
        tc.tournament.starts_at,
        u32::try_from(rounds).unwrap_or(0),
        length,
        pause,
    )
    .into_iter()
    .map(|x| (x.number, hm(x.starts), hm(x.ends)))
    .collect();
    Some(Timetable {
        rule: Message::new(msg!("timetable-rule"))
            .arg("minutes", length)
            .arg("pause", pause)
            .render(ctx.lang),
        slots,
    })
}

/// Checks that the tournament belongs to the championship, without
/// loading it: for an action whose use case loads the tournament itself.
pub(crate) fn belongs(
    conn: &mut db::DbConnection,
    championship: ChampionshipId,
    tournament: TournamentId,
) -> Result<(), AppError> {
    use crate::app::nesting::Nesting;
    let path = TournamentPath {
        championship_id: championship,
        tournament_id: tournament,
    };
    if path.nests(conn)? {
        Ok(())
    } else {
        Err(AppError::NotFound)
    }
}

pub(crate) async fn tournament_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    path: &TournamentPath,
    form: EntryForm,
    problems: Vec<EntryProblem>,
    judge_problem: Option<String>,
    sheet: Sheet,
) -> Result<TournamentPage, AppError> {
    let (c, t) = (path.championship_id, path.tournament_id);
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    // Organization names only word eligibility reasons of a refused entry.
    let with_organizations = !problems.is_empty();
    let read = state
        .db(move |conn| {
            TournamentRead::load(conn, viewer, c, t, with_organizations)?.ok_or(AppError::NotFound)
        })
        .await?;
    Ok(tournament_view(
        ctx,
        &read,
        form,
        &problems,
        judge_problem,
        &sheet,
    ))
}

/// The tournament page in the viewer's words, from its read model.
fn tournament_view(
    ctx: PageCtx,
    r: &TournamentRead,
    form: EntryForm,
    problems: &[EntryProblem],
    judge_problem: Option<String>,
    sheet: &Sheet,
) -> TournamentPage {
    let (l, tc) = (&r.loaded, &r.loaded.ctx);
    let (c, t, reg) = (tc.championship_id(), tc.id(), &tc.regulation);
    let timing = tc.entry_timing(db::utc_now());
    let field = entry_ops::field_of(tc, &l.entries);
    // The stored tournament as the rules engine reads it, once per page.
    let rules = l.to_rules();
    let knockout = knockout::read(l);
    let (groups, bracket) = knockout_views(&ctx, l, knockout.as_ref(), r.is_judge);
    TournamentPage {
        violations: report_lines(&ctx, r),
        pgn_url: (!r.recorded.is_empty()).then(|| paths::tournament_pgn(c, t)),
        check_in_url: ((r.is_organizer || r.is_chief) && reg.play.check_in)
            .then(|| paths::check_in(c, t)),
        timetable: timetable(&ctx, l, knockout.as_ref()),
        rounds_form: r
            .is_organizer
            .then(|| rounds_form(ctx.lang, l, &field))
            .flatten(),
        swiss_rounds: swiss_rounds_text(ctx.lang, l),
        championship: tc.championship.name.clone(),
        championship_url: paths::championship(c),
        number: tc.tournament.number,
        starts: local(tc, tc.tournament.starts_at),
        time_zone: crate::words::zone_words(
            ctx.lang,
            &tc.championship.time_zone,
            tc.tournament.starts_at,
        ),
        window: window_text(&ctx, tc, &timing),
        entries: entry_rows(&ctx, r, &field),
        can_enter: can_enter(r, problems, &timing),
        enter_url: paths::entries(c, t),
        team_name: entry_team_name(r, &form),
        boards: form_slots(&form.board, usize::from(reg.roster.lineup_players)),
        subs: form_slots(&form.sub, usize::from(reg.roster.max_substitutes)),
        doubles: reg.roster.doubles_allowed,
        member_choices: r
            .my_members
            .iter()
            .map(|(nick, name)| (nick.clone(), format!("{name} ({nick})")))
            .collect(),
        undertaking: reg.entry.fair_play_undertaking.then_some(form.undertaking),
        line: form.line,
        problems: entry_problems(&ctx, r, problems),
        is_judge: r.is_judge,
        drawn: tc.tournament.drawn_at.is_some(),
        draw_url: paths::tournament_action(c, t, "draw"),
        pair_url: paths::tournament_action(c, t, "rounds"),
        finish_url: paths::tournament_action(c, t, "finish"),
        reopen_url: r.is_chief.then(|| paths::tournament_action(c, t, "reopen")),
        finished: tc.tournament.finished_at.is_some(),
        rounds: round_views(l, &rules, r.is_judge, ctx.lang, sheet, &r.recorded),
        playing: l.playing().iter().map(|x| (x.id, x.name.clone())).collect(),
        standings: overall_standings(l, &rules, knockout.as_ref(), ctx.lang),
        judge_problem,
        results: crate::web::results::pages::ResultLinks::new(c, t),
        groups,
        bracket,
        playoff_due: playoff_due(l),
        playoff_url: paths::tournament_action(c, t, "playoff"),
        playoffs: playoff_views(&ctx, l, r.is_judge),
        playoff_open: knockout::open_playoff(l).is_some(),
        places: place_rows(ctx.lang, r),
        ctx,
    }
}

/// The entry form is shown to captains and members of participating
/// teams while registration is not closed; a refused entry keeps its
/// form, to show why, even when registration has closed meanwhile.
fn can_enter(r: &TournamentRead, problems: &[EntryProblem], timing: &EntryTiming) -> bool {
    !r.my_teams.is_empty()
        && (!problems.is_empty()
            || !matches!(timing, EntryTiming::Closed | EntryTiming::PastDeadline))
}

/// Seed E: each group's standings (E-8) and the play-off's bracket (E-1,
/// E-9); empty for other formats.
fn knockout_views(
    ctx: &PageCtx,
    l: &Loaded,
    knockout: Option<&KnockoutState>,
    is_judge: bool,
) -> (Vec<GroupTableView>, Vec<BracketRowView>) {
    match knockout {
        Some(k) => (group_tables(ctx, l, k), bracket_rows(ctx, l, k, is_judge)),
        None => (Vec::new(), Vec::new()),
    }
}

/// The whole field's standings, for the formats without groups.
fn overall_standings(
    l: &Loaded,
    rules: &Tournament,
    knockout: Option<&KnockoutState>,
    lang: crate::i18n::Lang,
) -> Option<StandingsView> {
    knockout
        .is_none()
        .then(|| standings_view(l, rules, lang))
        .flatten()
}

/// When entries are taken, in the championship's time.
fn window_text(ctx: &PageCtx, tc: &TournamentContext, timing: &EntryTiming) -> String {
    match timing {
        EntryTiming::TooEarly => Message::new(msg!("entry-window-opens"))
            .arg("at", local(tc, tc.registration_opens_at()))
            .render(ctx.lang),
        EntryTiming::OnTime => match tc.on_time_until() {
            Some(until) => Message::new(msg!("entry-window-open-until"))
                .arg("at", local(tc, until))
                .render(ctx.lang),
            None => ctx.lang.msg(msg!("entry-window-open")),
        },
        EntryTiming::Late { penalty } => Message::new(msg!("entry-window-late"))
            .arg(
                "at",
                local(tc, tc.on_time_until().unwrap_or(tc.tournament.starts_at)),
            )
            .rule("code", penalty.as_deref().unwrap_or_default())
            .render(ctx.lang),
        EntryTiming::PastDeadline | EntryTiming::Closed => {
            ctx.lang.msg(msg!("entry-window-closed"))
        }
    }
}

/// An entry's standing in the field: withdrawn, retired, sitting out
/// (G-B13), waiting or playing.
fn entry_status(ctx: &PageCtx, x: &e::Entry, field: &crate::rules::entries::Field) -> String {
    match x.status() {
        EntryStatus::Withdrawn => ctx.lang.msg(msg!("entry-status-withdrawn")),
        EntryStatus::Retired => ctx.lang.msg(msg!("entry-status-retired")),
        EntryStatus::Entered if field.sitting_out == Some(x.id.0) => {
            ctx.lang.msg(msg!("entry-status-sits-out"))
        }
        EntryStatus::Entered => match field.waiting.iter().position(|w| *w == x.id.0) {
            Some(p) => ctx.t1("entry-status-waiting", "position", p + 1),
            None => ctx.lang.msg(msg!("entry-status-playing")),
        },
    }
}

/// The people an entry names who may not play in this tournament (G-G4,
/// G-G7), each with why.
fn barred(ctx: &PageCtx, r: &TournamentRead, entry: EntryId) -> Vec<String> {
    r.loaded
        .players
        .iter()
        .filter(|p| p.entry_id == entry)
        .filter_map(|p| {
            let bar = r.bars.iter().find(|b| b.person == p.person_id)?;
            Some(format!(
                "{}: {}",
                p.nick,
                crate::words::penalties::bar_words(ctx.lang, bar)
            ))
        })
        .collect()
}

/// The entries' list, with what the viewer may do to each.
fn entry_rows(
    ctx: &PageCtx,
    r: &TournamentRead,
    field: &crate::rules::entries::Field,
) -> Vec<EntryRow> {
    let (l, tc) = (&r.loaded, &r.loaded.ctx);
    let (c, t) = (tc.championship_id(), tc.id());
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let drawn = tc.tournament.drawn_at.is_some();
    let finished = tc.tournament.finished_at.is_some();
    let nicks = |entry: EntryId, substitute: bool| {
        (l.players.iter())
            .filter(|p| p.entry_id == entry && p.substitute == substitute)
            .map(|p| p.nick.clone())
            .collect::<Vec<_>>()
    };
    l.entries
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let team_captain = r.team_captains.get(&x.team_id).copied();
            let is_captain = viewer.is_some_and(|v| v == x.captain() || Some(v) == team_captain);
            let may_withdraw = !drawn && x.status() == EntryStatus::Entered && is_captain;
            let playing = drawn && x.start_no.is_some() && x.status() == EntryStatus::Entered;
            let may_retire = r.is_judge && playing && !finished && tc.regulation.withdraws_teams();
            EntryRow {
                order: i + 1,
                name: x.name.clone(),
                team_url: paths::team(x.team_id),
                captain: l.nicks.get(&x.submitted_by).cloned().unwrap_or_default(),
                at: local(tc, x.submitted_at),
                late: x.late,
                status: entry_status(ctx, x, field),
                boards: nicks(x.id, false),
                substitutes: nicks(x.id, true),
                withdraw_url: may_withdraw.then(|| paths::entry_withdraw(c, t, x.id)),
                lineup_url: (playing && is_captain).then(|| paths::entry_lineup(c, t, x.id)),
                retire_url: may_retire.then(|| paths::entry_retire(c, t, x.id)),
                must_withdraw: playing && !finished && l.must_withdraw(x.id),
                barred: barred(ctx, r, x.id),
            }
        })
        .collect()
}

/// A refused entry's problems in words.
fn entry_problems(ctx: &PageCtx, r: &TournamentRead, problems: &[EntryProblem]) -> Vec<String> {
    let tc = &r.loaded.ctx;
    let org = |id: OrganizationId| {
        (r.organization_names.iter())
            .find(|(o, _)| *o == id)
            .map(|(_, n)| n.clone())
            .unwrap_or_default()
    };
    problems
        .iter()
        .map(|p| {
            entry_problem(ctx.lang, p, &|id| org(OrganizationId(id)), &|at| {
                local(tc, at)
            })
        })
        .collect()
}

/// The entry form's team: as typed, else the viewer's first team.
fn entry_team_name(r: &TournamentRead, form: &EntryForm) -> String {
    if form.entry.is_empty() {
        r.my_teams
            .first()
            .map(|t| t.name.clone())
            .unwrap_or_default()
    } else {
        form.entry.clone()
    }
}

/// `n` numbered fields of the entry form with what was typed in each.
fn form_slots(typed: &[String], n: usize) -> Vec<(usize, String)> {
    (0..n)
        .map(|i| (i + 1, typed.get(i).cloned().unwrap_or_default()))
        .collect()
}

/// a Swiss's rounds as they are now.
fn swiss_rounds_text(lang: crate::i18n::Lang, l: &Loaded) -> Option<String> {
    crate::app::rounds::swiss_rounds(l).map(|n| {
        Message::new(msg!("tournament-rounds"))
            .arg("rounds", n)
            .render(lang)
    })
}

/// An entry's name.
pub(crate) fn entry_name(l: &Loaded, id: EntryId) -> String {
    l.entries
        .iter()
        .find(|x| x.id == id)
        .map(|x| x.name.clone())
        .unwrap_or_default()
}

/// G-V42: the entries sharing first place when a play-off is due.
fn playoff_due(l: &Loaded) -> Option<String> {
    let tied = knockout::playoff_due(l);
    (!tied.is_empty()).then(|| {
        tied.iter()
            .filter_map(|id| l.entries.iter().find(|x| x.id == *id))
            .map(|x| x.name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    })
}

/// G-V42: the play-off matches paired (drafts for judges only).
fn playoff_views(ctx: &PageCtx, l: &Loaded, is_judge: bool) -> Vec<PlayoffView> {
    let (c, t) = (l.ctx.championship_id(), l.ctx.id());
    knockout::playoff_matches(l)
        .into_iter()
        .filter(|p| p.published || is_judge)
        .map(|p| {
            let (home, away) = (entry_name(l, p.home), entry_name(l, p.away));
            PlayoffView {
                round: p.round,
                title: ctx.t1("round-playoff-title", "round", p.round),
                url: paths::round_page(c, t, p.round),
                draft: !p.published,
                line: match p.score {
                    Some((h, a)) => format!("{home} {h}–{a} {away}"),
                    None => format!("{home} – {away}"),
                },
            }
        })
        .collect()
}

/// G-V33: the captains' reports, for the judges, each with its match.
fn report_lines(ctx: &PageCtx, r: &TournamentRead) -> Vec<ReportLine> {
    let l = &r.loaded;
    r.reports
        .iter()
        .map(|v| {
            let m = l.matches.iter().find(|m| m.id == v.match_id);
            let table = m.map_or(0, |m| m.table_no);
            let round = m
                .and_then(|m| l.rounds.iter().find(|x| x.id == m.round_id))
                .map_or(0, |x| x.number);
            ReportLine {
                label: Message::new(msg!("violation-line"))
                    .arg("round", round)
                    .arg("table", table)
                    .render(ctx.lang),
                url: format!(
                    "{}#violation-{}",
                    paths::match_page(l.ctx.championship_id(), l.ctx.id(), v.match_id),
                    v.id
                ),
                what: v.what.clone(),
                open: v.is_open(),
            }
        })
        .collect()
}

fn round_views(
    l: &Loaded,
    rules: &Tournament,
    is_judge: bool,
    lang: crate::i18n::Lang,
    sheet: &Sheet,
    recorded: &[crate::ids::GameId],
) -> Vec<RoundView> {
    let (c, t) = (l.ctx.championship_id(), l.ctx.id());
    l.rounds
        .iter()
        .filter(|x| x.is_published() || is_judge)
        .map(|round| RoundView {
            number: round.number,
            playoff: round.is_playoff(),
            published: round.is_published(),
            complete: l.round_complete(round.id),
            notes: crate::words::play::round_notes(lang, &round.notes),
            publish_url: paths::round_publish(c, t, round.id),
            results_url: paths::round_results(c, t, round.id),
            import_url: format!("{}?round={}", paths::games_import(c, t), round.id),
            pgn_url: l
                .matches_of(round.id)
                .flat_map(|m| l.games_of(m.id))
                .any(|g| recorded.contains(&g.id))
                .then(|| paths::round_pgn(c, t, round.number)),
            adjust_url: paths::round_adjust(c, t, round.id),
            lot: (is_judge && !round.is_published() && lot_round(l, round.number))
                .then(|| lot_form(l, round)),
            interrupt_url: (is_judge
                && l.ctx.regulation.play.interrupted_round_replayed
                && round.is_published()
                && !l.round_complete(round.id))
            .then(|| paths::round_interrupt(c, t, round.id)),
            matches: l
                .matches_of(round.id)
                .map(|m| match_view(l, rules, sheet, m))
                .collect(),
        })
        .collect()
}

/// whether the regulation draws round `number` by lot.
fn lot_round(l: &Loaded, number: i32) -> bool {
    matches!(
        l.ctx.regulation.format,
        crate::rules::regulation::FormatRule::Swiss { rounds_drawn_by_lot, .. }
            if number <= i32::from(rounds_drawn_by_lot)
    )
}

fn lot_form(l: &Loaded, round: &crate::db::rounds::Round) -> LotForm {
    let (c, t) = (l.ctx.championship_id(), l.ctx.id());
    let mut tables = Vec::new();
    let mut bye = None;
    for m in l.matches_of(round.id) {
        match m.away_entry_id {
            Some(away) => tables.push((m.table_no, m.home_entry_id, away)),
            None => bye = Some(m.home_entry_id),
        }
    }
    tables.sort_by_key(|(table, _, _)| *table);
    LotForm {
        url: paths::round_lot(c, t, round.id),
        tables,
        bye,
    }
}

/// A match of a round on the tournament page, with its games.
fn match_view(
    l: &Loaded,
    rules: &Tournament,
    sheet: &Sheet,
    m: &crate::db::rounds::Match,
) -> MatchView {
    let (c, t) = (l.ctx.championship_id(), l.ctx.id());
    let games: Vec<&crate::db::rounds::Game> = l.games_of(m.id).collect();
    let (mut h, mut a) = (HalfPoints::ZERO, HalfPoints::ZERO);
    for g in &games {
        if let Some((x, y)) = g.result().points() {
            h += x;
            a += y;
        }
    }
    let score = match m.forfeit.as_deref() {
        Some("home") => format!("{}-0", rules.round_cap()),
        Some("away") => format!("0-{}", rules.round_cap()),
        Some(_) => "0-0".to_owned(),
        None => format!("{h}-{a}"),
    };
    MatchView {
        table: m.table_no,
        url: paths::match_page(c, t, m.id),
        home: entry_name(l, m.home_entry_id),
        away: m.away_entry_id.map(|x| entry_name(l, x)),
        score,
        forfeit: m.forfeit.is_some(),
        armageddon: m.stage == knockout::STAGE_ARMAGEDDON,
        games: games.iter().map(|g| game_view(l, sheet, g)).collect(),
    }
}

/// A game of the judges' sheet on the tournament page.
fn game_view(l: &Loaded, sheet: &Sheet, g: &crate::db::rounds::Game) -> GameView {
    let (c, t) = (l.ctx.championship_id(), l.ctx.id());
    let nick = |id: Option<PersonId>| {
        id.and_then(|i| l.nicks.get(&i).cloned())
            .unwrap_or_else(|| "—".to_owned())
    };
    GameView {
        id: g.id,
        // An empty side's board offers its forfeit
        // (`rules::boards::empty_board_result`).
        typed: sheet.typed.get(&g.id).cloned().unwrap_or_else(|| {
            let r = g.result();
            let seats = (g.home_player_id.is_some(), g.away_player_id.is_some());
            match crate::rules::boards::empty_board_result(seats.0, seats.1) {
                Some(only) if !r.is_final() => only.notation().to_owned(),
                _ => r.notation().to_owned(),
            }
        }),
        error: sheet.errors.get(&g.id).cloned(),
        board: g.board,
        game_no: g.game_no,
        home_player: nick(g.home_player_id),
        away_player: nick(g.away_player_id),
        home_white: g.home_white,
        result: result_words(&g.result),
        result_code: g.result.clone(),
        version: g.version,
        result_url: paths::game_result(c, t, g.id),
        game_url: paths::game(c, t, g.id),
    }
}

/// The ranking with the regulation's tie-breaks, and why each row is ahead
/// of the next.
fn standings_view(
    l: &Loaded,
    rules: &Tournament,
    lang: crate::i18n::Lang,
) -> Option<StandingsView> {
    if rules.rounds.is_empty() {
        return None;
    }
    let tb = &l.ctx.regulation.tie_breaks;
    let st = crate::rules::ranking::standings(rules, tb, &knockout::playoff_results(l)).ok()?;
    let name = |team: crate::rules::tournament::TeamId| {
        rules
            .teams
            .iter()
            .find(|x| x.id == team)
            .map(|x| x.name.clone())
            .unwrap_or_default()
    };
    Some(StandingsView {
        tie_break_names: tb.chain.iter().map(ToString::to_string).collect(),
        rows: st
            .rows
            .iter()
            .enumerate()
            .map(|(i, row)| StandingsRowView {
                place: row.place.to_string(),
                name: name(row.team),
                url: l
                    .playing()
                    .iter()
                    .find(|x| x.start_no == Some(i32::from(row.team.0)))
                    .map(|x| paths::team(x.team_id)),
                match_points: row.match_points.to_string(),
                game_points: row.game_points.to_string(),
                tie_breaks: row
                    .tie_breaks
                    .iter()
                    .map(|v| crate::read::standings::tie_break_cell(v.as_ref()))
                    .collect(),
                gap: st
                    .gaps
                    .get(i)
                    .and_then(|g| g.as_ref())
                    .map_or_else(String::new, |g| {
                        crate::read::wording::gap_after(
                            lang,
                            g,
                            l.ctx.regulation.scoring.primary,
                            &tb.chain,
                        )
                    }),
            })
            .collect(),
    })
}

/// Seed E: each group's standings with the regulation's tie-breaks (E-8).
fn group_tables(ctx: &PageCtx, l: &Loaded, k: &KnockoutState) -> Vec<GroupTableView> {
    k.groups
        .iter()
        .filter_map(|g| {
            Some(GroupTableView {
                label: g.label.clone(),
                title: ctx.t1("group-title", "group", &g.label),
                standings: standings_view(l, &g.to_rules(l, k.group_rounds), ctx.lang)?,
            })
        })
        .collect()
}

/// The places recorded when the tournament was finished, each place an
/// upheld appeal set marked with its case (G-D4).
fn place_rows(lang: crate::i18n::Lang, r: &TournamentRead) -> Vec<PlaceRowView> {
    let c = r.loaded.ctx.championship_id();
    r.places
        .iter()
        .map(|p| {
            let set_by = (r.overrides.iter())
                .find(|o| o.entry_id == p.entry_id)
                .and_then(|o| o.appeal_id)
                .map(|case| {
                    (
                        crate::web::discipline::appeals::case_url(c, case),
                        Message::new(msg!("places-set-by-appeal"))
                            .arg("id", case)
                            .render(lang),
                    )
                });
            PlaceRowView {
                place: crate::rules::ranking::Place {
                    first: u32::try_from(p.place_first).unwrap_or(0),
                    last: u32::try_from(p.place_last).unwrap_or(0),
                }
                .to_string(),
                name: p.entry_name.clone(),
                points: HalfPoints(p.points).to_string(),
                set_by,
            }
        })
        .collect()
}

/// `GET /championships/{c}/tournaments/{t}`.
pub async fn show(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: NestedPath<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    let p = tournament_page(
        ctx,
        &state,
        &path,
        EntryForm::default(),
        Vec::new(),
        None,
        Sheet::default(),
    )
    .await?;
    page(StatusCode::OK, &p)
}

/// `POST /championships/{c}/tournaments/{t}/entries`: enter (or replace the
/// line of) an entry. Every problem is shown at once and nothing changes.
pub async fn enter(
    ctx: PageCtx,
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<TournamentPath>,
    form: Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let form = EntryForm::from_fields(form.into_inner()?);
    let line = form.line();
    let undertaking = form.undertaking;
    let (c, t) = (path.championship_id, path.tournament_id);
    let result = state
        .db(move |conn| {
            belongs(conn, c, t)?;
            Ok(entry_ops::submit(
                conn,
                t,
                user.id,
                &line,
                undertaking,
                db::utc_now(),
            ))
        })
        .await?;
    match result {
        Ok(done) => {
            use crate::mail::notices::EntryStanding;
            let flash = match (&done.late_penalty, done.standing) {
                (_, EntryStanding::Waiting(position)) => {
                    Message::new(msg!("entry-accepted-waiting"))
                        .arg("entry", &done.name)
                        .arg("position", position)
                }
                (_, EntryStanding::SitsOut) => {
                    Message::new(msg!("entry-accepted-sits-out")).arg("entry", &done.name)
                }
                (Some(code), EntryStanding::Plays) => Message::new(msg!("entry-accepted-late"))
                    .arg("entry", &done.name)
                    .rule("code", code),
                (None, EntryStanding::Plays) => Message::new(if done.replaced {
                    msg!("entry-replaced")
                } else {
                    msg!("entry-accepted")
                })
                .arg("entry", &done.name),
            };
            AppSession(&session).flash(FlashLevel::Success, flash);
            Ok(see_other(&paths::tournament(c, t)))
        }
        Err(PlayError::Refused(problems)) => {
            let p =
                tournament_page(ctx, &state, &path, form, problems, None, Sheet::default()).await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
        Err(other) => Err(other.into()),
    }
}

/// `POST …/entries/{entry_id}/withdraw`: before the draw; the waiting list
/// moves up.
pub async fn withdraw(
    SignedIn(user): SignedIn,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<EntryPath>,
) -> Result<HttpResponse, AppError> {
    let (c, t, id) = (path.championship_id, path.tournament_id, path.entry_id);
    let result = state
        .db(move |conn| {
            belongs(conn, c, t)?;
            match e::by_id(conn, id)? {
                Some(x) if x.tournament_id == t => {}
                _ => return Err(AppError::NotFound),
            }
            Ok(entry_ops::withdraw(conn, id, user.id, db::utc_now()))
        })
        .await?;
    match result {
        Ok(x) => {
            AppSession(&session).flash(
                FlashLevel::Success,
                Message::new(msg!("entry-withdrawn")).arg("entry", &x.name),
            );
        }
        Err(PlayError::Refused(_)) => {
            AppSession(&session).flash(FlashLevel::Error, msg!("entry-closed"));
        }
        Err(other) => return Err(other.into()),
    }
    Ok(see_other(&paths::tournament(c, t)))
}

//! The regulation's settings as a form: every setting in the units the
//! regulation itself uses (points with halves, minutes, seconds, dates),
//! grouped as the regulation reads, and read back onto the version the
//! form started from, so that nothing the form does not show is lost.
//!
//! Each setting is described once ([`Spec`]): its field name, label, input,
//! the value it shows for a regulation, and how a typed value is written
//! into a draft. The form, the reading of a submitted form and the list of
//! what a change alters ([`changes`]) all come from those descriptions.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use crate::app::ratings::source_key;
use crate::i18n::{Lang, Message, MsgKey};
use crate::msg;
use crate::read::wording::tie_break_name;
use crate::rules::playoff::PlayoffRule;
use crate::rules::rating::Source;
use crate::rules::regulation::{
    Format, FormatBand, FormatRule, Regulation, SeasonTieRule, SharedPlaceSplit, TransferRule,
};
use crate::rules::score::{ByeValue, Colour, HalfPoints, ScoreKind};
use crate::rules::tiebreak::{Edition, IncompleteEncounters, TieBreak};
use crate::rules::tournament::PairingSystem;
use crate::web::infra::forms::FieldErrors;
use crate::words::eligibility::document_name;
use crate::words::penalties::rule_title;

/// How a setting is typed.
#[derive(Debug, Clone)]
pub enum Input {
    Text,
    /// A whole number in `min..=max`.
    Number {
        min: i64,
        max: i64,
    },
    /// Points, halves allowed: "2", "½", "1.5", "0,5".
    Points,
    /// Several points: "0.5, 1".
    PointsList,
    Check,
    /// (value, label) pairs.
    Select(Vec<(String, String)>),
    Date,
}

/// One setting as the form shows it.
pub struct Setting {
    pub name: String,
    pub label: String,
    pub input: Input,
    pub value: String,
    /// A blank value means "none" (no limit, no window, end of a list).
    pub optional: bool,
    pub hint: Option<String>,
    pub error: Option<String>,
}

impl Setting {
    pub fn is_check(&self) -> bool {
        matches!(self.input, Input::Check)
    }

    pub fn is_select(&self) -> bool {
        matches!(self.input, Input::Select(_))
    }

    pub fn options(&self) -> &[(String, String)] {
        match &self.input {
            Input::Select(options) => options,
            _ => &[],
        }
    }

    pub fn html_type(&self) -> &'static str {
        match self.input {
            Input::Number { .. } => "number",
            Input::Date => "date",
            _ => "text",
        }
    }

    pub fn min(&self) -> String {
        match self.input {
            Input::Number { min, .. } => min.to_string(),
            _ => String::new(),
        }
    }

    pub fn max(&self) -> String {
        match self.input {
            Input::Number { max, .. } => max.to_string(),
            _ => String::new(),
        }
    }

    /// Points are typed with a decimal mark or ½: a text field with the
    /// decimal keyboard on phones.
    pub fn inputmode(&self) -> &'static str {
        match self.input {
            Input::Points | Input::PointsList => "decimal",
            Input::Number { .. } => "numeric",
            _ => "text",
        }
    }

    pub fn checked(&self) -> bool {
        self.value == "on"
    }

    /// The field's id in the page.
    pub fn id(&self) -> String {
        format!("set-{}", self.name.replace('.', "-"))
    }

    /// The value as a reader of the change list sees it.
    fn shown(&self, lang: Lang) -> String {
        match &self.input {
            Input::Check => lang.msg(if self.checked() {
                msg!("yes")
            } else {
                msg!("no")
            }),
            Input::Select(options) => options
                .iter()
                .find(|(v, _)| *v == self.value)
                .map_or_else(|| self.value.clone(), |(_, label)| label.clone()),
            _ if self.value.is_empty() => "—".to_owned(),
            _ => self.value.clone(),
        }
    }
}

/// A group of settings, in the order the regulation reads.
pub struct Section {
    pub id: &'static str,
    pub title: String,
    pub groups: Vec<Group>,
}

/// Settings that belong together within a section: one format band, one
/// penalty rule; `title` is `None` for the section's plain settings.
pub struct Group {
    pub title: Option<String>,
    pub settings: Vec<Setting>,
}

/// A regulation being read back from a form: the lists are gathered by
/// position and assembled once every field is read.
struct Draft {
    reg: Regulation,
    places: BTreeMap<usize, HalfPoints>,
    chain: BTreeMap<usize, TieBreak>,
    rating_order: BTreeMap<usize, Source>,
    bands: BTreeMap<usize, BandDraft>,
    kept_documents: Vec<bool>,
    pab: (Option<HalfPoints>, Option<HalfPoints>),
}

#[derive(Default, Clone, Copy)]
struct BandDraft {
    min: Option<u32>,
    max: Option<u32>,
    system: Option<PairingSystem>,
    games: Option<u8>,
    rounds: Option<u8>,
}

type Setter = Box<dyn Fn(&mut Draft, &str) -> Result<(), Message>>;

struct Spec {
    section: &'static str,
    group: Option<String>,
    name: String,
    label: String,
    input: Input,
    optional: bool,
    hint: Option<String>,
    value: String,
    set: Setter,
}

fn points_text(p: HalfPoints) -> String {
    p.to_string()
}

fn opt_text<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(String::new, |v| v.to_string())
}

fn check_text(on: bool) -> String {
    if on { "on".into() } else { String::new() }
}

fn minutes_text(seconds: Option<u32>) -> String {
    seconds.map_or_else(String::new, |s| {
        if s % 60 == 0 {
            (s / 60).to_string()
        } else {
            format!("{}", f64::from(s) / 60.0)
        }
    })
}

/// Points as people type them: "½", "1½", "0.5", "0,5", "−½".
pub fn parse_points(text: &str) -> Result<HalfPoints, Message> {
    let t = text.trim().replace(',', ".").replace(['−', '–'], "-");
    HalfPoints::parse_decimal(&t)
        .filter(|p| p.halves().abs() <= 2_000)
        .ok_or_else(|| msg!("set-error-points").into())
}

fn parse_number(text: &str, min: i64, max: i64) -> Result<i64, Message> {
    text.trim()
        .parse::<i64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            Message::new(msg!("set-error-number"))
                .arg("min", min)
                .arg("max", max)
        })
}

fn parse_minutes(text: &str) -> Result<u32, Message> {
    let t = text.trim().replace(',', ".");
    t.parse::<f64>()
        .ok()
        .filter(|m| m.is_finite() && (0.0..=1440.0).contains(m))
        .map(|m| (m * 60.0).round() as u32)
        .ok_or_else(|| msg!("set-error-minutes").into())
}

fn is_on(text: &str) -> bool {
    !text.trim().is_empty()
}

/// A number the form has already checked against its range, in the
/// setting's own type.
fn narrow<T: TryFrom<i64> + Default>(n: i64) -> T {
    T::try_from(n).unwrap_or_default()
}

struct Specs {
    lang: Lang,
    out: Vec<Spec>,
    section: &'static str,
    group: Option<String>,
}

impl Specs {
    fn label(&self, key: MsgKey) -> String {
        self.lang.msg(key)
    }

    fn push(
        &mut self,
        name: impl Into<String>,
        label: String,
        input: Input,
        optional: bool,
        value: String,
        set: impl Fn(&mut Draft, &str) -> Result<(), Message> + 'static,
    ) -> &mut Spec {
        self.out.push(Spec {
            section: self.section,
            group: self.group.clone(),
            name: name.into(),
            label,
            input,
            optional,
            hint: None,
            value,
            set: Box::new(set),
        });
        self.out.last_mut().expect("just pushed")
    }

    /// A whole number.
    fn number(
        &mut self,
        name: &str,
        key: MsgKey,
        (min, max): (i64, i64),
        value: i64,
        set: impl Fn(&mut Regulation, i64) + 'static,
    ) {
        let label = self.label(key);
        self.push(
            name,
            label,
            Input::Number { min, max },
            false,
            value.to_string(),
            move |d, t| {
                set(&mut d.reg, parse_number(t, min, max)?);
                Ok(())
            },
        );
    }

    /// A whole number or nothing (no limit).
    fn opt_number(
        &mut self,
        name: &str,
        key: MsgKey,
        (min, max): (i64, i64),
        value: Option<i64>,
        set: impl Fn(&mut Regulation, Option<i64>) + 'static,
    ) -> &mut Spec {
        let label = self.label(key);
        self.push(
            name,
            label,
            Input::Number { min, max },
            true,
            opt_text(value),
            move |d, t| {
                let v = if t.trim().is_empty() {
                    None
                } else {
                    Some(parse_number(t, min, max)?)
                };
                set(&mut d.reg, v);
                Ok(())
            },
        )
    }

    fn points(
        &mut self,
        name: &str,
        key: MsgKey,
        value: HalfPoints,
        set: impl Fn(&mut Regulation, HalfPoints) + 'static,
    ) {
        let label = self.label(key);
        self.push(
            name,
            label,
            Input::Points,
            false,
            points_text(value),
            move |d, t| {
                set(&mut d.reg, parse_points(t)?);
                Ok(())
            },
        );
    }

    fn check(
        &mut self,
        name: &str,
        key: MsgKey,
        value: bool,
        set: impl Fn(&mut Regulation, bool) + 'static,
    ) {
        let label = self.label(key);
        self.push(
            name,
            label,
            Input::Check,
            false,
            check_text(value),
            move |d, t| {
                set(&mut d.reg, is_on(t));
                Ok(())
            },
        );
    }

    /// A choice among `options` (value, label); `read` turns the value back.
    fn select<T: 'static>(
        &mut self,
        name: &str,
        key: MsgKey,
        options: Vec<(String, String)>,
        value: String,
        read: impl Fn(&str) -> Option<T> + 'static,
        set: impl Fn(&mut Regulation, T) + 'static,
    ) {
        let label = self.label(key);
        self.push(
            name,
            label,
            Input::Select(options),
            false,
            value,
            move |d, t| {
                let v = read(t.trim()).ok_or_else(|| Message::from(msg!("set-error-choice")))?;
                set(&mut d.reg, v);
                Ok(())
            },
        );
    }

    /// Minutes, stored as seconds; blank for none when `optional`.
    fn minutes(
        &mut self,
        name: &str,
        key: MsgKey,
        value: Option<u32>,
        optional: bool,
        set: impl Fn(&mut Regulation, Option<u32>) + 'static,
    ) {
        let label = self.label(key);
        self.push(
            name,
            label,
            Input::Points,
            optional,
            minutes_text(value),
            move |d, t| {
                let v = if t.trim().is_empty() {
                    if !optional {
                        return Err(msg!("set-error-minutes").into());
                    }
                    None
                } else {
                    Some(parse_minutes(t)?)
                };
                set(&mut d.reg, v);
                Ok(())
            },
        );
    }
}

fn system_options(lang: Lang) -> Vec<(String, String)> {
    vec![
        ("rr".into(), lang.msg(msg!("set-system-rr"))),
        ("swiss".into(), lang.msg(msg!("set-system-swiss"))),
    ]
}

fn system_value(s: PairingSystem) -> &'static str {
    match s {
        PairingSystem::Swiss => "swiss",
        _ => "rr",
    }
}

fn games_options(lang: Lang) -> Vec<(String, String)> {
    vec![
        ("1".into(), lang.msg(msg!("set-games-one"))),
        ("2".into(), lang.msg(msg!("set-games-two"))),
    ]
}

fn read_games(t: &str) -> Option<u8> {
    match t {
        "1" => Some(1),
        "2" => Some(2),
        _ => None,
    }
}

/// The tie-breaks a team tournament may choose, in TRF-2026 notation,
/// followed by any the regulation already has that are not among them.
const TIE_BREAKS: &[&str] = &[
    "MPvGP", "DE", "DE/P", "EDE", "EDE/P", "EDET", "EDEC", "EDEB", "EGGSB", "EGMSB", "EMGSB",
    "EMMSB", "ESB", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "AOB:MP", "BC", "TBR", "BBE",
    "BERLIN", "WIN:MP", "WIN:GP", "WON:MP", "WON:GP", "SSSC", "PS:MP", "PS:GP", "MP", "GP",
];

fn tie_break_options(lang: Lang, chain: &[TieBreak]) -> Vec<(String, String)> {
    let mut known: Vec<TieBreak> = TIE_BREAKS.iter().filter_map(|t| t.parse().ok()).collect();
    for tb in chain {
        if !known.contains(tb) {
            known.push(*tb);
        }
    }
    std::iter::once((String::new(), "—".to_owned()))
        .chain(
            known
                .iter()
                .map(|tb| (tb.to_string(), tie_break_name(lang, tb))),
        )
        .collect()
}

/// Every setting of `reg`, as the form shows it.
fn specs(reg: &Regulation, lang: Lang) -> Vec<Spec> {
    let mut s = Specs {
        lang,
        out: Vec::new(),
        section: "general",
        group: None,
    };
    general(&mut s, reg);
    s.section = "teams";
    teams(&mut s, reg);
    s.section = "entry";
    entry(&mut s, reg);
    s.section = "format";
    format(&mut s, reg);
    s.section = "ratings";
    ratings(&mut s, reg);
    s.section = "scoring";
    scoring(&mut s, reg);
    s.section = "places";
    places(&mut s, reg);
    if !reg.penalties.is_empty() {
        s.section = "penalties";
        penalties(&mut s, reg);
    }
    if !reg.documents.is_empty() {
        s.section = "documents";
        documents(&mut s, reg);
    }
    if reg.appeals.is_some() {
        s.section = "appeals";
        appeals(&mut s, reg);
    }
    if reg.season.is_some() {
        s.section = "season";
        season(&mut s, reg);
    }
    s.out
}

fn general(s: &mut Specs, reg: &Regulation) {
    let label = s.label(msg!("set-name"));
    s.push(
        "name",
        label,
        Input::Text,
        false,
        reg.name.clone(),
        |d, t| {
            let t = t.trim();
            if t.is_empty() {
                return Err(msg!("set-error-required").into());
            }
            d.reg.name = t.to_owned();
            Ok(())
        },
    );
    s.number(
        "boards",
        msg!("reg-boards"),
        (1, 20),
        i64::from(reg.boards),
        |r, n| r.boards = narrow(n),
    );
    s.minutes(
        "time.base",
        msg!("set-time-base"),
        Some(reg.time_control.base_seconds),
        false,
        |r, v| r.time_control.base_seconds = v.unwrap_or_default(),
    );
    s.number(
        "time.increment",
        msg!("set-time-increment"),
        (0, 600),
        i64::from(reg.time_control.increment_seconds),
        |r, n| r.time_control.increment_seconds = narrow(n),
    );
    s.check(
        "time.rated",
        msg!("set-time-rated"),
        reg.time_control.rated,
        |r, on| r.time_control.rated = on,
    );
    s.minutes(
        "play.lateness",
        msg!("set-play-lateness"),
        reg.play.lateness_forfeit_after_seconds,
        true,
        |r, v| r.play.lateness_forfeit_after_seconds = v,
    );
    s.check(
        "play.interrupted",
        msg!("set-play-interrupted"),
        reg.play.interrupted_round_replayed,
        |r, on| r.play.interrupted_round_replayed = on,
    );
    s.opt_number(
        "play.round_minutes",
        msg!("set-play-round-minutes"),
        (1, 600),
        reg.play.round_minutes.map(i64::from),
        |r, v| r.play.round_minutes = v.and_then(|n| u32::try_from(n).ok()),
    );
    s.opt_number(
        "play.break_minutes",
        msg!("set-play-break-minutes"),
        (0, 600),
        reg.play.break_minutes.map(i64::from),
        |r, v| r.play.break_minutes = v.and_then(|n| u32::try_from(n).ok()),
    );
    s.check(
        "play.check_in",
        msg!("set-play-check-in"),
        reg.play.check_in,
        |r, on| r.play.check_in = on,
    );
    let options: Vec<(String, String)> =
        std::iter::once((String::new(), s.label(msg!("set-play-server-none"))))
            .chain(
                crate::rules::game_server::SERVERS
                    .iter()
                    .map(|server| ((*server).to_owned(), (*server).to_owned())),
            )
            .collect();
    s.select(
        "play.game_server",
        msg!("set-play-server"),
        options,
        reg.play.game_server.clone().unwrap_or_default(),
        |t| match t {
            "" => Some(None),
            known => crate::rules::game_server::SERVERS
                .contains(&known)
                .then(|| Some(known.to_owned())),
        },
        |r, v| r.play.game_server = v,
    );
}

/// Which rating counts, as a list of choices in order (a player without
/// the first has the second counted).
fn ratings(s: &mut Specs, reg: &Regulation) {
    let lang = s.lang;
    let options: Vec<(String, String)> = std::iter::once((String::new(), "—".to_owned()))
        .chain(
            Source::ALL
                .iter()
                .map(|src| (src.code().to_owned(), lang.msg(source_key(*src)))),
        )
        .collect();
    // One spare place beyond the order the regulation has, three at least.
    for i in 0..(reg.ratings.order.len() + 1).max(3) {
        let n = i + 1;
        let label = Message::new(msg!("set-rating-choice"))
            .arg("number", n)
            .render(lang);
        s.push(
            format!("rating.{n}"),
            label,
            Input::Select(options.clone()),
            true,
            reg.ratings
                .order
                .get(i)
                .map(|src| src.code().to_owned())
                .unwrap_or_default(),
            move |d, t| {
                if !t.trim().is_empty() {
                    let src = Source::from_code(t.trim())
                        .ok_or_else(|| Message::from(msg!("set-error-choice")))?;
                    if d.rating_order.values().any(|other| *other == src) {
                        return Err(msg!("set-error-repeated").into());
                    }
                    d.rating_order.insert(n, src);
                }
                Ok(())
            },
        )
        .hint = (i == 0).then(|| lang.msg(msg!("set-rating-choice-hint")));
    }
    s.opt_number(
        "rating.board_order",
        msg!("set-rating-board-order"),
        (0, 1000),
        reg.ratings.board_order.map(i64::from),
        |r, v| r.ratings.board_order = v.and_then(|n| u16::try_from(n).ok()),
    )
    .hint = Some(lang.msg(msg!("set-rating-board-order-hint")));
}

fn teams(s: &mut Specs, reg: &Regulation) {
    let r = &reg.roster;
    s.number(
        "roster.min",
        msg!("set-roster-min"),
        (1, 100),
        i64::from(r.min_members),
        |r, n| r.roster.min_members = narrow(n),
    );
    s.opt_number(
        "roster.max",
        msg!("set-roster-max"),
        (1, 100),
        r.max_members.map(i64::from),
        |r, n| r.roster.max_members = n.map(narrow),
    );
    s.number(
        "roster.lineup",
        msg!("set-roster-lineup"),
        (1, 20),
        i64::from(r.lineup_players),
        |r, n| r.roster.lineup_players = narrow(n),
    );
    s.number(
        "roster.substitutes",
        msg!("set-roster-substitutes"),
        (0, 20),
        i64::from(r.max_substitutes),
        |r, n| r.roster.max_substitutes = narrow(n),
    );
    s.check(
        "roster.doubles",
        msg!("set-roster-doubles"),
        r.doubles_allowed,
        |r, on| r.roster.doubles_allowed = on,
    );
    s.check(
        "roster.motto",
        msg!("set-roster-motto"),
        r.team_motto,
        |r, on| r.roster.team_motto = on,
    );
    s.check(
        "roster.non_playing_captain",
        msg!("set-roster-non-playing-captain"),
        r.non_playing_captain,
        |r, on| r.roster.non_playing_captain = on,
    );
    s.check(
        "roster.club",
        msg!("reg-club-required"),
        r.club_membership_required,
        |r, on| r.roster.club_membership_required = on,
    );
    s.check(
        "roster.organization",
        msg!("reg-org-required"),
        r.organization_required,
        |r, on| r.roster.organization_required = on,
    );
    s.check(
        "roster.one_per_organization",
        msg!("reg-one-team-per-org"),
        r.one_team_per_organization,
        |r, on| r.roster.one_team_per_organization = on,
    );
    s.check(
        "roster.one_sport",
        msg!("set-roster-one-sport"),
        r.one_sport_per_athlete,
        |r, on| r.roster.one_sport_per_athlete = on,
    );
    let options = vec![
        ("free".into(), s.label(msg!("reg-transfers-free"))),
        ("judge".into(), s.label(msg!("reg-transfers-judge"))),
    ];
    let value = match r.transfers {
        TransferRule::Free => "free",
        TransferRule::JudgeApproval => "judge",
    };
    s.select(
        "roster.transfers",
        msg!("reg-transfers"),
        options,
        value.into(),
        |t| match t {
            "free" => Some(TransferRule::Free),
            "judge" => Some(TransferRule::JudgeApproval),
            _ => None,
        },
        |r, v| r.roster.transfers = v,
    );
}

fn entry(s: &mut Specs, reg: &Regulation) {
    let e = &reg.entry;
    s.minutes(
        "entry.opens",
        msg!("reg-entry-opens"),
        e.opens_before_start,
        true,
        |r, v| r.entry.opens_before_start = v,
    );
    s.minutes(
        "entry.on_time",
        msg!("reg-entry-on-time"),
        e.on_time_before_start,
        true,
        |r, v| r.entry.on_time_before_start = v,
    );
    let lang = s.lang;
    let options: Vec<(String, String)> = std::iter::once((String::new(), "—".to_owned()))
        .chain(
            reg.penalties
                .iter()
                .map(|p| (p.code.clone(), rule_title(lang, p))),
        )
        .collect();
    let codes: Vec<String> = reg.penalties.iter().map(|p| p.code.clone()).collect();
    s.select(
        "entry.late_penalty",
        msg!("set-entry-late-penalty"),
        options,
        e.late_penalty.clone().unwrap_or_default(),
        move |t| match t {
            "" => Some(None),
            code => codes
                .iter()
                .any(|c| c == code)
                .then(|| Some(code.to_owned())),
        },
        |r, v| r.entry.late_penalty = v,
    );
    s.opt_number(
        "entry.max_teams",
        msg!("reg-entry-cap"),
        (2, 1000),
        e.max_teams.map(i64::from),
        |r, n| r.entry.max_teams = n.map(narrow),
    );
    let label = s.label(msg!("set-entry-deadline"));
    let hint = s.label(msg!("set-entry-deadline-hint"));
    s.push(
        "entry.deadline",
        label,
        Input::Date,
        true,
        opt_text(e.application_deadline),
        |d, t| {
            d.reg.entry.application_deadline = if t.trim().is_empty() {
                None
            } else {
                let date = NaiveDate::parse_from_str(t.trim(), "%Y-%m-%d")
                    .map_err(|_| Message::from(msg!("set-error-date")))?;
                if !crate::rules::schedule::YEARS.contains(&chrono::Datelike::year(&date)) {
                    return Err(msg!("set-error-date").into());
                }
                Some(date)
            };
            Ok(())
        },
    )
    .hint = Some(hint);
    s.check(
        "entry.odd_drop",
        msg!("set-entry-odd-drop"),
        e.odd_entries_drop_last_double,
        |r, on| r.entry.odd_entries_drop_last_double = on,
    );
    s.check(
        "entry.undertaking",
        msg!("set-entry-undertaking"),
        e.fair_play_undertaking,
        |r, on| r.entry.fair_play_undertaking = on,
    );
}

/// A number of band `n` (fewest teams, most teams, rounds), blank for none.
fn band_number(
    s: &mut Specs,
    n: usize,
    field: &str,
    key: MsgKey,
    value: Option<u32>,
    write: fn(&mut BandDraft, Option<u32>),
) {
    let (min, max) = if field == "rounds" {
        (1, 60)
    } else {
        (2, 1000)
    };
    let label = s.label(key);
    s.push(
        format!("band.{n}.{field}"),
        label,
        Input::Number { min, max },
        true,
        opt_text(value),
        move |d, t| {
            let v = (!t.trim().is_empty())
                .then(|| parse_number(t, min, max))
                .transpose()?;
            write(d.bands.entry(n).or_default(), v.map(narrow));
            Ok(())
        },
    );
}

fn format(s: &mut Specs, reg: &Regulation) {
    let lang = s.lang;
    match &reg.format {
        FormatRule::ByTeamCount(bands) => {
            // One spare row for a new band; a row without its fewest teams is
            // left out.
            for i in 0..=bands.len() {
                let band = bands.get(i);
                let n = i + 1;
                s.group = Some(Message::new(msg!("set-band")).arg("band", n).render(lang));
                band_number(
                    s,
                    n,
                    "min",
                    msg!("set-band-min"),
                    band.map(|b| b.min_teams),
                    |b, v| b.min = v,
                );
                band_number(
                    s,
                    n,
                    "max",
                    msg!("set-band-max"),
                    band.and_then(|b| b.max_teams),
                    |b, v| b.max = v,
                );
                s.push(
                    format!("band.{n}.system"),
                    s.label(msg!("set-band-system")),
                    Input::Select(system_options(lang)),
                    false,
                    system_value(band.map_or(PairingSystem::RoundRobin, |b| b.format.system))
                        .to_owned(),
                    move |d, t| {
                        let system = match t.trim() {
                            "rr" => PairingSystem::RoundRobin,
                            "swiss" => PairingSystem::Swiss,
                            _ => return Err(msg!("set-error-choice").into()),
                        };
                        d.bands.entry(n).or_default().system = Some(system);
                        Ok(())
                    },
                );
                s.push(
                    format!("band.{n}.games"),
                    s.label(msg!("set-band-games")),
                    Input::Select(games_options(lang)),
                    false,
                    band.map_or(1, |b| b.format.games_per_pairing).to_string(),
                    move |d, t| {
                        let games = read_games(t.trim())
                            .ok_or_else(|| Message::from(msg!("set-error-choice")))?;
                        d.bands.entry(n).or_default().games = Some(games);
                        Ok(())
                    },
                );
                band_number(
                    s,
                    n,
                    "rounds",
                    msg!("set-band-rounds"),
                    band.and_then(|b| b.format.rounds).map(u32::from),
                    |b, v| b.rounds = v.and_then(|r| u8::try_from(r).ok()),
                );
            }
            s.group = None;
        }
        FormatRule::Swiss {
            rounds,
            rounds_drawn_by_lot,
            games_per_pairing,
        } => {
            s.number(
                "swiss.rounds",
                msg!("set-swiss-rounds"),
                (1, 60),
                i64::from(*rounds),
                |r, n| {
                    if let FormatRule::Swiss { rounds, .. } = &mut r.format {
                        *rounds = narrow(n);
                    }
                },
            );
            s.number(
                "swiss.lot",
                msg!("set-swiss-lot"),
                (0, 60),
                i64::from(*rounds_drawn_by_lot),
                |r, n| {
                    if let FormatRule::Swiss {
                        rounds_drawn_by_lot,
                        ..
                    } = &mut r.format
                    {
                        *rounds_drawn_by_lot = narrow(n);
                    }
                },
            );
            s.select(
                "swiss.games",
                msg!("set-band-games-plain"),
                games_options(lang),
                games_per_pairing.to_string(),
                read_games,
                |r, g| {
                    if let FormatRule::Swiss {
                        games_per_pairing, ..
                    } = &mut r.format
                    {
                        *games_per_pairing = g;
                    }
                },
            );
        }
        FormatRule::GroupsThenKnockout {
            games_per_pairing,
            third_place_match,
            ..
        } => {
            s.select(
                "knockout.games",
                msg!("set-band-games-plain"),
                games_options(lang),
                games_per_pairing.to_string(),
                read_games,
                |r, g| {
                    if let FormatRule::GroupsThenKnockout {
                        games_per_pairing, ..
                    } = &mut r.format
                    {
                        *games_per_pairing = g;
                    }
                },
            );
            s.check(
                "knockout.third",
                msg!("set-knockout-third"),
                *third_place_match,
                |r, on| {
                    if let FormatRule::GroupsThenKnockout {
                        third_place_match, ..
                    } = &mut r.format
                    {
                        *third_place_match = on;
                    }
                },
            );
        }
    }
    playoff(s, reg);
}

fn playoff(s: &mut Specs, reg: &Regulation) {
    let lang = s.lang;
    match &reg.playoff {
        PlayoffRule::None => {}
        PlayoffRule::ExtraMatch {
            places,
            rounds,
            games_per_pairing,
        } => {
            for place in 1..=3u32 {
                let label = Message::new(msg!("set-playoff-place"))
                    .arg("place", place)
                    .render(lang);
                s.push(
                    format!("playoff.place.{place}"),
                    label,
                    Input::Check,
                    false,
                    check_text(places.contains(&place)),
                    move |d, t| {
                        if let PlayoffRule::ExtraMatch { places, .. } = &mut d.reg.playoff {
                            places.retain(|p| *p != place);
                            if is_on(t) {
                                places.push(place);
                                places.sort_unstable();
                            }
                        }
                        Ok(())
                    },
                );
            }
            s.number(
                "playoff.rounds",
                msg!("set-playoff-rounds"),
                (1, 10),
                i64::from(*rounds),
                |r, n| {
                    if let PlayoffRule::ExtraMatch { rounds, .. } = &mut r.playoff {
                        *rounds = narrow(n);
                    }
                },
            );
            s.select(
                "playoff.games",
                msg!("set-band-games-plain"),
                games_options(lang),
                games_per_pairing.to_string(),
                read_games,
                |r, g| {
                    if let PlayoffRule::ExtraMatch {
                        games_per_pairing, ..
                    } = &mut r.playoff
                    {
                        *games_per_pairing = g;
                    }
                },
            );
        }
        PlayoffRule::BoardsThenArmageddon {
            boards,
            armageddon_board,
            white_minutes,
            black_minutes,
            draw_winner,
        } => {
            let board_options: Vec<(String, String)> = (1..=reg.boards)
                .map(|b| {
                    (
                        b.to_string(),
                        Message::new(msg!("set-board")).arg("board", b).render(lang),
                    )
                })
                .collect();
            let listed: Vec<String> = boards.iter().map(u8::to_string).collect();
            let label = s.label(msg!("set-armageddon-boards"));
            s.push(
                "armageddon.boards",
                label,
                Input::Text,
                false,
                listed.join(", "),
                move |d, t| {
                    let mut order = Vec::new();
                    for part in t.split([',', ' ', ';']).filter(|p| !p.trim().is_empty()) {
                        let b: u8 = narrow(parse_number(part, 1, 20)?);
                        if order.contains(&b) {
                            return Err(msg!("set-error-repeated").into());
                        }
                        order.push(b);
                    }
                    if let PlayoffRule::BoardsThenArmageddon { boards, .. } = &mut d.reg.playoff {
                        *boards = order;
                    }
                    Ok(())
                },
            );
            s.select(
                "armageddon.board",
                msg!("set-armageddon-board"),
                board_options,
                armageddon_board.to_string(),
                |t| t.parse::<u8>().ok(),
                |r, b| {
                    if let PlayoffRule::BoardsThenArmageddon {
                        armageddon_board, ..
                    } = &mut r.playoff
                    {
                        *armageddon_board = b;
                    }
                },
            );
            s.number(
                "armageddon.white",
                msg!("set-armageddon-white"),
                (1, 60),
                i64::from(*white_minutes),
                |r, n| {
                    if let PlayoffRule::BoardsThenArmageddon { white_minutes, .. } = &mut r.playoff
                    {
                        *white_minutes = narrow(n);
                    }
                },
            );
            s.number(
                "armageddon.black",
                msg!("set-armageddon-black"),
                (1, 60),
                i64::from(*black_minutes),
                |r, n| {
                    if let PlayoffRule::BoardsThenArmageddon { black_minutes, .. } = &mut r.playoff
                    {
                        *black_minutes = narrow(n);
                    }
                },
            );
            let options = vec![
                ("white".into(), s.label(msg!("set-colour-white"))),
                ("black".into(), s.label(msg!("set-colour-black"))),
            ];
            s.select(
                "armageddon.draw",
                msg!("set-armageddon-draw"),
                options,
                match draw_winner {
                    Colour::White => "white".into(),
                    Colour::Black => "black".into(),
                },
                |t| match t {
                    "white" => Some(Colour::White),
                    "black" => Some(Colour::Black),
                    _ => None,
                },
                |r, c| {
                    if let PlayoffRule::BoardsThenArmageddon { draw_winner, .. } = &mut r.playoff {
                        *draw_winner = c;
                    }
                },
            );
        }
    }
}

fn scoring(s: &mut Specs, reg: &Regulation) {
    let lang = s.lang;
    let sc = &reg.scoring;
    let options = vec![
        ("gp".into(), s.label(msg!("reg-primary-gp"))),
        ("mp".into(), s.label(msg!("reg-primary-mp"))),
    ];
    s.select(
        "scoring.primary",
        msg!("set-scoring-primary"),
        options,
        match sc.primary {
            ScoreKind::GamePoints => "gp".into(),
            ScoreKind::MatchPoints => "mp".into(),
        },
        |t| match t {
            "gp" => Some(ScoreKind::GamePoints),
            "mp" => Some(ScoreKind::MatchPoints),
            _ => None,
        },
        |r, k| r.scoring.primary = k,
    );
    s.points(
        "scoring.win",
        msg!("set-scoring-win"),
        sc.match_points.win,
        |r, p| r.scoring.match_points.win = p,
    );
    s.points(
        "scoring.draw",
        msg!("set-scoring-draw"),
        sc.match_points.draw,
        |r, p| r.scoring.match_points.draw = p,
    );
    s.points(
        "scoring.loss",
        msg!("set-scoring-loss"),
        sc.match_points.loss,
        |r, p| r.scoring.match_points.loss = p,
    );
    let hint = s.label(msg!("set-pab-hint"));
    for (name, key, value) in [
        (
            "scoring.pab_mp",
            msg!("set-pab-mp"),
            sc.pab.map(|b| b.match_points),
        ),
        (
            "scoring.pab_gp",
            msg!("set-pab-gp"),
            sc.pab.map(|b| b.game_points),
        ),
    ] {
        let label = s.label(key);
        let match_points = name.ends_with("mp");
        s.push(
            name,
            label,
            Input::Points,
            true,
            value.map(points_text).unwrap_or_default(),
            move |d, t| {
                let v = (!t.trim().is_empty())
                    .then(|| parse_points(t))
                    .transpose()?;
                if match_points {
                    d.pab.0 = v;
                } else {
                    d.pab.1 = v;
                }
                Ok(())
            },
        )
        .hint = Some(hint.clone());
    }
    let options = tie_break_options(lang, &reg.tie_breaks.chain);
    // Two spare places for a longer chain.
    for i in 0..reg.tie_breaks.chain.len() + 2 {
        let n = i + 1;
        let label = Message::new(msg!("set-tie-break"))
            .arg("number", n)
            .render(lang);
        s.push(
            format!("tb.{n}"),
            label,
            Input::Select(options.clone()),
            true,
            reg.tie_breaks
                .chain
                .get(i)
                .map(ToString::to_string)
                .unwrap_or_default(),
            move |d, t| {
                if !t.trim().is_empty() {
                    let tb: TieBreak = t
                        .trim()
                        .parse()
                        .map_err(|_| Message::from(msg!("set-error-choice")))?;
                    if d.chain.values().any(|other| *other == tb) {
                        return Err(msg!("set-error-repeated").into());
                    }
                    d.chain.insert(n, tb);
                }
                Ok(())
            },
        );
    }
    let options = vec![
        ("2026".into(), s.label(msg!("set-edition-2026"))),
        ("2024".into(), s.label(msg!("set-edition-2024"))),
    ];
    s.select(
        "tb.edition",
        msg!("set-tb-edition"),
        options,
        match reg.tie_breaks.edition {
            Edition::C07_2024 => "2024".into(),
            Edition::C07_2026 => "2026".into(),
        },
        |t| match t {
            "2024" => Some(Edition::C07_2024),
            "2026" => Some(Edition::C07_2026),
            _ => None,
        },
        |r, e| r.tie_breaks.edition = e,
    );
    let options = vec![
        ("swiss".into(), s.label(msg!("set-incomplete-swiss"))),
        ("skip".into(), s.label(msg!("set-incomplete-skip"))),
    ];
    s.select(
        "tb.incomplete",
        msg!("set-tb-incomplete"),
        options,
        match reg.tie_breaks.incomplete_encounters {
            IncompleteEncounters::SwissRule => "swiss".into(),
            IncompleteEncounters::Skip => "skip".into(),
        },
        |t| match t {
            "swiss" => Some(IncompleteEncounters::SwissRule),
            "skip" => Some(IncompleteEncounters::Skip),
            _ => None,
        },
        |r, v| r.tie_breaks.incomplete_encounters = v,
    );
}

fn places(s: &mut Specs, reg: &Regulation) {
    let lang = s.lang;
    let table = &reg.place_points.table;
    // Three spare places for a longer table; blank places end it.
    for i in 0..table.len() + 3 {
        let n = i + 1;
        let label = Message::new(msg!("set-place")).arg("place", n).render(lang);
        s.push(
            format!("place.{n}"),
            label,
            Input::Points,
            true,
            table.get(i).map(|p| points_text(*p)).unwrap_or_default(),
            move |d, t| {
                if !t.trim().is_empty() {
                    d.places.insert(n, parse_points(t)?);
                }
                Ok(())
            },
        );
    }
    let options = vec![
        ("equal".into(), s.label(msg!("set-shared-equal"))),
        ("best".into(), s.label(msg!("set-shared-best"))),
        ("worst".into(), s.label(msg!("set-shared-worst"))),
    ];
    s.select(
        "places.shared",
        msg!("set-shared"),
        options,
        match reg.place_points.shared {
            SharedPlaceSplit::EqualShareRoundedDown => "equal".into(),
            SharedPlaceSplit::BestPlace => "best".into(),
            SharedPlaceSplit::WorstPlace => "worst".into(),
        },
        |t| match t {
            "equal" => Some(SharedPlaceSplit::EqualShareRoundedDown),
            "best" => Some(SharedPlaceSplit::BestPlace),
            "worst" => Some(SharedPlaceSplit::WorstPlace),
            _ => None,
        },
        |r, v| r.place_points.shared = v,
    );
}

fn penalties(s: &mut Specs, reg: &Regulation) {
    let lang = s.lang;
    for (i, p) in reg.penalties.iter().enumerate() {
        s.group = Some(rule_title(lang, p));
        s.push(
            format!("penalty.{}.amount", p.code),
            lang.msg(msg!("set-penalty-amount")),
            Input::Points,
            true,
            p.amount.map(points_text).unwrap_or_default(),
            move |d, t| {
                let v = (!t.trim().is_empty())
                    .then(|| parse_points(t).map(|p| HalfPoints(p.halves().abs())))
                    .transpose()?;
                if let Some(rule) = d.reg.penalties.get_mut(i) {
                    rule.amount = v;
                }
                Ok(())
            },
        );
        s.push(
            format!("penalty.{}.alternatives", p.code),
            lang.msg(msg!("set-penalty-alternatives")),
            Input::PointsList,
            true,
            p.alternatives
                .iter()
                .map(|a| points_text(*a))
                .collect::<Vec<_>>()
                .join("; "),
            move |d, t| {
                // Separated by ";" or spaces: a comma may be the decimal mark.
                let mut list = Vec::new();
                for part in t.split([';', ' ']) {
                    let part = part.trim().trim_end_matches(',');
                    if !part.is_empty() {
                        list.push(HalfPoints(parse_points(part)?.halves().abs()));
                    }
                }
                if let Some(rule) = d.reg.penalties.get_mut(i) {
                    rule.alternatives = list;
                }
                Ok(())
            },
        );
    }
    s.group = None;
}

fn documents(s: &mut Specs, reg: &Regulation) {
    let lang = s.lang;
    for (i, doc) in reg.documents.iter().enumerate() {
        let kinds = doc
            .any_of
            .iter()
            .map(|k| document_name(lang, *k))
            .collect::<Vec<_>>()
            .join(&format!(" {} ", lang.msg(msg!("or"))));
        s.push(
            format!("document.{}.required", i + 1),
            format!(
                "{} — {kinds}",
                crate::i18n::cite::rule_words(lang, &doc.rule)
            ),
            Input::Check,
            false,
            check_text(true),
            move |d, t| {
                if let Some(kept) = d.kept_documents.get_mut(i) {
                    *kept = is_on(t);
                }
                Ok(())
            },
        );
        if doc.former_employee_months.is_some() {
            s.push(
                format!("document.{}.months", i + 1),
                lang.msg(msg!("set-document-months")),
                Input::Number { min: 0, max: 60 },
                true,
                opt_text(doc.former_employee_months),
                move |d, t| {
                    let v = (!t.trim().is_empty())
                        .then(|| parse_number(t, 0, 60))
                        .transpose()?;
                    if let Some(doc) = d.reg.documents.get_mut(i) {
                        doc.former_employee_months = v.map(narrow);
                    }
                    Ok(())
                },
            );
        }
    }
}

fn appeals(s: &mut Specs, reg: &Regulation) {
    let Some(a) = reg.appeals else { return };
    let with = |r: &mut Regulation, f: &dyn Fn(&mut crate::rules::regulation::AppealsCommittee)| {
        if let Some(a) = r.appeals.as_mut() {
            f(a);
        }
    };
    s.number(
        "appeals.chief_votes",
        msg!("set-appeals-chief-votes"),
        (1, 10),
        i64::from(a.chief_judge_votes),
        move |r, n| with(r, &|a| a.chief_judge_votes = narrow(n)),
    );
    s.number(
        "appeals.member_votes",
        msg!("set-appeals-member-votes"),
        (1, 10),
        i64::from(a.member_votes),
        move |r, n| with(r, &|a| a.member_votes = narrow(n)),
    );
    s.check(
        "appeals.captains",
        msg!("set-appeals-captains"),
        a.captains_are_members,
        move |r, on| with(r, &|a| a.captains_are_members = on),
    );
    s.check(
        "appeals.exclude_parties",
        msg!("set-appeals-exclude"),
        a.exclude_parties,
        move |r, on| with(r, &|a| a.exclude_parties = on),
    );
    s.check(
        "appeals.refusal",
        msg!("set-appeals-refusal"),
        a.refusal_counts_as_guilt,
        move |r, on| with(r, &|a| a.refusal_counts_as_guilt = on),
    );
}

fn season(s: &mut Specs, reg: &Regulation) {
    let Some(season) = &reg.season else { return };
    s.number(
        "season.tournaments",
        msg!("set-season-tournaments"),
        (1, 240),
        i64::from(season.tournaments),
        |r, n| {
            if let Some(s) = r.season.as_mut() {
                s.tournaments = narrow(n);
            }
        },
    );
    let options = vec![
        ("shared".into(), s.label(msg!("set-season-tie-shared"))),
        (
            "countback".into(),
            s.label(msg!("set-season-tie-countback")),
        ),
    ];
    s.select(
        "season.tie",
        msg!("set-season-tie"),
        options,
        match season.tie_rule {
            SeasonTieRule::Shared => "shared".into(),
            SeasonTieRule::Countback => "countback".into(),
        },
        |t| match t {
            "shared" => Some(SeasonTieRule::Shared),
            "countback" => Some(SeasonTieRule::Countback),
            _ => None,
        },
        |r, v| {
            if let Some(s) = r.season.as_mut() {
                s.tie_rule = v;
            }
        },
    );
    s.number(
        "season.notice",
        msg!("set-season-notice"),
        (0, 60),
        i64::from(season.change_notice_days),
        |r, n| {
            if let Some(s) = r.season.as_mut() {
                s.change_notice_days = narrow(n);
            }
        },
    );
}

fn section_title(lang: Lang, id: &str) -> String {
    lang.msg(match id {
        "general" => msg!("set-section-general"),
        "teams" => msg!("set-section-teams"),
        "entry" => msg!("set-section-entry"),
        "format" => msg!("set-section-format"),
        "scoring" => msg!("set-section-scoring"),
        "places" => msg!("set-section-places"),
        "penalties" => msg!("set-section-penalties"),
        "documents" => msg!("set-section-documents"),
        "appeals" => msg!("set-section-appeals"),
        "ratings" => msg!("set-section-ratings"),
        _ => msg!("set-section-season"),
    })
}

fn into_sections(
    lang: Lang,
    specs: Vec<Spec>,
    typed: Option<&[(String, String)]>,
    errors: &FieldErrors,
) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    for spec in specs {
        let value = match typed {
            Some(pairs) => value_of(pairs, &spec.name).to_owned(),
            None => spec.value,
        };
        let setting = Setting {
            error: errors.get(&spec.name).map(|m| m.render(lang)),
            name: spec.name,
            label: spec.label,
            input: spec.input,
            value,
            optional: spec.optional,
            hint: spec.hint,
        };
        if sections.last().is_none_or(|s| s.id != spec.section) {
            sections.push(Section {
                id: spec.section,
                title: section_title(lang, spec.section),
                groups: Vec::new(),
            });
        }
        let Some(section) = sections.last_mut() else {
            continue;
        };
        match section.groups.last_mut() {
            Some(g) if g.title == spec.group => g.settings.push(setting),
            _ => section.groups.push(Group {
                title: spec.group,
                settings: vec![setting],
            }),
        }
    }
    sections
}

/// The form for `reg`: its settings, or what was typed with the problems
/// beside their fields.
pub fn sections(
    lang: Lang,
    reg: &Regulation,
    typed: Option<&[(String, String)]>,
    errors: &FieldErrors,
) -> Vec<Section> {
    into_sections(lang, specs(reg, lang), typed, errors)
}

fn value_of<'a>(pairs: &'a [(String, String)], name: &str) -> &'a str {
    pairs
        .iter()
        .find(|(n, _)| n == name)
        .map_or("", |(_, v)| v.as_str())
}

/// The regulation the form describes: `base` with every setting of the
/// form as typed. A missing checkbox is off, as browsers send it.
pub fn read(base: &Regulation, pairs: &[(String, String)]) -> Result<Regulation, FieldErrors> {
    let mut draft = Draft {
        reg: base.clone(),
        places: BTreeMap::new(),
        chain: BTreeMap::new(),
        rating_order: BTreeMap::new(),
        bands: BTreeMap::new(),
        kept_documents: vec![true; base.documents.len()],
        pab: (None, None),
    };
    let mut errors = FieldErrors::default();
    let specs = specs(base, Lang::En);
    for spec in &specs {
        let value = value_of(pairs, &spec.name);
        if let Err(message) = (spec.set)(&mut draft, value) {
            errors.add(&spec.name, message);
        }
    }
    assemble(&mut draft, &mut errors);
    check(&draft.reg, &mut errors);
    if errors.is_empty() {
        Ok(draft.reg)
    } else {
        Err(errors)
    }
}

/// Puts the gathered lists in place.
fn assemble(d: &mut Draft, errors: &mut FieldErrors) {
    // Places: 1, 2, … with no gap.
    let mut table = Vec::new();
    for (place, points) in &d.places {
        if *place != table.len() + 1 {
            errors.add(
                &format!("place.{}", table.len() + 1),
                msg!("set-error-place-gap"),
            );
            break;
        }
        if table
            .last()
            .is_some_and(|above: &HalfPoints| points > above)
        {
            errors.add(&format!("place.{place}"), msg!("set-error-place-order"));
        }
        table.push(*points);
    }
    d.reg.place_points.table = table;
    d.reg.tie_breaks.chain = d.chain.values().copied().collect();
    d.reg.ratings.order = d.rating_order.values().copied().collect();
    d.reg.scoring.pab = match d.pab {
        (None, None) => None,
        (Some(mp), Some(gp)) => Some(ByeValue {
            match_points: mp,
            game_points: gp,
        }),
        (None, Some(_)) => {
            errors.add("scoring.pab_mp", msg!("set-error-pab-both"));
            None
        }
        (Some(_), None) => {
            errors.add("scoring.pab_gp", msg!("set-error-pab-both"));
            None
        }
    };
    if let FormatRule::ByTeamCount(_) = d.reg.format {
        let mut bands: Vec<FormatBand> = Vec::new();
        for (n, b) in &d.bands {
            let Some(min) = b.min else { continue };
            if b.max.is_some_and(|max| max < min) {
                errors.add(&format!("band.{n}.max"), msg!("set-error-band-max"));
                continue;
            }
            if let Some(prev) = bands.last()
                && prev.max_teams.is_none_or(|max| max >= min)
            {
                errors.add(&format!("band.{n}.min"), msg!("set-error-band-overlap"));
            }
            let system = b.system.unwrap_or(PairingSystem::RoundRobin);
            if system == PairingSystem::Swiss && b.rounds.is_none() {
                errors.add(&format!("band.{n}.rounds"), msg!("set-error-swiss-rounds"));
            }
            bands.push(FormatBand {
                min_teams: min,
                max_teams: b.max,
                format: Format {
                    system,
                    games_per_pairing: b.games.unwrap_or(1),
                    rounds: if system == PairingSystem::Swiss {
                        b.rounds
                    } else {
                        None
                    },
                },
            });
        }
        if bands.is_empty() {
            errors.add("band.1.min", msg!("set-error-required"));
        }
        d.reg.format = FormatRule::ByTeamCount(bands);
    }
    let mut kept = d.kept_documents.iter();
    d.reg.documents.retain(|_| *kept.next().unwrap_or(&true));
}

/// Settings that must agree with each other.
fn check(r: &Regulation, errors: &mut FieldErrors) {
    if r.ratings.board_order.is_some() && !r.ratings.used() {
        errors.add("rating.board_order", msg!("set-error-board-order-unrated"));
    }
    if r.roster
        .max_members
        .is_some_and(|max| max < r.roster.min_members)
    {
        errors.add("roster.max", msg!("set-error-roster-max"));
    }
    if r.roster
        .max_members
        .is_some_and(|max| max < r.roster.lineup_players)
    {
        errors.add("roster.max", msg!("set-error-roster-lineup"));
    }
    if r.roster.lineup_players > r.boards {
        errors.add("roster.lineup", msg!("set-error-lineup-boards"));
    }
    if let (Some(opens), Some(on_time)) = (r.entry.opens_before_start, r.entry.on_time_before_start)
        && on_time > opens
    {
        errors.add("entry.on_time", msg!("set-error-entry-windows"));
    }
    let mp = r.scoring.match_points;
    if mp.win < mp.draw || mp.draw < mp.loss {
        errors.add("scoring.draw", msg!("set-error-scoring-order"));
    }
    if let FormatRule::Swiss {
        rounds,
        rounds_drawn_by_lot,
        ..
    } = r.format
        && rounds_drawn_by_lot > rounds
    {
        errors.add("swiss.lot", msg!("set-error-lot-rounds"));
    }
    if let PlayoffRule::BoardsThenArmageddon {
        boards,
        armageddon_board,
        ..
    } = &r.playoff
    {
        if let Some(b) = boards.iter().find(|b| **b > r.boards) {
            errors.add(
                "armageddon.boards",
                Message::new(msg!("set-error-board")).arg("board", *b),
            );
        }
        if *armageddon_board > r.boards {
            errors.add(
                "armageddon.board",
                Message::new(msg!("set-error-board")).arg("board", *armageddon_board),
            );
        }
    }
}

/// One line of what a change alters: "Entries · Most teams: 20 → 16".
pub struct Change {
    pub what: String,
    pub before: String,
    pub after: String,
}

/// What `after` changes against `before`, setting by setting, in `lang`.
pub fn changes(lang: Lang, before: &Regulation, after: &Regulation) -> Vec<Change> {
    let old = into_sections(lang, specs(before, lang), None, &FieldErrors::default());
    let new = into_sections(lang, specs(after, lang), None, &FieldErrors::default());
    let find = |sections: &[Section], name: &str| -> Option<String> {
        sections
            .iter()
            .flat_map(|s| &s.groups)
            .flat_map(|g| &g.settings)
            .find(|s| s.name == name)
            .map(|s| s.shown(lang))
    };
    let mut out = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for section in new.iter().chain(old.iter()) {
        for (group, setting) in section
            .groups
            .iter()
            .flat_map(|g| g.settings.iter().map(move |s| (&g.title, s)))
        {
            if !seen.insert(setting.name.clone()) {
                continue;
            }
            let was = find(&old, &setting.name).unwrap_or_else(|| "—".into());
            let now = find(&new, &setting.name).unwrap_or_else(|| "—".into());
            if was != now {
                out.push(Change {
                    what: match group {
                        Some(group) => format!("{} · {group} · {}", section.title, setting.label),
                        None => format!("{} · {}", section.title, setting.label),
                    },
                    before: was,
                    after: now,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::presets::{e, g, r};

    /// The form of a regulation as a browser would send it back unchanged.
    fn as_sent(reg: &Regulation) -> Vec<(String, String)> {
        sections(Lang::Ru, reg, None, &FieldErrors::default())
            .into_iter()
            .flat_map(|s| s.groups)
            .flat_map(|g| g.settings)
            .filter(|s| !s.is_check() || s.checked())
            .map(|s| (s.name, s.value))
            .collect()
    }

    fn set(pairs: &mut [(String, String)], name: &str, value: &str) {
        let pair = pairs
            .iter_mut()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no field {name}"));
        pair.1 = value.to_owned();
    }

    #[test]
    fn every_preset_reads_back_as_itself() {
        for reg in [g(), r(), e()] {
            assert_eq!(
                read(&reg, &as_sent(&reg)).ok(),
                Some(reg.clone()),
                "{}",
                reg.code
            );
            assert!(changes(Lang::En, &reg, &reg).is_empty());
        }
    }

    #[test]
    fn points_are_typed_in_the_regulation_s_units() {
        let reg = r();
        let mut pairs = as_sent(&reg);
        set(&mut pairs, "scoring.win", "3");
        set(&mut pairs, "scoring.draw", "1,5");
        set(&mut pairs, "place.10", "½");
        let new = read(&reg, &pairs).expect("valid");
        assert_eq!(new.scoring.match_points.win, HalfPoints::from_points(3));
        assert_eq!(new.scoring.match_points.draw, HalfPoints(3));
        assert_eq!(new.place_points.table[9], HalfPoints::HALF);
        let words: Vec<String> = changes(Lang::En, &reg, &new)
            .iter()
            .map(|c| format!("{}: {} → {}", c.what, c.before, c.after))
            .collect();
        assert_eq!(words.len(), 3, "{words:?}");
        assert!(words[0].ends_with(": 2 → 3"), "{words:?}");
        assert!(words[2].ends_with(": 1 → ½"), "{words:?}");
    }

    #[test]
    fn a_longer_place_table_and_a_new_tie_break_use_the_spare_fields() {
        let reg = g();
        let mut pairs = as_sent(&reg);
        set(&mut pairs, "place.7", "½");
        set(&mut pairs, "tb.3", "BH:GP");
        let new = read(&reg, &pairs).expect("valid");
        assert_eq!(new.place_points.table.len(), 7);
        assert_eq!(new.tie_breaks.chain.len(), 3);
        // A gap in the table and a repeated tie-break are refused.
        set(&mut pairs, "place.7", "");
        set(&mut pairs, "place.8", "½");
        set(&mut pairs, "tb.3", "DE/P");
        let errors = read(&reg, &pairs).expect_err("invalid");
        assert!(errors.get("place.7").is_some());
        assert!(errors.get("tb.3").is_some());
    }

    #[test]
    fn r_1_10_the_deadline_is_a_date() {
        let reg = r();
        let mut pairs = as_sent(&reg);
        set(&mut pairs, "entry.deadline", "2026-10-03");
        let new = read(&reg, &pairs).expect("valid");
        assert_eq!(
            new.entry.application_deadline,
            NaiveDate::from_ymd_opt(2026, 10, 3)
        );
        set(&mut pairs, "entry.deadline", "3 октября");
        assert!(
            read(&reg, &pairs)
                .expect_err("bad")
                .get("entry.deadline")
                .is_some()
        );
    }

    #[test]
    fn settings_that_contradict_each_other_are_refused_beside_their_field() {
        let reg = e();
        let mut pairs = as_sent(&reg);
        set(&mut pairs, "roster.max", "2");
        set(&mut pairs, "armageddon.board", "3");
        set(&mut pairs, "boards", "2");
        let errors = read(&reg, &pairs).expect_err("invalid");
        assert!(errors.get("roster.max").is_some());
        assert!(errors.get("armageddon.board").is_some());
        assert!(errors.get("roster.lineup").is_some());
    }

    #[test]
    fn ratings_a_board_order_rule_needs_a_rating_counted() {
        // E counts no rating: a tolerance alone is refused beside it.
        let reg = e();
        let mut pairs = as_sent(&reg);
        set(&mut pairs, "rating.board_order", "100");
        let errors = read(&reg, &pairs).expect_err("invalid");
        assert!(errors.get("rating.board_order").is_some());
        // With a rating chosen it is the regulation's.
        set(&mut pairs, "rating.1", "national");
        let new = read(&reg, &pairs).expect("valid");
        assert_eq!(new.ratings.board_order, Some(100));
        assert_eq!(new.ratings.order, [Source::National]);
    }
}

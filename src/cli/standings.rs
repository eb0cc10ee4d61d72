//! `league standings FILE.trf`: the ranking of a tournament run elsewhere,
//! with every tie-break value, so organizers can check another program's
//! result against FIDE C.07.

use std::fmt::Write as _;

use crate::rules::ranking::{Standings, standings};
use crate::rules::regulation::Regulation;
use crate::rules::score::HalfPoints;
use crate::rules::score::ScoreKind;
use crate::rules::tiebreak::{
    Edition, TbValue, TieBreak, TieBreakRules, format_list, parse_ranking_list,
};
use crate::rules::{presets, trf};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
    Csv,
}

/// The C.07 edition asked for on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum EditionArg {
    #[value(name = "2024")]
    C07_2024,
    #[value(name = "2026")]
    C07_2026,
}

impl From<EditionArg> for Edition {
    fn from(e: EditionArg) -> Edition {
        match e {
            EditionArg::C07_2024 => Edition::C07_2024,
            EditionArg::C07_2026 => Edition::C07_2026,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Preset {
    G,
    R,
    E,
}

impl Preset {
    pub fn regulation(self) -> Regulation {
        match self {
            Preset::G => presets::g(),
            Preset::R => presets::r(),
            Preset::E => presets::e(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StandingsError {
    #[error(transparent)]
    Trf(#[from] trf::TrfError),
    #[error("--tiebreaks: {0}")]
    TieBreaks(#[from] crate::rules::tiebreak::TieBreakParseError),
    #[error(transparent)]
    Ranking(#[from] crate::rules::ranking::RankingError),
    #[error("cannot write JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("cannot write CSV: {0}")]
    Csv(#[from] csv::Error),
}

/// What `league standings` is asked for besides the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options<'a> {
    /// Ranking list in TRF notation (record 212: an optional score first,
    /// then the tie-breaks), replacing the file's and the preset's chain. A
    /// leading `MPTS`/`MP` or `GPTS`/`GP` also sets the primary score;
    /// `PTS` or no score keeps the file's (or the preset's).
    pub tiebreaks: Option<&'a str>,
    /// Score and break ties as this regulation preset does.
    pub preset: Option<Preset>,
    /// The C.07 edition; default: the one in force on the tournament's
    /// first day (record 042, else 052), else the preset's, else the newest.
    pub edition: Option<EditionArg>,
    pub format: Format,
}

/// Computes and renders the standings of a TRF file's content. The
/// tie-break chain is `tiebreaks` if given, else the preset's, else the
/// file's 202/212 record; the scoring is the preset's if given, else the
/// file's, with the primary score a leading score of `tiebreaks` names (as
/// record 212 does: `GP,BH:GP` ranks by game points first).
pub fn run(bytes: &[u8], options: Options<'_>) -> Result<String, StandingsError> {
    let Options {
        tiebreaks,
        preset,
        edition,
        format,
    } = options;
    let doc = trf::read_bytes(bytes)?;
    let mut tournament = doc.tournament;
    let regulation = preset.map(Preset::regulation);
    let mut rules = match &regulation {
        Some(reg) => {
            tournament.scoring = reg.scoring;
            reg.tie_breaks.clone()
        }
        None => TieBreakRules {
            chain: doc.tie_breaks.clone(),
            ..TieBreakRules::default()
        },
    };
    if let Some(list) = tiebreaks {
        let list = parse_ranking_list(list)?;
        if let Some(primary) = list.primary {
            tournament.scoring.primary = primary;
        }
        rules.chain = list.tie_breaks;
    }
    let in_force = [&tournament.start_date, &tournament.end_date]
        .into_iter()
        .flatten()
        .find_map(|d| trf::parse_date(d))
        .map(Edition::in_force_on);
    if let Some(e) = edition.map(Edition::from).or(in_force) {
        rules.edition = e;
    }
    let table = standings(&tournament, &rules, &[])?;
    let name = |id| {
        tournament
            .teams
            .iter()
            .find(|t| t.id == id)
            .map_or_else(String::new, |t| t.name.clone())
    };
    match format {
        Format::Text => Ok(text(
            &table,
            &rules.chain,
            rules.edition,
            tournament.scoring.primary,
            name,
        )),
        Format::Json => json(&table, &rules.chain, name),
        Format::Csv => csv(&table, &rules.chain, name),
    }
}

fn points(h: HalfPoints) -> f64 {
    f64::from(h.0) / 2.0
}

fn value_json(v: &Option<TbValue>) -> serde_json::Value {
    use serde_json::json;
    match v {
        None => serde_json::Value::Null,
        Some(TbValue::Points(h)) => json!(points(*h)),
        Some(TbValue::Quarters(q)) => json!(*q as f64 / 4.0),
        Some(TbValue::Count(c)) => json!(c),
        Some(TbValue::Scaled { value, scale }) => {
            json!(*value as f64 / (*scale).max(1) as f64)
        }
        Some(TbValue::Boards(b)) => json!(b.iter().map(|h| points(*h)).collect::<Vec<_>>()),
    }
}

fn value_text(v: &Option<TbValue>) -> String {
    v.as_ref()
        .map_or_else(|| "·".to_owned(), ToString::to_string)
}

fn text(
    table: &Standings,
    chain: &[TieBreak],
    edition: Edition,
    primary: ScoreKind,
    name: impl Fn(crate::rules::tournament::TeamId) -> String,
) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "{:>5}  {:>3}  {:<24} {:>5} {:>6}",
        "place", "no", "team", "MP", "GP"
    );
    for tb in chain {
        let _ = write!(out, " {:>8}", tb.to_string());
    }
    out.push('\n');
    for (i, row) in table.rows.iter().enumerate() {
        let _ = write!(
            out,
            "{:>5}  {:>3}  {:<24} {:>5} {:>6}",
            row.place.to_string(),
            row.team.to_string(),
            name(row.team),
            row.match_points.to_string(),
            row.game_points.to_string()
        );
        for v in &row.tie_breaks {
            let _ = write!(out, " {:>8}", value_text(v));
        }
        out.push('\n');
        if let Some(Some(gap)) = table.gaps.get(i) {
            let _ = writeln!(out, "{:>12}{gap}", "");
        }
    }
    let year = match edition {
        Edition::C07_2024 => 2024,
        Edition::C07_2026 => 2026,
    };
    let primary = match primary {
        ScoreKind::MatchPoints => "match points (MPTS)",
        ScoreKind::GamePoints => "game points (GPTS)",
    };
    let _ = writeln!(out, "primary score: {primary}");
    let _ = writeln!(
        out,
        "tie-breaks: {} (FIDE C.07, {year} edition)",
        format_list(chain)
    );
    out
}

fn json(
    table: &Standings,
    chain: &[TieBreak],
    name: impl Fn(crate::rules::tournament::TeamId) -> String,
) -> Result<String, StandingsError> {
    let rows: Vec<serde_json::Value> = table
        .rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut tbs = serde_json::Map::new();
            for (tb, v) in chain.iter().zip(&row.tie_breaks) {
                tbs.insert(tb.to_string(), value_json(v));
            }
            serde_json::json!({
                "rank": row.place.first,
                "place": row.place.to_string(),
                "team": row.team.0,
                "name": name(row.team),
                "mp": points(row.match_points),
                "gp": points(row.game_points),
                "tiebreaks": tbs,
                "ahead_because": table.gaps.get(i).and_then(|g| g.as_ref()).map(ToString::to_string),
            })
        })
        .collect();
    Ok(serde_json::to_string_pretty(&rows)? + "\n")
}

fn csv(
    table: &Standings,
    chain: &[TieBreak],
    name: impl Fn(crate::rules::tournament::TeamId) -> String,
) -> Result<String, StandingsError> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec![
        "place".to_owned(),
        "team".into(),
        "name".into(),
        "MP".into(),
        "GP".into(),
    ];
    header.extend(chain.iter().map(ToString::to_string));
    w.write_record(
        header
            .iter()
            .map(|c| crate::read::csv::cell(c).into_owned()),
    )?;
    for row in &table.rows {
        let mut rec = vec![
            row.place.to_string(),
            row.team.to_string(),
            name(row.team),
            points(row.match_points).to_string(),
            points(row.game_points).to_string(),
        ];
        rec.extend(row.tie_breaks.iter().map(|v| {
            match value_json(v) {
                serde_json::Value::Null => String::new(),
                serde_json::Value::Array(a) => a
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("/"),
                n => n.to_string(),
            }
        }));
        w.write_record(rec.iter().map(|c| crate::read::csv::cell(c).into_owned()))?;
    }
    let bytes = w
        .into_inner()
        .map_err(|e| csv::Error::from(e.into_error()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tournament::PairingSystem;
    use crate::rules::tournament::build::{m, round, tournament};

    /// Round robin of four teams, two boards, MP 2/1/0 in the file:
    /// R1 1–2 "1=", 3–4 "1="; R2 1–3 "1=", 2–4 "=="; R3 1–4 "00", 2–3 "00".
    ///
    /// | team | MP | GP |
    /// |------|----|----|
    /// | 1    | 4  | 3  |
    /// | 2    | 1  | 1½ |
    /// | 3    | 4  | 4  |
    /// | 4    | 3  | 3½ |
    fn trf() -> String {
        let mut t = tournament(PairingSystem::RoundRobin, 2, 1, 4, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 2, 2, "1="), m(3, 4, 2, "1=")]),
            round(2, vec![m(1, 3, 2, "1="), m(2, 4, 2, "==")]),
            round(3, vec![m(1, 4, 2, "00"), m(2, 3, 2, "00")]),
        ];
        trf::write(&t, &[])
    }

    fn order(tiebreaks: &str) -> Vec<u64> {
        let out = run(
            trf().as_bytes(),
            Options {
                tiebreaks: Some(tiebreaks),
                preset: None,
                edition: None,
                format: Format::Json,
            },
        )
        .expect("standings");
        let rows: serde_json::Value = serde_json::from_str(&out).expect("json");
        rows.as_array()
            .expect("rows")
            .iter()
            .filter_map(|r| r["team"].as_u64())
            .collect()
    }

    #[test]
    fn c07_13_1_a_leading_score_of_the_list_is_the_primary_as_record_212_says() {
        // `GP,BH:GP`: game points rank first (3: 4, 4: 3½, 1: 3, 2: 1½).
        // Before, the leading GP was dropped and match points ranked:
        // 1 and 3 on 4 MP, 4 on 3, 2 on 1.
        assert_eq!(order("GP,BH:GP"), [3, 4, 1, 2]);
        assert_eq!(order("GPTS,BH:GP"), [3, 4, 1, 2]);
        // `MP` (or `PTS`, or no score) keeps match points: 1 and 3 tie on
        // 4 MP; BH:GP 1 = 1½ + 4 + 3½ = 9, 3 = 3½ + 3 + 1½ = 8 → 1 first.
        assert_eq!(order("MP,BH:GP"), [1, 3, 4, 2]);
        assert_eq!(order("PTS,BH:GP"), [1, 3, 4, 2]);
        assert_eq!(order("BH:GP"), [1, 3, 4, 2]);
        // The text says which score ranked.
        let text = run(
            trf().as_bytes(),
            Options {
                tiebreaks: Some("GP,BH:GP"),
                preset: None,
                edition: None,
                format: Format::Text,
            },
        )
        .expect("standings");
        assert!(text.contains("primary score: game points (GPTS)"), "{text}");
        assert!(text.contains("tie-breaks: BH:GP"), "{text}");
    }
}

//! The header records: 012 (name), 042 and 052 (dates), 062 and 072
//! (players), 092 (type, free text), 142 (rounds), 152 (initial colour),
//! 192 (type code), 202 and 212 (tie-breaks), 352 (board colours) and 362
//! (match points).

use super::Reader;
use super::line::Line;
use crate::score::{Colour, HalfPoints, MatchPoints, ScoreKind};
use crate::tiebreak::parse_ranking_list;
use crate::tournament::PairingSystem;
use crate::trf::{Expected, TrfError, err};

impl Reader {
    /// 142: the number of rounds, at least 1.
    pub(super) fn read_round_count(&mut self, l: &Line) -> Result<(), TrfError> {
        let s = l.rest(5);
        self.declared_rounds = Some(s.parse::<u16>().ok().filter(|n| *n > 0).ok_or_else(|| {
            err(
                l.no,
                Expected::RoundCount {
                    record: Some("142"),
                },
                &s,
            )
        })?);
        Ok(())
    }

    /// 152: the initial colour, W or B (either case).
    pub(super) fn read_initial_colour(&mut self, l: &Line) -> Result<(), TrfError> {
        let s = l.rest(5);
        self.initial_colour = Some(match s.to_ascii_uppercase().as_str() {
            "W" => Colour::White,
            "B" => Colour::Black,
            _ => return Err(err(l.no, Expected::InitialColour, &s)),
        });
        Ok(())
    }

    /// 192: the team tournament type code, which may name the primary score.
    pub(super) fn read_tournament_type(&mut self, l: &Line) -> Result<(), TrfError> {
        let code = l.rest(5).to_ascii_uppercase();
        self.system = Some(
            system_from_code(&code).ok_or_else(|| err(l.no, Expected::TournamentType, &code))?,
        );
        if let Some(kind) = primary_from_code(&code) {
            self.primary.get_or_insert(kind);
        }
        Ok(())
    }

    /// 202 lists the tie-breaks, 212 the whole ranking (scores first);
    /// either may name the primary score. 202's counts when no record named
    /// one before.
    pub(super) fn read_tie_breaks(&mut self, l: &Line) -> Result<(), TrfError> {
        let list = parse_ranking_list(&l.rest(5))
            .map_err(|e| err(l.no, Expected::TieBreakList, e.to_string()))?;
        if self.primary.is_none() {
            self.primary = list.primary;
        }
        self.tie_breaks = list.tie_breaks;
        Ok(())
    }

    /// 212: the whole ranking, its primary score first (which wins over
    /// 192's and 202's), then the tie-breaks.
    pub(super) fn read_ranking(&mut self, l: &Line) -> Result<(), TrfError> {
        let list = parse_ranking_list(&l.rest(5))
            .map_err(|e| err(l.no, Expected::TieBreakList, e.to_string()))?;
        self.primary = list.primary.or(self.primary);
        self.tie_breaks_212 = Some(list.tie_breaks);
        Ok(())
    }

    /// 352: the colour of the team listed first on each board, W or B.
    pub(super) fn read_board_colours(&mut self, l: &Line) -> Result<(), TrfError> {
        let s = l.rest(5);
        let c: Option<Vec<Colour>> = s
            .chars()
            .map(|c| match c.to_ascii_uppercase() {
                'W' => Some(Colour::White),
                'B' => Some(Colour::Black),
                _ => None,
            })
            .collect();
        self.colours = Some(
            c.filter(|c| !c.is_empty())
                .ok_or_else(|| err(l.no, Expected::BoardColours, &s))?,
        );
        Ok(())
    }
}

/// 062 and 072: a number of players, when the record gives one.
pub(super) fn check_player_count(l: &Line) -> Result<(), TrfError> {
    let s = l.rest(5);
    if !s.is_empty() && !is_player_count(&s) {
        return Err(err(l.no, Expected::PlayerCount, s));
    }
    Ok(())
}

/// Records 062 and 072: a number of players, as Swiss-Manager writes it
/// with the rated ones in parentheses (`062 129 (88)`).
fn is_player_count(s: &str) -> bool {
    let (total, rest) = match s.split_once('(') {
        Some((a, b)) => (a.trim(), Some(b)),
        None => (s.trim(), None),
    };
    total.parse::<u32>().is_ok()
        && rest.is_none_or(|r| {
            r.strip_suffix(')')
                .is_some_and(|n| n.trim().parse::<u32>().is_ok())
        })
}

/// The pairing system of a 192 code.
fn system_from_code(code: &str) -> Option<PairingSystem> {
    if code.contains("ROUNDROBIN") {
        Some(PairingSystem::RoundRobin)
    } else if code.contains("KNOCKOUT") {
        Some(PairingSystem::Knockout)
    } else if code.contains("SWISS") || code.starts_with("FIDE_TEAM") {
        Some(PairingSystem::Swiss)
    } else {
        None
    }
}

/// The primary score a 192 code names. TRF-2026 spells the team codes
/// `FIDE_TEAM[_TYPEA|_TYPEB][_MP_GP|_GP_MP|_MP|_GP][_BAKU]` (and
/// `CUSTOM_TEAM_SWISS[_MP|_GP]`): the score part lists the primary score
/// first, then the secondary one, so `FIDE_TEAM_MP_GP` ranks by match points
/// and `FIDE_TEAM_GP_MP` by game points. The colour type (TYPEA/TYPEB) and
/// the Baku acceleration say nothing about the scores. `FIDE_TEAM` and
/// `FIDE_TEAM_BAKU` name no score (they stand for type A, MP then GP): the
/// reader leaves the primary score to 202/212 or the default, match points.
fn primary_from_code(code: &str) -> Option<ScoreKind> {
    code.split('_').find_map(|part| match part {
        "MP" => Some(ScoreKind::MatchPoints),
        "GP" => Some(ScoreKind::GamePoints),
        _ => None,
    })
}

/// The pairing system that 092's free text names, if any.
pub(super) fn system_from_text(text: &str) -> Option<PairingSystem> {
    let t = text.to_ascii_lowercase();
    if t.contains("robin") || t.contains("berger") {
        Some(PairingSystem::RoundRobin)
    } else if t.contains("knock") {
        Some(PairingSystem::Knockout)
    } else if t.contains("swiss") {
        Some(PairingSystem::Swiss)
    } else {
        None
    }
}

/// 362: the match points of a won (TW), drawn (TD) and lost (TL) match.
pub(super) fn parse_362(l: &Line) -> Result<MatchPoints, TrfError> {
    let mut mp = MatchPoints::default();
    let rest = l.rest(5);
    let tokens: Vec<&str> = rest.split_whitespace().collect();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i];
        let value = tokens
            .get(i + 1)
            .and_then(|v| HalfPoints::parse_decimal(v))
            .ok_or_else(|| {
                err(
                    l.no,
                    Expected::ValueAfter {
                        key: key.to_owned(),
                    },
                    tokens.get(i + 1).copied().unwrap_or(""),
                )
            })?;
        match key.to_ascii_uppercase().as_str() {
            "TW" => mp.win = value,
            "TD" => mp.draw = value,
            "TL" => mp.loss = value,
            other => return Err(err(l.no, Expected::MatchPointsKey, other)),
        }
        i += 2;
    }
    Ok(mp)
}

/// A date as TRF files write it (records 042, 052, 132): `YYYY/MM/DD`,
/// `YY/MM/DD`, `YYYY-MM-DD`, `YYYY.MM.DD` or `DD.MM.YYYY`.
pub fn parse_date(text: &str) -> Option<chrono::NaiveDate> {
    let t = text.trim();
    let parts: Vec<&str> = t.split(['/', '-', '.']).collect();
    let [a, b, c] = parts.as_slice() else {
        return None;
    };
    let num = |s: &str| s.trim().parse::<i32>().ok();
    let (y, m, d) = if a.len() == 4 {
        (num(a)?, num(b)?, num(c)?)
    } else if c.len() == 4 {
        (num(c)?, num(b)?, num(a)?)
    } else {
        // Two-digit years: TRF16 wrote YY/MM/DD.
        (2000 + num(a)?, num(b)?, num(c)?)
    };
    chrono::NaiveDate::from_ymd_opt(y, u32::try_from(m).ok()?, u32::try_from(d).ok()?)
}

//! The public record on a team's page: its captains
//! over time (G-B34), the transfers in and out (G-B33), and its results —
//! each finished tournament with the place, the tournament points
//! (G-V41) and the penalties of that tournament — with its line in the
//! season table. Read from the stored places, hand-overs, memberships and
//! penalties; nothing here is private (G-A5: rosters are public).

use chrono::NaiveDateTime;

use crate::db;
use crate::i18n::{Lang, Message};
use crate::ids::{ChampionshipId, EntryId, TeamId, TournamentId};
use crate::msg;
use crate::paths;
use crate::rules::score::HalfPoints;

pub struct CaptainRow {
    pub nick: String,
    pub url: String,
    pub from: String,
    pub until: String,
}

pub struct TransferRow {
    pub date: String,
    pub nick: String,
    pub url: String,
    pub from: String,
    pub from_url: String,
    pub to: String,
    pub to_url: String,
}

/// A penalty's code linked to its entry on the championship's page.
pub struct PenaltyLink {
    pub code: String,
    /// The rule's code and what it punishes.
    pub title: String,
    pub url: String,
    pub amount: String,
    pub reason: String,
    pub tournament: String,
}

pub struct ResultRow {
    pub tournament: String,
    pub tournament_url: String,
    pub entry: String,
    pub place: String,
    pub points: String,
    /// "−½" or empty.
    pub penalties: String,
    pub penalty_links: Vec<PenaltyLink>,
}

/// The team's entries in the season table: (entry, place, total).
pub struct SeasonLine {
    pub entry: String,
    pub place: String,
    pub total: String,
}

#[derive(Default)]
pub struct TeamRecord {
    pub captains: Vec<CaptainRow>,
    pub transfers: Vec<TransferRow>,
    pub results: Vec<ResultRow>,
    pub season: Vec<SeasonLine>,
    /// Every penalty in force, also those of no finished tournament.
    pub penalties: Vec<PenaltyLink>,
    pub season_url: String,
}

fn minus(amount: HalfPoints) -> String {
    if amount == HalfPoints::ZERO {
        String::new()
    } else {
        format!("−{amount}")
    }
}

/// The record in the page's language; dates in the championship's zone.
pub fn view(
    lang: Lang,
    tz: chrono_tz::Tz,
    c: ChampionshipId,
    team: TeamId,
    stored: crate::read::teams::Record,
) -> TeamRecord {
    let date = |at: NaiveDateTime| {
        at.and_utc()
            .with_timezone(&tz)
            .format("%Y-%m-%d")
            .to_string()
    };
    let title = |number: i32| {
        Message::new(msg!("tournament-title"))
            .arg("number", number)
            .render(lang)
    };
    let captains = stored
        .captaincies
        .iter()
        .enumerate()
        .map(|(i, (_, nick, at))| CaptainRow {
            url: paths::person(nick),
            nick: nick.clone(),
            from: date(*at),
            until: stored
                .captaincies
                .get(i + 1)
                .map(|(_, _, next)| date(*next))
                .unwrap_or_default(),
        })
        .collect();
    let transfers = stored
        .transfers
        .into_iter()
        .map(|t| TransferRow {
            date: date(t.at),
            url: paths::person(&t.nick),
            nick: t.nick,
            from_url: paths::team(t.from_team.0),
            from: t.from_team.1,
            to_url: paths::team(t.to_team.0),
            to: t.to_team.1,
        })
        .collect();
    let link = |p: &db::penalties::Penalty| PenaltyLink {
        code: if p.code == crate::app::penalties::AUTO_LATE_ENTRY {
            lang.msg(msg!("penalty-auto-late-entry-short"))
        } else {
            crate::i18n::cite::rule_words(lang, &p.code)
        },
        title: crate::words::penalties::code_words(lang, &stored.regulation, &p.code),
        url: paths::penalty(c, p.id),
        amount: minus(p.amount()),
        reason: crate::web::discipline::penalties::reason_words(lang, &p.reason),
        tournament: p
            .tournament_id
            .and_then(|t| stored.numbers.get(&t))
            .map(|n| title(*n))
            .unwrap_or_default(),
    };
    // A penalty of an entry goes on that entry's row; one of the team as a
    // whole on the team's first row of that tournament.
    let mut results: Vec<ResultRow> = Vec::with_capacity(stored.places.len());
    let mut placed: Vec<(TournamentId, EntryId)> = Vec::new();
    for p in &stored.places {
        let first_of_tournament = !placed.iter().any(|(t, _)| *t == p.tournament_id);
        placed.push((p.tournament_id, p.entry_id));
        let mine: Vec<&db::penalties::Penalty> = stored
            .penalties
            .iter()
            .filter(|x| x.tournament_id == Some(p.tournament_id))
            .filter(|x| match x.entry_id {
                Some(e) => e == p.entry_id,
                None => first_of_tournament,
            })
            .collect();
        let place = if p.place_first == p.place_last {
            p.place_first.to_string()
        } else {
            format!("{}–{}", p.place_first, p.place_last)
        };
        results.push(ResultRow {
            tournament: title(p.tournament_number),
            tournament_url: paths::tournament(c, p.tournament_id),
            entry: p.entry_name.clone(),
            place,
            points: HalfPoints(p.points).to_string(),
            penalties: minus(mine.iter().map(|x| x.amount()).sum()),
            penalty_links: mine.into_iter().map(link).collect(),
        });
    }
    let season = stored
        .season
        .rows
        .iter()
        .filter(|r| stored.season.team_of.get(&r.team) == Some(&team))
        .map(|r| SeasonLine {
            entry: r.team.clone(),
            place: r.place.to_string(),
            total: r.total.to_string(),
        })
        .collect();
    TeamRecord {
        captains,
        transfers,
        results,
        season,
        penalties: stored.penalties.iter().map(link).collect(),
        season_url: paths::season(c),
    }
}

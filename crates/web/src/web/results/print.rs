//! Paper for an over-the-board round: the pairing list to pin up and one
//! score sheet per match (boards, colours, the players' full names, a box
//! for each result and the captains' and the arbiter's signature lines),
//! each on a page of its own when printed. For the championship's
//! officials, who run the hall (the sheets carry full names).

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use super::pages::{Heading, load};
use super::results_view::{MatchSheet, Side, round_sheet};
use crate::app::access::AnyStaff;
use crate::ids::{EntryId, PersonId};
use crate::paths;
use crate::paths::segments::RoundNoPath;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::guards::Staff;
use crate::web::infra::respond::page;

#[derive(Template)]
#[template(path = "tournaments/round_print.html")]
pub struct RoundPrint {
    ctx: PageCtx,
    heading: Heading,
    number: i32,
    /// When the tournament starts, in the championship's zone, named.
    starts: String,
    games_per_pairing: u8,
    matches: Vec<MatchSheet>,
    /// The round's page, to go back to.
    back: String,
}

/// `GET …/tournaments/{t}/rounds/{n}/print` (officials): the pairing list
/// and the score sheets of round `n`, draft or published.
pub async fn round(
    ctx: PageCtx,
    _staff: Staff<AnyStaff>,
    state: web::Data<AppState>,
    path: web::Path<RoundNoPath>,
) -> Result<HttpResponse, AppError> {
    let path = path.into_inner();
    let tournament = paths::segments::TournamentPath {
        championship_id: path.championship_id,
        tournament_id: path.tournament_id,
    };
    let (l, _) = load(&ctx, &state, &tournament).await?;
    let round = l
        .rounds
        .iter()
        .find(|r| r.number == path.round_no)
        .ok_or(AppError::NotFound)?;
    let ids: Vec<PersonId> = l.nicks.keys().copied().collect();
    let names: HashMap<PersonId, String> = state
        .db(move |conn| Ok(crate::db::people::full_names_of(conn, &ids)?))
        .await?
        .into_iter()
        .collect();
    // On paper a player is their full name, the nick beside it.
    let labels: HashMap<PersonId, String> = l
        .nicks
        .iter()
        .map(|(id, nick)| match names.get(id) {
            Some(name) if !name.is_empty() => (*id, format!("{name} ({nick})")),
            _ => (*id, nick.clone()),
        })
        .collect();
    let sides: HashMap<EntryId, Side> = l
        .entries
        .iter()
        .map(|e| {
            (
                e.id,
                Side {
                    start_no: e.start_no,
                    name: e.name.clone(),
                    rating: None,
                },
            )
        })
        .collect();
    let rules = l.to_rules();
    let matches: Vec<_> = l.matches_of(round.id).collect();
    let mut matches = round_sheet(ctx.lang, &rules, &matches, &l.games, &sides, &labels);
    // A game still to play leaves its box empty, for the pen.
    let pending = super::results_view::game_result(crate::rules::score::BoardResult::NotPlayed);
    for g in matches.iter_mut().flat_map(|m| m.games.iter_mut()) {
        if g.result == pending {
            g.result.clear();
        }
    }
    let tz = l.ctx.championship.tz();
    let starts = format!(
        "{} ({})",
        crate::words::local_time(tz, l.ctx.tournament.starts_at),
        crate::words::zone_words(
            ctx.lang,
            &l.ctx.championship.time_zone,
            l.ctx.tournament.starts_at
        )
    );
    let heading = Heading::of(&l);
    page(
        StatusCode::OK,
        &RoundPrint {
            back: heading.links.round(&round.number),
            number: round.number,
            games_per_pairing: rules.games_per_pairing,
            starts,
            matches,
            heading,
            ctx,
        },
    )
}

//! A tournament's results pages, public and in the conventions of
//! chess-results: the ranking crosstable (with the
//! round-robin matrix), one page per round with its pairings board by
//! board, and the players' scores per board. Only published rounds are
//! shown, except that judges also see a draft round's page.

use std::collections::HashMap;
use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::app::access::Judges;
use crate::app::rounds::Loaded;
use crate::i18n::Lang;
use crate::ids::{ChampionshipId, EntryId, TournamentId};
use crate::paths;
use crate::paths::segments::RoundNoPath;
use crate::paths::segments::TournamentPath;
use crate::rules::tournament::{Pairing, PlayerId, Tournament};
use crate::state::AppState;
use crate::web::infra::NestedPath;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::respond::page;
use crate::web::results::results_view::{
    MatchSheet, PlayerScores, RankingTable, Side, player_scores, ranking_table, round_sheet,
};

/// Links between a tournament's page and its results pages.
pub struct ResultLinks {
    pub tournament: String,
    pub crosstable: String,
    pub players: String,
    c: ChampionshipId,
    t: TournamentId,
}

impl ResultLinks {
    pub fn new(c: ChampionshipId, t: TournamentId) -> ResultLinks {
        ResultLinks {
            tournament: paths::tournament(c, t),
            crosstable: paths::crosstable(c, t),
            players: paths::players(c, t),
            c,
            t,
        }
    }

    /// The page of round `n` (by reference, as templates pass it).
    pub fn round(&self, n: &i32) -> String {
        paths::round_page(self.c, self.t, *n)
    }
}

/// What every results page shows above its tables.
pub struct Heading {
    pub championship: String,
    pub championship_url: String,
    pub number: i32,
    pub links: ResultLinks,
}

impl Heading {
    pub(super) fn of(l: &Loaded) -> Heading {
        Heading {
            championship: l.ctx.championship.name.clone(),
            championship_url: paths::championship(l.ctx.championship_id()),
            number: l.ctx.tournament.number,
            links: ResultLinks::new(l.ctx.championship_id(), l.ctx.id()),
        }
    }
}

/// The tournament of this championship with everything stored about its
/// play, and whether the viewer judges the championship (sees drafts).
pub(super) async fn load(
    ctx: &PageCtx,
    state: &web::Data<AppState>,
    path: &TournamentPath,
) -> Result<(Loaded, bool), AppError> {
    let (c, t) = (path.championship_id, path.tournament_id);
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    state
        .db(move |conn| {
            // A draft round as its publication will leave it (G-A7).
            let loaded = crate::app::play_state::load_as_shown(conn, t, crate::db::utc_now())?
                .filter(|l| l.ctx.championship.id == c)
                .ok_or(AppError::NotFound)?;
            let is_judge = crate::app::access::holds::<Judges>(conn, viewer, c)?;
            Ok((loaded, is_judge))
        })
        .await
}

#[derive(Template)]
#[template(path = "tournaments/crosstable.html")]
pub struct CrosstablePage {
    ctx: PageCtx,
    /// From the standings cache; the template reads it through `Deref`.
    view: Arc<CrosstableView>,
    /// Each team's average rating by start number (C.04.6's strength), read
    /// beside the cache: a rating list read in moves no results version.
    ratings: HashMap<u32, u16>,
}

impl CrosstablePage {
    /// The rating column's cell of the team with this start number.
    fn rating_of(&self, start_no: &u16) -> String {
        self.ratings
            .get(&u32::from(*start_no))
            .map_or_else(String::new, ToString::to_string)
    }
}

impl std::ops::Deref for CrosstablePage {
    type Target = CrosstableView;
    fn deref(&self) -> &CrosstableView {
        &self.view
    }
}

/// A crosstable as computed for one language and one results version of
/// the championship (kept by `web::cache`). The same for every viewer:
/// only published rounds count.
/// Crosstables by tournament and language, each for one results version.
pub type CrosstableCache =
    crate::web::infra::cache::Versioned<(TournamentId, Lang), CrosstableView>;

pub struct CrosstableView {
    heading: Heading,
    tie_break_names: Vec<String>,
    /// Round numbers with their pages' links, for the column headers.
    rounds: Vec<(u16, String)>,
    /// The last published round (the table stands after it).
    after_round: u16,
    table: Option<RankingTable>,
}

impl crate::web::infra::cache::Weigh for CrosstableView {
    fn weight(&self) -> u64 {
        use crate::web::infra::cache::text;
        let table = self.table.as_ref().map_or(0, |t| {
            let rows: u64 = t
                .rows
                .iter()
                .map(|r| {
                    text(&r.rank)
                        + text(&r.name)
                        + r.cells.iter().map(|c| text(&c.text) + 16).sum::<u64>()
                        + text(&r.match_points)
                        + text(&r.game_points)
                        + r.tie_breaks.iter().map(|s| text(s)).sum::<u64>()
                })
                .sum();
            let matrix: u64 = t.matrix.as_ref().map_or(0, |m| {
                m.rows
                    .iter()
                    .map(|r| {
                        text(&r.rank)
                            + text(&r.name)
                            + r.cells
                                .iter()
                                .map(|c| c.as_deref().map_or(24, text))
                                .sum::<u64>()
                    })
                    .sum()
            });
            rows + matrix
        });
        let rounds: u64 = self.rounds.iter().map(|(_, url)| 8 + text(url)).sum();
        512 + table + rounds + self.tie_break_names.iter().map(|s| text(s)).sum::<u64>()
    }
}

impl CrosstableView {
    fn of(lang: Lang, l: &Loaded) -> Result<CrosstableView, AppError> {
        let rules = l.to_rules();
        let tb = &l.ctx.regulation.tie_breaks;
        let table = if rules.rounds.is_empty() {
            None
        } else {
            let playoffs = crate::app::knockout::playoff_results(l);
            let st = crate::rules::ranking::standings(&rules, tb, &playoffs)
                .map_err(|e| AppError::Internal(format!("standings: {e}")))?;
            // Places a decision set (G-D4) rank as the places table does.
            let st = crate::app::rounds::with_decided_places(l, st);
            Some(
                ranking_table(lang, &rules, &st)
                    .map_err(|e| AppError::Internal(format!("crosstable: {e}")))?,
            )
        };
        let heading = Heading::of(l);
        Ok(CrosstableView {
            rounds: table
                .iter()
                .flat_map(|x| &x.rounds)
                .map(|n| (*n, heading.links.round(&i32::from(*n))))
                .collect(),
            heading,
            tie_break_names: tb.chain.iter().map(ToString::to_string).collect(),
            after_round: rules.rounds.iter().map(|r| r.number).max().unwrap_or(0),
            table,
        })
    }
}

/// `GET …/tournaments/{t}/crosstable`: the ranking crosstable of the
/// published rounds, and the team × team matrix of a round robin; from
/// the standings cache while the championship's results version stands.
pub async fn crosstable(
    ctx: PageCtx,
    state: web::Data<AppState>,
    cache: web::Data<CrosstableCache>,
    path: NestedPath<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    let (c, t) = (path.championship_id, path.tournament_id);
    let lang = ctx.lang;
    let (view, ratings) = state
        .db(move |conn| {
            let (_, version) =
                crate::db::tournaments::results_versions(conn, c, t)?.ok_or(AppError::NotFound)?;
            let view = cache.get_or_compute((t, lang), version, || {
                let l = Loaded::load(conn, t)?.ok_or(AppError::NotFound)?;
                CrosstableView::of(lang, &l)
            })?;
            Ok::<_, AppError>((view, crate::app::rounds::team_ratings(conn, t)?))
        })
        .await?;
    page(StatusCode::OK, &CrosstablePage { ctx, view, ratings })
}

#[derive(Template)]
#[template(path = "tournaments/round.html")]
pub struct RoundPage {
    ctx: PageCtx,
    heading: Heading,
    number: i32,
    published: bool,
    games_per_pairing: u8,
    /// A G-V42 play-off round.
    playoff: bool,
    matches: Vec<MatchSheet>,
    /// The previous and next rounds the viewer may see: (number, link).
    prev: Option<(i32, String)>,
    next: Option<(i32, String)>,
    /// The pairing list and score sheets on paper, for the officials.
    print_url: Option<String>,
    /// The round's games on lichess, for the judges of a published round.
    lichess_url: Option<String>,
}

/// `GET …/tournaments/{t}/rounds/{n}`: round `n`'s pairings with results,
/// board by board. A draft round is a page for judges only (404 to
/// others, as if it did not exist).
pub async fn round(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: NestedPath<RoundNoPath>,
) -> Result<HttpResponse, AppError> {
    let (l, is_judge) = load(&ctx, &state, &path.tournament()).await?;
    // The teams' average ratings, from the tournament already loaded.
    let (l, ratings) = state
        .db(move |conn| {
            let ratings = crate::app::rounds::team_ratings_of(conn, &l.ctx, &l.entries)?;
            Ok::<_, AppError>((l, ratings))
        })
        .await?;
    let visible: Vec<_> = l
        .rounds
        .iter()
        .filter(|r| r.is_published() || is_judge)
        .collect();
    let round = visible
        .iter()
        .find(|r| r.number == path.round_no)
        .ok_or(AppError::NotFound)?;
    let rules = l.to_rules();
    let sides: HashMap<EntryId, Side> = l
        .entries
        .iter()
        .map(|e| {
            (
                e.id,
                Side {
                    start_no: e.start_no,
                    name: e.name.clone(),
                    rating: e
                        .start_no
                        .and_then(|n| u32::try_from(n).ok())
                        .and_then(|n| ratings.get(&n).copied()),
                },
            )
        })
        .collect();
    let matches: Vec<_> = l.matches_of(round.id).collect();
    let matches = round_sheet(ctx.lang, &rules, &matches, &l.games, &sides, &l.nicks);
    let numbers = visible.iter().map(|r| r.number);
    let heading = Heading::of(&l);
    let link = |n: i32| (n, heading.links.round(&n));
    let prev = numbers
        .clone()
        .filter(|n| *n < round.number)
        .max()
        .map(link);
    let next = numbers.filter(|n| *n > round.number).min().map(link);
    page(
        StatusCode::OK,
        &RoundPage {
            number: round.number,
            published: round.is_published(),
            playoff: round.is_playoff(),
            games_per_pairing: rules.games_per_pairing,
            matches,
            prev,
            next,
            lichess_url: (is_judge && round.is_published()).then(|| {
                paths::round_lichess(
                    path.tournament().championship_id,
                    path.tournament().tournament_id,
                    round.id,
                )
            }),
            print_url: is_judge.then(|| {
                paths::round_print(
                    path.tournament().championship_id,
                    path.tournament().tournament_id,
                    round.number,
                )
            }),
            heading,
            ctx,
        },
    )
}

#[derive(Template)]
#[template(path = "tournaments/players.html")]
pub struct PlayersPage {
    ctx: PageCtx,
    heading: Heading,
    scores: PlayerScores,
}

/// The nick of each of the rules engine's players. `Loaded::to_rules`
/// numbers people afresh; the stored games, keyed by round, home start
/// number, board and game, say who they are.
fn rules_names(l: &Loaded, rules: &Tournament) -> HashMap<PlayerId, String> {
    let start_of: HashMap<EntryId, i32> = l
        .entries
        .iter()
        .filter_map(|e| Some((e.id, e.start_no?)))
        .collect();
    let mut stored = HashMap::new();
    for round in l
        .rounds
        .iter()
        .filter(|r| !r.is_playoff() && r.is_published())
    {
        for m in l.matches_of(round.id) {
            let Some(&home) = start_of.get(&m.home_entry_id) else {
                continue;
            };
            for g in l.games_of(m.id) {
                stored.insert(
                    (round.number, home, g.board, g.game_no),
                    (g.home_player_id, g.away_player_id),
                );
            }
        }
    }
    let mut names = HashMap::new();
    for r in &rules.rounds {
        for p in &r.pairings {
            let Pairing::Match(m) = p else { continue };
            for g in &m.games {
                let key = (
                    i32::from(r.number),
                    i32::from(m.home.0),
                    i32::from(g.board),
                    i32::from(g.game),
                );
                let Some(&(home, away)) = stored.get(&key) else {
                    continue;
                };
                for (player, person) in [(g.home_player, home), (g.away_player, away)] {
                    if let (Some(player), Some(nick)) =
                        (player, person.and_then(|p| l.nicks.get(&p)))
                    {
                        names.insert(player, nick.clone());
                    }
                }
            }
        }
    }
    names
}

/// `GET …/tournaments/{t}/players`: every player's score per board, best
/// first, and each player's results round by round.
pub async fn players(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: NestedPath<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    let (l, _) = load(&ctx, &state, &path).await?;
    let mut rules = l.to_rules();
    let names = rules_names(&l, &rules);
    // Each player's rating as the regulation counts it on the day: the
    // ARO and TPR of the board prizes (C.07 art. 10).
    let person_of: HashMap<&String, crate::ids::PersonId> = l
        .nicks
        .iter()
        .map(|(person, nick)| (nick, *person))
        .collect();
    let persons: Vec<crate::ids::PersonId> = person_of.values().copied().collect();
    let (order, on) = (
        l.ctx.regulation.ratings.order.clone(),
        l.ctx.tournament.starts_at.date(),
    );
    let counted = state
        .db(move |conn| {
            Ok::<_, AppError>(crate::app::ratings::counted(conn, &order, &persons, on)?)
        })
        .await?;
    for player in &mut rules.players {
        player.rating = names
            .get(&player.id)
            .and_then(|nick| person_of.get(nick))
            .and_then(|person| counted.get(person))
            .map(|held| held.value);
    }
    let scores = player_scores(&rules, &names)
        .map_err(|e| AppError::Internal(format!("player scores: {e}")))?;
    page(
        StatusCode::OK,
        &PlayersPage {
            heading: Heading::of(&l),
            scores,
            ctx,
        },
    )
}

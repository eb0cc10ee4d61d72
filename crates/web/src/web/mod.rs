//! The web edge: the route table, one module per area, the page context,
//! sessions, CSRF, guards and the error type.

pub mod account;
pub mod admin;
pub mod championship;
pub mod discipline;
pub mod documents;
pub mod feeds;
pub mod games;
pub mod infra;
pub mod people;
pub mod results;
pub mod series;
pub mod site;
pub mod team;
pub mod tournament;

use actix_web::web;

/// The views kept between requests, one cache per page kind, each owned
/// by its area and handed to the handlers as app data.
#[derive(Clone)]
pub struct Caches {
    season: web::Data<championship::season::SeasonCache>,
    crosstable: web::Data<results::pages::CrosstableCache>,
}

impl Caches {
    /// About `entries` views per page kind in at most `megabytes` MiB, split
    /// evenly between the kinds (0 of either: no caching).
    pub fn new(entries: usize, megabytes: u64) -> Caches {
        let bytes = megabytes * 1024 * 1024 / 2;
        Caches {
            season: web::Data::new(infra::cache::Versioned::new(entries, bytes)),
            crosstable: web::Data::new(infra::cache::Versioned::new(entries, bytes)),
        }
    }

    /// Makes the caches available to the handlers of one worker.
    pub fn register(&self, cfg: &mut web::ServiceConfig) {
        cfg.app_data(self.season.clone())
            .app_data(self.crosstable.clone());
    }
}

/// The single route table: reading it shows the whole URL surface. Each
/// path is one resource, so a wrong method gets 405, not 404.
pub fn routes(cfg: &mut web::ServiceConfig) {
    use crate::paths::*;
    use infra::respond::get;
    use web::{post, resource};
    cfg.service(resource(HOME).route(get().to(site::pages::home)))
        .service(resource(HEALTH).route(get().to(site::pages::health)))
        .service(resource(SHORT).route(get().to(site::pages::short)))
        .service(resource(SHORT_TAIL).route(get().to(site::pages::short)))
        .service(resource(LANG).route(post().to(site::pages::switch_language)))
        .service(
            resource(SIGNUP)
                .route(get().to(account::auth::signup_page))
                .route(post().to(account::auth::signup)),
        )
        .service(
            resource(LOGIN)
                .route(get().to(account::auth::login_page))
                .route(post().to(account::auth::login)),
        )
        .service(resource(LOGOUT).route(post().to(account::auth::logout)))
        .service(resource(TODO).route(get().to(account::todo::show)))
        .service(resource(ACCOUNT).route(get().to(account::auth::account_page)))
        .service(resource(admin::outbox::NOTICES).route(post().to(admin::outbox::save_notices)))
        .service(
            resource(admin::outbox::NOTICES_OPT_IN).route(post().to(admin::outbox::save_opt_ins)),
        )
        .service(resource(admin::outbox::OUTBOX).route(get().to(admin::outbox::outbox_page)))
        .service(resource(admin::outbox::OUTBOX_RESEND).route(post().to(admin::outbox::resend)))
        .service(
            resource(PASSWORD)
                .route(get().to(account::auth::password_page))
                .route(post().to(account::auth::change_password)),
        )
        .service(resource(ADMIN).route(get().to(admin::platform::dashboard)))
        .service(resource(ADMIN_PERSON_ADMIN).route(post().to(admin::platform::set_admin)))
        .service(
            resource(ADMIN_PERSON_SIGN_OUT).route(post().to(admin::platform::sign_out_everywhere)),
        )
        .service(
            resource(CHAMPIONSHIPS)
                .route(get().to(championship::championships::list))
                .route(post().to(championship::championships::create)),
        )
        // Before {championship_id}, which would match "new" too.
        .service(resource(CHAMPIONSHIP_NEW).route(get().to(championship::championships::new_page)))
        .service(resource(CHAMPIONSHIP).route(get().to(championship::championships::show)))
        .service(resource(STAFF).route(post().to(championship::championships::staff)))
        .service(
            resource(APPLY)
                .route(get().to(team::teams::apply_page))
                .route(post().to(team::teams::apply)),
        )
        .service(
            resource(QUEUE)
                .route(get().to(championship::championships::queue))
                .route(post().to(championship::championships::decide_teams)),
        )
        .service(resource(TEAM_DECISION).route(post().to(championship::championships::decide_team)))
        .service(
            resource(TRANSFER_DECISION)
                .route(post().to(championship::championships::decide_transfer)),
        )
        .service(resource(CAPTAINCIES).route(get().to(championship::championships::captaincies)))
        .service(resource(AUDIT).route(get().to(championship::championships::audit_log)))
        .service(resource(SCHEDULE).route(post().to(championship::championships::schedule)))
        .service(
            resource(TOURNAMENT_START)
                .route(post().to(championship::championships::tournament_start)),
        )
        .service(
            resource(TOURNAMENT_CANCEL)
                .route(post().to(championship::championships::tournament_cancel)),
        )
        .service(resource(TOURNAMENT).route(get().to(tournament::tournaments::show)))
        .service(resource(ENTRIES).route(post().to(tournament::tournaments::enter)))
        .service(resource(TOURNAMENT_ROUNDS).route(post().to(tournament::judging::set_rounds)))
        .service(resource(ENTRY_WITHDRAW).route(post().to(tournament::tournaments::withdraw)))
        .service(resource(DRAW).route(post().to(tournament::judging::draw)))
        .service(resource(ROUNDS).route(post().to(tournament::judging::pair)))
        .service(resource(FINISH).route(post().to(tournament::judging::finish)))
        .service(resource(REOPEN).route(post().to(tournament::judging::reopen)))
        .service(resource(SEASON).route(get().to(championship::season::season)))
        .service(
            resource(PENALTIES)
                .route(get().to(discipline::penalties::show))
                .route(post().to(discipline::penalties::impose)),
        )
        .service(resource(PENALTY_REVOKE).route(post().to(discipline::penalties::revoke)))
        .service(
            resource("/championships/{championship_id}/tournaments/{tournament_id}/appeal")
                .route(get().to(discipline::appeals::file_form))
                .route(post().to(discipline::appeals::file)),
        )
        .service(
            resource("/championships/{championship_id}/appeals")
                .route(get().to(discipline::appeals::list)),
        )
        .service(
            resource("/championships/{championship_id}/appeals/{appeal_id}")
                .route(get().to(discipline::appeals::show)),
        )
        .service(
            resource("/championships/{championship_id}/appeals/{appeal_id}/vote")
                .route(post().to(discipline::appeals::vote)),
        )
        .service(
            resource("/championships/{championship_id}/appeals/{appeal_id}/decide")
                .route(post().to(discipline::appeals::decide)),
        )
        .service(
            resource("/championships/{championship_id}/appeals/{appeal_id}/remedies")
                .route(post().to(discipline::appeals::propose)),
        )
        .service(
            resource(
                "/championships/{championship_id}/appeals/{appeal_id}/remedies/{remedy_id}/withdraw",
            )
            .route(post().to(discipline::appeals::withdraw_remedy)),
        )
        .service(
            resource("/championships/{championship_id}/appeals/{appeal_id}/supervised")
                .route(post().to(discipline::appeals::supervised)),
        )
        .service(
            resource("/championships/{championship_id}/fair-play")
                .route(post().to(discipline::appeals::report)),
        )
        // Before {report_id}/refer, which "evidence/analysis" is not.
        .service(resource(FAIR_PLAY_EVIDENCE).route(get().to(games::evidence::show)))
        .service(resource(FAIR_PLAY_ANALYSIS).route(post().to(games::evidence::request)))
        .service(resource(ANALYSIS_CANCEL).route(post().to(games::evidence::cancel)))
        .service(
            resource("/championships/{championship_id}/fair-play/{report_id}/refer")
                .route(post().to(discipline::appeals::refer)),
        )
        .service(resource(ROUND_PUBLISH).route(post().to(tournament::judging::publish)))
        .service(resource(GAME_RESULT).route(post().to(tournament::judging::result)))
        .service(resource(ROUND_RESULTS).route(post().to(tournament::judging::results)))
        .service(
            resource(ENTRY_LINEUP)
                .route(get().to(tournament::captains::lineup))
                .route(post().to(tournament::captains::set_lineup)),
        )
        .service(resource(ENTRY_RETIRE).route(post().to(tournament::captains::retire)))
        .service(resource(ROUND_ADJUST).route(post().to(tournament::judging::adjust)))
        .service(resource(ROUND_INTERRUPT).route(post().to(tournament::captains::interrupt)))
        .service(resource(MATCH).route(get().to(tournament::captains::show_match)))
        .service(resource(MATCH_SUBSTITUTION).route(post().to(tournament::captains::substitute)))
        .service(resource(MATCH_REPORT).route(post().to(tournament::captains::report_sheet)))
        .service(resource(MATCH_VIOLATIONS).route(post().to(tournament::violations::report)))
        .service(resource(VIOLATION_ANSWER).route(post().to(tournament::violations::answer)))
        .service(
            resource(CHECK_IN)
                .route(get().to(tournament::check_in::show))
                .route(post().to(tournament::check_in::record)),
        )
        .service(resource(GAME_REPORT).route(post().to(tournament::captains::report)))
        .service(resource(GAME_LATE).route(post().to(tournament::captains::late)))
        // Before {game_id}, which "import" is not but would be tried as.
        .service(
            resource(GAMES_IMPORT)
                .route(get().to(games::import::form))
                .route(post().to(games::import::upload)),
        )
        .service(
            resource(GAMES_IMPORT_ONE)
                .route(get().to(games::import::show))
                .route(post().to(games::import::confirm)),
        )
        .service(resource(GAME).route(get().to(games::pages::show)))
        .service(resource(GAME_PGN).route(get().to(games::pages::game_pgn)))
        .service(resource(GAME_CORRECTION).route(post().to(games::pages::correct)))
        .service(resource(MATCH_PGN).route(get().to(games::pages::match_pgn)))
        .service(resource(ROUND_PGN).route(get().to(games::pages::round_pgn)))
        .service(resource(TOURNAMENT_PGN).route(get().to(games::pages::tournament_pgn)))
        .service(resource(CROSSTABLE).route(get().to(results::pages::crosstable)))
        .service(resource(ROUND_PAGE).route(get().to(results::pages::round)))
        .service(resource(PLAYERS).route(get().to(results::pages::players)))
        .service(resource(PLAYOFF).route(post().to(tournament::judging::playoff)))
        .service(resource(ARMAGEDDON).route(post().to(tournament::judging::armageddon)))
        .service(
            resource(DOCUMENTS)
                .route(get().to(documents::files::queue))
                .route(post().to(documents::files::review_many)),
        )
        // Before {document_id}/review, though "purge" could not match it.
        .service(resource(DOCUMENTS_PURGE).route(post().to(documents::files::purge)))
        .service(resource(DOCUMENT_REVIEW).route(post().to(documents::files::review)))
        .service(resource(DOCUMENT).route(get().to(documents::files::download)))
        .service(resource(TEAM_DOCUMENTS).route(post().to(team::teams::upload_for_team)))
        .service(resource(PERSON_DOCUMENTS).route(post().to(people::person::upload_for_person)))
        .service(resource(TEAM).route(get().to(team::teams::show)))
        .service(resource(TEAM_INVITE).route(post().to(team::teams::invite)))
        .service(resource(TEAM_CAPTAIN).route(post().to(team::teams::hand_over)))
        .service(resource(TEAM_REMOVE).route(post().to(team::teams::remove_member)))
        .service(resource(TEAM_LEAVE).route(post().to(team::teams::leave)))
        .service(resource(TEAM_DISSOLVE).route(post().to(team::teams::dissolve)))
        .service(resource(INVITATION_ACCEPT).route(post().to(team::teams::accept)))
        .service(resource(INVITATION_CLOSE).route(post().to(team::teams::close_invitation)))
        .service(resource(ROLL).route(get().to(people::roll::show)))
        .service(resource(ROLL_CLUB).route(post().to(people::roll::club)))
        .service(resource(ROLL_EMPLOYMENTS).route(post().to(people::roll::employments)))
        .service(resource(PERSON).route(get().to(people::person::show)))
        .service(resource(PERSON_CLUB).route(post().to(people::person::club)))
        .service(resource(PERSON_BANS).route(post().to(people::person::ban)))
        .service(resource(PERSON_CLONES).route(post().to(people::person::link_clone)))
        .service(
            resource(PERSON_CLONE_REMOVE).route(post().to(people::person::unlink_clone)),
        )
        .service(resource(PERSON_EMPLOYMENTS).route(post().to(people::person::add_employment)))
        .service(resource(BAN_LIFT).route(post().to(people::person::lift_ban)))
        .service(resource(EMPLOYMENT_CONFIRM).route(post().to(people::person::confirm_employment)))
        .service(resource(BANS).route(get().to(people::person::bans)))
        .service(resource(HISTORY).route(get().to(championship::history::championship)))
        .service(resource(HALL_OF_FAME).route(get().to(championship::history::platform)))
        .service(
            resource(REGULATION)
                .route(get().to(championship::regulation::show))
                .route(post().to(championship::regulation::publish)),
        )
        .service(resource(REGULATION_JSON).route(get().to(championship::regulation::export)))
        .service(resource(REGULATION_VERSION).route(get().to(championship::regulation::version)))
        .service(
            resource(SERIES_LIST)
                .route(get().to(series::pages::list))
                .route(post().to(series::pages::create)),
        )
        .service(resource(SERIES).route(get().to(series::pages::show)))
        .service(resource(SERIES_SPORTS).route(post().to(series::pages::add_sport)))
        .service(resource(SERIES_PLACES).route(post().to(series::pages::set_place)))
        .service(resource(SERIES_SPORT).route(post().to(series::pages::set_points)))
        .service(resource(SERIES_ATHLETES).route(post().to(series::pages::change_athletes)))
        // Feeds, downloads (public, read-only) and the TRF import.
        .service(resource(CALENDAR).route(get().to(feeds::serve::calendar)))
        .service(resource(FEED).route(get().to(feeds::serve::atom_feed)))
        .service(
            resource(IMPORT)
                .route(get().to(results::imports::form))
                .route(post().to(results::imports::upload)),
        )
        .service(resource(SEASON_CSV).route(get().to(feeds::exports::season_csv_download)))
        .service(resource(SEASON_JSON).route(get().to(feeds::exports::season_json_download)))
        .service(resource(STANDINGS_CSV).route(get().to(feeds::exports::tournament_csv_download)))
        .service(resource(STANDINGS_JSON).route(get().to(feeds::exports::tournament_json_download)))
        .service(resource(TRF_EXPORT).route(get().to(feeds::exports::trf_download)))
        .service(resource(SERIES_CSV).route(get().to(feeds::exports::series_csv_download)))
        .service(resource(SERIES_JSON).route(get().to(feeds::exports::series_json_download)))
        .service(
            resource(API_TOKENS)
                .route(get().to(admin::api_tokens::show))
                .route(post().to(admin::api_tokens::create)),
        )
        .service(resource(API_TOKEN_REVOKE).route(post().to(admin::api_tokens::revoke)))
        .service(
            resource(ORGANIZATIONS)
                .route(get().to(people::person::organizations))
                .route(post().to(people::person::create_organization)),
        );
}

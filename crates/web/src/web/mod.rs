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

use crate::routing::{Method, RouteTable};

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

/// Mounts the pages' routes (declared once, in `declare`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    declare(&mut RouteTable::mount(cfg));
}

/// Every (method, path) of the pages, as [`routes`] mounts them.
pub fn route_table() -> Vec<(Method, &'static str)> {
    let mut t = RouteTable::listing();
    declare(&mut t);
    t.listed()
}

/// The pages' single route table: reading it shows the whole URL surface.
/// Each path is one resource, so a wrong method gets 405, not 404.
fn declare(t: &mut RouteTable) {
    use crate::paths::*;
    t.at(HOME, |r| r.get(site::pages::home));
    t.at(HEALTH, |r| r.get(site::pages::health));
    t.at(SHORT, |r| r.get(site::pages::short));
    t.at(SHORT_TAIL, |r| r.get(site::pages::short));
    t.at(LANG, |r| r.post(site::pages::switch_language));
    t.at(SIGNUP, |r| {
        r.get(account::auth::signup_page)
            .post(account::auth::signup)
    });
    t.at(LOGIN, |r| {
        r.get(account::auth::login_page).post(account::auth::login)
    });
    t.at(LOGOUT, |r| r.post(account::auth::logout));
    t.at(CLAIM, |r| {
        r.get(account::claim::show).post(account::claim::claim)
    });
    t.at(TODO, |r| r.get(account::todo::show));
    t.at(ACCOUNT, |r| r.get(account::auth::account_page));
    t.at(ACCOUNT_LICHESS, |r| r.post(account::lichess::begin));
    t.at(ACCOUNT_LICHESS_BACK, |r| r.get(account::lichess::back));
    t.at(ACCOUNT_LICHESS_UNLINK, |r| r.post(account::lichess::unlink));
    t.at(NOTICES, |r| r.post(admin::outbox::save_notices));
    t.at(NOTICES_OPT_IN, |r| r.post(admin::outbox::save_opt_ins));
    t.at(OUTBOX, |r| r.get(admin::outbox::outbox_page));
    // Before {id}/resend's sibling: a literal segment.
    t.at(OUTBOX_RESEND_FAILED, |r| {
        r.post(admin::outbox::resend_failed)
    });
    t.at(OUTBOX_RESEND, |r| r.post(admin::outbox::resend));
    t.at(PASSWORD, |r| {
        r.get(account::auth::password_page)
            .post(account::auth::change_password)
    });
    t.at(ADMIN, |r| r.get(admin::platform::dashboard));
    t.at(ADMIN_PERSON_ADMIN, |r| r.post(admin::platform::set_admin));
    t.at(ADMIN_PERSON_SIGN_OUT, |r| {
        r.post(admin::platform::sign_out_everywhere)
    });
    t.at(ADMIN_RATINGS, |r| {
        r.get(admin::ratings::form).post(admin::ratings::upload)
    });
    t.at(ADMIN_RATING_IMPORT, |r| r.get(admin::ratings::show));
    t.at(ADMIN_RATING_IMPORT_CONFIRM, |r| {
        r.post(admin::ratings::confirm)
    });
    t.at(CHAMPIONSHIPS, |r| {
        r.get(championship::championships::list)
            .post(championship::championships::create)
    });
    // Before {championship_id}, which would match "new" too.
    t.at(CHAMPIONSHIP_NEW, |r| {
        r.get(championship::championships::new_page)
    });
    t.at(CHAMPIONSHIP, |r| r.get(championship::championships::show));
    t.at(STAFF, |r| r.post(championship::championships::staff));
    t.at(APPLY, |r| {
        r.get(team::teams::apply_page).post(team::teams::apply)
    });
    t.at(QUEUE, |r| {
        r.get(championship::championships::queue)
            .post(championship::championships::decide_teams)
    });
    t.at(TEAM_DECISION, |r| {
        r.post(championship::championships::decide_team)
    });
    t.at(TRANSFER_DECISION, |r| {
        r.post(championship::championships::decide_transfer)
    });
    t.at(CAPTAINCIES, |r| {
        r.get(championship::championships::captaincies)
    });
    t.at(AUDIT, |r| r.get(championship::championships::audit_log));
    t.at(SCHEDULE, |r| r.post(championship::championships::schedule));
    t.at(TOURNAMENT_START, |r| {
        r.post(championship::championships::tournament_start)
    });
    t.at(TOURNAMENT_CANCEL, |r| {
        r.post(championship::championships::tournament_cancel)
    });
    t.at(TOURNAMENT, |r| r.get(tournament::tournaments::show));
    t.at(ENTRIES, |r| r.post(tournament::tournaments::enter));
    t.at(TOURNAMENT_ROUNDS, |r| {
        r.post(tournament::judging::set_rounds)
    });
    t.at(ENTRY_WITHDRAW, |r| {
        r.post(tournament::tournaments::withdraw)
    });
    t.at(DRAW, |r| r.post(tournament::judging::draw));
    t.at(ROUNDS, |r| r.post(tournament::judging::pair));
    t.at(FINISH, |r| r.post(tournament::judging::finish));
    t.at(REOPEN, |r| r.post(tournament::judging::reopen));
    t.at(SEASON, |r| r.get(championship::season::season));
    t.at(PENALTIES, |r| {
        r.get(discipline::penalties::show)
            .post(discipline::penalties::impose)
    });
    t.at(PENALTY_REVOKE, |r| r.post(discipline::penalties::revoke));
    t.at(APPEAL_FILE, |r| {
        r.get(discipline::appeals::file_form)
            .post(discipline::appeals::file)
    });
    t.at(APPEALS, |r| r.get(discipline::appeals::list));
    t.at(APPEAL, |r| r.get(discipline::appeals::show));
    t.at(APPEAL_VOTE, |r| r.post(discipline::appeals::vote));
    t.at(APPEAL_DECIDE, |r| r.post(discipline::appeals::decide));
    t.at(APPEAL_REMEDIES, |r| r.post(discipline::appeals::propose));
    t.at(APPEAL_REMEDY_WITHDRAW, |r| {
        r.post(discipline::appeals::withdraw_remedy)
    });
    t.at(APPEAL_SUPERVISED, |r| {
        r.post(discipline::appeals::supervised)
    });
    t.at(FAIR_PLAY, |r| r.post(discipline::appeals::report));
    // Before {report_id}/refer, which "evidence/analysis" is not.
    t.at(FAIR_PLAY_EVIDENCE, |r| r.get(games::evidence::show));
    t.at(FAIR_PLAY_ANALYSIS, |r| r.post(games::evidence::request));
    t.at(ANALYSIS_CANCEL, |r| r.post(games::evidence::cancel));
    t.at(FAIR_PLAY_REFER, |r| r.post(discipline::appeals::refer));
    t.at(ROUND_PUBLISH, |r| r.post(tournament::judging::publish));
    t.at(GAME_RESULT, |r| r.post(tournament::judging::result));
    t.at(ROUND_RESULTS, |r| r.post(tournament::judging::results));
    t.at(ENTRY_LINEUP, |r| {
        r.get(tournament::captains::lineup)
            .post(tournament::captains::set_lineup)
    });
    t.at(ENTRY_RETIRE, |r| r.post(tournament::captains::retire));
    t.at(ROUND_LOT, |r| r.post(tournament::judging::enter_lot));
    t.at(ROUND_ADJUST, |r| r.post(tournament::judging::adjust));
    t.at(ROUND_INTERRUPT, |r| r.post(tournament::captains::interrupt));
    t.at(MATCH, |r| r.get(tournament::captains::show_match));
    t.at(MATCH_SUBSTITUTION, |r| {
        r.post(tournament::captains::substitute)
    });
    t.at(MATCH_REPORT, |r| r.post(tournament::captains::report_sheet));
    t.at(MATCH_VIOLATIONS, |r| r.post(tournament::violations::report));
    t.at(VIOLATION_ANSWER, |r| r.post(tournament::violations::answer));
    t.at(CHECK_IN, |r| {
        r.get(tournament::check_in::show)
            .post(tournament::check_in::record)
    });
    t.at(GAME_REPORT, |r| r.post(tournament::captains::report));
    t.at(GAME_LATE, |r| r.post(tournament::captains::late));
    // Before {game_id}, which "import" is not but would be tried as.
    t.at(GAMES_IMPORT, |r| {
        r.get(games::import::form).post(games::import::upload)
    });
    // Before {import_id}: a literal segment.
    t.at(GAMES_IMPORT_LICHESS, |r| {
        r.post(games::import::from_lichess)
    });
    t.at(GAMES_IMPORT_ONE, |r| {
        r.get(games::import::show).post(games::import::confirm)
    });
    t.at(GAME, |r| r.get(games::pages::show));
    t.at(GAME_PGN, |r| r.get(games::pages::game_pgn));
    t.at(GAME_CORRECTION, |r| r.post(games::pages::correct));
    t.at(MATCH_PGN, |r| r.get(games::pages::match_pgn));
    t.at(ROUND_PGN, |r| r.get(games::pages::round_pgn));
    t.at(ROUND_PRINT, |r| r.get(results::print::round));
    t.at(ROUND_LICHESS, |r| r.get(tournament::lichess::show));
    t.at(ROUND_LICHESS_RETRY, |r| r.post(tournament::lichess::retry));
    t.at(TOURNAMENT_PGN, |r| r.get(games::pages::tournament_pgn));
    t.at(CROSSTABLE, |r| r.get(results::pages::crosstable));
    t.at(ROUND_PAGE, |r| r.get(results::pages::round));
    t.at(PLAYERS, |r| r.get(results::pages::players));
    t.at(PLAYOFF, |r| r.post(tournament::judging::playoff));
    t.at(ARMAGEDDON, |r| r.post(tournament::judging::armageddon));
    t.at(DOCUMENTS, |r| {
        r.get(documents::files::queue)
            .post(documents::files::review_many)
    });
    // Before {document_id}/review, though "purge" could not match it.
    t.at(DOCUMENTS_PURGE, |r| r.post(documents::files::purge));
    t.at(DOCUMENT_REVIEW, |r| r.post(documents::files::review));
    t.at(DOCUMENT, |r| r.get(documents::files::download));
    t.at(TEAM_DOCUMENTS, |r| r.post(team::teams::upload_for_team));
    t.at(PERSON_DOCUMENTS, |r| {
        r.post(people::person::upload_for_person)
    });
    t.at(TEAM, |r| r.get(team::teams::show));
    t.at(TEAM_INVITE, |r| r.post(team::teams::invite));
    t.at(TEAM_ADD_PLAYER, |r| r.post(team::players::add));
    t.at(TEAM_IMPORT, |r| {
        r.get(team::players::import_page)
            .post(team::players::import)
    });
    t.at(TEAM_CAPTAIN, |r| r.post(team::teams::hand_over));
    t.at(TEAM_REMOVE, |r| r.post(team::teams::remove_member));
    t.at(TEAM_LEAVE, |r| r.post(team::teams::leave));
    t.at(TEAM_DISSOLVE, |r| r.post(team::teams::dissolve));
    t.at(INVITATION_ACCEPT, |r| r.post(team::teams::accept));
    t.at(INVITATION_CLOSE, |r| r.post(team::teams::close_invitation));
    t.at(ROLL, |r| r.get(people::roll::show));
    t.at(ROLL_CLUB, |r| r.post(people::roll::club));
    t.at(ROLL_EMPLOYMENTS, |r| r.post(people::roll::employments));
    t.at(PERSON, |r| r.get(people::person::show));
    t.at(PERSON_CLUB, |r| r.post(people::person::club));
    t.at(PERSON_BANS, |r| r.post(people::person::ban));
    t.at(PERSON_CLONES, |r| r.post(people::person::link_clone));
    t.at(PERSON_CLONE_REMOVE, |r| {
        r.post(people::person::unlink_clone)
    });
    t.at(PERSON_FIDE_ID, |r| r.post(people::ratings::set_fide_id));
    t.at(PERSON_RATINGS, |r| r.post(people::ratings::type_rating));
    t.at(PERSON_EMPLOYMENTS, |r| {
        r.post(people::person::add_employment)
    });
    t.at(PERSON_CLAIM_LINK, |r| {
        r.post(people::person::send_claim_link)
    });
    t.at(BAN_LIFT, |r| r.post(people::person::lift_ban));
    t.at(EMPLOYMENT_CONFIRM, |r| {
        r.post(people::person::confirm_employment)
    });
    t.at(BANS, |r| r.get(people::person::bans));
    t.at(HISTORY, |r| r.get(championship::history::championship));
    t.at(HALL_OF_FAME, |r| r.get(championship::history::platform));
    t.at(RATINGS_METHOD, |r| r.get(site::ratings::method));
    t.at(REGULATION, |r| {
        r.get(championship::regulation::show)
            .post(championship::regulation::publish)
    });
    t.at(REGULATION_JSON, |r| r.get(championship::regulation::export));
    t.at(REGULATION_VERSION, |r| {
        r.get(championship::regulation::version)
    });
    t.at(SERIES_LIST, |r| {
        r.get(series::pages::list).post(series::pages::create)
    });
    t.at(SERIES, |r| r.get(series::pages::show));
    t.at(SERIES_SPORTS, |r| r.post(series::pages::add_sport));
    t.at(SERIES_PLACES, |r| r.post(series::pages::set_place));
    t.at(SERIES_SPORT, |r| r.post(series::pages::set_points));
    t.at(SERIES_ATHLETES, |r| r.post(series::pages::change_athletes));
    t.at(SERIES_PLACES_LIST, |r| r.post(series::pages::set_places));
    t.at(SERIES_SPORT_ORGANIZERS, |r| {
        r.post(series::pages::add_sport_organizer)
    });
    // Feeds, downloads (public, read-only) and the TRF import.
    t.at(CALENDAR, |r| r.get(feeds::serve::calendar));
    t.at(FEED, |r| r.get(feeds::serve::atom_feed));
    t.at(IMPORT, |r| {
        r.get(results::imports::form).post(results::imports::upload)
    });
    t.at(SEASON_CSV, |r| r.get(feeds::exports::season_csv_download));
    t.at(SEASON_JSON, |r| r.get(feeds::exports::season_json_download));
    t.at(STANDINGS_CSV, |r| {
        r.get(feeds::exports::tournament_csv_download)
    });
    t.at(STANDINGS_JSON, |r| {
        r.get(feeds::exports::tournament_json_download)
    });
    t.at(TRF_EXPORT, |r| r.get(feeds::exports::trf_download));
    t.at(SERIES_CSV, |r| r.get(feeds::exports::series_csv_download));
    t.at(SERIES_JSON, |r| r.get(feeds::exports::series_json_download));
    t.at(CHAMPIONSHIP_LICHESS, |r| r.get(championship::lichess::show));
    t.at(CHAMPIONSHIP_LICHESS_CONNECT, |r| {
        r.post(championship::lichess::connect)
    });
    t.at(CHAMPIONSHIP_LICHESS_DISCONNECT, |r| {
        r.post(championship::lichess::disconnect)
    });
    t.at(API_TOKENS, |r| {
        r.get(admin::api_tokens::show)
            .post(admin::api_tokens::create)
    });
    t.at(API_TOKEN_REVOKE, |r| r.post(admin::api_tokens::revoke));
    t.at(ORGANIZATIONS, |r| {
        r.get(people::person::organizations)
            .post(people::person::create_organization)
    });
}

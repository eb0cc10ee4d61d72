//! The web edge: the route table, one module per area, the page context,
//! sessions, CSRF, guards and the error type.

pub mod account;
pub mod admin;
pub mod championship;
pub mod discipline;
pub mod documents;
pub mod feeds;
pub mod infra;
pub mod people;
pub mod results;
pub mod series;
pub mod site;
pub mod team;
pub mod tournament;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use crate::config::Settings;
use crate::db::{Backend, DbConnection, Pool};
use infra::error::AppError;

/// Shared by all workers; cheap to clone.
pub struct AppState {
    pub pool: Pool,
    pub settings: Settings,
    pub backend: Backend,
    /// Season tables and crosstables by results version (`web::cache`).
    pub cache: infra::cache::Caches,
}

impl AppState {
    /// Runs database work on the blocking thread pool with a pooled
    /// connection (diesel is synchronous).
    pub async fn db<T, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || {
            let mut conn = pool.get().map_err(crate::db::DbError::Pool)?;
            f(&mut conn)
        })
        .await?
    }

    /// The client's address for throttling and the audit log. Forwarded
    /// headers are believed only when configured (they are trivial to forge).
    pub fn client_ip(&self, req: &HttpRequest) -> String {
        if self.settings.trust_proxy
            && let Some(ip) = req.connection_info().realip_remote_addr()
        {
            return ip.to_owned();
        }
        req.peer_addr()
            .map_or_else(|| "unknown".to_owned(), |a| a.ip().to_string())
    }
}

/// Every URL the app serves, named once, so that links and redirects
/// cannot drift from the route table.
pub mod paths {
    use crate::ids::{
        ChampionshipId, EntryId, GameId, InvitationId, MatchId, PersonId, RoundId, TeamId,
        TournamentId,
    };

    pub const HOME: &str = "/";
    pub const HEALTH: &str = "/health";
    pub const LANG: &str = "/lang";
    pub const SIGNUP: &str = "/signup";
    pub const LOGIN: &str = "/login";
    pub const LOGOUT: &str = "/logout";
    pub const ACCOUNT: &str = "/account";
    pub const PASSWORD: &str = "/account/password";
    pub const ADMIN: &str = "/admin";
    pub const ADMIN_PERSON_ADMIN: &str = "/admin/people/{id}/admin";
    pub const CHAMPIONSHIPS: &str = "/championships";
    pub const CHAMPIONSHIP_NEW: &str = "/championships/new";
    pub const CHAMPIONSHIP: &str = "/championships/{championship_id}";
    pub const STAFF: &str = "/championships/{championship_id}/staff";
    pub const APPLY: &str = "/championships/{championship_id}/apply";
    pub const QUEUE: &str = "/championships/{championship_id}/queue";
    pub const TEAM_DECISION: &str = "/championships/{championship_id}/teams/{team_id}/decision";
    pub const TRANSFER_DECISION: &str =
        "/championships/{championship_id}/transfers/{invitation_id}/decision";
    pub const CAPTAINCIES: &str = "/championships/{championship_id}/captaincies";
    pub const AUDIT: &str = "/championships/{championship_id}/audit";
    pub const SCHEDULE: &str = "/championships/{championship_id}/schedule";
    pub const TOURNAMENT_START: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/start";
    pub const TOURNAMENT: &str = "/championships/{championship_id}/tournaments/{tournament_id}";
    pub const ENTRIES: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/entries";
    pub const ENTRY_WITHDRAW: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/entries/{entry_id}/withdraw";
    pub const DRAW: &str = "/championships/{championship_id}/tournaments/{tournament_id}/draw";
    pub const SEASON: &str = "/championships/{championship_id}/season";
    pub const PENALTIES: &str = "/championships/{championship_id}/penalties";
    pub const PENALTY_REVOKE: &str =
        "/championships/{championship_id}/penalties/{penalty_id}/revoke";
    pub const FINISH: &str = "/championships/{championship_id}/tournaments/{tournament_id}/finish";
    pub const ROUNDS: &str = "/championships/{championship_id}/tournaments/{tournament_id}/rounds";
    pub const ROUND_PUBLISH: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_id}/publish";
    pub const GAME_RESULT: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/games/{game_id}/result";
    pub const ENTRY_LINEUP: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/entries/{entry_id}/lineup";
    pub const ENTRY_RETIRE: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/entries/{entry_id}/retire";
    pub const ROUND_ADJUST: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_id}/adjust";
    pub const ROUND_INTERRUPT: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_id}/interrupt";
    pub const MATCH: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/matches/{match_id}";
    pub const MATCH_SUBSTITUTION: &str = "/championships/{championship_id}/tournaments/{tournament_id}/matches/{match_id}/substitution";
    pub const GAME_REPORT: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/games/{game_id}/report";
    pub const GAME_LATE: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/games/{game_id}/late";
    pub const CROSSTABLE: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/crosstable";
    pub const ROUND_PAGE: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_no}";
    pub const PLAYERS: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/players";
    pub const PLAYOFF: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/playoff";
    pub const ARMAGEDDON: &str = "/championships/{championship_id}/tournaments/{tournament_id}/matches/{match_id}/armageddon";
    pub const DOCUMENTS: &str = "/championships/{championship_id}/documents";
    pub const DOCUMENTS_PURGE: &str = "/championships/{championship_id}/documents/purge";
    pub const DOCUMENT_REVIEW: &str =
        "/championships/{championship_id}/documents/{document_id}/review";
    pub const DOCUMENT: &str = "/documents/{document_id}";
    pub const TEAM_DOCUMENTS: &str = "/teams/{team_id}/documents";
    pub const PERSON_DOCUMENTS: &str = "/people/{nick}/documents";
    pub const TEAM: &str = "/teams/{team_id}";
    pub const TEAM_INVITE: &str = "/teams/{team_id}/invitations";
    pub const TEAM_CAPTAIN: &str = "/teams/{team_id}/captain";
    pub const TEAM_REMOVE: &str = "/teams/{team_id}/members/{person_id}/remove";
    pub const TEAM_LEAVE: &str = "/teams/{team_id}/leave";
    pub const TEAM_DISSOLVE: &str = "/teams/{team_id}/dissolve";
    pub const INVITATION_ACCEPT: &str = "/invitations/{invitation_id}/accept";
    pub const INVITATION_CLOSE: &str = "/invitations/{invitation_id}/close";
    pub const PERSON: &str = "/people/{nick}";
    pub const PERSON_CLUB: &str = "/people/{nick}/club";
    pub const PERSON_BANS: &str = "/people/{nick}/bans";
    pub const PERSON_CLONES: &str = "/people/{nick}/clones";
    pub const PERSON_EMPLOYMENTS: &str = "/people/{nick}/employments";
    pub const BAN_LIFT: &str = "/bans/{ban_id}/lift";
    pub const EMPLOYMENT_CONFIRM: &str = "/employments/{employment_id}/confirm";
    pub const BANS: &str = "/bans";
    // Public pages: history and the halls of fame.
    pub const HISTORY: &str = "/championships/{championship_id}/history";
    pub const HALL_OF_FAME: &str = "/hall-of-fame";
    pub const ORGANIZATIONS: &str = "/organizations";
    pub const REGULATION: &str = "/championships/{championship_id}/regulation";
    pub const REGULATION_VERSION: &str = "/championships/{championship_id}/regulation/{number}";
    pub const SERIES_LIST: &str = "/series";
    pub const SERIES: &str = "/series/{series_id}";
    pub const SERIES_SPORTS: &str = "/series/{series_id}/sports";
    pub const SERIES_PLACES: &str = "/series/{series_id}/places";
    pub const SERIES_SPORT: &str = "/series/{series_id}/sports/{sport_id}";
    pub const SERIES_ATHLETES: &str = "/series/{series_id}/athletes";
    // Feeds, downloads and the TRF import.
    pub const CALENDAR: &str = "/championships/{championship_id}/calendar.ics";
    pub const FEED: &str = "/championships/{championship_id}/feed.atom";
    pub const IMPORT: &str = "/championships/{championship_id}/import";
    pub const SEASON_CSV: &str = "/championships/{championship_id}/season/standings.csv";
    pub const SEASON_JSON: &str = "/championships/{championship_id}/season/standings.json";
    pub const STANDINGS_CSV: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/standings.csv";
    pub const STANDINGS_JSON: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/standings.json";
    pub const TRF_EXPORT: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/export.trf";
    pub const SERIES_CSV: &str = "/series/{series_id}/standings.csv";
    pub const SERIES_JSON: &str = "/series/{series_id}/standings.json";
    // The championship's API tokens.
    pub const API_TOKENS: &str = "/championships/{championship_id}/api-tokens";
    pub const API_TOKEN_REVOKE: &str =
        "/championships/{championship_id}/api-tokens/{token_id}/revoke";

    pub fn admin_person_admin(id: PersonId) -> String {
        format!("/admin/people/{id}/admin")
    }
    pub fn championship(id: ChampionshipId) -> String {
        format!("/championships/{id}")
    }
    pub fn season(id: ChampionshipId) -> String {
        format!("/championships/{id}/season")
    }
    /// The championship's history: winners and the season's top four (G-E1).
    pub fn history(id: ChampionshipId) -> String {
        format!("/championships/{id}/history")
    }
    pub fn penalties(id: ChampionshipId) -> String {
        format!("/championships/{id}/penalties")
    }
    /// The penalty's entry on the penalties page.
    pub fn penalty(id: ChampionshipId, penalty: i64) -> String {
        format!("/championships/{id}/penalties#penalty-{penalty}")
    }
    pub fn penalty_revoke(id: ChampionshipId, penalty: i64) -> String {
        format!("/championships/{id}/penalties/{penalty}/revoke")
    }
    pub fn api_tokens(id: ChampionshipId) -> String {
        format!("/championships/{id}/api-tokens")
    }
    pub fn api_token_revoke(id: ChampionshipId, token: i64) -> String {
        format!("/championships/{id}/api-tokens/{token}/revoke")
    }
    pub fn apply(id: ChampionshipId) -> String {
        format!("/championships/{id}/apply")
    }
    pub fn queue(id: ChampionshipId) -> String {
        format!("/championships/{id}/queue")
    }
    pub fn team_decision(c: ChampionshipId, t: TeamId) -> String {
        format!("/championships/{c}/teams/{t}/decision")
    }
    pub fn transfer_decision(c: ChampionshipId, i: InvitationId) -> String {
        format!("/championships/{c}/transfers/{i}/decision")
    }
    pub fn tournament_start(c: ChampionshipId, t: i64) -> String {
        format!("/championships/{c}/tournaments/{t}/start")
    }
    pub fn tournament(c: ChampionshipId, t: TournamentId) -> String {
        format!("/championships/{c}/tournaments/{t}")
    }
    pub fn entries(c: ChampionshipId, t: TournamentId) -> String {
        format!("/championships/{c}/tournaments/{t}/entries")
    }
    pub fn entry_withdraw(c: ChampionshipId, t: TournamentId, e: EntryId) -> String {
        format!("/championships/{c}/tournaments/{t}/entries/{e}/withdraw")
    }
    /// `draw` or `rounds` of a tournament.
    pub fn tournament_action(c: ChampionshipId, t: TournamentId, action: &str) -> String {
        format!("/championships/{c}/tournaments/{t}/{action}")
    }
    pub fn round_publish(c: ChampionshipId, t: TournamentId, r: RoundId) -> String {
        format!("/championships/{c}/tournaments/{t}/rounds/{r}/publish")
    }
    pub fn game_result(c: ChampionshipId, t: TournamentId, g: GameId) -> String {
        format!("/championships/{c}/tournaments/{t}/games/{g}/result")
    }
    pub fn entry_lineup(c: ChampionshipId, t: TournamentId, e: EntryId) -> String {
        format!("/championships/{c}/tournaments/{t}/entries/{e}/lineup")
    }
    pub fn entry_retire(c: ChampionshipId, t: TournamentId, e: EntryId) -> String {
        format!("/championships/{c}/tournaments/{t}/entries/{e}/retire")
    }
    pub fn round_adjust(c: ChampionshipId, t: TournamentId, r: RoundId) -> String {
        format!("/championships/{c}/tournaments/{t}/rounds/{r}/adjust")
    }
    pub fn round_interrupt(c: ChampionshipId, t: TournamentId, r: RoundId) -> String {
        format!("/championships/{c}/tournaments/{t}/rounds/{r}/interrupt")
    }
    pub fn match_page(c: ChampionshipId, t: TournamentId, m: MatchId) -> String {
        format!("/championships/{c}/tournaments/{t}/matches/{m}")
    }
    pub fn match_substitution(c: ChampionshipId, t: TournamentId, m: MatchId) -> String {
        format!("/championships/{c}/tournaments/{t}/matches/{m}/substitution")
    }
    /// `report` or `late` of a game.
    pub fn game_action(c: ChampionshipId, t: TournamentId, g: GameId, action: &str) -> String {
        format!("/championships/{c}/tournaments/{t}/games/{g}/{action}")
    }
    pub fn crosstable(c: ChampionshipId, t: TournamentId) -> String {
        format!("/championships/{c}/tournaments/{t}/crosstable")
    }
    /// Round `n`'s page (by its number, not its id).
    pub fn round_page(c: ChampionshipId, t: TournamentId, n: i32) -> String {
        format!("/championships/{c}/tournaments/{t}/rounds/{n}")
    }
    pub fn players(c: ChampionshipId, t: TournamentId) -> String {
        format!("/championships/{c}/tournaments/{t}/players")
    }
    pub fn armageddon(c: ChampionshipId, t: TournamentId, m: MatchId) -> String {
        format!("/championships/{c}/tournaments/{t}/matches/{m}/armageddon")
    }
    pub fn team(id: TeamId) -> String {
        format!("/teams/{id}")
    }
    pub fn remove_member(t: TeamId, p: PersonId) -> String {
        format!("/teams/{t}/members/{p}/remove")
    }
    pub fn close_invitation(i: InvitationId) -> String {
        format!("/invitations/{i}/close")
    }
    pub fn accept_invitation(i: InvitationId) -> String {
        format!("/invitations/{i}/accept")
    }
    /// A person's page; nicks are URL-safe by construction (`Nick`).
    pub fn person(nick: &str) -> String {
        format!("/people/{nick}")
    }
    pub fn documents(c: ChampionshipId) -> String {
        format!("/championships/{c}/documents")
    }
    pub fn documents_purge(c: ChampionshipId) -> String {
        format!("/championships/{c}/documents/purge")
    }
    pub fn document_review(c: ChampionshipId, d: i64) -> String {
        format!("/championships/{c}/documents/{d}/review")
    }
    pub fn document(id: i64) -> String {
        format!("/documents/{id}")
    }
    pub fn lift_ban(id: i64) -> String {
        format!("/bans/{id}/lift")
    }
    pub fn confirm_employment(id: i64) -> String {
        format!("/employments/{id}/confirm")
    }
}

/// A route for GET and HEAD (RFC 9110 §9.3.2: a server that answers GET
/// answers HEAD; actix sends the head of the GET answer without its body).
pub fn get() -> actix_web::Route {
    use actix_web::guard;
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// The single route table: reading it shows the whole URL surface. Each
/// path is one resource, so a wrong method gets 405, not 404.
pub fn routes(cfg: &mut web::ServiceConfig) {
    use paths::*;
    use web::{post, resource};
    // The JSON API, /api/v1 (its own table: crate::api::routes).
    cfg.configure(crate::api::routes);
    cfg.service(resource(HOME).route(get().to(site::pages::home)))
        .service(resource(HEALTH).route(get().to(site::pages::health)))
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
        .service(resource(ADMIN).route(get().to(admin::admin::dashboard)))
        .service(resource(ADMIN_PERSON_ADMIN).route(post().to(admin::admin::set_admin)))
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
        .service(resource(QUEUE).route(get().to(championship::championships::queue)))
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
        .service(resource(TOURNAMENT).route(get().to(tournament::tournaments::show)))
        .service(resource(ENTRIES).route(post().to(tournament::tournaments::enter)))
        .service(resource(ENTRY_WITHDRAW).route(post().to(tournament::tournaments::withdraw)))
        .service(resource(DRAW).route(post().to(tournament::tournaments::draw)))
        .service(resource(ROUNDS).route(post().to(tournament::tournaments::pair)))
        .service(resource(FINISH).route(post().to(tournament::tournaments::finish)))
        .service(resource(SEASON).route(get().to(tournament::tournaments::season)))
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
            resource("/championships/{championship_id}/appeals/{appeal_id}/supervised")
                .route(post().to(discipline::appeals::supervised)),
        )
        .service(
            resource("/championships/{championship_id}/fair-play")
                .route(post().to(discipline::appeals::report)),
        )
        .service(
            resource("/championships/{championship_id}/fair-play/{report_id}/refer")
                .route(post().to(discipline::appeals::refer)),
        )
        .service(resource(ROUND_PUBLISH).route(post().to(tournament::tournaments::publish)))
        .service(resource(GAME_RESULT).route(post().to(tournament::tournaments::result)))
        .service(
            resource(ENTRY_LINEUP)
                .route(get().to(tournament::captains::lineup))
                .route(post().to(tournament::captains::set_lineup)),
        )
        .service(resource(ENTRY_RETIRE).route(post().to(tournament::captains::retire)))
        .service(resource(ROUND_ADJUST).route(post().to(tournament::tournaments::adjust)))
        .service(resource(ROUND_INTERRUPT).route(post().to(tournament::captains::interrupt)))
        .service(resource(MATCH).route(get().to(tournament::captains::show_match)))
        .service(resource(MATCH_SUBSTITUTION).route(post().to(tournament::captains::substitute)))
        .service(resource(GAME_REPORT).route(post().to(tournament::captains::report)))
        .service(resource(GAME_LATE).route(post().to(tournament::captains::late)))
        .service(resource(CROSSTABLE).route(get().to(results::results::crosstable)))
        .service(resource(ROUND_PAGE).route(get().to(results::results::round)))
        .service(resource(PLAYERS).route(get().to(results::results::players)))
        .service(resource(PLAYOFF).route(post().to(tournament::tournaments::playoff)))
        .service(resource(ARMAGEDDON).route(post().to(tournament::tournaments::armageddon)))
        .service(resource(DOCUMENTS).route(get().to(documents::documents::queue)))
        // Before {document_id}/review, though "purge" could not match it.
        .service(resource(DOCUMENTS_PURGE).route(post().to(documents::documents::purge)))
        .service(resource(DOCUMENT_REVIEW).route(post().to(documents::documents::review)))
        .service(resource(DOCUMENT).route(get().to(documents::documents::download)))
        .service(resource(TEAM_DOCUMENTS).route(post().to(documents::documents::upload_for_team)))
        .service(
            resource(PERSON_DOCUMENTS).route(post().to(documents::documents::upload_for_person)),
        )
        .service(resource(TEAM).route(get().to(team::teams::show)))
        .service(resource(TEAM_INVITE).route(post().to(team::teams::invite)))
        .service(resource(TEAM_CAPTAIN).route(post().to(team::teams::hand_over)))
        .service(resource(TEAM_REMOVE).route(post().to(team::teams::remove_member)))
        .service(resource(TEAM_LEAVE).route(post().to(team::teams::leave)))
        .service(resource(TEAM_DISSOLVE).route(post().to(team::teams::dissolve)))
        .service(resource(INVITATION_ACCEPT).route(post().to(team::teams::accept)))
        .service(resource(INVITATION_CLOSE).route(post().to(team::teams::close_invitation)))
        .service(resource(PERSON).route(get().to(people::people::show)))
        .service(resource(PERSON_CLUB).route(post().to(people::people::club)))
        .service(resource(PERSON_BANS).route(post().to(people::people::ban)))
        .service(resource(PERSON_CLONES).route(post().to(people::people::link_clone)))
        .service(resource(PERSON_EMPLOYMENTS).route(post().to(people::people::add_employment)))
        .service(resource(BAN_LIFT).route(post().to(people::people::lift_ban)))
        .service(resource(EMPLOYMENT_CONFIRM).route(post().to(people::people::confirm_employment)))
        .service(resource(BANS).route(get().to(people::people::bans)))
        .service(resource(HISTORY).route(get().to(championship::history::championship)))
        .service(resource(HALL_OF_FAME).route(get().to(championship::history::platform)))
        .service(
            resource(REGULATION)
                .route(get().to(championship::regulation::show))
                .route(post().to(championship::regulation::publish)),
        )
        .service(resource(REGULATION_VERSION).route(get().to(championship::regulation::version)))
        .service(
            resource(SERIES_LIST)
                .route(get().to(series::series::list))
                .route(post().to(series::series::create)),
        )
        .service(resource(SERIES).route(get().to(series::series::show)))
        .service(resource(SERIES_SPORTS).route(post().to(series::series::add_sport)))
        .service(resource(SERIES_PLACES).route(post().to(series::series::set_place)))
        .service(resource(SERIES_SPORT).route(post().to(series::series::set_points)))
        .service(resource(SERIES_ATHLETES).route(post().to(series::series::change_athletes)))
        // Feeds, downloads (public, read-only) and the TRF import.
        .service(resource(CALENDAR).route(get().to(feeds::feeds::calendar)))
        .service(resource(FEED).route(get().to(feeds::feeds::atom_feed)))
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
                .route(get().to(people::people::organizations))
                .route(post().to(people::people::create_organization)),
        );
}

/// A rendered page with the given status (422 for a form with errors).
pub fn page(status: StatusCode, template: &impl Template) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(template.render()?))
}

/// The 303 that ends every successful POST (house rule 6).
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((actix_web::http::header::LOCATION, location.to_owned()))
        .finish()
}

/// A `next` parameter is followed only to a path on this site.
pub fn local_path(next: Option<&str>) -> &str {
    match next {
        Some(n) if n.starts_with('/') && !n.starts_with("//") && !n.contains('\\') => n,
        _ => paths::HOME,
    }
}

#[cfg(test)]
mod tests {
    use super::local_path;

    #[test]
    fn next_never_leaves_the_site() {
        assert_eq!(local_path(Some("/account")), "/account");
        assert_eq!(local_path(Some("//evil.example/")), "/");
        assert_eq!(local_path(Some("https://evil.example/")), "/");
        assert_eq!(local_path(Some("/\\evil.example")), "/");
        assert_eq!(local_path(None), "/");
    }
}

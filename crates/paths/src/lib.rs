//! Every URL the platform serves, named once, so that links, redirects,
//! e-mails and the JSON API cannot drift from the route tables.

use league_ids::{
    ApiTokenId, BanId, ChampionshipId, CloneLinkId, DocumentId, EmploymentId, EntryId, GameId,
    InvitationId, MatchId, PenaltyId, PersonId, PgnImportId, RatingImportId, RoundId, TeamId,
    TournamentId,
};

pub const HOME: &str = "/";
/// The OpenAPI document of the JSON API (`api::paths` has its routes).
pub const API_DOCUMENT: &str = "/api/v1/openapi.json";
pub const HEALTH: &str = "/health";
/// A championship's short address by the slug given at its creation.
pub const SHORT: &str = "/c/{slug}";
pub const SHORT_TAIL: &str = "/c/{slug}/{tail:.*}";
pub const LANG: &str = "/lang";
pub const SIGNUP: &str = "/signup";
pub const LOGIN: &str = "/login";
pub const LOGOUT: &str = "/logout";
pub const ACCOUNT: &str = "/account";
pub const TODO: &str = "/todo";
pub const PASSWORD: &str = "/account/password";
/// Linking the person's lichess account: the sign-in begun (POST, to
/// lichess's consent page), lichess's answer (GET), the unlink (POST).
pub const ACCOUNT_LICHESS: &str = "/account/lichess";
pub const ACCOUNT_LICHESS_BACK: &str = "/account/lichess/back";
pub const ACCOUNT_LICHESS_UNLINK: &str = "/account/lichess/unlink";
/// A championship's games on lichess, for its organizers: the page, the
/// connection begun through lichess's sign-in, the disconnection.
pub const CHAMPIONSHIP_LICHESS: &str = "/championships/{championship_id}/lichess";
pub const CHAMPIONSHIP_LICHESS_CONNECT: &str = "/championships/{championship_id}/lichess/connect";
pub const CHAMPIONSHIP_LICHESS_DISCONNECT: &str =
    "/championships/{championship_id}/lichess/disconnect";
pub const ADMIN: &str = "/admin";
pub const ADMIN_PERSON_ADMIN: &str = "/admin/people/{id}/admin";
pub const ADMIN_PERSON_SIGN_OUT: &str = "/admin/people/{id}/sign-out";
/// FIDE rating lists: the upload form (GET) and the upload (POST).
pub const ADMIN_RATINGS: &str = "/admin/ratings";
/// A list read, as its preview.
pub const ADMIN_RATING_IMPORT: &str = "/admin/ratings/{id}";
pub const ADMIN_RATING_IMPORT_CONFIRM: &str = "/admin/ratings/{id}/confirm";
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
pub const TOURNAMENT_CANCEL: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/cancel";
pub const TOURNAMENT: &str = "/championships/{championship_id}/tournaments/{tournament_id}";
pub const ENTRIES: &str = "/championships/{championship_id}/tournaments/{tournament_id}/entries";
pub const TOURNAMENT_ROUNDS: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/round-count";
pub const ENTRY_WITHDRAW: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/entries/{entry_id}/withdraw";
pub const DRAW: &str = "/championships/{championship_id}/tournaments/{tournament_id}/draw";
pub const SEASON: &str = "/championships/{championship_id}/season";
pub const PENALTIES: &str = "/championships/{championship_id}/penalties";
pub const PENALTY_REVOKE: &str = "/championships/{championship_id}/penalties/{penalty_id}/revoke";
pub const FINISH: &str = "/championships/{championship_id}/tournaments/{tournament_id}/finish";
pub const REOPEN: &str = "/championships/{championship_id}/tournaments/{tournament_id}/reopen";
pub const ROUNDS: &str = "/championships/{championship_id}/tournaments/{tournament_id}/rounds";
pub const ROUND_PUBLISH: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_id}/publish";
pub const ROUND_RESULTS: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_id}/results";
pub const GAME_RESULT: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/games/{game_id}/result";
pub const ENTRY_LINEUP: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/entries/{entry_id}/lineup";
pub const ENTRY_RETIRE: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/entries/{entry_id}/retire";
pub const ROUND_ADJUST: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_id}/adjust";
/// the pairing drawn by lot in the hall, typed by a judge.
pub const ROUND_LOT: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_id}/lot";
/// The judges' view of a round's games on lichess, and their "try again".
pub const ROUND_LICHESS: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_id}/lichess";
pub const ROUND_LICHESS_RETRY: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_id}/lichess/retry";
pub const ROUND_INTERRUPT: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_id}/interrupt";
pub const MATCH: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/matches/{match_id}";
pub const MATCH_SUBSTITUTION: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/matches/{match_id}/substitution";
pub const MATCH_VIOLATIONS: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/matches/{match_id}/violations";
pub const VIOLATION_ANSWER: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/violations/{violation_id}/answer";
pub const CHECK_IN: &str = "/championships/{championship_id}/tournaments/{tournament_id}/check-in";
pub const MATCH_REPORT: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/matches/{match_id}/report";
pub const GAME_REPORT: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/games/{game_id}/report";
pub const GAME_LATE: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/games/{game_id}/late";
pub const CROSSTABLE: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/crosstable";
pub const ROUND_PAGE: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_no}";
pub const PLAYERS: &str = "/championships/{championship_id}/tournaments/{tournament_id}/players";
pub const PLAYOFF: &str = "/championships/{championship_id}/tournaments/{tournament_id}/playoff";
pub const ARMAGEDDON: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/matches/{match_id}/armageddon";
pub const ROLL: &str = "/championships/{championship_id}/people";
/// A judge's PGN file: the upload form, then its preview and confirmation.
pub const GAMES_IMPORT: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/games/import";
/// A round's games found in lichess's export of its players' games, staged
/// as a PGN file for the same preview.
pub const GAMES_IMPORT_LICHESS: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/games/import/lichess";
pub const GAMES_IMPORT_ONE: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/games/import/{import_id}";
/// A game's page (its record and the final position) and its PGN; the
/// PGN of a match, a round (by number) and a tournament.
pub const GAME: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/games/{game_id}";
/// A judge's correction of a game's final result, with its reason.
pub const GAME_CORRECTION: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/games/{game_id}/correction";
pub const GAME_PGN: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/games/{game_id}/pgn";
pub const MATCH_PGN: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/matches/{match_id}/pgn";
/// The round on paper: pairing list and score sheets (officials).
pub const ROUND_PRINT: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_no}/print";
pub const ROUND_PGN: &str =
    "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_no}/pgn";
/// The fair-play evidence of a player (`?nick=&from=&to=`), the engine
/// analysis it queues, and the cancellation of one.
pub const FAIR_PLAY_EVIDENCE: &str = "/championships/{championship_id}/fair-play/evidence";
pub const FAIR_PLAY_ANALYSIS: &str = "/championships/{championship_id}/fair-play/evidence/analysis";
pub const ANALYSIS_CANCEL: &str =
    "/championships/{championship_id}/fair-play/analyses/{job_id}/cancel";
pub const TOURNAMENT_PGN: &str = "/championships/{championship_id}/tournaments/{tournament_id}/pgn";
pub const ROLL_CLUB: &str = "/championships/{championship_id}/people/club";
pub const ROLL_EMPLOYMENTS: &str = "/championships/{championship_id}/people/employments";
pub const DOCUMENTS: &str = "/championships/{championship_id}/documents";
pub const DOCUMENTS_PURGE: &str = "/championships/{championship_id}/documents/purge";
pub const DOCUMENT_REVIEW: &str = "/championships/{championship_id}/documents/{document_id}/review";
pub const DOCUMENT: &str = "/documents/{document_id}";
pub const TEAM_DOCUMENTS: &str = "/teams/{team_id}/documents";
pub const PERSON_DOCUMENTS: &str = "/people/{nick}/documents";
pub const TEAM: &str = "/teams/{team_id}";
pub const TEAM_INVITE: &str = "/teams/{team_id}/invitations";
pub const TEAM_ADD_PLAYER: &str = "/teams/{team_id}/players";
/// A roster pasted or from a CSV file, previewed, then entered.
pub const TEAM_IMPORT: &str = "/teams/{team_id}/import";
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
pub const PERSON_CLONE_REMOVE: &str = "/people/{nick}/clones/{clone_link_id}/remove";
pub const PERSON_EMPLOYMENTS: &str = "/people/{nick}/employments";
/// An official sets a person's FIDE id.
pub const PERSON_FIDE_ID: &str = "/people/{nick}/fide-id";
/// An official records a rating typed (national, FIDE).
pub const PERSON_RATINGS: &str = "/people/{nick}/ratings";
pub const PERSON_CLAIM_LINK: &str = "/people/{nick}/claim-link";
/// A mailed link to take over a record (`app::claims`).
pub const CLAIM: &str = "/claim/{token}";
pub const BAN_LIFT: &str = "/bans/{ban_id}/lift";
pub const EMPLOYMENT_CONFIRM: &str = "/employments/{employment_id}/confirm";
pub const BANS: &str = "/bans";
// Appeals (G-Zh) and fair-play reports.
pub const APPEAL_FILE: &str = "/championships/{championship_id}/tournaments/{tournament_id}/appeal";
pub const APPEALS: &str = "/championships/{championship_id}/appeals";
pub const APPEAL: &str = "/championships/{championship_id}/appeals/{appeal_id}";
pub const APPEAL_VOTE: &str = "/championships/{championship_id}/appeals/{appeal_id}/vote";
pub const APPEAL_DECIDE: &str = "/championships/{championship_id}/appeals/{appeal_id}/decide";
pub const APPEAL_REMEDIES: &str = "/championships/{championship_id}/appeals/{appeal_id}/remedies";
pub const APPEAL_REMEDY_WITHDRAW: &str =
    "/championships/{championship_id}/appeals/{appeal_id}/remedies/{remedy_id}/withdraw";
pub const APPEAL_SUPERVISED: &str =
    "/championships/{championship_id}/appeals/{appeal_id}/supervised";
pub const FAIR_PLAY: &str = "/championships/{championship_id}/fair-play";
pub const FAIR_PLAY_REFER: &str = "/championships/{championship_id}/fair-play/{report_id}/refer";
// The outbox (administrators) and a person's notice choices.
pub const OUTBOX: &str = "/outbox";
pub const OUTBOX_RESEND: &str = "/outbox/{id}/resend";
pub const OUTBOX_RESEND_FAILED: &str = "/outbox/resend-failed";
pub const NOTICES: &str = "/account/notices";
pub const NOTICES_OPT_IN: &str = "/account/notices/opt-in";
// Public pages: history and the halls of fame.
pub const HISTORY: &str = "/championships/{championship_id}/history";
pub const HALL_OF_FAME: &str = "/hall-of-fame";
/// How ratings are counted (public).
pub const RATINGS_METHOD: &str = "/ratings";
pub const ORGANIZATIONS: &str = "/organizations";
pub const REGULATION: &str = "/championships/{championship_id}/regulation";
pub const REGULATION_JSON: &str = "/championships/{championship_id}/regulation.json";
pub const REGULATION_VERSION: &str = "/championships/{championship_id}/regulation/{number}";
pub const SERIES_LIST: &str = "/series";
pub const SERIES: &str = "/series/{series_id}";
pub const SERIES_SPORTS: &str = "/series/{series_id}/sports";
pub const SERIES_PLACES: &str = "/series/{series_id}/places";
pub const SERIES_SPORT: &str = "/series/{series_id}/sports/{sport_id}";
pub const SERIES_ATHLETES: &str = "/series/{series_id}/athletes";
/// A sport's places typed at once, a line each.
pub const SERIES_PLACES_LIST: &str = "/series/{series_id}/places/list";
/// The organizers of a sport other than chess.
pub const SERIES_SPORT_ORGANIZERS: &str = "/series/{series_id}/sport-organizers";
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
pub const API_TOKEN_REVOKE: &str = "/championships/{championship_id}/api-tokens/{token_id}/revoke";

pub fn admin_person_admin(id: PersonId) -> String {
    fill1(ADMIN_PERSON_ADMIN, id)
}
pub fn admin_person_sign_out(id: PersonId) -> String {
    fill1(ADMIN_PERSON_SIGN_OUT, id)
}
pub fn admin_rating_import(id: RatingImportId) -> String {
    fill1(ADMIN_RATING_IMPORT, id)
}
pub fn admin_rating_import_confirm(id: RatingImportId) -> String {
    fill1(ADMIN_RATING_IMPORT_CONFIRM, id)
}
pub fn championship(id: ChampionshipId) -> String {
    fill1(CHAMPIONSHIP, id)
}
pub fn championship_lichess(id: ChampionshipId) -> String {
    fill1(CHAMPIONSHIP_LICHESS, id)
}
pub fn championship_lichess_connect(id: ChampionshipId) -> String {
    fill1(CHAMPIONSHIP_LICHESS_CONNECT, id)
}
pub fn championship_lichess_disconnect(id: ChampionshipId) -> String {
    fill1(CHAMPIONSHIP_LICHESS_DISCONNECT, id)
}
pub fn season(id: ChampionshipId) -> String {
    fill1(SEASON, id)
}
/// The championship's history: winners and the season's top four (G-E1).
pub fn history(id: ChampionshipId) -> String {
    fill1(HISTORY, id)
}
pub fn penalties(id: ChampionshipId) -> String {
    fill1(PENALTIES, id)
}
/// The penalty's entry on the penalties page.
pub fn penalty(id: ChampionshipId, penalty: PenaltyId) -> String {
    format!("/championships/{id}/penalties#penalty-{penalty}")
}
pub fn penalty_revoke(id: ChampionshipId, penalty: PenaltyId) -> String {
    fill2(PENALTY_REVOKE, id, penalty)
}
pub fn api_tokens(id: ChampionshipId) -> String {
    fill1(API_TOKENS, id)
}
pub fn api_token_revoke(id: ChampionshipId, token: ApiTokenId) -> String {
    fill2(API_TOKEN_REVOKE, id, token)
}
pub fn apply(id: ChampionshipId) -> String {
    fill1(APPLY, id)
}
pub fn queue(id: ChampionshipId) -> String {
    fill1(QUEUE, id)
}
pub fn team_decision(c: ChampionshipId, t: TeamId) -> String {
    fill2(TEAM_DECISION, c, t)
}
pub fn transfer_decision(c: ChampionshipId, i: InvitationId) -> String {
    fill2(TRANSFER_DECISION, c, i)
}
pub fn tournament_start(c: ChampionshipId, t: TournamentId) -> String {
    fill2(TOURNAMENT_START, c, t)
}
pub fn tournament_cancel(c: ChampionshipId, t: TournamentId) -> String {
    fill2(TOURNAMENT_CANCEL, c, t)
}
pub fn tournament(c: ChampionshipId, t: TournamentId) -> String {
    fill2(TOURNAMENT, c, t)
}
pub fn entries(c: ChampionshipId, t: TournamentId) -> String {
    fill2(ENTRIES, c, t)
}
pub fn entry_withdraw(c: ChampionshipId, t: TournamentId, e: EntryId) -> String {
    fill(ENTRY_WITHDRAW, &[&c, &t, &e])
}
/// `draw` or `rounds` of a tournament.
pub fn tournament_action(c: ChampionshipId, t: TournamentId, action: &str) -> String {
    format!("/championships/{c}/tournaments/{t}/{action}")
}
pub fn round_publish(c: ChampionshipId, t: TournamentId, r: RoundId) -> String {
    fill(ROUND_PUBLISH, &[&c, &t, &r])
}
pub fn round_results(c: ChampionshipId, t: TournamentId, r: RoundId) -> String {
    fill(ROUND_RESULTS, &[&c, &t, &r])
}
pub fn round_lichess(c: ChampionshipId, t: TournamentId, r: RoundId) -> String {
    fill(ROUND_LICHESS, &[&c, &t, &r])
}
pub fn round_lichess_retry(c: ChampionshipId, t: TournamentId, r: RoundId) -> String {
    fill(ROUND_LICHESS_RETRY, &[&c, &t, &r])
}
pub fn game_result(c: ChampionshipId, t: TournamentId, g: GameId) -> String {
    fill(GAME_RESULT, &[&c, &t, &g])
}
pub fn entry_lineup(c: ChampionshipId, t: TournamentId, e: EntryId) -> String {
    fill(ENTRY_LINEUP, &[&c, &t, &e])
}
pub fn entry_retire(c: ChampionshipId, t: TournamentId, e: EntryId) -> String {
    fill(ENTRY_RETIRE, &[&c, &t, &e])
}
pub fn round_lot(c: ChampionshipId, t: TournamentId, r: RoundId) -> String {
    fill(ROUND_LOT, &[&c, &t, &r])
}
pub fn round_adjust(c: ChampionshipId, t: TournamentId, r: RoundId) -> String {
    fill(ROUND_ADJUST, &[&c, &t, &r])
}
pub fn round_interrupt(c: ChampionshipId, t: TournamentId, r: RoundId) -> String {
    fill(ROUND_INTERRUPT, &[&c, &t, &r])
}
pub fn match_page(c: ChampionshipId, t: TournamentId, m: MatchId) -> String {
    fill(MATCH, &[&c, &t, &m])
}
pub fn match_violations(c: ChampionshipId, t: TournamentId, m: MatchId) -> String {
    fill(MATCH_VIOLATIONS, &[&c, &t, &m])
}
pub fn violation_answer(
    c: ChampionshipId,
    t: TournamentId,
    v: league_ids::ViolationReportId,
) -> String {
    fill(VIOLATION_ANSWER, &[&c, &t, &v])
}
pub fn check_in(c: ChampionshipId, t: TournamentId) -> String {
    fill2(CHECK_IN, c, t)
}
pub fn match_report(c: ChampionshipId, t: TournamentId, m: MatchId) -> String {
    fill(MATCH_REPORT, &[&c, &t, &m])
}
pub fn match_substitution(c: ChampionshipId, t: TournamentId, m: MatchId) -> String {
    fill(MATCH_SUBSTITUTION, &[&c, &t, &m])
}
/// `report` or `late` of a game.
pub fn game_action(c: ChampionshipId, t: TournamentId, g: GameId, action: &str) -> String {
    format!("/championships/{c}/tournaments/{t}/games/{g}/{action}")
}
pub fn crosstable(c: ChampionshipId, t: TournamentId) -> String {
    fill2(CROSSTABLE, c, t)
}
/// Round `n`'s page (by its number, not its id).
pub fn round_page(c: ChampionshipId, t: TournamentId, n: i32) -> String {
    fill(ROUND_PAGE, &[&c, &t, &n])
}
pub fn players(c: ChampionshipId, t: TournamentId) -> String {
    fill2(PLAYERS, c, t)
}
pub fn armageddon(c: ChampionshipId, t: TournamentId, m: MatchId) -> String {
    fill(ARMAGEDDON, &[&c, &t, &m])
}
pub fn games_import(c: ChampionshipId, t: TournamentId) -> String {
    fill2(GAMES_IMPORT, c, t)
}
pub fn games_import_lichess(c: ChampionshipId, t: TournamentId) -> String {
    fill2(GAMES_IMPORT_LICHESS, c, t)
}
pub fn games_import_one(c: ChampionshipId, t: TournamentId, i: PgnImportId) -> String {
    fill(GAMES_IMPORT_ONE, &[&c, &t, &i])
}
pub fn game(c: ChampionshipId, t: TournamentId, g: GameId) -> String {
    fill(GAME, &[&c, &t, &g])
}
pub fn game_correction(c: ChampionshipId, t: TournamentId, g: GameId) -> String {
    fill(GAME_CORRECTION, &[&c, &t, &g])
}
pub fn game_pgn(c: ChampionshipId, t: TournamentId, g: GameId) -> String {
    fill(GAME_PGN, &[&c, &t, &g])
}
pub fn match_pgn(c: ChampionshipId, t: TournamentId, m: MatchId) -> String {
    fill(MATCH_PGN, &[&c, &t, &m])
}
pub fn round_print(c: ChampionshipId, t: TournamentId, n: i32) -> String {
    fill(ROUND_PRINT, &[&c, &t, &n])
}
pub fn round_pgn(c: ChampionshipId, t: TournamentId, n: i32) -> String {
    fill(ROUND_PGN, &[&c, &t, &n])
}
pub fn tournament_pgn(c: ChampionshipId, t: TournamentId) -> String {
    fill2(TOURNAMENT_PGN, c, t)
}
pub fn fair_play_evidence(c: ChampionshipId) -> String {
    fill1(FAIR_PLAY_EVIDENCE, c)
}
pub fn fair_play_analysis(c: ChampionshipId) -> String {
    fill1(FAIR_PLAY_ANALYSIS, c)
}
pub fn analysis_cancel(c: ChampionshipId, j: league_ids::AnalysisJobId) -> String {
    fill2(ANALYSIS_CANCEL, c, j)
}
pub fn team(id: TeamId) -> String {
    fill1(TEAM, id)
}
pub fn remove_member(t: TeamId, p: PersonId) -> String {
    fill2(TEAM_REMOVE, t, p)
}
pub fn close_invitation(i: InvitationId) -> String {
    fill1(INVITATION_CLOSE, i)
}
pub fn accept_invitation(i: InvitationId) -> String {
    fill1(INVITATION_ACCEPT, i)
}
/// A person's page; nicks are URL-safe by construction (`Nick`).
pub fn short(slug: &str) -> String {
    fill1(SHORT, slug)
}
pub fn person(nick: &str) -> String {
    fill1(PERSON, nick)
}
pub fn person_claim_link(nick: &str) -> String {
    fill1(PERSON_CLAIM_LINK, nick)
}
pub fn claim(token: &str) -> String {
    fill1(CLAIM, token)
}
pub fn team_add_player(t: TeamId) -> String {
    fill1(TEAM_ADD_PLAYER, t)
}
pub fn documents(c: ChampionshipId) -> String {
    fill1(DOCUMENTS, c)
}
pub fn documents_purge(c: ChampionshipId) -> String {
    fill1(DOCUMENTS_PURGE, c)
}
pub fn document_review(c: ChampionshipId, d: DocumentId) -> String {
    fill2(DOCUMENT_REVIEW, c, d)
}
pub fn document(id: DocumentId) -> String {
    fill1(DOCUMENT, id)
}
pub fn clone_link_remove(nick: &str, id: CloneLinkId) -> String {
    format!("{}/clones/{id}/remove", person(nick))
}

pub fn lift_ban(id: BanId) -> String {
    fill1(BAN_LIFT, id)
}
pub fn confirm_employment(id: EmploymentId) -> String {
    fill1(EMPLOYMENT_CONFIRM, id)
}

/// The segments of the URLs below, read from the path as typed values: one
/// struct per shape, shared by the pages and the JSON API (whose document
/// names each segment from the doc comments).
pub mod segments {
    use league_ids::{
        ApiTokenId, ChampionshipId, EntryId, GameId, MatchId, RoundId, TeamId, TournamentId,
    };
    use serde::Deserialize;
    use utoipa::IntoParams;

    /// `{championship_id}`.
    #[derive(Debug, Deserialize, IntoParams)]
    #[into_params(parameter_in = Path)]
    pub struct ChampionshipPath {
        /// The championship's id.
        #[param(value_type = i64)]
        pub championship_id: ChampionshipId,
    }

    /// `/championships/{championship_id}/tournaments/{tournament_id}`.
    #[derive(Debug, Deserialize, IntoParams)]
    #[into_params(parameter_in = Path)]
    pub struct TournamentPath {
        /// The championship's id.
        #[param(value_type = i64)]
        pub championship_id: ChampionshipId,
        /// The tournament's id (not its number in the season).
        #[param(value_type = i64)]
        pub tournament_id: TournamentId,
    }

    /// `…/entries/{entry_id}`.
    #[derive(Debug, Deserialize)]
    pub struct EntryPath {
        pub championship_id: ChampionshipId,
        pub tournament_id: TournamentId,
        pub entry_id: EntryId,
    }

    /// `…/rounds/{round_id}` (a round by its id: the judges' actions).
    #[derive(Debug, Deserialize)]
    pub struct RoundPath {
        pub championship_id: ChampionshipId,
        pub tournament_id: TournamentId,
        pub round_id: RoundId,
    }

    /// `…/rounds/{round_no}` (a round by its number: the public pages and
    /// the JSON API).
    #[derive(Debug, Deserialize, IntoParams)]
    #[into_params(parameter_in = Path)]
    pub struct RoundNoPath {
        /// The championship's id.
        #[param(value_type = i64)]
        pub championship_id: ChampionshipId,
        /// The tournament's id.
        #[param(value_type = i64)]
        pub tournament_id: TournamentId,
        /// The round's number (1, 2, …).
        pub round_no: i32,
    }

    /// `…/matches/{match_id}`.
    #[derive(Debug, Deserialize)]
    pub struct MatchPath {
        pub championship_id: ChampionshipId,
        pub tournament_id: TournamentId,
        pub match_id: MatchId,
    }

    /// `…/violations/{violation_id}`.
    #[derive(Debug, Deserialize)]
    pub struct ViolationPath {
        pub championship_id: ChampionshipId,
        pub tournament_id: TournamentId,
        pub violation_id: league_ids::ViolationReportId,
    }

    /// `…/games/{game_id}`.
    #[derive(Debug, Deserialize, IntoParams)]
    #[into_params(parameter_in = Path)]
    pub struct GamePath {
        /// The championship's id (for the API, the token's championship).
        #[param(value_type = i64)]
        pub championship_id: ChampionshipId,
        /// The tournament's id.
        #[param(value_type = i64)]
        pub tournament_id: TournamentId,
        /// The game's id (from the `rounds` endpoint).
        #[param(value_type = i64)]
        pub game_id: GameId,
    }

    // The tournament a deeper path lies in.
    macro_rules! in_tournament {
        ($($path:ident),*) => {$(
            impl $path {
                pub fn tournament(&self) -> TournamentPath {
                    TournamentPath {
                        championship_id: self.championship_id,
                        tournament_id: self.tournament_id,
                    }
                }
            }
        )*};
    }
    in_tournament!(
        EntryPath,
        RoundPath,
        RoundNoPath,
        MatchPath,
        GamePath,
        ImportPath
    );

    /// `…/games/import/{import_id}`.
    #[derive(Debug, Deserialize)]
    pub struct ImportPath {
        pub championship_id: ChampionshipId,
        pub tournament_id: TournamentId,
        pub import_id: league_ids::PgnImportId,
    }

    /// `/teams/{team_id}`.
    #[derive(Debug, Deserialize, IntoParams)]
    #[into_params(parameter_in = Path)]
    pub struct TeamPath {
        /// The team's id.
        #[param(value_type = i64)]
        pub team_id: TeamId,
    }

    /// `…/api-tokens/{token_id}`.
    #[derive(Debug, Deserialize)]
    pub struct TokenPath {
        pub championship_id: ChampionshipId,
        pub token_id: ApiTokenId,
    }

    /// `…/regulation/{number}`.
    #[derive(Debug, Deserialize)]
    pub struct VersionPath {
        pub championship_id: ChampionshipId,
        pub number: i32,
    }
}

/// A route's pattern with its one `{…}` segment filled: what templates link
/// by, e.g. `paths::fill1(paths::APPLY, id)`.
pub fn fill1(pattern: &str, a: impl std::fmt::Display) -> String {
    fill(pattern, &[&a])
}

/// A route's pattern with its two `{…}` segments filled in order.
pub fn fill2(pattern: &str, a: impl std::fmt::Display, b: impl std::fmt::Display) -> String {
    fill(pattern, &[&a, &b])
}

/// A route's pattern with its `{…}` segments filled in order; a pattern with
/// more segments than values keeps the rest as they are (a fault the tests of
/// the pages would show as a 404).
pub fn fill(pattern: &str, values: &[&dyn std::fmt::Display]) -> String {
    let mut values = values.iter();
    pattern
        .split('/')
        .map(|segment| match segment.starts_with('{') {
            true => values
                .next()
                .map_or_else(|| segment.to_owned(), |v| v.to_string()),
            false => segment.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pattern_is_filled_segment_by_segment_in_order() {
        assert_eq!(fill1(APPLY, 7), "/championships/7/apply");
        assert_eq!(
            fill2(APPEAL_VOTE, 7, 12),
            "/championships/7/appeals/12/vote"
        );
        assert_eq!(fill1(PERSON, "Ладья"), "/people/Ладья");
        assert_eq!(fill(HOME, &[]), "/");
        // Too few values: the rest stays a pattern (a 404, not a wrong page).
        assert_eq!(
            fill1(APPEAL_VOTE, 7),
            "/championships/7/appeals/{appeal_id}/vote"
        );
    }
}

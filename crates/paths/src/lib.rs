//! Every URL the platform serves, named once, so that links, redirects,
//! e-mails and the JSON API cannot drift from the route tables.

use league_ids::{
    ApiTokenId, BanId, ChampionshipId, CloneLinkId, DocumentId, EmploymentId, EntryId, GameId,
    InvitationId, MatchId, PenaltyId, PersonId, PgnImportId, RoundId, TeamId, TournamentId,
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
pub const ADMIN: &str = "/admin";
pub const ADMIN_PERSON_ADMIN: &str = "/admin/people/{id}/admin";
pub const ADMIN_PERSON_SIGN_OUT: &str = "/admin/people/{id}/sign-out";
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
pub const BAN_LIFT: &str = "/bans/{ban_id}/lift";
pub const EMPLOYMENT_CONFIRM: &str = "/employments/{employment_id}/confirm";
pub const BANS: &str = "/bans";
// Public pages: history and the halls of fame.
pub const HISTORY: &str = "/championships/{championship_id}/history";
pub const HALL_OF_FAME: &str = "/hall-of-fame";
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
    format!("/admin/people/{id}/admin")
}
pub fn admin_person_sign_out(id: PersonId) -> String {
    format!("/admin/people/{id}/sign-out")
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
pub fn penalty(id: ChampionshipId, penalty: PenaltyId) -> String {
    format!("/championships/{id}/penalties#penalty-{penalty}")
}
pub fn penalty_revoke(id: ChampionshipId, penalty: PenaltyId) -> String {
    format!("/championships/{id}/penalties/{penalty}/revoke")
}
pub fn api_tokens(id: ChampionshipId) -> String {
    format!("/championships/{id}/api-tokens")
}
pub fn api_token_revoke(id: ChampionshipId, token: ApiTokenId) -> String {
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
pub fn tournament_start(c: ChampionshipId, t: TournamentId) -> String {
    format!("/championships/{c}/tournaments/{t}/start")
}
pub fn tournament_cancel(c: ChampionshipId, t: TournamentId) -> String {
    format!("/championships/{c}/tournaments/{t}/cancel")
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
pub fn round_results(c: ChampionshipId, t: TournamentId, r: RoundId) -> String {
    format!("/championships/{c}/tournaments/{t}/rounds/{r}/results")
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
pub fn match_violations(c: ChampionshipId, t: TournamentId, m: MatchId) -> String {
    format!("/championships/{c}/tournaments/{t}/matches/{m}/violations")
}
pub fn violation_answer(
    c: ChampionshipId,
    t: TournamentId,
    v: league_ids::ViolationReportId,
) -> String {
    format!("/championships/{c}/tournaments/{t}/violations/{v}/answer")
}
pub fn check_in(c: ChampionshipId, t: TournamentId) -> String {
    format!("/championships/{c}/tournaments/{t}/check-in")
}
pub fn match_report(c: ChampionshipId, t: TournamentId, m: MatchId) -> String {
    format!("/championships/{c}/tournaments/{t}/matches/{m}/report")
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
pub fn games_import(c: ChampionshipId, t: TournamentId) -> String {
    format!("/championships/{c}/tournaments/{t}/games/import")
}
pub fn games_import_one(c: ChampionshipId, t: TournamentId, i: PgnImportId) -> String {
    format!("/championships/{c}/tournaments/{t}/games/import/{i}")
}
pub fn game(c: ChampionshipId, t: TournamentId, g: GameId) -> String {
    format!("/championships/{c}/tournaments/{t}/games/{g}")
}
pub fn game_correction(c: ChampionshipId, t: TournamentId, g: GameId) -> String {
    format!("/championships/{c}/tournaments/{t}/games/{g}/correction")
}
pub fn game_pgn(c: ChampionshipId, t: TournamentId, g: GameId) -> String {
    format!("/championships/{c}/tournaments/{t}/games/{g}/pgn")
}
pub fn match_pgn(c: ChampionshipId, t: TournamentId, m: MatchId) -> String {
    format!("/championships/{c}/tournaments/{t}/matches/{m}/pgn")
}
pub fn round_pgn(c: ChampionshipId, t: TournamentId, n: i32) -> String {
    format!("/championships/{c}/tournaments/{t}/rounds/{n}/pgn")
}
pub fn tournament_pgn(c: ChampionshipId, t: TournamentId) -> String {
    format!("/championships/{c}/tournaments/{t}/pgn")
}
pub fn fair_play_evidence(c: ChampionshipId) -> String {
    format!("/championships/{c}/fair-play/evidence")
}
pub fn fair_play_analysis(c: ChampionshipId) -> String {
    format!("/championships/{c}/fair-play/evidence/analysis")
}
pub fn analysis_cancel(c: ChampionshipId, j: league_ids::AnalysisJobId) -> String {
    format!("/championships/{c}/fair-play/analyses/{j}/cancel")
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
pub fn short(slug: &str) -> String {
    format!("/c/{slug}")
}
pub fn person(nick: &str) -> String {
    format!("/people/{nick}")
}
pub fn documents(c: ChampionshipId) -> String {
    format!("/championships/{c}/documents")
}
pub fn documents_purge(c: ChampionshipId) -> String {
    format!("/championships/{c}/documents/purge")
}
pub fn document_review(c: ChampionshipId, d: DocumentId) -> String {
    format!("/championships/{c}/documents/{d}/review")
}
pub fn document(id: DocumentId) -> String {
    format!("/documents/{id}")
}
pub fn clone_link_remove(nick: &str, id: CloneLinkId) -> String {
    format!("{}/clones/{id}/remove", person(nick))
}

pub fn lift_ban(id: BanId) -> String {
    format!("/bans/{id}/lift")
}
pub fn confirm_employment(id: EmploymentId) -> String {
    format!("/employments/{id}/confirm")
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

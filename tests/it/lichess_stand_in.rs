//! A stand-in for the lichess.org HTTP API, started on a local port by the
//! tests that drive the platform's game-server client.
//!
//! It answers the endpoints the client uses the way lichess's published API
//! reference (the OpenAPI document of lichess-org/api) describes them, and,
//! where the reference leaves a shape open or differs from what lichess.org
//! actually sends, the way lichess.org answers (each such place says so):
//!
//! - OAuth 2 with PKCE: `GET /oauth`, `POST /api/token`, `DELETE /api/token`,
//!   `POST /api/token/test`, `GET /api/account`;
//! - bulk pairings: `POST`/`GET /api/bulk-pairing`, `GET`/`DELETE
//!   /api/bulk-pairing/{id}`, `POST /api/bulk-pairing/{id}/start-clocks`,
//!   `GET /api/bulk-pairing/{id}/games`;
//! - games: `POST /api/games/export/_ids`, `GET /api/games/user/{username}`,
//!   as NDJSON (`Accept: application/x-ndjson`) or PGN.
//!
//! A test plays the other side of the world through [`StandIn`]'s methods:
//! accounts, who approves the consent screen, tokens revoked on the server,
//! games started and finished, failures to answer, and the stand-in's clock
//! (bulks scheduled with `pairAt` come into existence when that clock reaches
//! it; every access looks). Every request but `/oauth` is logged with the
//! status it got ([`StandIn::requests`]).

#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap};
use std::future::{Future, ready};
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use actix_web::body::BoxBody;
use actix_web::dev::{Service, ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use base64::Engine;
use cozy_chess::{Board, GameStatus, Move, Piece};
use rand::Rng;
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

/// The lifetime of a token obtained through `/api/token`, in seconds (a
/// year, as lichess answers in `expires_in`).
const TOKEN_LIFETIME_S: i64 = 31_536_000;
/// An authorization code is good for two minutes, as on lichess.
const CODE_LIFETIME_MS: i64 = 120_000;
/// `pairAt` and `startClocksAt` may be up to seven days ahead.
const MAX_AHEAD_MS: i64 = 7 * 24 * 3600 * 1000;
/// A bulk holds at most 500 games.
const MAX_GAMES_PER_BULK: usize = 500;
/// At most 20 bulks waiting for their pairing time per organizer …
const MAX_QUEUED_BULKS: usize = 20;
/// … and at most 1000 games in them.
const MAX_QUEUED_GAMES: usize = 1000;
/// `POST /api/games/export/_ids` reads at most 300 ids.
const MAX_EXPORT_IDS: usize = 300;
/// Every player's rating, as the exports show it.
const RATING: u32 = 1500;

/// The OAuth scopes lichess knows; `/oauth` refuses any other.
const SCOPES: &[&str] = &[
    "preference:read",
    "preference:write",
    "email:read",
    "engine:read",
    "engine:write",
    "challenge:read",
    "challenge:write",
    "challenge:bulk",
    "study:read",
    "study:write",
    "tournament:write",
    "racer:write",
    "puzzle:read",
    "puzzle:write",
    "team:read",
    "team:write",
    "team:lead",
    "follow:read",
    "follow:write",
    "msg:write",
    "board:play",
    "bot:play",
    "web:mod",
];

/// The extra rules a bulk may set (`rules`).
const RULES: &[&str] = &[
    "noAbort",
    "noRematch",
    "noGiveTime",
    "noClaimWin",
    "noEarlyDraw",
];

/// How [`StandIn::finish`] may end a game.
const FINISHES: &[&str] = &[
    "mate",
    "resign",
    "draw",
    "stalemate",
    "outoftime",
    "timeout",
    "aborted",
    "noStart",
];

/// The running stand-in: its base URL and the world it serves. Dropping it
/// stops the server.
pub struct StandIn {
    /// `http://127.0.0.1:PORT`, in place of `https://lichess.org`.
    pub url: String,
    world: Arc<Mutex<World>>,
    server: actix_web::dev::ServerHandle,
}

/// A bulk pairing as the stand-in holds it, for a test's assertions.
#[derive(Debug, Clone)]
pub struct BulkView {
    pub id: String,
    /// (white username, black username), in the order the bulk was sent.
    pub pairs: Vec<(String, String)>,
    /// Seconds.
    pub clock_limit: u32,
    /// Seconds.
    pub clock_increment: u32,
    /// `pairAt` as the client sent it (None when it left it out).
    pub pair_at: Option<i64>,
    /// `startClocksAt` as the client sent it, or as start-clocks set it.
    pub start_clocks_at: Option<i64>,
    pub rated: bool,
    /// Deleted before its games were created: they never come to exist.
    pub cancelled: bool,
    /// The game ids assigned at creation, in the order of `pairs`.
    pub game_ids: Vec<String>,
    pub message: Option<String>,
    pub rules: Vec<String>,
}

/// A game that came into existence, for a test's assertions.
#[derive(Debug, Clone)]
pub struct GameView {
    pub id: String,
    pub bulk_id: String,
    /// White's username.
    pub white: String,
    /// Black's username.
    pub black: String,
    /// lichess's status name: "created", "started", "mate", "draw", …
    pub status: String,
    /// Milliseconds (the bulk's `pairAt`).
    pub created_at: i64,
}

impl StandIn {
    /// Starts the stand-in on `127.0.0.1:0`. The server runs on a thread and
    /// runtime of its own, as the app does in `helpers.rs`: dropping the
    /// [`StandIn`] stops it, and the end of a test's runtime cannot cancel
    /// it while its worker thread runs on.
    pub async fn start() -> StandIn {
        let world = Arc::new(Mutex::new(World::default()));
        let shared = world.clone();
        let server = HttpServer::new(move || {
            let logged = shared.clone();
            App::new()
                .app_data(web::Data::from(shared.clone()))
                .wrap_fn(move |req: ServiceRequest, srv| {
                    let world = logged.clone();
                    let method = req.method().to_string();
                    let path = req.path().to_owned();
                    let forced = if path.starts_with("/api/") {
                        lock(&world).take_forced_failure()
                    } else {
                        None
                    };
                    let answer: Pin<Box<dyn Future<Output = Answer>>> = match forced {
                        Some(status) => {
                            Box::pin(ready(Ok(req.into_response(forced_failure(status)))))
                        }
                        None => {
                            let call = srv.call(req);
                            Box::pin(
                                async move { call.await.map(ServiceResponse::map_into_boxed_body) },
                            )
                        }
                    };
                    async move {
                        let res: ServiceResponse<BoxBody> = answer.await?;
                        if path != "/oauth" {
                            let status = res.status().as_u16();
                            lock(&world).log.push((method, path, status));
                        }
                        Ok(res)
                    }
                })
                .route("/oauth", web::get().to(authorize))
                .route("/api/token", web::post().to(exchange_code))
                .route("/api/token", web::delete().to(revoke_own_token))
                .route("/api/token/test", web::post().to(test_tokens))
                .route("/api/account", web::get().to(account))
                .route("/api/bulk-pairing", web::get().to(list_bulks))
                .route("/api/bulk-pairing", web::post().to(create_bulk))
                .route("/api/bulk-pairing/{id}", web::get().to(show_bulk))
                .route("/api/bulk-pairing/{id}", web::delete().to(cancel_bulk))
                .route(
                    "/api/bulk-pairing/{id}/start-clocks",
                    web::post().to(start_clocks),
                )
                .route("/api/bulk-pairing/{id}/games", web::get().to(bulk_games))
                .route("/api/games/export/_ids", web::post().to(export_by_ids))
                .route("/api/games/user/{username}", web::get().to(export_by_user))
                .default_service(web::to(not_found))
        })
        .workers(1)
        .disable_signals()
        .shutdown_timeout(1)
        .bind(("127.0.0.1", 0))
        .expect("bind the lichess stand-in");
        let port = server.addrs()[0].port();
        let server = server.run();
        let handle = server.handle();
        std::thread::Builder::new()
            .name("lichess-stand-in".into())
            .spawn(move || {
                tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("the stand-in's runtime")
                    .block_on(server)
            })
            .expect("the stand-in's thread");
        StandIn {
            url: format!("http://127.0.0.1:{port}"),
            world,
            server: handle,
        }
    }

    fn world(&self) -> MutexGuard<'_, World> {
        lock(&self.world)
    }

    /// An account: `name` as its username, its lowercase as its id.
    pub fn add_user(&self, name: &str) {
        self.world()
            .users
            .insert(name.to_lowercase(), name.to_owned());
    }

    /// The account signed in on the consent screen: it approves every later
    /// `GET /oauth` (as a browser session stays signed in) until another
    /// signs in. With nobody signed in the consent is denied.
    pub fn sign_in_as(&self, name: &str) {
        let mut world = self.world();
        let id = world.user_id(name);
        world.signed_in = Some(id);
    }

    /// The next `GET /oauth` is cancelled by the user: the redirect carries
    /// `error=access_denied`.
    pub fn deny_next_consent(&self) {
        self.world().deny_next = true;
    }

    /// A token of `user` with these scopes, as if made on the account's
    /// personal token page (it never expires: `expires` is null).
    pub fn issue_token(&self, user: &str, scopes: &[&str]) -> String {
        let mut world = self.world();
        let id = world.user_id(user);
        world.new_token(id, scopes.iter().map(|s| s.to_string()).collect(), None)
    }

    /// The owner revoked the token on lichess: every later use answers 401.
    pub fn revoke_token(&self, token: &str) {
        let mut world = self.world();
        let t = world
            .tokens
            .get_mut(token)
            .unwrap_or_else(|| panic!("no token {token} to revoke"));
        t.revoked = true;
    }

    /// Every bulk ever created, cancelled ones too, oldest first.
    pub fn bulks(&self) -> Vec<BulkView> {
        let world = self.world();
        world.bulks.iter().map(|b| world.bulk_view(b)).collect()
    }

    /// Every game that came into existence, in the order they did.
    pub fn games(&self) -> Vec<GameView> {
        let world = self.world();
        world
            .games
            .iter()
            .map(|g| GameView {
                id: g.id.clone(),
                bulk_id: g.bulk_id.clone(),
                white: world.username(&g.white),
                black: world.username(&g.black),
                status: g.status.clone(),
                created_at: g.created_at,
            })
            .collect()
    }

    /// The players are on the board: the game's status becomes "started".
    pub fn start_game(&self, game_id: &str) {
        let mut world = self.world();
        let game = world.game_mut(game_id);
        assert!(
            game.status == "created" || game.status == "started",
            "game {game_id} is over ({})",
            game.status
        );
        game.status = "started".into();
    }

    /// Ends a game. `status` is one of "mate", "resign", "draw",
    /// "stalemate", "outoftime", "timeout", "aborted", "noStart"; `winner`
    /// Some("white" | "black") or None; `san` the moves in SAN separated by
    /// spaces, legal from the start position (move numbers are skipped).
    ///
    /// The clocks follow lichess's: a side's clock starts after its first
    /// move, so the first two plies keep the initial time; from the third
    /// on, ply `p` spends `1 + p % 3` seconds, then the increment is added.
    /// The game's last move is made at `createdAt` plus those seconds (one
    /// each for the first two plies).
    ///
    /// Panics on an illegal move or on an ending the moves contradict (a
    /// mate that is not one, a winner for a draw, an abort after move one).
    pub fn finish(&self, game_id: &str, status: &str, winner: Option<&str>, san: &str) {
        assert!(FINISHES.contains(&status), "no such ending: {status}");
        assert!(
            matches!(winner, None | Some("white") | Some("black")),
            "winner must be white or black, not {winner:?}"
        );
        let (sans, board) = replay(san).unwrap_or_else(|e| panic!("{game_id}: {e}"));
        let mover = if sans.len() % 2 == 1 {
            "white"
        } else {
            "black"
        };
        match status {
            "mate" => {
                assert!(
                    board.status() == GameStatus::Won,
                    "{game_id}: the moves do not end in mate"
                );
                assert_eq!(winner, Some(mover), "{game_id}: the mating side wins");
            }
            "stalemate" => {
                assert!(
                    board.status() == GameStatus::Drawn && board.checkers().is_empty(),
                    "{game_id}: the moves do not end in stalemate"
                );
                assert_eq!(winner, None, "{game_id}: a stalemate has no winner");
            }
            "draw" | "aborted" => {
                assert_eq!(winner, None, "{game_id}: a {status} has no winner")
            }
            "resign" | "timeout" => {
                assert!(winner.is_some(), "{game_id}: a {status} has a winner")
            }
            _ => {}
        }
        if matches!(status, "aborted" | "noStart") {
            assert!(
                sans.len() < 2,
                "{game_id}: lichess ends a game as {status} only before both sides moved"
            );
        }
        let mut world = self.world();
        let game = world.game_mut(game_id);
        assert!(
            game.status == "created" || game.status == "started",
            "game {game_id} is already over ({})",
            game.status
        );
        let (clocks, spent_ms) = clock_history(sans.len(), game.limit, game.increment);
        game.status = status.to_owned();
        game.winner = winner.map(str::to_owned);
        game.last_move_at = game.created_at + spent_ms;
        game.sans = sans;
        game.clocks = clocks;
    }

    /// The next `n` requests to any `/api/` path answer `status` before any
    /// other handling: 429 with lichess's JSON error, another status with a
    /// short text.
    pub fn fail_next(&self, n: usize, status: u16) {
        assert!(
            StatusCode::from_u16(status).is_ok(),
            "{status} is not an HTTP status"
        );
        self.world().forced = (n > 0).then_some((n, status));
    }

    /// Every request but `/oauth`, in order: (method, path without the
    /// query, status answered).
    pub fn requests(&self) -> Vec<(String, String, u16)> {
        self.world().log.clone()
    }

    /// Moves the stand-in's clock by `ms` from the real time (not from the
    /// last offset), e.g. past a bulk's `pairAt`.
    pub fn set_now_offset_ms(&self, ms: i64) {
        let mut world = lock_untimed(&self.world);
        world.offset_ms = ms;
        world.tick();
    }
}

impl Drop for StandIn {
    fn drop(&mut self) {
        // The command is sent at once; the server's thread carries it out.
        drop(self.server.stop(false));
    }
}

// ---------------------------------------------------------------------------
// The world

#[derive(Default)]
struct World {
    /// Added to the real time: the stand-in's clock.
    offset_ms: i64,
    /// Account id (lowercase) -> username.
    users: BTreeMap<String, String>,
    signed_in: Option<String>,
    deny_next: bool,
    codes: HashMap<String, Grant>,
    tokens: HashMap<String, Token>,
    bulks: Vec<Bulk>,
    games: Vec<Game>,
    /// (requests left to fail, status).
    forced: Option<(usize, u16)>,
    log: Vec<(String, String, u16)>,
}

/// An authorization code waiting for its exchange.
struct Grant {
    client_id: String,
    redirect_uri: String,
    challenge: String,
    scopes: Vec<String>,
    user: String,
    expires_at: i64,
}

struct Token {
    user: String,
    scopes: Vec<String>,
    revoked: bool,
    /// Milliseconds; None for a token that never expires.
    expires: Option<i64>,
}

struct Bulk {
    id: String,
    /// The organizer's account id.
    by: String,
    /// (game id, white id, black id).
    games: Vec<(String, String, String)>,
    limit: u32,
    increment: u32,
    /// As sent.
    pair_at_sent: Option<i64>,
    /// As lichess keeps it: the time sent, or the creation time.
    pair_at: i64,
    start_clocks_at: Option<i64>,
    scheduled_at: i64,
    paired_at: Option<i64>,
    rated: bool,
    cancelled: bool,
    message: Option<String>,
    rules: Vec<String>,
}

struct Game {
    id: String,
    bulk_id: String,
    white: String,
    black: String,
    rated: bool,
    limit: u32,
    increment: u32,
    created_at: i64,
    last_move_at: i64,
    status: String,
    winner: Option<String>,
    sans: Vec<String>,
    /// Centiseconds left after each ply.
    clocks: Vec<i64>,
}

/// What the middleware gets from the routes.
type Answer = Result<ServiceResponse<BoxBody>, actix_web::Error>;

/// Locks the world and brings it up to the stand-in's time.
fn lock(world: &Mutex<World>) -> MutexGuard<'_, World> {
    let mut w = lock_untimed(world);
    w.tick();
    w
}

fn lock_untimed(world: &Mutex<World>) -> MutexGuard<'_, World> {
    world.lock().unwrap_or_else(PoisonError::into_inner)
}

impl World {
    fn now(&self) -> i64 {
        chrono::Utc::now().timestamp_millis() + self.offset_ms
    }

    /// What lichess's scheduler would have done by now: the games of every
    /// bulk whose `pairAt` has come exist (created at `pairAt`), and the
    /// games of a bulk whose clocks started are "started".
    fn tick(&mut self) {
        let now = self.now();
        for bulk in &mut self.bulks {
            if bulk.cancelled {
                continue;
            }
            if bulk.paired_at.is_none() && bulk.pair_at <= now {
                // A pairAt already past when the bulk was sent pairs it at once.
                let created_at = bulk.pair_at.max(bulk.scheduled_at);
                bulk.paired_at = Some(created_at);
                for (id, white, black) in &bulk.games {
                    self.games.push(Game {
                        id: id.clone(),
                        bulk_id: bulk.id.clone(),
                        white: white.clone(),
                        black: black.clone(),
                        rated: bulk.rated,
                        limit: bulk.limit,
                        increment: bulk.increment,
                        created_at,
                        last_move_at: created_at,
                        status: "created".into(),
                        winner: None,
                        sans: Vec::new(),
                        clocks: Vec::new(),
                    });
                }
            }
            if bulk.paired_at.is_some() && bulk.start_clocks_at.is_some_and(|at| at <= now) {
                for game in &mut self.games {
                    if game.bulk_id == bulk.id && game.status == "created" {
                        game.status = "started".into();
                    }
                }
            }
        }
    }

    fn take_forced_failure(&mut self) -> Option<u16> {
        let (left, status) = self.forced?;
        self.forced = (left > 1).then_some((left - 1, status));
        Some(status)
    }

    fn user_id(&self, name: &str) -> String {
        let id = name.to_lowercase();
        assert!(
            self.users.contains_key(&id),
            "no account {name}: add_user first"
        );
        id
    }

    fn username(&self, id: &str) -> String {
        self.users.get(id).cloned().unwrap_or_else(|| id.to_owned())
    }

    fn new_token(&mut self, user: String, scopes: Vec<String>, expires: Option<i64>) -> String {
        let token = format!("lio_{}", random_string(32));
        self.tokens.insert(
            token.clone(),
            Token {
                user,
                scopes,
                revoked: false,
                expires,
            },
        );
        token
    }

    /// The live token `token`, or lichess's reason it cannot be used.
    fn live_token(&self, token: &str) -> Result<&Token, &'static str> {
        let now = self.now();
        self.tokens
            .get(token)
            .filter(|t| !t.revoked && t.expires.is_none_or(|at| at > now))
            .ok_or("No such token")
    }

    fn game_mut(&mut self, id: &str) -> &mut Game {
        self.games
            .iter_mut()
            .find(|g| g.id == id)
            .unwrap_or_else(|| panic!("no game {id} (not created yet, or cancelled?)"))
    }

    fn fresh_id(&self) -> String {
        loop {
            let id = random_string(8);
            let taken = self
                .bulks
                .iter()
                .any(|b| b.id == id || b.games.iter().any(|(g, _, _)| *g == id));
            if !taken {
                return id;
            }
        }
    }

    fn bulk_view(&self, b: &Bulk) -> BulkView {
        BulkView {
            id: b.id.clone(),
            pairs: b
                .games
                .iter()
                .map(|(_, w, bl)| (self.username(w), self.username(bl)))
                .collect(),
            clock_limit: b.limit,
            clock_increment: b.increment,
            pair_at: b.pair_at_sent,
            start_clocks_at: b.start_clocks_at,
            rated: b.rated,
            cancelled: b.cancelled,
            game_ids: b.games.iter().map(|(g, _, _)| g.clone()).collect(),
            message: b.message.clone(),
            rules: b.rules.clone(),
        }
    }
}

fn random_string(n: usize) -> String {
    rand::rng()
        .sample_iter(&rand::distr::Alphanumeric)
        .take(n)
        .map(char::from)
        .collect()
}

// ---------------------------------------------------------------------------
// Answers shared by the endpoints

/// What `fail_next` makes every `/api/` path answer.
fn forced_failure(status: u16) -> HttpResponse {
    let code = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    if code == StatusCode::TOO_MANY_REQUESTS {
        HttpResponse::build(code).json(json!({"error": "Too many requests. Try again later."}))
    } else {
        HttpResponse::build(code)
            .content_type("text/plain; charset=utf-8")
            .body(code.canonical_reason().unwrap_or("Error").to_owned())
    }
}

fn json_error(code: StatusCode, message: &str) -> HttpResponse {
    HttpResponse::build(code).json(json!({ "error": message }))
}

fn not_found_json() -> HttpResponse {
    json_error(StatusCode::NOT_FOUND, "Not found")
}

/// Any other path.
async fn not_found() -> HttpResponse {
    not_found_json()
}

/// `{"ok":true}` (the reference's `Ok` schema).
fn ok_json() -> HttpResponse {
    HttpResponse::Ok().json(json!({"ok": true}))
}

/// A refused form, as lichess words it (Play's form errors, kept in both
/// places lichess keeps them for old clients):
/// `{"players":["…"],"error":{"players":["…"]}}`; errors that belong to no
/// field are under `global`.
fn form_error(errors: &[(&str, String)]) -> HttpResponse {
    let mut fields = Map::new();
    for (field, message) in errors {
        let key = if field.is_empty() { "global" } else { field };
        let list = fields
            .entry(key.to_owned())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(items) = list {
            items.push(Value::String(message.clone()));
        }
    }
    let mut body = fields.clone();
    body.insert("error".into(), Value::Object(fields));
    HttpResponse::BadRequest().json(Value::Object(body))
}

/// Pairs of an url-encoded form or query; None if it does not parse.
fn parse_pairs(raw: &[u8]) -> Option<Vec<(String, String)>> {
    serde_urlencoded::from_bytes::<Vec<(String, String)>>(raw).ok()
}

/// The first value of `name`; an empty value counts as absent, as in the
/// forms of lichess.
fn field<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .filter(|v| !v.is_empty())
}

/// A query flag: `true`/`1`/`yes`, `false`/`0`/`no`, else the default.
fn flag(pairs: &[(String, String)], name: &str, default: bool) -> bool {
    match field(pairs, name) {
        Some("true" | "1" | "yes") => true,
        Some("false" | "0" | "no") => false,
        _ => default,
    }
}

/// The token of `Authorization: Bearer …`, checked, with the scope it
/// needs: lichess's 401 `{"error":"No such token"}` (or a missing/invalid
/// header) and 403 `{"error":"Missing scope"}`. Gives (token, account id).
fn authenticate(
    world: &World,
    req: &HttpRequest,
    scope: Option<&str>,
) -> Result<(String, String), HttpResponse> {
    let Some(value) = req.headers().get(header::AUTHORIZATION) else {
        return Err(json_error(
            StatusCode::UNAUTHORIZED,
            "Missing authorization header",
        ));
    };
    let token = value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| json_error(StatusCode::UNAUTHORIZED, "Invalid authorization header"))?;
    let found = world
        .live_token(token)
        .map_err(|e| json_error(StatusCode::UNAUTHORIZED, e))?;
    if let Some(scope) = scope
        && !found.scopes.iter().any(|s| s == scope)
    {
        return Err(json_error(StatusCode::FORBIDDEN, "Missing scope"));
    }
    Ok((token.to_owned(), found.user.clone()))
}

// ---------------------------------------------------------------------------
// OAuth

/// `GET /oauth`: the authorization endpoint (reference: tags/oauth/oauth.yaml).
/// A missing or invalid parameter answers 400 with a text (lichess shows an
/// error page). Otherwise the consent screen is answered at once by the
/// signed-in account: 303 to `redirect_uri?code=liu_…&state=…` (the code is
/// good once, for two minutes), or, denied (nobody signed in, or
/// [`StandIn::deny_next_consent`]), to
/// `redirect_uri?error=access_denied&error_description=…&state=…`. As on
/// lichess, the redirect replaces any query of `redirect_uri`.
async fn authorize(world: web::Data<Mutex<World>>, req: HttpRequest) -> HttpResponse {
    let bad = |text: &str| {
        HttpResponse::BadRequest()
            .content_type("text/plain; charset=utf-8")
            .body(text.to_owned())
    };
    let Some(query) = parse_pairs(req.query_string().as_bytes()) else {
        return bad("invalid query string");
    };
    let Some(redirect_uri) = field(&query, "redirect_uri") else {
        return bad("redirect_uri required");
    };
    if !is_absolute_http_url(redirect_uri) {
        return bad("redirect_uri invalid");
    }
    let Some(client_id) = field(&query, "client_id") else {
        return bad("client_id required (choose any)");
    };
    match field(&query, "response_type") {
        None => return bad("response_type required"),
        Some("code") => {}
        Some(_) => return bad("supports only response_type 'code'"),
    }
    match field(&query, "code_challenge_method") {
        None => return bad("code_challenge_method required"),
        Some("S256") => {}
        Some(_) => return bad("supports only code_challenge_method 'S256'"),
    }
    let Some(challenge) = field(&query, "code_challenge") else {
        return bad("code_challenge required");
    };
    let scopes: Vec<String> = field(&query, "scope")
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    if let Some(unknown) = scopes.iter().find(|s| !SCOPES.contains(&s.as_str())) {
        return bad(&format!("invalid scope: {unknown}"));
    }
    let state = field(&query, "state").unwrap_or("");
    let base = redirect_uri
        .split(['?', '#'])
        .next()
        .unwrap_or(redirect_uri);

    let mut world = lock(&world);
    let denied = std::mem::take(&mut world.deny_next);
    let approver = world.signed_in.clone().filter(|_| !denied);
    let query = match approver {
        None => serde_urlencoded::to_string([
            ("error", "access_denied"),
            ("error_description", "user cancelled authorization"),
            ("state", state),
        ]),
        Some(user) => {
            let code = format!("liu_{}", random_string(32));
            let expires_at = world.now() + CODE_LIFETIME_MS;
            world.codes.insert(
                code.clone(),
                Grant {
                    client_id: client_id.to_owned(),
                    redirect_uri: redirect_uri.to_owned(),
                    challenge: challenge.to_owned(),
                    scopes,
                    user,
                    expires_at,
                },
            );
            serde_urlencoded::to_string([("code", code.as_str()), ("state", state)])
        }
    };
    let Ok(query) = query else {
        return bad("cannot encode the redirect");
    };
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, format!("{base}?{query}")))
        .finish()
}

/// `http://host…` or `https://host…`.
fn is_absolute_http_url(url: &str) -> bool {
    let rest = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"));
    rest.is_some_and(|r| {
        let host = r.split(['/', '?', '#']).next().unwrap_or("");
        !host.is_empty() && !host.contains(char::is_whitespace)
    })
}

/// An OAuth error of `/api/token`: 400 `{"error":…,"error_description":…}`
/// (the reference's `OAuthError` schema, lichess's wording).
fn oauth_error(error: &str, description: &str) -> HttpResponse {
    HttpResponse::BadRequest().json(json!({"error": error, "error_description": description}))
}

/// `POST /api/token` (reference: tags/oauth/api-token.yaml): exchanges an
/// authorization code for a token. The form is checked first
/// (`invalid_request`, `unsupported_grant_type`; a verifier shorter than 43
/// characters is refused); then the code is consumed whatever follows, as
/// lichess does, and must match its redirect_uri, client_id and challenge
/// (`invalid_grant`). Answers
/// `{"token_type":"Bearer","access_token":"lio_…","expires_in":31536000}`.
async fn exchange_code(world: web::Data<Mutex<World>>, body: web::Bytes) -> HttpResponse {
    let Some(form) = parse_pairs(&body) else {
        return oauth_error("invalid_request", "invalid form");
    };
    let grant_type = field(&form, "grant_type");
    let code = field(&form, "code");
    let verifier = field(&form, "code_verifier");
    let redirect_uri = field(&form, "redirect_uri");
    let client_id = field(&form, "client_id");
    match grant_type {
        None => return oauth_error("invalid_request", "grant_type required"),
        Some("authorization_code") => {}
        Some(_) => {
            return oauth_error(
                "unsupported_grant_type",
                "supports only grant_type 'authorization_code'",
            );
        }
    }
    let Some(code) = code else {
        return oauth_error("invalid_request", "code required");
    };
    let Some(verifier) = verifier else {
        return oauth_error("invalid_request", "code_verifier required");
    };
    if verifier.len() < 43 {
        return oauth_error("invalid_request", "code_verifier too short");
    }
    let Some(redirect_uri) = redirect_uri else {
        return oauth_error("invalid_request", "redirect_uri required");
    };
    let Some(client_id) = client_id else {
        return oauth_error("invalid_request", "client_id required (choose any)");
    };

    let mut world = lock(&world);
    let now = world.now();
    let Some(grant) = world.codes.remove(code) else {
        return oauth_error(
            "invalid_grant",
            "authorization code invalid, expired or consumed",
        );
    };
    if grant.expires_at <= now {
        return oauth_error("invalid_grant", "authorization code expired");
    }
    if grant.redirect_uri != redirect_uri {
        return oauth_error(
            "invalid_grant",
            "authorization code was issued for a different redirect_uri",
        );
    }
    if grant.client_id != client_id {
        return oauth_error(
            "invalid_grant",
            "authorization code was issued for a different client_Id",
        );
    }
    let hashed = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(Sha256::digest(verifier.as_bytes()));
    if hashed != grant.challenge {
        return oauth_error(
            "invalid_grant",
            "hash of code_verifier does not match code_challenge",
        );
    }
    let token = world.new_token(
        grant.user,
        grant.scopes,
        Some(now + TOKEN_LIFETIME_S * 1000),
    );
    HttpResponse::Ok().json(json!({
        "token_type": "Bearer",
        "access_token": token,
        "expires_in": TOKEN_LIFETIME_S,
    }))
}

/// `DELETE /api/token` (reference: tags/oauth/api-token.yaml): revokes the
/// Bearer token of the request; 204.
async fn revoke_own_token(world: web::Data<Mutex<World>>, req: HttpRequest) -> HttpResponse {
    let mut world = lock(&world);
    match authenticate(&world, &req, None) {
        Err(answer) => answer,
        Ok((token, _)) => {
            if let Some(t) = world.tokens.get_mut(&token) {
                t.revoked = true;
            }
            HttpResponse::NoContent().finish()
        }
    }
}

/// `POST /api/token/test` (reference: tags/oauth/api-token-test.yaml): the
/// body lists tokens separated by commas; answers an object with one key
/// per token: `{"userId":…,"scopes":"a,b","expires":ms|null}`, or null for
/// an unknown, revoked or expired token.
async fn test_tokens(world: web::Data<Mutex<World>>, body: web::Bytes) -> HttpResponse {
    let Ok(text) = std::str::from_utf8(&body) else {
        return json_error(StatusCode::BAD_REQUEST, "The body must be UTF-8 text");
    };
    let world = lock(&world);
    let mut answer = Map::new();
    for token in text
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .take(1000)
    {
        let value = match world.live_token(token) {
            Ok(t) => json!({
                "userId": t.user,
                "scopes": t.scopes.join(","),
                "expires": t.expires,
            }),
            Err(_) => Value::Null,
        };
        answer.insert(token.to_owned(), value);
    }
    HttpResponse::Ok().json(Value::Object(answer))
}

/// `GET /api/account`: the token's account, `{"id":"lowercase",
/// "username":"Name",…}` (a few of the reference's `UserExtended` fields).
async fn account(world: web::Data<Mutex<World>>, req: HttpRequest) -> HttpResponse {
    let world = lock(&world);
    match authenticate(&world, &req, None) {
        Err(answer) => answer,
        Ok((_, user)) => {
            let username = world.username(&user);
            HttpResponse::Ok().json(json!({
                "id": user,
                "username": username,
                "perfs": {},
                "createdAt": 1_356_998_400_070_i64,
                "seenAt": world.now(),
                "url": format!("https://lichess.org/@/{username}"),
            }))
        }
    }
}

// ---------------------------------------------------------------------------
// Bulk pairings

/// A bulk as lichess shows it (the reference's `BulkPairing` schema):
/// `{"id","games":[{"id","white","black"}],"variant":"standard",
/// "clock":{"limit","increment"},"pairAt","pairedAt":ms|null,"rated",
/// "startClocksAt":ms|null,"scheduledAt"}`, plus `message` and `rules`
/// when set. Players are account ids.
fn bulk_json(b: &Bulk) -> Value {
    let mut value = json!({
        "id": b.id,
        "games": b.games.iter().map(|(id, white, black)| {
            json!({"id": id, "white": white, "black": black})
        }).collect::<Vec<_>>(),
        "variant": "standard",
        "clock": {"limit": b.limit, "increment": b.increment},
        "pairAt": b.pair_at,
        "pairedAt": b.paired_at,
        "rated": b.rated,
        "startClocksAt": b.start_clocks_at,
        "scheduledAt": b.scheduled_at,
    });
    if let Some(message) = &b.message {
        value["message"] = json!(message);
    }
    if !b.rules.is_empty() {
        value["rules"] = json!(b.rules);
    }
    value
}

/// The caller's own bulk `id`, not cancelled.
fn own_bulk<'a>(world: &'a World, id: &str, user: &str) -> Option<&'a Bulk> {
    world
        .bulks
        .iter()
        .find(|b| b.id == id && b.by == user && !b.cancelled)
}

/// `GET /api/bulk-pairing` (reference: tags/bulkpairings/api-bulk-pairing.yaml):
/// the caller's bulks. The reference draws an array; lichess.org answers
/// `{"bulks":[…]}` (its controller wraps the list), and so does the
/// stand-in. Like lichess, it lists every bulk of the caller that was not
/// deleted, paired or not, latest `pairAt` first, at most 100.
async fn list_bulks(world: web::Data<Mutex<World>>, req: HttpRequest) -> HttpResponse {
    let world = lock(&world);
    let user = match authenticate(&world, &req, Some("challenge:bulk")) {
        Err(answer) => return answer,
        Ok((_, user)) => user,
    };
    let mut mine: Vec<&Bulk> = world
        .bulks
        .iter()
        .filter(|b| b.by == user && !b.cancelled)
        .collect();
    mine.sort_by_key(|b| std::cmp::Reverse(b.pair_at));
    let bulks: Vec<Value> = mine.into_iter().take(100).map(bulk_json).collect();
    HttpResponse::Ok().json(json!({ "bulks": bulks }))
}

/// `GET /api/bulk-pairing/{id}`: the caller's bulk, or 404
/// `{"error":"Not found"}`.
async fn show_bulk(
    world: web::Data<Mutex<World>>,
    req: HttpRequest,
    id: web::Path<String>,
) -> HttpResponse {
    let world = lock(&world);
    let user = match authenticate(&world, &req, Some("challenge:bulk")) {
        Err(answer) => return answer,
        Ok((_, user)) => user,
    };
    match own_bulk(&world, &id, &user) {
        Some(bulk) => HttpResponse::Ok().json(bulk_json(bulk)),
        None => not_found_json(),
    }
}

/// `DELETE /api/bulk-pairing/{id}`: cancels a bulk whose games are not
/// created yet (they never will be); once they exist it does nothing,
/// as the reference says. `{"ok":true}`, or 404 `{"error":"Not found"}`.
async fn cancel_bulk(
    world: web::Data<Mutex<World>>,
    req: HttpRequest,
    id: web::Path<String>,
) -> HttpResponse {
    let mut world = lock(&world);
    let user = match authenticate(&world, &req, Some("challenge:bulk")) {
        Err(answer) => return answer,
        Ok((_, user)) => user,
    };
    let found = world
        .bulks
        .iter_mut()
        .find(|b| b.id == *id && b.by == user && !b.cancelled);
    match found {
        None => not_found_json(),
        Some(bulk) => {
            if bulk.paired_at.is_none() {
                bulk.cancelled = true;
            }
            ok_json()
        }
    }
}

/// `POST /api/bulk-pairing/{id}/start-clocks`: starts the clocks of the
/// bulk's games now (`startClocksAt` becomes now, the games "started");
/// nothing if the games do not exist yet or the clocks already started.
/// `{"ok":true}`, or 404 `{"error":"Not found"}`.
async fn start_clocks(
    world: web::Data<Mutex<World>>,
    req: HttpRequest,
    id: web::Path<String>,
) -> HttpResponse {
    let mut world = lock(&world);
    let user = match authenticate(&world, &req, Some("challenge:bulk")) {
        Err(answer) => return answer,
        Ok((_, user)) => user,
    };
    let now = world.now();
    let found = world
        .bulks
        .iter_mut()
        .find(|b| b.id == *id && b.by == user && !b.cancelled);
    let Some(bulk) = found else {
        return not_found_json();
    };
    if bulk.paired_at.is_some() && bulk.start_clocks_at.is_none_or(|at| at > now) {
        bulk.start_clocks_at = Some(now);
    }
    world.tick();
    ok_json()
}

/// `GET /api/bulk-pairing/{id}/games`: the bulk's games, as the exports
/// below write them.
async fn bulk_games(
    world: web::Data<Mutex<World>>,
    req: HttpRequest,
    id: web::Path<String>,
) -> HttpResponse {
    let world = lock(&world);
    let user = match authenticate(&world, &req, Some("challenge:bulk")) {
        Err(answer) => return answer,
        Ok((_, user)) => user,
    };
    let Some(bulk) = own_bulk(&world, &id, &user) else {
        return not_found_json();
    };
    let Some(query) = parse_pairs(req.query_string().as_bytes()) else {
        return json_error(StatusCode::BAD_REQUEST, "Invalid query string");
    };
    let games: Vec<&Game> = world
        .games
        .iter()
        .filter(|g| bulk.games.iter().any(|(id, _, _)| *id == g.id))
        .collect();
    export(&world, &req, &query, games)
}

/// One player's tokens of the `players` field, `white:black,white:black`.
/// Like lichess, an item that is not two non-empty tokens around one `:` is
/// skipped.
fn token_pairs(players: &str) -> Vec<(String, String)> {
    players
        .split(',')
        .filter_map(|item| {
            let mut parts = item.split(':');
            let (white, black) = (parts.next()?.trim(), parts.next()?.trim());
            (parts.next().is_none() && !white.is_empty() && !black.is_empty())
                .then(|| (white.to_owned(), black.to_owned()))
        })
        .collect()
}

/// An optional integer field within `min..=max`, with Play's wording.
fn bounded(
    form: &[(String, String)],
    name: &'static str,
    min: i64,
    max: i64,
    errors: &mut Vec<(&'static str, String)>,
) -> Option<i64> {
    let raw = field(form, name)?;
    match raw.parse::<i64>() {
        Err(_) => {
            errors.push((name, "Numeric value expected".into()));
            None
        }
        Ok(n) if n < min => {
            errors.push((name, format!("Must be greater or equal to {min}")));
            None
        }
        Ok(n) if n > max => {
            errors.push((name, format!("Must be less or equal to {max}")));
            None
        }
        Ok(n) => Some(n),
    }
}

/// What `POST /api/bulk-pairing` asks for, read from its form.
struct BulkForm {
    pairs: Vec<(String, String)>,
    limit: u32,
    increment: u32,
    pair_at: Option<i64>,
    start_clocks_at: Option<i64>,
    rated: bool,
    message: Option<String>,
    rules: Vec<String>,
}

/// Reads the bulk form the way lichess's form does, every field error at
/// once.
fn read_bulk_form(form: &[(String, String)], now: i64) -> Result<BulkForm, HttpResponse> {
    let mut errors: Vec<(&'static str, String)> = Vec::new();
    let pairs = match field(form, "players") {
        None => {
            errors.push(("players", "This field is required".into()));
            Vec::new()
        }
        Some(players) => {
            let pairs = token_pairs(players);
            if pairs.is_empty() {
                errors.push(("players", "Not enough tokens".into()));
            } else if pairs.len() > MAX_GAMES_PER_BULK {
                errors.push((
                    "players",
                    format!("Too many tokens (max: {})", MAX_GAMES_PER_BULK * 2),
                ));
            }
            pairs
        }
    };
    let has_clock =
        field(form, "clock.limit").is_some() || field(form, "clock.increment").is_some();
    let (mut limit, mut increment) = (0, 0);
    if has_clock {
        for name in ["clock.limit", "clock.increment"] {
            if field(form, name).is_none() {
                errors.push((name, "This field is required".into()));
            }
        }
        limit = bounded(form, "clock.limit", 0, 10_800, &mut errors).unwrap_or(0);
        increment = bounded(form, "clock.increment", 0, 60, &mut errors).unwrap_or(0);
    } else {
        errors.push(("", "clock or correspondence days required".into()));
    }
    if field(form, "days").is_some() {
        errors.push((
            "days",
            "The stand-in plays real-time games only: send clock.limit and clock.increment".into(),
        ));
    }
    if let Some(variant) = field(form, "variant")
        && variant != "standard"
    {
        errors.push(("variant", "The stand-in plays standard chess only".into()));
    }
    let pair_at = bounded(form, "pairAt", 0, now + MAX_AHEAD_MS, &mut errors);
    let start_clocks_at = bounded(form, "startClocksAt", 0, now + MAX_AHEAD_MS, &mut errors);
    let rated = match field(form, "rated") {
        None | Some("false") => false,
        Some("true") => true,
        Some(_) => {
            errors.push(("rated", "Boolean value expected".into()));
            false
        }
    };
    let message = field(form, "message").map(str::to_owned);
    if message.as_deref().is_some_and(|m| !m.contains("{game}")) {
        errors.push((
            "message",
            "The message must contain {game}, which will be replaced with the game URL.".into(),
        ));
    }
    let rules: Vec<String> = field(form, "rules")
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .map(str::to_owned)
        .collect();
    if let Some(unknown) = rules.iter().find(|r| !RULES.contains(&r.as_str())) {
        errors.push(("rules", format!("Invalid rule: {unknown}")));
    }
    let mut seen = std::collections::HashSet::new();
    if pairs
        .iter()
        .flat_map(|(w, b)| [w, b])
        .any(|t| !seen.insert(t))
    {
        errors.push((
            "",
            "Tokens must be unique for real-time games (not correspondence)".into(),
        ));
    }
    if !errors.is_empty() {
        return Err(form_error(&errors));
    }
    Ok(BulkForm {
        pairs,
        limit: u32::try_from(limit).unwrap_or(0),
        increment: u32::try_from(increment).unwrap_or(0),
        pair_at,
        start_clocks_at,
        rated,
        message,
        rules,
    })
}

/// `POST /api/bulk-pairing` (reference: tags/bulkpairings/api-bulk-pairing.yaml):
/// schedules games between the owners of the player tokens, the first of
/// each pair white. The organizer's token needs `challenge:bulk`.
///
/// Refusals, in lichess's order and in the shapes lichess.org sends (the
/// reference only says `{"error": string}`):
/// - a form error (a field missing or out of range, a token sent twice,
///   a message without `{game}`): 400 `{"global"|field:[…],"error":{…}}`;
/// - player tokens that are unknown, revoked or without
///   `challenge:write`: 400 `{"tokens":{"<token>":"No such token"|
///   "Missing scope"}}`, every bad token named;
/// - one account behind two tokens: 400 `{"duplicateUsers":["id"]}`;
/// - too many bulks/games queued, or a bulk with the same players at the
///   same time: 400 `{"error":"…"}`.
///
/// The whole bulk is refused or the whole bulk is made. Game ids are
/// assigned at once; the games exist from `pairAt` (at once without it).
async fn create_bulk(
    world: web::Data<Mutex<World>>,
    req: HttpRequest,
    body: web::Bytes,
) -> HttpResponse {
    let mut world = lock(&world);
    let organizer = match authenticate(&world, &req, Some("challenge:bulk")) {
        Err(answer) => return answer,
        Ok((_, user)) => user,
    };
    let Some(form) = parse_pairs(&body) else {
        return json_error(StatusCode::BAD_REQUEST, "Invalid form");
    };
    let now = world.now();
    let asked = match read_bulk_form(&form, now) {
        Err(answer) => return answer,
        Ok(asked) => asked,
    };

    let mut bad = Map::new();
    let mut players: Vec<String> = Vec::new();
    for token in asked.pairs.iter().flat_map(|(w, b)| [w, b]) {
        match world.live_token(token) {
            Err(reason) => {
                bad.insert(token.clone(), json!(reason));
            }
            Ok(t) if !t.scopes.iter().any(|s| s == "challenge:write") => {
                bad.insert(token.clone(), json!("Missing scope"));
            }
            Ok(t) => players.push(t.user.clone()),
        }
    }
    if !bad.is_empty() {
        return HttpResponse::BadRequest().json(json!({ "tokens": bad }));
    }
    let duplicates: std::collections::BTreeSet<&String> = players
        .iter()
        .filter(|p| players.iter().filter(|q| q == p).count() > 1)
        .collect();
    if !duplicates.is_empty() {
        return HttpResponse::BadRequest().json(json!({ "duplicateUsers": duplicates }));
    }

    let pair_at = asked.pair_at.unwrap_or(now);
    let queued: Vec<&Bulk> = world
        .bulks
        .iter()
        .filter(|b| b.by == organizer && !b.cancelled && b.paired_at.is_none())
        .collect();
    if queued.len() >= MAX_QUEUED_BULKS {
        return json_error(StatusCode::BAD_REQUEST, "Already too many bulks queued");
    }
    if queued.iter().map(|b| b.games.len()).sum::<usize>() >= MAX_QUEUED_GAMES {
        return json_error(StatusCode::BAD_REQUEST, "Already too many games queued");
    }
    let collides = queued.iter().any(|b| {
        let same_time = b.pair_at == pair_at
            || (asked.start_clocks_at.is_some() && b.start_clocks_at == asked.start_clocks_at);
        same_time
            && b.games
                .iter()
                .any(|(_, w, bl)| players.contains(w) || players.contains(bl))
    });
    if collides {
        return json_error(
            StatusCode::BAD_REQUEST,
            "A bulk containing the same players is scheduled at the same time",
        );
    }

    let id = world.fresh_id();
    let mut games = Vec::new();
    for pair in players.chunks(2) {
        let mut game_id = world.fresh_id();
        while game_id == id || games.iter().any(|(g, _, _)| *g == game_id) {
            game_id = world.fresh_id();
        }
        games.push((game_id, pair[0].clone(), pair[1].clone()));
    }
    world.bulks.push(Bulk {
        id,
        by: organizer,
        games,
        limit: asked.limit,
        increment: asked.increment,
        pair_at_sent: asked.pair_at,
        pair_at,
        start_clocks_at: asked.start_clocks_at,
        scheduled_at: now,
        paired_at: None,
        rated: asked.rated,
        cancelled: false,
        message: asked.message,
        rules: asked.rules,
    });
    // The answer is the bulk as scheduled (pairedAt null), as on lichess,
    // whose scheduler pairs it a moment later; here the next access does.
    let created = world.bulks.last().map(bulk_json).unwrap_or(Value::Null);
    HttpResponse::Ok().json(created)
}

// ---------------------------------------------------------------------------
// Game exports

/// `POST /api/games/export/_ids` (reference: tags/games/api-games-export-_ids.yaml):
/// the body lists game ids separated by commas (the first 300 are read);
/// every one that exists is written, latest `createdAt` first, the others
/// skipped. NDJSON with `Accept: application/x-ndjson`, else PGN; query
/// flags `moves`, `tags`, `clocks`, `pgnInJson`.
async fn export_by_ids(
    world: web::Data<Mutex<World>>,
    req: HttpRequest,
    body: web::Bytes,
) -> HttpResponse {
    let Ok(text) = std::str::from_utf8(&body) else {
        return json_error(StatusCode::BAD_REQUEST, "The body must be UTF-8 text");
    };
    let Some(query) = parse_pairs(req.query_string().as_bytes()) else {
        return json_error(StatusCode::BAD_REQUEST, "Invalid query string");
    };
    let ids: Vec<&str> = text
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .take(MAX_EXPORT_IDS)
        .collect();
    let world = lock(&world);
    let mut games: Vec<&Game> = ids
        .iter()
        .filter_map(|id| world.games.iter().find(|g| g.id == *id))
        .collect();
    games.sort_by_key(|g| std::cmp::Reverse(g.created_at));
    export(&world, &req, &query, games)
}

/// `GET /api/games/user/{username}` (reference: tags/games/api-games-user-username.yaml):
/// the user's games with either colour, latest first (`sort=dateAsc` for
/// oldest first). Filters: `since` (createdAt ≥, ms), `until` (createdAt
/// <, ms), `max`, `vs`, `rated`, `color`; as on lichess, games not over yet
/// and aborted games are left out unless `ongoing=true`, and
/// `finished=false` gives only the games being played. 404 for an unknown
/// account.
async fn export_by_user(
    world: web::Data<Mutex<World>>,
    req: HttpRequest,
    username: web::Path<String>,
) -> HttpResponse {
    let Some(query) = parse_pairs(req.query_string().as_bytes()) else {
        return json_error(StatusCode::BAD_REQUEST, "Invalid query string");
    };
    let number = |name: &str| -> Result<Option<i64>, HttpResponse> {
        match field(&query, name) {
            None => Ok(None),
            Some(raw) => raw.parse::<i64>().map(Some).map_err(|_| {
                json_error(StatusCode::BAD_REQUEST, &format!("Invalid {name}: {raw}"))
            }),
        }
    };
    let (since, until, max) = match (number("since"), number("until"), number("max")) {
        (Ok(since), Ok(until), Ok(max)) => (since, until, max),
        (Err(answer), _, _) | (_, Err(answer), _) | (_, _, Err(answer)) => return answer,
    };
    if max.is_some_and(|m| m < 1) {
        return json_error(StatusCode::BAD_REQUEST, "Invalid max: must be at least 1");
    }
    let user = username.to_lowercase();
    let vs = field(&query, "vs").map(str::to_lowercase);
    let color = field(&query, "color");
    let rated = field(&query, "rated").map(|r| r == "true");
    let ongoing = flag(&query, "ongoing", false);
    let finished = flag(&query, "finished", true);
    let oldest_first = field(&query, "sort") == Some("dateAsc");

    let world = lock(&world);
    if !world.users.contains_key(&user) {
        return not_found_json();
    }
    let mut games: Vec<&Game> = world
        .games
        .iter()
        .filter(|g| g.white == user || g.black == user)
        .filter(|g| {
            let playing = matches!(g.status.as_str(), "created" | "started");
            if finished {
                ongoing || is_finished(&g.status)
            } else {
                playing
            }
        })
        .filter(|g| since.is_none_or(|s| g.created_at >= s))
        .filter(|g| until.is_none_or(|u| g.created_at < u))
        .filter(|g| {
            vs.as_ref().is_none_or(|v| {
                (g.white == user && g.black == *v) || (g.black == user && g.white == *v)
            })
        })
        .filter(|g| match color {
            Some("white") => g.white == user,
            Some("black") => g.black == user,
            _ => true,
        })
        .filter(|g| rated.is_none_or(|r| g.rated == r))
        .collect();
    games.sort_by_key(|g| std::cmp::Reverse(g.created_at));
    if oldest_first {
        games.reverse();
    }
    if let Some(max) = max {
        games.truncate(usize::try_from(max).unwrap_or(usize::MAX));
    }
    export(&world, &req, &query, games)
}

/// The flags of an export's query.
struct Flags {
    moves: bool,
    tags: bool,
    clocks: bool,
    pgn_in_json: bool,
}

/// Writes `games` as NDJSON (`Accept: application/x-ndjson`) or as PGN,
/// each game followed by two blank lines, as lichess streams them.
fn export(
    world: &World,
    req: &HttpRequest,
    query: &[(String, String)],
    games: Vec<&Game>,
) -> HttpResponse {
    let flags = Flags {
        moves: flag(query, "moves", true),
        tags: flag(query, "tags", true),
        clocks: flag(query, "clocks", false),
        pgn_in_json: flag(query, "pgnInJson", false),
    };
    let ndjson = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|a| a.to_str().ok())
        .is_some_and(|a| a.contains("application/x-ndjson"));
    if ndjson {
        let body: String = games
            .iter()
            .map(|g| format!("{}\n", game_json(world, g, &flags)))
            .collect();
        HttpResponse::Ok()
            .content_type("application/x-ndjson")
            .body(body)
    } else {
        let body: String = games
            .iter()
            .map(|g| format!("{}\n\n\n", pgn(world, g, &flags)))
            .collect();
        HttpResponse::Ok()
            .content_type("application/x-chess-pgn; charset=utf-8")
            .body(body)
    }
}

/// Over, as lichess counts it (aborted games are not).
fn is_finished(status: &str) -> bool {
    !matches!(status, "created" | "started" | "aborted")
}

/// lichess's speed for a clock: by the estimated duration, limit + 40 ×
/// increment seconds.
fn speed(limit: u32, increment: u32) -> &'static str {
    match limit + 40 * increment {
        0..30 => "ultraBullet",
        30..180 => "bullet",
        180..480 => "blitz",
        480..1500 => "rapid",
        _ => "classical",
    }
}

/// The speed's name in the PGN `Event`.
fn speed_name(limit: u32, increment: u32) -> &'static str {
    match speed(limit, increment) {
        "ultraBullet" => "UltraBullet",
        "bullet" => "Bullet",
        "blitz" => "Blitz",
        "rapid" => "Rapid",
        _ => "Classical",
    }
}

/// A game as the reference's `GameJson` schema draws it.
fn game_json(world: &World, g: &Game, flags: &Flags) -> Value {
    let player = |id: &str| {
        json!({
            "user": {"name": world.username(id), "id": id},
            "rating": RATING,
        })
    };
    let speed = speed(g.limit, g.increment);
    let mut value = json!({
        "id": g.id,
        "rated": g.rated,
        "variant": "standard",
        "speed": speed,
        "perf": speed,
        "createdAt": g.created_at,
        "lastMoveAt": g.last_move_at,
        "status": g.status,
        "source": "api",
        "players": {"white": player(&g.white), "black": player(&g.black)},
        "clock": {
            "initial": g.limit,
            "increment": g.increment,
            "totalTime": g.limit + 40 * g.increment,
        },
    });
    if let Some(winner) = &g.winner {
        value["winner"] = json!(winner);
    }
    if flags.moves {
        value["moves"] = json!(g.sans.join(" "));
    }
    if flags.clocks {
        value["clocks"] = json!(g.clocks);
    }
    if flags.pgn_in_json {
        value["pgn"] = json!(format!("{}\n", pgn(world, g, flags)));
    }
    value
}

/// The result token of a game: `1-0`, `0-1`, `1/2-1/2`, or `*` while it is
/// not over (aborted games too).
fn result(g: &Game) -> &'static str {
    if !is_finished(&g.status) {
        return "*";
    }
    match g.winner.as_deref() {
        Some("white") => "1-0",
        Some("black") => "0-1",
        _ => "1/2-1/2",
    }
}

/// The PGN `Termination` of a status, in lichess's words.
fn termination(status: &str) -> &'static str {
    match status {
        "created" | "started" => "Unterminated",
        "aborted" | "noStart" => "Abandoned",
        "timeout" | "outoftime" => "Time forfeit",
        "cheat" => "Rules infraction",
        "insufficientMaterialClaim" => "Insufficient material",
        "unknownFinish" => "Unknown",
        _ => "Normal",
    }
}

/// A game's PGN as lichess writes it (reference: the `GamePgn` schema):
/// its tags, then the moves with `{ [%clk H:MM:SS] }` after each when
/// `clocks`, then the result. No trailing newline.
fn pgn(world: &World, g: &Game, flags: &Flags) -> String {
    let mut text = String::new();
    if flags.tags {
        let created = chrono::DateTime::from_timestamp_millis(g.created_at).unwrap_or_default();
        let tags = [
            (
                "Event",
                format!(
                    "{} {} game",
                    if g.rated { "Rated" } else { "Casual" },
                    speed_name(g.limit, g.increment)
                ),
            ),
            ("Site", format!("https://lichess.org/{}", g.id)),
            ("GameId", g.id.clone()),
            ("Date", created.format("%Y.%m.%d").to_string()),
            ("Round", "-".into()),
            ("White", world.username(&g.white)),
            ("Black", world.username(&g.black)),
            ("Result", result(g).into()),
            ("UTCDate", created.format("%Y.%m.%d").to_string()),
            ("UTCTime", created.format("%H:%M:%S").to_string()),
            ("WhiteElo", RATING.to_string()),
            ("BlackElo", RATING.to_string()),
            ("Variant", "Standard".into()),
            ("TimeControl", format!("{}+{}", g.limit, g.increment)),
            ("ECO", "?".into()),
            ("Termination", termination(&g.status).into()),
        ];
        for (name, value) in tags {
            text.push_str(&format!("[{name} \"{}\"]\n", value.replace('"', "\\\"")));
        }
        text.push('\n');
    }
    let mut movetext: Vec<String> = Vec::new();
    if flags.moves {
        for (ply, san) in g.sans.iter().enumerate() {
            let mut item = if ply % 2 == 0 {
                format!("{}. {san}", ply / 2 + 1)
            } else {
                san.clone()
            };
            if flags.clocks
                && let Some(centis) = g.clocks.get(ply)
            {
                item.push_str(&format!(" {{ [%clk {}] }}", clock_text(*centis)));
            }
            movetext.push(item);
        }
    }
    movetext.push(result(g).into());
    text.push_str(&movetext.join(" "));
    text
}

/// `H:MM:SS` of a clock in centiseconds, rounded to the second.
fn clock_text(centis: i64) -> String {
    let seconds = (centis + 50) / 100;
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

/// The clock after each of `plies` plies (centiseconds) and the time the
/// moves took (ms), as [`StandIn::finish`] describes.
fn clock_history(plies: usize, limit: u32, increment: u32) -> (Vec<i64>, i64) {
    let mut left = [i64::from(limit) * 100; 2];
    let mut clocks = Vec::with_capacity(plies);
    let mut spent_ms = 0;
    for ply in 0..plies {
        let side = ply % 2;
        if ply < 2 {
            spent_ms += 1000;
        } else {
            let spent = 1 + (ply as i64) % 3;
            spent_ms += spent * 1000;
            left[side] = (left[side] - spent * 100).max(0) + i64::from(increment) * 100;
        }
        clocks.push(left[side]);
    }
    (clocks, spent_ms)
}

// ---------------------------------------------------------------------------
// Moves

/// Plays `moves` (SAN separated by spaces; move numbers skipped) from the
/// start position: the moves as lichess writes them (with `+`/`#`) and the
/// final position, or the first move that is not legal.
fn replay(moves: &str) -> Result<(Vec<String>, Board), String> {
    let mut board = Board::default();
    let mut sans = Vec::new();
    for token in moves.split_whitespace() {
        if token.ends_with('.')
            && token
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit())
        {
            continue;
        }
        let wanted = bare(token);
        let mut found: Option<(Move, String)> = None;
        board.generate_moves(|piece_moves| {
            for mv in piece_moves {
                let san = san_of(&board, mv);
                if bare(&san) == wanted {
                    found = Some((mv, san));
                    return true;
                }
            }
            false
        });
        let Some((mv, san)) = found else {
            return Err(format!(
                "{token} is not a legal move after {:?}",
                sans.join(" ")
            ));
        };
        board.play_unchecked(mv);
        sans.push(san);
    }
    Ok((sans, board))
}

/// A SAN without its check sign and annotations, castling with letters.
fn bare(san: &str) -> String {
    san.trim_end_matches(['+', '#', '!', '?'])
        .replace("0-0-0", "O-O-O")
        .replace("0-0", "O-O")
}

fn letter(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    }
}

/// The SAN of a legal move (cozy-chess writes castling as the king taking
/// its own rook).
fn san_of(board: &Board, mv: Move) -> String {
    let us = board.side_to_move();
    let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    let mut san = if piece == Piece::King && board.color_on(mv.to) == Some(us) {
        if mv.to.file() > mv.from.file() {
            "O-O".to_owned()
        } else {
            "O-O-O".to_owned()
        }
    } else {
        let capture = board.color_on(mv.to) == Some(!us)
            || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
        let mut s = String::new();
        if piece == Piece::Pawn {
            if capture {
                s.push_str(&mv.from.file().to_string());
            }
        } else {
            s.push(letter(piece));
            let mut rivals = Vec::new();
            board.generate_moves(|pm| {
                if pm.piece == piece && pm.from != mv.from && pm.to.has(mv.to) {
                    rivals.push(pm.from);
                }
                false
            });
            if !rivals.is_empty() {
                if rivals.iter().all(|sq| sq.file() != mv.from.file()) {
                    s.push_str(&mv.from.file().to_string());
                } else if rivals.iter().all(|sq| sq.rank() != mv.from.rank()) {
                    s.push_str(&mv.from.rank().to_string());
                } else {
                    s.push_str(&mv.from.to_string());
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&mv.to.to_string());
        if let Some(promotion) = mv.promotion {
            s.push('=');
            s.push(letter(promotion));
        }
        s
    };
    let mut after = board.clone();
    after.play_unchecked(mv);
    if !after.checkers().is_empty() {
        san.push(if after.status() == GameStatus::Won {
            '#'
        } else {
            '+'
        });
    }
    san
}

// ---------------------------------------------------------------------------
// Tests of the stand-in itself

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

fn real_now() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// A PKCE verifier and its S256 challenge.
fn pkce() -> (String, String) {
    let verifier = random_string(64);
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(Sha256::digest(verifier.as_bytes()));
    (verifier, challenge)
}

const REDIRECT: &str = "http://127.0.0.1:9/oauth/callback";

/// `GET /oauth` as the browser follows it: the redirect's query.
async fn consent(s: &StandIn, challenge: &str, state: &str) -> Vec<(String, String)> {
    let res = client()
        .get(format!("{}/oauth", s.url))
        .query(&[
            ("response_type", "code"),
            ("client_id", "league.test"),
            ("redirect_uri", REDIRECT),
            ("code_challenge_method", "S256"),
            ("code_challenge", challenge),
            ("scope", "challenge:write challenge:read"),
            ("state", state),
        ])
        .send()
        .await
        .expect("GET /oauth");
    assert_eq!(res.status(), 303);
    let location = res.headers()["location"]
        .to_str()
        .expect("Location")
        .to_owned();
    let query = location
        .strip_prefix(&format!("{REDIRECT}?"))
        .unwrap_or_else(|| panic!("redirect to {location}"));
    parse_pairs(query.as_bytes()).expect("redirect query")
}

async fn exchange(s: &StandIn, code: &str, verifier: &str) -> (u16, Value) {
    let res = client()
        .post(format!("{}/api/token", s.url))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("code_verifier", verifier),
            ("redirect_uri", REDIRECT),
            ("client_id", "league.test"),
        ])
        .send()
        .await
        .expect("POST /api/token");
    let status = res.status().as_u16();
    (status, res.json().await.expect("JSON"))
}

fn value_of<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    field(pairs, name)
}

#[tokio::test]
async fn pkce_exchange_accepts_the_right_verifier_only() {
    let s = StandIn::start().await;
    s.add_user("Alice");
    s.sign_in_as("Alice");

    let (verifier, challenge) = pkce();
    let redirect = consent(&s, &challenge, "st4te").await;
    assert_eq!(value_of(&redirect, "state"), Some("st4te"));
    let code = value_of(&redirect, "code").expect("a code").to_owned();
    assert!(code.starts_with("liu_"), "{code}");

    let (wrong, _) = pkce();
    let (status, body) = exchange(&s, &code, &wrong).await;
    assert_eq!(status, 400);
    assert_eq!(
        body,
        json!({"error": "invalid_grant",
               "error_description": "hash of code_verifier does not match code_challenge"})
    );
    // As on lichess, the failed attempt consumed the code.
    let (status, body) = exchange(&s, &code, &verifier).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error_description"],
        "authorization code invalid, expired or consumed"
    );

    let (verifier, challenge) = pkce();
    let redirect = consent(&s, &challenge, "again").await;
    let code = value_of(&redirect, "code").expect("a code").to_owned();
    let (status, body) = exchange(&s, &code, &verifier).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["token_type"], "Bearer");
    assert_eq!(body["expires_in"], 31_536_000);
    let token = body["access_token"].as_str().expect("token").to_owned();
    assert!(token.starts_with("lio_") && token.len() == 36, "{token}");

    let me = client()
        .get(format!("{}/api/account", s.url))
        .bearer_auth(&token)
        .send()
        .await
        .expect("account");
    assert_eq!(me.status(), 200);
    let me: Value = me.json().await.expect("JSON");
    assert_eq!(
        (me["id"].as_str(), me["username"].as_str()),
        (Some("alice"), Some("Alice"))
    );

    let tested: Value = client()
        .post(format!("{}/api/token/test", s.url))
        .body(format!("{token},lio_unknown"))
        .send()
        .await
        .expect("token test")
        .json()
        .await
        .expect("JSON");
    assert_eq!(tested[&token]["userId"], "alice");
    assert_eq!(tested[&token]["scopes"], "challenge:write,challenge:read");
    assert_eq!(tested["lio_unknown"], Value::Null);

    let revoked = client()
        .delete(format!("{}/api/token", s.url))
        .bearer_auth(&token)
        .send()
        .await
        .expect("revoke");
    assert_eq!(revoked.status(), 204);
    let me = client()
        .get(format!("{}/api/account", s.url))
        .bearer_auth(&token)
        .send()
        .await
        .expect("account");
    assert_eq!(me.status(), 401);
    assert_eq!(
        me.json::<Value>().await.expect("JSON"),
        json!({"error": "No such token"})
    );

    s.deny_next_consent();
    let (_, challenge) = pkce();
    let redirect = consent(&s, &challenge, "no").await;
    assert_eq!(value_of(&redirect, "error"), Some("access_denied"));
    assert_eq!(value_of(&redirect, "state"), Some("no"));
    assert_eq!(value_of(&redirect, "code"), None);

    let missing = client()
        .get(format!(
            "{}/oauth?response_type=code&redirect_uri={REDIRECT}",
            s.url
        ))
        .send()
        .await
        .expect("GET /oauth");
    assert_eq!(missing.status(), 400);
    assert_eq!(
        missing.text().await.expect("text"),
        "client_id required (choose any)"
    );
}

/// An organizer, players A..D with challenge:write tokens.
fn league_world(s: &StandIn) -> (String, Vec<String>) {
    s.add_user("Org");
    let organizer = s.issue_token("Org", &["challenge:bulk"]);
    let tokens = ["Anna", "Boris", "Clara", "Dmitri"]
        .iter()
        .map(|name| {
            s.add_user(name);
            s.issue_token(name, &["challenge:write"])
        })
        .collect();
    (organizer, tokens)
}

async fn post_bulk(s: &StandIn, organizer: &str, form: &[(&str, String)]) -> (u16, Value) {
    let res = client()
        .post(format!("{}/api/bulk-pairing", s.url))
        .bearer_auth(organizer)
        .form(form)
        .send()
        .await
        .expect("POST /api/bulk-pairing");
    let status = res.status().as_u16();
    (status, res.json().await.expect("JSON"))
}

fn bulk_form(players: String, extra: &[(&'static str, String)]) -> Vec<(&'static str, String)> {
    let mut form = vec![
        ("players", players),
        ("clock.limit", "300".to_owned()),
        ("clock.increment", "0".to_owned()),
        ("rated", "true".to_owned()),
    ];
    form.extend(extra.iter().cloned());
    form
}

#[tokio::test]
async fn a_bulk_with_a_bad_token_is_refused_whole_and_names_it() {
    let s = StandIn::start().await;
    let (organizer, t) = league_world(&s);
    s.revoke_token(&t[2]);

    let players = format!("{}:{},{}:{}", t[0], t[1], t[2], t[3]);
    let (status, body) = post_bulk(&s, &organizer, &bulk_form(players.clone(), &[])).await;
    assert_eq!(status, 400);
    assert_eq!(body, json!({"tokens": {t[2].clone(): "No such token"}}));
    assert!(s.bulks().is_empty() && s.games().is_empty());

    s.add_user("Eve");
    let read_only = s.issue_token("Eve", &["challenge:read"]);
    let players = format!("{}:{},{}:{}", t[0], t[1], read_only, t[3]);
    let (status, body) = post_bulk(&s, &organizer, &bulk_form(players, &[])).await;
    assert_eq!(status, 400);
    assert_eq!(body, json!({"tokens": {read_only: "Missing scope"}}));

    let twice = format!("{}:{},{}:{}", t[0], t[1], t[1], t[3]);
    let (status, body) = post_bulk(&s, &organizer, &bulk_form(twice, &[])).await;
    assert_eq!(status, 400);
    let unique = "Tokens must be unique for real-time games (not correspondence)";
    assert_eq!(body["global"], json!([unique]));
    assert_eq!(body["error"]["global"], json!([unique]));

    let second_of_anna = s.issue_token("Anna", &["challenge:write"]);
    let players = format!("{}:{},{}:{}", t[0], t[1], second_of_anna, t[3]);
    let (status, body) = post_bulk(&s, &organizer, &bulk_form(players, &[])).await;
    assert_eq!(status, 400);
    assert_eq!(body, json!({"duplicateUsers": ["anna"]}));

    let (status, body) = post_bulk(&s, &t[0], &bulk_form(format!("{}:{}", t[1], t[3]), &[])).await;
    assert_eq!(status, 403, "a player's token cannot pair: {body}");
    assert!(s.bulks().is_empty() && s.games().is_empty());

    let players = format!("{}:{}", t[0], t[1]);
    let (status, body) = post_bulk(&s, &organizer, &bulk_form(players, &[])).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["games"][0]["white"], "anna");
    assert_eq!(body["games"][0]["black"], "boris");
    assert_eq!(body["clock"], json!({"limit": 300, "increment": 0}));
    assert_eq!(body["pairedAt"], Value::Null);
    let bulks = s.bulks();
    assert_eq!(bulks.len(), 1);
    assert_eq!(
        bulks[0].pairs,
        vec![("Anna".to_owned(), "Boris".to_owned())]
    );
    assert_eq!(s.games().len(), 1, "no pairAt: the game exists at once");
}

#[tokio::test]
async fn a_bulk_exports_its_finished_games_as_ndjson_and_pgn() {
    let s = StandIn::start().await;
    let (organizer, t) = league_world(&s);
    let players = format!("{}:{},{}:{}", t[0], t[1], t[2], t[3]);
    let (status, bulk) = post_bulk(&s, &organizer, &bulk_form(players, &[])).await;
    assert_eq!(status, 200, "{bulk}");
    let mate = bulk["games"][0]["id"].as_str().expect("id").to_owned();
    let draw = bulk["games"][1]["id"].as_str().expect("id").to_owned();
    assert_eq!(
        s.games()
            .iter()
            .map(|g| g.status.as_str())
            .collect::<Vec<_>>(),
        ["created"; 2]
    );

    s.start_game(&mate);
    s.finish(&mate, "mate", Some("white"), "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7");
    s.finish(&draw, "draw", None, "d4 d5");

    let res = client()
        .post(format!(
            "{}/api/games/export/_ids?pgnInJson=true&clocks=true",
            s.url
        ))
        .header("Accept", "application/x-ndjson")
        .body(format!("{mate},{draw},nosuchid"))
        .send()
        .await
        .expect("export");
    assert_eq!(res.status(), 200);
    let text = res.text().await.expect("body");
    let games: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(games.len(), 2, "{text}");
    let won = games
        .iter()
        .find(|g| g["id"] == mate.as_str())
        .expect("the mate");
    assert_eq!(won["status"], "mate");
    assert_eq!(won["winner"], "white");
    assert_eq!(won["speed"], "blitz");
    assert_eq!(won["rated"], true);
    assert_eq!(
        won["players"]["white"]["user"],
        json!({"name": "Anna", "id": "anna"})
    );
    assert_eq!(won["moves"], "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
    assert_eq!(
        won["clocks"],
        json!([30000, 30000, 29700, 29900, 29500, 29600, 29400])
    );
    assert_eq!(
        won["lastMoveAt"].as_i64().expect("lastMoveAt")
            - won["createdAt"].as_i64().expect("createdAt"),
        12_000
    );
    let pgn = won["pgn"].as_str().expect("pgn");
    assert!(pgn.contains("[Event \"Rated Blitz game\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]\n"), "{pgn}");
    assert!(pgn.contains("[Termination \"Normal\"]\n"), "{pgn}");
    assert!(pgn.contains("[TimeControl \"300+0\"]\n"), "{pgn}");
    assert!(
        pgn.contains(
            "\n\n1. e4 { [%clk 0:05:00] } e5 { [%clk 0:05:00] } 2. Bc4 { [%clk 0:04:57] }"
        ),
        "{pgn}"
    );
    assert!(pgn.ends_with("4. Qxf7# { [%clk 0:04:54] } 1-0\n"), "{pgn}");

    let drawn = games
        .iter()
        .find(|g| g["id"] == draw.as_str())
        .expect("the draw");
    assert_eq!(drawn["status"], "draw");
    assert!(drawn.get("winner").is_none(), "{drawn}");
    assert!(
        drawn["pgn"]
            .as_str()
            .expect("pgn")
            .contains("[Result \"1/2-1/2\"]")
    );

    let pgns = client()
        .post(format!("{}/api/games/export/_ids", s.url))
        .body(format!("{mate},{draw}"))
        .send()
        .await
        .expect("export")
        .text()
        .await
        .expect("PGN");
    assert_eq!(pgns.matches("[Event ").count(), 2, "{pgns}");
    assert!(
        pgns.contains("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n\n"),
        "{pgns}"
    );
    assert!(pgns.contains("1. d4 d5 1/2-1/2\n\n\n"), "{pgns}");
}

#[tokio::test]
async fn fail_next_answers_the_status_then_lets_requests_through() {
    let s = StandIn::start().await;
    s.add_user("Anna");
    let token = s.issue_token("Anna", &[]);
    let account = || {
        client()
            .get(format!("{}/api/account", s.url))
            .bearer_auth(&token)
            .send()
    };

    s.fail_next(1, 429);
    let res = account().await.expect("account");
    assert_eq!(res.status(), 429);
    assert_eq!(
        res.json::<Value>().await.expect("JSON"),
        json!({"error": "Too many requests. Try again later."})
    );
    assert_eq!(account().await.expect("account").status(), 200);

    s.fail_next(2, 503);
    let res = account().await.expect("account");
    assert_eq!(res.status(), 503);
    assert_eq!(res.text().await.expect("text"), "Service Unavailable");
    assert_eq!(account().await.expect("account").status(), 503);
    assert_eq!(account().await.expect("account").status(), 200);

    let seen: Vec<u16> = s
        .requests()
        .into_iter()
        .map(|(_, _, status)| status)
        .collect();
    assert_eq!(seen, [429, 200, 503, 503, 200]);
    assert!(
        s.requests()
            .iter()
            .all(|(method, path, _)| method == "GET" && path == "/api/account")
    );
}

#[tokio::test]
async fn cancelling_before_pair_at_removes_the_games_and_after_does_nothing() {
    let s = StandIn::start().await;
    let (organizer, t) = league_world(&s);
    let hour = 3_600_000;
    let pair_at = real_now() + hour;
    let at = [("pairAt", pair_at.to_string())];
    let (_, early) = post_bulk(
        &s,
        &organizer,
        &bulk_form(format!("{}:{}", t[0], t[1]), &at),
    )
    .await;
    let (_, late) = post_bulk(
        &s,
        &organizer,
        &bulk_form(format!("{}:{}", t[2], t[3]), &at),
    )
    .await;
    let (early, late) = (
        early["id"].as_str().expect("id").to_owned(),
        late["id"].as_str().expect("id").to_owned(),
    );
    assert!(s.games().is_empty(), "pairAt has not come");

    let bulk = |id: &str| {
        client()
            .request(
                reqwest::Method::GET,
                format!("{}/api/bulk-pairing/{id}", s.url),
            )
            .bearer_auth(&organizer)
            .send()
    };
    let cancel = |id: &str| {
        client()
            .delete(format!("{}/api/bulk-pairing/{id}", s.url))
            .bearer_auth(&organizer)
            .send()
    };
    let res = cancel(&early).await.expect("cancel");
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.json::<Value>().await.expect("JSON"),
        json!({"ok": true})
    );
    assert_eq!(bulk(&early).await.expect("show").status(), 404);

    s.set_now_offset_ms(2 * hour);
    let games = s.games();
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].bulk_id, late);
    assert_eq!(games[0].created_at, pair_at);
    assert_eq!(
        (games[0].white.as_str(), games[0].black.as_str()),
        ("Clara", "Dmitri")
    );
    let shown: Value = bulk(&late).await.expect("show").json().await.expect("JSON");
    assert_eq!(shown["pairedAt"], pair_at);

    let res = client()
        .post(format!("{}/api/bulk-pairing/{late}/start-clocks", s.url))
        .bearer_auth(&organizer)
        .send()
        .await
        .expect("start clocks");
    assert_eq!(res.status(), 200);
    assert_eq!(s.games()[0].status, "started");

    let res = cancel(&late).await.expect("cancel");
    assert_eq!(res.status(), 200, "lichess answers ok and does nothing");
    assert_eq!(s.games().len(), 1);
    let views = s.bulks();
    assert_eq!(
        views
            .iter()
            .map(|b| (b.id.as_str(), b.cancelled))
            .collect::<Vec<_>>(),
        [(early.as_str(), true), (late.as_str(), false)]
    );

    let listed: Value = client()
        .get(format!("{}/api/bulk-pairing", s.url))
        .bearer_auth(&organizer)
        .send()
        .await
        .expect("list")
        .json()
        .await
        .expect("JSON");
    let ids: Vec<&str> = listed["bulks"]
        .as_array()
        .expect("bulks")
        .iter()
        .filter_map(|b| b["id"].as_str())
        .collect();
    assert_eq!(ids, [late.as_str()]);

    let res = cancel("nosuchid").await.expect("cancel");
    assert_eq!(res.status(), 404);
    assert_eq!(
        res.json::<Value>().await.expect("JSON"),
        json!({"error": "Not found"})
    );
}

#[tokio::test]
async fn the_user_export_filters_by_since_and_until() {
    let s = StandIn::start().await;
    let (organizer, t) = league_world(&s);
    let hour = 3_600_000;
    let start = real_now() + hour;
    let times = [start, start + hour, start + 2 * hour, start + 3 * hour];
    let mut ids = Vec::new();
    for at in times {
        let form = bulk_form(format!("{}:{}", t[0], t[1]), &[("pairAt", at.to_string())]);
        let (status, bulk) = post_bulk(&s, &organizer, &form).await;
        assert_eq!(status, 200, "{bulk}");
        ids.push(bulk["games"][0]["id"].as_str().expect("id").to_owned());
    }
    s.set_now_offset_ms(5 * hour);
    for id in &ids[..3] {
        s.finish(id, "resign", Some("black"), "f3 e5 g4");
    }
    // ids[3] is still being played.

    let export = |query: String| {
        let url = format!("{}/api/games/user/Boris?{query}", s.url);
        async move {
            let text = client()
                .get(url)
                .header("Accept", "application/x-ndjson")
                .send()
                .await
                .expect("user export")
                .text()
                .await
                .expect("body");
            text.lines()
                .map(|l| {
                    let game: Value = serde_json::from_str(l).expect("a JSON line");
                    game["id"].as_str().expect("id").to_owned()
                })
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(
        export(String::new()).await,
        [ids[2].as_str(), ids[1].as_str(), ids[0].as_str()]
    );
    assert_eq!(
        export(format!("since={}&until={}", times[1], times[2])).await,
        [ids[1].as_str()],
        "since counts, until does not"
    );
    assert_eq!(
        export(format!("since={}", times[1])).await,
        [ids[2].as_str(), ids[1].as_str()]
    );
    assert_eq!(
        export(format!("until={}", times[1])).await,
        [ids[0].as_str()]
    );
    assert_eq!(export("max=1".into()).await, [ids[2].as_str()]);
    assert_eq!(
        export("ongoing=true".into()).await,
        [
            ids[3].as_str(),
            ids[2].as_str(),
            ids[1].as_str(),
            ids[0].as_str()
        ]
    );

    let pgn = client()
        .get(format!("{}/api/games/user/anna?max=1", s.url))
        .send()
        .await
        .expect("user export")
        .text()
        .await
        .expect("PGN");
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("1. f3 e5 2. g4 0-1"), "{pgn}");

    let unknown = client()
        .get(format!("{}/api/games/user/nobody", s.url))
        .send()
        .await
        .expect("user export");
    assert_eq!(unknown.status(), 404);
    let bad = client()
        .get(format!("{}/api/games/user/anna?since=yesterday", s.url))
        .send()
        .await
        .expect("user export");
    assert_eq!(bad.status(), 400);
}

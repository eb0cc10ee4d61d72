//! Play on a game server (lichess): people link their accounts through
//! the server's own sign-in; an organizer connects a championship with an
//! account allowed to pair; then each published round's games are created
//! on the server with the regulation's clock, followed, and their results,
//! records and clocks recorded through the judges' own result path. The
//! judge keeps the last word: a result entered here is never overwritten,
//! and what the server cannot settle (an aborted game, a player who never
//! moved, a refusal) waits for the judge, with the round always playable
//! by hand.
//!
//! What the platform wants on the server follows from the state of play
//! ([`reconcile`]): every game of a published round with both players and
//! no result has one current game on the server for exactly those
//! players; a substitution, a forfeit or a judge's result before the start
//! withdraws it (cancelled on the server while it can be), a G-V23 replay
//! asks for a new one, and a second game of a pairing follows the first.
//! The [`worker`] does the talking to the server, outside transactions.

pub mod lichess;
pub mod seal;
pub mod worker;

use std::collections::HashMap;

use base64::Engine as _;
use chrono::NaiveDateTime;
use secrecy::{ExposeSecret, SecretString};
use sha2::{Digest, Sha256};

use super::PlayError;
use crate::access::{Judges, Organizers, RoleSet, holds};
use crate::db::game_servers::{self as gs, Status};
use crate::db::{DbConnection, QueryError, audit, write_transaction};
use crate::i18n::Message;
use crate::ids::{ChampionshipId, PersonId, RoundId, ServerAccountId, ServerGameId};
use crate::msg;
use crate::rules::game_server::LICHESS;

pub use seal::Sealer;

/// The scope a player grants: games may be created for him.
pub const PLAYER_SCOPE: &str = "challenge:write";
/// The scopes an organizer grants: games may be created between players.
pub const ORGANIZER_SCOPES: &str = "challenge:write challenge:bulk";

/// Why a link or a connection was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServerProblem {
    /// The sign-in is unknown, used, or another person's.
    StaleSignIn,
    /// The server's account is linked to another person here.
    TakenByAnother { nick: String },
    /// The account does not allow creating games between players.
    NoPairingRight,
    /// The championship's regulation names no such server.
    NotInRegulation,
    /// Not an organizer of the championship.
    NotOrganizer,
    /// The person has no account linked on the server.
    NotLinked,
}

pub type ServerError = PlayError<ServerProblem>;

/// Whether the person holds one of `R`'s roles in the championship (a
/// platform admin always does).
fn may<R: RoleSet>(
    conn: &mut DbConnection,
    person: PersonId,
    c: ChampionshipId,
) -> Result<bool, QueryError> {
    let admin = crate::db::people::by_id(conn, person)?.is_some_and(|p| p.is_admin);
    holds::<R>(conn, Some((person, admin)), c)
}

/// A sign-in begun: where to send the person.
pub struct SignInStart {
    pub url: String,
}

/// PKCE's S256 challenge of a verifier (RFC 7636).
pub fn challenge_of(verifier: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// Begins a person's sign-in at the server: a state and a verifier kept
/// (the verifier sealed), the address of the server's consent page.
/// With `championship`, the account is to create that championship's
/// games (the organizer's scopes are asked).
#[allow(clippy::too_many_arguments)]
pub fn begin_sign_in(
    conn: &mut DbConnection,
    sealer: &Sealer,
    client: &lichess::Lichess,
    person: PersonId,
    championship: Option<ChampionshipId>,
    redirect_uri: &str,
    now: NaiveDateTime,
) -> Result<SignInStart, ServerError> {
    if let Some(c) = championship
        && !may::<Organizers>(conn, person, c)?
    {
        return Err(PlayError::Refused(vec![ServerProblem::NotOrganizer]));
    }
    let state = crate::sessions::new_secret();
    let verifier = SecretString::from(crate::sessions::new_secret());
    let scopes = if championship.is_some() {
        ORGANIZER_SCOPES
    } else {
        PLAYER_SCOPE
    };
    write_transaction(conn, |tx| {
        gs::begin_sign_in(
            tx,
            &gs::SignIn {
                state: state.clone(),
                person_id: person,
                server: LICHESS.to_owned(),
                verifier_sealed: sealer.seal(&verifier),
                scopes: scopes.to_owned(),
                championship_id: championship,
                created_at: now,
            },
            now - chrono::TimeDelta::hours(1),
        )
    })?;
    Ok(SignInStart {
        url: client.authorize_url(
            redirect_uri,
            &challenge_of(verifier.expose_secret()),
            scopes,
            &state,
        ),
    })
}

/// A sign-in brought back by the server: the person's own, taken once.
pub struct SignInBack {
    pub verifier: SecretString,
    pub championship: Option<ChampionshipId>,
    pub scopes: String,
}

pub fn take_sign_in(
    conn: &mut DbConnection,
    sealer: &Sealer,
    person: PersonId,
    state: &str,
    now: NaiveDateTime,
) -> Result<SignInBack, ServerError> {
    let taken = write_transaction(conn, |tx| gs::take_sign_in(tx, state))?;
    let stale = || PlayError::Refused(vec![ServerProblem::StaleSignIn]);
    let s = taken.ok_or_else(stale)?;
    if s.person_id != person || s.created_at < now - chrono::TimeDelta::hours(1) {
        return Err(stale());
    }
    let verifier = sealer.open(&s.verifier_sealed).ok_or_else(stale)?;
    Ok(SignInBack {
        verifier,
        championship: s.championship_id,
        scopes: s.scopes,
    })
}

/// Links the account the server named to the person (sealing its token);
/// with a championship, connects it as the account that creates the
/// championship's games.
#[allow(clippy::too_many_arguments)]
pub fn link(
    conn: &mut DbConnection,
    sealer: &Sealer,
    person: PersonId,
    account: &lichess::AccountInfo,
    scopes: &str,
    token: &SecretString,
    championship: Option<ChampionshipId>,
    now: NaiveDateTime,
) -> Result<ServerAccountId, ServerError> {
    let key = account.username.to_lowercase();
    write_transaction(conn, |tx| {
        if let Some(other) = gs::account_by_username(tx, LICHESS, &key)?
            && other.person_id != person
        {
            let nick = crate::db::people::nicks_of(tx, &[other.person_id])?
                .into_iter()
                .next()
                .map(|(_, n)| n)
                .unwrap_or_default();
            return Err(PlayError::Refused(vec![ServerProblem::TakenByAnother {
                nick,
            }]));
        }
        let id = gs::link(
            tx,
            &gs::NewAccount {
                person_id: person,
                server: LICHESS,
                username: &account.username,
                username_key: &key,
                scopes,
                token_sealed: &sealer.seal(token),
                linked_at: now,
            },
        )?;
        audit::Entry::new("server.linked", format!("person:{person}"))
            .actor(person)
            .said(
                Message::new(msg!("audit-server-linked"))
                    .arg("server", LICHESS)
                    .arg("username", account.username.as_str()),
            )
            .record(tx)?;
        if let Some(c) = championship {
            connect_in(tx, c, id, person, scopes, now)?;
        }
        Ok(id)
    })
}

fn connect_in(
    tx: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    account: ServerAccountId,
    by: PersonId,
    scopes: &str,
    now: NaiveDateTime,
) -> Result<(), ServerError> {
    if !may::<Organizers>(tx, by, c)? {
        return Err(PlayError::Refused(vec![ServerProblem::NotOrganizer]));
    }
    if !scopes.split([' ', ',']).any(|s| s == "challenge:bulk") {
        return Err(PlayError::Refused(vec![ServerProblem::NoPairingRight]));
    }
    let championship = crate::db::championships::by_id(tx, c)?.ok_or(PlayError::NotFound)?;
    let reg = crate::regulation::in_force(tx, &championship, now)?.regulation;
    if reg.play.game_server.as_deref() != Some(LICHESS) {
        return Err(PlayError::Refused(vec![ServerProblem::NotInRegulation]));
    }
    gs::connect(
        tx,
        &gs::Connection {
            championship_id: c,
            account_id: account,
            connected_by: by,
            connected_at: now,
        },
    )?;
    audit::Entry::new("server.connected", format!("championship:{c}"))
        .actor(by)
        .championship(c)
        .said(Message::new(msg!("audit-server-connected")).arg("server", LICHESS))
        .record(tx)?;
    Ok(())
}

/// Disconnects a championship: no more games are created; those on the
/// server are still followed until the judge records them by hand.
pub fn disconnect(
    conn: &mut DbConnection,
    c: ChampionshipId,
    by: PersonId,
) -> Result<bool, ServerError> {
    write_transaction(conn, |tx| {
        if !may::<Organizers>(tx, by, c)? {
            return Err(PlayError::Forbidden);
        }
        let gone = gs::disconnect(tx, c)? > 0;
        if gone {
            audit::Entry::new("server.disconnected", format!("championship:{c}"))
                .actor(by)
                .championship(c)
                .said(Message::new(msg!("audit-server-disconnected")).arg("server", LICHESS))
                .record(tx)?;
        }
        Ok(gone)
    })
}

/// Unlinks the person's account: the token to revoke at the server (the
/// caller revokes it; it is gone here whatever the server answers).
pub fn unlink(
    conn: &mut DbConnection,
    sealer: &Sealer,
    person: PersonId,
) -> Result<Option<SecretString>, ServerError> {
    write_transaction(conn, |tx| {
        let Some(account) = gs::account_of(tx, person, LICHESS)? else {
            return Err(PlayError::Refused(vec![ServerProblem::NotLinked]));
        };
        gs::unlink(tx, account.id)?;
        audit::Entry::new("server.unlinked", format!("person:{person}"))
            .actor(person)
            .said(
                Message::new(msg!("audit-server-unlinked"))
                    .arg("server", LICHESS)
                    .arg("username", account.username.as_str()),
            )
            .record(tx)?;
        Ok(sealer.open(&account.token_sealed))
    })
}

/// A judge asks for a refused or aborted game to be created again.
pub fn try_again(
    conn: &mut DbConnection,
    c: ChampionshipId,
    round: RoundId,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<usize, ServerError> {
    write_transaction(conn, |tx| {
        if !may::<Judges>(tx, by, c)? && !may::<Organizers>(tx, by, c)? {
            return Err(PlayError::Forbidden);
        }
        let rows = current(gs::of_round(tx, round)?);
        let again: Vec<ServerGameId> = rows
            .values()
            .filter(|r| r.championship_id == c && r.status() == Status::Refused)
            .map(|r| r.id)
            .collect();
        gs::requeue(tx, &again, &[Status::Refused], 0, None, now)?;
        Ok(again.len())
    })
}

/// The current row of each game: its last one not withdrawn.
pub fn current(rows: Vec<gs::ServerGame>) -> HashMap<crate::ids::GameId, gs::ServerGame> {
    rows.into_iter()
        .filter(|r| r.status() != Status::Withdrawn)
        .map(|r| (r.game_id, r))
        .collect()
}

/// One change [`reconcile`] makes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Change {
    /// A game to create for these players (white, black) at this time.
    Queue {
        game: crate::ids::GameId,
        white: PersonId,
        black: PersonId,
        pair_at: NaiveDateTime,
    },
    /// A row no longer wanted, moved to `Withdrawn` or `Cancelling`.
    Withdraw(ServerGameId, Status),
    /// A refused row whose player linked again since.
    Requeue(ServerGameId),
}

/// Brings what is wanted on the server in line with the state of play of
/// every connected championship (see the module's comment); returns how
/// many changes it made. Database work only: the worker then talks to
/// the server. A championship with nothing to change costs reads only;
/// the changes are planned again inside the write transaction.
pub fn reconcile(
    conn: &mut DbConnection,
    lead: chrono::TimeDelta,
    now: NaiveDateTime,
) -> Result<usize, QueryError> {
    let mut changed = 0;
    for connection in gs::connections(conn)? {
        let c = connection.championship_id;
        if plan(conn, c, lead, now)?.is_empty() {
            continue;
        }
        changed += write_transaction(conn, |tx| {
            let changes = plan(tx, c, lead, now)?;
            for change in &changes {
                match *change {
                    Change::Queue {
                        game,
                        white,
                        black,
                        pair_at,
                    } => {
                        gs::insert(
                            tx,
                            &gs::NewServerGame {
                                game_id: game,
                                championship_id: c,
                                server: LICHESS,
                                status: Status::Queued.code(),
                                white_id: white,
                                black_id: black,
                                pair_at,
                                created_at: now,
                                updated_at: now,
                            },
                        )?;
                    }
                    Change::Withdraw(id, to) => {
                        gs::set_status(tx, &[id], to, None, now)?;
                    }
                    Change::Requeue(id) => {
                        gs::requeue(tx, &[id], &[Status::Refused], 0, None, now)?;
                    }
                }
            }
            Ok::<_, QueryError>(changes.len())
        })?;
    }
    Ok(changed)
}

/// What the championship's state of play asks to change on the server.
fn plan(
    conn: &mut DbConnection,
    c: ChampionshipId,
    lead: chrono::TimeDelta,
    now: NaiveDateTime,
) -> Result<Vec<Change>, QueryError> {
    let games = gs::games_in_play(conn, c)?;
    if games.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<_> = games.iter().map(|g| g.game_id).collect();
    let rows = current(gs::of_games(conn, &ids)?);
    let decided = |r: &str| r != "pending" && r != "replay";
    let by_board: HashMap<(crate::ids::MatchId, i32, i32), &str> = games
        .iter()
        .map(|g| ((g.match_id, g.board, g.game_no), g.result.as_str()))
        .collect();
    // Relinked accounts lift the refusals their old tokens caused.
    let refused_people: Vec<PersonId> = rows
        .values()
        .filter(|r| r.status() == Status::Refused)
        .filter_map(|r| r.problem_person)
        .collect();
    let linked: HashMap<PersonId, NaiveDateTime> = gs::accounts_of(conn, LICHESS, &refused_people)?
        .into_iter()
        .map(|a| (a.person_id, a.linked_at))
        .collect();
    let mut changes = Vec::new();
    for g in &games {
        let previous_done = g.game_no == 1
            || by_board
                .get(&(g.match_id, g.board, g.game_no - 1))
                .is_none_or(|r| decided(r));
        let players = match (g.home_player_id, g.away_player_id) {
            (Some(h), Some(a)) if !decided(&g.result) && previous_done => {
                Some(if g.home_white { (h, a) } else { (a, h) })
            }
            _ => None,
        };
        let queue_at = |(white, black): (PersonId, PersonId), pair_at| Change::Queue {
            game: g.game_id,
            white,
            black,
            pair_at,
        };
        let queue = |p| queue_at(p, g.starts_at.max(now + lead));
        match (players, rows.get(&g.game_id)) {
            (Some(p), None) => changes.push(queue(p)),
            (Some(p), Some(r)) if (r.white_id, r.black_id) != p => {
                // A substitution: the old game goes, a new one comes, at
                // the round's start while that is still ahead.
                changes.extend(withdrawal(r, now));
                changes.push(if r.pair_at > now {
                    queue_at(p, r.pair_at)
                } else {
                    queue(p)
                });
            }
            (Some(p), Some(r))
                if g.result == "replay"
                    && !r.status().is_open()
                    && r.status() != Status::Refused =>
            {
                // G-V23: the judge annulled the game; it is played again.
                changes.push(queue(p));
            }
            (Some(_), Some(r))
                if r.status() == Status::Refused
                    && r.problem_person
                        .and_then(|p| linked.get(&p))
                        .is_some_and(|at| *at > r.updated_at) =>
            {
                changes.push(Change::Requeue(r.id));
            }
            (None, Some(r)) => changes.extend(withdrawal(r, now)),
            _ => {}
        }
    }
    Ok(changes)
}

/// How a game no longer wanted is withdrawn: cancelled on the server
/// while its game does not exist there yet; a game already created stays
/// there and is followed (its result will not overwrite the one here).
fn withdrawal(r: &gs::ServerGame, now: NaiveDateTime) -> Option<Change> {
    let to = match r.status() {
        Status::Queued | Status::Refused => Status::Withdrawn,
        Status::Scheduled if r.pair_at > now => Status::Cancelling,
        _ => return None,
    };
    Some(Change::Withdraw(r.id, to))
}

/// Whom to look up on lichess for a round's games played without the
/// platform creating them: the home player of each game still without a
/// result (his linked username, else his nick, the name he plays under),
/// and the window since the round was published (else the tournament's
/// start). `None` when the round is not the tournament's.
pub fn round_to_find(
    conn: &mut DbConnection,
    t: crate::ids::TournamentId,
    round: RoundId,
) -> Result<Option<(Vec<String>, NaiveDateTime)>, QueryError> {
    use crate::db::{people, rounds as r, tournaments};
    let Some(found) = r::by_id(conn, round)?.filter(|x| x.tournament_id == t) else {
        return Ok(None);
    };
    let Some(tournament) = tournaments::by_id(conn, t)? else {
        return Ok(None);
    };
    let matches: Vec<_> = r::matches_of_rounds(conn, &[round])?
        .into_iter()
        .map(|m| m.id)
        .collect();
    let homes: Vec<PersonId> = r::games_of_matches(conn, &matches)?
        .into_iter()
        .filter(|g| matches!(g.result.as_str(), "pending" | "replay"))
        .filter(|g| g.away_player_id.is_some())
        .filter_map(|g| g.home_player_id)
        .collect();
    let linked: HashMap<PersonId, String> = gs::accounts_of(conn, LICHESS, &homes)?
        .into_iter()
        .map(|a| (a.person_id, a.username))
        .collect();
    let mut names: Vec<String> = people::nicks_of(conn, &homes)?
        .into_iter()
        .map(|(p, nick)| linked.get(&p).cloned().unwrap_or(nick))
        .collect();
    names.sort();
    names.dedup();
    Ok(Some((
        names,
        found.published_at.unwrap_or(tournament.starts_at),
    )))
}

//! The games pages' read models: a game's page (its record, its result as
//! the record says, the viewer's powers), and a judge's PGN import (the
//! form, the preview or what the confirmed file did), each loaded in one
//! place.

use crate::TournamentContext;
use crate::access::Judges;
use crate::db::games::{self as dg, GameRecord, ImportLine};
use crate::db::rounds::{self as dr, Game, Match, Round};
use crate::db::{DbConnection, QueryError};
use crate::games::{GamesError, ImportOutcome, Preview};
use crate::ids::{ChampionshipId, GameId, PersonId, PgnImportId, RoundId, TournamentId};
use crate::rounds::Loaded;
use crate::rules::score::BoardResult;

/// A game's page, for one viewer.
pub struct GamePage {
    /// The tournament as its pages show it: a draft round as its
    /// publication will leave it (G-A7).
    pub tournament: Loaded,
    /// Whether the viewer holds a judge's role (or is an administrator):
    /// the games of rounds not yet published are the judges' alone.
    pub is_judge: bool,
    pub round: Round,
    pub game_match: Match,
    pub game: Game,
    /// The kept record (PGN, clocks, final position), if any.
    pub record: Option<GameRecord>,
    /// The result the kept record's PGN gives, when it gives one.
    pub pgn_result: Option<BoardResult>,
}

impl GamePage {
    /// Game `g` of tournament `t` of `c` as `viewer` (person, is an
    /// administrator) sees it; `None` when there is no such game there or
    /// its round is not published and the viewer is no judge.
    pub fn load(
        conn: &mut DbConnection,
        viewer: Option<(PersonId, bool)>,
        (c, t, g): (ChampionshipId, TournamentId, GameId),
    ) -> Result<Option<GamePage>, QueryError> {
        let Some(tournament) = crate::play_state::load_as_shown(conn, t, crate::db::utc_now())?
            .filter(|l| l.ctx.championship.id == c)
        else {
            return Ok(None);
        };
        let is_judge = crate::access::holds::<Judges>(conn, viewer, c)?;
        let record = dg::of_game(conn, g)?;
        let pgn_result = match (&record, dr::game_by_id(conn, g)?) {
            (Some(_), Some(game)) => crate::play_state::pgn_result(conn, &game)?,
            _ => None,
        };
        let Some(game) = tournament.games.iter().find(|x| x.id == g).cloned() else {
            return Ok(None);
        };
        let Some(game_match) = tournament
            .matches
            .iter()
            .find(|m| m.id == game.match_id)
            .cloned()
        else {
            return Ok(None);
        };
        let Some(round) = tournament
            .rounds
            .iter()
            .find(|r| r.id == game_match.round_id)
            .filter(|r| is_judge || r.is_published())
            .cloned()
        else {
            return Ok(None);
        };
        Ok(Some(GamePage {
            tournament,
            is_judge,
            round,
            game_match,
            game,
            record,
            pgn_result,
        }))
    }
}

/// A judge's PGN import form: the tournament, its rounds and earlier files.
pub struct ImportForm {
    pub context: TournamentContext,
    /// The tournament's rounds by number.
    pub rounds: Vec<Round>,
    /// The tournament's earlier files, newest first.
    pub past: Vec<ImportLine>,
}

impl ImportForm {
    /// The form of tournament `t`; `None` when there is none.
    pub fn load(
        conn: &mut DbConnection,
        t: TournamentId,
    ) -> Result<Option<ImportForm>, QueryError> {
        let Some(context) = TournamentContext::load(conn, t)? else {
            return Ok(None);
        };
        Ok(Some(ImportForm {
            context,
            rounds: dr::of_tournament(conn, t)?,
            past: dg::imports_of(conn, t)?,
        }))
    }
}

/// A judge's PGN import of a tournament: the preview of what each game of
/// the file will do, or, once confirmed, what it did.
pub struct ImportPage {
    pub context: TournamentContext,
    pub preview: Preview,
    /// What the confirmed file did, as stored then; `None` before.
    pub outcome: Option<ImportOutcome>,
    /// The tournament's rounds (id, number).
    pub rounds: Vec<(RoundId, i32)>,
}

impl ImportPage {
    /// Import `id` of tournament `t`; `Ok(None)` when there is no such
    /// tournament, the preview's refusal (no such import there) as is.
    pub fn load(
        conn: &mut DbConnection,
        t: TournamentId,
        id: PgnImportId,
    ) -> Result<Option<ImportPage>, GamesError> {
        let Some(context) = TournamentContext::load(conn, t)? else {
            return Ok(None);
        };
        let preview = crate::games::preview(conn, t, id)?;
        let rounds = dr::of_tournament(conn, t)?
            .iter()
            .map(|r| (r.id, r.number))
            .collect();
        Ok(Some(ImportPage {
            context,
            outcome: crate::games::outcome_of(&preview.import),
            preview,
            rounds,
        }))
    }
}

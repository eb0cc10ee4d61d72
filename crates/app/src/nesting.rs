//! Which child belongs to which parent in a URL: a tournament to its
//! championship, an entry, round, match or game to its tournament. A path
//! whose ids exist but do not nest names nothing, for pages and API alike
//! (`state::Nested` asks this before a handler runs).

use crate::db::QueryError as DieselError;

use crate::db::{self, DbConnection};
use crate::paths::segments::{
    ChampionshipPath, EntryPath, GamePath, MatchPath, RoundNoPath, RoundPath, TournamentPath,
};

/// A path whose segments can be checked to nest.
pub trait Nesting {
    /// Whether each id of the path belongs to the one before it.
    fn nests(&self, conn: &mut DbConnection) -> Result<bool, DieselError>;
}

impl Nesting for ChampionshipPath {
    fn nests(&self, conn: &mut DbConnection) -> Result<bool, DieselError> {
        Ok(db::championships::by_id(conn, self.championship_id)?.is_some())
    }
}

impl Nesting for TournamentPath {
    fn nests(&self, conn: &mut DbConnection) -> Result<bool, DieselError> {
        db::tournaments::in_championship(conn, self.championship_id, self.tournament_id)
    }
}

impl Nesting for RoundNoPath {
    fn nests(&self, conn: &mut DbConnection) -> Result<bool, DieselError> {
        db::tournaments::in_championship(conn, self.championship_id, self.tournament_id)
    }
}

impl Nesting for EntryPath {
    fn nests(&self, conn: &mut DbConnection) -> Result<bool, DieselError> {
        db::entries::in_tournament(
            conn,
            self.championship_id,
            self.tournament_id,
            self.entry_id,
        )
    }
}

impl Nesting for RoundPath {
    fn nests(&self, conn: &mut DbConnection) -> Result<bool, DieselError> {
        db::rounds::round_in_tournament(
            conn,
            self.championship_id,
            self.tournament_id,
            self.round_id,
        )
    }
}

impl Nesting for MatchPath {
    fn nests(&self, conn: &mut DbConnection) -> Result<bool, DieselError> {
        db::rounds::match_in_tournament(
            conn,
            self.championship_id,
            self.tournament_id,
            self.match_id,
        )
    }
}

impl Nesting for GamePath {
    fn nests(&self, conn: &mut DbConnection) -> Result<bool, DieselError> {
        db::rounds::game_in_tournament(conn, self.championship_id, self.tournament_id, self.game_id)
    }
}

//! The last step of reading: what the records said, settled into a
//! tournament — the team list, the boards and games per pairing, the
//! rounds, the value of a pairing-allocated bye.

use super::cross_check::cross_check;
use super::from_801::From801;
use super::header::system_from_text;
use super::{Reader, common};
use crate::score::{ByeKind, ByeValue, Colour, HalfPoints, ScoreKind, Scoring};
use crate::tournament::{Pairing, PairingSystem, Round, Tournament, alternating_colours};
use crate::trf::{Expected, TrfDocument, TrfError, err};

/// The shape of a match: the board colours, boards and games per pairing.
struct Layout {
    /// The colour of the team listed first on each board (352).
    colours: Vec<Colour>,
    /// Boards per match.
    boards: usize,
    /// Games per pairing.
    gpp: usize,
    /// Whether the 001 lines hold any game.
    has_games: bool,
}

impl Reader {
    /// The document the records make up, the tournament checked for
    /// consistency.
    pub(super) fn finish(mut self) -> Result<TrfDocument, TrfError> {
        if let Some(list) = self.tie_breaks_212.take().filter(|l| !l.is_empty()) {
            self.tie_breaks = list;
        }
        let system = self
            .system
            .or_else(|| self.system_text.as_deref().and_then(system_from_text))
            .unwrap_or(PairingSystem::Swiss);
        self.settle_teams();
        let layout = self.layout()?;
        let rounds = self.rounds(&layout)?;
        let pab = self.bye_value(&layout, &rounds);
        let mut tournament = Tournament {
            name: self.name,
            start_date: self.start_date,
            end_date: self.end_date,
            system,
            boards: u8::try_from(layout.boards).unwrap_or(u8::MAX),
            games_per_pairing: u8::try_from(layout.gpp).unwrap_or(1),
            colours: layout.colours,
            scoring: Scoring {
                primary: self.primary.unwrap_or(ScoreKind::MatchPoints),
                match_points: self.match_points,
                pab,
            },
            declared_rounds: self.declared_rounds,
            initial_colour: self.initial_colour,
            teams: self.teams,
            players: self.players,
            rounds,
        };
        tournament.canonicalize();
        tournament
            .validate()
            .map_err(|e| err(0, Expected::Consistent, e.to_string()))?;
        Ok(TrfDocument {
            tournament,
            tie_breaks: self.tie_breaks,
            unknown: self.unknown,
        })
    }

    /// A file in TRF16 style lists its teams in 013 records, numbered in
    /// order; 310 records, when present, are the team list (and the 013
    /// lines unknown records).
    fn settle_teams(&mut self) {
        if self.teams.is_empty() {
            self.teams = std::mem::take(&mut self.teams_013);
        } else {
            self.unknown.extend(std::mem::take(&mut self.records_013));
            self.unknown.sort_by_key(|u| u.line);
        }
    }

    /// Boards and games per pairing: an 801 block holds boards × games per
    /// pairing results, one or two games.
    fn layout(&mut self) -> Result<Layout, TrfError> {
        let has_games = self.player_games.iter().any(common::PlayerGames::has_games);
        // Results per round of one 801 block: boards × games per pairing.
        let slots = self
            .r801
            .iter()
            .flat_map(|r| r.blocks.iter())
            .map(|b| b.results.len())
            .next();
        let gpp_guess = self.games_per_pairing_guess(has_games);
        let colours = self.board_colours(slots, has_games, gpp_guess);
        let boards = colours.len();
        let slots = slots.unwrap_or(boards * gpp_guess);
        if boards == 0 || slots % boards != 0 || !(1..=2).contains(&(slots / boards)) {
            let at = self.r801.first().map(|r| r.line).unwrap_or(0);
            return Err(err(
                at,
                Expected::BoardsAndGames { boards },
                format!("{slots} results"),
            ));
        }
        Ok(Layout {
            colours,
            boards,
            gpp: slots / boards,
            has_games,
        })
    }

    /// Games per pairing where 801 does not tell: what 092 says (platform
    /// files), else whether the player lines' columns come in pairs of equal
    /// pairings (or 142 rounds fill twice the columns).
    fn games_per_pairing_guess(&self, has_games: bool) -> usize {
        let declared_gpp = self
            .system_text
            .as_deref()
            .and_then(|s| s.split(',').nth(1))
            .and_then(|s| s.split_whitespace().next())
            .and_then(|n| n.parse::<usize>().ok());
        declared_gpp.unwrap_or_else(|| {
            let columns = self
                .player_games
                .iter()
                .map(|p| p.cells.len())
                .max()
                .unwrap_or(0);
            let paired = has_games
                && (common::columns_pair_up(&self.player_games, &self.teams)
                    || self
                        .declared_rounds
                        .is_some_and(|n| usize::from(n) * 2 == columns));
            if paired { 2 } else { 1 }
        })
    }

    /// Boards: from 352, else from the first 801 block, else from the 300
    /// line-ups (one entry per board) and the most games a team plays in one
    /// round of the player lines. Never from the players a team lists
    /// (Swiss-Manager lists reserves in 013 and on 001 lines).
    fn board_colours(
        &mut self,
        slots: Option<usize>,
        has_games: bool,
        gpp_guess: usize,
    ) -> Vec<Colour> {
        match (self.colours.take(), slots) {
            (Some(c), _) => c,
            (None, Some(n)) => alternating_colours(u8::try_from(n).unwrap_or(u8::MAX)),
            (None, None) => {
                let from_300 = self.lineups.values().map(|l| l.players.len()).max();
                let from_games = has_games.then(|| {
                    common::boards_per_match(
                        &self.player_games,
                        &self.teams,
                        &self.forfeits,
                        gpp_guess,
                    )
                });
                let n = from_300.max(from_games).unwrap_or(1).max(1);
                alternating_colours(u8::try_from(n).unwrap_or(u8::MAX))
            }
        }
    }

    /// The rounds: from the 801 records when there are some, else from the
    /// player lines.
    fn rounds(&self, layout: &Layout) -> Result<Vec<Round>, TrfError> {
        let home_colour = layout.colours.first().copied().unwrap_or(Colour::White);
        let rounds_801 = if self.r801.is_empty() {
            None
        } else {
            let slots = layout.boards * layout.gpp;
            Some(From801::new(self, slots, layout.boards, home_colour).rounds()?)
        };
        let ctx = common::Context {
            teams: &self.teams,
            boards: layout.boards,
            games_per_pairing: layout.gpp,
            colours: &layout.colours,
            lineups: &self.lineups,
            pab: &self.pab,
            byes: &self.byes,
            forfeits: &self.forfeits,
        };
        Ok(match rounds_801 {
            // Both layouts: the 801 records are the platform's full account
            // (pending games too); the player lines must agree with them.
            Some(rounds) if layout.has_games => {
                let from_players = common::rounds(&self.player_games, &ctx)?;
                cross_check(
                    &rounds,
                    &from_players,
                    &self.r801,
                    &self.player_games,
                    &self.teams,
                    layout.gpp,
                )?;
                rounds
            }
            Some(rounds) => rounds,
            None => common::rounds(&self.player_games, &ctx)?,
        })
    }

    /// The value of a pairing-allocated bye when it is not the default: 320
    /// gives it; a drawn match is the default.
    fn bye_value(&self, layout: &Layout, rounds: &[Round]) -> Option<ByeValue> {
        let match_points = self.match_points;
        let games_per_match = i32::try_from(layout.boards * layout.gpp).unwrap_or(i32::MAX / 2);
        // Without 320 a PAB written only as `U` cells on the players' lines
        // (Swiss-Manager, TRF16) is worth what those cells give: TRF-2026 scores
        // each `U` as that player's pairing-allocated bye, a win (1 point) by
        // C.04.1 (c) unless 162 says otherwise, so the team has one game point
        // per board (per game). The match points are those of a drawn match: the
        // C.04.6 default value of a PAB, and what the FIDE tie-break checker
        // gives a PAB that 320 does not value (its "P" match result scores as a
        // draw, its game points as a PAB game on every board). C.07's board
        // tie-breaks (a bye is a win on every board) read the same.
        let u_cells_pab = self.pab_value.is_none()
            && self
                .player_games
                .iter()
                .any(|p| p.cells.iter().flatten().any(|c| c.result == 'U'))
            && rounds.iter().any(|r| {
                r.pairings.iter().any(|p| {
                    matches!(
                        p,
                        Pairing::Bye {
                            kind: ByeKind::PairingAllocated,
                            ..
                        }
                    )
                })
            });
        self.pab_value
            .or(u_cells_pab.then(|| (match_points.draw, HalfPoints::ONE.times(games_per_match))))
            .filter(|&(mp, gp)| {
                mp != match_points.draw || gp != HalfPoints::HALF.times(games_per_match)
            })
            .map(|(match_points, game_points)| ByeValue {
                match_points,
                game_points,
            })
    }
}

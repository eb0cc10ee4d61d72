//! The rounds of the 801 records (with 330, 320, 240 and 300).
//!
//! A match comes from whichever of the two teams' 801 lines carry it: when
//! both do, the other line must name the same opponent, have the other
//! colour and mirror every board result, and the home team's line builds
//! the match; a match on one line only is accepted, its other side's
//! players then come from 300 alone. A team paired twice in one round is an
//! error naming the line that paired it first.

use std::collections::BTreeMap;

use super::Reader;
use super::side::{Side, board_result};
use super::team_rounds::{Block801, Record801};
use crate::score::{ByeKind, Colour};
use crate::tournament::{Game, Match, Pairing, PlayerId, Round, Team, TeamId};
use crate::trf::{Expected, TrfError, err};

/// The 801 records with what they are read with: the other records, the
/// boards and the result slots of a block.
pub(super) struct From801<'a> {
    reader: &'a Reader,
    /// Results of one block: boards × games per pairing.
    slots: usize,
    /// Boards per match.
    boards: usize,
    /// The home team's colour on board 1.
    home_colour: Colour,
    /// Team → its 801 record.
    by_team: BTreeMap<u16, &'a Record801>,
    /// Team → the team, for roster positions.
    roster_of: BTreeMap<u16, &'a Team>,
}

/// The pairings of one round being built, with the line that paired each
/// team.
struct RoundPairings {
    /// 0-based index of the round (of its block in the 801 records).
    index: usize,
    /// Round number.
    number: u16,
    pairings: Vec<Pairing>,
    /// Team → the line that paired it in this round.
    placed: BTreeMap<u16, usize>,
}

impl RoundPairings {
    /// Notes that `line` pairs `team`: an error when a line did already.
    fn place(&mut self, team: u16, line: usize, found: String) -> Result<(), TrfError> {
        match self.placed.insert(team, line) {
            Some(first) => Err(err(
                line,
                Expected::OnePairing {
                    round: self.number,
                    team,
                    line: first,
                },
                found,
            )),
            None => Ok(()),
        }
    }

    /// Whether the round has a bye of `team`.
    fn has_bye(&self, team: u16) -> bool {
        self.pairings
            .iter()
            .any(|p| matches!(p, Pairing::Bye { team: t, .. } if t.0 == team))
    }

    /// Whether the round pairs `team`, in a match or with a bye.
    fn pairs(&self, team: u16) -> bool {
        self.pairings.iter().any(|p| match p {
            Pairing::Bye { team: t, .. } => t.0 == team,
            Pairing::Match(m) => m.home.0 == team || m.away.0 == team,
        })
    }
}

impl<'a> From801<'a> {
    pub(super) fn new(
        reader: &'a Reader,
        slots: usize,
        boards: usize,
        home_colour: Colour,
    ) -> From801<'a> {
        From801 {
            reader,
            slots,
            boards,
            home_colour,
            by_team: reader.r801.iter().map(|r| (r.team, r)).collect(),
            roster_of: reader.teams.iter().map(|t| (t.id.0, t)).collect(),
        }
    }

    /// Every round, as many as the longest 801 record holds.
    pub(super) fn rounds(&self) -> Result<Vec<Round>, TrfError> {
        let n_rounds = self
            .reader
            .r801
            .iter()
            .map(|r| r.blocks.len())
            .max()
            .unwrap_or(0);
        let mut rounds = Vec::with_capacity(n_rounds);
        for ri in 0..n_rounds {
            rounds.push(self.round(ri)?);
        }
        Ok(rounds)
    }

    /// Round `ri` (0-based): the blocks of every 801 line, then the byes of
    /// 320 and 240 that no line shows.
    fn round(&self, ri: usize) -> Result<Round, TrfError> {
        let mut round = RoundPairings {
            index: ri,
            number: u16::try_from(ri + 1).unwrap_or(u16::MAX),
            pairings: vec![],
            placed: BTreeMap::new(),
        };
        for rec in &self.reader.r801 {
            let Some(b) = rec.blocks.get(ri) else {
                continue;
            };
            self.block(&mut round, rec, b)?;
        }
        self.add_pab(&mut round);
        self.add_listed_byes(&mut round);
        Ok(Round {
            number: round.number,
            pairings: round.pairings,
        })
    }

    /// One team's block of the round: `slots` results, then a bye or a
    /// match.
    fn block(
        &self,
        round: &mut RoundPairings,
        rec: &Record801,
        b: &Block801,
    ) -> Result<(), TrfError> {
        if b.results.len() != self.slots {
            return Err(err(
                rec.line,
                Expected::ResultCount {
                    count: self.slots,
                    round: round.number,
                },
                b.results.iter().collect::<String>(),
            ));
        }
        match b.opponent {
            None => self.bye(round, rec, b),
            Some(opp) => self.played(round, rec, b, opp),
        }
    }

    /// A block without an opponent: a bye by its letter (`Z` only when 240
    /// lists it; else the team was not paired).
    fn bye(
        &self,
        round: &mut RoundPairings,
        rec: &Record801,
        b: &Block801,
    ) -> Result<(), TrfError> {
        let letter = b.results.first().copied().unwrap_or('Z');
        let kind = match letter {
            'U' => Some(ByeKind::PairingAllocated),
            'F' => Some(ByeKind::FullPoint),
            'H' => Some(ByeKind::HalfPoint),
            'Z' => self.reader.byes.get(&(round.number, rec.team)).copied(),
            c => {
                return Err(err(
                    rec.line,
                    Expected::ByeLetters {
                        round: round.number,
                    },
                    c.to_string(),
                ));
            }
        };
        if let Some(kind) = kind {
            round.place(rec.team, rec.line, b.results.iter().collect())?;
            round.pairings.push(Pairing::Bye {
                team: TeamId(rec.team),
                kind,
            });
        }
        Ok(())
    }

    /// A block against opponent `opp`: the match, unless the opponent's
    /// line holds it too and is the home team's.
    fn played(
        &self,
        round: &mut RoundPairings,
        rec: &Record801,
        b: &Block801,
        opp: u16,
    ) -> Result<(), TrfError> {
        // Either team's line may carry the match; when both do, they
        // must agree, and the home team's line builds it.
        let mine = Side::read(rec, b, self.slots, round.number)?;
        let partner = match self
            .by_team
            .get(&opp)
            .and_then(|p| p.blocks.get(round.index).map(|pb| (*p, pb)))
        {
            Some((prec, pb)) => {
                Some(mine.check_partner(prec, pb, self.slots, self.boards, round.number)?)
            }
            None => None,
        };
        let is_home = mine.colour == self.home_colour;
        if partner.is_some() && !is_home {
            return Ok(());
        }
        let (home, away) = if is_home {
            (Some(mine), partner)
        } else {
            (partner, Some(mine))
        };
        let (home_team, away_team) = if is_home {
            (rec.team, opp)
        } else {
            (opp, rec.team)
        };
        round.place(home_team, rec.line, format!("opponent {opp}"))?;
        round.place(away_team, rec.line, format!("opponent {opp}"))?;
        let forfeit = self
            .reader
            .forfeits
            .get(&(round.number, home_team, away_team))
            .copied();
        let games = if forfeit.is_none() {
            self.games(
                round.number,
                (home_team, away_team),
                (home.as_ref(), away.as_ref()),
            )
        } else {
            vec![]
        };
        round.pairings.push(Pairing::Match(Match {
            home: TeamId(home_team),
            away: TeamId(away_team),
            games,
            forfeit,
        }));
        Ok(())
    }

    /// The games of a match not forfeited as a whole: the results of the
    /// home and away sides, the players from their roster positions.
    fn games(
        &self,
        round_no: u16,
        (home_team, away_team): (u16, u16),
        (home, away): (Option<&Side<'_>>, Option<&Side<'_>>),
    ) -> Vec<Game> {
        let mut games = vec![];
        for idx in 0..self.slots {
            let result = board_result(
                home.and_then(|s| s.results.get(idx)).copied(),
                away.and_then(|s| s.results.get(idx)).copied(),
            );
            let board = u8::try_from(idx % self.boards + 1).unwrap_or(u8::MAX);
            let game = u8::try_from(idx / self.boards + 1).unwrap_or(u8::MAX);
            let mut home_player = home.and_then(|s| s.player(idx, &self.roster_of));
            let mut away_player = away.and_then(|s| s.player(idx, &self.roster_of));
            // 300 records name game 1's line-up explicitly; they fill
            // boards whose player is not a roster position in 801.
            if game == 1 {
                for (team, slot) in [(home_team, &mut home_player), (away_team, &mut away_player)] {
                    if slot.is_none()
                        && let Some(lineup) = self.reader.lineups.get(&(round_no, team))
                        && let Some(&id) = lineup.players.get(usize::from(board - 1))
                    {
                        *slot = (id != 0).then_some(PlayerId(id));
                    }
                }
            }
            games.push(Game {
                board,
                game,
                result,
                home_player,
                away_player,
            });
        }
        games
    }

    /// 320 names a PAB team the 801 lines may not show (e.g. no 801 at all).
    fn add_pab(&self, round: &mut RoundPairings) {
        if let Some(&team) = self.reader.pab.get(round.index)
            && team != 0
            && !round.has_bye(team)
        {
            round.pairings.push(Pairing::Bye {
                team: TeamId(team),
                kind: ByeKind::PairingAllocated,
            });
        }
    }

    /// So does 240 for the other byes.
    fn add_listed_byes(&self, round: &mut RoundPairings) {
        let mut listed: Vec<(u16, ByeKind)> = self
            .reader
            .byes
            .iter()
            .filter(|(k, _)| k.0 == round.number)
            .map(|(k, v)| (k.1, *v))
            .collect();
        listed.sort_by_key(|(t, _)| *t);
        for (team, kind) in listed {
            if !round.pairs(team) {
                round.pairings.push(Pairing::Bye {
                    team: TeamId(team),
                    kind,
                });
            }
        }
    }
}

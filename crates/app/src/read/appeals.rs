//! The appeals pages' read models (G-D4, G-Zh1, G-Zh2, G-E3, G-G7): a
//! championship's cases and fair-play reports, and one case with its
//! committee, votes, proposed remedies and the remedy form's lists, each
//! loaded in one place for one viewer.

use std::collections::HashMap;

use crate::access::Judges;
use crate::appeals::{accused_of, committee, seat_of};
use crate::db::appeals::{self as a, Appeal, Remedy, Report};
use crate::db::championships::Championship;
use crate::db::penalties::Penalty;
use crate::db::tournaments::Tournament;
use crate::db::{self, DbConnection, QueryError};
use crate::ids::{AppealId, ChampionshipId, EntryId, PersonId, TeamId};
use crate::penalties::nick_of;
use crate::rounds::Loaded;
use crate::rules::appeals::{Ground, Member, Tally, tally};

fn team_name(conn: &mut DbConnection, id: Option<TeamId>) -> Result<Option<String>, QueryError> {
    Ok(match id {
        Some(id) => db::teams::by_id(conn, id)?.map(|t| t.name),
        None => None,
    })
}

/// The accused player's nick of a fair-play case (G-G7), when `shown`.
fn accused(
    conn: &mut DbConnection,
    case: &Appeal,
    shown: bool,
) -> Result<Option<String>, QueryError> {
    if !shown {
        return Ok(None);
    }
    Ok(accused_of(conn, case)?.map(|(_, nick)| nick))
}

/// A case of the championship's list.
pub struct CaseLine {
    pub case: Appeal,
    pub tournament_number: i32,
    /// The filing team, else the concerned one.
    pub team: Option<String>,
    /// Who decided, when the case is decided (G-D2: published).
    pub decided_by: Option<String>,
    /// The accused of a fair-play case: pending, named to the judges only.
    pub accused: Option<String>,
}

impl CaseLine {
    /// The case with its names; the accused named when `accused_shown`.
    fn of(
        conn: &mut DbConnection,
        case: Appeal,
        tournaments: &[Tournament],
        accused_shown: bool,
    ) -> Result<CaseLine, QueryError> {
        let team = team_name(conn, case.filing_team_id.or(case.concerned_team_id))?;
        let decided_by = match case.decided_at {
            Some(_) => Some(nick_of(conn, case.decided_by)?.unwrap_or_default()),
            None => None,
        };
        Ok(CaseLine {
            tournament_number: tournaments
                .iter()
                .find(|t| t.id == case.tournament_id)
                .map_or(0, |t| t.number),
            team,
            decided_by,
            accused: accused(conn, &case, accused_shown)?,
            case,
        })
    }
}

/// The decided cases of a championship, for its page, the season page
/// and the feeds (G-D2: a decision is published, the accused with it).
pub struct Decisions {
    /// The championship's zone (UTC when there is no such championship).
    pub tz: chrono_tz::Tz,
    pub cases: Vec<CaseLine>,
}

impl Decisions {
    pub fn load(conn: &mut DbConnection, c: ChampionshipId) -> Result<Decisions, QueryError> {
        let tz = db::championships::by_id(conn, c)?.map_or(chrono_tz::UTC, |x| x.tz());
        let tournaments = db::tournaments::of_championship(conn, c)?;
        let mut cases = Vec::new();
        for case in a::of_championship(conn, c)? {
            if case.decided_at.is_some() {
                cases.push(CaseLine::of(conn, case, &tournaments, true)?);
            }
        }
        Ok(Decisions { tz, cases })
    }
}

/// A judges' fair-play report (G-E3), for the judges alone.
pub struct ReportLine {
    pub report: Report,
    pub person: String,
    pub tournament_number: i32,
    pub recorded_by: String,
    /// The case the report went to (G-G7): a report goes before the
    /// committee once.
    pub case: Option<AppealId>,
}

/// The championship's cases page, for one viewer.
pub struct CasesPage {
    pub championship: Championship,
    /// Whether the viewer holds a judge's role (or is an administrator).
    pub is_judge: bool,
    /// The championship's players, suggested to the judges for a report.
    pub players: Vec<String>,
    pub cases: Vec<CaseLine>,
    /// Empty unless the viewer is a judge.
    pub reports: Vec<ReportLine>,
    /// The championship's tournaments, for the report form.
    pub tournaments: Vec<Tournament>,
}

impl CasesPage {
    /// The cases of `c` as `viewer` (person, is an administrator) sees
    /// them; `None` when there is no such championship.
    pub fn load(
        conn: &mut DbConnection,
        viewer: Option<(PersonId, bool)>,
        c: ChampionshipId,
    ) -> Result<Option<CasesPage>, QueryError> {
        let is_judge = crate::access::holds::<Judges>(conn, viewer, c)?;
        let Some(championship) = db::championships::by_id(conn, c)? else {
            return Ok(None);
        };
        let players = if is_judge {
            db::teams::member_nicks_of_championship(conn, c)?
        } else {
            Vec::new()
        };
        let tournaments = db::tournaments::of_championship(conn, c)?;
        let mut cases = Vec::new();
        for case in a::of_championship(conn, c)? {
            let shown = is_judge || !case.is_open();
            cases.push(CaseLine::of(conn, case, &tournaments, shown)?);
        }
        let reports = if is_judge {
            Self::reports(conn, c, &tournaments)?
        } else {
            Vec::new()
        };
        Ok(Some(CasesPage {
            championship,
            is_judge,
            players,
            cases,
            reports,
            tournaments,
        }))
    }

    fn reports(
        conn: &mut DbConnection,
        c: ChampionshipId,
        tournaments: &[Tournament],
    ) -> Result<Vec<ReportLine>, QueryError> {
        let referred: HashMap<_, _> = a::cases_of_reports(conn, c)?.into_iter().collect();
        let mut out = Vec::new();
        for r in a::reports_of(conn, c)? {
            out.push(ReportLine {
                person: nick_of(conn, Some(r.person_id))?.unwrap_or_default(),
                tournament_number: tournaments
                    .iter()
                    .find(|t| t.id == r.tournament_id)
                    .map_or(0, |t| t.number),
                recorded_by: nick_of(conn, r.recorded_by)?.unwrap_or_default(),
                case: referred.get(&r.id).copied(),
                report: r,
            });
        }
        Ok(out)
    }
}

/// A seat of the case's committee (G-Zh1) and its vote.
pub struct SeatLine {
    pub member: Member<PersonId>,
    pub nick: String,
    /// `Some(true)`: uphold; `None`: not voted yet.
    pub vote: Option<bool>,
}

/// A remedy proposed for an upheld case, with the names it shows.
pub struct RemedyLine {
    pub remedy: Remedy,
    /// The team a penalty is imposed on (`impose`).
    pub team: Option<String>,
    /// The entry whose final place is set (`standing`).
    pub entry: Option<String>,
    /// The penalty revoked (`revoke`), in force or not, with its team's
    /// name.
    pub penalty: Option<(Penalty, String)>,
}

/// Everything the case page shows, for one viewer.
pub struct CasePage {
    pub championship: Championship,
    /// The grounds of the judges' report the case was made of (G-E3).
    pub grounds: Vec<Ground>,
    pub case: Appeal,
    pub tournament_number: i32,
    pub filing_team: Option<String>,
    /// The concerned team's name, empty when none.
    pub concerned_team: String,
    /// The filer's nick.
    pub filer: String,
    /// The accused of a fair-play case, unless the case is sealed.
    pub accused: Option<String>,
    pub committee: Vec<SeatLine>,
    /// The votes' weights summed (G-Zh2).
    pub tally: Tally,
    /// The case's tournament (rounds, games, players, regulation), for the
    /// remedy form's lists.
    pub tournament: Loaded,
    /// The tournament's teams, in entry order.
    pub teams: Vec<(TeamId, String)>,
    /// The championship's penalties in force, with their team's name.
    pub penalties: Vec<(Penalty, String)>,
    /// The tournament's players, sorted, for the supervised game.
    pub players: Vec<String>,
    pub remedies: Vec<RemedyLine>,
    /// The player of a supervised game demanded (G-E3).
    pub supervised: Option<String>,
    /// The tournament's placed entries (id, name).
    pub placed: Vec<(EntryId, String)>,
    /// A committee member who has not voted, on an open case.
    pub can_vote: bool,
    pub is_judge: bool,
    /// A pending case read by somebody who is neither a party nor on its
    /// committee nor a judge: its text, proposals and votes are not shown.
    pub sealed: bool,
}

impl CasePage {
    /// Case `id` of `c` as `viewer` (person, is an administrator) sees it;
    /// `None` when there is no such case in that championship.
    pub fn load(
        conn: &mut DbConnection,
        viewer: Option<(PersonId, bool)>,
        c: ChampionshipId,
        id: AppealId,
    ) -> Result<Option<CasePage>, QueryError> {
        let is_judge = crate::access::holds::<Judges>(conn, viewer, c)?;
        let Some(championship) = db::championships::by_id(conn, c)? else {
            return Ok(None);
        };
        let Some(case) = a::by_id(conn, id)?.filter(|x| x.championship_id == c) else {
            return Ok(None);
        };
        let tournament_number =
            db::tournaments::by_id(conn, case.tournament_id)?.map_or(0, |t| t.number);
        let filing_team = team_name(conn, case.filing_team_id)?;
        let concerned_team = team_name(conn, case.concerned_team_id)?.unwrap_or_default();
        let members = committee(conn, &case)?;
        let votes = a::votes_of(conn, id)?;
        let seats = Self::seats(conn, &members, &votes)?;
        let tally = tally(
            &members,
            &votes.iter().map(|(p, u, _)| (*p, *u)).collect::<Vec<_>>(),
        );
        let Some(tournament) = Loaded::load(conn, case.tournament_id)? else {
            return Ok(None);
        };
        let (teams, penalties, players) = Self::form_lists(conn, c, &tournament)?;
        let remedies = Self::remedies(conn, id)?;
        let supervised = match case.supervised_person_id {
            Some(p) => Some(nick_of(conn, Some(p))?.unwrap_or_default()),
            None => None,
        };
        let filer = nick_of(conn, case.filed_by)?.unwrap_or_default();
        let placed = Self::placed(conn, &case)?;
        let person = viewer.map(|(p, _)| p);
        let can_vote = case.is_open()
            && person.is_some_and(|v| {
                seat_of(&members, v).is_some() && !votes.iter().any(|(p, _, _)| *p == v)
            });
        let party = Self::is_party(conn, &case, &members, person)?;
        let sealed = case.is_open() && !(is_judge || party);
        // G-E3 → G-G7: a case made of a judges' report shows its grounds.
        let grounds = match case.report_id {
            Some(r) => a::report_by_id(conn, r)?
                .map(|r| r.grounds.split(',').filter_map(Ground::parse).collect())
                .unwrap_or_default(),
            None => Vec::new(),
        };
        Ok(Some(CasePage {
            grounds,
            championship,
            tournament_number,
            filing_team,
            concerned_team,
            filer,
            accused: accused(conn, &case, !sealed)?,
            committee: seats,
            tally,
            tournament,
            teams,
            penalties,
            players,
            remedies,
            supervised,
            placed,
            can_vote,
            is_judge,
            sealed,
            case,
        }))
    }

    /// The committee's seats with their nicks and votes.
    fn seats(
        conn: &mut DbConnection,
        members: &[Member<PersonId>],
        votes: &[(PersonId, bool, i32)],
    ) -> Result<Vec<SeatLine>, QueryError> {
        let mut seats = Vec::new();
        for m in members.iter().copied() {
            seats.push(SeatLine {
                nick: nick_of(conn, Some(m.person))?.unwrap_or_default(),
                vote: votes.iter().find(|(p, _, _)| *p == m.person).map(|v| v.1),
                member: m,
            });
        }
        Ok(seats)
    }

    /// The remedy form's lists: the tournament's teams, the championship's
    /// penalties in force, the tournament's players.
    #[allow(clippy::type_complexity)]
    fn form_lists(
        conn: &mut DbConnection,
        c: ChampionshipId,
        l: &Loaded,
    ) -> Result<(Vec<(TeamId, String)>, Vec<(Penalty, String)>, Vec<String>), QueryError> {
        let mut teams: Vec<(TeamId, String)> = Vec::new();
        for e in &l.entries {
            if !teams.iter().any(|(t, _)| *t == e.team_id) {
                let name = team_name(conn, Some(e.team_id))?.unwrap_or_default();
                teams.push((e.team_id, name));
            }
        }
        let mut penalties = Vec::new();
        for p in db::penalties::of_championship(conn, c)?
            .into_iter()
            .filter(Penalty::in_force)
        {
            let team = team_name(conn, Some(p.team_id))?.unwrap_or_default();
            penalties.push((p, team));
        }
        let mut players: Vec<String> = l
            .players
            .iter()
            .filter_map(|p| l.nicks.get(&p.person_id).cloned())
            .collect();
        players.sort();
        players.dedup();
        Ok((teams, penalties, players))
    }

    fn remedies(conn: &mut DbConnection, id: AppealId) -> Result<Vec<RemedyLine>, QueryError> {
        let mut out = Vec::new();
        for remedy in a::remedies_of(conn, id)? {
            let team = match remedy.kind.as_str() {
                "impose" => team_name(conn, remedy.team_id)?,
                _ => None,
            };
            let entry = match (remedy.kind.as_str(), remedy.entry_id) {
                ("standing", Some(e)) => db::entries::by_id(conn, e)?.map(|x| x.name),
                _ => None,
            };
            let penalty = match remedy.penalty_id {
                Some(p) => match db::penalties::by_id(conn, p)? {
                    Some(p) => {
                        let team = team_name(conn, Some(p.team_id))?.unwrap_or_default();
                        Some((p, team))
                    }
                    None => None,
                },
                None => None,
            };
            out.push(RemedyLine {
                remedy,
                team,
                entry,
                penalty,
            });
        }
        Ok(out)
    }

    fn placed(
        conn: &mut DbConnection,
        case: &Appeal,
    ) -> Result<Vec<(EntryId, String)>, QueryError> {
        let entries = db::entries::of_tournament(conn, case.tournament_id)?;
        Ok(db::results::places_of_tournament(conn, case.tournament_id)?
            .into_iter()
            .filter_map(|(e, _, _)| {
                entries
                    .iter()
                    .find(|x| x.id == e)
                    .map(|x| (x.id, x.name.clone()))
            })
            .collect())
    }

    /// Until the decision the case is the parties' and the committee's:
    /// the filer, the captains of the two teams, the committee.
    fn is_party(
        conn: &mut DbConnection,
        case: &Appeal,
        members: &[Member<PersonId>],
        person: Option<PersonId>,
    ) -> Result<bool, QueryError> {
        let Some(v) = person else {
            return Ok(false);
        };
        let mut party = case.filed_by == Some(v) || seat_of(members, v).is_some();
        for team in [case.filing_team_id, case.concerned_team_id]
            .into_iter()
            .flatten()
        {
            party |= db::teams::by_id(conn, team)?.is_some_and(|t| t.captain_id == v);
        }
        Ok(party)
    }
}

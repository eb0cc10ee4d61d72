//! The notices of today's use cases, one function per event; each call
//! enqueues in the caller's transaction (see [`super::enqueue`]).

use crate::db::QueryResult;
use crate::i18n::cite::Cite;
use chrono::NaiveDateTime;

use super::{Kind, Notice, enqueue, enqueue_all};
use crate::db::roles::Role;
use crate::db::{DbConnection, championships, entries, rounds, teams::Team};
use crate::i18n::Message;
use crate::ids::{ChampionshipId, EntryId, OutboxId, PersonId, RoundId, TournamentId};
use crate::msg;
use crate::rules::eligibility::Unfit;
use crate::rules::ranking::Place;
use crate::rules::score::HalfPoints;

fn championship_name(conn: &mut DbConnection, id: ChampionshipId) -> QueryResult<String> {
    Ok(championships::by_id(conn, id)?
        .map(|c| c.name)
        .unwrap_or_default())
}

/// G-B12: the judges approved or rejected a team; its captain is told.
pub fn team_decided(
    conn: &mut crate::db::WriteTx<'_>,
    team: &Team,
    approved: bool,
    reason: Option<&str>,
    now: NaiveDateTime,
) -> QueryResult<Option<OutboxId>> {
    let championship = championship_name(conn, team.championship_id)?;
    let (subject, body) = if approved {
        (
            msg!("mail-team-approved-subject"),
            msg!("mail-team-approved-body"),
        )
    } else {
        (
            msg!("mail-team-rejected-subject"),
            msg!("mail-team-rejected-body"),
        )
    };
    let notice = Notice::new(
        Kind::TeamDecided,
        team.captain_id,
        Message::new(subject).arg("team", &team.name),
        Message::new(body)
            .arg("team", &team.name)
            .arg("championship", championship)
            .arg("reason", reason.unwrap_or_default()),
    )
    .championship(team.championship_id)
    .link(crate::paths::team(team.id));
    enqueue(conn, &notice, now)
}

/// Where an accepted entry stands in the field (G-B13, R-1.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryStanding {
    /// It plays (as things stand).
    Plays,
    /// G-B13: a double that sits out, the number of entries being odd.
    SitsOut,
    /// on the waiting list, at this position.
    Waiting(usize),
}

/// The field is drawn (G-B13, R-1.9): an entry that does not play — the
/// double that sits out with an odd count, the entries left on the waiting
/// list — is told, as its captain would otherwise expect a pairing.
pub fn left_out_of_the_draw(
    conn: &mut crate::db::WriteTx<'_>,
    championship: ChampionshipId,
    tournament_no: i32,
    left_out: &[(&crate::db::entries::Entry, EntryStanding)],
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let name = championship_name(conn, championship)?;
    let notices: Vec<Notice> = left_out
        .iter()
        .map(|(entry, standing)| {
            let body = match standing {
                EntryStanding::Waiting(position) => {
                    Message::new(msg!("mail-draw-waiting-body")).arg("position", position)
                }
                _ => Message::new(msg!("mail-draw-sits-out-body")),
            };
            Notice::new(
                Kind::PlayStatus,
                entry.submitted_by,
                Message::new(msg!("mail-draw-left-out-subject"))
                    .arg("entry", &entry.name)
                    .arg("tournament", tournament_no),
                body.arg("entry", &entry.name)
                    .arg("tournament", tournament_no)
                    .arg("championship", &name),
            )
            .championship(championship)
            .link(crate::paths::tournament(championship, entry.tournament_id))
        })
        .collect();
    enqueue_all(conn, &notices, now)
}

/// An entry was accepted (new or replaced line); its submitter, the
/// team's captain for the tournament (G-B13), is told. Refused entries are
/// not stored, and the refusal is shown on the page at once: no notice.
#[allow(clippy::too_many_arguments)]
pub fn entry_accepted(
    conn: &mut crate::db::WriteTx<'_>,
    championship: ChampionshipId,
    tournament_no: i32,
    entry: &str,
    line: &str,
    waiting: EntryStanding,
    to: PersonId,
    now: NaiveDateTime,
) -> QueryResult<Option<OutboxId>> {
    let name = championship_name(conn, championship)?;
    let body = match waiting {
        EntryStanding::Waiting(position) => {
            Message::new(msg!("mail-entry-waiting-body")).arg("position", position)
        }
        EntryStanding::SitsOut => Message::new(msg!("mail-entry-sits-out-body")),
        EntryStanding::Plays => Message::new(msg!("mail-entry-body")),
    };
    let notice = Notice::new(
        Kind::EntryDecided,
        to,
        Message::new(msg!("mail-entry-subject"))
            .arg("entry", entry)
            .arg("tournament", tournament_no),
        body.arg("entry", entry)
            .arg("tournament", tournament_no)
            .arg("championship", name)
            .arg("line", line),
    )
    .championship(championship)
    .link(crate::paths::championship(championship));
    enqueue(conn, &notice, now)
}

/// A round's pairings were published: the captain of every entry in it
/// (the entry's submitter) learns the table and the opponent.
pub fn pairings_published(
    conn: &mut crate::db::WriteTx<'_>,
    championship: ChampionshipId,
    tournament_no: i32,
    round: RoundId,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let Some(r) = rounds::by_id(conn, round)? else {
        return Ok(0);
    };
    let name = championship_name(conn, championship)?;
    let mut notices = Vec::new();
    let matches = rounds::matches_of_rounds(conn, &[round])?;
    // The tournament's entries, read once for every match and player.
    let entries: std::collections::HashMap<EntryId, crate::db::entries::Entry> =
        entries::of_tournament(conn, r.tournament_id)?
            .into_iter()
            .map(|x| (x.id, x))
            .collect();
    let players = player_notices(
        conn,
        championship,
        (&r, tournament_no),
        &matches,
        &entries,
        &name,
    )?;
    for m in matches {
        let home = entries.get(&m.home_entry_id);
        let away = m.away_entry_id.and_then(|id| entries.get(&id));
        let sides = [(home, away), (away, home)];
        let retired = |x: Option<&crate::db::entries::Entry>| {
            x.is_some_and(|x| x.status() == crate::db::entries::EntryStatus::Retired)
        };
        for (me, them) in sides {
            let Some(me) = me else { continue };
            // A withdrawn entry (G-G2) plays no more: nothing to tell it,
            // and its opponent wins the match without a game.
            if retired(Some(me)) {
                continue;
            }
            let body = match them {
                Some(them) if retired(Some(them)) => Message::new(msg!("mail-pairings-forfeit"))
                    .arg("table", m.table_no)
                    .arg("opponent", &them.name),
                Some(them) => Message::new(msg!("mail-pairings-body"))
                    .arg("table", m.table_no)
                    .arg("opponent", &them.name),
                None => Message::new(msg!("mail-pairings-bye")),
            };
            let body = body
                .arg("round", r.number)
                .arg("entry", &me.name)
                .arg("championship", &name);
            // A captain of several entries (G-B13's doubles) gets one mail:
            // the first entry's pairing, then the others'.
            if let Some(n) = notices
                .iter_mut()
                .find(|n: &&mut Notice| n.to == me.submitted_by)
            {
                n.details.push(body);
                continue;
            }
            notices.push(
                Notice::new(
                    Kind::PairingsPublished,
                    me.submitted_by,
                    Message::new(msg!("mail-pairings-subject"))
                        .arg("round", r.number)
                        .arg("tournament", tournament_no),
                    body,
                )
                .championship(championship)
                .link(format!(
                    "{}#round-{}",
                    crate::paths::tournament(championship, r.tournament_id),
                    r.number
                )),
            );
        }
    }
    notices.extend(players);
    enqueue_all(conn, &notices, now)
}

/// One player's pairing in a round: their entry, table and board, the
/// opponent and the opponent's entry, a line per game (the colour).
struct PlayerLine {
    entry: String,
    table: i32,
    board: i32,
    opponent: String,
    team: String,
    games: Vec<Message>,
}

/// Every player lined up in a published round who is not the captain of
/// their entry (the captain has the entry's mail): their board, table,
/// opponent, colour in each game and the tournament's start in the
/// championship's zone. One mail per player.
fn player_notices(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    (r, tournament_no): (&rounds::Round, i32),
    matches: &[rounds::Match],
    entries: &std::collections::HashMap<EntryId, crate::db::entries::Entry>,
    championship_name: &str,
) -> QueryResult<Vec<Notice>> {
    use std::collections::BTreeMap;
    let Some(c) = championships::by_id(conn, championship)? else {
        return Ok(Vec::new());
    };
    let starts = crate::db::tournaments::by_id(conn, r.tournament_id)?.map(|t| t.starts_at);
    let ids: Vec<_> = matches.iter().map(|m| m.id).collect();
    let games = rounds::games_of_matches(conn, &ids)?;
    let people: Vec<PersonId> = games
        .iter()
        .flat_map(|g| [g.home_player_id, g.away_player_id])
        .flatten()
        .collect();
    let nicks: std::collections::HashMap<PersonId, String> =
        crate::db::people::nicks_of(conn, &people)?
            .into_iter()
            .collect();
    let nick = |p: Option<PersonId>| p.and_then(|p| nicks.get(&p).cloned()).unwrap_or_default();
    let mut lines: BTreeMap<PersonId, PlayerLine> = BTreeMap::new();
    for m in matches {
        let (Some(home), Some(away)) = (
            entries.get(&m.home_entry_id),
            m.away_entry_id.and_then(|a| entries.get(&a)),
        ) else {
            continue;
        };
        let playing =
            |x: &crate::db::entries::Entry| x.status() != crate::db::entries::EntryStatus::Retired;
        if !playing(home) || !playing(away) {
            continue;
        }
        for g in games.iter().filter(|g| g.match_id == m.id) {
            let sides = [
                (g.home_player_id, home, g.away_player_id, away, g.home_white),
                (
                    g.away_player_id,
                    away,
                    g.home_player_id,
                    home,
                    !g.home_white,
                ),
            ];
            for (player, mine, opponent, theirs, white) in sides {
                let Some(player) = player else { continue };
                if player == mine.submitted_by {
                    continue;
                }
                let line = lines.entry(player).or_insert_with(|| PlayerLine {
                    entry: mine.name.clone(),
                    table: m.table_no,
                    board: g.board,
                    opponent: nick(opponent),
                    team: theirs.name.clone(),
                    games: Vec::new(),
                });
                line.games.push(
                    Message::new(if white {
                        msg!("mail-player-game-white")
                    } else {
                        msg!("mail-player-game-black")
                    })
                    .arg("game", g.game_no),
                );
            }
        }
    }
    Ok(lines
        .into_iter()
        .map(|(to, line)| {
            let PlayerLine {
                entry,
                table,
                board,
                opponent,
                team,
                games,
            } = line;
            let mut body = Message::new(msg!("mail-player-pairing-body"))
                .arg("round", r.number)
                .arg("championship", championship_name)
                .arg("entry", &entry)
                .arg("table", table)
                .arg("board", board)
                .arg("opponent", &opponent)
                .arg("team", &team);
            body = match starts {
                Some(at) => body.list(
                    "starts",
                    [crate::zones::moment_message(&c.time_zone, at)],
                    "",
                ),
                None => body.arg("starts", "—"),
            };
            Notice::new(
                Kind::PairingsPublished,
                to,
                Message::new(msg!("mail-player-pairing-subject"))
                    .arg("round", r.number)
                    .arg("tournament", tournament_no)
                    .arg("board", board),
                body,
            )
            .details(games)
            .championship(championship)
            .link(format!(
                "{}#round-{}",
                crate::paths::tournament(championship, r.tournament_id),
                r.number
            ))
        })
        .collect())
}

/// Organizers reviewed a document: whoever uploaded it is told.
/// An organizer decided on documents of a person (or uploaded by them):
/// one mail names every file decided at once, and links to the page a new
/// one is uploaded on.
#[allow(clippy::too_many_arguments)]
pub fn document_reviewed(
    conn: &mut crate::db::WriteTx<'_>,
    championship: ChampionshipId,
    to: PersonId,
    files: &[String],
    approved: bool,
    note: Option<&str>,
    upload_page: &str,
    now: NaiveDateTime,
) -> QueryResult<Option<OutboxId>> {
    let name = championship_name(conn, championship)?;
    let (subject, body) = if approved {
        (
            msg!("mail-document-approved-subject"),
            msg!("mail-document-approved-body"),
        )
    } else {
        (
            msg!("mail-document-rejected-subject"),
            msg!("mail-document-rejected-body"),
        )
    };
    let several = if files.len() > 1 { "yes" } else { "no" };
    let file = files.join(", ");
    let notice = Notice::new(
        Kind::DocumentReviewed,
        to,
        Message::new(subject)
            .arg("several", several)
            .arg("count", files.len())
            .arg("file", &file),
        Message::new(body)
            .arg("several", several)
            .arg("file", &file)
            .arg("championship", name)
            .arg("note", note.unwrap_or_default()),
    )
    .championship(championship)
    // The page the document was uploaded on, where a new one goes.
    .link(upload_page.to_owned());
    enqueue(conn, &notice, now)
}

/// G-E2: a change of the regulation was published; every captain of the
/// championship's approved teams is told what changed and from when it
/// applies (a notice that cannot be turned off), and so is every current
/// member of those teams who asked for it on their account page. Each person once, in their language.
pub fn rule_change(
    conn: &mut crate::db::WriteTx<'_>,
    championship: ChampionshipId,
    version: i32,
    summary: &str,
    applies_from: NaiveDateTime,
    first_tournament: Option<i32>,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let Some(c) = championships::by_id(conn, championship)? else {
        return Ok(0);
    };
    let body = match first_tournament {
        Some(n) => Message::new(msg!("mail-rule-change-body")).arg("tournament", n),
        None => Message::new(msg!("mail-rule-change-body-later")),
    }
    .arg("championship", &c.name)
    .arg("summary", summary)
    .list(
        "at",
        [crate::zones::moment_message(&c.time_zone, applies_from)],
        "",
    );
    let mut captains: Vec<PersonId> = crate::db::teams::of_championship(
        conn,
        championship,
        &[crate::db::teams::TeamStatus::Approved],
    )?
    .iter()
    .map(|t| t.captain_id)
    .collect();
    captains.sort();
    captains.dedup();
    // Members who are not captains get the opt-in kind: `enqueue` skips
    // those who did not ask for it.
    let members: Vec<PersonId> = crate::db::teams::current_members_of_championship(
        conn,
        championship,
        &[crate::db::teams::TeamStatus::Approved],
    )?
    .into_iter()
    .filter(|p| !captains.contains(p))
    .collect();
    let notices: Vec<Notice> = captains
        .into_iter()
        .map(|to| (Kind::RuleChange, to))
        .chain(members.into_iter().map(|to| (Kind::RuleChangeMember, to)))
        .map(|(kind, to)| {
            Notice::new(
                kind,
                to,
                Message::new(msg!("mail-rule-change-subject"))
                    .arg("championship", &c.name)
                    .arg("version", version),
                body.clone(),
            )
            .championship(championship)
            .link(crate::paths::fill1(crate::paths::REGULATION, championship))
        })
        .collect();
    enqueue_all(conn, &notices, now)
}

/// The captains an appeal concerns: the filer and the captain of the team
/// concerned (G-D4, G-Zh1), each once.
fn appeal_parties(
    conn: &mut DbConnection,
    case: &crate::db::appeals::Appeal,
) -> QueryResult<Vec<PersonId>> {
    let mut to: Vec<PersonId> = case.filed_by.into_iter().collect();
    if let Some(team) = case.concerned_team_id
        && let Some(t) = crate::db::teams::by_id(conn, team)?
    {
        to.push(t.captain_id);
    }
    to.sort();
    to.dedup();
    Ok(to)
}

/// The committee of a case as it was frozen when the case opened
/// (G-Zh1), each once.
fn appeal_committee(
    conn: &mut DbConnection,
    case: &crate::db::appeals::Appeal,
) -> QueryResult<Vec<PersonId>> {
    let mut to: Vec<PersonId> = crate::db::appeals::committee_of(conn, case.id)?
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    to.sort();
    to.dedup();
    Ok(to)
}

/// An appeal was filed (G-D4): its filer and the concerned team's captain
/// are told, with the case's address; every member of its committee
/// (G-Zh1) is asked to read it and vote.
pub fn appeal_filed(
    conn: &mut crate::db::WriteTx<'_>,
    case: &crate::db::appeals::Appeal,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let notices = case_opened(conn, case, None)?;
    enqueue_all(conn, &notices, now)
}

/// G-E3 → G-G7: a fair-play report became a case against `accused`. The
/// accused player is told once, what he needs (the case, its rule, what a
/// confirmation costs, where it is decided), never the report's grounds
/// and notes, which stay sealed until the decision; the parties and the
/// committee are told as for a filed appeal, the accused not twice.
pub fn fair_play_case_opened(
    conn: &mut crate::db::WriteTx<'_>,
    case: &crate::db::appeals::Appeal,
    accused: PersonId,
    tournament_no: i32,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let c = case.championship_id;
    let championship = championship_name(conn, c)?;
    let team = match case.concerned_team_id {
        Some(t) => crate::db::teams::by_id(conn, t)?.map(|t| t.name),
        None => None,
    }
    .unwrap_or_default();
    let url = crate::paths::fill2(crate::paths::APPEAL, c, case.id);
    let mut notices = vec![
        Notice::new(
            Kind::AppealFiled,
            accused,
            Message::new(msg!("mail-fairplay-accused-subject"))
                .arg("case", case.id)
                .arg("championship", &championship),
            Message::new(msg!("mail-fairplay-accused-body"))
                .arg("case", case.id)
                .arg("tournament", tournament_no)
                .arg("team", team)
                .arg("url", &url),
        )
        .championship(c),
    ];
    notices.extend(case_opened(conn, case, Some(accused))?);
    enqueue_all(conn, &notices, now)
}

/// The notices of a case opened: its parties and its committee, each
/// once, but `except` (told otherwise).
fn case_opened(
    conn: &mut DbConnection,
    case: &crate::db::appeals::Appeal,
    except: Option<PersonId>,
) -> QueryResult<Vec<Notice>> {
    let c = case.championship_id;
    let championship = championship_name(conn, c)?;
    let url = format!(
        "/championships/{}/appeals/{}",
        case.championship_id, case.id
    );
    let parties: Vec<PersonId> = appeal_parties(conn, case)?
        .into_iter()
        .filter(|p| Some(*p) != except)
        .collect();
    let committee: Vec<PersonId> = appeal_committee(conn, case)?
        .into_iter()
        .filter(|p| !parties.contains(p) && Some(*p) != except)
        .collect();
    Ok(parties
        .iter()
        .map(|to| (*to, msg!("mail-appeal-filed-body")))
        .chain(
            committee
                .iter()
                .map(|to| (*to, msg!("mail-appeal-committee-body"))),
        )
        .map(|(to, body)| {
            Notice::new(
                Kind::AppealFiled,
                to,
                Message::new(msg!("mail-appeal-filed-subject"))
                    .arg("case", case.id)
                    .arg("championship", &championship),
                Message::new(body)
                    .rule("claim", &case.claim)
                    .arg("url", &url),
            )
            .championship(c)
        })
        .collect())
}

/// G-V33: a captain reported the opponent's violation; the chief judges
/// are told, with the match to look at.
pub fn violation_reported(
    conn: &mut crate::db::WriteTx<'_>,
    report: &crate::db::violations::ViolationReport,
    tournament_no: i32,
    chiefs: &[PersonId],
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let c = report.championship_id;
    let championship = championship_name(conn, c)?;
    let url = crate::paths::match_page(c, report.tournament_id, report.match_id);
    let notices: Vec<Notice> = chiefs
        .iter()
        .map(|to| {
            Notice::new(
                Kind::AppealFiled,
                *to,
                Message::new(msg!("mail-violation-subject"))
                    .arg("number", tournament_no)
                    .arg("championship", &championship),
                Message::new(msg!("mail-violation-body"))
                    .arg("what", &report.what)
                    .arg("url", &url),
            )
            .championship(c)
        })
        .collect();
    enqueue_all(conn, &notices, now)
}

/// G-V33: the chief judge answered; the captain who reported is told.
pub fn violation_answered(
    conn: &mut crate::db::WriteTx<'_>,
    report: &crate::db::violations::ViolationReport,
    tournament_no: i32,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let c = report.championship_id;
    let championship = championship_name(conn, c)?;
    let url = crate::paths::match_page(c, report.tournament_id, report.match_id);
    let notice = Notice::new(
        Kind::AppealDecided,
        report.filed_by,
        Message::new(msg!("mail-violation-answered-subject"))
            .arg("number", tournament_no)
            .arg("championship", &championship),
        Message::new(msg!("mail-violation-answered-body"))
            .arg("answer", report.answer.clone().unwrap_or_default())
            .arg("url", &url),
    )
    .championship(c);
    enqueue_all(conn, &[notice], now)
}

/// An appeal was decided (G-Zh1): its filer, the concerned team's captain
/// and its committee are told the outcome.
pub fn appeal_decided(
    conn: &mut crate::db::WriteTx<'_>,
    case: &crate::db::appeals::Appeal,
    upheld: bool,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let c = case.championship_id;
    let championship = championship_name(conn, c)?;
    let url = format!(
        "/championships/{}/appeals/{}",
        case.championship_id, case.id
    );
    let body = if upheld {
        msg!("mail-appeal-upheld-body")
    } else {
        msg!("mail-appeal-rejected-body")
    };
    let mut told = appeal_parties(conn, case)?;
    for member in appeal_committee(conn, case)? {
        if !told.contains(&member) {
            told.push(member);
        }
    }
    let notices: Vec<Notice> = told
        .into_iter()
        .map(|to| {
            Notice::new(
                Kind::AppealDecided,
                to,
                Message::new(msg!("mail-appeal-decided-subject"))
                    .arg("case", case.id)
                    .arg("championship", &championship),
                Message::new(body)
                    .rule("claim", &case.claim)
                    .arg("url", &url),
            )
            .championship(c)
        })
        .collect();
    enqueue_all(conn, &notices, now)
}

/// Whoever acts for an entry of the tournament (its submitter, the team's
/// captain for it: G-B13) with the entry's name.
fn entry_captains(
    conn: &mut DbConnection,
    t: TournamentId,
) -> QueryResult<Vec<(PersonId, String, EntryId)>> {
    Ok(entries::of_tournament(conn, t)?
        .into_iter()
        .map(|e| (e.submitted_by, e.name, e.id))
        .collect())
}

/// Whom a notice about a whole tournament goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Captains {
    /// The captains of its entries, withdrawn ones too (they entered).
    All,
    /// The captains of the entries still entered.
    Entered,
    /// The captains of all its entries and the championship's judges.
    AndJudges,
}

/// The notices of play about one tournament of a championship: each
/// subject and body is also given the championship's name
/// (`$championship`) and the tournament's number (`$tournament`), and the
/// outbox page lists it under the championship.
struct AboutTournament {
    c: ChampionshipId,
    championship: String,
    number: i32,
}

impl AboutTournament {
    fn of(conn: &mut DbConnection, c: ChampionshipId, number: i32) -> QueryResult<Self> {
        Ok(AboutTournament {
            c,
            championship: championship_name(conn, c)?,
            number,
        })
    }

    /// The notice to `to`.
    fn notice(&self, to: PersonId, subject: &Message, body: &Message) -> Notice {
        let about = |m: &Message| {
            m.clone()
                .arg("tournament", self.number)
                .arg("championship", &self.championship)
        };
        Notice::new(Kind::PlayStatus, to, about(subject), about(body)).championship(self.c)
    }

    /// The same notice to each of `people`; the number written.
    fn to_each(
        &self,
        conn: &mut crate::db::WriteTx<'_>,
        people: &[PersonId],
        subject: Message,
        body: Message,
        now: NaiveDateTime,
    ) -> QueryResult<usize> {
        let notices: Vec<Notice> = people
            .iter()
            .map(|to| self.notice(*to, &subject, &body))
            .collect();
        enqueue_all(conn, &notices, now)
    }

    /// The same notice to the captains of tournament `t` (`who`), each once.
    fn to_captains(
        &self,
        conn: &mut crate::db::WriteTx<'_>,
        t: TournamentId,
        who: Captains,
        subject: Message,
        body: Message,
        now: NaiveDateTime,
    ) -> QueryResult<usize> {
        let mut people: Vec<PersonId> = Vec::new();
        for x in entries::of_tournament(conn, t)? {
            let counts =
                who != Captains::Entered || x.status() == crate::db::entries::EntryStatus::Entered;
            if counts && !people.contains(&x.submitted_by) {
                people.push(x.submitted_by);
            }
        }
        if who == Captains::AndJudges {
            people = and_judges(conn, self.c, people)?;
        }
        self.to_each(conn, &people, subject, body, now)
    }

    /// The notice to the captain of `entry` (who submitted its line), its
    /// name `$entry`, linked to its tournament's page.
    fn to_captain(
        &self,
        conn: &mut crate::db::WriteTx<'_>,
        entry: &crate::db::entries::Entry,
        subject: Message,
        body: Message,
        now: NaiveDateTime,
    ) -> QueryResult<Option<OutboxId>> {
        let named = |m: Message| m.arg("entry", &entry.name);
        let notice = self
            .notice(entry.submitted_by, &named(subject), &named(body))
            .link(crate::paths::tournament(self.c, entry.tournament_id));
        enqueue(conn, &notice, now)
    }
}

/// `people` and the chief judge and the judges of the championship
/// (G-D1), each once, in that order.
fn and_judges(
    conn: &mut DbConnection,
    c: ChampionshipId,
    people: Vec<PersonId>,
) -> QueryResult<Vec<PersonId>> {
    let mut all = people;
    for role in [Role::ChiefJudge, Role::Judge] {
        all.extend(crate::db::appeals::holders(conn, c, role)?);
    }
    let mut out = Vec::with_capacity(all.len());
    for p in all {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    Ok(out)
}

/// A tournament is finished (G-V41): every entry's captain learns its
/// place and tournament points.
pub fn tournament_finished(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    t: TournamentId,
    tournament_no: i32,
    placed: &[(EntryId, Place, HalfPoints)],
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let about = AboutTournament::of(conn, c, tournament_no)?;
    let url = crate::paths::tournament(c, t);
    let subject = Message::new(msg!("mail-finished-subject"));
    let mut notices = Vec::new();
    for (to, entry, id) in entry_captains(conn, t)? {
        let Some((_, place, points)) = placed.iter().find(|(e, _, _)| *e == id) else {
            continue;
        };
        let body = Message::new(msg!("mail-finished-body"))
            .arg("entry", entry)
            .arg("place", place.to_string())
            .arg("points", points.to_string())
            .arg("url", &url);
        notices.push(about.notice(to, &subject, &body));
    }
    enqueue_all(conn, &notices, now)
}

/// A judge corrected a result of a completed round: the captains of the
/// match's two entries and the judges learn the game, the old and new
/// result and the reason.
#[allow(clippy::too_many_arguments)]
pub fn result_corrected(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    t: TournamentId,
    tournament_no: i32,
    (round_no, table, board, game_no): (i32, i32, i32, i32),
    sides: [EntryId; 2],
    (was, now_is): (&str, &str),
    reason: &str,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let about = AboutTournament::of(conn, c, tournament_no)?;
    let captains: Vec<PersonId> = entry_captains(conn, t)?
        .into_iter()
        .filter(|(_, _, id)| sides.contains(id))
        .map(|(to, _, _)| to)
        .collect();
    let url = format!("{}#round-{round_no}", crate::paths::tournament(c, t));
    let people = and_judges(conn, c, captains)?;
    about.to_each(
        conn,
        &people,
        Message::new(msg!("mail-corrected-subject")).arg("round", round_no),
        Message::new(msg!("mail-corrected-body"))
            .arg("round", round_no)
            .arg("table", table)
            .arg("board", board)
            .arg("game", game_no)
            .arg("was", crate::db::rounds::result_words(was))
            .arg("now", crate::db::rounds::result_words(now_is))
            .arg("reason", reason)
            .arg("url", &url),
        now,
    )
}

/// The chief judge reopened a finished tournament: its captains and the
/// judges are told why, and that places and points wait for the new finish.
pub fn tournament_reopened(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    t: TournamentId,
    tournament_no: i32,
    reason: Message,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let body = Message::new(msg!("mail-reopened-body"))
        .list("reason", [reason], "")
        .arg("url", crate::paths::tournament(c, t));
    AboutTournament::of(conn, c, tournament_no)?.to_captains(
        conn,
        t,
        Captains::AndJudges,
        Message::new(msg!("mail-reopened-subject")),
        body,
        now,
    )
}

/// An organizer cancelled a tournament before its draw: the captains of
/// its entries (withdrawn ones too: they entered) are told why; the link
/// is the championship's calendar, the tournament's page being gone.
pub fn tournament_cancelled(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    t: TournamentId,
    tournament_no: i32,
    reason: &str,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let body = Message::new(msg!("mail-cancelled-body"))
        .arg("reason", reason)
        .arg("url", crate::paths::championship(c));
    AboutTournament::of(conn, c, tournament_no)?.to_captains(
        conn,
        t,
        Captains::All,
        Message::new(msg!("mail-cancelled-subject")),
        body,
        now,
    )
}

/// An organizer moved a tournament's start: the captains of its entries
/// still entered and everyone their lines name are told the new start
/// (and the old), in the championship's zone as each reader names it.
#[allow(clippy::too_many_arguments)]
pub fn start_moved(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    t: TournamentId,
    tournament_no: i32,
    zone: &str,
    before: NaiveDateTime,
    after: NaiveDateTime,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let entered: Vec<crate::db::entries::Entry> = entries::of_tournament(conn, t)?
        .into_iter()
        .filter(|x| x.status() == crate::db::entries::EntryStatus::Entered)
        .collect();
    let ids: Vec<EntryId> = entered.iter().map(|x| x.id).collect();
    let mut people: Vec<PersonId> = entered.iter().map(|x| x.submitted_by).collect();
    people.extend(
        entries::players_of(conn, &ids)?
            .into_iter()
            .map(|p| p.person_id),
    );
    people.sort();
    people.dedup();
    let body = Message::new(msg!("mail-start-moved-body"))
        .list("after", [crate::zones::moment_message(zone, after)], "")
        .list("before", [crate::zones::moment_message(zone, before)], "");
    AboutTournament::of(conn, c, tournament_no)?.to_each(
        conn,
        &people,
        Message::new(msg!("mail-start-moved-subject")),
        body,
        now,
    )
}

/// Why a player may not play, one message a reason (G-A7 and the
/// regulation's conditions at the moment of play); `local` shows an
/// instant in the championship's time zone. Pages and mails word it alike.
pub fn unfit_reasons(
    why: &[Unfit],
    local: &dyn Fn(NaiveDateTime) -> String,
) -> Vec<Option<Message>> {
    why.iter()
        .map(|u| match u {
            Unfit::Banned {
                since,
                until,
                clone_of,
            } => {
                let key = match (until, clone_of) {
                    (Some(_), None) => msg!("unfit-banned-until"),
                    (None, None) => msg!("unfit-banned"),
                    (Some(_), Some(_)) => msg!("unfit-banned-until-clone"),
                    (None, Some(_)) => msg!("unfit-banned-clone"),
                };
                let mut m = Message::new(key).arg("since", local(*since));
                if let Some(until) = until {
                    m = m.arg("until", local(*until));
                }
                if let Some(other) = clone_of {
                    m = m.arg("nick", other);
                }
                Some(m)
            }
            Unfit::NotOnRoster => Some(msg!("unfit-not-on-roster").into()),
            Unfit::Sanctioned { code } => {
                Some(Message::new(msg!("unfit-sanctioned")).rule("code", code))
            }
            Unfit::NotAdmitted => Some(msg!("unfit-not-admitted").into()),
            // Worded by the caller, who knows the organizations' names.
            Unfit::Condition(_) => None,
        })
        .collect()
}

/// A player lined up for an entry may not play now (G-A7: banned, off the
/// roster, removed…): the entry's captain and the judges are told, with
/// the reasons, and the table when a board was emptied at publication.
#[allow(clippy::too_many_arguments)]
pub fn player_unfit(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    tournament_no: i32,
    entry: &crate::db::entries::Entry,
    nick: &str,
    why: &[Unfit],
    table: Option<i32>,
    local: &dyn Fn(NaiveDateTime) -> String,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let details: Vec<Message> = unfit_reasons(why, local)
        .into_iter()
        .zip(why)
        .map(|(m, u)| match (m, u) {
            (Some(m), _) => m,
            (None, Unfit::Condition(r)) => {
                Message::new(msg!("unfit-condition")).rule("rule", r.rule())
            }
            (None, _) => msg!("unfit-condition").into(),
        })
        .collect();
    let body = match table {
        Some(table) => Message::new(msg!("mail-unfit-taken-off-body")).arg("table", table),
        None => Message::new(msg!("mail-unfit-body")),
    };
    let about = AboutTournament::of(conn, c, tournament_no)?;
    let subject = Message::new(msg!("mail-unfit-subject"))
        .arg("nick", nick)
        .arg("entry", &entry.name);
    let body = body.arg("nick", nick).arg("entry", &entry.name);
    let notices: Vec<Notice> = and_judges(conn, c, vec![entry.submitted_by])?
        .into_iter()
        .map(|to| {
            about
                .notice(to, &subject, &body)
                .details(details.clone())
                .link(crate::paths::tournament(c, entry.tournament_id))
        })
        .collect();
    enqueue_all(conn, &notices, now)
}

/// G-G2: an entry was withdrawn from a tournament it could not go on in;
/// its captain is told why and what it loses.
pub fn entry_withdrawn(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    tournament_no: i32,
    entry: &crate::db::entries::Entry,
    reason: Message,
    now: NaiveDateTime,
) -> QueryResult<Option<OutboxId>> {
    AboutTournament::of(conn, c, tournament_no)?.to_captain(
        conn,
        entry,
        Message::new(msg!("mail-withdrawn-subject")),
        Message::new(msg!("mail-withdrawn-body")).list("reason", [reason], ""),
        now,
    )
}

/// What a penalty imposed, as its notice tells it.
pub struct Imposed<'a> {
    pub code: &'a str,
    /// Points deducted now.
    pub points: HalfPoints,
    pub sanction: Option<crate::rules::penalties::Sanction>,
    /// The number of the tournament the sanction bars.
    pub bars: Option<i32>,
    /// The people the sanction falls on (G-G7's player, G-G4's members).
    pub people: Vec<String>,
    /// Points the appeals committee deducts if it confirms (G-G7).
    pub by_committee: Option<HalfPoints>,
    pub reason: &'a str,
}

/// A penalty was imposed on a team: its captain is told the rule and what
/// it did — points, a tournament the team misses, a player removed with
/// the right of substitution (G-G7: the team plays on; the points only
/// if the appeals committee confirms), the members a dissolved team's
/// sanction passed to (G-G4) — and why.
pub fn penalty_imposed(
    conn: &mut crate::db::WriteTx<'_>,
    team: &Team,
    what: &Imposed,
    now: NaiveDateTime,
) -> QueryResult<Option<OutboxId>> {
    use crate::rules::penalties::Sanction;
    let c = team.championship_id;
    let championship = championship_name(conn, c)?;
    let key = match (what.sanction, what.bars) {
        (Some(Sanction::PlayerRemoved), _) => msg!("mail-penalty-player-removed-body"),
        (Some(Sanction::MissesTournament), Some(_)) => msg!("mail-penalty-members-body"),
        (Some(_), Some(_)) => msg!("mail-penalty-bars-body"),
        _ => msg!("mail-penalty-body"),
    };
    let mut body = Message::new(key)
        .arg("team", &team.name)
        .arg("championship", championship)
        .rule("code", what.code)
        .arg("points", what.points.to_string())
        .arg("people", what.people.join(", "))
        .arg(
            "committee",
            if what.by_committee.is_some() {
                "yes"
            } else {
                "no"
            },
        )
        .arg(
            "pending",
            what.by_committee.unwrap_or(HalfPoints::ZERO).to_string(),
        )
        .list(
            "reason",
            [crate::db::penalties::reason_message(what.reason)],
            "",
        );
    if let Some(n) = what.bars {
        body = body.arg("tournament", n);
    }
    let notice = Notice::new(
        Kind::PlayStatus,
        team.captain_id,
        Message::new(msg!("mail-penalty-subject"))
            .arg("team", &team.name)
            .rule("code", what.code),
        body,
    )
    .championship(c)
    .link(crate::paths::penalties(c));
    enqueue(conn, &notice, now)
}

/// G-G4: the sanction of a dissolved team passed to a person who was its
/// member; they are told which tournament they miss and why.
#[allow(clippy::too_many_arguments)]
pub fn sanction_passed(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    person: PersonId,
    team: &str,
    code: &str,
    from: &Message,
    tournament_no: i32,
    now: NaiveDateTime,
) -> QueryResult<Option<OutboxId>> {
    let subject = Message::new(msg!("mail-sanction-passed-subject")).rule("code", code);
    let body = Message::new(msg!("mail-sanction-passed-body"))
        .arg("team", team)
        .rule("code", code)
        .list("from", [from.clone()], "");
    let notice = AboutTournament::of(conn, c, tournament_no)?
        .notice(person, &subject, &body)
        .link(crate::paths::penalties(c));
    enqueue(conn, &notice, now)
}

/// A person named in an entry is barred from its tournament by a sanction
/// (G-G4, G-G7): the entry's captain is told who misses it and what became
/// of the entry (`outcome`): `replaced` (a substitute takes the board),
/// `dropped` (a substitute left out), `kept` (drawn already: the line stays
/// and the person is kept off the boards) or `withdrawn` (too few players).
#[allow(clippy::too_many_arguments)]
pub fn entry_player_barred(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    tournament_no: i32,
    entry: &crate::db::entries::Entry,
    nick: &str,
    code: &str,
    outcome: &str,
    replacement: Option<&str>,
    now: NaiveDateTime,
) -> QueryResult<Option<OutboxId>> {
    AboutTournament::of(conn, c, tournament_no)?.to_captain(
        conn,
        entry,
        Message::new(msg!("mail-entry-barred-subject")).arg("nick", nick),
        Message::new(msg!("mail-entry-barred-body"))
            .arg("nick", nick)
            .rule("code", code)
            .arg("outcome", outcome)
            .arg("replacement", replacement.unwrap_or_default()),
        now,
    )
}

/// A sanction that had changed an entry before its tournament's draw is
/// revoked: the entry's captain learns whether the entry is back as it
/// was (`outcome` "restored", with its line) or why it stays as it is
/// (`app::penalties::EntryBack`).
#[allow(clippy::too_many_arguments)]
pub fn entry_back(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    tournament_no: i32,
    entry: &crate::db::entries::Entry,
    code: &str,
    outcome: &str,
    line: &str,
    now: NaiveDateTime,
) -> QueryResult<Option<OutboxId>> {
    AboutTournament::of(conn, c, tournament_no)?.to_captain(
        conn,
        entry,
        Message::new(msg!("mail-entry-back-subject")).rule("code", code),
        Message::new(msg!("mail-entry-back-body"))
            .rule("code", code)
            .arg("outcome", outcome)
            .arg("line", line),
        now,
    )
}

/// The organizing committee changed the rounds of a Swiss: the
/// captain of every entry still entered learns the number, once each.
pub fn rounds_changed(
    conn: &mut crate::db::WriteTx<'_>,
    c: ChampionshipId,
    t: TournamentId,
    tournament_no: i32,
    rounds: u8,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let body = Message::new(msg!("mail-rounds-body"))
        .arg("rounds", rounds)
        .arg("url", crate::paths::tournament(c, t));
    AboutTournament::of(conn, c, tournament_no)?.to_captains(
        conn,
        t,
        Captains::Entered,
        Message::new(msg!("mail-rounds-subject")),
        body,
        now,
    )
}

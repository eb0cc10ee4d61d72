//! Championships as the platform's staff set them up: an admin creates one
//! from a preset, organizers grant staff roles (G-A4, G-D1), add the
//! tournaments of a monthly schedule (G-A2), move a tournament's start and
//! cancel one not yet drawn.
//! Each change is in the championship's audit log.

use crate::i18n::cite::Cite;
use chrono::NaiveDateTime;

use super::PlayError;
use crate::db::roles::{self, Role};
use crate::db::{DbConnection, audit, championships, people, tournaments, write_transaction};
use crate::i18n::Message;
use crate::ids::{ChampionshipId, PersonId, TournamentId};

/// Why a change to a championship was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChampionshipProblem {
    /// Another championship has this slug.
    SlugTaken,
    /// No account has this nick.
    UnknownNick(String),
    /// The tournament is drawn: the draw froze the field on its start.
    AlreadyDrawn,
    /// A tournament drawn (its field paired) cannot be cancelled.
    CancelAfterDraw,
    /// A cancellation needs its reason.
    ReasonRequired,
}

/// A championship to create, its fields checked by the form.
pub struct NewChampionship<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    /// The preset's code (G, R, E).
    pub preset: &'a str,
    /// The preset's regulation, as stored (JSON).
    pub regulation: &'a str,
    /// An IANA time zone name.
    pub time_zone: &'a str,
}

/// An admin creates a championship.
pub fn create(
    conn: &mut DbConnection,
    new: &NewChampionship,
    by: PersonId,
    ip: &str,
    now: NaiveDateTime,
) -> Result<ChampionshipId, PlayError<ChampionshipProblem>> {
    write_transaction(conn, |conn| {
        if championships::slug_taken(conn, new.slug)? {
            return Err(PlayError::Refused(vec![ChampionshipProblem::SlugTaken]));
        }
        let id = championships::create(
            conn,
            &championships::NewChampionship {
                slug: new.slug,
                name: new.name,
                regulation: new.regulation,
                preset: new.preset,
                time_zone: new.time_zone,
                created_by: Some(by),
                created_at: now,
            },
        )?;
        audit::Entry::new("championship.create", format!("championship:{id}"))
            .actor(by)
            .said(
                Message::new(crate::msg!("audit-championship-created"))
                    .arg("name", new.name)
                    .word("preset", preset_key(new.preset)),
            )
            .ip(ip)
            .championship(id)
            .record(conn)?;
        Ok(id)
    })
}

/// Grants (`grant`) or revokes `role` in the championship to the account
/// `nick`. Who may grant which role is the page's to check.
pub fn set_staff(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    nick: &str,
    role: Role,
    grant: bool,
    by: PersonId,
    ip: &str,
) -> Result<(), PlayError<ChampionshipProblem>> {
    write_transaction(conn, |conn| {
        let Some(person) = people::by_nick(conn, nick)? else {
            return Err(PlayError::Refused(vec![ChampionshipProblem::UnknownNick(
                nick.to_owned(),
            )]));
        };
        if grant {
            roles::grant(conn, person.id, championship, role, Some(by))?;
        } else {
            roles::revoke(conn, person.id, championship, role)?;
        }
        audit::Entry::new(
            if grant { "role.grant" } else { "role.revoke" },
            format!("person:{}", person.id),
        )
        .actor(by)
        .said(
            Message::new(crate::msg!("audit-championship-role"))
                .arg("nick", &person.nick)
                .word("role", role_key(role)),
        )
        .ip(ip)
        .championship(championship)
        .record(conn)?;
        Ok(())
    })
}

/// An organizer adds tournaments starting at `starts` (UTC), the instants
/// of a monthly rule (G-A2); `rule` is the rule as the organizer wrote it,
/// for the audit log. How many tournaments were added.
/// A championship holds at most this many tournaments: twenty seasons of
/// monthly ones. Every page of the championship lists them.
pub const MAX_TOURNAMENTS: usize = 240;

/// Why a schedule was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScheduleProblem {
    TooManyTournaments {
        have: usize,
        adding: usize,
        max: usize,
    },
}

pub fn add_schedule(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    starts: &[NaiveDateTime],
    rule: &str,
    by: PersonId,
    ip: &str,
) -> Result<usize, PlayError<ScheduleProblem>> {
    let count = starts.len();
    write_transaction(conn, |conn| {
        let have = tournaments::of_championship(conn, championship)?.len();
        if have + count > MAX_TOURNAMENTS {
            return Err(PlayError::Refused(vec![
                ScheduleProblem::TooManyTournaments {
                    have,
                    adding: count,
                    max: MAX_TOURNAMENTS,
                },
            ]));
        }
        tournaments::add(conn, championship, starts)?;
        audit::Entry::new(
            "championship.schedule",
            format!("championship:{championship}"),
        )
        .actor(by)
        .said(
            Message::new(crate::msg!("audit-championship-scheduled"))
                .arg("rule", rule)
                .arg("count", count),
        )
        .ip(ip)
        .championship(championship)
        .record(conn)?;
        Ok(count)
    })
}

/// An organizer moves the start of a tournament of the championship to
/// `at` (UTC); `typed` is the local time as written, for the audit log.
/// A drawn tournament keeps its start.
pub fn move_start(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    tournament: TournamentId,
    at: NaiveDateTime,
    typed: &str,
    by: PersonId,
    ip: &str,
) -> Result<(), PlayError<ChampionshipProblem>> {
    write_transaction(conn, |conn| {
        let before = tournaments::by_id(conn, tournament)?
            .filter(|t| t.championship_id == championship)
            .ok_or(PlayError::NotFound)?;
        // The draw froze the field on the start it was made for.
        if before.drawn_at.is_some() {
            return Err(PlayError::Refused(vec![ChampionshipProblem::AlreadyDrawn]));
        }
        tournaments::set_start(conn, tournament, at)?;
        if before.starts_at != at
            && let Some(c) = crate::db::championships::by_id(conn, championship)?
        {
            crate::mail::notices::start_moved(
                conn,
                championship,
                tournament,
                before.number,
                &c.time_zone,
                before.starts_at,
                at,
                crate::db::utc_now(),
            )?;
        }
        audit::Entry::new("tournament.start", format!("tournament:{tournament}"))
            .actor(by)
            .said(
                Message::new(crate::msg!("audit-championship-start-moved"))
                    .arg("before", before.starts_at)
                    .arg("after", at)
                    .arg("typed", typed),
            )
            .ip(ip)
            .championship(championship)
            .record(conn)?;
        Ok(())
    })
}

/// An organizer cancels a tournament of the championship that has not
/// started (nothing drawn or paired), giving the reason: it is marked
/// cancelled, so it leaves the calendar, the feeds and the season's count
/// of tournaments (G-E1: the history waits for every tournament), its
/// entries are withdrawn with it (`withdraw_entries_of_cancelled`),
/// audited, and the captains of its entries are told.
pub fn cancel_tournament(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    tournament: TournamentId,
    reason: &str,
    by: PersonId,
    ip: &str,
    now: NaiveDateTime,
) -> Result<(), PlayError<ChampionshipProblem>> {
    let reason = reason.trim();
    write_transaction(conn, |conn| {
        let t = tournaments::by_id(conn, tournament)?
            .filter(|t| t.championship_id == championship)
            .ok_or(PlayError::NotFound)?;
        let mut problems = Vec::new();
        if t.drawn_at.is_some() {
            problems.push(ChampionshipProblem::CancelAfterDraw);
        }
        if reason.is_empty() {
            problems.push(ChampionshipProblem::ReasonRequired);
        }
        if !problems.is_empty() {
            return Err(PlayError::Refused(problems));
        }
        if tournaments::cancel(conn, tournament, now, reason)? == 0 {
            return Err(PlayError::Refused(vec![
                ChampionshipProblem::CancelAfterDraw,
            ]));
        }
        audit::Entry::new("tournament.cancel", format!("tournament:{tournament}"))
            .actor(by)
            .said(
                Message::new(crate::msg!("audit-championship-tournament-cancelled"))
                    .arg("number", t.number)
                    .arg("reason", reason),
            )
            .ip(ip)
            .championship(championship)
            .record(conn)?;
        crate::mail::notices::tournament_cancelled(
            conn,
            championship,
            tournament,
            t.number,
            reason,
            now,
        )?;
        withdraw_entries_of_cancelled(conn, championship, tournament, reason, by, now)?;
        Ok(())
    })
}

/// The entries of a cancelled tournament are withdrawn with it, the
/// cancellation's reason theirs: the entry rows themselves say that the
/// team does not take part, so every reading of a team's participation
/// (the field, the to-do lists, R-1.8 elsewhere, the committee of G-Zh1)
/// agrees without asking about the tournament. The G-G1 deduction the
/// platform recorded with a late entry falls with it: G-G1 counts from
/// the start of a round 1 that will never be played. Penalties the
/// judges imposed stay theirs to revoke.
fn withdraw_entries_of_cancelled(
    conn: &mut crate::db::WriteTx<'_>,
    championship: ChampionshipId,
    tournament: TournamentId,
    reason: &str,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<(), crate::db::QueryError> {
    use crate::db::entries::{self, EntryStatus};
    use crate::db::penalties;
    let withdrawn: Vec<_> = entries::of_tournament(conn, tournament)?
        .into_iter()
        .filter(|x| x.status() == EntryStatus::Entered)
        .map(|x| x.id)
        .collect();
    for id in &withdrawn {
        entries::set_status(conn, *id, EntryStatus::Withdrawn, now, Some(reason), None)?;
    }
    for p in penalties::of_championship(conn, championship)? {
        let late_entry = p.reason == super::penalties::AUTO_LATE_ENTRY
            && p.tournament_id == Some(tournament)
            && p.entry_id.is_some_and(|e| withdrawn.contains(&e));
        if !late_entry || !p.in_force() {
            continue;
        }
        if penalties::revoke(conn, championship, p.id, by, reason, now)? {
            audit::Entry::new("penalty.revoke", format!("penalty:{}", p.id))
                .actor(by)
                .championship(championship)
                .said(
                    Message::new(crate::msg!("audit-penalties-revoke"))
                        .rule("code", &p.code)
                        .arg("amount", p.amount())
                        .arg("reason", reason),
                )
                .record(conn)?;
        }
    }
    Ok(())
}

/// A staff role as the pages and the audit log word it.
pub fn role_key(role: Role) -> crate::i18n::MsgKey {
    match role {
        Role::Organizer => crate::msg!("role-organizer"),
        Role::ChiefJudge => crate::msg!("role-chief-judge"),
        Role::Judge => crate::msg!("role-judge"),
    }
}

/// The message that names a preset (`G` → `preset-name-g`).
pub fn preset_key(code: &str) -> String {
    format!("preset-name-{}", code.to_lowercase())
}

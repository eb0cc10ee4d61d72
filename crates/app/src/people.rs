//! What officials and people record about a person, as transactions: club
//! membership (organizers), bans and clone links (judges, G-A7), and
//! employment records (E-12), entered by the person, a captain or an
//! organizer and confirmed by an organizer. Each change is in the audit log.

use chrono::{NaiveDate, NaiveDateTime};

use super::PlayError;
use super::access::{Judges, Organizers, RoleSet, holds};
use crate::db::{DbConnection, audit, organizations, people, standing, teams, write_transaction};
use crate::i18n::Message;
use crate::ids::{BanId, ChampionshipId, CloneLinkId, EmploymentId, OrganizationId, PersonId};

/// Whether `by` (a person and whether they are an administrator) may act
/// in `scope` with the powers of `R`: in one championship its officials
/// may (and administrators); in every championship (`None`) only an
/// administrator.
pub fn may_act_in<R: RoleSet>(
    conn: &mut DbConnection,
    by: (PersonId, bool),
    scope: Option<ChampionshipId>,
) -> crate::db::QueryResult<bool> {
    match scope {
        Some(c) => holds::<R>(conn, Some(by), c),
        None => Ok(by.1),
    }
}

/// The championships where `by` holds the powers of `R` (every one for
/// an administrator, who may also act in all at once), for the choice of
/// where a ban or a club membership holds.
pub fn scopes_of<R: RoleSet>(
    conn: &mut DbConnection,
    by: (PersonId, bool),
) -> crate::db::QueryResult<Vec<ChampionshipId>> {
    if by.1 {
        return Ok(crate::db::championships::list(conn)?
            .into_iter()
            .map(|c| c.id)
            .collect());
    }
    crate::db::roles::championships_with(conn, by.0, R::ROLES)
}

/// Whether `by` acts as an organizer for `person`: an administrator, or
/// an organizer of a championship where the person is a member of a team.
/// An organizer of another championship has no power over them.
pub fn organizes_for(
    conn: &mut DbConnection,
    by: (PersonId, bool),
    person: PersonId,
) -> crate::db::QueryResult<bool> {
    if by.1 {
        return Ok(true);
    }
    let teams = teams::teams_of_person(conn, person)?;
    organizes_any(conn, by, teams.iter().map(|(team, _)| team.championship_id))
}

/// [`organizes_for`] when the person's teams are read already: whether
/// `by` is an administrator or organizes one of `championships`.
pub fn organizes_any(
    conn: &mut DbConnection,
    by: (PersonId, bool),
    championships: impl IntoIterator<Item = ChampionshipId>,
) -> crate::db::QueryResult<bool> {
    if by.1 {
        return Ok(true);
    }
    let mine = crate::db::roles::championships_with(conn, by.0, Organizers::ROLES)?;
    Ok(championships.into_iter().any(|c| mine.contains(&c)))
}

/// Who may enter an employment record of `person` (E-12): the person, a
/// captain of one of their teams, or an organizer for them
/// ([`organizes_for`]).
pub fn may_record_employment(
    conn: &mut DbConnection,
    by: (PersonId, bool),
    person: PersonId,
) -> crate::db::QueryResult<bool> {
    if by.0 == person {
        return Ok(true);
    }
    if teams::teams_of_person(conn, person)?
        .iter()
        .any(|(team, _)| team.captain_id == by.0)
    {
        return Ok(true);
    }
    organizes_for(conn, by, person)
}

/// Why a change to a person's record was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeopleProblem {
    /// No account has this nick.
    UnknownNick(String),
    /// An account cannot be linked as its own clone.
    CloneOfSelf,
    /// The organization named does not exist.
    UnknownOrganization,
}

/// An organizer marks (`mark`) or ends the club membership of `person`,
/// whose nick is `nick`, in `scope` (G-A7): a championship `by` organizes,
/// or every championship for an administrator. Nothing is recorded when
/// nothing changes.
#[allow(clippy::too_many_arguments)]
pub fn set_club_member(
    conn: &mut DbConnection,
    person: PersonId,
    nick: &str,
    mark: bool,
    scope: Option<ChampionshipId>,
    by: (PersonId, bool),
    ip: &str,
    now: NaiveDateTime,
) -> Result<bool, PlayError<()>> {
    write_transaction(conn, |conn| {
        if !may_act_in::<Organizers>(conn, by, scope)? {
            return Err(PlayError::Forbidden);
        }
        let changed = if mark {
            standing::mark_club_member(conn, person, now, by.0, scope)?
        } else {
            standing::end_club_membership(conn, person, now, scope)? > 0
        };
        if changed {
            audit::Entry::new(
                if mark {
                    "person.club_member"
                } else {
                    "person.club_end"
                },
                format!("person:{person}"),
            )
            .actor(by.0)
            .said({
                let key = match (mark, scope.is_some()) {
                    (true, false) => crate::msg!("audit-people-club-marked"),
                    (true, true) => crate::msg!("audit-people-club-marked-in"),
                    (false, false) => crate::msg!("audit-people-club-ended"),
                    (false, true) => crate::msg!("audit-people-club-ended-in"),
                };
                let said = Message::new(key).arg("nick", nick);
                match scope {
                    Some(c) => said.arg("championship", c),
                    None => said,
                }
            })
            .ip(ip)
            .record(conn)?;
            // G-A7: a club membership that ends ends the right to play.
            if !mark {
                super::rounds::take_off_unfit_now(conn, &[person], true, by.0, now)?;
            }
        }
        Ok(changed)
    })
}

/// Records a ban change in the audit log of its championship, or (for a
/// ban in every championship) of every championship where the person, or
/// a clone of theirs (G-A7), is on a roster now, so that its organizers
/// see it; once, for the platform log, when there is none.
fn record_ban_change(
    conn: &mut crate::db::WriteTx<'_>,
    person: PersonId,
    scope: Option<ChampionshipId>,
    entry: impl Fn() -> audit::Entry,
) -> crate::db::QueryResult<()> {
    let mut championships = std::collections::BTreeSet::new();
    if let Some(c) = scope {
        championships.insert(c);
    }
    for id in standing::clone_group(conn, person)?
        .into_iter()
        .filter(|_| scope.is_none())
    {
        for (team, _) in teams::teams_of_person(conn, id)? {
            championships.insert(team.championship_id);
        }
    }
    if championships.is_empty() {
        return entry().record(conn);
    }
    for championship in championships {
        entry().championship(championship).record(conn)?;
    }
    Ok(())
}

/// How a ban imposed (or, with `lifted`, lifted) reads in the audit log;
/// a ban for good runs until "∞".
fn ban_change(
    lifted: bool,
    nick: &str,
    from: NaiveDate,
    until: Option<NaiveDate>,
    reason: &str,
) -> Message {
    Message::new(if lifted {
        crate::msg!("audit-people-ban-lifted")
    } else {
        crate::msg!("audit-people-ban-imposed")
    })
    .arg("nick", nick)
    .arg("from", from)
    .arg(
        "until",
        until.map_or_else(|| "∞".to_owned(), |u| u.to_string()),
    )
    .arg("reason", reason)
}

/// What a ban says: who, from when to when, why and where.
pub struct NewBan<'a> {
    pub person: PersonId,
    pub nick: &'a str,
    /// The first day, in the championship's time zone; `None`: today.
    pub from: Option<NaiveDate>,
    /// `None`: for good.
    pub until: Option<NaiveDate>,
    pub reason: &'a str,
    /// The championship it holds in; `None`: every one.
    pub scope: Option<ChampionshipId>,
}

/// A judge bans a person from the start of `from` until the start of
/// `until`, or for good (G-A7), in a championship they judge; only an
/// administrator bans in every championship at once. The days are the
/// championship's (its time zone; the platform's, Moscow, for a ban in
/// every championship), and a ban never starts before the instant it is
/// imposed: it cannot reach back into games already played. The dates and
/// the reason are checked by the form.
pub fn impose_ban(
    conn: &mut DbConnection,
    ban: &NewBan<'_>,
    by: (PersonId, bool),
    ip: &str,
    now: NaiveDateTime,
) -> Result<(), PlayError<()>> {
    let NewBan {
        person,
        nick,
        from,
        until,
        reason,
        scope,
    } = *ban;
    write_transaction(conn, |conn| {
        if !may_act_in::<Judges>(conn, by, scope)? {
            return Err(PlayError::Forbidden);
        }
        let tz = zone_of(conn, scope)?;
        let from = from.unwrap_or_else(|| local_date(tz, now));
        let said = ban_change(false, nick, from, until, reason);
        let from_at = local_midnight(tz, from).max(now);
        standing::impose_ban(
            conn,
            person,
            from_at,
            until.map(|u| local_midnight(tz, u)),
            reason,
            by.0,
            scope,
        )?;
        record_ban_change(conn, person, scope, || {
            audit::Entry::new("person.ban", format!("person:{person}"))
                .actor(by.0)
                .said(said.clone())
                .ip(ip)
        })?;
        tell_where_lined_up(conn, person, from_at, now)?;
        super::rounds::take_off_unfit_now(conn, &[person], false, by.0, now)?;
        Ok(())
    })
}

/// The time zone whose days a ban or a membership in `scope` counts: the
/// championship's, or the platform's (Moscow) for every championship.
fn zone_of(
    conn: &mut DbConnection,
    scope: Option<ChampionshipId>,
) -> crate::db::QueryResult<chrono_tz::Tz> {
    Ok(match scope {
        Some(c) => {
            crate::db::championships::by_id(conn, c)?.map_or(chrono_tz::Europe::Moscow, |c| c.tz())
        }
        None => chrono_tz::Europe::Moscow,
    })
}

/// Today in the zone of `scope` (see [`zone_of`]).
pub fn today_in(
    conn: &mut DbConnection,
    scope: Option<ChampionshipId>,
    now: NaiveDateTime,
) -> crate::db::QueryResult<NaiveDate> {
    Ok(local_date(zone_of(conn, scope)?, now))
}

/// The day an instant falls on in `tz`.
pub fn local_date(tz: chrono_tz::Tz, at: NaiveDateTime) -> NaiveDate {
    at.and_utc().with_timezone(&tz).date_naive()
}

/// The instant (UTC) a day begins in `tz`.
pub fn local_midnight(tz: chrono_tz::Tz, day: NaiveDate) -> NaiveDateTime {
    use chrono::TimeZone as _;
    let midnight = day.and_hms_opt(0, 0, 0).unwrap_or_default();
    tz.from_local_datetime(&midnight)
        .earliest()
        .map_or(midnight, |t| t.naive_utc())
}

/// G-A7: wherever the person (or a clone of theirs) is entered in a
/// tournament still in play and may not play at `at` (a ban just imposed),
/// the entry's captain and the judges are told; the line-ups, the
/// substitutions and the round's publication refuse them from then on.
fn tell_where_lined_up(
    conn: &mut crate::db::WriteTx<'_>,
    person: PersonId,
    at: NaiveDateTime,
    now: NaiveDateTime,
) -> Result<(), crate::db::QueryError> {
    for p in standing::clone_group(conn, person)? {
        let nick = people::by_id(conn, p)?.map(|x| x.nick).unwrap_or_default();
        for (entry, _, t) in crate::db::entries::entered_with_person(conn, p)? {
            let Some(ctx) = super::TournamentContext::load(conn, t)? else {
                continue;
            };
            if ctx.tournament.finished_at.is_some() {
                continue;
            }
            let Some(x) = crate::db::entries::by_id(conn, entry)? else {
                continue;
            };
            let unfit = super::eligibility::unfit_to_play(conn, &ctx, x.team_id, &[p], at)?;
            for (_, why) in unfit {
                let tz = ctx.tz;
                crate::mail::notices::player_unfit(
                    conn,
                    ctx.championship_id(),
                    ctx.tournament.number,
                    &x,
                    &nick,
                    &why,
                    None,
                    &|at| super::rounds::local_text(tz, at),
                    now,
                )?;
            }
        }
    }
    Ok(())
}

/// A judge of the ban's championship (an administrator for a ban in every
/// championship) lifts a ban: the banned person's nick. Lifting a lifted
/// ban changes and records nothing.
pub fn lift_ban(
    conn: &mut DbConnection,
    ban: BanId,
    by: (PersonId, bool),
    ip: &str,
    now: NaiveDateTime,
) -> Result<String, PlayError<()>> {
    write_transaction(conn, |conn| {
        let b = standing::ban_by_id(conn, ban)?.ok_or(PlayError::NotFound)?;
        if !may_act_in::<Judges>(conn, by, b.championship_id)? {
            return Err(PlayError::Forbidden);
        }
        let person = people::by_id(conn, b.person_id)?.ok_or(PlayError::NotFound)?;
        if standing::lift_ban(conn, ban, now, by.0)? > 0 {
            let tz = zone_of(conn, b.championship_id)?;
            let said = ban_change(
                true,
                &person.nick,
                local_date(tz, b.from_at),
                b.until_at.map(|u| local_date(tz, u)),
                &b.reason,
            );
            record_ban_change(conn, person.id, b.championship_id, || {
                audit::Entry::new("person.ban_lifted", format!("person:{}", person.id))
                    .actor(by.0)
                    .said(said.clone())
                    .ip(ip)
            })?;
        }
        Ok(person.nick)
    })
}

/// A judge links the account `other_nick` to `person` (nick `nick`) as
/// the same person's (G-A7: bans cover clones) in `scope`: a championship
/// they judge, where the bans that hold there then cover both accounts;
/// only an administrator links in every championship at once. Linking a
/// pair linked already records nothing.
#[allow(clippy::too_many_arguments)]
pub fn link_clone(
    conn: &mut DbConnection,
    person: PersonId,
    nick: &str,
    other_nick: &str,
    scope: Option<ChampionshipId>,
    by: (PersonId, bool),
    ip: &str,
    now: NaiveDateTime,
) -> Result<(), PlayError<PeopleProblem>> {
    let (acting, by) = (by, by.0);
    write_transaction(conn, |conn| {
        if !may_act_in::<Judges>(conn, acting, scope)? {
            return Err(PlayError::Forbidden);
        }
        let Some(other) = people::by_nick(conn, other_nick)? else {
            return Err(PlayError::Refused(vec![PeopleProblem::UnknownNick(
                other_nick.to_owned(),
            )]));
        };
        if other.id == person {
            return Err(PlayError::Refused(vec![PeopleProblem::CloneOfSelf]));
        }
        if standing::link_clones(conn, person, other.id, by, now, scope)? {
            let mut entry = audit::Entry::new("person.clone_link", format!("person:{person}"))
                .actor(by)
                .said(
                    Message::new(crate::msg!("audit-people-clones-linked"))
                        .arg("nick", nick)
                        .arg("other", other_nick),
                )
                .ip(ip);
            if let Some(c) = scope {
                entry = entry.championship(c);
            }
            entry.record(conn)?;
            // G-A7: a banned person's other accounts are banned too.
            super::rounds::take_off_unfit_now(conn, &[person], true, by, now)?;
        }
        Ok(())
    })
}

/// A judge of the link's championship (an administrator for a link of
/// every championship) removes a clone link: the nick of the account whose
/// page it was removed from. Removing a removed link changes nothing.
pub fn unlink_clone(
    conn: &mut DbConnection,
    link: CloneLinkId,
    from: PersonId,
    by: (PersonId, bool),
    ip: &str,
) -> Result<String, PlayError<()>> {
    write_transaction(conn, |conn| {
        let l = standing::clone_link_by_id(conn, link)?.ok_or(PlayError::NotFound)?;
        if l.person_a != from && l.person_b != from {
            return Err(PlayError::NotFound);
        }
        if !may_act_in::<Judges>(conn, by, l.championship_id)? {
            return Err(PlayError::Forbidden);
        }
        let nick_of = |conn: &mut DbConnection, p: PersonId| {
            people::by_id(conn, p).map(|x| x.map(|x| x.nick).unwrap_or_default())
        };
        let (a, b) = (nick_of(conn, l.person_a)?, nick_of(conn, l.person_b)?);
        if standing::unlink_clones(conn, link)? {
            let mut entry = audit::Entry::new("person.clone_unlink", format!("person:{from}"))
                .actor(by.0)
                .said(
                    Message::new(crate::msg!("audit-people-clones-unlinked"))
                        .arg("nick", &a)
                        .arg("other", &b),
                )
                .ip(ip);
            if let Some(c) = l.championship_id {
                entry = entry.championship(c);
            }
            entry.record(conn)?;
        }
        nick_of(conn, from).map_err(PlayError::from)
    })
}

/// An employment record of `person` at `organization` (E-12), entered by
/// `by` ([`may_record_employment`]); the dates are checked by the form.
#[allow(clippy::too_many_arguments)]
pub fn add_employment(
    conn: &mut DbConnection,
    person: PersonId,
    organization: OrganizationId,
    from: NaiveDate,
    until: Option<NaiveDate>,
    by: (PersonId, bool),
    ip: &str,
    now: NaiveDateTime,
) -> Result<(), PlayError<PeopleProblem>> {
    write_transaction(conn, |conn| {
        if !may_record_employment(conn, by, person)? {
            return Err(PlayError::Forbidden);
        }
        let Some(o) = organizations::by_id(conn, organization)? else {
            return Err(PlayError::Refused(vec![PeopleProblem::UnknownOrganization]));
        };
        record_employment(conn, person, &o, (from, until), by.0, ip, now)?;
        Ok(())
    })
}

/// Stores an employment record (waiting for an organizer's confirmation)
/// and its audit line, in the caller's transaction: the employment form
/// and the roster import ([`crate::roster_import`]) alike.
pub(crate) fn record_employment(
    tx: &mut crate::db::WriteTx<'_>,
    person: PersonId,
    o: &crate::db::organizations::Organization,
    (from, until): (NaiveDate, Option<NaiveDate>),
    by: PersonId,
    ip: &str,
    now: NaiveDateTime,
) -> Result<(), crate::db::QueryError> {
    standing::add_employment(tx, person, o.id, from, until, by, now)?;
    audit::Entry::new("person.employment", format!("person:{person}"))
        .actor(by)
        .said(match until {
            Some(u) => Message::new(crate::msg!("audit-people-employment"))
                .arg("organization", &o.name)
                .arg("from", from)
                .arg("until", u),
            None => Message::new(crate::msg!("audit-people-employment-open"))
                .arg("organization", &o.name)
                .arg("from", from),
        })
        .ip(ip)
        .record(tx)
}

/// An organizer for the person ([`organizes_for`]) confirms an employment
/// record: the nick of its person. Confirming twice records nothing.
pub fn confirm_employment(
    conn: &mut DbConnection,
    employment: EmploymentId,
    by: (PersonId, bool),
    ip: &str,
    now: NaiveDateTime,
) -> Result<(String, bool), PlayError<()>> {
    let id = employment;
    let (acting, by) = (by, by.0);
    write_transaction(conn, |conn| {
        let e = standing::employment_by_id(conn, id)?.ok_or(PlayError::NotFound)?;
        if !organizes_for(conn, acting, e.person_id)? {
            return Err(PlayError::Forbidden);
        }
        let p = people::by_id(conn, e.person_id)?.ok_or(PlayError::NotFound)?;
        let changed = standing::confirm_employment(conn, id, by, now)? > 0;
        if changed {
            audit::Entry::new("person.employment_confirmed", format!("person:{}", p.id))
                .actor(by)
                .said(
                    Message::new(crate::msg!("audit-people-employment-confirmed"))
                        .arg("nick", &p.nick)
                        .arg("id", id),
                )
                .ip(ip)
                .record(conn)?;
        }
        Ok((p.nick, changed))
    })
}

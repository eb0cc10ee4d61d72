//! What teams do between tournaments, as transactions over the database:
//! apply (G-B11), approval (G-B12), invitations and membership (G-B31/B32),
//! transfers (G-B33), captaincy (G-B34), dissolution (G-B41), with the
//! club-membership and ban checks of G-A7 and the limits of E-10/E-11.
//!
//! Handlers call these; each runs in one transaction and either does all
//! of its writes (with an audit entry) or none.

use crate::db::{DatabaseErrorKind, QueryError as DieselError};
use chrono::NaiveDateTime;

use super::accounts::{Email, FullName, Nick};
use crate::db::teams::{self as t, InvitationStatus, Team, TeamStatus};
use crate::db::{DbConnection, audit, championships, organizations, people, standing};
use crate::i18n::Message;
use crate::ids::{ChampionshipId, InvitationId, OrganizationId, PersonId, TeamId};
use crate::rules::eligibility::{enterprise_of, organization_subtree};
use crate::rules::regulation::{Regulation, TransferRule};
use crate::rules::roster::{RosterLimits, RosterRefusal, TeamName, parse_motto};

#[derive(Debug, thiserror::Error)]
pub enum TeamError {
    #[error("not found")]
    NotFound,
    #[error("only the captain may do this")]
    NotCaptain,
    #[error("refused: {0:?}")]
    Refused(TeamProblem),
    #[error(transparent)]
    Db(#[from] DieselError),
}

/// The input a refusal belongs to, for the form to show it beside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamField {
    Name,
    Motto,
    Organization,
    Nick,
    Reason,
    FullName,
    Email,
}

/// Why a team operation is refused, as data (worded by `words::teams`).
#[derive(Debug, Clone, PartialEq)]
pub enum TeamProblem {
    /// A name, motto or roster size the roster rules refuse.
    Roster(TeamField, RosterRefusal),
    /// G-A7: banned until then (open-ended when `None`).
    Banned {
        field: TeamField,
        nick: String,
        until: Option<NaiveDateTime>,
        reason: String,
    },
    /// G-A7: the regulation asks for club membership.
    NotClubMember {
        field: TeamField,
        nick: String,
    },
    /// G-B41: the name of a dissolved team stays reserved.
    NameReserved,
    NameTaken,
    OrganizationUnknown,
    /// E-10: one team per enterprise, its subsidiaries counted (E-12);
    /// `organization` names the one the other team stands for when it is
    /// not the one named (another of the same enterprise).
    OrganizationHasTeam {
        team: String,
        organization: Option<String>,
    },
    OrganizationRequired,
    ApplicantInTeam {
        team: String,
    },
    /// the application deadline was this day.
    PastDeadline {
        day: chrono::NaiveDate,
    },
    /// Someone else changed the same thing at the same moment.
    Conflict,
    ReasonRequired,
    AlreadyDecided,
    /// The team is rejected or dissolved.
    Inactive,
    NickRequired,
    /// someone of that name of the team's organization is listed
    /// for another sport of a series this championship is chess of.
    OtherSport {
        name: String,
        sport: String,
        series: String,
    },
    UnknownNick {
        nick: String,
    },
    AlreadyMember {
        nick: String,
    },
    AlreadyInvited {
        nick: String,
    },
    InvitationGone,
    /// A captain cannot move to another team (G-B34 first).
    CaptainTransfer {
        team: String,
    },
    CaptainLeaves,
    NotMember,
    SuccessorNotMember {
        nick: String,
    },
    AlreadyCaptain,
    /// A nick (a game-server name) someone has already.
    NickTaken {
        nick: String,
    },
    /// Someone of this full name is on a roster of the championship now:
    /// the same person is moved by a transfer (G-B33), not entered twice.
    SameName {
        name: String,
        team: String,
    },
    /// A claim link could not go to this address (another account has it).
    EmailTaken,
}

fn refuse<T>(problem: TeamProblem) -> Result<T, TeamError> {
    Err(TeamError::Refused(problem))
}

/// The regulation a championship's team rules follow at `at` (G-E2).
pub fn regulation_of(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    at: NaiveDateTime,
) -> Result<Regulation, TeamError> {
    let c = championships::by_id(conn, championship)?.ok_or(TeamError::NotFound)?;
    Ok(crate::regulation::in_force(conn, &c, at)?.regulation)
}

fn limits(reg: &Regulation) -> RosterLimits {
    RosterLimits {
        min_members: reg.roster.min_members,
        max_members: reg.roster.max_members,
    }
}

/// G-A7: may this person be on a roster at `at`? Not banned (clones
/// included) and, where the regulation asks, a club member.
fn check_standing(
    conn: &mut DbConnection,
    reg: &Regulation,
    championship: ChampionshipId,
    person: PersonId,
    nick: &str,
    at: NaiveDateTime,
    field: TeamField,
) -> Result<(), TeamError> {
    if let Some(ban) = standing::ban_in_force(conn, person, at, championship)? {
        return refuse(TeamProblem::Banned {
            field,
            nick: nick.to_owned(),
            until: ban.period().until,
            reason: ban.reason.clone(),
        });
    }
    if reg.roster.club_membership_required
        && !standing::is_club_member_at(conn, person, at, championship)?
    {
        return refuse(TeamProblem::NotClubMember {
            field,
            nick: nick.to_owned(),
        });
    }
    Ok(())
}

pub struct Application<'a> {
    pub championship: ChampionshipId,
    pub name: &'a str,
    pub motto: &'a str,
    pub organization: Option<OrganizationId>,
    pub applicant: PersonId,
    pub ip: &'a str,
}

/// G-B11: a team applies; the applicant becomes its captain and first member.
pub fn apply(
    conn: &mut DbConnection,
    app: &Application,
    at: NaiveDateTime,
) -> Result<TeamId, TeamError> {
    crate::db::write_transaction(conn, |conn| {
        let championship =
            championships::by_id(conn, app.championship)?.ok_or(TeamError::NotFound)?;
        let reg = crate::regulation::in_force(conn, &championship, at)?.regulation;
        // applications are taken until the announced deadline.
        if let Some(day) = crate::regulation::past_deadline(&championship, &reg, at) {
            return refuse(TeamProblem::PastDeadline { day });
        }
        let name = TeamName::parse_for(app.name, &reg.roster)
            .or_else(|r| refuse(TeamProblem::Roster(TeamField::Name, r)))?;
        // G-B11: the motto, where the regulation asks for one.
        let motto = if reg.roster.team_motto {
            parse_motto(app.motto).or_else(|r| refuse(TeamProblem::Roster(TeamField::Motto, r)))?
        } else {
            String::new()
        };
        // G-B41: a name, once used, stays taken, dissolved teams included.
        if let Some(existing) = t::name_taken(conn, app.championship, &name.key())? {
            return match existing.status() {
                TeamStatus::Dissolved => refuse(TeamProblem::NameReserved),
                _ => refuse(TeamProblem::NameTaken),
            };
        }
        let organization = match app.organization {
            Some(org) => {
                let orgs = organizations::list(conn)?;
                let Some(named) = orgs.iter().find(|o| o.id == org) else {
                    return refuse(TeamProblem::OrganizationUnknown);
                };
                // E-10 with E-12: the enterprise counts its subsidiaries,
                // so the team stands for the enterprise at the top of the
                // organization's tree, and every organization under it.
                let tree: Vec<_> = orgs.iter().map(|o| (o.id, o.parent_id)).collect();
                let enterprise = enterprise_of(org, &tree);
                // Applications for one enterprise take turns (E-10 race).
                organizations::lock(conn, enterprise)?;
                // E-10: one team per enterprise.
                if reg.roster.one_team_per_organization {
                    let group: Vec<_> = organization_subtree(enterprise, &tree)
                        .into_iter()
                        .collect();
                    if let Some(other) = t::active_of_organizations(conn, app.championship, &group)?
                    {
                        let organization = other
                            .organization_id
                            .filter(|o| *o != named.id)
                            .and_then(|o| orgs.iter().find(|x| x.id == o))
                            .map(|o| o.name.clone());
                        return refuse(TeamProblem::OrganizationHasTeam {
                            team: other.name,
                            organization,
                        });
                    }
                }
                Some(org)
            }
            None if reg.roster.organization_required => {
                return refuse(TeamProblem::OrganizationRequired);
            }
            None => None,
        };
        let applicant = people::by_id(conn, app.applicant)?.ok_or(TeamError::NotFound)?;
        check_standing(
            conn,
            &reg,
            app.championship,
            app.applicant,
            &applicant.nick,
            at,
            TeamField::Name,
        )?;
        // G-B22: one team per person in a championship.
        if let Some((_, team)) = t::open_membership_in(conn, app.championship, app.applicant)? {
            return refuse(TeamProblem::ApplicantInTeam { team: team.name });
        }
        let id = t::insert(
            conn,
            &t::NewTeam {
                championship_id: app.championship,
                name: name.as_str(),
                name_key: &name.key(),
                motto: &motto,
                organization_id: organization,
                captain_id: app.applicant,
                status: TeamStatus::Pending.as_str(),
                created_at: at,
            },
        )
        .or_else(|e| match e {
            DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
                refuse(TeamProblem::NameTaken)
            }
            e => Err(e.into()),
        })?;
        let team = t::by_id(conn, id)?.ok_or(TeamError::NotFound)?;
        open_membership(conn, &team, app.applicant, at, "founded")?;
        t::record_captaincy(conn, id, None, app.applicant, at)?;
        audit::Entry::new("team.apply", format!("team:{id}"))
            .actor(app.applicant)
            .said(if motto.is_empty() {
                Message::new(crate::msg!("audit-teams-applied")).arg("team", name.as_str())
            } else {
                Message::new(crate::msg!("audit-teams-applied-motto"))
                    .arg("team", name.as_str())
                    .arg("motto", &motto)
            })
            .ip(app.ip)
            .championship(app.championship)
            .record(conn)?;
        Ok(id)
    })
}

/// Opens a membership; the unique index turns a lost race into a refusal.
fn open_membership(
    conn: &mut crate::db::WriteTx<'_>,
    team: &Team,
    person: PersonId,
    at: NaiveDateTime,
    reason: &str,
) -> Result<(), TeamError> {
    t::open_membership(conn, team, person, at, reason).or_else(|e| match e {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
            refuse(TeamProblem::Conflict)
        }
        e => Err(e.into()),
    })
}

/// G-B12: a judge approves or rejects (with a reason) a pending team.
pub fn decide(
    conn: &mut DbConnection,
    team: TeamId,
    approve: bool,
    reason: &str,
    judge: PersonId,
    ip: &str,
    at: NaiveDateTime,
) -> Result<Team, TeamError> {
    crate::db::write_transaction(conn, |conn| {
        let before = t::by_id(conn, team)?.ok_or(TeamError::NotFound)?;
        let reason = reason.trim();
        if !approve && reason.is_empty() {
            return refuse(TeamProblem::ReasonRequired);
        }
        let status = if approve {
            TeamStatus::Approved
        } else {
            TeamStatus::Rejected
        };
        let reason = (!reason.is_empty()).then_some(reason);
        if t::decide(conn, team, status, reason, judge, at)? == 0 {
            return refuse(TeamProblem::AlreadyDecided);
        }
        if !approve {
            // A rejected team holds nobody: its members are free again.
            t::close_all(conn, team, at, "rejected")?;
            t::cancel_all(conn, team, at)?;
        }
        audit::Entry::new(
            if approve {
                "team.approve"
            } else {
                "team.reject"
            },
            format!("team:{team}"),
        )
        .actor(judge)
        .said({
            let decided = match reason {
                Some(r) => Message::new(crate::msg!("audit-teams-decided-reason")).arg("reason", r),
                None => Message::new(crate::msg!("audit-teams-decided")),
            };
            decided
                .word("before", format!("team-status-{}", before.status))
                .word("after", format!("team-status-{}", status.as_str()))
        })
        .ip(ip)
        .championship(before.championship_id)
        .record(conn)?;
        crate::mail::notices::team_decided(conn, &before, approve, reason, at)?;
        t::by_id(conn, team)?.ok_or(TeamError::NotFound)
    })
}

fn captain_team(
    conn: &mut DbConnection,
    team: TeamId,
    captain: PersonId,
) -> Result<Team, TeamError> {
    let team = t::by_id(conn, team)?.ok_or(TeamError::NotFound)?;
    if team.captain_id != captain {
        return Err(TeamError::NotCaptain);
    }
    if !team.is_active() {
        return refuse(TeamProblem::Inactive);
    }
    Ok(team)
}

/// The captain invites a person by nick; the person must accept (G-B31).
/// A person already in another team of the championship is invited to a
/// transfer (G-B33).
pub fn invite(
    conn: &mut DbConnection,
    team: TeamId,
    nick: &str,
    captain: PersonId,
    ip: &str,
    at: NaiveDateTime,
) -> Result<InvitationId, TeamError> {
    crate::db::write_transaction(conn, |conn| {
        let team = captain_team(conn, team, captain)?;
        let reg = regulation_of(conn, team.championship_id, at)?;
        let nick = nick.trim();
        if nick.is_empty() {
            return refuse(TeamProblem::NickRequired);
        }
        let person = people::by_nick(conn, nick)?.ok_or(()).or_else(|_| {
            refuse(TeamProblem::UnknownNick {
                nick: nick.to_owned(),
            })
        })?;
        if let Some((_, current)) = t::open_membership_in(conn, team.championship_id, person.id)?
            && current.id == team.id
        {
            return refuse(TeamProblem::AlreadyMember {
                nick: person.nick.clone(),
            });
        }
        if t::open_invitation(conn, team.id, person.id)?.is_some() {
            return refuse(TeamProblem::AlreadyInvited {
                nick: person.nick.clone(),
            });
        }
        check_standing(
            conn,
            &reg,
            team.championship_id,
            person.id,
            &person.nick,
            at,
            TeamField::Nick,
        )?;
        // E-11: invitations out count towards the limit, so the roster
        // cannot be overfilled by inviting many at once.
        let outstanding =
            t::count_current(conn, team.id)? as usize + t::invitations_of(conn, team.id)?.len();
        limits(&reg)
            .check_add(outstanding)
            .or_else(|r| refuse(TeamProblem::Roster(TeamField::Nick, r)))?;
        let id = t::invite(conn, team.id, person.id, captain, at)?;
        if person.has_account() {
            crate::mail::enqueue(
                conn,
                &crate::mail::Notice::new(
                    crate::mail::Kind::Invitation,
                    person.id,
                    Message::new(crate::msg!("mail-invitation-subject")).arg("team", &team.name),
                    Message::new(crate::msg!("mail-invitation-body")).arg("team", &team.name),
                )
                .championship(team.championship_id)
                .link(crate::paths::TODO.to_owned()),
                at,
            )?;
        } else {
            // A record nobody has claimed cannot answer: a judge consents
            // for the person (a transfer out of a roster is never silent).
            t::set_invitation_status(
                conn,
                id,
                &[InvitationStatus::Pending],
                InvitationStatus::AwaitingApproval,
                captain,
                at,
            )?;
        }
        audit::Entry::new("team.invite", format!("team:{}", team.id))
            .actor(captain)
            .said(Message::new(crate::msg!("audit-teams-invited")).arg("nick", &person.nick))
            .ip(ip)
            .championship(team.championship_id)
            .record(conn)?;
        Ok(id)
    })
}

/// A player entered by full name, without an account (a record): what a
/// captain, representative or organizer types for someone who never
/// signed up.
pub struct NewPlayer<'a> {
    pub team: TeamId,
    pub full_name: &'a FullName,
    /// The game-server nick where the format plays online; otherwise one is
    /// made from the name.
    pub nick: Option<&'a Nick>,
    /// Where to mail a link to claim the record, if given.
    pub email: Option<&'a Email>,
    /// An organizer confirms club membership (G-A7) as they enter the
    /// player, where the regulation asks for it.
    pub club_member: bool,
    pub by: (PersonId, bool),
    pub ip: &'a str,
}

/// The record made and its nick.
#[derive(Debug, Clone)]
pub struct Added {
    pub person: PersonId,
    pub nick: String,
}

fn organizes(
    conn: &mut DbConnection,
    team: &Team,
    by: (PersonId, bool),
) -> Result<bool, TeamError> {
    Ok(super::people::may_act_in::<super::access::Organizers>(
        conn,
        by,
        Some(team.championship_id),
    )?)
}

/// Whether `by` may enter players on the team's roster: its captain or an
/// organizer of its championship ([`add_player`]); NotFound when there is
/// no such team.
pub fn may_add_player(
    conn: &mut DbConnection,
    team: TeamId,
    by: (PersonId, bool),
) -> Result<(), TeamError> {
    let team = t::by_id(conn, team)?.ok_or(TeamError::NotFound)?;
    if team.captain_id == by.0 || organizes(conn, &team, by)? {
        Ok(())
    } else {
        Err(TeamError::NotCaptain)
    }
}

/// The captain of the team, or an organizer of its championship, enters a
/// player who has no account: the record and its membership in one
/// transaction, under the same roster rules as an invitation (G-A7, E-11,
/// G-B22). A link to claim the record goes to the address, if one is given.
pub fn add_player(
    conn: &mut DbConnection,
    new: &NewPlayer,
    at: NaiveDateTime,
) -> Result<Added, TeamError> {
    crate::db::write_transaction(conn, |conn| {
        let adding = adding_to(conn, new.team, new.by, at)?;
        add_one(conn, &adding, new, at)
    })
}

/// The team players are entered on, its regulation at `at`, and whether
/// `by` organizes its championship; refused unless `by` is its captain or
/// an organizer and the team is active.
/// What entering players on a team rests on, read once for however many
/// are entered: the team, its regulation, whether the one who enters them
/// organizes it, and their language (the records' first one).
pub(crate) struct Adding {
    pub team: Team,
    pub reg: Regulation,
    pub organizer: bool,
    pub locale: String,
}

pub(crate) fn adding_to(
    conn: &mut crate::db::WriteTx<'_>,
    team: TeamId,
    by: (PersonId, bool),
    at: NaiveDateTime,
) -> Result<Adding, TeamError> {
    let team = t::by_id(conn, team)?.ok_or(TeamError::NotFound)?;
    let organizer = organizes(conn, &team, by)?;
    if team.captain_id != by.0 && !organizer {
        return Err(TeamError::NotCaptain);
    }
    if !team.is_active() {
        return refuse(TeamProblem::Inactive);
    }
    let reg = regulation_of(conn, team.championship_id, at)?;
    let locale = people::by_id(conn, by.0)?
        .map(|p| p.locale)
        .unwrap_or_else(|| "ru".to_owned());
    Ok(Adding {
        team,
        reg,
        organizer,
        locale,
    })
}

/// One player entered on `team` in the caller's transaction ([`add_player`]).
pub(crate) fn add_one(
    conn: &mut crate::db::WriteTx<'_>,
    adding: &Adding,
    new: &NewPlayer,
    at: NaiveDateTime,
) -> Result<Added, TeamError> {
    let (team, reg, organizer) = (&adding.team, &adding.reg, adding.organizer);
    let name = new.full_name.as_str();
    let same = |other: &str| other.to_lowercase() == name.to_lowercase();
    if let Some((_, other)) = t::open_member_names(conn, team.championship_id)?
        .into_iter()
        .find(|(n, _)| same(n))
    {
        return refuse(TeamProblem::SameName {
            name: name.to_owned(),
            team: other,
        });
    }
    if let Some(org) = team.organization_id
        && let Some((sport, series)) =
            crate::series::listed_by_name(conn, team.championship_id, org, name)?
    {
        return refuse(TeamProblem::OtherSport {
            name: name.to_owned(),
            sport,
            series,
        });
    }
    let outstanding =
        t::count_current(conn, team.id)? as usize + t::invitations_of(conn, team.id)?.len();
    limits(reg)
        .check_add(outstanding)
        .or_else(|r| refuse(TeamProblem::Roster(TeamField::FullName, r)))?;
    let nick = match new.nick {
        Some(nick) if people::nick_taken(conn, nick.as_str())? => {
            return refuse(TeamProblem::NickTaken {
                nick: nick.as_str().to_owned(),
            });
        }
        Some(nick) => nick.as_str().to_owned(),
        None => people::free_nick(conn, Nick::from_full_name(new.full_name).as_str())?,
    };
    if let Some(email) = new.email
        && people::email_taken(conn, email.as_str())?
    {
        return refuse(TeamProblem::EmailTaken);
    }
    let person = people::insert_record(
        conn,
        &people::NewRecord {
            nick: &nick,
            full_name: name,
            locale: &adding.locale,
            added_by: new.by.0,
        },
    )
    .or_else(|e| match e {
        people::InsertPersonError::Db(e) => Err(TeamError::Db(e)),
        _ => refuse(TeamProblem::NickTaken { nick: nick.clone() }),
    })?;
    if reg.roster.club_membership_required && organizer && new.club_member {
        standing::mark_club_member(conn, person, at, new.by.0, Some(team.championship_id))?;
    }
    check_standing(
        conn,
        reg,
        team.championship_id,
        person,
        &nick,
        at,
        TeamField::FullName,
    )?;
    open_membership(conn, team, person, at, "added")?;
    if let Some(email) = new.email {
        let record = people::by_id(conn, person)?.ok_or(TeamError::NotFound)?;
        super::claims::make(conn, &record, email, new.by.0, at)?;
    }
    audit::Entry::new("team.player_added", format!("team:{}", team.id))
        .actor(new.by.0)
        .said(
            Message::new(crate::msg!("audit-teams-player-added"))
                .arg("name", name)
                .arg("nick", &nick),
        )
        .ip(new.ip)
        .championship(team.championship_id)
        .record(conn)?;
    Ok(Added { person, nick })
}

/// What an accepted invitation led to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Accepted {
    Joined,
    /// G-B33: moved from the named team.
    Transferred {
        from: String,
    },
    /// Waiting for a judge (TransferRule::JudgeApproval).
    AwaitingApproval,
}

/// The invited person accepts: the membership opens, and for a transfer the
/// old one closes, in one transaction.
pub fn accept(
    conn: &mut DbConnection,
    invitation: InvitationId,
    person: PersonId,
    ip: &str,
    at: NaiveDateTime,
) -> Result<Accepted, TeamError> {
    crate::db::write_transaction(conn, |conn| {
        let inv = t::invitation(conn, invitation)?.ok_or(TeamError::NotFound)?;
        if inv.person_id != person {
            return Err(TeamError::NotFound);
        }
        if inv.status != InvitationStatus::Pending.as_str() {
            return refuse(TeamProblem::InvitationGone);
        }
        let team = t::by_id(conn, inv.team_id)?.ok_or(TeamError::NotFound)?;
        if !team.is_active() {
            return refuse(TeamProblem::Inactive);
        }
        let reg = regulation_of(conn, team.championship_id, at)?;
        let me = people::by_id(conn, person)?.ok_or(TeamError::NotFound)?;
        check_standing(
            conn,
            &reg,
            team.championship_id,
            person,
            &me.nick,
            at,
            TeamField::Nick,
        )?;
        limits(&reg)
            .check_add(t::count_current(conn, team.id)? as usize)
            .or_else(|r| refuse(TeamProblem::Roster(TeamField::Nick, r)))?;
        let current = t::open_membership_in(conn, team.championship_id, person)?;
        if let Some((_, old)) = &current
            && old.captain_id == person
        {
            return refuse(TeamProblem::CaptainTransfer {
                team: old.name.clone(),
            });
        }
        if current.is_some() && reg.roster.transfers == TransferRule::JudgeApproval {
            t::set_invitation_status(
                conn,
                invitation,
                &[InvitationStatus::Pending],
                InvitationStatus::AwaitingApproval,
                person,
                at,
            )?;
            audit::Entry::new("team.transfer_requested", format!("team:{}", team.id))
                .actor(person)
                .said(
                    Message::new(crate::msg!("audit-teams-transfer-requested"))
                        .arg("nick", &me.nick),
                )
                .ip(ip)
                .championship(team.championship_id)
                .record(conn)?;
            return Ok(Accepted::AwaitingApproval);
        }
        let outcome = complete_move(conn, &team, person, current.map(|(_, old)| old), person, at)?;
        if t::set_invitation_status(
            conn,
            invitation,
            &[InvitationStatus::Pending],
            InvitationStatus::Accepted,
            person,
            at,
        )? == 0
        {
            return refuse(TeamProblem::InvitationGone);
        }
        audit::Entry::new("team.join", format!("team:{}", team.id))
            .actor(person)
            .said(match &outcome {
                Accepted::Transferred { from } => {
                    Message::new(crate::msg!("audit-teams-transferred"))
                        .arg("nick", &me.nick)
                        .arg("from", from)
                        .arg("team", &team.name)
                }
                _ => Message::new(crate::msg!("audit-teams-joined")).arg("nick", &me.nick),
            })
            .ip(ip)
            .championship(team.championship_id)
            .record(conn)?;
        Ok(outcome)
    })
}

/// Closes the old membership (if any) and opens the new one; the mover
/// leaves the boards the old team's entries still had them on (G-B31/G-B32:
/// eligibility is judged at the moment of play).
fn complete_move(
    conn: &mut crate::db::WriteTx<'_>,
    team: &Team,
    person: PersonId,
    old: Option<Team>,
    actor: PersonId,
    at: NaiveDateTime,
) -> Result<Accepted, TeamError> {
    match old {
        Some(old) => {
            t::close_membership(conn, old.id, person, at, "transfer")?;
            open_membership(conn, team, person, at, "transfer")?;
            super::rounds::take_off_unfit_now(conn, &[person], true, actor, at)?;
            Ok(Accepted::Transferred { from: old.name })
        }
        None => {
            open_membership(conn, team, person, at, "joined")?;
            Ok(Accepted::Joined)
        }
    }
}

/// A judge approves or refuses a transfer waiting for approval.
pub fn decide_transfer(
    conn: &mut DbConnection,
    invitation: InvitationId,
    approve: bool,
    judge: PersonId,
    ip: &str,
    at: NaiveDateTime,
) -> Result<(), TeamError> {
    crate::db::write_transaction(conn, |conn| {
        let inv = t::invitation(conn, invitation)?.ok_or(TeamError::NotFound)?;
        let team = t::by_id(conn, inv.team_id)?.ok_or(TeamError::NotFound)?;
        let to = if approve {
            InvitationStatus::Accepted
        } else {
            InvitationStatus::Refused
        };
        if t::set_invitation_status(
            conn,
            invitation,
            &[InvitationStatus::AwaitingApproval],
            to,
            judge,
            at,
        )? == 0
        {
            return refuse(TeamProblem::InvitationGone);
        }
        let me = people::by_id(conn, inv.person_id)?.ok_or(TeamError::NotFound)?;
        if approve {
            if !team.is_active() {
                return refuse(TeamProblem::Inactive);
            }
            let old = t::open_membership_in(conn, team.championship_id, inv.person_id)?
                .map(|(_, old)| old);
            complete_move(conn, &team, inv.person_id, old, judge, at)?;
        }
        audit::Entry::new(
            if approve {
                "team.transfer_approved"
            } else {
                "team.transfer_refused"
            },
            format!("team:{}", team.id),
        )
        .actor(judge)
        .said(Message::new(crate::msg!("audit-teams-transfer-decided")).arg("nick", &me.nick))
        .ip(ip)
        .championship(team.championship_id)
        .record(conn)?;
        Ok(())
    })
}

/// The invited person declines, or the captain withdraws the invitation.
pub fn close_invitation(
    conn: &mut DbConnection,
    invitation: InvitationId,
    actor: PersonId,
    ip: &str,
    at: NaiveDateTime,
) -> Result<TeamId, TeamError> {
    crate::db::write_transaction(conn, |conn| {
        let inv = t::invitation(conn, invitation)?.ok_or(TeamError::NotFound)?;
        let team = t::by_id(conn, inv.team_id)?.ok_or(TeamError::NotFound)?;
        let status = if inv.person_id == actor {
            InvitationStatus::Declined
        } else if team.captain_id == actor {
            InvitationStatus::Cancelled
        } else {
            return Err(TeamError::NotFound);
        };
        if t::set_invitation_status(
            conn,
            invitation,
            &[
                InvitationStatus::Pending,
                InvitationStatus::AwaitingApproval,
            ],
            status,
            actor,
            at,
        )? == 0
        {
            return refuse(TeamProblem::InvitationGone);
        }
        audit::Entry::new("team.invitation_closed", format!("team:{}", team.id))
            .actor(actor)
            .said(Message::new(match status {
                InvitationStatus::Declined => crate::msg!("audit-teams-invitation-declined"),
                _ => crate::msg!("audit-teams-invitation-cancelled"),
            }))
            .ip(ip)
            .championship(team.championship_id)
            .record(conn)?;
        Ok(team.id)
    })
}

/// The captain removes a member (G-B32), or a member leaves.
pub fn remove_member(
    conn: &mut DbConnection,
    team: TeamId,
    member: PersonId,
    actor: PersonId,
    ip: &str,
    at: NaiveDateTime,
) -> Result<(), TeamError> {
    crate::db::write_transaction(conn, |conn| {
        let team = t::by_id(conn, team)?.ok_or(TeamError::NotFound)?;
        let leaving = member == actor;
        if !leaving && team.captain_id != actor {
            return Err(TeamError::NotCaptain);
        }
        if member == team.captain_id && team.is_active() {
            return refuse(TeamProblem::CaptainLeaves);
        }
        let reason = if leaving { "left" } else { "removed" };
        if t::close_membership(conn, team.id, member, at, reason)? == 0 {
            return refuse(TeamProblem::NotMember);
        }
        // G-B31/G-B32: off the roster, off the boards still to be played.
        super::rounds::take_off_unfit_now(conn, &[member], true, actor, at)?;
        let nick = people::by_id(conn, member)?
            .map(|p| p.nick)
            .unwrap_or_default();
        audit::Entry::new(
            if leaving { "team.leave" } else { "team.remove" },
            format!("team:{}", team.id),
        )
        .actor(actor)
        .said(
            Message::new(crate::msg!("audit-teams-membership-ended"))
                .arg("nick", &nick)
                .word("reason", format!("membership-end-{reason}")),
        )
        .ip(ip)
        .championship(team.championship_id)
        .record(conn)?;
        Ok(())
    })
}

/// G-B34: the captain hands over to another current member; the hand-over
/// is recorded for the chief judge.
pub fn hand_over(
    conn: &mut DbConnection,
    team: TeamId,
    nick: &str,
    captain: PersonId,
    ip: &str,
    at: NaiveDateTime,
) -> Result<(), TeamError> {
    crate::db::write_transaction(conn, |conn| {
        let team = captain_team(conn, team, captain)?;
        let successor = people::by_nick(conn, nick)?.ok_or(()).or_else(|_| {
            refuse(TeamProblem::UnknownNick {
                nick: nick.trim().to_owned(),
            })
        })?;
        let is_member = t::open_membership_in(conn, team.championship_id, successor.id)?
            .is_some_and(|(_, tm)| tm.id == team.id);
        if !is_member {
            return refuse(TeamProblem::SuccessorNotMember {
                nick: successor.nick.clone(),
            });
        }
        if successor.id == captain {
            return refuse(TeamProblem::AlreadyCaptain);
        }
        t::set_captain(conn, team.id, successor.id)?;
        t::record_captaincy(conn, team.id, Some(captain), successor.id, at)?;
        let before = people::by_id(conn, captain)?
            .map(|p| p.nick)
            .unwrap_or_default();
        audit::Entry::new("team.captaincy", format!("team:{}", team.id))
            .actor(captain)
            .said(
                Message::new(crate::msg!("audit-teams-captaincy"))
                    .arg("before", &before)
                    .arg("after", &successor.nick),
            )
            .ip(ip)
            .championship(team.championship_id)
            .record(conn)?;
        Ok(())
    })
}

/// G-B41: the captain dissolves the team. Its history stays, its members
/// become free, its name stays reserved; a sanction it still holds (G-G3)
/// passes to its members in the same transaction (G-G4).
pub fn dissolve(
    conn: &mut DbConnection,
    team: TeamId,
    captain: PersonId,
    ip: &str,
    at: NaiveDateTime,
) -> Result<(), TeamError> {
    crate::db::write_transaction(conn, |conn| {
        let team = captain_team(conn, team, captain)?;
        let members: Vec<PersonId> = t::current_members(conn, team.id)?
            .into_iter()
            .map(|m| m.membership.person_id)
            .collect();
        t::dissolve(conn, team.id, at)?;
        let freed = t::close_all(conn, team.id, at, "dissolved")?;
        t::cancel_all(conn, team.id, at)?;
        audit::Entry::new("team.dissolve", format!("team:{}", team.id))
            .actor(captain)
            .said(
                Message::new(crate::msg!("audit-teams-dissolved"))
                    .arg("team", &team.name)
                    .word("before", format!("team-status-{}", team.status))
                    .word("after", "team-status-dissolved")
                    .arg("freed", freed),
            )
            .ip(ip)
            .championship(team.championship_id)
            .record(conn)?;
        // G-G4: a sanction the team still holds passes to its members.
        super::penalties::pass_to_members(conn, &team, captain, at)?;
        // G-B31/G-B32: the members' boards still to be played are emptied.
        super::rounds::take_off_unfit_now(conn, &members, true, captain, at)?;
        Ok(())
    })
}

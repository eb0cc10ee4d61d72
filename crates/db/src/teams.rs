//! Teams, their memberships (roster history), invitations and captaincy
//! hand-overs.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{captaincies, invitations, memberships, people, teams};
use super::{DbConnection, WriteTx};
use league_ids::{ChampionshipId, InvitationId, MembershipId, OrganizationId, PersonId, TeamId};

/// Where a team stands with the judges (G-B12) or its captain (G-B41).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamStatus {
    Pending,
    Approved,
    Rejected,
    Dissolved,
}

impl TeamStatus {
    /// Every status, for lists that must name teams whatever became of them.
    pub const ALL: [TeamStatus; 4] = [
        TeamStatus::Pending,
        TeamStatus::Approved,
        TeamStatus::Rejected,
        TeamStatus::Dissolved,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TeamStatus::Pending => "pending",
            TeamStatus::Approved => "approved",
            TeamStatus::Rejected => "rejected",
            TeamStatus::Dissolved => "dissolved",
        }
    }

    pub fn parse(s: &str) -> TeamStatus {
        match s {
            "approved" => TeamStatus::Approved,
            "rejected" => TeamStatus::Rejected,
            "dissolved" => TeamStatus::Dissolved,
            _ => TeamStatus::Pending,
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = teams)]
pub struct Team {
    pub id: TeamId,
    pub championship_id: ChampionshipId,
    pub name: String,
    pub name_key: String,
    pub motto: String,
    pub organization_id: Option<OrganizationId>,
    pub captain_id: PersonId,
    pub status: String,
    pub decision_reason: Option<String>,
    pub decided_by: Option<PersonId>,
    pub decided_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub dissolved_at: Option<NaiveDateTime>,
}

impl Team {
    pub fn status(&self) -> TeamStatus {
        TeamStatus::parse(&self.status)
    }
    /// Open for roster changes: applied or approved, not rejected or dissolved.
    pub fn is_active(&self) -> bool {
        matches!(self.status(), TeamStatus::Pending | TeamStatus::Approved)
    }
}

#[derive(Insertable)]
#[diesel(table_name = teams)]
pub struct NewTeam<'a> {
    pub championship_id: ChampionshipId,
    pub name: &'a str,
    pub name_key: &'a str,
    pub motto: &'a str,
    pub organization_id: Option<OrganizationId>,
    pub captain_id: PersonId,
    pub status: &'a str,
    pub created_at: NaiveDateTime,
}

pub fn insert(tx: &mut WriteTx<'_>, new: &NewTeam) -> QueryResult<TeamId> {
    let conn = tx.conn();
    diesel::insert_into(teams::table)
        .values(new)
        .returning(teams::id)
        .get_result(conn)
}

pub fn by_id(conn: &mut DbConnection, id: TeamId) -> QueryResult<Option<Team>> {
    teams::table
        .find(id)
        .select(Team::as_select())
        .first(conn)
        .optional()
}

/// G-B41: any team, dissolved or not, that holds this name key.
/// The captain of each of `ids` that is a team of championship `c`.
pub fn captains_in(
    conn: &mut DbConnection,
    c: ChampionshipId,
    ids: &[TeamId],
) -> QueryResult<Vec<(TeamId, PersonId)>> {
    teams::table
        .filter(teams::championship_id.eq(c))
        .filter(teams::id.eq_any(ids))
        .select((teams::id, teams::captain_id))
        .load(conn)
}

pub fn name_taken(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    name_key: &str,
) -> QueryResult<Option<Team>> {
    teams::table
        .filter(teams::championship_id.eq(championship))
        .filter(teams::name_key.eq(name_key))
        .select(Team::as_select())
        .first(conn)
        .optional()
}

pub fn of_championship(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    statuses: &[TeamStatus],
) -> QueryResult<Vec<Team>> {
    let names: Vec<&str> = statuses.iter().map(|s| s.as_str()).collect();
    teams::table
        .filter(teams::championship_id.eq(championship))
        .filter(teams::status.eq_any(names))
        .order(teams::name_key)
        .select(Team::as_select())
        .load(conn)
}

/// E-10: an active team of one of `organizations` (an enterprise and its
/// subsidiaries) in a championship, if any.
pub fn active_of_organizations(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    organizations: &[OrganizationId],
) -> QueryResult<Option<Team>> {
    teams::table
        .filter(teams::championship_id.eq(championship))
        .filter(teams::organization_id.eq_any(organizations))
        .order(teams::id)
        .filter(teams::status.eq_any(["pending", "approved"]))
        .select(Team::as_select())
        .first(conn)
        .optional()
}

pub fn decide(
    tx: &mut WriteTx<'_>,
    team: TeamId,
    status: TeamStatus,
    reason: Option<&str>,
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(teams::table.find(team).filter(teams::status.eq("pending")))
        .set((
            teams::status.eq(status.as_str()),
            teams::decision_reason.eq(reason),
            teams::decided_by.eq(by),
            teams::decided_at.eq(at),
        ))
        .execute(conn)
}

pub fn dissolve(tx: &mut WriteTx<'_>, team: TeamId, at: NaiveDateTime) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(
        teams::table
            .find(team)
            .filter(teams::status.eq_any(["pending", "approved"])),
    )
    .set((teams::status.eq("dissolved"), teams::dissolved_at.eq(at)))
    .execute(conn)
}

pub fn set_captain(tx: &mut WriteTx<'_>, team: TeamId, captain: PersonId) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(teams::table.find(team))
        .set(teams::captain_id.eq(captain))
        .execute(conn)
}

// ------------------------------------------------------------ memberships

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = memberships)]
pub struct Membership {
    pub id: MembershipId,
    pub team_id: TeamId,
    pub championship_id: ChampionshipId,
    pub person_id: PersonId,
    pub from_at: NaiveDateTime,
    pub until_at: Option<NaiveDateTime>,
    pub start_reason: String,
    pub end_reason: Option<String>,
}

#[derive(Insertable)]
#[diesel(table_name = memberships)]
struct NewMembership<'a> {
    team_id: TeamId,
    championship_id: ChampionshipId,
    person_id: PersonId,
    from_at: NaiveDateTime,
    start_reason: &'a str,
}

/// Opens a membership (G-B31). The partial unique index refuses a second
/// open membership of the person in the championship, also under races.
pub fn open_membership(
    tx: &mut WriteTx<'_>,
    team: &Team,
    person: PersonId,
    at: NaiveDateTime,
    reason: &str,
) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::insert_into(memberships::table)
        .values(NewMembership {
            team_id: team.id,
            championship_id: team.championship_id,
            person_id: person,
            from_at: at,
            start_reason: reason,
        })
        .execute(conn)
        .map(drop)
}

/// Closes the person's open membership of the team (G-B32); returns how
/// many rows changed (0 or 1).
pub fn close_membership(
    conn: &mut DbConnection,
    team: TeamId,
    person: PersonId,
    at: NaiveDateTime,
    reason: &str,
) -> QueryResult<usize> {
    close_open(conn, team, Some(person), at, reason)
}

/// Closes every open membership of a team (G-B41: dissolution).
pub fn close_all(
    conn: &mut DbConnection,
    team: TeamId,
    at: NaiveDateTime,
    reason: &str,
) -> QueryResult<usize> {
    close_open(conn, team, None, at, reason)
}

fn close_open(
    conn: &mut DbConnection,
    team: TeamId,
    person: Option<PersonId>,
    at: NaiveDateTime,
    reason: &str,
) -> QueryResult<usize> {
    let mut open = memberships::table
        .filter(memberships::team_id.eq(team))
        .filter(memberships::until_at.is_null())
        .select(memberships::id)
        .into_boxed();
    if let Some(p) = person {
        open = open.filter(memberships::person_id.eq(p));
    }
    let ids: Vec<MembershipId> = open.load(conn)?;
    diesel::update(memberships::table.filter(memberships::id.eq_any(ids)))
        .set((
            memberships::until_at.eq(at),
            memberships::end_reason.eq(reason),
        ))
        .execute(conn)
}

/// The person's open membership in a championship, with its team.
pub fn open_membership_in(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    person: PersonId,
) -> QueryResult<Option<(Membership, Team)>> {
    memberships::table
        .inner_join(teams::table)
        .filter(memberships::championship_id.eq(championship))
        .filter(memberships::person_id.eq(person))
        .filter(memberships::until_at.is_null())
        .select((Membership::as_select(), Team::as_select()))
        .first(conn)
        .optional()
}

/// A membership with the member's nick and name, for roster pages.
#[derive(Debug, Clone)]
pub struct RosterLine {
    pub membership: Membership,
    pub nick: String,
    pub full_name: String,
    /// Whether the member can sign in (a record nobody claimed cannot).
    pub has_account: bool,
}

/// Current members, in the order they joined.
pub fn current_members(conn: &mut DbConnection, team: TeamId) -> QueryResult<Vec<RosterLine>> {
    roster_lines(conn, team, true)
}

/// Every membership the team ever had, newest first.
pub fn roster_history(conn: &mut DbConnection, team: TeamId) -> QueryResult<Vec<RosterLine>> {
    roster_lines(conn, team, false)
}

fn roster_lines(
    conn: &mut DbConnection,
    team: TeamId,
    current: bool,
) -> QueryResult<Vec<RosterLine>> {
    let mut query = memberships::table
        .inner_join(people::table)
        .filter(memberships::team_id.eq(team))
        .select((
            Membership::as_select(),
            people::nick,
            people::full_name,
            people::password_hash.is_not_null(),
        ))
        .into_boxed();
    query = if current {
        query
            .filter(memberships::until_at.is_null())
            .order((memberships::from_at, memberships::id))
    } else {
        query.order((memberships::from_at.desc(), memberships::id.desc()))
    };
    query.load(conn).map(|rows| {
        rows.into_iter()
            .map(|(membership, nick, full_name, has_account)| RosterLine {
                membership,
                nick,
                full_name,
                has_account,
            })
            .collect()
    })
}

pub fn count_current(conn: &mut DbConnection, team: TeamId) -> QueryResult<i64> {
    memberships::table
        .filter(memberships::team_id.eq(team))
        .filter(memberships::until_at.is_null())
        .count()
        .get_result(conn)
}

/// (full name, team name) of everyone on a roster of the championship now.
pub fn open_member_names(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<Vec<(String, String)>> {
    memberships::table
        .inner_join(teams::table)
        .inner_join(people::table)
        .filter(memberships::championship_id.eq(championship))
        .filter(memberships::until_at.is_null())
        .select((people::full_name, teams::name))
        .load(conn)
}

/// The current members of a championship's teams of these statuses,
/// each once.
pub fn current_members_of_championship(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    statuses: &[TeamStatus],
) -> QueryResult<Vec<PersonId>> {
    let names: Vec<&str> = statuses.iter().map(|s| s.as_str()).collect();
    let mut ids: Vec<PersonId> = memberships::table
        .inner_join(teams::table)
        .filter(teams::championship_id.eq(championship))
        .filter(teams::status.eq_any(names))
        .filter(memberships::until_at.is_null())
        .select(memberships::person_id)
        .load(conn)?;
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// The current members of a championship's teams of these statuses, each
/// with their team.
pub fn current_roster_of_championship(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    statuses: &[TeamStatus],
) -> QueryResult<Vec<(PersonId, TeamId)>> {
    let names: Vec<&str> = statuses.iter().map(|s| s.as_str()).collect();
    memberships::table
        .inner_join(teams::table)
        .filter(teams::championship_id.eq(championship))
        .filter(teams::status.eq_any(names))
        .filter(memberships::until_at.is_null())
        .select((memberships::person_id, memberships::team_id))
        .load(conn)
}

/// Members of a team at an instant (G-B31/B32: eligibility is judged at
/// the moment of play).
pub fn members_at(
    conn: &mut DbConnection,
    team: TeamId,
    at: NaiveDateTime,
) -> QueryResult<Vec<PersonId>> {
    memberships::table
        .filter(memberships::team_id.eq(team))
        .filter(memberships::from_at.le(at))
        .filter(
            memberships::until_at
                .is_null()
                .or(memberships::until_at.gt(at)),
        )
        .select(memberships::person_id)
        .load(conn)
}

/// Everyone on a team's roster at some moment of `from..=to` (G-B31/B32):
/// a member who left before `to` counts if they were still there at
/// `from`, and so does one who joined after it. Each once.
pub fn members_during(
    conn: &mut DbConnection,
    team: TeamId,
    from: NaiveDateTime,
    to: NaiveDateTime,
) -> QueryResult<Vec<PersonId>> {
    let mut ids: Vec<PersonId> = memberships::table
        .filter(memberships::team_id.eq(team))
        .filter(memberships::from_at.le(to))
        .filter(
            memberships::until_at
                .is_null()
                .or(memberships::until_at.gt(from)),
        )
        .select(memberships::person_id)
        .load(conn)?;
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

// ------------------------------------------------------------ invitations

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvitationStatus {
    Pending,
    /// Accepted by the player, waiting for a judge (TransferRule::JudgeApproval).
    AwaitingApproval,
    Accepted,
    Declined,
    Cancelled,
    /// Refused by a judge.
    Refused,
}

impl InvitationStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            InvitationStatus::Pending => "pending",
            InvitationStatus::AwaitingApproval => "awaiting_approval",
            InvitationStatus::Accepted => "accepted",
            InvitationStatus::Declined => "declined",
            InvitationStatus::Cancelled => "cancelled",
            InvitationStatus::Refused => "refused",
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = invitations)]
pub struct Invitation {
    pub id: InvitationId,
    pub team_id: TeamId,
    pub person_id: PersonId,
    pub invited_by: PersonId,
    pub created_at: NaiveDateTime,
    pub status: String,
    pub decided_at: Option<NaiveDateTime>,
    pub decided_by: Option<PersonId>,
    pub note: Option<String>,
}

#[derive(Insertable)]
#[diesel(table_name = invitations)]
struct NewInvitation<'a> {
    team_id: TeamId,
    person_id: PersonId,
    invited_by: PersonId,
    created_at: NaiveDateTime,
    status: &'a str,
}

pub fn invite(
    tx: &mut WriteTx<'_>,
    team: TeamId,
    person: PersonId,
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<InvitationId> {
    let conn = tx.conn();
    diesel::insert_into(invitations::table)
        .values(NewInvitation {
            team_id: team,
            person_id: person,
            invited_by: by,
            created_at: at,
            status: InvitationStatus::Pending.as_str(),
        })
        .returning(invitations::id)
        .get_result(conn)
}

pub fn invitation(conn: &mut DbConnection, id: InvitationId) -> QueryResult<Option<Invitation>> {
    invitations::table
        .find(id)
        .select(Invitation::as_select())
        .first(conn)
        .optional()
}

/// Moves an invitation from one of `from` to `to`; 0 rows when it was no
/// longer in one of `from` (someone else acted first).
pub fn set_invitation_status(
    tx: &mut WriteTx<'_>,
    id: InvitationId,
    from: &[InvitationStatus],
    to: InvitationStatus,
    by: PersonId,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    let conn = tx.conn();
    let from: Vec<&str> = from.iter().map(|s| s.as_str()).collect();
    diesel::update(
        invitations::table
            .find(id)
            .filter(invitations::status.eq_any(from)),
    )
    .set((
        invitations::status.eq(to.as_str()),
        invitations::decided_at.eq(at),
        invitations::decided_by.eq(by),
    ))
    .execute(conn)
}

/// Cancels every open invitation of a team (dissolution).
pub fn cancel_all(tx: &mut WriteTx<'_>, team: TeamId, at: NaiveDateTime) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::update(
        invitations::table
            .filter(invitations::team_id.eq(team))
            .filter(invitations::status.eq_any(["pending", "awaiting_approval"])),
    )
    .set((
        invitations::status.eq("cancelled"),
        invitations::decided_at.eq(at),
    ))
    .execute(conn)
}

/// An open (pending) invitation of this person to this team, if any.
pub fn open_invitation(
    conn: &mut DbConnection,
    team: TeamId,
    person: PersonId,
) -> QueryResult<Option<Invitation>> {
    invitations::table
        .filter(invitations::team_id.eq(team))
        .filter(invitations::person_id.eq(person))
        .filter(invitations::status.eq_any(["pending", "awaiting_approval"]))
        .select(Invitation::as_select())
        .first(conn)
        .optional()
}

/// An invitation with its team's name and the invitee's nick.
#[derive(Debug, Clone, Queryable)]
pub struct InvitationLine {
    pub invitation: Invitation,
    pub team_name: String,
    pub nick: String,
}

fn invitation_lines(
    rows: Vec<(Invitation, String)>,
    conn: &mut DbConnection,
) -> QueryResult<Vec<InvitationLine>> {
    let mut out = Vec::with_capacity(rows.len());
    for (invitation, team_name) in rows {
        let nick = people::table
            .find(invitation.person_id)
            .select(people::nick)
            .first(conn)?;
        out.push(InvitationLine {
            invitation,
            team_name,
            nick,
        });
    }
    Ok(out)
}

/// Open invitations addressed to a person.
pub fn invitations_for(
    conn: &mut DbConnection,
    person: PersonId,
) -> QueryResult<Vec<InvitationLine>> {
    let rows = invitations::table
        .inner_join(teams::table)
        .filter(invitations::person_id.eq(person))
        .filter(invitations::status.eq_any(["pending", "awaiting_approval"]))
        .order(invitations::id)
        .select((Invitation::as_select(), teams::name))
        .load(conn)?;
    invitation_lines(rows, conn)
}

/// Open invitations of a team.
pub fn invitations_of(conn: &mut DbConnection, team: TeamId) -> QueryResult<Vec<InvitationLine>> {
    let rows = invitations::table
        .inner_join(teams::table)
        .filter(invitations::team_id.eq(team))
        .filter(invitations::status.eq_any(["pending", "awaiting_approval"]))
        .order(invitations::id)
        .select((Invitation::as_select(), teams::name))
        .load(conn)?;
    invitation_lines(rows, conn)
}

/// Transfers waiting for a judge in a championship.
pub fn awaiting_approval(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<Vec<InvitationLine>> {
    let rows = invitations::table
        .inner_join(teams::table)
        .filter(teams::championship_id.eq(championship))
        .filter(invitations::status.eq("awaiting_approval"))
        .order(invitations::id)
        .select((Invitation::as_select(), teams::name))
        .load(conn)?;
    invitation_lines(rows, conn)
}

// ------------------------------------------------------------ captaincies

#[derive(Insertable)]
#[diesel(table_name = captaincies)]
struct NewCaptaincy {
    team_id: TeamId,
    from_person: Option<PersonId>,
    to_person: PersonId,
    at: NaiveDateTime,
}

/// Records a hand-over (G-B34); `from` is `None` for the applicant.
pub fn record_captaincy(
    tx: &mut WriteTx<'_>,
    team: TeamId,
    from: Option<PersonId>,
    to: PersonId,
    at: NaiveDateTime,
) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::insert_into(captaincies::table)
        .values(NewCaptaincy {
            team_id: team,
            from_person: from,
            to_person: to,
            at,
        })
        .execute(conn)
        .map(drop)
}

/// One hand-over with names, for the chief judge's list.
#[derive(Debug, Clone)]
pub struct CaptaincyLine {
    pub team_id: TeamId,
    pub team_name: String,
    pub from_nick: Option<String>,
    pub to_nick: String,
    pub at: NaiveDateTime,
}

/// Every hand-over of the championship's teams, newest first.
pub fn captaincies_of(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<Vec<CaptaincyLine>> {
    type Row = (TeamId, String, Option<PersonId>, PersonId, NaiveDateTime);
    let rows: Vec<Row> = captaincies::table
        .inner_join(teams::table.on(teams::id.eq(captaincies::team_id)))
        .filter(teams::championship_id.eq(championship))
        .order((captaincies::at.desc(), captaincies::id.desc()))
        .select((
            teams::id,
            teams::name,
            captaincies::from_person,
            captaincies::to_person,
            captaincies::at,
        ))
        .load(conn)?;
    let mut out = Vec::with_capacity(rows.len());
    for (team_id, team_name, from, to, at) in rows {
        let nick = |conn: &mut DbConnection, id: PersonId| -> QueryResult<String> {
            people::table.find(id).select(people::nick).first(conn)
        };
        out.push(CaptaincyLine {
            team_id,
            team_name,
            from_nick: from.map(|f| nick(conn, f)).transpose()?,
            to_nick: nick(conn, to)?,
            at,
        });
    }
    Ok(out)
}

/// The teams a person is a member of now, with the membership's start.
pub fn teams_of_person(
    conn: &mut DbConnection,
    person: PersonId,
) -> QueryResult<Vec<(Team, NaiveDateTime)>> {
    memberships::table
        .inner_join(teams::table)
        .filter(memberships::person_id.eq(person))
        .filter(memberships::until_at.is_null())
        .order(memberships::from_at)
        .select((Team::as_select(), memberships::from_at))
        .load(conn)
}

/// Every membership a person ever had, with its team, oldest first (the
/// person's teams over time).
pub fn memberships_of_person(
    conn: &mut DbConnection,
    person: PersonId,
) -> QueryResult<Vec<(Membership, Team)>> {
    memberships::table
        .inner_join(teams::table)
        .filter(memberships::person_id.eq(person))
        .order((memberships::from_at, memberships::id))
        .select((Membership::as_select(), Team::as_select()))
        .load(conn)
}

/// The hand-overs of one team's captaincy (G-B34), oldest first; the
/// first names the applicant (no `from`).
pub fn captaincies_of_team(
    conn: &mut DbConnection,
    team: TeamId,
) -> QueryResult<Vec<(Option<String>, String, NaiveDateTime)>> {
    let rows: Vec<(Option<PersonId>, PersonId, NaiveDateTime)> = captaincies::table
        .filter(captaincies::team_id.eq(team))
        .order((captaincies::at, captaincies::id))
        .select((
            captaincies::from_person,
            captaincies::to_person,
            captaincies::at,
        ))
        .load(conn)?;
    let mut out = Vec::with_capacity(rows.len());
    for (from, to, at) in rows {
        let nick = |conn: &mut DbConnection, id: PersonId| -> QueryResult<String> {
            people::table.find(id).select(people::nick).first(conn)
        };
        out.push((
            from.map(|f| nick(conn, f)).transpose()?,
            nick(conn, to)?,
            at,
        ));
    }
    Ok(out)
}

/// A transfer (G-B33) seen from one team: the person left one team of the
/// championship and joined the other at the same instant.
#[derive(Debug, Clone)]
pub struct TransferLine {
    pub nick: String,
    pub at: NaiveDateTime,
    pub from_team: (TeamId, String),
    pub to_team: (TeamId, String),
}

/// The transfers into and out of a team, oldest first. A transfer closes
/// the old membership and opens the new one with the same timestamp, both
/// marked "transfer" (the application's `teams::accept`).
pub fn transfers_of_team(conn: &mut DbConnection, team: TeamId) -> QueryResult<Vec<TransferLine>> {
    let own: Vec<(Membership, String, String)> = memberships::table
        .inner_join(teams::table)
        .inner_join(people::table)
        .filter(memberships::team_id.eq(team))
        .filter(
            memberships::start_reason
                .eq("transfer")
                .or(memberships::end_reason.eq("transfer")),
        )
        .select((Membership::as_select(), teams::name, people::nick))
        .load(conn)?;
    let mut out = Vec::new();
    for (m, team_name, nick) in own {
        let here = (m.team_id, team_name);
        // Incoming: the other team's membership closed when this opened.
        if m.start_reason == "transfer"
            && let Some((other, name)) = memberships::table
                .inner_join(teams::table)
                .filter(memberships::person_id.eq(m.person_id))
                .filter(memberships::championship_id.eq(m.championship_id))
                .filter(memberships::team_id.ne(m.team_id))
                .filter(memberships::end_reason.eq("transfer"))
                .filter(memberships::until_at.eq(m.from_at))
                .select((teams::id, teams::name))
                .first::<(TeamId, String)>(conn)
                .optional()?
        {
            out.push(TransferLine {
                nick: nick.clone(),
                at: m.from_at,
                from_team: (other, name),
                to_team: here.clone(),
            });
        }
        // Outgoing: the other team's membership opened when this closed.
        if m.end_reason.as_deref() == Some("transfer")
            && let Some(until) = m.until_at
            && let Some((other, name)) = memberships::table
                .inner_join(teams::table)
                .filter(memberships::person_id.eq(m.person_id))
                .filter(memberships::championship_id.eq(m.championship_id))
                .filter(memberships::team_id.ne(m.team_id))
                .filter(memberships::start_reason.eq("transfer"))
                .filter(memberships::from_at.eq(until))
                .select((teams::id, teams::name))
                .first::<(TeamId, String)>(conn)
                .optional()?
        {
            out.push(TransferLine {
                nick: nick.clone(),
                at: until,
                from_team: here.clone(),
                to_team: (other, name),
            });
        }
    }
    out.sort_by(|a, b| a.at.cmp(&b.at).then_with(|| a.nick.cmp(&b.nick)));
    Ok(out)
}

/// Whether team `team` is championship `c`'s (path nesting).
pub fn in_championship(
    conn: &mut DbConnection,
    c: ChampionshipId,
    team: TeamId,
) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        teams::table
            .filter(teams::id.eq(team))
            .filter(teams::championship_id.eq(c)),
    ))
    .get_result(conn)
}

/// The nicks of everyone on a team of the championship now, sorted: the
/// players forms of its officials suggest.
pub fn member_nicks_of_championship(
    conn: &mut DbConnection,
    c: ChampionshipId,
) -> QueryResult<Vec<String>> {
    let ids = current_members_of_championship(conn, c, &TeamStatus::ALL)?;
    let mut nicks: Vec<String> = super::people::nicks_of(conn, &ids)?
        .into_iter()
        .map(|(_, nick)| nick)
        .collect();
    nicks.sort();
    Ok(nicks)
}

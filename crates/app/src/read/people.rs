//! The people's read models: a person's page (teams, club membership,
//! bans and clone links, sanctions, employment, games) with the viewer's
//! powers over it, and a championship's people for its organizers (the
//! roll), each loaded in one place.

use std::collections::{BTreeSet, HashMap};

use chrono::NaiveDateTime;

use crate::access::{Judges, Organizers, RoleSet};
use crate::db::people::Person;
use crate::db::standing::{Ban, CloneLink, ClubMembership, Employment};
use crate::db::teams::{self as t};
use crate::db::{self, DbConnection, QueryError, organizations, people, standing};
use crate::ids::{ChampionshipId, EntryId, GameId, OrganizationId, PersonId};
use crate::penalties::Bar;

/// What a person played: every membership with its team and championship,
/// the games of published rounds, and the names those games refer to.
pub struct Played {
    /// Each with its championship's name and time zone.
    pub memberships: Vec<(t::Membership, t::Team, (String, chrono_tz::Tz))>,
    pub games: Vec<db::rounds::PersonGame>,
    pub entries: HashMap<EntryId, String>,
    pub nicks: HashMap<PersonId, String>,
    /// The games whose record (PGN) is kept.
    pub recorded: Vec<GameId>,
}

impl Played {
    pub fn load(conn: &mut DbConnection, person: PersonId) -> Result<Played, QueryError> {
        let championships: HashMap<ChampionshipId, (String, chrono_tz::Tz)> =
            db::championships::list(conn)?
                .into_iter()
                .map(|c| (c.id, (c.name.clone(), c.tz())))
                .collect();
        let memberships = t::memberships_of_person(conn, person)?
            .into_iter()
            .map(|(m, team)| {
                let named = championships
                    .get(&team.championship_id)
                    .cloned()
                    .unwrap_or_else(|| (String::new(), chrono_tz::UTC));
                (m, team, named)
            })
            .collect();
        let games = db::rounds::games_of_person(conn, person)?;
        let mut entry_ids: Vec<EntryId> = games
            .iter()
            .flat_map(|g| std::iter::once(g.home_entry_id).chain(g.away_entry_id))
            .collect();
        entry_ids.sort_unstable();
        entry_ids.dedup();
        let mut people_ids: Vec<PersonId> = games
            .iter()
            .flat_map(|g| [g.game.home_player_id, g.game.away_player_id])
            .flatten()
            .collect();
        people_ids.sort_unstable();
        people_ids.dedup();
        Ok(Played {
            memberships,
            entries: db::entries::names_of(conn, &entry_ids)?
                .into_iter()
                .collect(),
            nicks: people::nicks_of(conn, &people_ids)?.into_iter().collect(),
            recorded: db::games::recorded_among(
                conn,
                &games.iter().map(|g| g.game.id).collect::<Vec<_>>(),
            )?,
            games,
        })
    }
}

/// The viewer's powers on a person's page.
pub struct PersonPowers {
    /// The viewer organizes some championship (an administrator does).
    pub is_organizer: bool,
    /// The viewer judges some championship (an administrator does).
    pub is_judge: bool,
    pub is_admin: bool,
    /// The championships the viewer organizes (every one for an
    /// administrator): G-A7 club membership is marked there.
    pub organizes: Vec<ChampionshipId>,
    /// The championships the viewer judges (every one for an
    /// administrator): bans and clone links are made there.
    pub judges: Vec<ChampionshipId>,
    /// E-12: the viewer captains a team the person is in (they enter
    /// employment for the members of their team).
    pub captains_them: bool,
    /// E-12: the viewer organizes a championship the person plays in (or is
    /// an administrator): they confirm employment records.
    pub organizes_them: bool,
}

/// Everything a person's page shows, for one viewer.
pub struct PersonPage {
    pub person: Person,
    pub now: NaiveDateTime,
    /// Every championship's name and time zone.
    pub names: HashMap<ChampionshipId, String>,
    pub zones: HashMap<ChampionshipId, chrono_tz::Tz>,
    pub powers: PersonPowers,
    /// G-A7: club membership periods, the newest first.
    pub club: Vec<ClubMembership>,
    /// G-A7: the nicks of the person's other accounts.
    pub clones: Vec<String>,
    /// The clone links of this account, each with the other account's nick.
    pub links: Vec<(CloneLink, String)>,
    /// G-A7: the bans of the person's accounts, each with its account's nick.
    pub bans: Vec<(Ban, String)>,
    /// G-G4, G-G7: the sanctions still to serve, by championship (the same
    /// reading as the entry, the boards and the roster).
    pub bars: Vec<(ChampionshipId, Bar)>,
    /// E-12: employment records, each with the organization's name.
    pub employments: Vec<(Employment, String)>,
    pub organizations: Vec<(OrganizationId, String)>,
    pub played: Played,
    /// The clone form's suggestions, for the judges who see it.
    pub nick_choices: Vec<String>,
    /// The viewer may send a claim link for this record
    /// (`claims::may_send`); never for an account.
    pub may_send_claim: bool,
    /// Every rating the person holds, oldest first; the FIDE id.
    pub ratings: Vec<db::ratings::Rating>,
    pub fide_id: Option<i64>,
    /// The platform's rating after each month the person played in.
    pub platform: Vec<db::ratings::PlatformRating>,
}

impl PersonPowers {
    /// The viewer's roles anywhere and where they hold them; the person's
    /// teams tell whether they captain or organize them.
    fn load(
        conn: &mut DbConnection,
        viewer: Option<(PersonId, bool)>,
        teams: &[(t::Team, NaiveDateTime)],
    ) -> Result<PersonPowers, QueryError> {
        let (is_organizer, is_judge) = match viewer {
            Some((_, true)) => (true, true),
            Some((person, false)) => {
                let held = db::roles::roles_anywhere(conn, person)?;
                let holds = |roles: &[db::roles::Role]| roles.iter().any(|r| held.contains(r));
                (holds(Organizers::ROLES), holds(Judges::ROLES))
            }
            None => (false, false),
        };
        let (mut organizes, mut judges) = (Vec::new(), Vec::new());
        if let Some(by) = viewer {
            organizes = crate::people::scopes_of::<Organizers>(conn, by)?;
            judges = crate::people::scopes_of::<Judges>(conn, by)?;
        }
        let organizes_them = match viewer {
            Some(by) => crate::people::organizes_any(
                conn,
                by,
                teams.iter().map(|(t, _)| t.championship_id),
            )?,
            None => false,
        };
        Ok(PersonPowers {
            is_organizer,
            is_judge,
            is_admin: viewer.is_some_and(|(_, admin)| admin),
            organizes,
            judges,
            captains_them: viewer
                .is_some_and(|(v, _)| teams.iter().any(|(tm, _)| tm.captain_id == v)),
            organizes_them,
        })
    }
}

impl PersonPage {
    /// The page of the person named `nick` as `viewer` (person, is an
    /// administrator) sees it; `None` when there is no such person.
    pub fn load(
        conn: &mut DbConnection,
        viewer: Option<(PersonId, bool)>,
        nick: &str,
    ) -> Result<Option<PersonPage>, QueryError> {
        let Some(person) = people::by_nick(conn, nick)? else {
            return Ok(None);
        };
        let all = db::championships::list(conn)?;
        let zones = all.iter().map(|c| (c.id, c.tz())).collect();
        let names = all.into_iter().map(|c| (c.id, c.name)).collect();
        let teams = t::teams_of_person(conn, person.id)?;
        let powers = PersonPowers::load(conn, viewer, &teams)?;
        let group = standing::clone_group(conn, person.id)?;
        let may_send_claim = match viewer {
            Some(by) if !person.has_account() => crate::claims::may_send(conn, by, &person)?,
            _ => false,
        };
        let nick_choices = if powers.is_judge {
            people::nick_choices(conn)?
        } else {
            Vec::new()
        };
        Ok(Some(PersonPage {
            now: db::utc_now(),
            club: standing::club_periods(conn, person.id)?,
            clones: clone_nicks(conn, person.id, &group)?,
            links: links_of(conn, person.id)?,
            bans: bans_of(conn, &group)?,
            bars: crate::penalties::bars_everywhere(conn, person.id)?
                .into_iter()
                .filter(|(_, b)| !b.served)
                .collect(),
            employments: standing::employments_of(conn, person.id)?,
            organizations: organizations::list(conn)?
                .into_iter()
                .map(|o| (o.id, o.name))
                .collect(),
            played: Played::load(conn, person.id)?,
            names,
            zones,
            powers,
            nick_choices,
            may_send_claim,
            ratings: db::ratings::of_person(conn, person.id)?,
            fide_id: db::ratings::fide_id_of(conn, person.id)?,
            platform: db::ratings::platform_history(conn, person.id)?,
            person,
        }))
    }
}

/// The nicks of the other accounts of `group`.
fn clone_nicks(
    conn: &mut DbConnection,
    person: PersonId,
    group: &BTreeSet<PersonId>,
) -> Result<Vec<String>, QueryError> {
    let mut clones = Vec::new();
    for id in group.iter().filter(|id| **id != person) {
        if let Some(c) = people::by_id(conn, *id)? {
            clones.push(c.nick);
        }
    }
    Ok(clones)
}

/// The person's clone links, each with the other account's nick.
fn links_of(
    conn: &mut DbConnection,
    person: PersonId,
) -> Result<Vec<(CloneLink, String)>, QueryError> {
    let mut links = Vec::new();
    for l in standing::clone_links_of(conn, person)? {
        let other = if l.person_a == person {
            l.person_b
        } else {
            l.person_a
        };
        let nick = people::by_id(conn, other)?
            .map(|x| x.nick)
            .unwrap_or_default();
        links.push((l, nick));
    }
    Ok(links)
}

/// The bans of the accounts of `group`, each with its account's nick.
fn bans_of(
    conn: &mut DbConnection,
    group: &BTreeSet<PersonId>,
) -> Result<Vec<(Ban, String)>, QueryError> {
    let mut bans = Vec::new();
    for b in standing::bans_of(conn, group)? {
        let nick = people::by_id(conn, b.person_id)?
            .map(|x| x.nick)
            .unwrap_or_default();
        bans.push((b, nick));
    }
    Ok(bans)
}

/// The most accounts the roll's club list shows at once; a search narrows it.
pub const CLUB_LIST: i64 = 300;

/// A championship's people for its organizers.
pub struct PeopleRoll {
    pub championship: db::championships::Championship,
    /// G-A7: the regulation in force asks for club membership.
    pub club_required: bool,
    /// The accounts whose nick starts with the query, each with whether it
    /// is a club member here now; those still to be marked first. Empty
    /// unless `club_required`.
    pub club: Vec<(bool, Person)>,
    /// The club list stopped at [`CLUB_LIST`].
    pub club_cut: bool,
    /// E-12, R-2.1: the regulation asks for employment proof or admits
    /// staff only.
    pub asks_employment: bool,
}

impl PeopleRoll {
    /// The roll of championship `c`, its club list narrowed to nicks
    /// starting with `prefix`; `None` when there is no such championship.
    pub fn load(
        conn: &mut DbConnection,
        c: ChampionshipId,
        prefix: &str,
    ) -> Result<Option<PeopleRoll>, QueryError> {
        let now = db::utc_now();
        let Some(championship) = db::championships::by_id(conn, c)? else {
            return Ok(None);
        };
        let reg = crate::regulation::in_force(conn, &championship, now)?.regulation;
        let club_required = reg.roster.club_membership_required;
        let (mut club, mut club_cut) = (Vec::new(), false);
        if club_required {
            let mut found = people::with_nick_prefix(conn, prefix, CLUB_LIST + 1)?;
            club_cut = found.len() as i64 > CLUB_LIST;
            found.truncate(CLUB_LIST as usize);
            let ids: Vec<PersonId> = found.iter().map(|p| p.id).collect();
            let members = standing::club_members_among(conn, &ids, now, c)?;
            club = found
                .into_iter()
                .map(|p| (members.contains(&p.id), p))
                .collect::<Vec<_>>();
            // Those still to be marked first.
            club.sort_by_key(|(member, _)| *member);
        }
        // E-12 asks for proof; admits staff only: the records are
        // confirmed at the desk (`read::desk`).
        let shown = crate::rules::eligibility::employment_rule(&reg).is_some();
        Ok(Some(PeopleRoll {
            championship,
            club_required,
            club,
            club_cut,
            asks_employment: shown,
        }))
    }
}

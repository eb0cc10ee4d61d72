//! The writes of `league generate` (`cli::generate`), which fills an empty
//! database for benchmarks: its championships, each with one organizer
//! and chief judge, and its people. The tournaments themselves go through
//! the TRF import (`app::trf::import`), as an organizer's would.

use chrono::NaiveDateTime;

use super::PlayError;
use super::championship::NewChampionship;
use crate::db::{DbConnection, championships, people, roles, write_transaction};
use crate::ids::{ChampionshipId, PersonId};

/// Makes a championship that `organizer` organizes and judges.
pub fn championship(
    conn: &mut DbConnection,
    new: &NewChampionship,
    organizer: PersonId,
    now: NaiveDateTime,
) -> Result<ChampionshipId, PlayError<()>> {
    write_transaction(conn, |conn| {
        let c = championships::create(
            conn,
            &championships::NewChampionship {
                slug: new.slug,
                name: new.name,
                regulation: new.regulation,
                preset: new.preset,
                time_zone: new.time_zone,
                created_by: Some(organizer),
                created_at: now,
            },
        )?;
        for role in [roles::Role::Organizer, roles::Role::ChiefJudge] {
            roles::grant(conn, organizer, c, role, Some(organizer))?;
        }
        Ok(c)
    })
}

/// Why a generated person could not be stored: the database already
/// holds one of the name or address.
#[derive(Debug)]
pub struct PersonTaken {
    pub nick: String,
    pub taken: people::InsertPersonError,
}

/// Stores people, given as (nick, full name), in one transaction: each
/// with the address `<nick>@bench.invalid`, the password `hash`, Russian
/// as their language. Nothing is stored when a name is taken.
pub fn people(
    conn: &mut DbConnection,
    named: &[(&str, &str)],
    hash: &str,
) -> Result<Vec<PersonId>, PlayError<PersonTaken>> {
    write_transaction(conn, |conn| {
        let mut ids = Vec::with_capacity(named.len());
        for (nick, full_name) in named {
            let email = format!("{nick}@bench.invalid");
            let new = people::NewPerson {
                nick,
                full_name,
                email: &email,
                password_hash: hash,
                locale: "ru",
                is_admin: false,
            };
            match people::insert(conn, &new) {
                Ok(id) => ids.push(id),
                Err(people::InsertPersonError::Db(e)) => return Err(PlayError::Db(e)),
                Err(taken) => {
                    return Err(PlayError::Refused(vec![PersonTaken {
                        nick: (*nick).to_owned(),
                        taken,
                    }]));
                }
            }
        }
        Ok(ids)
    })
}

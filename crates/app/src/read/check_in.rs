//! The organizers' check-in desk of a tournament day (R-2.2..R-2.4): one
//! row per participant of the entries still entered, with what they
//! presented and whether that admits them.

use crate::check_in::{facts_of, participants};
use crate::db::{DbConnection, QueryError};
use crate::ids::{ChampionshipId, PersonId, TournamentId};
use crate::rounds::Loaded;
use crate::rules::check_in::{Facts, Unmet, admission, on_file};
use crate::rules::eligibility::{Document, DocumentShortfall, participant_shortfalls};
use crate::rules::regulation::DocumentHolder;

/// One participant at the desk.
pub struct DeskRow {
    pub person: PersonId,
    pub entry: String,
    pub nick: String,
    /// The name the desk calls out and checks against the passport.
    pub full_name: String,
    /// What was recorded (nothing presented until checked in).
    pub facts: Facts,
    /// Whether the desk has recorded this participant yet.
    pub checked: bool,
    /// ..R-2.4: what the recorded facts leave unmet.
    pub unmet: Vec<Unmet>,
    /// the requirements the papers handed in ahead do not meet on
    /// the tournament's day (empty: all approved and valid).
    pub papers: Vec<DocumentShortfall>,
    /// What the approved papers stand for: a tick "arrived" adds it.
    pub on_file: Facts,
}

impl DeskRow {
    /// Checked in and nothing unmet.
    pub fn admitted(&self) -> bool {
        self.checked && self.unmet.is_empty()
    }
}

/// Everything the check-in page shows.
pub struct CheckInDesk {
    pub championship_name: String,
    pub tournament_number: i32,
    pub rows: Vec<DeskRow>,
    /// The regulation asks the participants for papers.
    pub papers_asked: bool,
}

impl CheckInDesk {
    /// The desk of tournament `t` of championship `c`; `None` when there is
    /// no such tournament or its regulation has no check-in.
    pub fn load(
        conn: &mut DbConnection,
        c: ChampionshipId,
        t: TournamentId,
    ) -> Result<Option<CheckInDesk>, QueryError> {
        let Some(l) = Loaded::load(conn, t)?.filter(|l| l.ctx.championship.id == c) else {
            return Ok(None);
        };
        if !l.ctx.regulation.play.check_in {
            return Ok(None);
        }
        let participants = participants(conn, &l)?;
        let ids: Vec<PersonId> = participants.iter().map(|p| p.person).collect();
        // what each one handed in ahead, as eligibility reads it.
        let papers = crate::db::documents::for_eligibility_of_people(conn, &ids)?;
        let day = crate::check_in::day_of(&l);
        let requirements = &l.ctx.regulation.documents;
        let names: std::collections::HashMap<PersonId, String> =
            crate::db::people::full_names_of(conn, &ids)?
                .into_iter()
                .collect();
        let rows = participants
            .into_iter()
            .map(|p| {
                let facts = p.checked.as_ref().map(facts_of).unwrap_or_default();
                let handed: &[Document] = papers.get(&p.person).map_or(&[], Vec::as_slice);
                DeskRow {
                    papers: participant_shortfalls(requirements, day, handed),
                    on_file: on_file(handed, day),
                    unmet: admission(&facts),
                    full_name: names.get(&p.person).cloned().unwrap_or_default(),
                    person: p.person,
                    entry: p.entry_name,
                    nick: p.nick,
                    facts,
                    checked: p.checked.is_some(),
                }
            })
            .collect();
        Ok(Some(CheckInDesk {
            championship_name: l.ctx.championship.name.clone(),
            tournament_number: l.ctx.tournament.number,
            papers_asked: requirements
                .iter()
                .any(|r| r.holder == DocumentHolder::Participant),
            rows,
        }))
    }

    /// How many are admitted so far.
    pub fn admitted(&self) -> usize {
        self.rows.iter().filter(|r| r.admitted()).count()
    }
}

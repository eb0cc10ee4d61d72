//! Admission on the day (R-2.2..R-2.4): each participant presents a
//! medical certificate or a signed waiver and a passport copy; a
//! participant with medical contraindications or intoxicated is not
//! admitted; one with symptoms of illness needs a doctor's note
//! of the same day. The organizer records what was presented;
//! admission follows from it.

/// What stands in for the medical clearance (R-2.2: "a medical
/// certificate and/or a signed waiver").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Medical {
    Certificate,
    Waiver,
}

impl Medical {
    pub const ALL: [Medical; 2] = [Medical::Certificate, Medical::Waiver];

    pub fn code(self) -> &'static str {
        match self {
            Medical::Certificate => "certificate",
            Medical::Waiver => "waiver",
        }
    }

    pub fn parse(s: &str) -> Option<Medical> {
        Medical::ALL.into_iter().find(|m| m.code() == s)
    }
}

/// Why the organizer turned a participant away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Contraindications,
    Intoxication,
}

impl Refusal {
    pub const ALL: [Refusal; 2] = [Refusal::Contraindications, Refusal::Intoxication];

    pub fn code(self) -> &'static str {
        match self {
            Refusal::Contraindications => "contraindications",
            Refusal::Intoxication => "intoxication",
        }
    }

    pub fn parse(s: &str) -> Option<Refusal> {
        Refusal::ALL.into_iter().find(|r| r.code() == s)
    }
}

/// What the organizer saw at check-in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Facts {
    pub medical: Option<Medical>,
    pub passport: bool,
    pub symptoms: bool,
    pub doctor_note: bool,
    pub refusal: Option<Refusal>,
}

/// One reason a participant is not admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unmet {
    /// neither a medical certificate nor a signed waiver.
    MedicalOrWaiver,
    /// no passport copy.
    Passport,
    /// turned away by the organizer.
    Refused(Refusal),
    /// symptoms of illness without a same-day doctor's note.
    DoctorNote,
}

/// Every reason the participant is not admitted; empty: admitted.
pub fn admission(f: &Facts) -> Vec<Unmet> {
    let mut out = Vec::new();
    if let Some(r) = f.refusal {
        out.push(Unmet::Refused(r));
    }
    if f.medical.is_none() {
        out.push(Unmet::MedicalOrWaiver);
    }
    if !f.passport {
        out.push(Unmet::Passport);
    }
    if f.symptoms && !f.doctor_note {
        out.push(Unmet::DoctorNote);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cleared() -> Facts {
        Facts {
            medical: Some(Medical::Certificate),
            passport: true,
            ..Facts::default()
        }
    }

    #[test]
    fn r_2_2_a_certificate_or_a_waiver_and_the_passport_admit() {
        assert!(admission(&cleared()).is_empty());
        let waiver = Facts {
            medical: Some(Medical::Waiver),
            ..cleared()
        };
        assert!(admission(&waiver).is_empty());
        assert_eq!(
            admission(&Facts::default()),
            [Unmet::MedicalOrWaiver, Unmet::Passport]
        );
    }

    #[test]
    fn r_2_3_contraindications_or_intoxication_turn_a_participant_away() {
        for r in Refusal::ALL {
            let f = Facts {
                refusal: Some(r),
                ..cleared()
            };
            assert_eq!(admission(&f), [Unmet::Refused(r)]);
        }
    }

    #[test]
    fn r_2_4_symptoms_need_a_doctors_note_of_the_day() {
        let ill = Facts {
            symptoms: true,
            ..cleared()
        };
        assert_eq!(admission(&ill), [Unmet::DoctorNote]);
        let noted = Facts {
            doctor_note: true,
            ..ill
        };
        assert!(admission(&noted).is_empty());
    }
}

//! Admission on the day (R-2.2..R-2.4): each participant presents a
//! medical certificate or a signed waiver and a passport copy; a
//! participant with medical contraindications or intoxicated is not
//! admitted; one with symptoms of illness needs a doctor's note
//! of the same day. The organizer records what was presented;
//! admission follows from it.

use chrono::NaiveDate;

use crate::eligibility::Document;
use crate::regulation::DocumentKind;

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

/// What the papers handed in ahead and approved stand for at the desk
/// a valid medical certificate (else a valid waiver) and a valid
/// passport copy, on the tournament's `date`. The desk still sees the
/// person and the originals; a tick "arrived" records these.
pub fn on_file(documents: &[Document], date: NaiveDate) -> Facts {
    let valid = |kind: DocumentKind| {
        documents
            .iter()
            .any(|d| d.kind == kind && d.is_valid_on(date))
    };
    let medical = if valid(DocumentKind::MedicalCertificate) {
        Some(Medical::Certificate)
    } else if valid(DocumentKind::Waiver) {
        Some(Medical::Waiver)
    } else {
        None
    };
    Facts {
        medical,
        passport: valid(DocumentKind::PassportCopy),
        ..Facts::default()
    }
}

impl Facts {
    /// These facts with what is on file added where the desk left a
    /// field blank; what the desk saw (symptoms, a refusal) stays.
    pub fn with_papers(self, on_file: Facts) -> Facts {
        Facts {
            medical: self.medical.or(on_file.medical),
            passport: self.passport || on_file.passport,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eligibility::ReviewStatus;

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

    fn paper(kind: DocumentKind, status: ReviewStatus, valid_until: Option<NaiveDate>) -> Document {
        Document {
            kind,
            status,
            valid_until,
        }
    }

    #[test]
    fn r_2_2_approved_papers_on_file_stand_for_the_certificate_and_the_passport() {
        let day = NaiveDate::from_ymd_opt(2026, 12, 12).expect("date");
        let approved = ReviewStatus::Approved;
        let papers = [
            paper(DocumentKind::MedicalCertificate, approved, None),
            paper(DocumentKind::PassportCopy, approved, None),
        ];
        assert_eq!(on_file(&papers, day), cleared());
        // A waiver when no certificate counts; a certificate wins over it.
        let waiver = [paper(DocumentKind::Waiver, approved, None)];
        assert_eq!(on_file(&waiver, day).medical, Some(Medical::Waiver));
        // Pending, rejected or expired papers stand for nothing.
        let short = [
            paper(
                DocumentKind::MedicalCertificate,
                ReviewStatus::Pending,
                None,
            ),
            paper(DocumentKind::Waiver, ReviewStatus::Rejected, None),
            paper(DocumentKind::PassportCopy, approved, day.pred_opt()),
        ];
        assert_eq!(on_file(&short, day), Facts::default());
    }

    #[test]
    fn r_2_3_r_2_4_papers_on_file_leave_what_the_desk_saw() {
        let seen = Facts {
            symptoms: true,
            refusal: Some(Refusal::Intoxication),
            medical: Some(Medical::Waiver),
            ..Facts::default()
        };
        let merged = seen.with_papers(cleared());
        assert_eq!(merged.medical, Some(Medical::Waiver));
        assert!(merged.passport && merged.symptoms);
        assert_eq!(
            admission(&merged),
            [Unmet::Refused(Refusal::Intoxication), Unmet::DoctorNote]
        );
    }
}

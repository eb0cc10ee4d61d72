//! Eligibility documents as the regulation names them: who presents each
//! kind, who uploads it, whether it expires (R-1.10, R-2.2, E-12); what an
//! uploaded file is, judged by its content only; how a stored file name is
//! offered back in a download.

use super::regulation::{DocumentHolder, DocumentKind};

/// Who uploads a document of a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Uploader {
    /// The person it belongs to.
    Person,
    /// The team's captain, for the team.
    Captain,
}

/// What the regulation says about one kind of document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindRules {
    /// Rule ID that asks for it.
    pub rule: &'static str,
    /// A team's or a participant's document.
    pub holder: DocumentHolder,
    pub uploader: Uploader,
    /// Whether an approval carries a validity date (a certificate, a
    /// passport, an employment proof go stale; a signed application does not).
    pub expires: bool,
}

/// Every kind, in the order forms offer them.
pub const ALL_KINDS: [DocumentKind; 7] = [
    DocumentKind::SignedTeamApplication,
    DocumentKind::MedicalCertificate,
    DocumentKind::Waiver,
    DocumentKind::PassportCopy,
    DocumentKind::EmploymentProof,
    DocumentKind::OriginalApplication,
    DocumentKind::SameDayDoctorsNote,
];

pub fn kind_rules(kind: DocumentKind) -> KindRules {
    use DocumentHolder::{Participant, Team};
    use DocumentKind::*;
    let (rule, holder, uploader, expires) = match kind {
        SignedTeamApplication => ("R-1.10", Team, Uploader::Captain, false),
        OriginalApplication => ("R-2.2", Participant, Uploader::Person, false),
        MedicalCertificate => ("R-2.2", Participant, Uploader::Person, true),
        Waiver => ("R-2.2", Participant, Uploader::Person, false),
        PassportCopy => ("R-2.2", Participant, Uploader::Person, true),
        EmploymentProof => ("E-12", Participant, Uploader::Person, true),
        SameDayDoctorsNote => ("R-2.4", Participant, Uploader::Person, true),
    };
    KindRules {
        rule,
        holder,
        uploader,
        expires,
    }
}

/// The stable code a kind is stored and sent under.
pub fn kind_code(kind: DocumentKind) -> &'static str {
    use DocumentKind::*;
    match kind {
        SignedTeamApplication => "team_application",
        OriginalApplication => "original_application",
        MedicalCertificate => "medical_certificate",
        Waiver => "waiver",
        PassportCopy => "passport_copy",
        EmploymentProof => "employment_proof",
        SameDayDoctorsNote => "doctors_note",
    }
}

pub fn kind_of_code(code: &str) -> Option<DocumentKind> {
    ALL_KINDS.into_iter().find(|k| kind_code(*k) == code)
}

/// The kinds a holder presents, in form order.
pub fn kinds_for(holder: DocumentHolder) -> Vec<DocumentKind> {
    ALL_KINDS
        .into_iter()
        .filter(|k| kind_rules(*k).holder == holder)
        .collect()
}

/// The file types we accept, recognised by their first bytes only: a name
/// or a declared type is whatever the sender chose to say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaType {
    Pdf,
    Jpeg,
    Png,
}

impl MediaType {
    pub fn sniff(bytes: &[u8]) -> Option<MediaType> {
        if bytes.starts_with(b"%PDF-") {
            Some(MediaType::Pdf)
        } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(MediaType::Jpeg)
        } else if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
            Some(MediaType::Png)
        } else {
            None
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            MediaType::Pdf => "application/pdf",
            MediaType::Jpeg => "image/jpeg",
            MediaType::Png => "image/png",
        }
    }

    pub fn from_mime(s: &str) -> Option<MediaType> {
        [MediaType::Pdf, MediaType::Jpeg, MediaType::Png]
            .into_iter()
            .find(|m| m.mime() == s)
    }

    fn extension(self) -> &'static str {
        match self {
            MediaType::Pdf => "pdf",
            MediaType::Jpeg => "jpg",
            MediaType::Png => "png",
        }
    }
}

/// The uploaded name as data, kept as sent (slashes, dots and markup
/// included) with control characters dropped, at most 200 characters. It is
/// shown escaped and offered back in downloads, never used as a path.
pub fn clean_file_name(name: &str) -> String {
    let cleaned: String = name.chars().filter(|c| !c.is_control()).take(200).collect();
    let trimmed = cleaned.trim();
    if trimmed.is_empty() {
        "document".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// `Content-Disposition` of a download: always an attachment, with an ASCII
/// fallback name (letters, digits, `.-_` only, the right extension) and the
/// original name in RFC 5987 `filename*`.
pub fn content_disposition(name: &str, media: MediaType) -> String {
    let mut ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let ascii_trimmed = ascii.trim_start_matches('.').to_owned();
    ascii = if ascii_trimmed.is_empty() {
        "document".to_owned()
    } else {
        ascii_trimmed
    };
    let ext = format!(".{}", media.extension());
    let lower = ascii.to_ascii_lowercase();
    let has_extension =
        lower.ends_with(&ext) || (media == MediaType::Jpeg && lower.ends_with(".jpeg"));
    if !has_extension {
        ascii.push_str(&ext);
    }
    let mut encoded = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) {
            encoded.push(b as char);
        } else {
            encoded.push_str(&format!("%{b:02X}"));
        }
    }
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::{e, r};
    use crate::regulation::missing_documents;

    #[test]
    fn r_1_10_the_team_application_is_the_captains() {
        let k = kind_rules(DocumentKind::SignedTeamApplication);
        assert_eq!(k.holder, DocumentHolder::Team);
        assert_eq!(k.uploader, Uploader::Captain);
        assert!(!k.expires);
        assert_eq!(
            kinds_for(DocumentHolder::Team),
            vec![DocumentKind::SignedTeamApplication]
        );
    }

    #[test]
    fn r_2_2_and_e_12_documents_are_the_persons_and_some_expire() {
        for kind in [
            DocumentKind::MedicalCertificate,
            DocumentKind::PassportCopy,
            DocumentKind::EmploymentProof,
        ] {
            let k = kind_rules(kind);
            assert_eq!(k.uploader, Uploader::Person);
            assert_eq!(k.holder, DocumentHolder::Participant);
            assert!(k.expires, "{kind:?}");
        }
        assert!(!kind_rules(DocumentKind::Waiver).expires);
        assert_eq!(kind_rules(DocumentKind::EmploymentProof).rule, "E-12");
    }

    #[test]
    fn every_kind_the_presets_ask_for_has_rules_matching_its_holder() {
        for reg in [r(), e()] {
            for req in &reg.documents {
                for kind in &req.any_of {
                    assert_eq!(kind_rules(*kind).holder, req.holder, "{kind:?}");
                }
            }
        }
        // A waiver stands where a certificate is asked.
        let required = r().documents;
        let missing = missing_documents(
            &required,
            DocumentHolder::Participant,
            &[
                DocumentKind::Waiver,
                DocumentKind::PassportCopy,
                DocumentKind::OriginalApplication,
            ],
        );
        assert!(missing.is_empty());
    }

    #[test]
    fn codes_round_trip() {
        for kind in ALL_KINDS {
            assert_eq!(kind_of_code(kind_code(kind)), Some(kind));
        }
        assert_eq!(kind_of_code("../etc"), None);
    }

    #[test]
    fn files_are_recognised_by_content() {
        assert_eq!(MediaType::sniff(b"%PDF-1.7\n"), Some(MediaType::Pdf));
        assert_eq!(
            MediaType::sniff(&[0xFF, 0xD8, 0xFF, 0xE0]),
            Some(MediaType::Jpeg)
        );
        assert_eq!(
            MediaType::sniff(b"\x89PNG\r\n\x1a\n...."),
            Some(MediaType::Png)
        );
        assert_eq!(MediaType::sniff(b"\x7fELF\x02\x01"), None);
        assert_eq!(MediaType::sniff(b""), None);
        assert_eq!(MediaType::sniff(b"%PD"), None);
    }

    #[test]
    fn names_are_data_and_downloads_are_attachments() {
        assert_eq!(
            clean_file_name("../../etc/passwd.pdf"),
            "../../etc/passwd.pdf"
        );
        assert_eq!(clean_file_name("a\r\nb.pdf"), "ab.pdf");
        assert_eq!(clean_file_name(" \n"), "document");
        assert_eq!(
            content_disposition("../../etc/passwd.pdf", MediaType::Pdf),
            "attachment; filename=\"_.._etc_passwd.pdf\"; \
             filename*=UTF-8''..%2F..%2Fetc%2Fpasswd.pdf"
        );
        assert_eq!(
            content_disposition("<script>alert(1)</script>.pdf", MediaType::Pdf),
            "attachment; filename=\"_script_alert_1___script_.pdf\"; \
             filename*=UTF-8''%3Cscript%3Ealert%281%29%3C%2Fscript%3E.pdf"
        );
        assert_eq!(
            content_disposition("справка", MediaType::Jpeg),
            "attachment; filename=\"_______.jpg\"; \
             filename*=UTF-8''%D1%81%D0%BF%D1%80%D0%B0%D0%B2%D0%BA%D0%B0"
        );
        assert_eq!(
            content_disposition("x.exe", MediaType::Png),
            "attachment; filename=\"x.exe.png\"; filename*=UTF-8''x.exe"
        );
    }
}

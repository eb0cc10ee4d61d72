//! Eligibility documents: uploads recognised by content, the size
//! limit, privacy (404 to strangers), private downloads, review, purge.
//! Real multipart bodies, sent as a browser sends the page's form: the CSRF
//! token rides in the form's action URL.

use std::process::Command;

use diesel::prelude::*;
use league::db;
use league::db::documents::{self as docs, Owner};
use league::db::schema::{audit_log, documents};
use league::ids::{DocumentId, TeamId};
use league::rules::presets::r;
use league::rules::regulation::{DocumentHolder, DocumentKind, missing_documents};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};

use crate::helpers::{Page, TestApp, into_page, new_client};

pub(crate) const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";
const JPEG: &[u8] = &[
    0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F', b'I', b'F', 0, 1,
];
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01";
const ELF: &[u8] = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0";

/// Uploads through the document form on `page_path` (a person's or a
/// team's page), as that page's form says.
pub(crate) async fn upload(
    app: &TestApp,
    client: &reqwest::Client,
    page_path: &str,
    kind: &str,
    name: &str,
    mime: &str,
    bytes: &[u8],
) -> Page {
    let page = app.get_with(client, page_path).await;
    let action = page
        .attr("form#document-upload", "action")
        .unwrap_or_else(|| panic!("{page_path} offers the upload form: {}", page.text));
    let token = page
        .attr("form#document-upload input[name=csrf_token]", "value")
        .expect("the form's CSRF field");
    into_page(
        client
            .post(app.url(&action))
            .multipart(form(&token, kind, name, mime, bytes))
            .send()
            .await
            .expect("POST"),
    )
    .await
}

/// A person's document stored through the application layer, for seeds
/// whose regulation asks for none (G): the harness keeps something private
/// to check privacy with. Returns its id.
pub(crate) fn seed_document(
    app: &TestApp,
    nick: &str,
    kind: DocumentKind,
    name: &str,
) -> DocumentId {
    let person = app.person_id(nick);
    let stored = league::app::documents::store(
        &mut app.db(),
        &docs::Upload {
            kind,
            owner: Owner::Person(person),
            uploaded_by: person,
            file_name: name,
            media_type: "application/pdf",
            content: PDF,
        },
        "127.0.0.1",
        db::utc_now(),
    )
    .expect("stored");
    match stored {
        docs::Stored::New { id, .. } | docs::Stored::Same { id } => id,
    }
}

/// The upload form's fields as a browser sends them: the CSRF token first.
fn form(token: &str, kind: &str, name: &str, mime: &str, bytes: &[u8]) -> Form {
    Form::new()
        .text("csrf_token", token.to_owned())
        .text("kind", kind.to_owned())
        .part(
            "file",
            Part::bytes(bytes.to_vec())
                .file_name(name.to_owned())
                .mime_str(mime)
                .expect("mime"),
        )
}

fn rows(app: &TestApp) -> Vec<docs::Document> {
    documents::table
        .order(documents::id)
        .select(docs::Document::as_select())
        .load(&mut app.db())
        .expect("documents")
}

fn error_beside(page: &Page, field: &str) -> String {
    page.select_text(&format!("#document-{field}-error"))
        .unwrap_or_else(|| panic!("an error beside {field}: {}", page.text))
}

/// A championship (preset R) with an organizer, two teams, each with a
/// captain and one player.
struct League {
    championship: i64,
    organizer: reqwest::Client,
    captain_a: reqwest::Client,
    team_a: i64,
    player_a: reqwest::Client,
    captain_b: reqwest::Client,
    team_b: i64,
    player_b: reqwest::Client,
}

async fn league(app: &TestApp) -> League {
    let admin = app.admin("Admin").await;
    let championship = app.create_championship(&admin, "R").await;
    let organizer = app.person("Org").await;
    app.grant_role(&admin, championship, "Org", "organizer")
        .await;
    let org_a = app.create_organization(&admin, "Завод А").await.to_string();
    let org_b = app.create_organization(&admin, "Завод Б").await.to_string();
    let captain_a = app.person("CapA").await;
    let team_a = app
        .apply_team(&captain_a, championship, "Ладья", &org_a)
        .await
        .location_id("/teams/");
    let player_a = app.person("PlayerA").await;
    app.invite_and_accept(&captain_a, team_a, &player_a, "PlayerA")
        .await;
    let captain_b = app.person("CapB").await;
    let team_b = app
        .apply_team(&captain_b, championship, "Ферзь", &org_b)
        .await
        .location_id("/teams/");
    let player_b = app.person("PlayerB").await;
    app.invite_and_accept(&captain_b, team_b, &player_b, "PlayerB")
        .await;
    League {
        championship,
        organizer,
        captain_a,
        team_a,
        player_a,
        captain_b,
        team_b,
        player_b,
    }
}

#[tokio::test]
async fn pdf_jpeg_and_png_are_accepted_by_content_and_everything_else_refused() {
    let app = TestApp::spawn().await;
    let me = app.person("Owner").await;
    let p = "/people/Owner";
    for (kind, name, mime, bytes) in [
        ("medical_certificate", "справка.pdf", "application/pdf", PDF),
        ("passport_copy", "passport.jpg", "image/jpeg", JPEG),
        // The declared type lies; the content decides.
        ("waiver", "waiver.bin", "application/octet-stream", PNG),
    ] {
        let page = upload(&app, &me, p, kind, name, mime, bytes).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{name}: {}", page.text);
        assert_eq!(page.location(), Some(p));
    }
    let stored = rows(&app);
    assert_eq!(
        stored
            .iter()
            .map(|d| d.media_type.as_str())
            .collect::<Vec<_>>(),
        ["application/pdf", "image/jpeg", "image/png"]
    );
    assert_eq!(stored[0].file_name, "справка.pdf");
    assert_eq!(stored[0].size_bytes, PDF.len() as i64);
    assert_eq!(stored[0].sha256, docs::sha256_hex(PDF));
    assert_eq!(stored[0].status, "pending");

    // A renamed executable: named x.pdf, declared application/pdf.
    let page = upload(
        &app,
        &me,
        p,
        "employment_proof",
        "x.pdf",
        "application/pdf",
        ELF,
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_beside(&page, "file").contains("PDF"), "{}", page.text);
    assert_eq!(
        page.attr("#document-kind option[selected]", "value")
            .as_deref(),
        Some("employment_proof"),
        "the chosen kind is kept"
    );
    // An empty file; a kind that is the team's, not a person's.
    let page = upload(&app, &me, p, "waiver", "empty.pdf", "application/pdf", b"").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!error_beside(&page, "file").is_empty());
    let page = upload(
        &app,
        &me,
        p,
        "team_application",
        "a.pdf",
        "application/pdf",
        PDF,
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!error_beside(&page, "kind").is_empty());
    assert_eq!(
        rows(&app).len(),
        3,
        "a refused upload leaves nothing behind"
    );

    // Names are data: markup is escaped on the page, a path is never a path.
    let script = "<script>alert(1)</script>.pdf";
    let page = upload(
        &app,
        &me,
        p,
        "employment_proof",
        script,
        "application/pdf",
        PDF,
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let traversal = "../../etc/passwd.pdf";
    let page = upload(
        &app,
        &me,
        p,
        "original_application",
        traversal,
        "application/pdf",
        b"%PDF-1.7 other",
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let stored = rows(&app);
    assert_eq!(stored[3].file_name, script);
    assert_eq!(stored[4].file_name, traversal);
    let mine = app.get_with(&me, p).await;
    assert!(!mine.text.contains("<script>alert(1)"), "escaped");
    assert!(
        mine.text
            .contains("&#60;script&#62;alert(1)&#60;/script&#62;.pdf"),
        "{}",
        mine.text
    );
    assert!(
        mine.texts("table.documents a.file")
            .contains(&script.to_owned())
    );

    let res = me
        .get(app.url(&format!("/documents/{}", stored[4].id)))
        .send()
        .await
        .expect("GET");
    assert_eq!(res.status(), StatusCode::OK);
    let cd = res.headers()["content-disposition"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert_eq!(
        cd,
        "attachment; filename=\"_.._etc_passwd.pdf\"; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd.pdf"
    );
    assert_eq!(res.bytes().await.expect("body").as_ref(), b"%PDF-1.7 other");
}

#[tokio::test]
async fn the_size_limit_is_enforced_and_exactly_the_limit_is_accepted() {
    let app = TestApp::builder().max_upload_bytes(1024).start().await;
    let me = app.person("Owner").await;
    let p = "/people/Owner";
    let mut exact = PDF.to_vec();
    exact.resize(1024, b' ');
    let mut over = exact.clone();
    over.push(b' ');
    let page = upload(&app, &me, p, "waiver", "over.pdf", "application/pdf", &over).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        error_beside(&page, "file").contains("1024"),
        "{}",
        page.text
    );
    assert!(rows(&app).is_empty(), "nothing stored");
    // Far over the limit: still a clear answer, still nothing stored.
    let big = vec![b'%'; 256 * 1024];
    let page = upload(&app, &me, p, "waiver", "big.pdf", "application/pdf", &big).await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(rows(&app).is_empty());
    let page = upload(
        &app,
        &me,
        p,
        "waiver",
        "exact.pdf",
        "application/pdf",
        &exact,
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(rows(&app)[0].size_bytes, 1024);
}

#[tokio::test]
async fn documents_are_seen_by_owner_captain_and_staff_only_and_r_1_10_is_the_captains() {
    let app = TestApp::spawn().await;
    let l = league(&app).await;
    let page = upload(
        &app,
        &l.player_a,
        "/people/PlayerA",
        "passport_copy",
        "p.png",
        "image/png",
        PNG,
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let doc = rows(&app)[0].id;
    let url = app.url(&format!("/documents/{doc}"));

    // the team application is uploaded by the captain only.
    let team_path = format!("/teams/{}", l.team_a);
    assert!(
        app.get_with(&l.player_a, &team_path)
            .await
            .attr("form#document-upload", "action")
            .is_none(),
        "a player is offered no team upload form"
    );
    let token = app.csrf_with(&l.player_a).await;
    let res = l
        .player_a
        .post(app.url(&format!("{team_path}/documents")))
        .multipart(form(
            &token,
            "team_application",
            "t.pdf",
            "application/pdf",
            PDF,
        ))
        .send()
        .await
        .expect("POST");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let page = upload(
        &app,
        &l.captain_a,
        &team_path,
        "team_application",
        "t.pdf",
        "application/pdf",
        PDF,
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let team_doc = rows(&app)[1].id;
    assert_eq!(rows(&app)[1].team_id, Some(TeamId(l.team_a)));
    assert_eq!(rows(&app).len(), 2);

    let anonymous = new_client();
    for (who, client) in [
        ("another team's captain", &l.captain_b),
        ("a player of another team", &l.player_b),
        ("an anonymous visitor", &anonymous),
    ] {
        for u in [&url, &app.url(&format!("/documents/{team_doc}"))] {
            let res = client.get(u).send().await.expect("GET");
            assert_eq!(res.status(), StatusCode::NOT_FOUND, "{who} at {u}");
        }
    }
    // A player does not see the team's own papers either.
    let res = l
        .player_a
        .get(app.url(&format!("/documents/{team_doc}")))
        .send()
        .await
        .expect("GET");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    // Nor another person's documents on their page.
    assert!(
        app.get_with(&l.player_b, "/people/PlayerA")
            .await
            .select_text("#documents")
            .is_none()
    );

    let audit_before = audit_count(&app, "document.download");
    for (who, client) in [
        ("the owner", &l.player_a),
        ("the owner's captain", &l.captain_a),
        ("the organizer", &l.organizer),
    ] {
        let res = client.get(&url).send().await.expect("GET");
        assert_eq!(res.status(), StatusCode::OK, "{who}");
        let h = res.headers();
        assert_eq!(h["content-type"], "image/png", "{who}");
        assert_eq!(h["x-content-type-options"], "nosniff");
        assert_eq!(h["cache-control"], "private, no-store");
        assert_eq!(
            h["content-disposition"],
            "attachment; filename=\"p.png\"; filename*=UTF-8''p.png"
        );
        assert_eq!(res.bytes().await.expect("body").as_ref(), PNG);
    }
    let res = l
        .organizer
        .get(app.url(&format!("/documents/{team_doc}")))
        .send()
        .await
        .expect("GET");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        audit_count(&app, "document.download"),
        audit_before + 4,
        "every download is logged"
    );
    let _ = (l.team_b, l.championship);
}

fn audit_count(app: &TestApp, action: &str) -> i64 {
    audit_log::table
        .filter(audit_log::action.eq(action))
        .count()
        .get_result(&mut app.db())
        .expect("count")
}

#[tokio::test]
async fn the_same_file_twice_and_two_uploads_at_once_leave_one_current_document() {
    let app = TestApp::spawn().await;
    let me = app.person("Owner").await;
    let p = "/people/Owner";
    for _ in 0..2 {
        let page = upload(&app, &me, p, "waiver", "w.pdf", "application/pdf", PDF).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
    }
    assert_eq!(rows(&app).len(), 1, "the same bytes are stored once");

    let page = app.get_with(&me, p).await;
    let action = page.attr("form#document-upload", "action").expect("form");
    let token = page
        .attr("form#document-upload input[name=csrf_token]", "value")
        .expect("token");
    let send = |body: &'static [u8]| {
        me.post(app.url(&action))
            .multipart(form(&token, "waiver", "w2.pdf", "application/pdf", body))
            .send()
    };
    let (a, b) = tokio::join!(send(b"%PDF-1.4 first"), send(b"%PDF-1.4 second"));
    assert_eq!(a.expect("a").status(), StatusCode::SEE_OTHER);
    assert_eq!(b.expect("b").status(), StatusCode::SEE_OTHER);
    let all = rows(&app);
    assert_eq!(all.len(), 3);
    let current: Vec<_> = all.iter().filter(|d| d.replaced_by_id.is_none()).collect();
    assert_eq!(current.len(), 1, "one current waiver");
    // The chain is whole: each replaced document names its successor, which
    // names it back.
    for d in all.iter().filter(|d| d.replaced_by_id.is_some()) {
        let next = all
            .iter()
            .find(|n| Some(n.id) == d.replaced_by_id)
            .expect("successor");
        assert_eq!(next.replaces_id, Some(d.id));
    }
    assert_eq!(all[0].replaces_id, None);
}

pub(crate) async fn review(
    app: &TestApp,
    by: &reqwest::Client,
    c: i64,
    doc: DocumentId,
    fields: &[(&str, &str)],
) -> Page {
    app.post_with(
        by,
        &format!("/championships/{c}/documents/{doc}/review"),
        fields,
    )
    .await
}

#[tokio::test]
async fn organizers_approve_and_reject_and_a_waiver_stands_for_a_certificate() {
    let app = TestApp::spawn().await;
    let l = league(&app).await;
    let c = l.championship;
    let me = "/people/PlayerA";
    upload(
        &app,
        &l.player_a,
        me,
        "waiver",
        "w.pdf",
        "application/pdf",
        PDF,
    )
    .await;
    upload(
        &app,
        &l.player_a,
        me,
        "passport_copy",
        "p.jpg",
        "image/jpeg",
        JPEG,
    )
    .await;
    let (waiver, passport) = (rows(&app)[0].id, rows(&app)[1].id);

    let queue_path = format!("/championships/{c}/documents");
    assert_eq!(
        app.get_with(&l.captain_a, &queue_path).await.status,
        StatusCode::FORBIDDEN
    );
    let queue = app.get_with(&l.organizer, &queue_path).await;
    assert_eq!(queue.status, StatusCode::OK);
    assert_eq!(queue.attrs("tr.document", "data-id").len(), 2);

    // Rejecting needs a reason, given beside the field, the form kept.
    let page = review(
        &app,
        &l.organizer,
        c,
        passport,
        &[("decision", "reject"), ("note", "  ")],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text(&format!("#note-{passport}-error"))
            .is_some(),
        "{}",
        page.text
    );
    let page = review(
        &app,
        &l.organizer,
        c,
        passport,
        &[("decision", "approve"), ("valid_until", "31.12.2027")],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.attr(&format!("#valid-until-{passport}"), "value")
            .as_deref(),
        Some("31.12.2027")
    );
    let page = review(
        &app,
        &l.organizer,
        c,
        passport,
        &[("decision", "reject"), ("note", "Нечитаемая копия")],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let page = review(
        &app,
        &l.organizer,
        c,
        waiver,
        &[("decision", "approve"), ("valid_until", "")],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    // Another championship's organizer, or a document not of this
    // championship: 403 / 404.
    assert_eq!(
        review(&app, &l.captain_b, c, waiver, &[("decision", "approve")])
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let loner = app.person("Loner").await;
    upload(
        &app,
        &loner,
        "/people/Loner",
        "waiver",
        "l.pdf",
        "application/pdf",
        b"%PDF-1.4 l",
    )
    .await;
    let stranger_doc = rows(&app)[2].id;
    assert_eq!(
        review(
            &app,
            &l.organizer,
            c,
            stranger_doc,
            &[("decision", "approve")]
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );

    // The uploader sees the decision and the reason on their page.
    let page = app.get_with(&l.player_a, me).await;
    let row = |id: DocumentId| {
        page.select_text(&format!("tr.document[data-id=\"{id}\"] td.status"))
            .expect("row")
    };
    assert_eq!(row(passport), "отклонён");
    assert_eq!(row(waiver), "принят");
    assert_eq!(
        page.select_text(&format!("tr.document[data-id=\"{passport}\"] td.note"))
            .as_deref(),
        Some("Нечитаемая копия")
    );

    // at the storage level: the approved waiver stands where the
    // medical certificate is asked; the rejected passport does not count.
    let person = app.person_id("PlayerA");
    let today = chrono::Utc::now().date_naive();
    // Valid on a day by the same rule eligibility uses.
    let presented: Vec<DocumentKind> = docs::for_eligibility(&mut app.db(), Owner::Person(person))
        .expect("documents")
        .into_iter()
        .filter(|d| d.is_valid_on(today))
        .map(|d| d.kind)
        .collect();
    assert_eq!(presented, vec![DocumentKind::Waiver]);
    let required = r().documents;
    let missing = missing_documents(&required, DocumentHolder::Participant, &presented);
    assert!(
        missing
            .iter()
            .all(|m| !m.any_of.contains(&DocumentKind::MedicalCertificate)),
        "{missing:?}"
    );
    assert!(
        missing
            .iter()
            .any(|m| m.any_of == vec![DocumentKind::PassportCopy])
    );
    let _ = TeamId(l.team_a);
}

#[tokio::test]
async fn old_documents_are_purged_by_the_form_and_by_the_cli() {
    let app = TestApp::spawn().await;
    let l = league(&app).await;
    let c = l.championship;
    upload(
        &app,
        &l.player_a,
        "/people/PlayerA",
        "waiver",
        "w.pdf",
        "application/pdf",
        PDF,
    )
    .await;
    upload(
        &app,
        &l.player_b,
        "/people/PlayerB",
        "waiver",
        "w.png",
        "image/png",
        PNG,
    )
    .await;
    let loner = app.person("Loner").await;
    upload(
        &app,
        &loner,
        "/people/Loner",
        "waiver",
        "l.jpg",
        "image/jpeg",
        JPEG,
    )
    .await;
    let all = rows(&app);
    assert_eq!(all.len(), 3);
    // PlayerA's and the loner's are two years old.
    let old = chrono::Utc::now().naive_utc() - chrono::TimeDelta::days(730);
    diesel::update(documents::table.filter(documents::id.eq_any([all[0].id, all[2].id])))
        .set(documents::uploaded_at.eq(old))
        .execute(&mut app.db())
        .expect("backdate");

    let purge = format!("/championships/{c}/documents/purge");
    assert_eq!(
        app.post_with(&l.captain_a, &purge, &[]).await.status,
        StatusCode::FORBIDDEN
    );
    let page = app.post_with(&l.organizer, &purge, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let left: Vec<DocumentId> = rows(&app).iter().map(|d| d.id).collect();
    assert_eq!(
        left,
        vec![all[1].id, all[2].id],
        "only this championship's old document went"
    );
    let flash = app
        .get_with(&l.organizer, &format!("/championships/{c}/documents"))
        .await;
    assert!(
        flash.text.contains(&format!("{}", PDF.len())),
        "{}",
        flash.text
    );

    let out = Command::new(env!("CARGO_BIN_EXE_league"))
        .args(["documents", "purge", "--before", "2999-01-01"])
        .env_remove("LEAGUE_CONFIG")
        .env("DATABASE_URL", &app.db_url)
        .env("LEAGUE_LOG", "error")
        .env("LEAGUE_DATA_DIR", std::env::temp_dir())
        .current_dir(std::env::temp_dir())
        .output()
        .expect("run league");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout.trim(),
        format!(
            "removed 2 document(s), {} bytes, uploaded before 2999-01-01",
            PNG.len() + JPEG.len()
        )
    );
    assert!(rows(&app).is_empty());
    assert_eq!(audit_count(&app, "document.purge"), 2);
}

/// end to end: the roster says what a member lacks, and an approved
/// waiver stands for the medical certificate there.
#[tokio::test]
async fn r_2_2_an_approved_waiver_clears_the_certificate_line_on_the_roster() {
    let app = TestApp::spawn().await;
    let l = league(&app).await;
    let team = format!("/teams/{}", l.team_a);
    // PlayerA's line of the roster.
    let flags = |page: &Page| {
        page.texts("tbody tr")
            .into_iter()
            .find(|row| row.contains("PlayerA"))
            .unwrap_or_default()
    };
    let before = flags(&app.get_with(&l.captain_a, &team).await);
    assert!(
        before.contains("медицинская справка или отказ от претензий"),
        "{before}"
    );
    upload(
        &app,
        &l.player_a,
        "/people/PlayerA",
        "waiver",
        "w.pdf",
        "application/pdf",
        PDF,
    )
    .await;
    let waiver = rows(&app)[0].id;
    let pending = flags(&app.get_with(&l.player_a, &team).await);
    assert!(
        pending.contains("на проверке"),
        "a pending waiver is named: {pending}"
    );
    let page = review(
        &app,
        &l.organizer,
        l.championship,
        waiver,
        &[("decision", "approve")],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let after = flags(&app.get_with(&l.organizer, &team).await);
    assert!(
        !after.contains("медицинская справка или отказ от претензий"),
        "{after}"
    );
    assert!(
        after.contains("копия паспорта"),
        "the passport is still missing: {after}"
    );
}

#[tokio::test]
async fn a_platform_admin_without_a_role_gets_404_on_a_document() {
    let app = TestApp::spawn().await;
    let l = league(&app).await;
    upload(
        &app,
        &l.player_a,
        "/people/PlayerA",
        "passport_copy",
        "p.png",
        "image/png",
        PNG,
    )
    .await;
    let doc = format!("/documents/{}", rows(&app)[0].id);
    let root = app.admin("Root2").await;
    let res = root.get(app.url(&doc)).send().await.expect("GET");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    // Nor its file's name: not in the review queue the administrator may
    // read, nor in the journal or the championship's log.
    let queue = format!("/championships/{}/documents?all=1", l.championship);
    for path in [
        queue.as_str(),
        "/admin",
        &format!("/championships/{}/audit", l.championship),
    ] {
        let page = app.get_with(&root, path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert!(!page.text.contains("p.png"), "{path} names the file");
    }
    let page = app.get_with(&root, &queue).await;
    assert!(page.text.contains("не показан"), "{}", page.text);
    // The championship's organizer does see it, and its name in the queue.
    let res = l.organizer.get(app.url(&doc)).send().await.expect("GET");
    assert_eq!(res.status(), StatusCode::OK);
    let page = app.get_with(&l.organizer, &queue).await;
    assert!(page.text.contains("p.png"), "{}", page.text);
}

#[tokio::test]
async fn r_2_2_a_review_is_taken_once_and_told_once_and_a_correction_is_a_new_decision() {
    let app = TestApp::spawn().await;
    let l = league(&app).await;
    let c = l.championship;
    upload(
        &app,
        &l.player_a,
        "/people/PlayerA",
        "waiver",
        "w.pdf",
        "application/pdf",
        PDF,
    )
    .await;
    let waiver = rows(&app)[0].id;
    let mails = |app: &TestApp| {
        db::outbox::list(&mut app.db(), None, 1000)
            .expect("outbox")
            .into_iter()
            .filter(|m| m.kind == "document_reviewed")
            .count()
    };
    let approve = [("decision", "approve")];
    let page = review(&app, &l.organizer, c, waiver, &approve).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(mails(&app), 1);
    // The same decision again (a second organizer, a reload, a loop):
    // nothing changes, nobody is told again, and the page says so.
    for _ in 0..3 {
        let page = review(&app, &l.organizer, c, waiver, &approve).await;
        assert_eq!(page.status, StatusCode::CONFLICT, "{}", page.text);
        assert!(page.text.contains("уже принят"), "{}", page.text);
    }
    assert_eq!(mails(&app), 1);
    // A different decision corrects the first, and is told.
    let reject = [("decision", "reject"), ("note", "Подпись не видна")];
    let page = review(&app, &l.organizer, c, waiver, &reject).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(mails(&app), 2);
    assert_eq!(rows(&app)[0].status, "rejected");
}

#[tokio::test]
async fn the_review_queue_lists_what_awaits_a_review_and_the_rest_on_request() {
    let app = TestApp::spawn().await;
    let l = league(&app).await;
    let c = l.championship;
    for (who, page) in [
        (&l.player_a, "/people/PlayerA"),
        (&l.player_b, "/people/PlayerB"),
    ] {
        upload(&app, who, page, "waiver", "w.pdf", "application/pdf", PDF).await;
    }
    let first = rows(&app)[0].id;
    let page = review(&app, &l.organizer, c, first, &[("decision", "approve")]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let queue = format!("/championships/{c}/documents");
    let page = app.get_with(&l.organizer, &queue).await;
    assert_eq!(
        page.texts("tr.document").len(),
        1,
        "only the one awaiting review"
    );
    assert_eq!(page.texts("form.review").len(), 1);
    assert_eq!(
        page.select_text(".queue-filter a").as_deref(),
        Some("Показать и проверенные (1)")
    );
    let page = app.get_with(&l.organizer, &format!("{queue}?all=1")).await;
    assert_eq!(
        page.texts("tr.document").len(),
        2,
        "every document on request"
    );
}

/// The upload forms offer only the kinds of document the owner's
/// regulations ask for: an E player the proof of employment (E-12), an R
/// team its signed application, a G team nothing at all.
#[tokio::test]
async fn r_1_10_e_12_upload_forms_offer_only_the_kinds_the_regulation_asks_for() {
    let kinds = |page: &Page| page.attrs("form#document-upload select[name=kind] option", "value");
    // E: a captain and their team.
    let club = crate::club::Club::new("E").await;
    let org = club
        .app
        .create_organization(&club.root, "Завод")
        .await
        .to_string();
    let captain = club.app.person("CapE").await;
    let team = club
        .app
        .apply_team(&captain, club.id, "Альфа", &org)
        .await
        .location_id("/teams/");
    let page = club.app.get_with(&captain, "/people/CapE").await;
    assert_eq!(kinds(&page), vec!["employment_proof".to_owned()]);
    let page = club.app.get_with(&captain, &format!("/teams/{team}")).await;
    assert!(
        page.select_text("form#document-upload").is_none(),
        "E asks nothing of a team"
    );
    // R: the team's signed application only.
    let club = crate::club::Club::new("R").await;
    let org = club
        .app
        .create_organization(&club.root, "Завод")
        .await
        .to_string();
    let captain = club.app.person("CapR").await;
    let team = club
        .app
        .apply_team(&captain, club.id, "Ладья", &org)
        .await
        .location_id("/teams/");
    let page = club.app.get_with(&captain, &format!("/teams/{team}")).await;
    assert_eq!(kinds(&page), vec!["team_application".to_owned()]);
    // G: nothing, for the team and for its players.
    let club = crate::club::Club::new("G").await;
    let team = crate::club::g_team(&club, "Ладья", "la", 5).await;
    let page = club
        .app
        .get_with(&team.captain, &format!("/teams/{}", team.id))
        .await;
    assert!(page.select_text("form#document-upload").is_none());
    let page = club.app.get_with(&team.captain, "/people/la1").await;
    assert!(
        page.select_text("form#document-upload").is_none(),
        "G asks nothing of a player"
    );
}

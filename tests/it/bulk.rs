//! Acting on many at once: team applications, document reviews, club
//! membership and employment records, each picked from a list and decided
//! with one button. The same decision again changes nothing and sends
//! nothing.

use league::db;
use reqwest::StatusCode;

use crate::club::Club;
use crate::helpers::{Page, TestApp};

fn mails(app: &TestApp, kind: &str) -> usize {
    db::outbox::list(&mut app.db(), None, 10_000)
        .expect("outbox")
        .into_iter()
        .filter(|m| m.kind == kind)
        .count()
}

/// The values of the checkboxes of a bulk list, by the name beside them.
fn pick_value(page: &Page, row_selector: &str, name: &str) -> String {
    let rows = scraper::Selector::parse(row_selector).expect("selector");
    let pick = scraper::Selector::parse("input[name=pick]").expect("selector");
    page.html
        .select(&rows)
        .find(|r| r.text().any(|t| t.trim() == name))
        .and_then(|r| r.select(&pick).next())
        .and_then(|i| i.value().attr("value").map(str::to_owned))
        .unwrap_or_else(|| panic!("no checkbox for {name}: {}", page.text))
}

#[tokio::test]
async fn g_b12_a_judge_decides_several_applications_at_once_and_again_changes_nothing() {
    let club = Club::new("G").await;
    let (app, c) = (&club.app, club.id);
    for (nick, name) in [("cap1", "Ладья"), ("cap2", "Конь"), ("cap3", "Слон")] {
        let captain = club.person(nick).await;
        let page = app.apply_team(&captain, c, name, "").await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let queue = format!("/championships/{c}/queue");
    let page = app.get_with(&club.root, &queue).await;
    let ladya = pick_value(&page, "section.card", "Ладья");
    let kon = pick_value(&page, "section.card", "Конь");
    let approve = [
        ("pick", ladya.as_str()),
        ("pick", kon.as_str()),
        ("decision", "approve"),
    ];
    let page = app.post_with(&club.root, &queue, &approve).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = app.get_with(&club.root, &queue).await;
    assert_eq!(page.flash(), "Одобрено (2): Ладья, Конь.");
    assert_eq!(page.texts("section.card h3"), vec!["Слон".to_owned()]);
    assert_eq!(mails(app, "team_decided"), 2, "each captain told once");
    // The same again (a reload, a second judge): nothing changes, nobody
    // is told again, and the page says so.
    let page = app.post_with(&club.root, &queue, &approve).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let page = app.get_with(&club.root, &queue).await;
    assert!(
        page.flash()
            .contains("оставлено без изменений: Ладья, Конь"),
        "{}",
        page.flash()
    );
    assert_eq!(mails(app, "team_decided"), 2);
    // A rejection needs its reason: refused for the row, nothing done.
    let slon = pick_value(&page, "section.card", "Слон");
    let page = app
        .post_with(
            &club.root,
            &queue,
            &[("pick", &slon), ("decision", "reject")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let page = app.get_with(&club.root, &queue).await;
    assert!(
        page.flash().starts_with("Не выполнено (1): Слон:"),
        "{}",
        page.flash()
    );
    assert_eq!(page.texts("section.card h3"), vec!["Слон".to_owned()]);
    // Nothing picked says so.
    app.post_with(&club.root, &queue, &[("decision", "approve")])
        .await;
    let page = app.get_with(&club.root, &queue).await;
    assert!(
        page.flash().starts_with("Ничего не выбрано"),
        "{}",
        page.flash()
    );
    // A team of another championship cannot be picked here.
    let other = app.create_championship(&club.root, "G").await;
    let page = app
        .post_with(
            &club.root,
            &format!("/championships/{other}/queue"),
            &[("pick", &slon), ("decision", "approve")],
        )
        .await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn r_2_2_an_organizer_reviews_several_documents_at_once_and_again_changes_nothing() {
    let club = Club::new("R").await;
    let (app, c) = (&club.app, club.id);
    let org = app
        .create_organization(&club.root, "Завод")
        .await
        .to_string();
    // The championship's organizer, who may open the documents (the
    // administrator who made the championship may not, and is shown no
    // file names).
    let organizer = app.person("Org").await;
    app.grant_role(&club.root, c, "Org", "organizer").await;
    let captain = app.person("CapA").await;
    let team = app
        .apply_team(&captain, c, "Ладья", &org)
        .await
        .location_id("/teams/");
    // three players, the captain among them.
    for (nick, file) in [("PlA", "a.pdf"), ("PlB", "b.pdf"), ("CapA", "c.pdf")] {
        let player = if nick == "CapA" {
            captain.clone()
        } else {
            let player = app.person(nick).await;
            app.invite_and_accept(&captain, team, &player, nick).await;
            player
        };
        let page = crate::documents::upload(
            app,
            &player,
            &format!("/people/{nick}"),
            "waiver",
            file,
            "application/pdf",
            crate::documents::PDF,
        )
        .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let queue = format!("/championships/{c}/documents");
    let page = app.get_with(&organizer, &queue).await;
    let a = pick_value(&page, "tr.document", "a.pdf");
    let b = pick_value(&page, "tr.document", "b.pdf");
    let accept = [
        ("pick", a.as_str()),
        ("pick", b.as_str()),
        ("decision", "approve"),
    ];
    let page = app.post_with(&organizer, &queue, &accept).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = app.get_with(&organizer, &queue).await;
    assert_eq!(page.flash(), "Принято (2): a.pdf, b.pdf.");
    assert_eq!(
        page.texts("tr.document a.file"),
        vec!["c.pdf".to_owned()],
        "pending only"
    );
    assert_eq!(mails(app, "document_reviewed"), 2);
    let page = app.post_with(&organizer, &queue, &accept).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(mails(app, "document_reviewed"), 2, "nobody told twice");
    let page = app.get_with(&organizer, &queue).await;
    assert!(
        page.flash().contains("без изменений: a.pdf, b.pdf"),
        "{}",
        page.flash()
    );
    // A rejection without a note is refused whole.
    let cc = pick_value(&page, "tr.document", "c.pdf");
    app.post_with(&organizer, &queue, &[("pick", &cc), ("decision", "reject")])
        .await;
    let page = app.get_with(&organizer, &queue).await;
    assert_eq!(page.texts("tr.document a.file"), vec!["c.pdf".to_owned()]);
    assert_eq!(mails(app, "document_reviewed"), 2);
}

#[tokio::test]
async fn g_a7_an_organizer_marks_many_club_members_at_once() {
    let club = Club::new("G").await;
    let (app, c) = (&club.app, club.id);
    for nick in ["new1", "new2", "new3"] {
        app.person(nick).await;
    }
    let roll = format!("/championships/{c}/people");
    let page = app.get_with(&club.root, &format!("{roll}?q=new")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    let ids: Vec<String> = ["new1", "new2"]
        .iter()
        .map(|n| pick_value(&page, "table.roll tr", n))
        .collect();
    let mark = [
        ("pick", ids[0].as_str()),
        ("pick", ids[1].as_str()),
        ("action", "mark"),
    ];
    let page = app
        .post_with(&club.root, &format!("{roll}/club"), &mark)
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = app.get_with(&club.root, &format!("{roll}?q=new")).await;
    assert_eq!(page.flash(), "Отмечены как члены клуба (2): new1, new2.");
    // Not yet members first.
    assert_eq!(
        page.texts("table.roll tbody td:nth-child(2)"),
        vec!["new3".to_owned(), "new1".to_owned(), "new2".to_owned()]
    );
    let audit = || {
        league::db::audit::recent(&mut app.db(), 100_000)
            .expect("audit")
            .len()
    };
    let audit_before = audit();
    app.post_with(&club.root, &format!("{roll}/club"), &mark)
        .await;
    let page = app.get_with(&club.root, &roll).await;
    assert!(
        page.flash().contains("без изменений: new1, new2"),
        "{}",
        page.flash()
    );
    assert_eq!(audit(), audit_before, "nothing recorded again");
    // A captain can now invite them (G-A7 holds in this championship).
    let captain = club.person("cap").await;
    let team = app
        .apply_team(&captain, c, "Ладья", "")
        .await
        .location_id("/teams/");
    let page = app
        .post_with(
            &captain,
            &format!("/teams/{team}/invitations"),
            &[("nick", "new1")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = app
        .post_with(
            &captain,
            &format!("/teams/{team}/invitations"),
            &[("nick", "new3")],
        )
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "new3 is no member"
    );
    // Only this championship's organizers use the page.
    let stranger = app.person("stranger").await;
    assert_eq!(
        app.get_with(&stranger, &roll).await.status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn e_12_an_organizer_confirms_the_members_employment_records_at_once() {
    let club = Club::new("E").await;
    let (app, c) = (&club.app, club.id);
    let org = app
        .create_organization(&club.root, "Завод")
        .await
        .to_string();
    let captain = app.person("CapE").await;
    let team = app
        .apply_team(&captain, c, "Ладья", &org)
        .await
        .location_id("/teams/");
    for nick in ["CapE", "PlE"] {
        if nick != "CapE" {
            let player = app.person(nick).await;
            app.invite_and_accept(&captain, team, &player, nick).await;
        }
        let page = app
            .post_with(
                &captain,
                &format!("/people/{nick}/employments"),
                &[
                    ("organization", &org),
                    ("from", "2024-01-15"),
                    ("until", ""),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let roll = format!("/championships/{c}/people");
    let page = app.get_with(&club.root, &roll).await;
    assert!(
        page.select_text("#club").is_none(),
        "E asks no club membership"
    );
    // The roll sends the organizer to the desk, where they are confirmed.
    let desk = format!("/championships/{c}/documents");
    assert!(
        page.attr(
            &format!("#employments a[href='{desk}#employments']"),
            "href"
        )
        .is_some(),
        "{}",
        page.text
    );
    let page = app.get_with(&club.root, &desk).await;
    let picks: Vec<String> = page.attrs("#employments input[name=pick]", "value");
    assert_eq!(picks.len(), 2, "{}", page.text);
    let form: Vec<(&str, &str)> = picks.iter().map(|p| ("pick", p.as_str())).collect();
    let url = page.attr("#employments-bulk", "action").expect("the form");
    let page = app.post_with(&club.root, &url, &form).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = app.get_with(&club.root, &desk).await;
    assert_eq!(page.flash(), "Подтверждено (2): CapE, PlE.");
    assert!(
        page.attrs("#employments input[name=pick]", "value")
            .is_empty()
    );
    app.post_with(&club.root, &url, &form).await;
    let page = app.get_with(&club.root, &desk).await;
    assert!(
        page.flash().contains("без изменений: CapE, PlE"),
        "{}",
        page.flash()
    );
}

#[tokio::test]
async fn r_2_2_a_person_whose_documents_are_reviewed_together_gets_one_mail_naming_them() {
    let club = Club::new("R").await;
    let (app, c) = (&club.app, club.id);
    let org = app
        .create_organization(&club.root, "Завод")
        .await
        .to_string();
    let organizer = app.person("Org").await;
    app.grant_role(&club.root, c, "Org", "organizer").await;
    let captain = app.person("CapA").await;
    app.apply_team(&captain, c, "Ладья", &org).await;
    for (kind, file) in [("waiver", "w.pdf"), ("passport_copy", "p.pdf")] {
        let page = crate::documents::upload(
            app,
            &captain,
            "/people/CapA",
            kind,
            file,
            "application/pdf",
            crate::documents::PDF,
        )
        .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let queue = format!("/championships/{c}/documents");
    let page = app.get_with(&organizer, &queue).await;
    let w = pick_value(&page, "tr.document", "w.pdf");
    let p = pick_value(&page, "tr.document", "p.pdf");
    let reject = [
        ("pick", w.as_str()),
        ("pick", p.as_str()),
        ("decision", "reject"),
        ("note", "не читается"),
    ];
    let page = app.post_with(&organizer, &queue, &reject).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let told: Vec<_> = db::outbox::list(&mut app.db(), None, 100)
        .expect("outbox")
        .into_iter()
        .filter(|m| m.kind == "document_reviewed")
        .collect();
    assert_eq!(told.len(), 1, "one mail for one person: {told:?}");
    assert!(
        told[0].subject.starts_with("Документы отклонены: 2"),
        "{}",
        told[0].subject
    );
    assert!(
        told[0].body.contains("w.pdf") && told[0].body.contains("p.pdf"),
        "{}",
        told[0].body
    );
    assert!(told[0].body.contains("/people/CapA"), "{}", told[0].body);
}

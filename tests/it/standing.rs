//! Who may stand on a roster, driven through the pages like a browser:
//! club membership, bans and clones (G-A7), one team per enterprise
//! (E-10), employment records (E-12), the public list of participants
//! (G-A5) and the championship's audit log.
//!
//! The database is read only to find ids and to check what was (not)
//! stored. Messages are checked in Russian, the default language.

use std::collections::BTreeSet;

use league::db::{organizations, standing, teams as t};
use league::ids::{ChampionshipId, TeamId};
use reqwest::StatusCode;

use crate::helpers::{Page, TestApp, new_client};

// ----------------------------------------------------------------- helpers

/// An organizer of championship `c` marks `nick` a club member there, on
/// the person's page (G-A7).
async fn mark_club_member(app: &TestApp, organizer: &reqwest::Client, nick: &str, c: i64) {
    let page = app
        .post_with(
            organizer,
            &format!("/people/{nick}/club"),
            &[("action", "mark"), ("championship", &c.to_string())],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(page.location(), Some(format!("/people/{nick}").as_str()));
}

/// The ban form on `nick`'s page, for championship `c`; empty dates mean
/// "from today" and "indefinite".
async fn ban(
    app: &TestApp,
    judge: &reqwest::Client,
    nick: &str,
    (from, until): (&str, &str),
    reason: &str,
    c: i64,
) -> Page {
    app.post_with(
        judge,
        &format!("/people/{nick}/bans"),
        &[
            ("from", from),
            ("until", until),
            ("reason", reason),
            ("championship", &c.to_string()),
        ],
    )
    .await
}

/// Bans recorded against `nick`'s account itself.
fn bans_of(app: &TestApp, nick: &str) -> usize {
    let id = app.person_id(nick);
    standing::bans_of(&mut app.db(), &BTreeSet::from([id]))
        .expect("query")
        .len()
}

/// Open invitations of a team.
fn open_invitations(app: &TestApp, team: i64) -> usize {
    t::invitations_of(&mut app.db(), TeamId(team))
        .expect("query")
        .len()
}

/// The text of the roster row (the team page's first table) of `nick`.
fn roster_row(page: &Page, nick: &str) -> Option<String> {
    let table = scraper::Selector::parse("table").expect("selector");
    let row = scraper::Selector::parse("tbody tr").expect("selector");
    let cell = scraper::Selector::parse("td").expect("selector");
    let roster = page.html.select(&table).next()?;
    roster
        .select(&row)
        .find(|r| {
            r.select(&cell)
                .next()
                .and_then(|c| c.text().map(str::trim).find(|s| !s.is_empty()))
                == Some(nick)
        })
        .map(|r| r.text().collect::<Vec<_>>().join(" "))
}

/// The rows of an audit table (at, actor, action, subject, detail) as
/// (actor, action, subject, detail); other tables' rows are skipped.
fn audit_rows(page: &Page) -> Vec<(String, String, String, String)> {
    let row = scraper::Selector::parse("tbody tr").expect("selector");
    let cell = scraper::Selector::parse("td").expect("selector");
    // The action cell holds a <code>: that is what marks an audit row.
    let code = scraper::Selector::parse("td code").expect("selector");
    page.html
        .select(&row)
        .filter(|r| r.select(&code).next().is_some())
        .map(|r| {
            let cells: Vec<String> = r
                .select(&cell)
                .map(|c| c.text().collect::<String>().trim().to_owned())
                .collect();
            // The action in words, then its stored code.
            let code = r
                .select(&code)
                .next()
                .map(|c| c.text().collect::<String>())
                .unwrap_or_default();
            assert_ne!(cells[2].trim(), code.trim(), "the action is worded");
            (
                cells[1].clone(),
                code.trim().to_owned(),
                cells[3].clone(),
                cells[4].clone(),
            )
        })
        .collect()
}

/// The action URL of the first form whose action starts with `prefix`.
fn form_action(page: &Page, prefix: &str) -> String {
    page.attrs("form", "action")
        .into_iter()
        .find(|a| a.starts_with(prefix))
        .unwrap_or_else(|| panic!("a form posting to {prefix}…: {}", page.text))
}

// ------------------------------------------------------------------- G-A7

#[tokio::test]
async fn g_a7_only_club_members_in_good_standing_join_and_a_ban_covers_clones() {
    let app = TestApp::spawn().await;
    let admin = app.admin("Boss").await;
    let c = app.create_championship(&admin, "G").await;
    let organizer = app.person("Org").await;
    let judge = app.person("Judge").await;
    app.grant_role(&admin, c, "Org", "organizer").await;
    app.grant_role(&admin, c, "Judge", "judge").await;
    let captain = app.person("Cap").await;
    let pawn = app.person("Pawn").await;
    app.person("Rook").await;
    app.person("RookAlt").await;
    app.person("Knight").await;

    // The applicant, who becomes captain and first member, is checked too.
    let page = app.apply_team(&captain, c, "Гамбит", "").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#name-error").as_deref(),
        Some("Cap не является членом клуба.")
    );
    assert_eq!(page.attr("#name", "value").as_deref(), Some("Гамбит"));
    mark_club_member(&app, &organizer, "Cap", c).await;
    let team = app
        .apply_team(&captain, c, "Гамбит", "")
        .await
        .location_id("/teams/");
    let invite = format!("/teams/{team}/invitations");

    // Not a club member: refused beside the nick field, the typed nick
    // kept, nothing stored.
    let page = app.post_with(&captain, &invite, &[("nick", "pawn")]).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#invite-nick-error").as_deref(),
        Some("Pawn не является членом клуба.")
    );
    assert_eq!(page.attr("#invite-nick", "value").as_deref(), Some("pawn"));
    assert_eq!(
        page.attr("#invite-nick", "aria-invalid").as_deref(),
        Some("true")
    );
    assert_eq!(open_invitations(&app, team), 0);

    // Only an organizer marks club members.
    let page = app
        .post_with(&captain, "/people/Pawn/club", &[("action", "mark")])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    let pawn_id = app.person_id("Pawn");
    assert!(
        standing::club_periods(&mut app.db(), pawn_id)
            .expect("query")
            .is_empty()
    );
    assert!(
        app.get_with(&organizer, "/people/Pawn")
            .await
            .text
            .contains("Не член клуба")
    );
    mark_club_member(&app, &organizer, "Pawn", c).await;
    assert!(
        app.get_with(&organizer, "/people/Pawn")
            .await
            .text
            .contains("Член клуба")
    );
    app.invite_and_accept(&captain, team, &pawn, "Pawn").await;
    let row = roster_row(&app.get(&format!("/teams/{team}")).await, "Pawn").expect("Pawn listed");
    assert!(row.contains("в порядке"), "{row}");

    // A banned club member cannot be invited. Only a judge bans: an
    // organizer or a captain gets 403 and nothing is stored.
    for nick in ["Rook", "RookAlt", "Knight"] {
        mark_club_member(&app, &organizer, nick, c).await;
    }
    for who in [&captain, &organizer] {
        let page = ban(&app, who, "Rook", ("", ""), "помощь движка", c).await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
    }
    assert_eq!(bans_of(&app, "Rook"), 0);
    // A refused ban form keeps what was typed and says why.
    let page = ban(
        &app,
        &judge,
        "Rook",
        ("2030-01-10", "2030-01-05"),
        "движок",
        c,
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#ban-until-error").as_deref(),
        Some("Дата окончания должна быть позже даты начала.")
    );
    assert_eq!(
        page.attr("#ban-from", "value").as_deref(),
        Some("2030-01-10")
    );
    assert_eq!(
        page.attr("#ban-until", "value").as_deref(),
        Some("2030-01-05")
    );
    assert_eq!(page.attr("#ban-reason", "value").as_deref(), Some("движок"));
    assert_eq!(bans_of(&app, "Rook"), 0);
    let page = ban(&app, &judge, "Rook", ("", ""), "помощь движка", c).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(bans_of(&app, "Rook"), 1);

    let page = app.post_with(&captain, &invite, &[("nick", "Rook")]).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#invite-nick-error").as_deref(),
        Some("Rook дисквалифицирован до —: помощь движка.")
    );
    assert_eq!(page.attr("#invite-nick", "value").as_deref(), Some("Rook"));
    assert_eq!(open_invitations(&app, team), 0);

    // The ban covers a clone the judge links. Linking is the judge's, and
    // a wrong nick is refused beside the field with the typed nick kept.
    let page = app
        .post_with(&organizer, "/people/Rook/clones", &[("nick", "RookAlt")])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    let rook_id = app.person_id("Rook");
    assert_eq!(
        standing::clone_group(&mut app.db(), rook_id)
            .expect("query")
            .len(),
        1
    );
    let page = app
        .post_with(
            &judge,
            "/people/Rook/clones",
            &[("nick", "Nobody"), ("championship", &c.to_string())],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#clone-nick-error").as_deref(),
        Some("Игрока с ником «Nobody» нет.")
    );
    assert_eq!(page.attr("#clone-nick", "value").as_deref(), Some("Nobody"));
    let page = app
        .post_with(
            &judge,
            "/people/Rook/clones",
            &[("nick", "RookAlt"), ("championship", &c.to_string())],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let clone_page = app.get_with(&judge, "/people/RookAlt").await;
    assert!(
        clone_page.text.contains("помощь движка"),
        "the ban is shown"
    );
    assert_eq!(bans_of(&app, "RookAlt"), 0, "the ban itself stays Rook's");

    let page = app
        .post_with(&captain, &invite, &[("nick", "RookAlt")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#invite-nick-error").as_deref(),
        Some("RookAlt дисквалифицирован до —: помощь движка.")
    );
    assert_eq!(
        page.attr("#invite-nick", "value").as_deref(),
        Some("RookAlt")
    );
    assert_eq!(open_invitations(&app, team), 0);

    // A member banned after joining stays on the roster, flagged, for
    // everyone to see; lifting the ban removes the flag.
    let page = ban(&app, &judge, "Pawn", ("", ""), "неявка", c).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let visitor = new_client();
    let roster = app.get_with(&visitor, &format!("/teams/{team}")).await;
    let row = roster_row(&roster, "Pawn").expect("Pawn still listed");
    assert!(row.contains("дисквалифицирован"), "{row}");
    let row = roster_row(&roster, "Cap").expect("Cap listed");
    assert!(!row.contains("дисквалифицирован"), "{row}");
    let english = app
        .get_with(&new_client(), &format!("/teams/{team}?lang=en"))
        .await;
    let row = roster_row(&english, "Pawn").expect("Pawn listed");
    assert!(row.contains("banned"), "{row}");

    let lift = form_action(&app.get_with(&judge, "/people/Pawn").await, "/bans/");
    let page = app.post_with(&organizer, &lift, &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN, "only a judge lifts");
    let page = app.post_with(&judge, &lift, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let roster = app.get_with(&visitor, &format!("/teams/{team}")).await;
    let row = roster_row(&roster, "Pawn").expect("Pawn listed");
    assert!(!row.contains("дисквалифицирован"), "{row}");
    assert!(row.contains("в порядке"), "{row}");

    // A ban that has run out.
    let page = ban(
        &app,
        &judge,
        "Knight",
        ("2020-01-01", "2020-02-01"),
        "старое",
        c,
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);

    // The public list holds the bans in force only: not the lifted one,
    // not the expired one.
    let bans = app.get_with(&visitor, "/bans").await;
    assert_eq!(bans.status, StatusCode::OK);
    assert_eq!(bans.texts("tbody tr td:first-child"), ["Rook"]);
    // G-A7: the public list names the banned person's other accounts too.
    assert_eq!(bans.texts("tbody tr td:nth-child(2)"), ["RookAlt"]);
    assert!(bans.text.contains("помощь движка"));
    assert!(!bans.text.contains("неявка"));
    assert!(!bans.text.contains("старое"));
}

// ------------------------------------------------------------------- E-10

#[tokio::test]
async fn e_10_an_enterprise_enters_one_team_until_that_team_is_dissolved_or_rejected() {
    let app = TestApp::spawn().await;
    let admin = app.admin("Boss").await;
    let c = app.create_championship(&admin, "E").await;
    let organizer = app.person("Org").await;
    app.grant_role(&admin, c, "Org", "organizer").await;
    let alpha_cap = app.person("AlphaCap").await;
    let beta_cap = app.person("BetaCap").await;
    let gamma_cap = app.person("GammaCap").await;

    // Organizations are added by organizers only, under unique names.
    let page = app
        .post_with(
            &alpha_cap,
            "/organizations",
            &[("name", "Завод Прогресс"), ("parent", "")],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(organizations::list(&mut app.db()).expect("q").is_empty());
    let plant = app.create_organization(&organizer, "Завод Прогресс").await;
    let page = app
        .post_with(
            &organizer,
            "/organizations",
            &[("name", "завод  прогресс"), ("parent", "")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#org-name-error").as_deref(),
        Some("Организация с таким названием уже есть.")
    );
    assert_eq!(
        page.attr("#org-name", "value").as_deref(),
        Some("завод  прогресс")
    );
    assert_eq!(organizations::list(&mut app.db()).expect("q").len(), 1);

    // Under E a team stands for an organization.
    let page = app.apply_team(&alpha_cap, c, "Alpha", "").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#organization-error").as_deref(),
        Some("Выберите организацию.")
    );
    assert_eq!(page.attr("#name", "value").as_deref(), Some("Alpha"));

    let plant_id = plant.to_string();
    let alpha = app
        .apply_team(&alpha_cap, c, "Alpha", &plant_id)
        .await
        .location_id("/teams/");
    let all = [
        t::TeamStatus::Pending,
        t::TeamStatus::Approved,
        t::TeamStatus::Rejected,
        t::TeamStatus::Dissolved,
    ];
    let teams = |app: &TestApp| {
        t::of_championship(&mut app.db(), ChampionshipId(c), &all)
            .expect("query")
            .len()
    };

    // A second application naming the same enterprise is refused beside
    // the organization field, with everything typed kept; nothing stored.
    // Approval of the first team changes nothing.
    for state in ["pending", "approved"] {
        let page = app.apply_team(&beta_cap, c, "Beta", &plant_id).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY, "{state}");
        assert_eq!(
            page.select_text("#organization-error").as_deref(),
            Some("От этой организации уже заявлена команда «Alpha»; допускается одна.")
        );
        assert_eq!(
            page.attr("#organization", "aria-invalid").as_deref(),
            Some("true")
        );
        assert_eq!(
            page.attr("#organization option[selected]", "value"),
            Some(plant_id.clone())
        );
        assert_eq!(page.attr("#name", "value").as_deref(), Some("Beta"));
        assert!(page.attr("#motto", "value").is_none(), "E asks no motto");
        assert_eq!(page.select_text("#name-error"), None);
        assert_eq!(teams(&app), 1);
        if state == "pending" {
            let page = app.decide_team(&admin, c, alpha, "approve", "").await;
            assert_eq!(page.status, StatusCode::SEE_OTHER);
        }
    }

    // E-10 limits the teams an enterprise has in the championship: once
    // its team is dissolved it has none, and may enter another.
    let page = app
        .post_with(&alpha_cap, &format!("/teams/{alpha}/dissolve"), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let beta = app
        .apply_team(&beta_cap, c, "Beta", &plant_id)
        .await
        .location_id("/teams/");

    // The same after a rejected application.
    let page = app.apply_team(&gamma_cap, c, "Gamma", &plant_id).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#organization-error").as_deref(),
        Some("От этой организации уже заявлена команда «Beta»; допускается одна.")
    );
    let page = app
        .decide_team(&admin, c, beta, "reject", "нет письма на бланке")
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let page = app.apply_team(&gamma_cap, c, "Gamma", &plant_id).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(teams(&app), 3);
}

/// An organizer adds `name` as a subsidiary of `parent`; its id.
async fn subsidiary(app: &TestApp, organizer: &reqwest::Client, name: &str, parent: i64) -> i64 {
    let page = app
        .post_with(
            organizer,
            "/organizations",
            &[("name", name), ("parent", &parent.to_string())],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let key = league::rules::roster::name_key(name);
    organizations::list(&mut app.db())
        .expect("q")
        .into_iter()
        .find(|o| o.name_key == key)
        .map(|o| o.id.0)
        .expect("the subsidiary is stored")
}

#[tokio::test]
async fn e_10_an_enterprise_enters_one_team_counting_its_subsidiaries() {
    let app = TestApp::spawn().await;
    let admin = app.admin("Boss").await;
    let c = app.create_championship(&admin, "E").await;
    let organizer = app.person("Org").await;
    app.grant_role(&admin, c, "Org", "organizer").await;
    let plant = app.create_organization(&organizer, "Завод Прогресс").await;
    // E-12 counts the people of the enterprise's subsidiaries as its own.
    let shop = subsidiary(&app, &organizer, "Цех Прогресс", plant).await;
    let depot = subsidiary(&app, &organizer, "Депо Прогресс", plant).await;
    let elsewhere = app.create_organization(&organizer, "Фабрика Заря").await;
    let alpha_cap = app.person("AlphaCap").await;
    let beta_cap = app.person("BetaCap").await;
    let gamma_cap = app.person("GammaCap").await;
    let alpha = app
        .apply_team(&alpha_cap, c, "Alpha", &shop.to_string())
        .await
        .location_id("/teams/");
    assert!(alpha > 0);
    let count = |app: &TestApp| {
        t::of_championship(
            &mut app.db(),
            ChampionshipId(c),
            &[t::TeamStatus::Pending, t::TeamStatus::Approved],
        )
        .expect("query")
        .len()
    };
    // The enterprise itself, or another of its subsidiaries, is the same
    // enterprise: refused beside the organization field, nothing stored.
    for org in [plant, depot] {
        let page = app.apply_team(&beta_cap, c, "Beta", &org.to_string()).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY, "{org}");
        let said = page.select_text("#organization-error").unwrap_or_default();
        assert!(
            said.contains("«Alpha»") && said.contains("«Цех Прогресс»"),
            "{said}"
        );
        assert_eq!(page.attr("#name", "value").as_deref(), Some("Beta"));
        assert_eq!(count(&app), 1);
    }
    // Another enterprise enters its own team.
    let page = app
        .apply_team(&gamma_cap, c, "Gamma", &elsewhere.to_string())
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(count(&app), 2);
}

// ------------------------------------------------------------------- E-12

#[tokio::test]
async fn e_12_a_person_records_employment_an_organizer_confirms_it_and_the_log_keeps_both() {
    let app = TestApp::spawn().await;
    let admin = app.admin("Boss").await;
    let c = app.create_championship(&admin, "E").await;
    let organizer = app.person("Org").await;
    app.grant_role(&admin, c, "Org", "organizer").await;
    let plant = app.create_organization(&organizer, "Завод Прогресс").await;
    let worker = app.person("Worker").await;
    let stranger = app.person("Stranger").await;
    let worker_id = app.person_id("Worker");
    // The worker plays for a team of the championship: its organizers act
    // for them (an organizer of another championship does not).
    let captain = app.person("Cap").await;
    let team = app
        .apply_team(&captain, c, "Прогресс", &plant.to_string())
        .await
        .location_id("/teams/");
    app.invite_and_accept(&captain, team, &worker, "Worker")
        .await;
    let records = |app: &TestApp| standing::employments_of(&mut app.db(), worker_id).expect("q");
    let plant_id = plant.to_string();

    // The person's own page offers the form; a wrong date is refused with
    // the message on the form and what was typed kept.
    let own = app.get_with(&worker, "/people/Worker").await;
    assert!(
        own.attrs("form", "action")
            .contains(&"/people/Worker/employments".to_owned())
    );
    let page = app
        .post_with(
            &worker,
            "/people/Worker/employments",
            &[
                ("organization", &plant_id),
                ("from", "01.02.2024"),
                ("until", ""),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#emp-from-error").as_deref(),
        Some("Введите дату в виде ГГГГ-ММ-ДД.")
    );
    assert_eq!(
        page.attr("#emp-from", "value").as_deref(),
        Some("01.02.2024")
    );
    assert_eq!(
        page.attr("#emp-organization option[selected]", "value"),
        Some(plant_id.clone())
    );
    assert!(records(&app).is_empty());

    let page = app
        .post_with(
            &worker,
            "/people/Worker/employments",
            &[
                ("organization", &plant_id),
                ("from", "2024-02-01"),
                ("until", ""),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(records(&app).len(), 1);
    let (record, _) = &records(&app)[0];
    assert!(record.confirmed_at.is_none());

    // A stranger may neither add a record nor confirm one, nor sees the form.
    let page = app
        .post_with(
            &stranger,
            "/people/Worker/employments",
            &[
                ("organization", &plant_id),
                ("from", "2020-01-01"),
                ("until", ""),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert_eq!(records(&app).len(), 1);
    let seen = app.get_with(&stranger, "/people/Worker").await;
    assert!(
        !seen
            .attrs("form", "action")
            .iter()
            .any(|a| a.contains("employment")),
        "no employment forms for a stranger"
    );
    let confirm = format!("/employments/{}/confirm", record.id);
    for who in [&stranger, &worker] {
        let page = app.post_with(who, &confirm, &[]).await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
    }
    assert!(records(&app)[0].0.confirmed_at.is_none());

    // An organizer confirms from the person's page.
    let page = app.get_with(&organizer, "/people/Worker").await;
    assert_eq!(form_action(&page, "/employments/"), confirm);
    let page = app.post_with(&organizer, &confirm, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let (record, organization) = &records(&app)[0];
    assert!(record.confirmed_at.is_some());
    assert_eq!(record.confirmed_by, Some(app.person_id("Org")));
    assert_eq!(organization, "Завод Прогресс");
    let own = app.get_with(&worker, "/people/Worker").await;
    assert!(
        own.texts("tbody td").contains(&"да".to_owned()),
        "{}",
        own.text
    );

    // The audit log (the administrator's) keeps both steps, with who did them.
    let log = audit_rows(&app.get_with(&admin, "/admin").await);
    let worker_subject = format!("person:{worker_id}");
    assert!(
        log.iter()
            .any(|(actor, action, subject, detail)| actor == "Worker"
                && action == "person.employment"
                && *subject == worker_subject
                && detail.contains("Завод Прогресс: 2024-02-01")),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|(actor, action, subject, detail)| actor == "Org"
                && action == "person.employment_confirmed"
                && *subject == worker_subject
                && detail.contains("не подтверждено → подтверждено")),
        "{log:?}"
    );
}

// ------------------------------------------------------------------- G-A5

#[tokio::test]
async fn g_a5_the_public_championship_page_lists_approved_teams_with_their_members_only() {
    let app = TestApp::spawn().await;
    let admin = app.admin("Boss").await;
    let c = app.create_championship(&admin, "G").await;
    let judge = app.person("Judge").await;
    app.grant_role(&admin, c, "Judge", "judge").await;
    let approved_cap = app.person("CapA").await;
    let member = app.person("MemberA").await;
    let pending_cap = app.person("CapP").await;
    let rejected_cap = app.person("CapR").await;
    for nick in ["CapA", "MemberA", "CapP", "CapR"] {
        mark_club_member(&app, &admin, nick, c).await;
    }
    let approved = app
        .apply_team(&approved_cap, c, "Ладья", "")
        .await
        .location_id("/teams/");
    app.invite_and_accept(&approved_cap, approved, &member, "MemberA")
        .await;
    app.apply_team(&pending_cap, c, "Пешка", "")
        .await
        .location_id("/teams/");
    let rejected = app
        .apply_team(&rejected_cap, c, "Слон", "")
        .await
        .location_id("/teams/");

    // Nothing is public before the judges decide.
    let visitor = new_client();
    let page = app.get_with(&visitor, &format!("/championships/{c}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.texts("tbody tr").is_empty(), "{}", page.text);

    let page = app.decide_team(&judge, c, approved, "approve", "").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    // A rejection needs a reason: refused beside the reason field, with
    // what was typed kept.
    let queue = app
        .get_with(&judge, &format!("/championships/{c}/queue"))
        .await;
    let n = queue
        .attrs("form", "action")
        .iter()
        .filter(|a| a.ends_with("/decision"))
        .position(|a| a.ends_with(&format!("/teams/{rejected}/decision")))
        .expect("the rejected team is in the queue")
        + 1;
    let page = app.decide_team(&judge, c, rejected, "reject", "   ").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text(&format!("#reason-{n}-error")).as_deref(),
        Some("Укажите причину отказа.")
    );
    assert_eq!(
        page.attr(&format!("#reason-{n}"), "value").as_deref(),
        Some("   ")
    );
    let page = app
        .decide_team(&judge, c, rejected, "reject", "мало игроков")
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);

    // An anonymous visitor sees the participant with its members, and
    // neither the pending nor the rejected application.
    let page = app.get_with(&visitor, &format!("/championships/{c}")).await;
    assert_eq!(page.status, StatusCode::OK);
    let rows = page.texts("tbody tr");
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(page.texts("tbody tr td:first-child"), ["Ладья"]);
    assert_eq!(page.texts("tbody tr td:nth-child(2)"), ["Вперёд!"]);
    assert_eq!(page.texts("tbody tr td:nth-child(3)"), ["CapA, MemberA"]);
    assert!(!page.text.contains("Пешка"));
    assert!(!page.text.contains("Слон"));
    assert_eq!(
        page.attr("tbody tr td a", "href"),
        Some(format!("/teams/{approved}"))
    );
    // The team's own page is public too.
    let team = app.get_with(&visitor, &format!("/teams/{approved}")).await;
    assert_eq!(team.status, StatusCode::OK);
    assert!(roster_row(&team, "MemberA").is_some());
}

// ------------------------------------------------------------------ audit

#[tokio::test]
async fn audit_roster_captaincy_ban_and_approval_changes_reach_the_organizers_log() {
    let app = TestApp::spawn().await;
    let admin = app.admin("Boss").await;
    let c = app.create_championship(&admin, "G").await;
    let other = app.create_championship(&admin, "G").await;
    let organizer = app.person("Org").await;
    let other_organizer = app.person("OtherOrg").await;
    let judge = app.person("Judge").await;
    app.grant_role(&admin, c, "Org", "organizer").await;
    app.grant_role(&admin, other, "OtherOrg", "organizer").await;
    app.grant_role(&admin, c, "Judge", "judge").await;
    let captain = app.person("Cap").await;
    let knight = app.person("Knight").await;
    let bishop = app.person("Bishop").await;
    let loser = app.person("Loser").await;
    for nick in ["Cap", "Knight", "Bishop", "Loser"] {
        mark_club_member(&app, &organizer, nick, c).await;
    }

    // Approval and rejection.
    let team = app
        .apply_team(&captain, c, "Ферзь", "")
        .await
        .location_id("/teams/");
    let page = app.decide_team(&judge, c, team, "approve", "").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let refused = app
        .apply_team(&loser, c, "Пат", "")
        .await
        .location_id("/teams/");
    let page = app
        .decide_team(&judge, c, refused, "reject", "нет состава")
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);

    // Roster changes.
    app.invite_and_accept(&captain, team, &knight, "Knight")
        .await;
    app.invite_and_accept(&captain, team, &bishop, "Bishop")
        .await;

    // Captaincy: a hand-over to someone off the roster is refused beside
    // the field, which offers the members to pick; then Knight takes over.
    let handover = format!("/teams/{team}/captain");
    let page = app
        .post_with(&captain, &handover, &[("nick", "Loser")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#handover-nick-error").as_deref(),
        Some("Loser не в составе команды.")
    );
    assert_eq!(
        page.texts("#handover-nick option"),
        ["Test Player (Knight)", "Test Player (Bishop)"]
    );
    let page = app
        .post_with(&captain, &handover, &[("nick", "Knight")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let bishop_id = app.person_id("Bishop");
    let page = app
        .post_with(
            &knight,
            &format!("/teams/{team}/members/{bishop_id}/remove"),
            &[],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);

    // A ban on a member, then lifted.
    let page = ban(&app, &judge, "Cap", ("", ""), "оскорбления", c).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let lift = form_action(&app.get_with(&judge, "/people/Cap").await, "/bans/");
    let page = app.post_with(&judge, &lift, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    // A ban on an account off every roster reaches the log too when it is
    // a clone of a member's (G-A7: it bans the member as well).
    app.person("Ghost").await;
    let page = app
        .post_with(
            &judge,
            "/people/Knight/clones",
            &[("nick", "Ghost"), ("championship", &c.to_string())],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let page = ban(&app, &judge, "Ghost", ("", ""), "твинк", c).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);

    // The organizer finds the log from the championship page and reads
    // who did what, before → after.
    let audit = format!("/championships/{c}/audit");
    let show = app
        .get_with(&organizer, &format!("/championships/{c}"))
        .await;
    assert!(show.attrs("a", "href").contains(&audit));
    let page = app.get_with(&organizer, &audit).await;
    assert_eq!(page.status, StatusCode::OK);
    let log = audit_rows(&page);
    let team_subject = format!("team:{team}");
    let find = |action: &str, detail: &str| {
        log.iter()
            .find(|(_, a, _, d)| a == action && d.contains(detail))
            .unwrap_or_else(|| panic!("{action} with {detail:?} in {log:#?}"))
    };
    assert!(
        page.text.contains("команда допущена"),
        "the action in Russian"
    );
    let (actor, _, subject, _) = find(
        "team.approve",
        "заявка на рассмотрении → участник чемпионата",
    );
    assert_eq!((actor.as_str(), subject), ("Judge", &team_subject));
    let (actor, _, subject, _) = find(
        "team.reject",
        "заявка на рассмотрении → заявка отклонена: нет состава",
    );
    assert_eq!(
        (actor.as_str(), subject.as_str()),
        ("Judge", format!("team:{refused}").as_str())
    );
    let (actor, _, _, _) = find("team.join", "Knight");
    assert_eq!(actor, "Knight");
    let (actor, _, _, _) = find("team.captaincy", "капитан: Cap → Knight");
    assert_eq!(actor, "Cap");
    let (actor, _, _, _) = find("team.remove", "Bishop: в составе → исключён капитаном");
    assert_eq!(actor, "Knight");
    let cap_subject = format!("person:{}", app.person_id("Cap"));
    let (actor, _, subject, _) = find(
        "person.ban",
        "оскорбления (дисквалификация: нет → наложена)",
    );
    assert_eq!((actor.as_str(), subject), ("Judge", &cap_subject));
    let (actor, _, subject, _) = find("person.ban_lifted", "(дисквалификация: наложена → снята)");
    assert_eq!((actor.as_str(), subject), ("Judge", &cap_subject));
    let (_, _, subject, _) = find("person.ban", "Ghost:");
    assert_eq!(subject, &format!("person:{}", app.person_id("Ghost")));

    // The log is the organizers': a judge of the championship, an
    // organizer of another one and a visitor are kept out.
    assert_eq!(
        app.get_with(&judge, &audit).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get_with(&other_organizer, &audit).await.status,
        StatusCode::FORBIDDEN
    );
    let page = app.get_with(&new_client(), &audit).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert!(page.location().is_some_and(|l| l.starts_with("/login")));
    // Nor does the other championship's log show this one's changes.
    let page = app
        .get_with(&other_organizer, &format!("/championships/{other}/audit"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        audit_rows(&page)
            .iter()
            .all(|(_, a, _, _)| !a.starts_with("team.") && !a.starts_with("person.")),
        "{:?}",
        audit_rows(&page)
    );
}

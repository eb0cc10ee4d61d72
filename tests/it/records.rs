//! People as records: a captain, representative or organizer enters a
//! player by full name, with no sign-up; the person may claim the record
//! through a mailed link (once, before it expires, not while signed in as
//! someone else); a record moves to another team only with a judge's
//! consent (G-B33); invitations are mailed.

use chrono::{Duration, Utc};
use diesel::prelude::*;
use league::db::{self, outbox};
use reqwest::{Client, StatusCode};

use crate::club::Club;
use crate::helpers::{Page, into_page, new_client};

/// The roster import form sent as a browser sends it (multipart): the
/// pasted rows, the step, and the file chosen, if any.
async fn send_import(
    club: &Club,
    who: &Client,
    url: &str,
    pasted: &str,
    step: &str,
    file: Option<&[u8]>,
) -> Page {
    use reqwest::multipart::{Form, Part};
    let token = club.app.csrf_with(who).await;
    let mut form = Form::new()
        .text("csrf_token", token)
        .text("pasted", pasted.to_owned())
        .text("step", step.to_owned());
    if let Some(bytes) = file {
        let part = Part::bytes(bytes.to_vec())
            .file_name("roster.csv")
            .mime_str("text/csv")
            .expect("mime");
        form = form.part("file", part);
    }
    into_page(
        who.post(club.app.url(url))
            .multipart(form)
            .send()
            .await
            .expect("POST"),
    )
    .await
}

/// An approved R team of its representative alone (an organization of its
/// own, R-2.1); returns (team id, the representative's browser).
async fn r_team(club: &Club, name: &str, captain: &str) -> (i64, Client) {
    let app = &club.app;
    let organization = app
        .create_organization(&club.root, &format!("АО-{name}"))
        .await;
    let client = club.person(captain).await;
    let page = app
        .apply_team(&client, club.id, name, &organization.to_string())
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let id = page.location_id("/teams/");
    let page = app
        .decide_team(&club.root, club.id, id, "approve", "")
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    (id, client)
}

async fn add(club: &Club, who: &Client, team: i64, fields: &[(&str, &str)]) -> Page {
    club.app
        .post_with(who, &format!("/teams/{team}/players"), fields)
        .await
}

fn person(club: &Club, nick: &str) -> db::people::Person {
    db::people::by_nick(&mut club.app.db(), nick)
        .expect("query")
        .unwrap_or_else(|| panic!("{nick} is stored"))
}

/// The claim form sent from `client` with a password and its repetition.
async fn choose_password(
    club: &Club,
    client: &Client,
    link: &str,
    password: &str,
    again: &str,
) -> Page {
    club.app
        .post_with(
            client,
            link,
            &[("password", password), ("password_confirm", again)],
        )
        .await
}

/// The path of the newest claim link mailed to `address`.
fn claim_path(club: &Club, address: &str) -> String {
    let rows = outbox::list(&mut club.app.db(), None, 1000).expect("outbox");
    let row = rows
        .iter()
        .filter(|r| r.kind == "claim" && r.address == address)
        .max_by_key(|r| r.id)
        .unwrap_or_else(|| panic!("a claim mail to {address}"));
    let start = row.body.find("/claim/").expect("the link in the mail");
    row.body[start..]
        .split_whitespace()
        .next()
        .expect("link")
        .to_owned()
}

#[tokio::test]
async fn r_2_1_a_representative_enters_players_by_full_name_without_any_sign_up() {
    let club = Club::new("R").await;
    let (team, rep) = r_team(&club, "Энергомаш", "rep1").await;
    let page = add(&club, &rep, team, &[("full_name", "Иванов Иван")]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // The same name again is the same person: refused, nothing stored.
    let page = add(&club, &rep, team, &[("full_name", "иванов  иван")]).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.text.contains("уже в составе команды «Энергомаш»"),
        "{}",
        page.text
    );
    // A nick someone has is refused; the typed values stay in the form.
    let page = add(
        &club,
        &rep,
        team,
        &[("full_name", "Петрова Анна"), ("nick", "rep1")],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("Ник rep1 уже занят"), "{}", page.text);
    assert_eq!(
        page.attr("#add-full-name", "value").as_deref(),
        Some("Петрова Анна")
    );
    let page = add(&club, &rep, team, &[("full_name", "Петрова Анна")]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // E-11/R: the roster of three is full now.
    let page = add(&club, &rep, team, &[("full_name", "Сидоров Пётр")]).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("Состав заполнен"), "{}", page.text);

    let ivanov = person(&club, "ivanov-ivan");
    assert_eq!(ivanov.full_name, "Иванов Иван");
    assert!(!ivanov.has_account() && ivanov.email.is_none());
    let roster =
        db::teams::current_members(&mut club.app.db(), league::ids::TeamId(team)).expect("roster");
    assert_eq!(roster.len(), 3, "the representative and the two entered");

    // The representative sees the names and which have no account; a
    // visitor sees nicks only.
    let own = club.app.get_with(&rep, &format!("/teams/{team}")).await;
    let text = own.texts("table tbody tr td:first-child a").join("|");
    assert!(
        text.contains("Иванов Иван") && text.contains("Петрова Анна"),
        "{text}"
    );
    assert_eq!(
        own.texts("table tbody .tag")
            .iter()
            .filter(|t| t.contains("без учётной записи"))
            .count(),
        2
    );
    let public = club.app.get(&format!("/teams/{team}")).await;
    assert!(!public.text.contains("Иванов Иван"), "names stay private");
    assert!(public.text.contains("ivanov-ivan"));

    // A record cannot sign in: it has no password.
    let page = club.app.log_in_with(&new_client(), "ivanov-ivan", "").await;
    assert_ne!(page.status, StatusCode::SEE_OTHER);

    // Someone who is neither the captain nor an organizer may not.
    let stranger = club.person("stranger").await;
    let page = add(&club, &stranger, team, &[("full_name", "Кто-то Ещё")]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_claim_link_makes_the_record_an_account_once() {
    let club = Club::new("R").await;
    let (team, rep) = r_team(&club, "Салют", "rep1").await;
    let page = add(
        &club,
        &rep,
        team,
        &[
            ("full_name", "Орлова Мария"),
            ("email", "maria@works.example"),
        ],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let link = claim_path(&club, "maria@works.example");

    let maria = new_client();
    let page = club.app.get_with(&maria, &link).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("Орлова Мария") && page.text.contains("maria@works.example"));
    // A weak or mismatched password is refused in words; nothing changes.
    let page = choose_password(&club, &maria, &link, "Sunny-Kettle-92-Orbit", "other").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!person(&club, "orlova-mariia").has_account());

    let page = choose_password(
        &club,
        &maria,
        &link,
        "Sunny-Kettle-92-Orbit",
        "Sunny-Kettle-92-Orbit",
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(page.location(), Some("/account"));
    let account = club.app.get_with(&maria, "/account").await;
    assert_eq!(account.status, StatusCode::OK);
    assert!(account.text.contains("orlova-mariia"));
    let record = person(&club, "orlova-mariia");
    assert_eq!(record.email.as_deref(), Some("maria@works.example"));

    // The address and the password sign in from now on.
    let page = club
        .app
        .log_in_with(
            &new_client(),
            "maria@works.example",
            "Sunny-Kettle-92-Orbit",
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);

    // Used twice: refused in words, the password stays.
    let page = choose_password(
        &club,
        &new_client(),
        &link,
        "Other-Kettle-17-Orbit",
        "Other-Kettle-17-Orbit",
    )
    .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(page.text.contains("уже использована"), "{}", page.text);
    assert_eq!(
        person(&club, "orlova-mariia").password_hash,
        record.password_hash
    );
    // A wrong secret is no link at all.
    let (head, _) = link.rsplit_once('_').expect("id_secret");
    let page = club.app.get(&format!("{head}_forged")).await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_claim_link_expires_and_is_not_for_someone_signed_in_as_another() {
    let club = Club::new("R").await;
    let (team, rep) = r_team(&club, "Заря", "rep1").await;
    for (name, email) in [
        ("Белов Олег", "oleg@works.example"),
        ("Белова Ольга", "olga@works.example"),
    ] {
        let page = add(&club, &rep, team, &[("full_name", name), ("email", email)]).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    // Oleg's link is older than its days.
    let oleg = claim_path(&club, "oleg@works.example");
    {
        use league::db::schema::claim_links;
        let past = (Utc::now() - Duration::days(1)).naive_utc();
        diesel::update(claim_links::table.filter(claim_links::email.eq("oleg@works.example")))
            .set(claim_links::expires_at.eq(past))
            .execute(&mut club.app.db())
            .expect("age the link");
    }
    let page = club.app.get(&oleg).await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(page.text.contains("Срок ссылки истёк"), "{}", page.text);
    let page = choose_password(
        &club,
        &new_client(),
        &oleg,
        "Sunny-Kettle-92-Orbit",
        "Sunny-Kettle-92-Orbit",
    )
    .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(!person(&club, "belov-oleg").has_account());

    // Olga's link opened by the representative, signed in: refused.
    let olga = claim_path(&club, "olga@works.example");
    let page = club.app.get_with(&rep, &olga).await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(
        page.text.contains("Вы вошли под другим именем"),
        "{}",
        page.text
    );
    let page = choose_password(
        &club,
        &rep,
        &olga,
        "Sunny-Kettle-92-Orbit",
        "Sunny-Kettle-92-Orbit",
    )
    .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(!person(&club, "belova-olga").has_account());
    // The link still works for Olga herself.
    assert_eq!(club.app.get(&olga).await.status, StatusCode::OK);

    // A new link from the person page, by the representative.
    let page = club
        .app
        .post_with(
            &rep,
            "/people/belov-oleg/claim-link",
            &[("email", "oleg.b@works.example")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let fresh = claim_path(&club, "oleg.b@works.example");
    assert_eq!(club.app.get(&fresh).await.status, StatusCode::OK);
    // Not for an account.
    let page = club
        .app
        .post_with(
            &rep,
            "/people/rep1/claim-link",
            &[("email", "x@works.example")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let rows = outbox::list(&mut club.app.db(), None, 1000).expect("outbox");
    assert!(!rows.iter().any(|r| r.address == "x@works.example"));
}

#[tokio::test]
async fn g_b33_a_record_moves_to_another_team_only_with_a_judges_consent() {
    let club = Club::new("G").await;
    let rook = club.team("Ладья", &["CapA", "PlayerA"]).await;
    let knight = club.team("Конь", &["CapB", "PlayerB"]).await;
    // G-A7: the organizer enters a club member; the captain alone could
    // not (club membership is the organizers' to confirm).
    let page = add(
        &club,
        &rook.captain,
        rook.id,
        &[("full_name", "Гуров Лев"), ("nick", "LevG")],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("LevG"), "{}", page.text);
    let page = add(
        &club,
        &club.root,
        rook.id,
        &[
            ("full_name", "Гуров Лев"),
            ("nick", "LevG"),
            ("club_member", "1"),
        ],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    // The other captain invites the record: it cannot answer, so the
    // transfer waits for a judge, and the player stays where he is.
    let page = club
        .app
        .post_with(
            &knight.captain,
            &format!("/teams/{}/invitations", knight.id),
            &[("nick", "LevG")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let team_of = || {
        db::teams::teams_of_person(&mut club.app.db(), person(&club, "LevG").id)
            .expect("teams")
            .into_iter()
            .map(|(t, _)| t.name)
            .collect::<Vec<_>>()
    };
    assert_eq!(team_of(), ["Ладья"]);
    let queue = club
        .app
        .get_with(&club.root, &format!("/championships/{}/queue", club.id))
        .await;
    let action = queue
        .attr("form[action*='/transfers/']", "action")
        .expect("the transfer waits for a judge");
    let page = club
        .app
        .post_with(&club.root, &action, &[("decision", "approve")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(team_of(), ["Конь"]);
}

#[tokio::test]
async fn g_b31_an_invitation_is_mailed_to_the_invited_person() {
    let club = Club::new("G").await;
    let rook = club.team("Ладья", &["CapA"]).await;
    club.person("Invitee").await;
    let page = club
        .app
        .post_with(
            &rook.captain,
            &format!("/teams/{}/invitations", rook.id),
            &[("nick", "Invitee")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let invitee = person(&club, "Invitee");
    let rows = outbox::list(&mut club.app.db(), None, 1000).expect("outbox");
    let mail = rows
        .iter()
        .find(|r| r.kind == "invitation")
        .expect("an invitation mail");
    assert_eq!(Some(mail.address.as_str()), invitee.email.as_deref());
    assert!(mail.subject.contains("Ладья"), "{}", mail.subject);
    assert!(mail.body.contains("/todo"), "{}", mail.body);
}

#[tokio::test]
async fn r_2_4_the_chief_judge_reviews_documents_and_admits_at_the_check_in() {
    let club = Club::new("R").await;
    let t = club.tournament_in(90).await;
    let chief = club.person("cj").await;
    let judge = club.person("jd").await;
    for (nick, role) in [("cj", "chief_judge"), ("jd", "judge")] {
        club.app.grant_role(&club.root, club.id, nick, role).await;
    }
    let documents = format!("/championships/{}/documents", club.id);
    let desk = format!("{}/check-in", club.tournament_url(t));
    for path in [&documents, &desk] {
        assert_eq!(
            club.app.get_with(&chief, path).await.status,
            StatusCode::OK,
            "{path}"
        );
        assert_eq!(
            club.app.get_with(&judge, path).await.status,
            StatusCode::FORBIDDEN,
            "{path}"
        );
    }
    // The chief judge finds both from the pages.
    let page = club
        .app
        .get_with(&chief, &format!("/championships/{}", club.id))
        .await;
    assert!(
        page.attr(&format!("a[href='{documents}']"), "href")
            .is_some()
    );
    let page = club.app.get_with(&chief, &club.tournament_url(t)).await;
    assert!(page.attr("#check-in-link a", "href").is_some());
}

/// Enters `names` on `team` by its representative, each with an
/// employment record at `organization` that waits for a confirmation.
async fn enter_employed(club: &Club, rep: &Client, team: i64, organization: &str, names: &[&str]) {
    for name in names {
        let page = add(club, rep, team, &[("full_name", name)]).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        let nick = person_nick_by_name(club, name);
        let page = club
            .app
            .post_with(
                rep,
                &format!("/people/{nick}/employments"),
                &[
                    ("organization", organization),
                    ("from", "2020-01-01"),
                    ("until", ""),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
}

fn person_nick_by_name(club: &Club, name: &str) -> String {
    let ids = db::teams::current_members_of_championship(
        &mut club.app.db(),
        db_championship(club),
        &[db::teams::TeamStatus::Approved],
    )
    .expect("members");
    db::people::full_names_of(&mut club.app.db(), &ids)
        .expect("names")
        .into_iter()
        .find(|(_, n)| n == name)
        .and_then(|(id, _)| db::people::by_id(&mut club.app.db(), id).ok().flatten())
        .map(|p| p.nick)
        .unwrap_or_else(|| panic!("{name} is on a roster"))
}

fn db_championship(club: &Club) -> league::ids::ChampionshipId {
    league::ids::ChampionshipId(club.id)
}

fn organization_id(club: &Club, name: &str) -> String {
    db::organizations::list(&mut club.app.db())
        .expect("organizations")
        .into_iter()
        .find(|o| o.name == name)
        .expect("the team's organization")
        .id
        .to_string()
}

#[tokio::test]
async fn r_2_1_the_desk_lists_employment_records_by_team_and_confirms_every_one_listed() {
    let club = Club::new("R").await;
    let (proton, rep) = r_team(&club, "Протон", "rep1").await;
    let (quant, rep2) = r_team(&club, "Квант", "rep2").await;
    let proton_org = organization_id(&club, "АО-Протон");
    let quant_org = organization_id(&club, "АО-Квант");
    enter_employed(
        &club,
        &rep,
        proton,
        &proton_org,
        &["Быков Борис", "Волкова Вера"],
    )
    .await;
    enter_employed(&club, &rep2, quant, &quant_org, &["Зайцев Захар"]).await;
    // R asks no motto: the championship's participants have no such column.
    let page = club.app.get(&format!("/championships/{}", club.id)).await;
    assert!(page.text.contains("Протон") && !page.text.contains("Девиз"));
    // The organizer's to-do page counts them and leads to the desk.
    let org = club.person("org1").await;
    club.app
        .grant_role(&club.root, club.id, "org1", "organizer")
        .await;
    let todo = club.app.get_with(&org, "/todo").await;
    let line = todo
        .texts("ul.todo li")
        .into_iter()
        .find(|l| l.contains("записи о работе"))
        .unwrap_or_else(|| panic!("{}", todo.text));
    assert!(line.contains("Подтвердите 3 записи о работе"), "{line}");
    let desk = format!("/championships/{}/documents", club.id);
    assert!(
        todo.attr(&format!("a[href='{desk}#employments']"), "href")
            .is_some()
    );
    // every waiting record, with full names and teams.
    let page = club.app.get_with(&org, &desk).await;
    let names = page.texts("#employments-bulk tbody td.person a");
    assert_eq!(names, ["Быков Борис", "Волкова Вера", "Зайцев Захар"]);
    // Narrowed to one team, or to the organization it stands for.
    for query in [
        format!("team={proton}"),
        format!("organization={proton_org}"),
    ] {
        let page = club.app.get_with(&org, &format!("{desk}?{query}")).await;
        let names = page.texts("#employments-bulk tbody td.person a");
        assert_eq!(names, ["Быков Борис", "Волкова Вера"], "{query}");
    }
    // "Every one listed" of the narrowed list, no box picked: those two
    // confirmed at once, the other team's record still waits.
    let page = club
        .app
        .get_with(&org, &format!("{desk}?team={proton}"))
        .await;
    let listed = page.attrs("#employments-bulk input[name=listed]", "value");
    let mut fields: Vec<(&str, &str)> = listed.iter().map(|v| ("listed", v.as_str())).collect();
    let team = proton.to_string();
    fields.extend([
        ("every", "1"),
        ("team", team.as_str()),
        ("organization", ""),
    ]);
    let action = page.attr("#employments-bulk", "action").expect("form");
    let done = club.app.post_with(&org, &action, &fields).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    assert_eq!(
        done.location(),
        Some(format!("{desk}?team={proton}#employments").as_str())
    );
    let page = club.app.get_with(&org, &desk).await;
    let names = page.texts("#employments-bulk tbody td.person a");
    assert_eq!(names, ["Зайцев Захар"], "{}", page.text);
    let todo = club.app.get_with(&org, "/todo").await;
    assert!(
        todo.text.contains("Подтвердите 1 запись о работе"),
        "{}",
        todo.text
    );
    // The chief judge sees the desk but confirms no record.
    let chief = club.person("chief1").await;
    club.app
        .grant_role(&club.root, club.id, "chief1", "chief_judge")
        .await;
    let page = club.app.get_with(&chief, &desk).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.attrs("#employments-bulk input[name=pick]", "value")
            .is_empty()
    );
    assert_eq!(
        page.texts("#employments-bulk tbody td.person a"),
        ["Зайцев Захар"]
    );
    let refused = club.app.post_with(&chief, &action, &[("every", "1")]).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn r_2_2_a_records_documents_uploaded_by_its_representative_are_approved_all_at_once() {
    let club = Club::new("R").await;
    let (team, rep) = r_team(&club, "Буран", "rep1").await;
    let page = add(&club, &rep, team, &[("full_name", "Иванов Иван")]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // The record has no one to upload for it: its representative does.
    let action = crate::r_club::upload_action(&club, &rep, "/people/ivanov-ivan").await;
    for kind in ["original_application", "waiver", "passport_copy"] {
        crate::r_club::upload(&club, &rep, &action, kind).await;
    }
    // Someone else may not.
    let stranger = club.person("stranger").await;
    let page = club.app.get_with(&stranger, "/people/ivanov-ivan").await;
    assert!(page.attr("form#document-upload", "action").is_none());
    // The queue's box "every one listed" approves the three at once.
    let queue = format!("/championships/{}/documents", club.id);
    let page = club.app.get_with(&club.root, &queue).await;
    let listed = page.attrs("input[name=listed][form=documents-bulk]", "value");
    assert_eq!(listed.len(), 3, "{}", page.text);
    let mut fields: Vec<(&str, &str)> = listed.iter().map(|v| ("listed", v.as_str())).collect();
    fields.extend([("every", "1"), ("decision", "approve")]);
    let action = page
        .attr("form#documents-bulk", "action")
        .expect("bulk form");
    let done = club.app.post_with(&club.root, &action, &fields).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    let person = person(&club, "ivanov-ivan").id;
    let docs =
        db::documents::of_owner_all(&mut club.app.db(), db::documents::Owner::Person(person))
            .expect("documents");
    assert_eq!(docs.len(), 3);
    assert!(docs.iter().all(|d| d.status == "approved"), "{docs:?}");
}

#[tokio::test]
async fn r_1_4_a_roster_import_names_every_bad_row_and_stores_nothing_until_confirmed() {
    let club = Club::new("R").await;
    let (team, rep) = r_team(&club, "Квант", "rep1").await;
    let url = format!("/teams/{team}/import");
    let send = |rows: &'static str, step: &'static str| {
        let (club, rep, url) = (&club, &rep, url.clone());
        async move { send_import(club, rep, &url, rows, step, None).await }
    };
    let stored = |nick: &str| {
        db::people::by_nick(&mut club.app.db(), nick)
            .expect("q")
            .is_some()
    };
    // Each bad row is named with its line and why; nothing is stored.
    let page = send(
        "ФИО;Ник;Почта\nИванов Иван;;ivan@works.example\n;nick2;\nПетрова Анна;bad nick;\nСидоров Пётр;;not-an-email\n",
        "preview",
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let rows = page.texts("table.import tbody tr");
    assert_eq!(rows.len(), 4, "{rows:?}");
    let refused = page.texts("table.import tbody tr.refused td:first-child");
    assert_eq!(refused, ["3", "4", "5"]);
    let outcomes = page.texts("table.import tbody tr td.outcome");
    assert!(outcomes[0].contains("ivanov-ivan"), "{outcomes:?}");
    assert!(outcomes[1].starts_with("Имя и фамилия:"), "{outcomes:?}");
    assert!(outcomes[2].starts_with("Ник:"), "{outcomes:?}");
    assert!(
        outcomes[3].starts_with("E-mail:") || outcomes[3].contains("адрес"),
        "{outcomes:?}"
    );
    assert!(page.attr("button[value=confirm]", "value").is_none());
    assert!(!stored("ivanov-ivan"));
    // three to a team — the third row finds the roster full.
    let page = send(
        "Иванов Иван;;ivan@works.example\nПетрова Анна;;\nСидоров Пётр;;\n",
        "confirm",
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let refused = page.texts("table.import tbody tr.refused td.outcome");
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(refused[0].contains("Состав заполнен"), "{refused:?}");
    assert!(
        !stored("ivanov-ivan") && !stored("petrova-anna"),
        "all or none"
    );
    // A clean list: previewed (nothing sent), then confirmed at once.
    let rows = "Иванов Иван;;ivan@works.example\nПетрова Анна;;\n";
    let page = send(rows, "preview").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.attr("button[value=confirm]", "value").is_some());
    assert!(!stored("ivanov-ivan"));
    let page = send(rows, "confirm").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert!(stored("ivanov-ivan") && stored("petrova-anna"));
    let claims = outbox::list(&mut club.app.db(), None, 1000)
        .expect("outbox")
        .into_iter()
        .filter(|r| r.kind == "claim" && r.address == "ivan@works.example")
        .count();
    assert_eq!(claims, 1, "the previews sent nothing");
    // Nobody else imports onto the team.
    let stranger = club.person("stranger").await;
    let page = club
        .app
        .post_with(
            &stranger,
            &url,
            &[("rows", "Кто-то;;"), ("step", "confirm")],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn r_2_1_a_roster_file_saved_in_windows_1251_enters_players_with_their_employers() {
    let club = Club::new("R").await;
    let (team, rep) = r_team(&club, "Протон", "rep1").await;
    let url = format!("/teams/{team}/import");
    let cp1251 = |text: &str| encoding_rs::WINDOWS_1251.encode(text).0.into_owned();
    // A sheet saved as CSV by a spreadsheet of the region: Windows-1251,
    // semicolons, a header; one employer the site does not know.
    let file = cp1251(
        "ФИО;Ник;Почта;Место работы;Работает с\r\nБыков Борис;;;АО-Протон;15.01.2020\r\nЗайцев Захар;;;ООО Нет такой;01.02.2021\r\n",
    );
    let page = send_import(&club, &rep, &url, "", "preview", Some(&file)).await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let refused = page.texts("table.import tbody tr.refused td.outcome");
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(refused[0].starts_with("Место работы:"), "{refused:?}");
    // The file's text is in the box, decoded, for the next step.
    let boxed = page.select_text("#roster-import-rows").unwrap_or_default();
    assert!(boxed.contains("Быков Борис;;;АО-Протон"), "{boxed}");
    // A date without an employer, and an unreadable date, are named too.
    let page = send_import(
        &club,
        &rep,
        &url,
        "Быков Борис;;;;15.01.2020\nЗайцев Захар;;;АО-Протон;31.02.2021\n",
        "preview",
        None,
    )
    .await;
    let refused = page.texts("table.import tbody tr.refused td.outcome");
    assert_eq!(refused.len(), 2, "{refused:?}");
    assert!(refused[0].starts_with("Место работы:"), "{refused:?}");
    assert!(refused[1].starts_with("Работает с:"), "{refused:?}");
    // The corrected file is entered; the employment waits at the desk.
    let file =
        cp1251("Быков Борис;;;ао-протон;15.01.2020\r\nЗайцев Захар;;;АО-Протон;2021-02-01\r\n");
    let page = send_import(&club, &rep, &url, "", "confirm", Some(&file)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let bykov = person(&club, "bykov-boris").id;
    let records = db::standing::employments_of(&mut club.app.db(), bykov).expect("employments");
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(
        records[0].0.from_date,
        chrono::NaiveDate::from_ymd_opt(2020, 1, 15).expect("date")
    );
    assert!(
        records[0].0.confirmed_at.is_none(),
        "an organizer confirms it"
    );
    assert_eq!(records[0].1, "АО-Протон");
    let desk = club
        .app
        .get_with(&club.root, &format!("/championships/{}/documents", club.id))
        .await;
    assert_eq!(
        desk.texts("#employments-bulk td.person a"),
        ["Быков Борис", "Зайцев Захар"]
    );
}

//! Seed R over HTTP (issue 7): the corporate chess tournament of
//! `003_9b41324a01353a25.txt` — teams of three from their organizations,
//! admitted on approved documents, an entry cap with
//! a waiting list, one sport per athlete, a 7-round team
//! Swiss whose rounds 1–2 are drawn by lot, match points and
//! tie-breaks, corporate points for the first ten; and the
//! organizer's monthly schedule form (G-A2).
//!
//! Everything is done through the pages, as the people of the scenario
//! would: the database is only read, to learn an id or check what a
//! request stored.

use reqwest::multipart::{Form, Part};
use reqwest::{Client, StatusCode};

use crate::helpers::{Page, into_page};
use crate::play::{Club, Team, publish_last};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

/// Twenty-two teams, strongest first: the results below follow this order.
const NAMES: [&str; 22] = [
    "Восток",
    "Союз",
    "Прогресс",
    "Энергия",
    "Буран",
    "Протон",
    "Ангара",
    "Зенит",
    "Салют",
    "Мир",
    "Луна",
    "Венера",
    "Марс",
    "Сатурн",
    "Орбита",
    "Полёт",
    "Спутник",
    "Вега",
    "Фобос",
    "Квант",
    "Заря",
    "Звезда",
];

// ------------------------------------------------------------------ setup

/// Uploads one document through the upload form whose action (carrying
/// the CSRF token, as the page's form does) is `action`.
async fn upload(club: &Club, client: &Client, action: &str, kind: &str) {
    let form = Form::new().text("kind", kind.to_owned()).part(
        "file",
        Part::bytes(PDF.to_vec())
            .file_name(format!("{kind}.pdf"))
            .mime_str("application/pdf")
            .expect("mime"),
    );
    let page = into_page(
        client
            .post(club.app.url(action))
            .multipart(form)
            .send()
            .await
            .expect("POST"),
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{kind}: {}", page.text);
}

/// The upload form's action on `path` (a person's or a team's page).
async fn upload_action(club: &Club, client: &Client, path: &str) -> String {
    club.app
        .get_with(client, path)
        .await
        .attr("form#document-upload", "action")
        .unwrap_or_else(|| panic!("{path} offers the upload form"))
}

/// A staff employee of `organization`: the person records the
/// employment, the organizer confirms it on the person's page; then the
/// person uploads the documents (a waiver or a medical certificate,
/// alternately).
async fn staff_member(club: &Club, client: &Client, nick: &str, organization: i64, n: usize) {
    let app = &club.app;
    let path = format!("/people/{nick}");
    let page = app
        .post_with(
            client,
            &format!("{path}/employments"),
            &[
                ("organization", &organization.to_string()),
                ("from", "2020-01-01"),
                ("until", ""),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let confirm = app
        .get_with(&club.root, &path)
        .await
        .attr("form[action^='/employments/']", "action")
        .expect("the organizer's confirm button");
    assert_eq!(
        app.post_with(&club.root, &confirm, &[]).await.status,
        StatusCode::SEE_OTHER
    );
    let action = upload_action(club, client, &path).await;
    let health = if n.is_multiple_of(2) {
        "waiver"
    } else {
        "medical_certificate"
    };
    for kind in ["original_application", health, "passport_copy"] {
        upload(club, client, &action, kind).await;
    }
}

/// An approved team of three staff employees of its own organization,
/// with the application uploaded by the captain. Nicks are
/// `{prefix}1`…`{prefix}3`, the captain first. The documents still wait
/// for the organizer ([`approve_documents`]).
async fn r_team(club: &Club, name: &str, prefix: &str) -> Team {
    let app = &club.app;
    let organization = app
        .create_organization(&club.root, &format!("АО-{name}"))
        .await;
    let nicks: Vec<String> = (1..=3).map(|i| format!("{prefix}{i}")).collect();
    let captain = club.person(&nicks[0]).await;
    let page = app
        .apply_team(&captain, club.id, name, &organization.to_string())
        .await;
    let id = page.location_id("/teams/");
    let page = app
        .decide_team(&club.root, club.id, id, "approve", "")
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    staff_member(club, &captain, &nicks[0], organization, 0).await;
    for (i, nick) in nicks.iter().enumerate().skip(1) {
        let member = club.person(nick).await;
        app.invite_and_accept(&captain, id, &member, nick).await;
        staff_member(club, &member, nick, organization, i).await;
    }
    let action = upload_action(club, &captain, &format!("/teams/{id}")).await;
    upload(club, &captain, &action, "team_application").await;
    Team {
        id,
        name: name.to_owned(),
        captain,
        nicks,
    }
}

/// The organizer approves every pending document from the review queue
/// of `championship`; returns how many.
async fn approve_documents(club: &Club, championship: i64) -> usize {
    let queue = club
        .app
        .get_with(
            &club.root,
            &format!("/championships/{championship}/documents"),
        )
        .await;
    let actions = queue.attrs("tr.document.status-pending form.review", "action");
    for action in &actions {
        let page = club
            .app
            .post_with(&club.root, action, &[("decision", "approve")])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    actions.len()
}

/// `count` R teams of [`NAMES`], documents approved.
async fn r_teams(club: &Club, count: usize) -> Vec<Team> {
    let mut teams = Vec::new();
    for (i, name) in NAMES.iter().take(count).enumerate() {
        teams.push(r_team(club, name, &format!("t{i:02}n")).await);
    }
    assert_eq!(
        approve_documents(club, club.id).await,
        count * 10,
        "three R-2.2 documents per player and the team's R-1.10 application"
    );
    teams
}

/// The judge draws the field with `seed` (the lot's seed, recorded) and
/// round 1 is paired.
async fn draw(club: &Club, url: &str, seed: &str) {
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", seed)])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// Round `round` paired (round 1 by the draw, later ones by the judge's
/// button) and published; the public tournament page after it.
async fn published_round(club: &Club, url: &str, round: usize) -> Page {
    if round > 1 {
        let page = club
            .app
            .post_with(&club.root, &format!("{url}/rounds"), &[])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    publish_last(club, url).await;
    club.app.get(url).await
}

fn full_line(team: &Team) -> String {
    format!("{},{}", team.name, team.nicks.join(","))
}

/// Every team enters its three players, in order; each entry is accepted.
async fn enter_all(club: &Club, tournament: i64, teams: &[Team]) -> Vec<Page> {
    let mut flashes = Vec::new();
    for team in teams {
        let page = club
            .enter(&team.captain, tournament, &full_line(team))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        flashes.push(
            club.app
                .get_with(&team.captain, &club.tournament_url(tournament))
                .await,
        );
    }
    flashes
}

// ---------------------------------------------------------------- reading

/// (home, away) of every match of a round, by table, from the tournament
/// page.
fn pairings(page: &Page, round: usize) -> Vec<(String, String)> {
    let rows = scraper::Selector::parse(&format!("#round-{round} tr.match")).expect("selector");
    let cell = scraper::Selector::parse("td").expect("selector");
    page.html
        .select(&rows)
        .map(|tr| {
            let cells: Vec<String> = tr
                .select(&cell)
                .map(|c| c.text().collect::<String>().trim().to_owned())
                .collect();
            (cells[1].clone(), cells[3].clone())
        })
        .collect()
}

// ------------------------------------------------------------------ tests

#[tokio::test]
async fn r_1_9_entries_beyond_the_cap_of_twenty_wait_and_move_up_when_a_playing_entry_withdraws() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 22).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    let pages = enter_all(&club, t, &teams).await;
    let flash = |page: &Page| page.texts(".flash").join(" ");
    assert!(
        flash(&pages[19]).contains("Заявка Квант принята."),
        "{}",
        flash(&pages[19])
    );
    assert!(
        flash(&pages[20]).contains("Заявка Заря принята в лист ожидания, место 1 (R-1.9)."),
        "{}",
        flash(&pages[20])
    );
    assert!(
        flash(&pages[21]).contains("место 2 (R-1.9)"),
        "{}",
        flash(&pages[21])
    );
    // The page says who plays and who waits, in both languages.
    let english = club.app.get(&format!("{url}?lang=en")).await;
    let statuses = english.texts("table.entries td.entry-status");
    assert_eq!(statuses.len(), 22);
    assert!(statuses[..20].iter().all(|s| s == "plays"), "{statuses:?}");
    assert_eq!(statuses[20..], ["waiting list, 1", "waiting list, 2"]);

    // Буран (playing) withdraws: Заря, first on the list, plays.
    let page = club.withdraw(&teams[4].captain, t).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let status_of = |all: &[(String, String)], name: &str| {
        all.iter()
            .filter(|(n, _)| n == name)
            .map(|(_, s)| s.clone())
            .collect::<Vec<_>>()
    };
    let statuses = club.statuses(t).await;
    assert_eq!(status_of(&statuses, "Буран"), ["отозвана"]);
    assert_eq!(status_of(&statuses, "Заря"), ["играет"]);
    assert_eq!(status_of(&statuses, "Звезда"), ["лист ожидания, 1"]);
    // First come, first served: Буран entering again queues behind Звезда.
    let page = club
        .enter(&teams[4].captain, t, &full_line(&teams[4]))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get_with(&teams[4].captain, &url).await;
    assert!(flash(&page).contains("место 2 (R-1.9)"), "{}", flash(&page));
    let statuses = club.statuses(t).await;
    assert_eq!(status_of(&statuses, "Буран"), ["лист ожидания, 2"]);
    assert_eq!(status_of(&statuses, "Звезда"), ["лист ожидания, 1"]);

    // The draw freezes the field: the waiting entries are not paired, and
    // no longer withdraw — refused in words, nothing changes.
    draw(&club, &url, "19").await;
    let page = published_round(&club, &url, 1).await;
    let paired: Vec<String> = pairings(&page, 1)
        .into_iter()
        .flat_map(|(h, a)| [h, a])
        .collect();
    assert_eq!(paired.len(), 20);
    assert!(paired.contains(&"Заря".to_owned()));
    assert!(!paired.contains(&"Звезда".to_owned()) && !paired.contains(&"Буран".to_owned()));
    let star = club
        .entries(t)
        .into_iter()
        .find(|e| e.name == "Звезда")
        .expect("Звезда's entry");
    let page = club
        .app
        .post_with(
            &teams[21].captain,
            &format!("{url}/entries/{}/withdraw", star.id),
            &[],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let page = club.app.get_with(&teams[21].captain, &url).await;
    assert!(
        flash(&page).contains("Регистрация закрыта"),
        "{}",
        flash(&page)
    );
    assert_eq!(
        status_of(&club.statuses(t).await, "Звезда"),
        ["лист ожидания, 1"]
    );
}

//! Seed R's setup through the pages, shared by the integration and the
//! browser tests: teams of staff employees with their documents and
//! application approved, entries, the draw, published rounds.

use reqwest::multipart::{Form, Part};
use reqwest::{Client, StatusCode};

use crate::club::{Club, Team, publish_last};
use crate::helpers::{Page, into_page};

pub(crate) const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

/// Twenty-two teams, strongest first: the results below follow this order.
pub(crate) const NAMES: [&str; 22] = [
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

/// Uploads one document through the upload form whose action is `action`,
/// with the session's CSRF token as the form's first field.
pub(crate) async fn upload(club: &Club, client: &Client, action: &str, kind: &str) {
    let token = club.app.csrf_with(client).await;
    let form = Form::new()
        .text("csrf_token", token)
        .text("kind", kind.to_owned())
        .part(
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
pub(crate) async fn upload_action(club: &Club, client: &Client, path: &str) -> String {
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
pub(crate) async fn staff_member(
    club: &Club,
    client: &Client,
    nick: &str,
    organization: i64,
    n: usize,
) {
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
pub(crate) async fn r_team(club: &Club, name: &str, prefix: &str) -> Team {
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
pub(crate) async fn approve_documents(club: &Club, championship: i64) -> usize {
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
pub(crate) async fn r_teams(club: &Club, count: usize) -> Vec<Team> {
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

/// One tournament of `championship` starting at `local` (its time zone,
/// `YYYY-MM-DDTHH:MM`), moved there by the organizer's form.
pub(crate) async fn tournament_at(club: &Club, championship: i64, local: &str) -> i64 {
    let id = club.new_tournament(championship).await;
    start_at(club, championship, id, local).await;
    id
}

/// The organizer moves a tournament's start to `local`.
pub(crate) async fn start_at(club: &Club, championship: i64, tournament: i64, local: &str) {
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{championship}/tournaments/{tournament}/start"),
            &[("starts_at", local)],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// The judge draws the field with `seed` (the lot's seed, recorded) and
/// round 1 is paired.
pub(crate) async fn draw(club: &Club, url: &str, seed: &str) {
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", seed)])
        .await;
    club.started(url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// Round `round` paired (round 1 by the draw, later ones by the judge's
/// button) and published; the public tournament page after it.
pub(crate) async fn published_round(club: &Club, url: &str, round: usize) -> Page {
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

/// The organizers' form for the rounds of a tournament.
pub(crate) async fn set_rounds(club: &Club, url: &str, rounds: &str) -> Page {
    club.app
        .post_with(
            &club.root,
            &format!("{url}/round-count"),
            &[("rounds", rounds)],
        )
        .await
}

pub(crate) fn full_line(team: &Team) -> String {
    format!("{},{}", team.name, team.nicks.join(","))
}

/// Every team enters its three players, in order; each entry is accepted.
pub(crate) async fn enter_all(club: &Club, tournament: i64, teams: &[Team]) -> Vec<Page> {
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

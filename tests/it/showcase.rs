//! The main pages of a played championship, fetched as the people who see
//! them: what the page-quality checks read. Shared by
//! the `it` target (labels, titles, keyboard) and the `browser` target
//! (the HTML validator), so it holds no tests of its own.

use reqwest::{Client, StatusCode};

use crate::club::{Club, g_team, line, play_round, publish_last};
use crate::helpers::new_client;

/// One page as its viewer got it.
pub struct Shown {
    /// A file-name-safe name: `tournament-judge`, `signup`…
    pub name: &'static str,
    pub path: String,
    pub html: String,
}

/// A G championship with four teams of five, a three-round round robin
/// played and finished, and the pages a visitor, a captain and the judge
/// see along the way, including every form the issue names (sign-up,
/// login, the tournament entry with and without problems, the captain's
/// line-up, penalties, appeal).
pub struct Showcase;

impl Showcase {
    pub async fn build() -> Vec<Shown> {
        let club = Club::new("G").await;
        let mut teams = Vec::new();
        for (name, prefix) in [
            ("Ладья", "la"),
            ("Конь", "ko"),
            ("Слон", "sl"),
            ("Ферзь", "fe"),
        ] {
            teams.push(g_team(&club, name, prefix, 5).await);
        }
        let t = club.tournament_in(20).await;
        let url = club.tournament_url(t);
        let mut pages = Vec::new();
        let anonymous = new_client();
        let captain = &teams[0].captain;

        // Before the start: the entry form, empty and refused.
        pages.push(fetch(&club, captain, "tournament-entry-form", &url).await);
        let refused = club.enter(captain, t, "Ладья,la1,ghost,la1").await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        // The tournament page again, answering the POST with 422.
        pages.push(Shown {
            name: "tournament-entry-problems",
            path: url.clone(),
            html: refused.text,
        });
        for team in &teams {
            let page = club
                .enter(&team.captain, t, &line(team, &team.name, 0..5))
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        }
        let c = format!("/championships/{}", club.id);
        pages.push(fetch(&club, &club.root, "championship-organizer", &c).await);

        // Round 1 drawn and published: the judge's result forms, the
        // captain's line-up page and the match page.
        let page = club
            .app
            .post_with(&club.root, &format!("{url}/draw"), &[("seed", "5")])
            .await;
        club.started(&url);
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        publish_last(&club, &url).await;
        pages.push(fetch(&club, &club.root, "tournament-judge", &url).await);
        let mine = club.app.get_with(captain, &url).await;
        let lineup = mine
            .attr("table.entries a[href$='/lineup']", "href")
            .expect("the captain's line-up link");
        pages.push(fetch(&club, captain, "lineup", &lineup).await);
        let first_match = mine
            .attr("#round-1 tr.match a", "href")
            .expect("a match link");
        pages.push(fetch(&club, captain, "match-captain", &first_match).await);

        // Three rounds, the stronger (earlier) team winning every game.
        let rank = |name: &str| teams.iter().position(|t| t.name == name).unwrap_or(9);
        for round in 1..=3 {
            if round > 1 {
                let page = club
                    .app
                    .post_with(&club.root, &format!("{url}/rounds"), &[])
                    .await;
                assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
                publish_last(&club, &url).await;
            }
            play_round(&club, &url, round, &|home, away| {
                if rank(home) < rank(away) {
                    "1-0"
                } else {
                    "0-1"
                }
            })
            .await;
        }
        pages.push(fetch(&club, &club.root, "match-judge", &first_match).await);
        let page = club
            .app
            .post_with(&club.root, &format!("{url}/finish"), &[("confirm", "1")])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

        // After the finish: the public pages and the remaining forms.
        let team = format!("/teams/{}", teams[0].id);
        for (name, client, path) in [
            ("home", &anonymous, "/".to_owned()),
            ("championships", &anonymous, "/championships".to_owned()),
            ("championship", &anonymous, c.clone()),
            ("tournament", &anonymous, url.clone()),
            ("crosstable", &anonymous, format!("{url}/crosstable")),
            ("round", &anonymous, format!("{url}/rounds/1")),
            ("players", &anonymous, format!("{url}/players")),
            ("season", &anonymous, format!("{c}/season")),
            ("history", &anonymous, format!("{c}/history")),
            ("hall-of-fame", &anonymous, "/hall-of-fame".to_owned()),
            ("team", &anonymous, team.clone()),
            ("team-captain", captain, team.clone()),
            ("person", &anonymous, "/people/la1".to_owned()),
            ("match", &anonymous, first_match.clone()),
            ("penalties-judge", &club.root, format!("{c}/penalties")),
            ("appeal-form", captain, format!("{url}/appeal")),
            ("apply-form", captain, format!("{c}/apply")),
            ("account", captain, "/account".to_owned()),
            ("signup", &anonymous, "/signup".to_owned()),
            ("login", &anonymous, "/login".to_owned()),
        ] {
            pages.push(fetch(&club, client, name, &path).await);
        }

        // A case before the committee, a series, and the officials' pages.
        let page = club
            .app
            .post_with(
                captain,
                &format!("{url}/appeal"),
                &[
                    (
                        "what_happened",
                        "board 1 game 1: the flag fell after the mate",
                    ),
                    ("claim", "the game is won by mate"),
                    ("contested", "the judge's loss on time"),
                    ("game_ref", "round 2, board 1"),
                    ("concerned_team", &teams[1].id.to_string()),
                ],
            )
            .await;
        let case = page.location().expect("the case").to_owned();
        let page = club
            .app
            .post_with(&club.root, "/series", &[("name", "Спартакиада 2030")])
            .await;
        let series = page.location().unwrap_or("/series").to_owned();
        for (name, client, path) in [
            ("appeal-case-judge", &club.root, case),
            ("appeals", &anonymous, format!("{c}/appeals")),
            ("regulation", &club.root, format!("{c}/regulation")),
            ("series-list", &club.root, "/series".to_owned()),
            ("series", &club.root, series),
            ("bans", &anonymous, "/bans".to_owned()),
            ("organizations", &club.root, "/organizations".to_owned()),
            ("person-official", &club.root, "/people/la1".to_owned()),
            ("queue", &club.root, format!("{c}/queue")),
            ("captaincies", &club.root, format!("{c}/captaincies")),
            ("audit", &club.root, format!("{c}/audit")),
            ("documents-queue", &club.root, format!("{c}/documents")),
            ("import-form", &club.root, format!("{c}/import")),
            (
                "new-championship",
                &club.root,
                "/championships/new".to_owned(),
            ),
            ("admin", &club.root, "/admin".to_owned()),
            ("outbox", &club.root, "/outbox".to_owned()),
            ("password-form", captain, "/account/password".to_owned()),
            ("home-en", &anonymous, "/?lang=en".to_owned()),
            ("todo", &club.root, "/todo".to_owned()),
            ("people-roll", &club.root, format!("{c}/people")),
            ("tournament-judge-en", &club.root, format!("{url}?lang=en")),
        ] {
            pages.push(fetch(&club, client, name, &path).await);
        }
        let missing = club.app.get("/no-such-page").await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
        pages.push(Shown {
            name: "not-found",
            path: "/no-such-page".to_owned(),
            html: missing.text,
        });
        pages
    }
}

async fn fetch(club: &Club, client: &Client, name: &'static str, path: &str) -> Shown {
    let page = club.app.get_with(client, path).await;
    assert_eq!(page.status, StatusCode::OK, "{name} {path}: {}", page.text);
    Shown {
        name,
        path: path.to_owned(),
        html: page.text,
    }
}

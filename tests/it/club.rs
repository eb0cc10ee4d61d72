//! The harness of tournaments played through the pages: a championship
//! run by the admin "Root" (`Club`), teams built by application and
//! invitation, entries, and the judge's draw → publish → results loop.
//! Shared by the `it` and `browser` test targets (`#[path]`), so it holds
//! no tests of its own.

use chrono::{Duration, Utc};
use league::db;
use league::ids::{ChampionshipId, TournamentId};
use reqwest::{Client, StatusCode};

use crate::helpers::{Page, TestApp};

/// A championship under a preset whose organizer and judge is the platform
/// admin "Root", with teams built through the pages.
pub struct Club {
    pub app: TestApp,
    pub root: Client,
    pub id: i64,
    pub preset: &'static str,
}

pub struct Team {
    pub id: i64,
    pub name: String,
    pub captain: Client,
    /// Nicks of the members, the captain first.
    pub nicks: Vec<String>,
}

impl Club {
    pub async fn new(preset: &'static str) -> Club {
        Club::with_app(TestApp::spawn().await, preset).await
    }

    /// [`Club::new`] on an app started with its own settings.
    pub async fn with_app(app: TestApp, preset: &'static str) -> Club {
        let root = app.admin("Root").await;
        let id = app.create_championship(&root, preset).await;
        Club {
            app,
            root,
            id,
            preset,
        }
    }

    /// Changes the championship's own regulation in place (a setting no
    /// page has yet, or one a test needs without the versions' dates).
    pub fn edit_regulation(&self, edit: impl FnOnce(&mut league::rules::regulation::Regulation)) {
        use diesel::prelude::*;
        use league::db::schema::championships;
        let mut conn = self.app.db();
        let c = ChampionshipId(self.id);
        let text: String = championships::table
            .find(c)
            .select(championships::regulation)
            .first(&mut conn)
            .expect("the regulation");
        let mut regulation = league::rules::regulation::Regulation::from_json(&text).expect("read");
        edit(&mut regulation);
        diesel::update(championships::table.find(c))
            .set(championships::regulation.eq(serde_json::to_string(&regulation).expect("json")))
            .execute(&mut conn)
            .expect("the regulation changed");
    }

    /// A signed-up person; under G a club member (G-A7).
    pub async fn person(&self, nick: &str) -> Client {
        let client = self.app.person(nick).await;
        if self.preset == "G" {
            let page = self
                .app
                .post_with(
                    &self.root,
                    &format!("/people/{nick}/club"),
                    &[("action", "mark")],
                )
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER);
        }
        client
    }

    /// An approved team whose captain is `nicks[0]` and whose other members
    /// joined by invitation.
    pub async fn team(&self, name: &str, nicks: &[&str]) -> Team {
        let captain = self.person(nicks[0]).await;
        let page = self.app.apply_team(&captain, self.id, name, "").await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        let id = page.location_id("/teams/");
        let page = self
            .app
            .decide_team(&self.root, self.id, id, "approve", "")
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        for nick in &nicks[1..] {
            let member = self.person(nick).await;
            self.app
                .invite_and_accept(&captain, id, &member, nick)
                .await;
        }
        Team {
            id,
            name: name.to_owned(),
            captain,
            nicks: nicks.iter().map(|n| (*n).to_owned()).collect(),
        }
    }

    /// One tournament starting `minutes` from now (a schedule of one month,
    /// then moved through the organizer's form). Returns its id.
    pub async fn tournament_in(&self, minutes: i64) -> i64 {
        let id = self.new_tournament(self.id).await;
        self.move_start(id, minutes).await;
        id
    }

    /// A new tournament of `championship` (this one or another of the
    /// app): a schedule of one month through the organizer's form.
    pub(crate) async fn new_tournament(&self, championship: i64) -> i64 {
        let page = self
            .app
            .post_with(
                &self.root,
                &format!("/championships/{championship}/schedule"),
                &[
                    ("nth", "1"),
                    ("weekday", "Wed"),
                    ("time", "18:15"),
                    ("from", "2030-01"),
                    ("until", "2030-01"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        let all =
            db::tournaments::of_championship(&mut self.app.db(), ChampionshipId(championship))
                .expect("tournaments");
        all.iter().max_by_key(|t| t.number).expect("one").id.0
    }

    /// Moves a tournament's start to `minutes` from now (Moscow time).
    pub async fn move_start(&self, tournament: i64, minutes: i64) {
        let at = (Utc::now() + Duration::minutes(minutes))
            .with_timezone(&chrono_tz::Europe::Moscow)
            .format("%Y-%m-%dT%H:%M")
            .to_string();
        let page = self
            .app
            .post_with(
                &self.root,
                &format!("/championships/{}/tournaments/{tournament}/start", self.id),
                &[("starts_at", &at)],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }

    /// The tournament of `url` (`…/tournaments/{t}…`) reaches its start:
    /// results are entered from the start on. A drawn tournament's start
    /// is frozen for the organizers, so the clock is moved in the database,
    /// as time passing would.
    pub fn started(&self, url: &str) {
        self.app.start_tournament(url);
    }

    pub fn tournament_url(&self, tournament: i64) -> String {
        format!("/championships/{}/tournaments/{tournament}", self.id)
    }

    /// A captain's (or member's) entry as one line.
    /// A captain's entry with the fair-play undertaking ticked (E-13; the
    /// other formats ignore it).
    pub async fn enter(&self, who: &Client, tournament: i64, line: &str) -> Page {
        self.app
            .post_with(
                who,
                &format!("{}/entries", self.tournament_url(tournament)),
                &[("line", line), ("undertaking", "1")],
            )
            .await
    }

    /// The captain presses the withdraw button of their entry.
    pub(crate) async fn withdraw(&self, captain: &Client, tournament: i64) -> Page {
        let page = self
            .app
            .get_with(captain, &self.tournament_url(tournament))
            .await;
        let action = page
            .attr("table.entries form[action$='/withdraw']", "action")
            .expect("the captain may withdraw");
        self.app.post_with(captain, &action, &[]).await
    }

    pub fn entries(&self, tournament: i64) -> Vec<db::entries::Entry> {
        db::entries::of_tournament(&mut self.app.db(), TournamentId(tournament)).expect("entries")
    }

    /// Status column of the tournament page, by entry name.
    pub async fn statuses(&self, tournament: i64) -> Vec<(String, String)> {
        let page = self.app.get(&self.tournament_url(tournament)).await;
        let names = page.texts("table.entries tbody td:nth-child(2)");
        let statuses = page.texts("table.entries td.entry-status");
        names.into_iter().zip(statuses).collect()
    }
}

fn nicks(prefix: &str, n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("{prefix}{i}")).collect()
}

pub(crate) async fn g_team(club: &Club, name: &str, prefix: &str, members: usize) -> Team {
    let names = nicks(prefix, members);
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    club.team(name, &refs).await
}

pub(crate) fn line(team: &Team, entry: &str, range: std::ops::Range<usize>) -> String {
    std::iter::once(entry.to_owned())
        .chain(team.nicks[range].iter().cloned())
        .collect::<Vec<_>>()
        .join(",")
}

/// Four teams of five (Ладья, Конь, Слон, Ферзь) entered on time in a
/// tournament starting in 20 minutes; returns them and the tournament.
pub(crate) async fn four_entered(club: &Club) -> (Vec<Team>, i64) {
    let mut teams = Vec::new();
    for (name, prefix) in [
        ("Ладья", "la"),
        ("Конь", "ko"),
        ("Слон", "sl"),
        ("Ферзь", "fe"),
    ] {
        teams.push(g_team(club, name, prefix, 5).await);
    }
    let t = all_entered(club, &teams).await;
    (teams, t)
}

/// A new tournament starting in 20 minutes, every team of `teams` entered
/// on time with its first five members; returns the tournament.
pub(crate) async fn all_entered(club: &Club, teams: &[Team]) -> i64 {
    let t = club.tournament_in(20).await;
    for team in teams {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..5))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    t
}

/// The result-sheet cell of a game row on the judge's tournament page:
/// the game's id, the version the sheet shows and the cell's id
/// (`g{round}-{table}-{board}-{game}`).
pub(crate) fn sheet_cell(tr: &scraper::ElementRef<'_>) -> Option<(i64, String, String)> {
    let cell = scraper::Selector::parse("input.sheet-cell").expect("selector");
    let input = tr.select(&cell).next()?;
    let id: i64 = input
        .value()
        .attr("name")?
        .strip_prefix('r')?
        .parse()
        .ok()?;
    let version = scraper::Selector::parse(&format!("input[name=v{id}]")).expect("selector");
    let v = tr
        .select(&version)
        .next()?
        .value()
        .attr("value")?
        .to_owned();
    Some((id, v, input.value().attr("id")?.to_owned()))
}

/// The games of the judge's result sheets on a tournament page, as the
/// one-game result action each has (`…/games/{id}/result`) and the
/// version the sheet shows, in page order.
pub(crate) fn result_forms(page: &Page) -> Vec<(String, String)> {
    let form = scraper::Selector::parse("form.result-sheet").expect("selector");
    let cell = scraper::Selector::parse("input.sheet-cell").expect("selector");
    let mut out = Vec::new();
    for f in page.html.select(&form) {
        let action = f.value().attr("action").expect("action");
        let base = action.split("/rounds/").next().expect("tournament");
        for input in f.select(&cell) {
            let id = input
                .value()
                .attr("name")
                .and_then(|n| n.strip_prefix('r'))
                .expect("a game cell");
            let version = scraper::Selector::parse(&format!("input[name=v{id}]")).expect("sel");
            let v = f
                .select(&version)
                .next()
                .and_then(|i| i.value().attr("value"))
                .expect("version");
            out.push((format!("{base}/games/{id}/result"), v.to_owned()));
        }
    }
    out
}

/// Plays a published round as a judge: `decide(home, away)` gives the
/// result of every game of that match.
pub(crate) async fn play_round(
    club: &Club,
    url: &str,
    round: usize,
    decide: &dyn Fn(&str, &str) -> &'static str,
) {
    play_round_by_board(club, url, round, &|home, away, _| decide(home, away)).await;
}

/// Plays a published round as a judge: `decide(home, away, board)` gives
/// the result of the games on that board of that match.
pub(crate) async fn play_round_by_board(
    club: &Club,
    url: &str,
    round: usize,
    decide: &dyn Fn(&str, &str, usize) -> &'static str,
) {
    let page = club.app.get_with(&club.root, url).await;
    let rows = scraper::Selector::parse(&format!("#round-{round} table.pairings tbody tr"))
        .expect("selector");
    let cell = scraper::Selector::parse("td").expect("selector");
    let input = scraper::Selector::parse("input.sheet-cell").expect("selector");
    let mut sides = None;
    let mut fields: Vec<(String, String)> = Vec::new();
    for tr in page.html.select(&rows) {
        let cells: Vec<String> = tr
            .select(&cell)
            .map(|c| c.text().collect::<String>().trim().to_owned())
            .collect();
        if tr.value().classes().any(|c| c == "match") {
            sides = (cells.len() == 4 && !cells[3].is_empty())
                .then(|| (cells[1].clone(), cells[3].clone()));
            continue;
        }
        // A game's first cell is "table.board" or "table.board/game".
        let board = cells[0]
            .split(['.', '/'])
            .nth(1)
            .and_then(|b| b.parse().ok())
            .unwrap_or(1);
        let result = sides
            .as_ref()
            .map_or("pending", |(home, away)| decide(home, away, board));
        if let Some(i) = tr.select(&input).next() {
            let name = i.value().attr("name").expect("name").to_owned();
            let version =
                scraper::Selector::parse(&format!("input[name=v{}]", name.trim_start_matches('r')))
                    .expect("selector");
            let v = tr
                .select(&version)
                .next()
                .and_then(|i| i.value().attr("value"))
                .expect("version")
                .to_owned();
            fields.push((name.replacen('r', "v", 1), v));
            fields.push((name, result.to_owned()));
        }
    }
    assert!(!fields.is_empty(), "round {round} has games");
    // The whole round in one sheet, as a judge sends it.
    let page = send_sheet(club, &page, round, &fields).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// The judges' "Correct" links of the completed rounds on a tournament
/// page, one per game in page order (the game's page, `#correction`).
pub(crate) fn correct_links(page: &Page) -> Vec<String> {
    let link = scraper::Selector::parse("a.correct-link").expect("selector");
    page.html
        .select(&link)
        .filter_map(|a| a.value().attr("href"))
        .map(|h| h.split('#').next().unwrap_or(h).to_owned())
        .collect()
}

/// Corrects the result of the game whose page is `game_url`, as a judge:
/// the correction form there with `result` (a stored code) and `reason`.
pub(crate) async fn correct(club: &Club, game_url: &str, result: &str, reason: &str) -> Page {
    let game = club.app.get_with(&club.root, game_url).await;
    let action = game
        .attr("#correction form", "action")
        .expect("the correction form");
    let version = game
        .attr("#correction input[name=version]", "value")
        .expect("version");
    club.app
        .post_with(
            &club.root,
            &action,
            &[
                ("result", result),
                ("version", &version),
                ("reason", reason),
            ],
        )
        .await
}

/// Sends round `round`'s result sheet of `page` (the judge's tournament
/// page) with `fields` (`v{game}` and `r{game}` pairs), as the judge.
pub(crate) async fn send_sheet(
    club: &Club,
    page: &Page,
    round: usize,
    fields: &[(String, String)],
) -> Page {
    let action = page
        .attr(&format!("#round-{round} form.result-sheet"), "action")
        .expect("the round's result sheet");
    let body: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    club.app.post_with(&club.root, &action, &body).await
}

pub(crate) async fn publish_last(club: &Club, url: &str) {
    // ..R-2.4: under R only those admitted at the day's check-in play.
    if club.preset == "R" {
        check_in_all(club, url).await;
    }
    let page = club.app.get_with(&club.root, url).await;
    let publish = page
        .attr("section.round form[action$='/publish']", "action")
        .expect("a draft to publish");
    assert_eq!(
        club.app.post_with(&club.root, &publish, &[]).await.status,
        StatusCode::SEE_OTHER
    );
}

/// The organizer admits every participant of the tournament at `url`
/// with a medical certificate and a passport copy, through the
/// check-in page.
pub(crate) async fn check_in_all(club: &Club, url: &str) {
    let page = club
        .app
        .get_with(&club.root, &format!("{url}/check-in"))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    let ids = page.attrs("#checkin-form input[name=pick]", "value");
    let mut fields: Vec<(String, String)> = Vec::new();
    for id in &ids {
        fields.push(("pick".into(), id.clone()));
        fields.push((format!("m{id}"), "certificate".into()));
        fields.push((format!("p{id}"), "1".into()));
    }
    let fields: Vec<(&str, &str)> = fields
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/check-in"), &fields)
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// Draws and plays every round of a 4-team round robin: `decide(home,
/// away, board)` per game (`finish` ends it).
pub(crate) async fn play_out(
    club: &Club,
    t: i64,
    decide: &dyn Fn(&str, &str, usize) -> &'static str,
) {
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    for round in 1..=3 {
        if round > 1 {
            let page = club
                .app
                .post_with(&club.root, &format!("{url}/rounds"), &[])
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        }
        publish_last(club, &url).await;
        play_round_by_board(club, &url, round, decide).await;
    }
}

/// The judge finishes the tournament.
pub(crate) async fn finish(club: &Club, t: i64) {
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{}/finish", club.tournament_url(t)),
            &[("confirm", "1")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// Moves the date of regulation version `number` of championship `c` a
/// minute into the past, as if its notice period (G-E2) had run out.
pub(crate) fn notice_runs_out(app: &TestApp, c: i64, number: i32) {
    use diesel::prelude::*;
    use league::db::schema::regulation_versions as rv;
    let past = Utc::now().naive_utc() - Duration::minutes(1);
    let changed = diesel::update(
        rv::table
            .filter(rv::championship_id.eq(c))
            .filter(rv::number.eq(number)),
    )
    .set(rv::applies_from.eq(Some(past)))
    .execute(&mut app.db())
    .expect("the version's date comes");
    assert_eq!(changed, 1, "version {number} of championship {c}");
}

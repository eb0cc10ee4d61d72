//! Teams and rosters through the web pages: G-B11, G-B12, G-B13
//! (names), G-B21, G-B22, G-B31/B32, G-B33, G-B34, G-B41, E-11.

use league::db::{self, people, teams as t};
use league::ids::{ChampionshipId, PersonId, TeamId};
use reqwest::{Client, StatusCode};

use crate::helpers::{Page, TestApp, new_client};

/// A championship under a preset, run by an admin ("Root"), who is also the
/// organizer and judge everywhere (admins pass every staff guard).
struct League {
    app: TestApp,
    root: Client,
    id: i64,
}

impl League {
    async fn new(preset: &str) -> League {
        let app = TestApp::spawn().await;
        let root = new_client();
        app.sign_up_with(&root, "Root").await;
        app.make_admin("Root");
        let page = app
            .post_with(
                &root,
                "/championships",
                &[
                    ("name", "Autumn League"),
                    ("slug", "autumn"),
                    ("preset", preset),
                    ("time_zone", "Europe/Moscow"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        let id = page
            .location()
            .and_then(|l| l.rsplit('/').next())
            .and_then(|s| s.parse().ok())
            .expect("championship id");
        League { app, root, id }
    }

    /// A signed-up person who is a club member (G-A7), with a browser.
    async fn player(&self, nick: &str) -> Client {
        let client = new_client();
        let page = self.app.sign_up_with(&client, nick).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        let page = self
            .app
            .post_with(
                &self.root,
                &format!("/people/{nick}/club"),
                &[("action", "mark")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        client
    }

    async fn apply(&self, captain: &Client, name: &str) -> Page {
        self.app
            .post_with(
                captain,
                &format!("/championships/{}/apply", self.id),
                &[("name", name), ("motto", "Вперёд!"), ("organization", "")],
            )
            .await
    }

    fn team(&self, name: &str) -> TeamId {
        let mut conn = self.app.db();
        t::name_taken(
            &mut conn,
            ChampionshipId(self.id),
            &league::rules::roster::name_key(name),
        )
        .expect("query")
        .expect("team exists")
        .id
    }

    fn person(&self, nick: &str) -> PersonId {
        people::by_nick(&mut self.app.db(), nick)
            .expect("query")
            .expect("person")
            .id
    }

    async fn invite(&self, captain: &Client, team: TeamId, nick: &str) -> Page {
        self.app
            .post_with(
                captain,
                &format!("/teams/{team}/invitations"),
                &[("nick", nick)],
            )
            .await
    }

    /// Accepts the first open invitation shown on the person's account page.
    async fn accept(&self, client: &Client) -> Page {
        let account = self.app.get_with(client, "/account").await;
        let action = account
            .attr("ul.invitations form[action$='/accept']", "action")
            .expect("an invitation to accept");
        self.app.post_with(client, &action, &[]).await
    }

    async fn join(&self, captain: &Client, team: TeamId, nick: &str) -> Client {
        let client = self.player(nick).await;
        assert_eq!(
            self.invite(captain, team, nick).await.status,
            StatusCode::SEE_OTHER
        );
        assert_eq!(self.accept(&client).await.status, StatusCode::SEE_OTHER);
        client
    }

    fn team_of(&self, nick: &str) -> Option<String> {
        t::open_membership_in(
            &mut self.app.db(),
            ChampionshipId(self.id),
            self.person(nick),
        )
        .expect("query")
        .map(|(_, team)| team.name)
    }
}

#[tokio::test]
async fn g_b11_the_applicant_becomes_captain_and_first_member() {
    let l = League::new("G").await;
    let cap = l.player("Captain1").await;
    let page = l.apply(&cap, "Ладья").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let team = l.team("Ладья");
    let page = l.app.get(&format!("/teams/{team}")).await;
    assert!(page.text.contains("Вперёд!"), "motto shown");
    assert_eq!(
        page.select_text("dl.facts a[href='/people/Captain1']")
            .as_deref(),
        Some("Captain1")
    );
    assert_eq!(l.team_of("Captain1").as_deref(), Some("Ладья"));
    // The home page leads to the championship.
    let home = l.app.get_with(&new_client(), "/").await;
    assert_eq!(
        home.attr("ul.cards a", "href"),
        Some(format!("/championships/{}", l.id))
    );
    // G-B12: a pending team is not yet a participant.
    let champ = l.app.get(&format!("/championships/{}", l.id)).await;
    assert!(
        !champ.text.contains("Ладья"),
        "pending teams are not listed"
    );
}

#[tokio::test]
async fn g_b13_a_team_name_fits_the_line_up_format_and_the_form_keeps_it() {
    let l = League::new("G").await;
    let cap = l.player("Captain1").await;
    let page = l.apply(&cap, "Белая Ладья").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text("#name-error")
            .is_some_and(|e| e.contains("без пробелов и запятых")),
        "{}",
        page.text
    );
    assert_eq!(page.attr("#name", "value").as_deref(), Some("Белая Ладья"));
    assert_eq!(page.attr("#motto", "value").as_deref(), Some("Вперёд!"));
    let page = l.apply(&cap, "Ладья2").await;
    assert!(
        page.select_text("#name-error")
            .is_some_and(|e| e.contains("цифрой"))
    );
    assert_eq!(l.team_of("Captain1"), None, "nothing stored");
}

#[tokio::test]
async fn g_b41_names_are_unique_regardless_of_case_and_reserved_after_dissolution() {
    let l = League::new("G").await;
    let a = l.player("CapA").await;
    let b = l.player("CapB").await;
    assert_eq!(l.apply(&a, "Ладья").await.status, StatusCode::SEE_OTHER);
    let page = l.apply(&b, " ладья ").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#name-error").as_deref(),
        Some("Команда с таким названием уже есть.")
    );

    let team = l.team("Ладья");
    let member = l.join(&a, team, "Member1").await;
    let page = l
        .app
        .post_with(&a, &format!("/teams/{team}/dissolve"), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    // Members are free, the history stays, the name is reserved for ever.
    assert_eq!(l.team_of("Member1"), None);
    assert_eq!(l.team_of("CapA"), None);
    let page = l.app.get_with(&member, &format!("/teams/{team}")).await;
    assert!(page.text.contains("команда распущена"), "{}", page.text);
    assert!(page.select_text("table").is_some());
    assert!(page.text.contains("Member1"), "history keeps the members");
    let page = l.apply(&b, "ЛАДЬЯ").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text("#name-error")
            .is_some_and(|e| e.contains("распущенной команде")),
        "{}",
        page.text
    );
    // The former captain may found a new team.
    assert_eq!(l.apply(&a, "Слон").await.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn g_b12_judges_approve_or_reject_with_a_reason() {
    let l = League::new("G").await;
    let a = l.player("CapA").await;
    let b = l.player("CapB").await;
    l.apply(&a, "Ладья").await;
    l.apply(&b, "Конь").await;
    let (rook, knight) = (l.team("Ладья"), l.team("Конь"));

    // A player is not a judge.
    let page = l
        .app
        .post_with(
            &a,
            &format!("/championships/{}/teams/{rook}/decision", l.id),
            &[("decision", "approve")],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert_eq!(
        l.app
            .get_with(&a, &format!("/championships/{}/queue", l.id))
            .await
            .status,
        StatusCode::FORBIDDEN
    );

    let queue = l
        .app
        .get_with(&l.root, &format!("/championships/{}/queue", l.id))
        .await;
    assert!(queue.text.contains("Ладья") && queue.text.contains("Конь"));
    let page = l
        .app
        .post_with(
            &l.root,
            &format!("/championships/{}/teams/{rook}/decision", l.id),
            &[("decision", "approve"), ("reason", "")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);

    // A rejection needs a reason; the error stands beside it.
    let page = l
        .app
        .post_with(
            &l.root,
            &format!("/championships/{}/teams/{knight}/decision", l.id),
            &[("decision", "reject"), ("reason", "  ")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#reason-1-error").as_deref(),
        Some("Укажите причину отказа.")
    );
    let page = l
        .app
        .post_with(
            &l.root,
            &format!("/championships/{}/teams/{knight}/decision", l.id),
            &[("decision", "reject"), ("reason", "Нет такого клуба")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);

    // G-A5: the public list shows the approved team only, with members.
    let champ = l
        .app
        .get_with(&new_client(), &format!("/championships/{}", l.id))
        .await;
    assert!(champ.text.contains("Ладья") && champ.text.contains("CapA"));
    assert!(!champ.text.contains("Конь"));
    let rejected = l.app.get_with(&b, &format!("/teams/{knight}")).await;
    assert!(
        rejected.text.contains("Нет такого клуба"),
        "the captain sees the reason"
    );
    assert_eq!(l.team_of("CapB"), None, "a rejected team holds nobody");
    // Deciding twice changes nothing.
    let page = l
        .app
        .post_with(
            &l.root,
            &format!("/championships/{}/teams/{rook}/decision", l.id),
            &[("decision", "reject"), ("reason", "x")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn g_b31_g_b32_membership_opens_on_acceptance_and_closes_on_removal() {
    let l = League::new("G").await;
    let cap = l.player("Cap").await;
    l.apply(&cap, "Ладья").await;
    let team = l.team("Ладья");
    let p = l.player("Pawn1").await;
    assert_eq!(
        l.invite(&cap, team, "pawn1").await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(l.team_of("Pawn1"), None, "not a member before accepting");
    let page = l.accept(&p).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(l.team_of("Pawn1").as_deref(), Some("Ладья"));
    let before = db::utc_now();

    let page = l
        .app
        .post_with(
            &cap,
            &format!("/teams/{team}/members/{}/remove", l.person("Pawn1")),
            &[],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(l.team_of("Pawn1"), None);
    // Eligibility is judged at the moment: a member before, not after.
    let mut conn = l.app.db();
    assert!(
        t::members_at(&mut conn, team, before)
            .expect("q")
            .contains(&l.person("Pawn1"))
    );
    assert!(
        !t::members_at(&mut conn, team, db::utc_now())
            .expect("q")
            .contains(&l.person("Pawn1"))
    );
    let page = l.app.get(&format!("/teams/{team}")).await;
    assert!(
        page.text.contains("исключён капитаном"),
        "history shows the removal"
    );
}

#[tokio::test]
async fn g_b33_a_transfer_closes_one_membership_and_opens_the_other() {
    let l = League::new("G").await;
    let a = l.player("CapA").await;
    let b = l.player("CapB").await;
    l.apply(&a, "Ладья").await;
    l.apply(&b, "Конь").await;
    let (rook, knight) = (l.team("Ладья"), l.team("Конь"));
    let p = l.join(&a, rook, "Mover").await;
    assert_eq!(
        l.invite(&b, knight, "Mover").await.status,
        StatusCode::SEE_OTHER
    );
    let page = l.accept(&p).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert!(
        l.app
            .get_with(&p, "/account")
            .await
            .text
            .contains("Переход выполнен")
    );
    assert_eq!(l.team_of("Mover").as_deref(), Some("Конь"));
    // Both captains see it.
    assert!(
        l.app
            .get_with(&a, &format!("/teams/{rook}"))
            .await
            .text
            .contains("перешёл в другую команду")
    );
    assert!(
        l.app
            .get_with(&b, &format!("/teams/{knight}"))
            .await
            .text
            .contains("перешёл из другой команды")
    );
    // And back again: transfers are unlimited.
    l.invite(&a, rook, "Mover").await;
    l.accept(&p).await;
    assert_eq!(l.team_of("Mover").as_deref(), Some("Ладья"));
    // A captain must hand over before transferring.
    l.invite(&a, rook, "CapB").await;
    l.accept(&b).await;
    assert_eq!(l.team_of("CapB").as_deref(), Some("Конь"));
    assert!(
        l.app
            .get_with(&b, "/account")
            .await
            .text
            .contains("передайте капитанство")
    );
}

#[tokio::test]
async fn g_b33_transfers_can_require_a_judges_approval() {
    let l = League::new("G").await;
    {
        // An organizer's edited regulation: transfers need a judge.
        use diesel::prelude::*;
        use league::db::schema::championships::dsl::*;
        let mut conn = l.app.db();
        let mut reg = league::rules::presets::g();
        reg.roster.transfers = league::rules::regulation::TransferRule::JudgeApproval;
        diesel::update(championships.find(l.id))
            .set(regulation.eq(serde_json::to_string(&reg).expect("json")))
            .execute(&mut conn)
            .expect("update");
    }
    let a = l.player("CapA").await;
    let b = l.player("CapB").await;
    l.apply(&a, "Ладья").await;
    l.apply(&b, "Конь").await;
    let (rook, knight) = (l.team("Ладья"), l.team("Конь"));
    let p = l.join(&a, rook, "Mover").await;
    l.invite(&b, knight, "Mover").await;
    l.accept(&p).await;
    assert_eq!(
        l.team_of("Mover").as_deref(),
        Some("Ладья"),
        "still in the old team"
    );
    let queue = l
        .app
        .get_with(&l.root, &format!("/championships/{}/queue", l.id))
        .await;
    let action = queue
        .attr("form[action*='/transfers/']", "action")
        .expect("a transfer to decide");
    let page = l
        .app
        .post_with(&l.root, &action, &[("decision", "approve")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(l.team_of("Mover").as_deref(), Some("Конь"));
}

#[tokio::test]
async fn g_b22_two_teams_racing_for_one_free_player_end_with_one_membership() {
    let l = League::new("G").await;
    let a = l.player("CapA").await;
    let b = l.player("CapB").await;
    l.apply(&a, "Ладья").await;
    l.apply(&b, "Конь").await;
    let (rook, knight) = (l.team("Ладья"), l.team("Конь"));
    let p = l.player("Popular").await;
    l.invite(&a, rook, "Popular").await;
    l.invite(&b, knight, "Popular").await;
    let account = l.app.get_with(&p, "/account").await;
    let sel = scraper::Selector::parse("ul.invitations form[action$='/accept']").expect("sel");
    let actions: Vec<String> = account
        .html
        .select(&sel)
        .filter_map(|f| f.value().attr("action").map(str::to_owned))
        .collect();
    assert_eq!(actions.len(), 2);
    let token = l.app.csrf_with(&p).await;
    let send = |action: String| {
        let p = p.clone();
        let url = l.app.url(&action);
        let token = token.clone();
        async move {
            p.post(url)
                .form(&[("csrf_token", token.as_str())])
                .send()
                .await
                .expect("POST")
                .status()
        }
    };
    let (s1, s2) = tokio::join!(send(actions[0].clone()), send(actions[1].clone()));
    assert!(s1.is_redirection() && s2.is_redirection(), "{s1} {s2}");
    let mut conn = l.app.db();
    let open: Vec<_> = [rook, knight]
        .iter()
        .flat_map(|team| t::current_members(&mut conn, *team).expect("q"))
        .filter(|m| m.nick == "Popular")
        .collect();
    assert_eq!(open.len(), 1, "exactly one open membership");
}

#[tokio::test]
async fn g_b34_captaincy_is_handed_to_a_member_and_recorded_for_the_chief_judge() {
    let l = League::new("G").await;
    let a = l.player("CapA").await;
    l.apply(&a, "Ладья").await;
    let team = l.team("Ладья");
    let heir = l.join(&a, team, "Heir").await;
    l.player("Stranger").await;

    let page = l
        .app
        .post_with(
            &a,
            &format!("/teams/{team}/captain"),
            &[("nick", "Stranger")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#handover-nick-error").as_deref(),
        Some("Stranger не в составе команды.")
    );
    // The captaincy goes to a member: the field is the roster to pick.
    assert_eq!(page.texts("#handover-nick option"), ["Test Player (Heir)"]);

    let page = l
        .app
        .post_with(&a, &format!("/teams/{team}/captain"), &[("nick", "heir")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let mut conn = l.app.db();
    assert_eq!(
        t::by_id(&mut conn, team).expect("q").expect("t").captain_id,
        l.person("Heir")
    );
    // The old captain has no captain's powers any more; the new one has.
    let page = l
        .app
        .post_with(&a, &format!("/teams/{team}/dissolve"), &[])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(
        l.app
            .get_with(&heir, &format!("/teams/{team}"))
            .await
            .text
            .contains("Передать")
    );
    // The chief judge sees the record.
    let chief = l.player("Chief").await;
    l.app
        .post_with(
            &l.root,
            &format!("/championships/{}/staff", l.id),
            &[("nick", "Chief"), ("role", "chief_judge")],
        )
        .await;
    let page = l
        .app
        .get_with(&chief, &format!("/championships/{}/captaincies", l.id))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    let row = page.select_text("tbody tr").expect("a hand-over");
    assert!(row.contains("CapA") && row.contains("Heir"), "{row}");
}

#[tokio::test]
async fn a_non_captain_gets_403_for_captains_actions_and_nothing_changes() {
    let l = League::new("G").await;
    let a = l.player("CapA").await;
    l.apply(&a, "Ладья").await;
    let team = l.team("Ладья");
    let member = l.join(&a, team, "Member1").await;
    l.player("Free1").await;
    let cap_id = l.person("CapA");
    for (path, fields) in [
        (
            format!("/teams/{team}/invitations"),
            vec![("nick", "Free1")],
        ),
        (format!("/teams/{team}/captain"), vec![("nick", "Member1")]),
        (format!("/teams/{team}/dissolve"), vec![]),
        (format!("/teams/{team}/members/{cap_id}/remove"), vec![]),
    ] {
        let page = l.app.post_with(&member, &path, &fields).await;
        assert_eq!(page.status, StatusCode::FORBIDDEN, "{path}");
    }
    let mut conn = l.app.db();
    assert_eq!(t::count_current(&mut conn, team).expect("q"), 2);
    assert!(t::invitations_of(&mut conn, team).expect("q").is_empty());
    assert_eq!(
        t::by_id(&mut conn, team).expect("q").expect("t").status,
        "pending"
    );
    // A member may leave, the captain may not without handing over.
    assert_eq!(
        l.app
            .post_with(&member, &format!("/teams/{team}/leave"), &[])
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(l.team_of("Member1"), None);
    l.app
        .post_with(&a, &format!("/teams/{team}/leave"), &[])
        .await;
    assert_eq!(l.team_of("CapA").as_deref(), Some("Ладья"));
}

#[tokio::test]
async fn e_11_a_roster_holds_at_most_five_counting_open_invitations() {
    let l = League::new("E").await;
    // Preset E wants an organization (E-10): an organizer adds one.
    let page = l
        .app
        .post_with(
            &l.root,
            "/organizations",
            &[("name", "Завод"), ("parent", "")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let org = league::db::organizations::list(&mut l.app.db()).expect("q")[0]
        .id
        .to_string();
    let cap = l.player("Cap").await;
    let page = l
        .app
        .post_with(
            &cap,
            &format!("/championships/{}/apply", l.id),
            &[("name", "Заводчане"), ("motto", ""), ("organization", &org)],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let team = l.team("Заводчане");
    for nick in ["P1", "P2", "P3"] {
        l.join(&cap, team, nick).await;
    }
    l.player("P4").await;
    l.player("P5").await;
    assert_eq!(
        l.invite(&cap, team, "P4").await.status,
        StatusCode::SEE_OTHER
    );
    // 4 members + 1 open invitation = 5: no room for a sixth.
    let page = l.invite(&cap, team, "P5").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text("#invite-nick-error")
            .is_some_and(|e| e.contains("не больше 5")),
        "{}",
        page.text
    );
    assert_eq!(page.attr("#invite-nick", "value").as_deref(), Some("P5"));
}

#[tokio::test]
async fn g_b21_the_team_page_says_five_are_needed_to_enter() {
    let l = League::new("G").await;
    let cap = l.player("Cap").await;
    l.apply(&cap, "Ладья").await;
    let team = l.team("Ладья");
    let page = l.app.get(&format!("/teams/{team}")).await;
    assert!(
        page.text.contains("в составе 1, требуется ≥ 5"),
        "{}",
        page.text
    );
    for nick in ["P1", "P2", "P3", "P4"] {
        l.join(&cap, team, nick).await;
    }
    let page = l.app.get(&format!("/teams/{team}")).await;
    assert!(!page.text.contains("требуется ≥ 5"), "{}", page.text);
}

#[tokio::test]
async fn an_unknown_nick_is_explained_beside_the_invite_field() {
    let l = League::new("G").await;
    let cap = l.player("Cap").await;
    l.apply(&cap, "Ладья").await;
    let team = l.team("Ладья");
    let page = l.invite(&cap, team, "Ghost").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#invite-nick-error").as_deref(),
        Some("Игрока с ником «Ghost» нет.")
    );
    assert_eq!(page.attr("#invite-nick", "value").as_deref(), Some("Ghost"));
}

#[tokio::test]
async fn g_b22_a_captain_cannot_found_a_second_team_in_the_same_championship() {
    let l = League::new("G").await;
    let a = l.player("CapA").await;
    l.apply(&a, "Ладья").await;
    let page = l.apply(&a, "Ферзь").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#name-error").as_deref(),
        Some("Вы уже в команде «Ладья» этого чемпионата; сначала выйдите из неё.")
    );
    assert_eq!(page.attr("#name", "value").as_deref(), Some("Ферзь"));
    let mut conn = l.app.db();
    assert!(
        t::name_taken(&mut conn, ChampionshipId(l.id), "ферзь")
            .expect("q")
            .is_none(),
        "nothing stored"
    );
}

#[tokio::test]
async fn e_12_the_roster_shows_why_a_member_could_not_play_today() {
    let l = League::new("E").await;
    l.app
        .post_with(
            &l.root,
            "/organizations",
            &[("name", "Завод"), ("parent", "")],
        )
        .await;
    let org = league::db::organizations::list(&mut l.app.db()).expect("q")[0].id;
    // A subsidiary counts (E-12).
    l.app
        .post_with(
            &l.root,
            "/organizations",
            &[("name", "Цех"), ("parent", &org.to_string())],
        )
        .await;
    let cap = l.player("Cap").await;
    let page = l
        .app
        .post_with(
            &cap,
            &format!("/championships/{}/apply", l.id),
            &[
                ("name", "Заводчане"),
                ("motto", ""),
                ("organization", &org.to_string()),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let team = l.team("Заводчане");
    /// The eligibility column as the captain sees it.
    async fn roster(l: &League, team: TeamId, viewer: &Client) -> String {
        l.app
            .get_with(viewer, &format!("/teams/{team}"))
            .await
            .select_text("tbody tr td.standing")
            .unwrap_or_default()
    }
    let flags = roster(&l, team, &cap).await;
    assert!(
        flags.contains("«работники предприятия»: не работает в «Завод»"),
        "{flags}"
    );
    // A visitor learns only that the member is not eligible, not why.
    let public = roster(&l, team, &new_client()).await;
    assert!(public.contains("не допущен"), "{public}");
    assert!(!public.contains("E-12"), "{public}");
    assert!(
        flags.contains("подтверждение трудоустройства"),
        "the E-12 document too: {flags}"
    );

    // Employed by the subsidiary, not yet confirmed: a different reason.
    let sub = league::db::organizations::list(&mut l.app.db())
        .expect("q")
        .into_iter()
        .find(|o| o.name == "Цех")
        .expect("subsidiary")
        .id;
    l.app
        .post_with(
            &cap,
            "/people/Cap/employments",
            &[
                ("organization", &sub.to_string()),
                ("from", "2020-01-01"),
                ("until", ""),
            ],
        )
        .await;
    let flags = roster(&l, team, &cap).await;
    assert!(flags.contains("не подтверждена"), "{flags}");
    // Confirmed by an organizer: the employment condition is met.
    let person = l.app.get_with(&l.root, "/people/Cap").await;
    let confirm = person
        .attr("form[action^='/employments/']", "action")
        .expect("a confirm button");
    l.app.post_with(&l.root, &confirm, &[]).await;
    let flags = roster(&l, team, &cap).await;
    assert!(
        !flags.contains("не работает") && !flags.contains("не подтверждена"),
        "{flags}"
    );
    assert!(
        flags.contains("подтверждение трудоустройства"),
        "the document is still needed: {flags}"
    );
}

#[tokio::test]
async fn g_a2_tournaments_on_the_first_wednesday_at_18_15_moscow_stored_in_utc() {
    let l = League::new("G").await;
    let schedule = format!("/championships/{}/schedule", l.id);
    let fields = [
        ("nth", "1"),
        ("weekday", "Wed"),
        ("time", "18:15"),
        ("from", "2026-09"),
        ("until", "2026-12"),
    ];
    // A player is not an organizer.
    let cap = l.player("Cap").await;
    assert_eq!(
        l.app.post_with(&cap, &schedule, &fields).await.status,
        StatusCode::FORBIDDEN
    );
    let page = l.app.post_with(&l.root, &schedule, &fields).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = l.app.get(&format!("/championships/{}", l.id)).await;
    assert_eq!(
        page.texts("table.schedule time"),
        [
            "2026-09-02 18:15",
            "2026-10-07 18:15",
            "2026-11-04 18:15",
            "2026-12-02 18:15"
        ]
    );
    let stored =
        league::db::tournaments::of_championship(&mut l.app.db(), ChampionshipId(l.id)).expect("q");
    assert_eq!(
        stored
            .iter()
            .map(|t| t.starts_at.to_string())
            .collect::<Vec<_>>(),
        [
            "2026-09-02 15:15:00",
            "2026-10-07 15:15:00",
            "2026-11-04 15:15:00",
            "2026-12-02 15:15:00"
        ]
    );
    // One tournament moved, read in Moscow time.
    let second = format!("/championships/{}/tournaments/{}/start", l.id, stored[1].id);
    let page = l
        .app
        .post_with(&l.root, &second, &[("starts_at", "2026-10-08T19:00")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let stored =
        league::db::tournaments::of_championship(&mut l.app.db(), ChampionshipId(l.id)).expect("q");
    assert_eq!(stored[1].starts_at.to_string(), "2026-10-08 16:00:00");
    // A bad value is explained beside the field and kept.
    let page = l
        .app
        .post_with(&l.root, &second, &[("starts_at", "8 октября")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#start-2-error").as_deref(),
        Some("Введите дату и время начала.")
    );
    assert_eq!(page.attr("#start-2", "value").as_deref(), Some("8 октября"));
    let page = l
        .app
        .post_with(
            &l.root,
            &schedule,
            &[
                ("nth", "1"),
                ("weekday", "Wed"),
                ("time", "25:99"),
                ("from", "2026-09"),
                ("until", "2026-12"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#schedule-time-error").as_deref(),
        Some("Введите время в виде ЧЧ:ММ.")
    );
    assert_eq!(
        page.attr("#schedule-time", "value").as_deref(),
        Some("25:99")
    );
}

/// G-B11 asks for a motto and G-B13 numbers the doubles; R's and E's
/// application forms ask neither, and say nothing of doubles.
#[tokio::test]
async fn g_b11_only_a_regulation_with_mottos_and_doubles_asks_for_them() {
    let app = TestApp::spawn().await;
    let admin = app.admin("Admin").await;
    for (preset, motto, doubles) in [("G", true, true), ("R", false, false), ("E", false, false)] {
        let c = app.create_championship(&admin, preset).await;
        let page = app
            .get_with(&admin, &format!("/championships/{c}/apply"))
            .await;
        assert_eq!(page.status, StatusCode::OK);
        assert_eq!(
            page.attr("input#motto", "name").is_some(),
            motto,
            "{preset}"
        );
        let hint = page.select_text("#name-hint").unwrap_or_default();
        assert_eq!(hint.contains("дубл"), doubles, "{preset}: {hint}");
    }
}

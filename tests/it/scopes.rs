//! Security: officials' powers follow the championship they hold them in.
//! A judge bans, and an organizer marks club membership, in their own
//! championships only; a ban or a membership in every championship is an
//! administrator's. What each one does holds where it was given.

use league::db::standing;
use league::ids::ChampionshipId;
use reqwest::StatusCode;

use crate::helpers::TestApp;

struct Two {
    app: TestApp,
    admin: reqwest::Client,
    official: reqwest::Client,
    mine: i64,
    theirs: i64,
}

async fn two_championships(role: &str) -> Two {
    let app = TestApp::spawn().await;
    let admin = app.admin("Root").await;
    let mine = app.create_championship(&admin, "G").await;
    let theirs = app.create_championship(&admin, "G").await;
    let official = app.person("Official").await;
    app.grant_role(&admin, mine, "Official", role).await;
    app.person("Player").await;
    Two {
        app,
        admin,
        official,
        mine,
        theirs,
    }
}

/// A ban of `nick` by `by` from today, for good, in `championship`.
async fn ban_of(two: &Two, by: &reqwest::Client, nick: &str, championship: &str) -> StatusCode {
    let fields = [
        ("from", ""),
        ("until", ""),
        ("reason", "подсказки"),
        ("championship", championship),
    ];
    let path = format!("/people/{nick}/bans");
    two.app.post_with(by, &path, &fields).await.status
}

async fn ban(two: &Two, by: &reqwest::Client, championship: &str) -> StatusCode {
    ban_of(two, by, "Player", championship).await
}

async fn mark(two: &Two, by: &reqwest::Client, championship: &str) -> StatusCode {
    let fields = [("action", "mark"), ("championship", championship)];
    two.app
        .post_with(by, "/people/Player/club", &fields)
        .await
        .status
}

#[tokio::test]
async fn g_a7_a_judge_bans_only_in_the_championships_they_judge() {
    let two = two_championships("judge").await;
    let (mine, theirs) = (two.mine.to_string(), two.theirs.to_string());
    // The form offers only the judge's own championship.
    let page = two.app.get_with(&two.official, "/people/Player").await;
    assert_eq!(
        page.attrs("#ban-championship option", "value"),
        std::slice::from_ref(&mine)
    );
    assert_eq!(
        ban(&two, &two.official, &theirs).await,
        StatusCode::FORBIDDEN
    );
    assert_eq!(ban(&two, &two.official, "").await, StatusCode::FORBIDDEN);
    assert_eq!(ban(&two, &two.official, &mine).await, StatusCode::SEE_OTHER);
    let player = two.app.person_id("Player");
    let now = league::db::utc_now() + chrono::TimeDelta::minutes(1);
    let mut conn = two.app.db();
    let in_force =
        |conn: &mut _, c: i64| standing::ban_in_force(conn, player, now, ChampionshipId(c));
    assert!(in_force(&mut conn, two.mine).expect("q").is_some());
    assert!(
        in_force(&mut conn, two.theirs).expect("q").is_none(),
        "the other championship's players are not touched"
    );
    // The public list says where the ban holds.
    let name = league::db::championships::by_id(&mut conn, ChampionshipId(two.mine))
        .expect("q")
        .expect("championship")
        .name;
    let page = two.app.get("/bans").await;
    assert_eq!(page.texts("tbody td:last-child"), [name]);
    // An administrator bans in every championship at once.
    assert_eq!(ban(&two, &two.admin, "").await, StatusCode::SEE_OTHER);
    assert!(in_force(&mut conn, two.theirs).expect("q").is_some());
}

#[tokio::test]
async fn g_a7_an_organizer_marks_club_membership_only_in_their_championship() {
    let two = two_championships("organizer").await;
    let (mine, theirs) = (two.mine.to_string(), two.theirs.to_string());
    assert_eq!(
        mark(&two, &two.official, &theirs).await,
        StatusCode::FORBIDDEN
    );
    assert_eq!(mark(&two, &two.official, "").await, StatusCode::FORBIDDEN);
    assert_eq!(
        mark(&two, &two.official, &mine).await,
        StatusCode::SEE_OTHER
    );
    let player = two.app.person_id("Player");
    let now = league::db::utc_now() + chrono::TimeDelta::minutes(1);
    let mut conn = two.app.db();
    assert!(
        standing::is_club_member_at(&mut conn, player, now, ChampionshipId(two.mine)).expect("q")
    );
    assert!(
        !standing::is_club_member_at(&mut conn, player, now, ChampionshipId(two.theirs))
            .expect("q")
    );
    // The person page shows one line per championship the viewer
    // organizes, with its button.
    let page = two.app.get_with(&two.official, "/people/Player").await;
    assert_eq!(
        page.attrs("table.club-scopes input[name=championship]", "value"),
        [mine]
    );
}

#[tokio::test]
async fn e_12_a_subsidiary_goes_only_under_an_organization_its_adder_added() {
    let two = two_championships("organizer").await;
    let app = &two.app;
    let other = app.person("Other").await;
    app.grant_role(&two.admin, two.theirs, "Other", "organizer")
        .await;
    let plant = app.create_organization(&two.official, "Завод").await;
    // The other championship's organizer cannot hang a subsidiary under
    // it (its people would count as the plant's everywhere) …
    let page = app.get_with(&other, "/organizations").await;
    assert!(
        page.attrs("#org-parent option", "value")
            .iter()
            .all(|v| v != &plant.to_string())
    );
    let page = app
        .post_with(
            &other,
            "/organizations",
            &[("name", "Филиал"), ("parent", &plant.to_string())],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text("#org-name-error")
            .is_some_and(|e| e.starts_with("Дочернюю организацию к чужой")),
        "{}",
        page.text
    );
    // … its adder and an administrator can.
    for (who, name) in [(&two.official, "Цех 1"), (&two.admin, "Цех 2")] {
        let page = app
            .post_with(
                who,
                "/organizations",
                &[("name", name), ("parent", &plant.to_string())],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
}

/// Makes "Player" a member of a team of `championship` (its captain
/// "Cap{championship}" applies and invites them).
async fn plays_in(two: &Two, championship: i64) {
    let nick = format!("Cap{championship}");
    let captain = two.app.person(&nick).await;
    // G-A7: captain and player are club members (the administrator marks
    // them in every championship).
    for who in [nick.as_str(), "Player"] {
        let page = two
            .app
            .post_with(
                &two.admin,
                &format!("/people/{who}/club"),
                &[("action", "mark"), ("championship", "")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let team = two
        .app
        .apply_team(&captain, championship, "Ладья", "")
        .await
        .location_id("/teams/");
    let player = crate::helpers::new_client();
    two.app
        .log_in_with(&player, "Player", crate::helpers::PASSWORD)
        .await;
    two.app
        .invite_and_accept(&captain, team, &player, "Player")
        .await;
}

/// E-12, R-2.1: only confirmed employment records count for eligibility,
/// so entering and confirming them is a power over the person: the
/// organizers of a championship the person plays in hold it (and the
/// administrators); an organizer of another championship does not.
#[tokio::test]
async fn e_12_employment_is_entered_and_confirmed_only_by_organizers_of_the_persons_championships()
{
    let two = two_championships("organizer").await;
    plays_in(&two, two.theirs).await;
    let org = two
        .app
        .create_organization(&two.admin, "Завод")
        .await
        .to_string();
    let record = [
        ("organization", org.as_str()),
        ("from", "2020-01-01"),
        ("until", ""),
    ];
    let add = |by| two.app.post_with(by, "/people/Player/employments", &record);
    // The organizer of the other championship: refused, nothing stored.
    assert_eq!(add(&two.official).await.status, StatusCode::FORBIDDEN);
    let player = two.app.person_id("Player");
    let stored = || standing::employments_of(&mut two.app.db(), player).expect("records");
    assert!(stored().is_empty());
    // The page offers them no form and no confirmation.
    let page = two.app.get_with(&two.official, "/people/Player").await;
    assert!(!page.text.contains("/employments\""), "{}", page.text);
    // Their own organizer enters it; the other cannot confirm it.
    let theirs_org = two.app.person("TheirOrg").await;
    two.app
        .grant_role(&two.admin, two.theirs, "TheirOrg", "organizer")
        .await;
    assert_eq!(add(&theirs_org).await.status, StatusCode::SEE_OTHER);
    let id = stored()[0].0.id;
    let confirm = format!("/employments/{id}/confirm");
    assert_eq!(
        two.app.post_with(&two.official, &confirm, &[]).await.status,
        StatusCode::FORBIDDEN
    );
    assert!(stored()[0].0.confirmed_at.is_none());
    assert_eq!(
        two.app.post_with(&theirs_org, &confirm, &[]).await.status,
        StatusCode::SEE_OTHER
    );
    assert!(stored()[0].0.confirmed_at.is_some());
}

async fn link(two: &Two, by: &reqwest::Client, championship: &str) -> StatusCode {
    let fields = [("nick", "Other"), ("championship", championship)];
    two.app
        .post_with(by, "/people/Player/clones", &fields)
        .await
        .status
}

/// G-A7: a ban covers the clones of the banned account. A judge links two
/// accounts as one person's in a championship they judge, and there only
/// do the bans cover both: a judge of one championship cannot get a player
/// of another disqualified by linking him to an account banned there. A
/// link is removed by a judge of its championship, and the removal is in
/// the log.
#[tokio::test]
async fn g_a7_a_clone_link_holds_in_the_judges_championship_only_and_can_be_removed() {
    let two = two_championships("judge").await;
    two.app.person("Other").await;
    let (mine, theirs) = (two.mine.to_string(), two.theirs.to_string());
    // Other is banned in the other championship (by its administrator).
    assert_eq!(ban_other(&two, &theirs).await, StatusCode::SEE_OTHER);
    // Refused outside the judge's championship, and everywhere at once.
    assert_eq!(
        link(&two, &two.official, &theirs).await,
        StatusCode::FORBIDDEN
    );
    assert_eq!(link(&two, &two.official, "").await, StatusCode::FORBIDDEN);
    // Linked in the judge's own championship: the form offers only it.
    let page = two.app.get_with(&two.official, "/people/Player").await;
    assert_eq!(
        page.attrs("#clone-championship option", "value"),
        std::slice::from_ref(&mine)
    );
    assert_eq!(
        link(&two, &two.official, &mine).await,
        StatusCode::SEE_OTHER
    );
    let player = two.app.person_id("Player");
    // A ban starts the instant it is imposed: asked at the moment of asking.
    let in_force = |c: i64| {
        let now = league::db::utc_now();
        standing::ban_in_force(&mut two.app.db(), player, now, ChampionshipId(c))
            .expect("query")
            .is_some()
    };
    // The other championship's ban does not reach Player through a link
    // made elsewhere …
    assert!(!in_force(two.theirs));
    // … while a ban of Other in the judge's championship does.
    assert_eq!(ban_other(&two, &mine).await, StatusCode::SEE_OTHER);
    assert!(in_force(two.mine));
    // The link is listed with where it holds, and a judge of another
    // championship may not remove it.
    let page = two.app.get_with(&two.official, "/people/Player").await;
    let remove = page
        .attr("table.clone-links form", "action")
        .expect("the remove button");
    let stranger = two.app.person("Stranger").await;
    two.app
        .grant_role(&two.admin, two.theirs, "Stranger", "judge")
        .await;
    assert_eq!(
        two.app.post_with(&stranger, &remove, &[]).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        two.app.post_with(&two.official, &remove, &[]).await.status,
        StatusCode::SEE_OTHER
    );
    assert!(
        !in_force(two.mine),
        "the link is gone, so is the spread ban"
    );
    let log = league::db::audit::of_championship(&mut two.app.db(), ChampionshipId(two.mine), 50)
        .expect("audit");
    assert!(log.iter().any(|e| e.action == "person.clone_unlink"));
}

/// The administrator bans "Other" in `championship`.
async fn ban_other(two: &Two, championship: &str) -> StatusCode {
    ban_of(two, &two.admin, "Other", championship).await
}

/// A POST of the table: what it does, its path and its fields.
type Post<'a> = (&'a str, String, Vec<(&'a str, &'a str)>);

/// Every power over a person, tried by a judge and an organizer of another
/// championship than the one the person plays in and the act is in: each
/// answers 403 (or 404 where the thing is not theirs to see) and changes
/// nothing. The same acts by the officials of the person's championship
/// are covered by the tests above and by the route walk.
#[tokio::test]
async fn every_power_over_a_person_stops_at_the_actors_championship() {
    let two = two_championships("judge").await;
    let elsewhere_org = two.app.person("ElsewhereOrg").await;
    two.app
        .grant_role(&two.admin, two.mine, "ElsewhereOrg", "organizer")
        .await;
    plays_in(&two, two.theirs).await;
    two.app.person("Other").await;
    let theirs = two.theirs.to_string();
    let player = two.app.person_id("Player");
    // The acts of the person's championship, made by its administrator.
    assert_eq!(ban_other(&two, &theirs).await, StatusCode::SEE_OTHER);
    let ban = standing::bans_of(&mut two.app.db(), &[two.app.person_id("Other")].into())
        .expect("bans")[0]
        .id;
    assert_eq!(link(&two, &two.admin, &theirs).await, StatusCode::SEE_OTHER);
    let link_id = standing::clone_links_of(&mut two.app.db(), player).expect("links")[0].id;
    let org = two
        .app
        .create_organization(&two.admin, "Завод")
        .await
        .to_string();
    let record = [
        ("organization", org.as_str()),
        ("from", "2020-01-01"),
        ("until", ""),
    ];
    let page = two
        .app
        .post_with(&two.admin, "/people/Player/employments", &record)
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let emp = standing::employments_of(&mut two.app.db(), player).expect("records")[0]
        .0
        .id;
    let doc = crate::documents::seed_document(
        &two.app,
        "Player",
        league::rules::regulation::DocumentKind::Waiver,
        "waiver.pdf",
    );
    let posts: [Post; 7] = [
        (
            "ban",
            "/people/Player/bans".into(),
            vec![("reason", "x"), ("championship", &theirs)],
        ),
        ("lift a ban", format!("/bans/{ban}/lift"), vec![]),
        (
            "club membership",
            "/people/Player/club".into(),
            vec![("action", "mark"), ("championship", &theirs)],
        ),
        (
            "clone link",
            "/people/Player/clones".into(),
            vec![("nick", "Stranger"), ("championship", &theirs)],
        ),
        (
            "remove a clone link",
            format!("/people/Player/clones/{link_id}/remove"),
            vec![],
        ),
        (
            "employment",
            "/people/Player/employments".into(),
            record.to_vec(),
        ),
        (
            "confirm employment",
            format!("/employments/{emp}/confirm"),
            vec![],
        ),
    ];
    let mut checked = 0;
    for actor in [&two.official, &elsewhere_org] {
        for (what, path, fields) in &posts {
            let status = two.app.post_with(actor, path, fields).await.status;
            assert_eq!(status, StatusCode::FORBIDDEN, "{what}");
            checked += 1;
        }
        for (what, path) in [
            ("the document", format!("/documents/{doc}")),
            (
                "the championship's log",
                format!("/championships/{theirs}/audit"),
            ),
            (
                "the review queue",
                format!("/championships/{theirs}/documents"),
            ),
        ] {
            let status = two.app.get_with(actor, &path).await.status;
            assert!(
                [StatusCode::FORBIDDEN, StatusCode::NOT_FOUND].contains(&status),
                "{what}: {status}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 20);
    // Nothing changed: one ban, in force; one link; one unconfirmed record;
    // no club membership.
    let db = &mut two.app.db();
    assert!(
        standing::ban_by_id(db, ban)
            .expect("q")
            .expect("ban")
            .lifted_at
            .is_none()
    );
    assert_eq!(
        standing::clone_links_of(db, player).expect("links").len(),
        1
    );
    assert_eq!(
        standing::bans_of(db, &[player].into()).expect("bans").len(),
        0
    );
    assert!(
        standing::employments_of(db, player).expect("q")[0]
            .0
            .confirmed_at
            .is_none()
    );
}

/// G-A7 in the championship's time: a ban made at 01:10 Moscow time on
/// 5 December (22:10 UTC on the 4th) starts at that instant, not at the
/// start of the UTC date (03:00 on the 4th in Moscow), so it cannot reach
/// back into games already played; a ban from a later day starts at that
/// day's midnight in the championship's zone; the pages show its days.
#[tokio::test]
async fn g_a7_a_ban_starts_when_it_is_made_and_its_days_are_the_championships() {
    let two = two_championships("judge").await;
    let player = two.app.person_id("Player");
    let root = (two.app.person_id("Root"), true);
    let at = |s: &str| chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").expect("time");
    let day = |s: &str| chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("day");
    let now = at("2026-12-04 22:10");
    let ban = |from, until| league::app::people::NewBan {
        person: player,
        nick: "Player",
        from,
        until,
        reason: "подсказки",
        scope: Some(ChampionshipId(two.mine)),
    };
    let mut conn = two.app.db();
    league::app::people::impose_ban(&mut conn, &ban(None, None), root, "127.0.0.1", now)
        .expect("ban from now");
    league::app::people::impose_ban(
        &mut conn,
        &ban(Some(day("2026-12-10")), Some(day("2026-12-20"))),
        root,
        "127.0.0.1",
        now,
    )
    .expect("ban from a later day");
    let bans = standing::bans_of(&mut conn, &[player].into()).expect("bans");
    let mut periods: Vec<_> = bans.iter().map(|b| (b.from_at, b.until_at)).collect();
    periods.sort();
    assert_eq!(
        periods,
        [
            (now, None),
            (at("2026-12-09 21:00"), Some(at("2026-12-19 21:00")))
        ]
    );
    // The player's page names the days in the championship's zone.
    let page = two.app.get_with(&two.official, "/people/Player").await;
    let text = page.text;
    assert!(text.contains("2026-12-05"), "the day in Moscow");
    assert!(!text.contains("2026-12-04"), "not the UTC date");
    assert!(text.contains("2026-12-10") && text.contains("2026-12-20"));
}

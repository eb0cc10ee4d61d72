//! The cache of visitors' pages (`web::infra::page_cache`): a change of
//! what a public page shows is on the next view, on this instance and on
//! another one sharing the database, though nothing moves the results
//! version; each visitor gets their own form token from a kept page; a
//! signed-in person never gets a visitor's page; and every table a public
//! page reads moves a content version by trigger.

use std::collections::BTreeSet;

use diesel::RunQueryDsl;
use league::db::DbConnection;
use reqwest::StatusCode;

use crate::cache::get as visit;
use crate::club::Club;
use crate::helpers::{Page, new_client};

#[tokio::test]
async fn a_change_that_moves_no_results_shows_at_once_on_either_instance() {
    let club = Club::new("G").await;
    let (app, c) = (&club.app, club.id);
    let one = app.url("");
    let (two, _, _) = app.second_instance().await;
    let championship = format!("/championships/{c}");
    let captain = club.person("cap").await;
    let team = app
        .apply_team(&captain, c, "Ладья", "")
        .await
        .location_id("/teams/");
    let player = club.person("pl").await;
    let person = "/people/pl";
    // Both instances keep the pages as they stand.
    for base in [&one, &two] {
        for _ in 0..2 {
            let page = visit(base, &championship).await;
            assert!(
                page.attr(&format!("a[href='/teams/{team}']"), "href")
                    .is_none()
            );
            assert!(!visit(base, person).await.text.contains("Ладья"));
        }
    }
    // A team approved (a championship's row) and a player joining it (the
    // platform's page of a person).
    app.decide_team(&club.root, c, team, "approve", "").await;
    app.invite_and_accept(&captain, team, &player, "pl").await;
    for base in [&one, &two] {
        let page = visit(base, &championship).await;
        assert!(
            page.attr(&format!("a[href='/teams/{team}']"), "href")
                .is_some(),
            "{base}: the approved team is listed"
        );
        assert!(
            visit(base, person).await.text.contains("Ладья"),
            "{base}: the player's page names the team"
        );
        assert!(
            visit(base, &format!("/teams/{team}"))
                .await
                .text
                .contains("pl")
        );
    }
}

fn token(page: &Page) -> String {
    page.attr("form.lang-switch input[name=csrf_token]", "value")
        .expect("the form token")
}

#[tokio::test]
async fn each_visitor_gets_their_own_form_token_from_a_kept_page() {
    let club = Club::new("G").await;
    let app = &club.app;
    let path = format!("/championships/{}/season", club.id);
    let base = app.url("");
    let (a, b) = (new_client(), new_client());
    let first = app.get_with(&a, &path).await;
    let again = app.get_with(&a, &path).await;
    let other = app.get_with(&b, &path).await;
    assert_eq!(token(&first), token(&again), "one visitor, one token");
    assert_ne!(token(&first), token(&other), "each visitor their own");
    assert_eq!(
        first.text,
        other.text.replace(&token(&other), &token(&first)),
        "the same page but for the token"
    );
    // The token works: the language switch takes it.
    let page = app
        .post_with(&b, "/lang", &[("lang", "en"), ("next", &path)])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let english = app.get_with(&b, &path).await;
    assert_eq!(english.attr("html", "lang").as_deref(), Some("en"));
    assert_eq!(
        app.get_with(&a, &path)
            .await
            .attr("html", "lang")
            .as_deref(),
        Some("ru")
    );
    // Someone signed in gets their own page, never the visitor's.
    let page = app.get_with(&club.root, &path).await;
    assert!(page.text.contains("Root"), "the header names the person");
    assert!(!visit(&base, &path).await.text.contains("Root"));
}

#[derive(diesel::QueryableByName)]
struct Named {
    #[diesel(sql_type = diesel::sql_types::Text)]
    name: String,
}

/// The tables whose rows no public page shows: sessions, sign-in and
/// claim-link state, the audit log, the outbox and mail preferences, API tokens,
/// engine analyses, staged imports, and the version tables themselves.
const UNSEEN: &[&str] = &[
    "sessions",
    "known_browsers",
    // Claim links: read only by the person who opens one.
    "claim_links",
    "login_attempts",
    "audit_log",
    "outbox",
    "api_tokens",
    "analysis_jobs",
    "game_analyses",
    "pgn_imports",
    // Read only by a sanction's revocation (what it did to entries).
    "sanction_entry_changes",
    "notice_optins",
    "notice_optouts",
    // The officials' digests sent: read only by the mail worker.
    "digests_sent",
    // The digests of the months the platform's ratings were computed
    // from, and FIDE lists staged for their confirmation.
    "rating_periods",
    "rating_imports",
    "championship_content",
    "site_content",
    "championship_content_changes",
    // Game servers: sign-ins under way, linked accounts and connections
    // are read by their owners' and officials' pages, never kept ones.
    "server_sign_ins",
    "server_accounts",
    "server_connections",
];

#[tokio::test]
async fn every_table_a_public_page_reads_moves_a_content_version() {
    let app = crate::helpers::TestApp::spawn().await;
    let mut conn = app.db();
    let (tables, triggered): (Vec<Named>, Vec<Named>) = match &mut conn {
        DbConnection::Sqlite(c) => (
            diesel::sql_query(
                "SELECT name FROM sqlite_master WHERE type = 'table' \
                 AND name NOT LIKE 'sqlite_%' AND name != '__diesel_schema_migrations'",
            )
            .load(c)
            .expect("tables"),
            diesel::sql_query(
                "SELECT DISTINCT tbl_name AS name FROM sqlite_master WHERE type = 'trigger' \
                 AND name LIKE '%_content%'",
            )
            .load(c)
            .expect("triggers"),
        ),
        DbConnection::Postgresql(c) => (
            diesel::sql_query(
                "SELECT table_name::text AS name FROM information_schema.tables \
                 WHERE table_schema = 'public' AND table_name != '__diesel_schema_migrations'",
            )
            .load(c)
            .expect("tables"),
            diesel::sql_query(
                "SELECT DISTINCT event_object_table::text AS name \
                 FROM information_schema.triggers \
                 WHERE trigger_schema = 'public' AND trigger_name LIKE '%_content%'",
            )
            .load(c)
            .expect("triggers"),
        ),
    };
    let shown: BTreeSet<String> = tables
        .into_iter()
        .map(|t| t.name)
        .filter(|t| !UNSEEN.contains(&t.as_str()))
        .collect();
    let triggered: BTreeSet<String> = triggered.into_iter().map(|t| t.name).collect();
    assert_eq!(
        shown.difference(&triggered).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "tables without a content trigger"
    );
    assert!(shown.len() > 30, "{shown:?}");
}

/// A page of the whole platform learns of every championship's change
/// from its stamp: each move of any championship's version moves it, and
/// nothing else does.
#[tokio::test]
async fn a_platform_page_s_stamp_moves_with_every_championship_s_version() {
    use league::db::championships::site_stamp;

    let club = Club::new("G").await;
    let mut conn = club.app.db();
    let mut before = site_stamp(&mut conn).expect("stamp");
    assert_eq!(
        site_stamp(&mut conn).expect("stamp"),
        before,
        "nothing moved"
    );
    for change in [
        format!(
            "UPDATE championships SET name = name WHERE id = {}",
            club.id
        ),
        format!(
            "UPDATE championship_content SET version = version + 1 WHERE championship_id = {}",
            club.id
        ),
    ] {
        for _ in 0..3 {
            diesel::sql_query(&change)
                .execute(&mut conn)
                .expect("a change");
            let now = site_stamp(&mut conn).expect("stamp");
            assert_ne!(now.0, before.0, "{change}");
            assert_eq!(now.1, before.1, "the platform's own version holds");
            before = now;
        }
    }
}

/// The clock's answer is as fresh as a read of the caller's own: a change
/// committed before `now()` is asked is in its totals and in the
/// championship's own version it knows, though other callers keep reads
/// in flight all the while (an answer taken from a read that began before
/// the change would miss it); a version is never moved back.
#[tokio::test]
async fn the_content_clock_sees_every_change_committed_before_it_is_asked() {
    use league::db::content_clock::ContentClock;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    let club = Club::new("G").await;
    let (app, c) = (&club.app, league::ids::ChampionshipId(club.id));
    let url = league::db::DbUrl::parse(&app.db_url).expect("url");
    let clock = Arc::new(ContentClock::start(url));
    let busy = Arc::new(AtomicBool::new(true));
    let others: Vec<_> = (0..16)
        .map(|_| {
            let (clock, busy) = (clock.clone(), busy.clone());
            tokio::spawn(async move {
                let mut reads = 0u32;
                while busy.load(Ordering::Relaxed) {
                    assert!(clock.now().await.is_some());
                    reads += 1;
                }
                reads
            })
        })
        .collect();
    let mut conn = app.db();
    let own = |conn: &mut DbConnection| {
        league::db::championships::content_version(conn, c)
            .expect("version")
            .expect("a championship")
    };
    let first = clock.now().await.expect("the totals");
    assert_eq!(
        clock.known(c),
        Some(own(&mut conn)),
        "known from the first read"
    );
    let mut before = first;
    for i in 0..100 {
        let change = if i % 2 == 0 {
            "UPDATE site_content SET version = version + 1".to_owned()
        } else {
            format!(
                "UPDATE championship_content SET version = version + 1 WHERE championship_id = {c}"
            )
        };
        diesel::sql_query(&change)
            .execute(&mut conn)
            .expect("a change");
        let stored = league::db::championships::site_stamp(&mut conn).expect("stamp");
        let now = clock.now().await.expect("the totals");
        assert_eq!(now.totals, stored, "{change}: committed before asking");
        assert_eq!(
            clock.known(c),
            Some(own(&mut conn)),
            "{change}: the championship's own"
        );
        assert!(now.epoch > before.epoch, "the epoch moves with the totals");
        before = now;
    }
    let last = own(&mut conn);
    clock.learn(c, last - 5);
    assert_eq!(clock.known(c), Some(last), "a version is never moved back");
    // Unchanged totals keep the epoch.
    assert_eq!(clock.now().await.expect("the totals").epoch, before.epoch);
    busy.store(false, Ordering::Relaxed);
    for other in others {
        assert!(other.await.expect("a caller") > 0);
    }
}

/// On PostgreSQL a kept page costs the server's pool no statement: the
/// versions come from the clock's shared read, and the championship's own
/// version, learnt once, holds while the totals stand.
#[tokio::test]
async fn kept_pages_on_postgresql_read_no_versions_through_the_pool() {
    let club = Club::new("G").await;
    if !matches!(club.app.db(), DbConnection::Postgresql(_)) {
        // SQLite reads the versions in-process on each hit, by design.
        return;
    }
    let base = club.app.url("");
    let pages = [
        format!("/championships/{}", club.id),
        format!("/championships/{}/season", club.id),
        "/".to_owned(),
        "/championships".to_owned(),
    ];
    for page in &pages {
        visit(&base, page).await;
    }
    let (_, statements) = club
        .app
        .statements_during(async {
            let visits = (0..32).map(|i| visit(&base, &pages[i % pages.len()]));
            futures_util::future::join_all(visits).await
        })
        .await;
    let versions: Vec<_> = statements.iter().filter(|s| reads_a_stamp(s)).collect();
    assert!(versions.is_empty(), "{versions:#?}");
    // Another championship's changes leave this one's version known: its
    // kept page reads nothing through the pool while the other changes.
    let other = club.app.create_championship(&club.root, "G").await;
    let mut conn = club.app.db();
    visit(&base, &pages[0]).await;
    let (_, statements) = club
        .app
        .statements_during(async {
            for _ in 0..8 {
                diesel::sql_query(format!(
                    "UPDATE championship_content SET version = version + 1 \
                     WHERE championship_id = {other}"
                ))
                .execute(&mut conn)
                .expect("another championship's change");
                visit(&base, &pages[0]).await;
            }
        })
        .await;
    let versions: Vec<_> = statements.iter().filter(|s| reads_a_stamp(s)).collect();
    assert!(versions.is_empty(), "{versions:#?}");
}

/// A statement that reads a page's stamp: a content version of a
/// championship or of the platform (a championship's results version,
/// which lives on the same row, is the standings cache's, read when a page
/// is drawn).
fn reads_a_stamp(statement: &str) -> bool {
    statement.contains("\"championship_content\".\"version\"")
        || statement.contains("SUM(version)")
        || statement.contains("site_content")
}

/// The platform's lists (home, championships, hall of fame) are stamped by
/// what they show, the championships' names and their history: a result,
/// a championship's other change or a person's change leaves their stamp
/// alone, so a tournament night does not redraw them; a new name moves it
/// and shows on the next view.
#[tokio::test]
async fn the_platform_s_lists_move_with_names_and_history_not_with_results() {
    use league::db::championships::site_stamp;

    let club = Club::new("G").await;
    let (app, c) = (&club.app, club.id);
    let mut conn = app.db();
    let listed = |conn: &mut DbConnection| site_stamp(conn).expect("stamp").2;
    let before = listed(&mut conn);
    for change in [
        format!(
            "UPDATE championship_content SET results_version = results_version + 1 WHERE championship_id = {c}"
        ),
        format!(
            "UPDATE championship_content SET version = version + 1 WHERE championship_id = {c}"
        ),
        "UPDATE people SET full_name = full_name".to_owned(),
    ] {
        diesel::sql_query(&change)
            .execute(&mut conn)
            .expect("a change");
        assert_eq!(listed(&mut conn), before, "{change}");
    }
    let base = app.url("");
    for path in ["/", "/championships"] {
        assert!(!visit(&base, path).await.text.contains("Переименованный"));
    }
    diesel::sql_query(format!(
        "UPDATE championships SET name = 'Переименованный чемпионат' WHERE id = {c}"
    ))
    .execute(&mut conn)
    .expect("renamed");
    assert_ne!(listed(&mut conn), before, "a name moves the lists");
    for path in ["/", "/championships"] {
        assert!(
            visit(&base, path).await.text.contains("Переименованный"),
            "{path} shows the new name at once"
        );
    }
}

/// With the server's redraw window a visitor's page is drawn at most once
/// a window however often its championship changes: within the window the
/// page kept before the change serves, after it the change shows; a
/// signed-in person gets the change at once.
#[tokio::test]
async fn a_visitor_s_page_is_drawn_at_most_once_a_window_and_shows_a_change_after_it() {
    let window = std::time::Duration::from_millis(1500);
    let app = crate::helpers::TestApp::builder()
        .page_cache_redraw_ms(window.as_millis() as u64)
        .start()
        .await;
    let club = Club::with_app(app, "G").await;
    let (app, c) = (&club.app, club.id);
    let base = app.url("");
    let path = format!("/championships/{c}");
    let drawn = std::time::Instant::now();
    assert!(!visit(&base, &path).await.text.contains("Новое имя"));
    let mut conn = app.db();
    diesel::sql_query(format!(
        "UPDATE championships SET name = 'Новое имя' WHERE id = {c}"
    ))
    .execute(&mut conn)
    .expect("renamed");
    let page = visit(&base, &path).await;
    if drawn.elapsed() < window {
        assert!(
            !page.text.contains("Новое имя"),
            "within the window the page kept before the change serves"
        );
    }
    let own = app.get_with(&club.root, &path).await;
    assert!(
        own.text.contains("Новое имя"),
        "a signed-in person's page is drawn for them"
    );
    tokio::time::sleep(
        window.saturating_sub(drawn.elapsed()) + std::time::Duration::from_millis(50),
    )
    .await;
    assert!(
        visit(&base, &path).await.text.contains("Новое имя"),
        "after the window the change shows"
    );
}

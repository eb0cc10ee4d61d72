//! Security: login throttling under scripted attacks. Wrong passwords slow
//! the account and the address with growing delays; only an address is
//! ever locked; the owner's own browser is not slowed by guesses made
//! elsewhere.

use chrono::TimeDelta;
use diesel::prelude::*;
use reqwest::StatusCode;

use crate::helpers::{PASSWORD, TestApp, client_at, new_client};
use league::db::{self, login_attempts};

fn stored_failures(app: &TestApp) -> i64 {
    use league::db::schema::login_attempts::dsl as l;
    l::login_attempts
        .filter(l::succeeded.eq(false))
        .count()
        .get_result(&mut app.db())
        .expect("count")
}

fn retry_after(headers: &reqwest::header::HeaderMap) -> i64 {
    headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .expect("Retry-After")
        .parse()
        .expect("seconds")
}

#[tokio::test]
async fn fifty_parallel_wrong_logins_are_slowed_and_every_judged_one_is_stored() {
    let app = TestApp::spawn().await;
    app.sign_up_with(&new_client(), "Target").await;
    let attacker = new_client();
    let token = app.csrf_with(&attacker).await;
    let url = app.url("/login");
    let mut shots = Vec::new();
    for i in 0..50 {
        let (client, url, token) = (attacker.clone(), url.clone(), token.clone());
        shots.push(tokio::spawn(async move {
            let password = format!("guess-number-{i}");
            let res = client
                .post(&url)
                .form(&[
                    ("login", "Target"),
                    ("password", password.as_str()),
                    ("csrf_token", token.as_str()),
                ])
                .send()
                .await
                .expect("POST /login");
            (res.status(), res.headers().clone())
        }));
    }
    let mut judged = 0;
    let mut throttled = 0;
    for shot in shots {
        let (status, headers) = shot.await.expect("task");
        match status {
            StatusCode::UNAUTHORIZED => judged += 1,
            StatusCode::TOO_MANY_REQUESTS => {
                throttled += 1;
                let secs = retry_after(&headers);
                assert!((1..=60).contains(&secs), "{secs}");
            }
            other => panic!("unexpected {other}"),
        }
    }
    // Three free failures, then each guess waits 1 s, 2 s, 4 s…: within
    // the few seconds the burst takes, only a handful are judged.
    assert!((3..=6).contains(&judged), "{judged} judged");
    assert_eq!(judged + throttled, 50);
    // No attempt slipped through a race: every judged failure is stored.
    assert_eq!(stored_failures(&app), judged);
    // The right password waits its turn too from the attacker's browser.
    let page = app.log_in_with(&attacker, "Target", PASSWORD).await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        app.get_with(&attacker, "/account").await.status,
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn the_owner_signs_in_from_a_known_browser_while_guesses_come_from_many_addresses() {
    let app = TestApp::builder().trust_proxy().start().await;
    let owner = client_at("192.0.2.10");
    app.sign_up_with(&owner, "Owner").await;
    app.make_admin("Owner");
    assert_eq!(
        app.post_with(&owner, "/logout", &[]).await.status,
        StatusCode::SEE_OTHER
    );

    // Sixty guesses at the administrator's password, each from another
    // address, as fast as they come back.
    let mut judged = 0;
    let mut slowed = 0;
    for i in 0..60 {
        let attacker = client_at(&format!("198.51.100.{}", i + 1));
        let page = app
            .log_in_with(&attacker, "Owner", &format!("guess-{i}-password"))
            .await;
        match page.status {
            StatusCode::UNAUTHORIZED => judged += 1,
            StatusCode::TOO_MANY_REQUESTS => {
                slowed += 1;
                assert!(retry_after(&page.headers) <= 60, "slowed, not locked");
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert!(
        slowed > 0 && judged < 60,
        "{judged} judged, {slowed} slowed"
    );

    // The owner's browser has signed in to the account before: in at once.
    let page = app.log_in_with(&owner, "Owner", PASSWORD).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(app.get_with(&owner, "/admin").await.status, StatusCode::OK);

    // A browser the account has never seen is slowed like the guesses, by
    // at most a minute, never locked out.
    let fresh = client_at("192.0.2.77");
    let page = app.log_in_with(&fresh, "Owner", PASSWORD).await;
    if page.status == StatusCode::TOO_MANY_REQUESTS {
        assert!(retry_after(&page.headers) <= 60);
        let message = page.select_text(".form-error").expect("message");
        assert!(message.contains("подождите"), "{message}");
    } else {
        assert_eq!(page.status, StatusCode::SEE_OTHER);
    }
}

#[tokio::test]
async fn a_known_browser_that_keeps_failing_is_known_no_more() {
    let app = TestApp::builder().trust_proxy().start().await;
    let owner = client_at("192.0.2.10");
    app.sign_up_with(&owner, "Owner").await;
    app.post_with(&owner, "/logout", &[]).await;
    // Guesses from elsewhere put the account into its delays.
    let id = app.person_id("Owner");
    let mut conn = app.db();
    let now = db::utc_now();
    for i in 0..8 {
        league::db::write_transaction(&mut conn, |tx| {
            login_attempts::record(
                tx,
                &format!("person:{id}"),
                &format!("198.51.100.{i}"),
                false,
                now - TimeDelta::seconds(1),
            )
        })
        .expect("record");
    }
    // The owner's own browser mistypes three times: each is judged (it is
    // not slowed by the others' failures) …
    for _ in 0..3 {
        let page = app.log_in_with(&owner, "Owner", "mistyped-password").await;
        assert_eq!(page.status, StatusCode::UNAUTHORIZED, "{}", page.text);
    }
    // … and after that it is a browser like any other: slowed.
    let page = app.log_in_with(&owner, "Owner", PASSWORD).await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn twenty_failures_from_one_address_lock_it_for_every_account_for_the_window() {
    let app = TestApp::spawn().await;
    let wesley = new_client();
    app.sign_up_with(&wesley, "Wesley").await;
    app.post_with(&wesley, "/logout", &[]).await;
    // Twenty failures from this address on twenty names, a minute ago.
    let mut conn = app.db();
    let minute_ago = db::utc_now() - TimeDelta::minutes(1);
    for i in 0..20 {
        league::db::write_transaction(&mut conn, |tx| {
            login_attempts::record(
                tx,
                &format!("name:guess{i}"),
                "127.0.0.1",
                false,
                minute_ago,
            )
        })
        .expect("record");
    }
    // Even a browser Wesley signed in from, with the right password: this
    // address is locked until the failures leave the 15-minute window.
    let page = app.log_in_with(&wesley, "Wesley", PASSWORD).await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
    let secs = retry_after(&page.headers);
    assert!((13 * 60..=14 * 60).contains(&secs), "{secs}");
    let message = page.select_text(".form-error").expect("message");
    assert!(message.contains("14 минут"), "{message}");
}

#[tokio::test]
async fn each_failure_beyond_the_free_ones_doubles_the_wait_up_to_a_minute() {
    let app = TestApp::spawn().await;
    let mut conn = app.db();
    let now = db::utc_now();
    let mut waits = Vec::new();
    for k in 1..=10 {
        league::db::write_transaction(&mut conn, |tx| {
            login_attempts::record(tx, "person:1", &format!("10.0.0.{k}"), false, now)
        })
        .expect("record");
        let until = login_attempts::locked_until(&mut conn, "person:1", "10.0.9.9", now, false)
            .expect("query");
        waits.push(until.map(|u| (u - now).num_seconds()));
    }
    assert_eq!(
        waits,
        [
            None,
            None,
            Some(1),
            Some(2),
            Some(4),
            Some(8),
            Some(16),
            Some(32),
            Some(60),
            Some(60)
        ]
    );
    // A browser known to the account skips the account's delays.
    assert_eq!(
        login_attempts::locked_until(&mut conn, "person:1", "10.0.9.9", now, true).expect("q"),
        None
    );
}

/// The attack that kept an owner out: ten wrong passwords at one account
/// from one address, spread over two minutes (under the address lock),
/// while the owner signs in from new browsers and new addresses every few
/// seconds. The guesses slow their own address only; the owner is in at
/// every try.
#[tokio::test]
async fn one_address_guessing_at_an_account_never_keeps_its_owner_out() {
    let app = TestApp::builder().trust_proxy().start().await;
    app.sign_up_with(&client_at("192.0.2.10"), "Owner").await;
    let id = app.person_id("Owner");
    let mut conn = app.db();
    let now = db::utc_now();
    for i in 0..10 {
        league::db::write_transaction(&mut conn, |tx| {
            login_attempts::record(
                tx,
                &format!("person:{id}"),
                "198.51.100.7",
                false,
                now - TimeDelta::seconds(120 - 12 * i),
            )
        })
        .expect("record");
    }
    // The guessing address waits (ten failures: a minute).
    let attacker = client_at("198.51.100.7");
    let page = app.log_in_with(&attacker, "Owner", PASSWORD).await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
    // The owner, from a browser and an address the account has never seen.
    for i in 0..5 {
        let fresh = client_at(&format!("203.0.113.{}", 20 + i));
        let page = app.log_in_with(&fresh, "Owner", PASSWORD).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "try {i}: {}", page.text);
        // The attacker goes on meanwhile.
        league::db::write_transaction(&mut conn, |tx| {
            login_attempts::record(
                tx,
                &format!("person:{id}"),
                "198.51.100.7",
                false,
                db::utc_now(),
            )
        })
        .expect("record");
    }
}

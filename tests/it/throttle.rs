//! Security: login throttling under a scripted attack. Fifty
//! wrong-password logins for one account from one address, all at once:
//! exactly five are judged (401) and stored, every other answer is 429 with
//! Retry-After, and the right password is refused while the lock lasts.

use diesel::prelude::*;
use reqwest::StatusCode;

use crate::helpers::{PASSWORD, TestApp, new_client};

#[tokio::test]
async fn i11_fifty_parallel_wrong_logins_store_five_failures_and_the_rest_get_429() {
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
            let retry = res
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
            (res.status(), retry)
        }));
    }
    let mut judged = 0;
    let mut throttled = 0;
    for shot in shots {
        let (status, retry) = shot.await.expect("task");
        match status {
            StatusCode::UNAUTHORIZED => judged += 1,
            StatusCode::TOO_MANY_REQUESTS => {
                throttled += 1;
                let secs: i64 = retry.expect("Retry-After").parse().expect("seconds");
                assert!((60..=900).contains(&secs), "{secs}");
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert_eq!((judged, throttled), (5, 45));
    // No attempt slipped through a race: exactly five failures are stored.
    let stored: i64 = {
        use league::db::schema::login_attempts::dsl as l;
        l::login_attempts
            .filter(l::succeeded.eq(false))
            .count()
            .get_result(&mut app.db())
            .expect("count")
    };
    assert_eq!(stored, 5);
    // The right password is refused too while throttled.
    let page = app.log_in_with(&attacker, "Target", PASSWORD).await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        app.get_with(&attacker, "/account").await.status,
        StatusCode::SEE_OTHER
    );
}

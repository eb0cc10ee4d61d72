//! Security: a request that creates rows creates a bounded number of them,
//! and says so when asked for more.

use reqwest::StatusCode;

use crate::play::Club;
use league::ids::ChampionshipId;

fn tournaments(club: &Club) -> usize {
    league::db::tournaments::of_championship(&mut club.app.db(), ChampionshipId(club.id))
        .expect("tournaments")
        .len()
}

async fn schedule(club: &Club, from: &str, until: &str) -> crate::helpers::Page {
    club.app
        .post_with(
            &club.root,
            &format!("/championships/{}/schedule", club.id),
            &[
                ("weekday", "Wed"),
                ("nth", "1"),
                ("time", "18:15"),
                ("from", from),
                ("until", until),
            ],
        )
        .await
}

#[tokio::test]
async fn a_schedule_of_more_than_three_seasons_or_outside_the_years_is_refused_beside_the_field() {
    let club = Club::new("G").await;
    let before = tournaments(&club);
    let page = schedule(&club, "0000-01", "9999-12").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#schedule-from-error").as_deref(),
        Some("Месяц 0000-01 вне допустимых лет: 2000–2100.")
    );
    // What was typed stays in the form.
    assert_eq!(
        page.attr("#schedule-until", "value").as_deref(),
        Some("9999-12")
    );
    let page = schedule(&club, "2026-09", "2029-09").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let error = page
        .select_text("#schedule-until-error")
        .expect("beside until");
    assert!(error.starts_with("Сразу 37 месяцев — больше 36"), "{error}");
    assert_eq!(tournaments(&club), before);
    // Three seasons at once are fine.
    let page = schedule(&club, "2026-09", "2029-08").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(tournaments(&club), before + 36);
}

#[tokio::test]
async fn a_championship_holds_at_most_240_tournaments() {
    let club = Club::new("G").await;
    assert_eq!(tournaments(&club), 0);
    // Twenty seasons through the form, three at a time and the rest.
    for (from, until) in [
        ("2001-01", "2003-12"),
        ("2004-01", "2006-12"),
        ("2007-01", "2009-12"),
        ("2010-01", "2012-12"),
        ("2013-01", "2015-12"),
        ("2016-01", "2018-12"),
        ("2019-01", "2020-12"),
    ] {
        let page = schedule(&club, from, until).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    assert_eq!(tournaments(&club), 240);
    let page = schedule(&club, "2021-01", "2021-01").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#schedule-until-error").as_deref(),
        Some(
            "В чемпионате уже 240 турниров; ещё 1 дадут больше 240 — \
             предела для одного чемпионата."
        )
    );
    assert_eq!(tournaments(&club), 240);
}

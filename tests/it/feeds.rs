//! A championship's feeds: the iCalendar of its
//! tournaments parsed by a standard parser (RFC 5545), and the Atom feed of
//! results and notices parsed as XML (RFC 4287).

use chrono::{NaiveDate, TimeZone};
use icalendar::{CalendarComponent, CalendarDateTime, Component, DatePerhapsTime};
use league::db;
use league::ids::{ChampionshipId, TournamentId};
use reqwest::StatusCode;

use crate::helpers::TestApp;
use crate::play::{Club, four_entered};
use crate::results_pages::draw_and_play_all;

/// A championship whose name has a comma, a semicolon, a backslash and
/// long Cyrillic text (well over one 75-octet line), in Yekaterinburg
/// time (UTC+5); two tournaments on the first Wednesday of January and
/// February 2030 at 18:15 local.
const NAME: &str = "Открытый зимний кубок Свердловской области, весна; \
                    быстрые шахматы \\ командный зачёт предприятий";

async fn championship_with_two_tournaments(app: &TestApp) -> (reqwest::Client, i64) {
    let root = app.admin("Root").await;
    let page = app
        .post_with(
            &root,
            "/championships",
            &[
                ("name", NAME),
                ("slug", "ural-cup"),
                ("preset", "G"),
                ("time_zone", "Asia/Yekaterinburg"),
            ],
        )
        .await;
    let c = page.location_id("/championships/");
    let page = app
        .post_with(
            &root,
            &format!("/championships/{c}/schedule"),
            &[
                ("nth", "1"),
                ("weekday", "Wed"),
                ("time", "18:15"),
                ("from", "2030-01"),
                ("until", "2030-02"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    (root, c)
}

#[tokio::test]
async fn the_calendar_feed_parses_with_utc_starts_in_the_championship_zone_and_escaped_names() {
    let app = TestApp::spawn().await;
    let (_, c) = championship_with_two_tournaments(&app).await;
    let stored = db::tournaments::of_championship(&mut app.db(), ChampionshipId(c)).expect("q");
    assert_eq!(stored.len(), 2);

    // Public: a phone's calendar has no session.
    let anonymous = crate::helpers::new_client();
    let res = anonymous
        .get(app.url(&format!("/championships/{c}/calendar.ics")))
        .send()
        .await
        .expect("GET");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()[reqwest::header::CONTENT_TYPE],
        "text/calendar; charset=utf-8"
    );
    let text = res.text().await.expect("body");

    // RFC 5545 §3.1: CR LF line ends, no line over 75 octets.
    assert!(text.ends_with("\r\n"));
    assert!(!text.replace("\r\n", "").contains(['\r', '\n']));
    for line in text.split("\r\n") {
        assert!(line.len() <= 75, "{} octets: {line}", line.len());
    }
    assert!(text.contains("\r\n "), "the long summary is folded: {text}");

    // RFC 5545 §3.3.11: comma, semicolon and backslash escaped in TEXT.
    let unfolded = icalendar::parser::unfold(&text);
    assert!(
        unfolded.contains(
            "\r\nSUMMARY:Открытый зимний кубок Свердловской области\\, весна\\; \
             быстрые шахматы \\\\ командный зачёт предприятий — Турнир 1\r\n"
        ),
        "{unfolded}"
    );

    let cal: icalendar::Calendar = text.parse().expect("a standard parser reads it");
    assert_eq!(cal.get_timezone(), Some("Asia/Yekaterinburg"));
    let events: Vec<&icalendar::Event> = cal
        .components
        .iter()
        .filter_map(|c| match c {
            CalendarComponent::Event(e) => Some(e),
            _ => None,
        })
        .collect();
    assert_eq!(events.len(), 2);
    // By hand: the first Wednesdays are 2 January and 6 February 2030;
    // 18:15 in Yekaterinburg (UTC+5, no summer time) is 13:15 UTC.
    let expected_utc = [
        NaiveDate::from_ymd_opt(2030, 1, 2),
        NaiveDate::from_ymd_opt(2030, 2, 6),
    ]
    .map(|d| d.and_then(|d| d.and_hms_opt(13, 15, 0)).expect("valid"));
    let tz: chrono_tz::Tz = "Asia/Yekaterinburg".parse().expect("zone");
    for (i, (event, t)) in events.iter().zip(&stored).enumerate() {
        let Some(DatePerhapsTime::DateTime(CalendarDateTime::Utc(start))) = event.get_start()
        else {
            panic!("DTSTART in UTC: {:?}", event.get_start());
        };
        assert_eq!(start.naive_utc(), t.starts_at, "the stored UTC instant");
        assert_eq!(start.naive_utc(), expected_utc[i]);
        let Some(DatePerhapsTime::DateTime(CalendarDateTime::Utc(end))) = event.get_end() else {
            panic!("DTEND in UTC");
        };
        assert!(end > start);
        // The championship's local time, named with its zone.
        let local = tz.from_utc_datetime(&t.starts_at).format("%Y-%m-%d %H:%M");
        assert_eq!(
            local.to_string(),
            format!("2030-0{}-0{} 18:15", i + 1, [2, 6][i])
        );
        let description = event.get_description().expect("description");
        assert!(
            description.contains(&local.to_string())
                && description.contains("екатеринбургское время (UTC+5)"),
            "{description}"
        );
        // The name round-trips through escaping and folding.
        assert_eq!(
            event.get_summary(),
            Some(format!("{NAME} — Турнир {}", t.number).as_str())
        );
        assert!(description.contains(NAME), "{description}");
        assert_eq!(
            event.get_url(),
            Some(format!("http://127.0.0.1/championships/{c}/tournaments/{}", t.id).as_str())
        );
        assert!(
            event
                .get_uid()
                .is_some_and(|u| u.contains(&t.id.to_string()))
        );
    }

    // Stable UIDs: the same on every fetch; the page language changes the words.
    let again = app
        .get(&format!("/championships/{c}/calendar.ics?lang=en"))
        .await
        .text;
    let again: icalendar::Calendar = again.parse().expect("parses");
    let uids = |cal: &icalendar::Calendar| -> Vec<String> {
        cal.components
            .iter()
            .filter_map(|c| match c {
                CalendarComponent::Event(e) => e.get_uid().map(str::to_owned),
                _ => None,
            })
            .collect()
    };
    assert_eq!(uids(&again), uids(&cal));
    let summaries: Vec<String> = again
        .components
        .iter()
        .filter_map(|c| match c {
            CalendarComponent::Event(e) => e.get_summary().map(str::to_owned),
            _ => None,
        })
        .collect();
    assert_eq!(summaries[0], format!("{NAME} — Tournament 1"));

    // The championship page offers the subscription.
    let page = app.get(&format!("/championships/{c}")).await;
    assert_eq!(
        page.attr("#subscribe a[type='text/calendar']", "href"),
        Some(format!("/championships/{c}/calendar.ics"))
    );
    assert_eq!(
        app.get("/championships/999/calendar.ics").await.status,
        StatusCode::NOT_FOUND
    );
}

/// `(id, title, updated, link, summary)` of every entry.
type AtomEntry = (String, String, String, String, String);

fn atom_entries(doc: &roxmltree::Document) -> Vec<AtomEntry> {
    const ATOM: &str = "http://www.w3.org/2005/Atom";
    let child = |n: roxmltree::Node, name: &str| {
        n.children()
            .find(|c| c.has_tag_name((ATOM, name)))
            .and_then(|c| c.text())
            .unwrap_or_default()
            .to_owned()
    };
    doc.root_element()
        .children()
        .filter(|n| n.has_tag_name((ATOM, "entry")))
        .map(|e| {
            let link = e
                .children()
                .find(|c| c.has_tag_name((ATOM, "link")))
                .and_then(|l| l.attribute("href"))
                .unwrap_or_default()
                .to_owned();
            (
                child(e, "id"),
                child(e, "title"),
                child(e, "updated"),
                link,
                child(e, "summary"),
            )
        })
        .collect()
}

#[tokio::test]
async fn the_atom_feed_lists_results_and_notices_newest_first_as_well_formed_xml() {
    let club = Club::new("G").await;
    let (_, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    // Ладья wins everything; Конь beats Слон and Ферзь; Слон beats Ферзь.
    let order = ["Ладья", "Конь", "Слон", "Ферзь"];
    let rank = |n: &str| order.iter().position(|x| *x == n).expect("known");
    draw_and_play_all(&club, &url, "5", &|h, a| {
        if rank(h) < rank(a) { "1-0" } else { "0-1" }
    })
    .await;
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/finish"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // A regulation change with XML specials in its summary, after the finish.
    let page = club
        .app
        .regulation_change(
            &club.root,
            club.id,
            &[
                ("summary", "Очки за места & <дубли>"),
                ("body", "# Регламент\n\nИзменён."),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    let res = crate::helpers::new_client()
        .get(
            club.app
                .url(&format!("/championships/{}/feed.atom", club.id)),
        )
        .send()
        .await
        .expect("GET");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()[reqwest::header::CONTENT_TYPE],
        "application/atom+xml; charset=utf-8"
    );
    let text = res.text().await.expect("body");
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let feed = doc.root_element();
    assert!(feed.has_tag_name(("http://www.w3.org/2005/Atom", "feed")));
    let id = feed
        .children()
        .find(|c| c.has_tag_name("id"))
        .and_then(|c| c.text())
        .expect("feed id");
    assert!(
        id.starts_with("tag:127.0.0.1,") && id.ends_with(&format!(":championships/{}", club.id)),
        "{id}"
    );
    let self_link = feed
        .children()
        .find(|c| c.has_tag_name("link") && c.attribute("rel") == Some("self"))
        .and_then(|c| c.attribute("href"));
    assert_eq!(
        self_link,
        Some(format!("http://127.0.0.1/championships/{}/feed.atom", club.id).as_str())
    );
    assert!(feed.children().any(|c| c.has_tag_name("updated")));
    assert!(feed.children().any(|c| c.has_tag_name("title")));

    let entries = atom_entries(&doc);
    let titles: Vec<&str> = entries.iter().map(|e| e.1.as_str()).collect();
    let n = {
        let stored = db::tournaments::by_id(&mut club.app.db(), TournamentId(t))
            .expect("q")
            .expect("tournament");
        stored.number
    };
    // Newest first: the change, the finish, the rounds from the last.
    assert_eq!(
        titles,
        [
            "Регламент, версия 2".to_owned(),
            format!("Турнир {n} завершён, победитель — Ладья"),
            format!("Турнир {n}, тур 3"),
            format!("Турнир {n}, тур 2"),
            format!("Турнир {n}, тур 1"),
        ]
    );
    let updated: Vec<&str> = entries.iter().map(|e| e.2.as_str()).collect();
    let mut sorted = updated.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(updated, sorted, "newest first");
    // Escaped on the way out, read back as typed.
    assert_eq!(entries[0].4, "Очки за места & <дубли>");
    assert!(text.contains("Очки за места &amp; &lt;дубли&gt;"));
    assert_eq!(
        entries[1].3,
        format!("http://127.0.0.1{url}"),
        "the finished tournament links its page"
    );
    assert!(
        entries[1].4.starts_with("Места: 1. Ладья; 2. Конь"),
        "{}",
        entries[1].4
    );
    assert_eq!(entries[2].3, format!("http://127.0.0.1{url}/rounds/3"));
    assert_eq!(
        entries[2].4,
        "Пары опубликованы; результатов внесено: 20 из 20."
    );
    // Ids are stable tag: URIs, one per entry.
    let ids: std::collections::BTreeSet<&str> = entries.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(ids.len(), entries.len());
    assert!(entries.iter().all(|e| e.0.starts_with(id)));
    let again = club
        .app
        .get(&format!("/championships/{}/feed.atom", club.id))
        .await
        .text;
    let again = roxmltree::Document::parse(&again).expect("xml");
    assert_eq!(atom_entries(&again), entries);

    // The championship page names the feed in its <head>.
    let page = club.app.get(&format!("/championships/{}", club.id)).await;
    assert_eq!(
        page.attr(
            "head link[rel=alternate][type='application/atom+xml']",
            "href"
        ),
        Some(format!("/championships/{}/feed.atom", club.id))
    );
}

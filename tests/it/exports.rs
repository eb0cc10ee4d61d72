//! CSV and JSON downloads of every standings table:
//! the values are the HTML page's, for a tournament played in the test,
//! the season table (G-V41 points, penalties deducted) and a corporate
//! series.

use league::ids::SeriesId;
use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{Page, new_client};
use crate::play::{Club, four_entered};
use crate::results_pages::draw_and_play_all;

/// A number as the pages write it (`17½`, `−1½`, `2¾`), as points.
fn number(text: &str) -> Option<f64> {
    let t = text.trim().replace('−', "-");
    if t.is_empty() {
        return None;
    }
    let (body, frac) = match t.chars().last() {
        Some('¼') => (&t[..t.len() - '¼'.len_utf8()], 0.25),
        Some('½') => (&t[..t.len() - '½'.len_utf8()], 0.5),
        Some('¾') => (&t[..t.len() - '¾'.len_utf8()], 0.75),
        _ => (t.as_str(), 0.0),
    };
    let negative = body.starts_with('-');
    let whole = match body.trim_start_matches('-') {
        "" => 0.0,
        w => w.parse::<f64>().ok()?,
    };
    let value = whole + frac;
    Some(if negative { -value } else { value })
}

/// The cells of every row of a table on the page.
fn cells(page: &Page, rows: &str) -> Vec<Vec<String>> {
    let row = scraper::Selector::parse(rows).expect("selector");
    let cell = scraper::Selector::parse("td").expect("selector");
    page.html
        .select(&row)
        .map(|tr| {
            tr.select(&cell)
                .map(|c| c.text().collect::<String>().trim().to_owned())
                .collect()
        })
        .collect()
}

pub(crate) async fn download(club: &Club, path: &str) -> (reqwest::header::HeaderMap, String) {
    // Public: no session needed.
    let res = new_client()
        .get(club.app.url(path))
        .send()
        .await
        .expect("GET");
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    let headers = res.headers().clone();
    (headers, res.text().await.expect("body"))
}

fn csv_records(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader
        .headers()
        .expect("a header row")
        .iter()
        .map(str::to_owned)
        .collect();
    let rows = reader
        .records()
        .map(|r| {
            r.expect("RFC 4180 record")
                .iter()
                .map(str::to_owned)
                .collect()
        })
        .collect();
    (header, rows)
}

fn json_number(v: &Value) -> Option<f64> {
    v.as_f64()
}

fn csv_number(s: &str) -> Option<f64> {
    if s.is_empty() { None } else { s.parse().ok() }
}

#[tokio::test]
async fn g_v41_tournament_and_season_downloads_equal_their_pages() {
    let club = Club::new("G").await;
    let (teams, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    // The stronger side wins, but Конь–Слон is drawn on every board:
    // fractional Sonneborn-Berger values on the page.
    let order = ["Ладья", "Конь", "Слон", "Ферзь"];
    let rank = |n: &str| order.iter().position(|x| *x == n).expect("known");
    draw_and_play_all(&club, &url, "5", &|h, a| {
        if matches!((h, a), ("Конь", "Слон") | ("Слон", "Конь")) {
            "1/2"
        } else if rank(h) < rank(a) {
            "1-0"
        } else {
            "0-1"
        }
    })
    .await;

    // The tournament's table.
    let page = club.app.get(&url).await;
    let html = cells(&page, "table.standings tbody tr");
    let head = page.texts("table.standings thead th");
    assert_eq!(html.len(), 4);
    let codes: Vec<String> = head[4..head.len() - 1].to_vec();
    assert!(!codes.is_empty(), "{head:?}");
    let (headers, json) = download(&club, &format!("{url}/standings.json")).await;
    assert_eq!(headers[reqwest::header::CONTENT_TYPE], "application/json");
    let json: Value = serde_json::from_str(&json).expect("json");
    assert_eq!(json["tie_breaks"], serde_json::json!(codes));
    let rows = json["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), html.len());
    for (row, cells) in rows.iter().zip(&html) {
        assert_eq!(row["rank"], cells[0]);
        assert_eq!(row["entry"], cells[1]);
        assert_eq!(json_number(&row["match_points"]), number(&cells[2]));
        assert_eq!(json_number(&row["game_points"]), number(&cells[3]));
        let tbs = row["tie_breaks"].as_array().expect("tie-breaks");
        for (i, code) in codes.iter().enumerate() {
            assert_eq!(tbs[i]["code"], *code);
            assert_eq!(
                json_number(&tbs[i]["value"]),
                number(&cells[4 + i]),
                "{code}"
            );
        }
    }
    // By hand: Ладья won every game (3 matches × 10 games); Конь 10 + 5 + 0.
    assert_eq!(rows[0]["entry"], "Ладья");
    assert_eq!(rows[0]["game_points"], 30.0);
    assert_eq!(rows[1]["game_points"], 15.0);

    let (headers, csv) = download(&club, &format!("{url}/standings.csv")).await;
    assert!(
        headers[reqwest::header::CONTENT_TYPE]
            .to_str()
            .is_ok_and(|ct| ct.starts_with("text/csv; charset=utf-8"))
    );
    let n = json["tournament"].as_i64().expect("number");
    assert_eq!(
        headers[reqwest::header::CONTENT_DISPOSITION],
        format!(
            "attachment; filename=\"championship-{}-tournament-{n}-standings.csv\"",
            club.id
        )
        .as_str()
    );
    let (header, records) = csv_records(&csv);
    // Headed as the page heads its columns, in the reader's language.
    let mut expected = vec!["Место", "Ст. №", "Заявка", "КО", "ИО"]
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>();
    expected.extend(codes.iter().cloned());
    assert_eq!(header, expected);
    assert_eq!(records.len(), html.len());
    for (rec, cells) in records.iter().zip(&html) {
        assert_eq!(rec[0], cells[0]);
        assert_eq!(rec[2], cells[1]);
        for i in 0..(2 + codes.len()) {
            assert_eq!(
                csv_number(&rec[3 + i]),
                number(&cells[2 + i]),
                "column {}",
                header[3 + i]
            );
        }
    }
    // The page links its downloads.
    assert_eq!(
        page.attrs("#downloads a", "href"),
        [
            format!("{url}/standings.csv"),
            format!("{url}/standings.json"),
            format!("{url}/export.trf")
        ]
    );

    // The season table: the tournament's points (G-V41: 12, 8, 6, 4; Конь
    // and Слон share 2nd–3rd: 7 each) and a G-G6 deduction of 3 × ½ for
    // Ферзь.
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/finish"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let ferz = teams.iter().find(|x| x.name == "Ферзь").expect("team");
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/penalties", club.id),
            &[
                ("code", "G-G6"),
                ("team", &ferz.id.to_string()),
                ("count", "3"),
                ("reason", "заявка с ошибками"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let season_url = format!("/championships/{}/season", club.id);
    let page = club.app.get(&season_url).await;
    let html = cells(&page, "table.season tbody tr");
    assert_eq!(
        html.iter()
            .map(|r| r[r.len() - 1].as_str())
            .collect::<Vec<_>>(),
        ["12", "7", "7", "2½"]
    );
    let (_, json) = download(&club, &format!("{season_url}/standings.json")).await;
    let json: Value = serde_json::from_str(&json).expect("json");
    assert_eq!(json["tournaments"], serde_json::json!([n]));
    let rows = json["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), html.len());
    for (row, cells) in rows.iter().zip(&html) {
        assert_eq!(row["rank"], cells[0]);
        assert_eq!(row["entry"], cells[1]);
        assert_eq!(json_number(&row["tournament_points"][0]), number(&cells[2]));
        // The page shows the deduction as −1½; the download the points deducted.
        assert_eq!(
            json_number(&row["penalties"])
                .filter(|p| *p != 0.0)
                .map(|p| -p),
            number(&cells[3])
        );
        assert_eq!(json_number(&row["total"]), number(&cells[4]));
    }
    assert_eq!(rows[3]["penalties"], 1.5);
    let (headers, csv) = download(&club, &format!("{season_url}/standings.csv")).await;
    assert_eq!(
        headers[reqwest::header::CONTENT_DISPOSITION],
        format!(
            "attachment; filename=\"championship-{}-season.csv\"",
            club.id
        )
        .as_str()
    );
    let (header, records) = csv_records(&csv);
    assert_eq!(
        header,
        ["Место", "Заявка", &format!("Турнир {n}"), "Штрафы", "Итого"]
    );
    for (rec, cells) in records.iter().zip(&html) {
        assert_eq!(rec[..2], cells[..2]);
        assert_eq!(csv_number(&rec[2]), number(&cells[2]));
        assert_eq!(csv_number(&rec[4]), number(&cells[4]));
    }
    assert_eq!(records[3][3], "1.5");
    assert_eq!(
        page.attrs("#downloads a", "href"),
        [
            format!("{season_url}/standings.csv"),
            format!("{season_url}/standings.json")
        ]
    );
}

#[tokio::test]
async fn r_3_4_series_table_downloads_equal_the_series_page() {
    let club = Club::new("R").await;
    let mut orgs = Vec::new();
    for name in ["Завод \"Альфа\", АО", "Бета", "Гамма"] {
        orgs.push(club.app.create_organization(&club.root, name).await);
    }
    let page = club
        .app
        .post_with(&club.root, "/series", &[("name", "Спартакиада 2030")])
        .await;
    let id = page.location_id("/series/");
    let series = format!("/series/{id}");
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{series}/sports"),
            &[("name", "Волейбол"), ("championship", "")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let sport = league::db::series::sports_of(&mut club.app.db(), SeriesId(id)).expect("sports")[0]
        .id
        .to_string();
    // Бета 1st (10), Альфа and Гамма share 2nd–3rd ((9 + 8) / 2 = 8½).
    for (org, place) in [(orgs[1], "1"), (orgs[0], "2"), (orgs[2], "2")] {
        let page = club
            .app
            .post_with(
                &club.root,
                &format!("{series}/places"),
                &[
                    ("sport", sport.as_str()),
                    ("organization", &org.to_string()),
                    ("place", place),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let page = club.app.get(&series).await;
    let html = cells(&page, "table.series-table tbody tr");
    assert_eq!(html.len(), 3);
    let (_, json) = download(&club, &format!("{series}/standings.json")).await;
    let json: Value = serde_json::from_str(&json).expect("json");
    assert_eq!(json["sports"][0]["name"], "Волейбол");
    let rows = json["rows"].as_array().expect("rows");
    for (row, cells) in rows.iter().zip(&html) {
        assert_eq!(row["rank"], cells[0]);
        assert_eq!(row["organization"], cells[1]);
        let cell = &row["sports"][0];
        assert_eq!(
            format!(
                "{} · {}",
                cell["place"].as_str().expect("place"),
                cells[2].rsplit(" · ").next().unwrap_or_default()
            ),
            cells[2]
        );
        assert_eq!(
            json_number(&cell["points"]),
            number(cells[2].rsplit(" · ").next().unwrap_or_default())
        );
        assert_eq!(json_number(&row["total"]), number(&cells[3]));
    }
    assert_eq!(rows[1]["total"], 8.5);
    assert_eq!(rows[1]["rank"], "2–3");

    let (headers, csv) = download(&club, &format!("{series}/standings.csv")).await;
    assert_eq!(
        headers[reqwest::header::CONTENT_DISPOSITION],
        format!("attachment; filename=\"series-{id}.csv\"").as_str()
    );
    let (header, records) = csv_records(&csv);
    assert_eq!(
        header,
        [
            "Место",
            "Организация",
            "Волейбол: место",
            "Волейбол: очки",
            "Итого"
        ]
    );
    let (_, english) = download(&club, &format!("{series}/standings.csv?lang=en")).await;
    assert_eq!(
        csv_records(&english).0,
        [
            "Rk",
            "Organization",
            "Волейбол: place",
            "Волейбол: points",
            "Total"
        ]
    );
    // RFC 4180: a name with a quote and a comma round-trips.
    let alpha = records
        .iter()
        .find(|r| r[1].contains("Альфа"))
        .expect("Альфа");
    assert_eq!(alpha[1], "Завод \"Альфа\", АО");
    assert!(csv.contains("\"Завод \"\"Альфа\"\", АО\""), "{csv}");
    for (rec, cells) in records.iter().zip(&html) {
        assert_eq!(rec[..2], cells[..2]);
        assert_eq!(
            format!(
                "{} · {}",
                rec[2],
                cells[2].rsplit(" · ").next().unwrap_or_default()
            ),
            cells[2]
        );
        assert_eq!(
            csv_number(&rec[3]),
            number(cells[2].rsplit(" · ").next().unwrap_or_default())
        );
        assert_eq!(csv_number(&rec[4]), number(&cells[3]));
    }
    assert_eq!(
        page.attrs("#downloads a", "href"),
        [
            format!("{series}/standings.csv"),
            format!("{series}/standings.json")
        ]
    );
}

//! One season of each preset walked in a real browser after its finish.
//! Every view that shows places, points or statuses is read as a visitor
//! (and as a captain where the page differs) and compared with the others
//! and with what the results imply: the tournament page, its round pages
//! and crosstable, the standings downloads (CSV, JSON), the JSON API, the
//! season page and its downloads, the team and person pages, the
//! championship's history and the platform's hall of fame (G-E1).
//! Screenshots of the main views at desktop and phone width.

use std::collections::{BTreeMap, HashMap};

use serde_json::Value;

use crate::club::{Club, Team, all_entered, finish, four_entered, play_out, play_round};
use crate::driver::Browser;
use crate::e_club::e_cup_played_to_the_end;
use crate::r_club::{draw, enter_all, published_round, r_teams, set_rounds};

/// G-V41's tournament points by place (seed E's championship below puts
/// the same table in its copy of the regulation).
const G_V41: [f64; 6] = [12.0, 8.0, 6.0, 4.0, 2.0, 1.0];
/// R-3.4's points of the first ten.
const R_3_4: [f64; 10] = [10.0, 9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0];

/// A number as the pages write it (`12`, `1½`, `−0.5`) or the downloads
/// do (`1.5`).
fn number(text: &str) -> f64 {
    let t = text.trim().replace('−', "-");
    let (body, half) = match t.strip_suffix('½') {
        Some(body) => (body.to_owned(), 0.5),
        None => (t.clone(), 0.0),
    };
    let negative = body.starts_with('-');
    let whole = match body.trim_start_matches('-') {
        "" => 0.0,
        w => w
            .parse::<f64>()
            .unwrap_or_else(|_| panic!("a number: «{text}»")),
    };
    if negative {
        -(whole + half)
    } else {
        whole + half
    }
}

/// The first and last place of a place as written (`3`, `5–6`).
fn place_range(text: &str) -> (usize, usize) {
    let mut parts = text.split(['–', '-']).map(|p| {
        p.trim()
            .parse::<usize>()
            .unwrap_or_else(|_| panic!("a place: «{text}»"))
    });
    let first = parts.next().expect("a place");
    (first, parts.next().unwrap_or(first))
}

/// The points a place earns by the regulation's table: a shared place
/// shares the points of the places it spans.
fn points_of_place(place: &str, table: &[f64]) -> f64 {
    let (first, last) = place_range(place);
    let sum: f64 = (first..=last)
        .map(|p| table.get(p - 1).copied().unwrap_or(0.0))
        .sum();
    sum / (last - first + 1) as f64
}

/// Places as written for values ranked best first: equal values share
/// the places they span (`5–6`).
fn shared_places(values: &[f64]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let mut j = i;
        while j + 1 < values.len() && values[j + 1] == values[i] {
            j += 1;
        }
        for _ in i..=j {
            out.push(if i == j {
                (i + 1).to_string()
            } else {
                format!("{}–{}", i + 1, j + 1)
            });
        }
        i = j + 1;
    }
    out
}

async fn json(club: &Club, path: &str) -> Value {
    let page = club.app.get(path).await;
    assert_eq!(
        page.status,
        reqwest::StatusCode::OK,
        "{path}: {}",
        page.text
    );
    serde_json::from_str(&page.text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A CSV download as records by its header's names.
async fn csv_rows(club: &Club, path: &str) -> Vec<HashMap<String, String>> {
    let page = club.app.get(path).await;
    assert_eq!(page.status, reqwest::StatusCode::OK, "{path}");
    let mut reader = csv::Reader::from_reader(page.text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("a header row")
        .iter()
        .map(str::to_owned)
        .collect();
    reader
        .records()
        .map(|r| {
            header
                .iter()
                .cloned()
                .zip(r.expect("a record").iter().map(str::to_owned))
                .collect()
        })
        .collect()
}

fn text(v: &Value) -> String {
    v.as_str().map(str::to_owned).unwrap_or_default()
}

/// One standings row as a view gives it.
#[derive(Debug, Clone, PartialEq)]
struct Standing {
    rank: String,
    entry: String,
    match_points: f64,
    game_points: f64,
}

/// A finished tournament as its views agree it ended.
struct Finished {
    number: i32,
    /// Place, entry and tournament points, best first (the tournament
    /// page's places).
    places: Vec<(String, String, f64)>,
}

/// The places table of the tournament page open in `browser`.
async fn places(browser: &Browser) -> Vec<(String, String, f64)> {
    browser
        .rows("table.places tbody tr")
        .await
        .into_iter()
        .map(|c| (c[0].clone(), c[1].clone(), number(&c[2])))
        .collect()
}

/// Entry and status of every row of the entries table on the page open.
async fn statuses(browser: &Browser) -> Vec<(String, String)> {
    browser
        .rows("table.entries tbody tr")
        .await
        .into_iter()
        .map(|c| (c[1].clone(), c[6].clone()))
        .collect()
}

/// Reads every view of finished tournament `t` — its page as a visitor
/// and as `captain`, the crosstable, each round's page, the standings as
/// CSV, JSON and through the API, the API's rounds and entries — and
/// checks they agree with each other and with the results: game points
/// are the sums of the matches' scores, places follow the ranking the
/// regulation gives (`ranked_by`: the scores whose order places must
/// follow), and tournament points are the regulation's `table` for the
/// place. `shots`: the screenshots' name prefix.
async fn read_tournament(
    club: &Club,
    t: i64,
    visitor: &Browser,
    captain: &Browser,
    table: &[f64],
    shots: Option<&str>,
) -> Finished {
    let c = club.id;
    let url = club.tournament_url(t);
    let api = format!("/api/v1/championships/{c}/tournaments/{t}");

    // The tournament page: places, entries' statuses, the standings.
    visitor.open(&url).await;
    let placed = places(visitor).await;
    assert!(
        !placed.is_empty(),
        "{url}: the places of a finished tournament"
    );
    let shown_statuses = statuses(visitor).await;
    let mut standings_page: HashMap<String, Standing> = HashMap::new();
    for row in visitor.rows("table.standings tbody tr").await {
        standings_page.insert(
            row[1].clone(),
            Standing {
                rank: row[0].clone(),
                entry: row[1].clone(),
                match_points: number(&row[2]),
                game_points: number(&row[3]),
            },
        );
    }
    if let Some(name) = shots {
        visitor.both_widths(&format!("{name}-tournament")).await;
        // The final results for the prize-giving, on A4 paper.
        let pages = visitor.pdf(&format!("{name}-tournament-print")).await;
        assert!((1..=3).contains(&pages), "{url}: {pages} pages of results");
    }
    captain.open(&url).await;
    assert_eq!(places(captain).await, placed, "{url} as the captain");
    assert_eq!(
        statuses(captain).await,
        shown_statuses,
        "{url} as the captain"
    );
    if let Some(name) = shots {
        captain
            .both_widths(&format!("{name}-tournament-captain"))
            .await;
    }

    // The API's entries: every placed entry plays, as the page says.
    let tournament = json(club, &api).await;
    assert_eq!(tournament["finished"], Value::Bool(true), "{api}");
    let entries = tournament["entries"].as_array().expect("entries");
    for e in entries {
        let name = text(&e["name"]);
        let word = match (text(&e["status"]).as_str(), e["start_no"].is_null()) {
            ("entered", false) => "играет",
            ("withdrawn", _) => "отозвана",
            ("retired", _) => "снята по ходу турнира",
            other => panic!("{name}: {other:?}"),
        };
        let shown = shown_statuses
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("{name} on the page: {shown_statuses:?}"));
        assert_eq!(shown.1, word, "{url}: the status of {name}");
    }
    for (_, name, _) in &placed {
        assert!(
            entries
                .iter()
                .any(|e| text(&e["name"]) == *name && text(&e["status"]) == "entered"),
            "{name} is placed and plays"
        );
    }

    // The standings: API, JSON, CSV.
    let from_json = |v: &Value| -> Vec<Standing> {
        v["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| Standing {
                rank: text(&r["rank"]),
                entry: text(&r["entry"]),
                match_points: r["match_points"].as_f64().expect("MP"),
                game_points: r["game_points"].as_f64().expect("GP"),
            })
            .collect()
    };
    let api_rows = json(club, &format!("{api}/standings")).await;
    let api_standings = from_json(&api_rows);
    let download = json(club, &format!("{url}/standings.json")).await;
    let json_standings = from_json(&download);
    let csv_standings: Vec<Standing> = csv_rows(club, &format!("{url}/standings.csv"))
        .await
        .into_iter()
        .map(|r| Standing {
            // Headed as the page heads its columns (Russian by default).
            rank: r["Место"].clone(),
            entry: r["Заявка"].clone(),
            match_points: number(&r["КО"]),
            game_points: number(&r["ИО"]),
        })
        .collect();
    assert_eq!(
        json_standings, api_standings,
        "{url}: JSON download and API"
    );
    assert_eq!(csv_standings, api_standings, "{url}: CSV download and API");
    let by_place: Vec<(String, String)> = placed
        .iter()
        .map(|(p, n, _)| (p.clone(), n.clone()))
        .collect();
    let ranked: Vec<(String, String)> = api_standings
        .iter()
        .map(|s| (s.rank.clone(), s.entry.clone()))
        .collect();
    assert_eq!(ranked, by_place, "{url}: the API's ranks are the places");
    // The page's standings table (seed E: each group's, ranked in it).
    let group_ranks: HashMap<String, String> = api_rows["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            let rank = r["group_rank"]
                .as_str()
                .unwrap_or(r["rank"].as_str().unwrap_or(""));
            (text(&r["entry"]), rank.to_owned())
        })
        .collect();
    assert_eq!(
        standings_page.len(),
        api_standings.len(),
        "{url}: standings rows"
    );
    for s in &api_standings {
        let shown = &standings_page[&s.entry];
        assert_eq!(
            shown.rank, group_ranks[&s.entry],
            "{url}: rank of {}",
            s.entry
        );
        assert_eq!(
            (shown.match_points, shown.game_points),
            (s.match_points, s.game_points),
            "{url}: points of {}",
            s.entry
        );
    }

    // Tournament points are the regulation's for the place.
    for (place, name, points) in &placed {
        assert_eq!(
            *points,
            points_of_place(place, table),
            "{url}: {name}'s points for place {place}"
        );
    }

    // The crosstable: the same ranks and points.
    visitor.open(&format!("{url}/crosstable")).await;
    let tie_breaks = api_rows["tie_breaks"].as_array().map_or(0, Vec::len);
    let crosstable: Vec<Standing> = visitor
        .rows("table.crosstable tbody tr")
        .await
        .into_iter()
        .map(|c| {
            let n = c.len();
            Standing {
                rank: c[0].clone(),
                entry: c[2].clone(),
                match_points: number(&c[n - 2 - tie_breaks]),
                game_points: number(&c[n - 1 - tie_breaks]),
            }
        })
        .collect();
    if let Some(name) = shots {
        visitor.both_widths(&format!("{name}-crosstable")).await;
        // The wall chart, on A4 paper.
        let pages = visitor.pdf(&format!("{name}-crosstable-print")).await;
        assert!(
            (1..=3).contains(&pages),
            "{url}: {pages} pages of crosstable"
        );
    }

    // Every round's page against the API's round: the same matches and
    // scores; the scores of the stages the standings count add up to
    // each entry's game and match points.
    let rounds = json(club, &format!("{api}/rounds?limit=100")).await;
    // The standings count the main stage (seed E: the groups); the
    // crosstable every round it has a column for, play-off rounds but for
    // an armageddon (E-9) and a G-V42 play-off.
    let mut summed: BTreeMap<String, (f64, f64)> = BTreeMap::new();
    let mut columns: BTreeMap<String, f64> = BTreeMap::new();
    for round in rounds["items"].as_array().expect("rounds") {
        let number_ = round["number"].as_i64().expect("number");
        visitor.open(&format!("{url}/rounds/{number_}")).await;
        let mut shown: Vec<(String, String, f64, f64)> = visitor
            .rows("table.round-matches tbody tr.match")
            .await
            .into_iter()
            .filter(|c| c.len() == 7 && !c[6].is_empty() && c[3].contains('–'))
            .map(|c| {
                let (h, a) = c[3].split_once('–').expect("a score");
                (c[2].clone(), c[6].clone(), number(h), number(a))
            })
            .collect();
        let mut given: Vec<(String, String, f64, f64)> = Vec::new();
        for m in round["matches"].as_array().expect("matches") {
            if m["away"].is_null() {
                continue;
            }
            let (home, away) = (text(&m["home"]["name"]), text(&m["away"]["name"]));
            let (h, a) = (
                m["score"]["home"].as_f64().expect("home score"),
                m["score"]["away"].as_f64().expect("away score"),
            );
            given.push((home.clone(), away.clone(), h, a));
            if !matches!(text(&m["stage"]).as_str(), "armageddon" | "playoff") {
                *columns.entry(home.clone()).or_default() += h;
                *columns.entry(away.clone()).or_default() += a;
            }
            if matches!(text(&m["stage"]).as_str(), "main" | "group") {
                let mp = |x: f64, y: f64| match x.partial_cmp(&y) {
                    Some(std::cmp::Ordering::Greater) => 2.0,
                    Some(std::cmp::Ordering::Equal) => 1.0,
                    _ => 0.0,
                };
                let e = summed.entry(home).or_default();
                e.0 += h;
                e.1 += mp(h, a);
                let e = summed.entry(away).or_default();
                e.0 += a;
                e.1 += mp(a, h);
            }
        }
        shown.sort_by(|x, y| x.partial_cmp(y).expect("numbers"));
        given.sort_by(|x, y| x.partial_cmp(y).expect("numbers"));
        assert_eq!(shown, given, "{url}/rounds/{number_} and the API's round");
        if number_ == 1
            && let Some(name) = shots
        {
            visitor.both_widths(&format!("{name}-round")).await;
        }
    }
    let gp_of = |rows: &[Standing]| -> BTreeMap<String, f64> {
        rows.iter()
            .map(|s| (s.entry.clone(), s.game_points))
            .collect()
    };
    let summed_gp: BTreeMap<String, f64> =
        summed.iter().map(|(n, (gp, _))| (n.clone(), *gp)).collect();
    assert_eq!(
        gp_of(&api_standings),
        summed_gp,
        "{url}: game points are the matches'"
    );
    assert_eq!(
        gp_of(&crosstable),
        columns,
        "{url}: the crosstable's game points"
    );
    let crosstable_ranked: Vec<(String, String)> = crosstable
        .iter()
        .map(|s| (s.rank.clone(), s.entry.clone()))
        .collect();
    assert_eq!(
        crosstable_ranked, by_place,
        "{url}: the crosstable's ranks are the places"
    );
    Finished {
        number: tournament["number"].as_i64().expect("number") as i32,
        places: placed,
    }
}

/// Reads the championship's views after its last finish — the season page
/// and its downloads, the history, the hall of fame, every team's page
/// (as a visitor, and as its captain) and every captain's person page —
/// and checks them against the finished tournaments' places and the
/// rounds' games in the API.
async fn read_championship(
    club: &Club,
    teams: &[Team],
    finished: &[Finished],
    visitor: &Browser,
    shots: &str,
) {
    let c = club.id;
    let n = finished.len();
    // What the places imply: each entry's points per tournament, summed.
    let mut totals: BTreeMap<String, f64> = BTreeMap::new();
    for f in finished {
        for (_, name, points) in &f.places {
            *totals.entry(name.clone()).or_default() += points;
        }
    }
    let mut expected: Vec<(String, f64)> = totals.into_iter().collect();
    expected.sort_by(|a, b| b.1.partial_cmp(&a.1).expect("numbers"));
    let expected_places = shared_places(&expected.iter().map(|e| e.1).collect::<Vec<_>>());

    // The season page.
    let season_url = format!("/championships/{c}/season");
    visitor.open(&season_url).await;
    let season: Vec<Vec<String>> = visitor.rows("table.season tbody tr").await;
    assert_eq!(season.len(), expected.len(), "{season_url}: {season:?}");
    for (row, (place, (name, total))) in season.iter().zip(expected_places.iter().zip(&expected)) {
        assert_eq!(row.len(), n + 4, "{season_url}: {row:?}");
        assert_eq!(number(&row[n + 3]), *total, "{season_url}: {row:?}");
        assert_eq!(number(&row[n + 2]), 0.0, "no penalties: {row:?}");
        assert_eq!(&row[0], place, "{season_url}: {row:?}");
        // Ties in the total share the place, so the name is any of them.
        assert!(
            expected
                .iter()
                .any(|(other, t)| *other == row[1] && t == total),
            "{season_url}: {row:?} for {name}"
        );
        for (i, f) in finished.iter().enumerate() {
            let points = f
                .places
                .iter()
                .find(|(_, entry, _)| *entry == row[1])
                .map(|p| p.2);
            assert_eq!(
                points,
                Some(number(&row[2 + i])),
                "{season_url}: {}'s points of tournament {}",
                row[1],
                f.number
            );
        }
    }
    visitor.both_widths(&format!("{shots}-season")).await;
    let season_json = json(club, &format!("{season_url}/standings.json")).await;
    let from_json: Vec<Vec<String>> = season_json["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            let mut row = vec![text(&r["rank"]), text(&r["entry"])];
            row.extend(
                r["tournament_points"]
                    .as_array()
                    .expect("points")
                    .iter()
                    .map(|p| p.as_f64().expect("points").to_string()),
            );
            row.push(r["penalties"].as_f64().expect("penalties").to_string());
            row.push(r["total"].as_f64().expect("total").to_string());
            row
        })
        .collect();
    let as_numbers = |rows: &[Vec<String>]| -> Vec<(String, String, Vec<f64>)> {
        rows.iter()
            .map(|r| {
                (
                    r[0].clone(),
                    r[1].clone(),
                    r[2..].iter().map(|x| number(x)).collect(),
                )
            })
            .collect()
    };
    assert_eq!(as_numbers(&from_json), as_numbers(&season), "season JSON");
    let from_csv: Vec<Vec<String>> = csv_rows(club, &format!("{season_url}/standings.csv"))
        .await
        .into_iter()
        .map(|r| {
            let mut row = vec![r["Место"].clone(), r["Заявка"].clone()];
            row.extend(
                finished
                    .iter()
                    .map(|f| r[&format!("Турнир {}", f.number)].clone()),
            );
            row.push(r["Штрафы"].clone());
            row.push(r["Итого"].clone());
            row
        })
        .collect();
    assert_eq!(as_numbers(&from_csv), as_numbers(&season), "season CSV");

    // G-E1: the season's top four and each tournament's winner.
    let history_url = format!("/championships/{c}/history");
    visitor.open(&history_url).await;
    let top: Vec<(usize, String, f64)> = visitor
        .rows("table.top-four tbody tr")
        .await
        .into_iter()
        .map(|r| (place_range(&r[0]).0, r[1].clone(), number(&r[2])))
        .collect();
    let season_top: Vec<(usize, String, f64)> = season
        .iter()
        .map(|r| (place_range(&r[0]).0, r[1].clone(), number(&r[n + 3])))
        .filter(|(p, _, _)| *p <= 4)
        .collect();
    assert!(!season_top.is_empty());
    assert_eq!(top, season_top, "{history_url}: the season's top four");
    let winners: Vec<(String, String)> = visitor
        .rows("table.winners tbody tr")
        .await
        .into_iter()
        .map(|r| (r[0].clone(), r[2].clone()))
        .collect();
    let first: Vec<(String, String)> = finished
        .iter()
        .map(|f| {
            assert_eq!(f.places[0].0, "1", "one winner of tournament {}", f.number);
            (format!("Турнир {}", f.number), f.places[0].1.clone())
        })
        .collect();
    assert_eq!(winners, first, "{history_url}: the winners");
    // The season page lists the same history.
    visitor.open(&season_url).await;
    let lines = visitor.texts("ul.history li").await;
    let mut wanted: Vec<String> = finished
        .iter()
        .map(|f| format!("Турнир {}: 1-е место — {}", f.number, f.places[0].1))
        .collect();
    wanted.extend(
        season_top
            .iter()
            .map(|(p, n, _)| format!("Итоги сезона: {p}-е место — {n}")),
    );
    let mut shown = lines.clone();
    shown.sort();
    wanted.sort();
    assert_eq!(shown, wanted, "{season_url}: the history");
    visitor.open(&history_url).await;
    visitor.both_widths(&format!("{shots}-history")).await;

    // The platform's hall of fame: this championship's top four and wins.
    visitor.open("/hall-of-fame").await;
    let places_shown = visitor
        .attrs("table.hall tbody tr ol.top-four li", "value")
        .await;
    let names_shown = visitor.texts("table.hall tbody tr ol.top-four li").await;
    let hall_top: Vec<(usize, String)> = places_shown
        .iter()
        .map(|p| p.parse().expect("a place"))
        .zip(names_shown)
        .collect();
    let mut season_top_names: Vec<(usize, String)> =
        season_top.iter().map(|(p, n, _)| (*p, n.clone())).collect();
    season_top_names.sort();
    assert_eq!(hall_top, season_top_names, "the hall of fame's top four");
    let mut wins: Vec<(String, usize)> = Vec::new();
    for (_, name) in &first {
        match wins.iter_mut().find(|(n, _)| n == name) {
            Some((_, k)) => *k += 1,
            None => wins.push((name.clone(), 1)),
        }
    }
    wins.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let wins: Vec<String> = wins.iter().map(|(n, k)| format!("{n} ×{k}")).collect();
    assert_eq!(
        visitor.text("table.hall tbody tr td.wins").await,
        wins.join(", "),
        "the hall of fame's wins"
    );
    visitor.both_widths(&format!("{shots}-hall-of-fame")).await;

    // Every team's page, as a visitor and as its captain; the captain's
    // person page.
    let mut api_games: Vec<Value> = Vec::new();
    let tournaments = json(
        club,
        &format!("/api/v1/championships/{c}/tournaments?limit=100"),
    )
    .await;
    for t in tournaments["items"].as_array().expect("tournaments") {
        let rounds = json(club, &format!("{}/rounds?limit=100", text(&t["url"]))).await;
        for round in rounds["items"].as_array().expect("rounds") {
            for m in round["matches"].as_array().expect("matches") {
                api_games.extend(m["games"].as_array().expect("games").iter().cloned());
            }
        }
    }
    for (i, team) in teams.iter().enumerate() {
        let team_url = format!("/teams/{}", team.id);
        visitor.open(&team_url).await;
        let results: Vec<(String, String, String, f64)> = visitor
            .rows("table.results tbody tr")
            .await
            .into_iter()
            .map(|r| (r[0].clone(), r[1].clone(), r[2].clone(), number(&r[3])))
            .collect();
        let mut played: Vec<(String, String, String, f64)> = finished
            .iter()
            .filter_map(|f| {
                let (place, name, points) = f.places.iter().find(|(_, n, _)| *n == team.name)?;
                Some((
                    format!("Турнир {}", f.number),
                    name.clone(),
                    place.clone(),
                    *points,
                ))
            })
            .collect();
        let mut sorted = results.clone();
        sorted.sort_by(|a, b| a.partial_cmp(b).expect("numbers"));
        played.sort_by(|a, b| a.partial_cmp(b).expect("numbers"));
        assert_eq!(sorted, played, "{team_url}: the team's results");
        let row = season
            .iter()
            .find(|r| r[1] == team.name)
            .expect("the team in the season");
        let line = visitor.text("p.season-line").await;
        let wanted = format!("{} — {}-е место, {}", team.name, row[0], row[n + 3]);
        assert!(
            line.contains(&wanted),
            "{team_url}: «{line}» says «{wanted}»"
        );
        let status = json(club, &format!("/api/v1/teams/{}", team.id)).await;
        let tag = visitor.attrs("h1 span.tag", "class").await;
        assert_eq!(
            tag,
            [format!("tag status-{}", text(&status["status"]))],
            "{team_url}: the team's status"
        );
        let captain = Browser::signed_in(&club.app.address, &team.nicks[0]).await;
        captain.open(&team_url).await;
        let mine: Vec<(String, String, String, f64)> = captain
            .rows("table.results tbody tr")
            .await
            .into_iter()
            .map(|r| (r[0].clone(), r[1].clone(), r[2].clone(), number(&r[3])))
            .collect();
        assert_eq!(mine, results, "{team_url} as its captain");
        assert_eq!(captain.text("p.season-line").await, line);
        if i == 0 {
            visitor.both_widths(&format!("{shots}-team")).await;
            captain.both_widths(&format!("{shots}-team-captain")).await;
        }
        captain.quit().await;

        // The captain's games and score on the person page are the API's.
        let nick = &team.nicks[0];
        let person_url = format!("/people/{nick}");
        let mut games = 0;
        let mut score = 0.0;
        for g in &api_games {
            let home = g["home_player"].as_str() == Some(nick.as_str());
            let away = g["away_player"].as_str() == Some(nick.as_str());
            if !home && !away {
                continue;
            }
            games += 1;
            score += match (text(&g["result"]).as_str(), home) {
                ("1-0", true) | ("0-1", false) | ("+-", true) | ("-+", false) => 1.0,
                ("1/2", _) => 0.5,
                _ => 0.0,
            };
        }
        visitor.open(&person_url).await;
        assert_eq!(
            visitor.texts("table.games tbody tr.game").await.len(),
            games,
            "{person_url}: the games"
        );
        assert_eq!(
            number(&visitor.text(".total-points").await),
            score,
            "{person_url}: the score"
        );
        if i == 0 {
            visitor.both_widths(&format!("{shots}-person")).await;
        }
    }
}

/// Home's points of ten in the match of `x` and `y` (both orders).
fn score_of(scores: &[(&str, &str, u32)], home: &str, away: &str) -> u32 {
    scores
        .iter()
        .find_map(|(x, y, p)| {
            if (*x, *y) == (home, away) {
                Some(*p)
            } else if (*x, *y) == (away, home) {
                Some(10 - p)
            } else {
                None
            }
        })
        .unwrap_or_else(|| panic!("no result for {home}–{away}"))
}

/// The game of `board` (both games of it) for a match of `points` of ten
/// for the home side: boards won from the top, one drawn for an odd score,
/// the rest lost.
fn board_result(points: u32, board: usize) -> &'static str {
    let won = (points / 2) as usize;
    if board <= won {
        "1-0"
    } else if points % 2 == 1 && board == won + 1 {
        "1/2"
    } else {
        "0-1"
    }
}

/// Every pair of `order`, the earlier winning 6–4.
fn stronger_wins<'a>(order: &[&'a str]) -> Vec<(&'a str, &'a str, u32)> {
    let mut out = Vec::new();
    for (i, x) in order.iter().enumerate() {
        for y in &order[i + 1..] {
            out.push((*x, *y, 6));
        }
    }
    out
}

/// G-V42 by hand: game points, then (for two level) their match's score.
fn ranked(scores: &[(&str, &str, u32)]) -> Vec<String> {
    let mut gp: BTreeMap<&str, u32> = BTreeMap::new();
    for (x, y, p) in scores {
        *gp.entry(x).or_default() += p;
        *gp.entry(y).or_default() += 10 - p;
    }
    let mut names: Vec<&str> = gp.keys().copied().collect();
    names.sort_by(|a, b| {
        gp[b]
            .cmp(&gp[a])
            .then_with(|| score_of(scores, b, a).cmp(&score_of(scores, a, b)))
    });
    names.into_iter().map(str::to_owned).collect()
}

/// G: a season of four tournaments of four teams. Tournament 1 leaves
/// Ладья and Конь level on game points, and head-to-head (G-V42 b) puts
/// Ладья ahead; the other three are won by a different team each, so the
/// season's order (G-A3: G-V41's points summed) is none of the
/// tournaments'. Every view reads the same places and points.
#[tokio::test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them"]
async fn g_v41_a_season_of_four_tournaments_reads_the_same_in_every_view() {
    let club = Club::new("G").await;
    let (teams, t1) = four_entered(&club).await;
    let seasons: [Vec<(&str, &str, u32)>; 4] = [
        vec![
            ("Ладья", "Конь", 6),
            ("Ладья", "Слон", 5),
            ("Ладья", "Ферзь", 5),
            ("Конь", "Слон", 6),
            ("Конь", "Ферзь", 6),
            ("Слон", "Ферзь", 10),
        ],
        stronger_wins(&["Ладья", "Конь", "Слон", "Ферзь"]),
        stronger_wins(&["Конь", "Ферзь", "Ладья", "Слон"]),
        stronger_wins(&["Слон", "Ферзь", "Конь", "Ладья"]),
    ];
    // Tournament 1: Слон 19, Ладья 16, Конь 16, Ферзь 9.
    assert_eq!(ranked(&seasons[0]), ["Слон", "Ладья", "Конь", "Ферзь"]);
    let mut ids = vec![t1];
    for (i, scores) in seasons.iter().enumerate() {
        let t = if i == 0 {
            t1
        } else {
            all_entered(&club, &teams).await
        };
        play_out(&club, t, &|home, away, board| {
            board_result(score_of(scores, home, away), board)
        })
        .await;
        finish(&club, t).await;
        if i > 0 {
            ids.push(t);
        }
    }
    let visitor = Browser::start(&club.app.address).await;
    let captain = Browser::signed_in(&club.app.address, &teams[0].nicks[0]).await;
    let mut finished = Vec::new();
    for (i, t) in ids.iter().enumerate() {
        let shots = (i == 0).then_some("g-season");
        let f = read_tournament(&club, *t, &visitor, &captain, &G_V41, shots).await;
        let names: Vec<String> = f.places.iter().map(|p| p.1.clone()).collect();
        assert_eq!(names, ranked(&seasons[i]), "tournament {}", i + 1);
        finished.push(f);
    }
    captain.quit().await;
    // Tournament 1's standings say why Ладья is ahead of Конь.
    visitor.open(&club.tournament_url(t1)).await;
    let why = visitor.texts("table.standings tbody td.gap").await;
    assert!(why[1].contains("личная встреча"), "{why:?}");
    read_championship(&club, &teams, &finished, &visitor, "g-season").await;
    visitor.quit().await;
}

/// R: the one event of six teams, five rounds, stronger teams
/// winning but for drawn boards between neighbours: the places, R-3.4's
/// points and, the event being the championship's one stage,
/// the season page, the history and the hall of fame agree.
#[tokio::test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them"]
async fn r_1_6_the_one_event_reads_the_same_in_every_view_and_completes_the_championship() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 6).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    enter_all(&club, t, &teams).await;
    let page = set_rounds(&club, &url, "5").await;
    assert_eq!(page.status, reqwest::StatusCode::SEE_OTHER, "{}", page.text);
    draw(&club, &url, "35").await;
    let rank = |name: &str| teams.iter().position(|x| x.name == name).expect("a team");
    for round in 1..=5 {
        published_round(&club, &url, round).await;
        play_round(&club, &url, round, &|home, away| {
            let (h, a) = (rank(home), rank(away));
            if h.abs_diff(a) == 1 {
                "1/2"
            } else if h < a {
                "1-0"
            } else {
                "0-1"
            }
        })
        .await;
    }
    finish(&club, t).await;
    let visitor = Browser::start(&club.app.address).await;
    let captain = Browser::signed_in(&club.app.address, &teams[0].nicks[0]).await;
    let f = read_tournament(&club, t, &visitor, &captain, &R_3_4, Some("r-season")).await;
    captain.quit().await;
    read_championship(&club, &teams, &[f], &visitor, "r-season").await;
    visitor.quit().await;
}

/// E: the cup of eight (groups, semi-finals, a drawn semi-final decided by
/// an armageddon, the match for 3rd place and a final decided on board 1)
/// under G-V41's place table: every view reads the play-off's final
/// places (E-1), not the groups', and the history records them.
#[tokio::test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them"]
async fn e_1_the_play_offs_places_read_the_same_in_every_view() {
    let (club, url, teams, order) = e_cup_played_to_the_end(true).await;
    let t: i64 = url.rsplit('/').next().expect("id").parse().expect("id");
    let visitor = Browser::start(&club.app.address).await;
    let captain = Browser::signed_in(&club.app.address, &teams[0].nicks[0]).await;
    let f = read_tournament(&club, t, &visitor, &captain, &G_V41, Some("e-season")).await;
    let shown: Vec<(String, String)> = f
        .places
        .iter()
        .map(|(p, n, _)| (p.clone(), n.clone()))
        .collect();
    assert_eq!(shown, order, "the play-off's places");
    captain.quit().await;
    read_championship(&club, &teams, &[f], &visitor, "e-season").await;
    visitor.quit().await;
}

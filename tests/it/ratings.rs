//! Ratings where chess software uses them: the team Swiss initial ranking
//! by the average rating of the top boards (FIDE C.04.6), the ratings a
//! TRF export carries in its 001 lines so that a pairing program given the
//! file ranks and pairs the same way, and the import that keeps them.

use chrono::Utc;
use league::app::ratings::type_rating;
use league::app::rounds::Loaded;
use league::ids::{EntryId, TournamentId};
use league::rules::pairing::from_tournament::swiss_state;
use league::rules::pairing::swiss::{InitialRanking, SwissConfig, pair_next_round};
use league::rules::pairing::{Colour, EntryId as Engine};
use league::rules::rating::{Source, Speed};
use league::rules::trf;
use reqwest::StatusCode;

use crate::play::Club;
use crate::r_club::{draw, enter_all, r_teams};
use crate::trf_import::import;

/// The bases of the teams' ratings, in the order the teams entered:
/// board 1 is rated base + 20, board 2 base, board 3 base − 20.
const BASES: [i32; 6] = [1600, 2100, 1800, 2300, 1700, 2000];

/// The pairing a program makes of round 1 from a TRF file: C.04.6 with
/// the initial ranking by the average of the top three boards, match
/// points, initial colour White; (white team, black team) by name.
fn program_pairs(file: &str) -> (Vec<String>, Vec<(String, String)>) {
    let doc = trf::read(file).expect("our file reads");
    let t = &doc.tournament;
    let state = swiss_state(t).expect("a Swiss state");
    let config = SwissConfig {
        initial_ranking: InitialRanking::AverageRating { boards: 3 },
        rounds_by_lot: 0,
        initial_colour: Some(Colour::White),
        ..SwissConfig::new(7, 1)
    };
    let paired = pair_next_round(&state, &config).expect("round 1 pairs");
    let name = |e: Engine| {
        t.teams
            .iter()
            .find(|team| i64::from(team.id.0) == e.0)
            .map(|team| team.name.clone())
            .expect("a team of the file")
    };
    let ranking = paired.pairing_numbers.iter().map(|e| name(*e)).collect();
    let mut pairs: Vec<(String, String)> = paired
        .matches
        .iter()
        .map(|m| (name(m.white), name(m.black)))
        .collect();
    pairs.sort();
    (ranking, pairs)
}

#[tokio::test]
async fn c04_6_initial_ranking_by_average_rating_and_the_same_pairing_after_a_trf_round_trip() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 6).await;
    // Rounds drawn by pairing software from round 1 (R-3.1 draws two by
    // lot; a regulation may draw none).
    let page = club
        .app
        .regulation_change(
            &club.root,
            club.id,
            &[
                ("summary", "Все туры — швейцарская система"),
                ("swiss.lot", "0"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let admin = club.app.person_id("Root");
    let now = Utc::now().naive_utc();
    {
        let mut conn = club.app.db();
        for (team, base) in teams.iter().zip(BASES) {
            for (board, nick) in team.nicks.iter().enumerate() {
                // Board 3 of the first team is unrated: its average is
                // the other two boards'.
                if base == 1600 && board == 2 {
                    continue;
                }
                let value = base + 20 - 20 * i32::try_from(board).expect("board");
                type_rating(
                    &mut conn,
                    club.app.person_id(nick),
                    Source::Fide(Speed::Blitz),
                    value,
                    now.date(),
                    (admin, true),
                    now,
                )
                .expect("a rating typed");
            }
            // A national rating higher than FIDE's is second in R's order:
            // it does not count for a player who has a FIDE rating.
            type_rating(
                &mut conn,
                club.app.person_id(&team.nicks[0]),
                Source::National,
                2900,
                now.date(),
                (admin, true),
                now,
            )
            .expect("a national rating");
        }
    }
    // The team page shows each member's counted rating and the average of
    // the top three: R counts FIDE blitz before the national rating.
    let page = club.app.get(&format!("/teams/{}", teams[3].id)).await;
    assert_eq!(
        page.select_text("#team-rating-average").as_deref(),
        Some("Средний рейтинг сильнейших на число досок: 2300.")
    );
    assert!(
        page.texts("td.rating")
            .contains(&"2320 (ФИДЕ, блиц)".to_owned()),
        "{:?}",
        page.texts("td.rating")
    );
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    enter_all(&club, t, &teams).await;
    draw(&club, &url, "777").await;

    // C.04.6: the pairing numbers follow the average rating.
    let by_rating = ["t03n", "t01n", "t05n", "t02n", "t04n", "t00n"];
    let mut entries = club.entries(t);
    entries.sort_by_key(|e| e.start_no);
    let ranked: Vec<String> = entries.iter().map(|e| e.name.clone()).collect();
    let expected: Vec<String> = by_rating
        .iter()
        .map(|prefix| {
            teams
                .iter()
                .find(|team| team.nicks[0].starts_with(prefix))
                .map(|team| team.name.clone())
                .expect("a team")
        })
        .collect();
    assert_eq!(ranked, expected);

    // Round 1 as the platform paired it: top half against bottom half.
    let name_of = |id: EntryId| {
        entries
            .iter()
            .find(|e| e.id == id)
            .map(|e| e.name.clone())
            .expect("an entry")
    };
    let platform: Vec<(String, String)> = {
        let mut conn = club.app.db();
        let loaded = Loaded::load(&mut conn, TournamentId(t))
            .expect("load")
            .expect("the tournament");
        let round = loaded.rounds.first().expect("round 1");
        let mut pairs: Vec<(String, String)> = loaded
            .matches_of(round.id)
            .map(|m| {
                (
                    name_of(m.home_entry_id),
                    name_of(m.away_entry_id.expect("no bye among six")),
                )
            })
            .collect();
        pairs.sort();
        pairs
    };
    assert_eq!(platform.len(), 3, "six teams, three matches: {platform:?}");
    for (a, b) in [(0, 3), (1, 4), (2, 5)] {
        let meets = |x: &str, y: &str| {
            platform
                .iter()
                .any(|(h, w)| (h == x && w == y) || (h == y && w == x))
        };
        assert!(
            meets(&expected[a], &expected[b]),
            "C.04.6: {} meets {} in round 1: {platform:?}",
            expected[a],
            expected[b]
        );
    }

    // The export carries each player's counted rating: a program ranks and
    // pairs the teams as the platform did.
    let file = club.app.get(&format!("{url}/export.trf")).await;
    assert_eq!(file.status, StatusCode::OK);
    assert!(
        file.text
            .lines()
            .any(|l| l.starts_with("001") && l.contains("2320")),
        "{}",
        file.text
    );
    let (ranking, pairs) = program_pairs(&file.text);
    assert_eq!(ranking, expected);
    assert_eq!(pairs, platform);

    // Imported elsewhere in the championship and exported again: the same
    // ratings, the same ranking and the same pairing.
    let page = import(&club.app, &club.root, club.id, file.text.as_bytes(), &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let imported = page.location_id(&format!("/championships/{}/tournaments/", club.id));
    let again = club
        .app
        .get(&format!("{}/export.trf", club.tournament_url(imported)))
        .await;
    let ratings = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("001"))
            .map(|l| l.get(48..52).unwrap_or_default().to_owned())
            .collect()
    };
    assert_eq!(ratings(&again.text), ratings(&file.text));
    assert_eq!(program_pairs(&again.text), (ranking, pairs));

    // Published, the crosstable shows each team's strength: the average of
    // its rated board players (the first team's board 3 is unrated).
    crate::club::publish_last(&club, &url).await;
    let page = club.app.get(&format!("{url}/crosstable")).await;
    let shown = page.texts("table td.rating");
    assert_eq!(shown.len(), 6, "{}", page.text);
    for average in ["2300", "1610", "2100"] {
        assert!(shown.contains(&average.to_owned()), "{average}: {shown:?}");
    }
    // The round's pairings show the same beside each team.
    let page = club.app.get(&format!("{url}/rounds/1")).await;
    let shown = page.texts("tr.match span.rating");
    assert_eq!(shown.len(), 6, "{shown:?}");
    assert!(shown.contains(&"(2300)".to_owned()), "{shown:?}");
}

/// Uploads a rating list through the administrator's form.
async fn upload_list(
    club: &Club,
    file_name: &str,
    bytes: &[u8],
    (kind, speed): (&str, &str),
    as_of: &str,
) -> crate::helpers::Page {
    use reqwest::multipart::{Form, Part};
    let page = club.app.get_with(&club.root, "/admin/ratings").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    let action = page.attr("form#ratings-form", "action").expect("the form");
    let token = page
        .attr("form#ratings-form input[name=csrf_token]", "value")
        .expect("the form's token");
    let form = Form::new()
        .text("csrf_token", token)
        .text("kind", kind.to_owned())
        .text("speed", speed.to_owned())
        .text("as_of", as_of.to_owned())
        .part(
            "file",
            Part::bytes(bytes.to_vec())
                .file_name(file_name.to_owned())
                .mime_str("text/plain")
                .expect("mime"),
        );
    crate::helpers::into_page(
        club.root
            .post(club.app.url(&action))
            .multipart(form)
            .send()
            .await
            .expect("POST"),
    )
    .await
}

const COMBINED_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";

/// A line of FIDE's combined TXT list: each value where its label starts.
fn combined_line(values: &[(&str, &str)]) -> String {
    let mut out: Vec<char> = vec![' '; COMBINED_HEADER.len()];
    for (label, value) in values {
        let at = COMBINED_HEADER.find(label).expect("a column");
        for (i, c) in value.chars().enumerate() {
            out[at + i] = c;
        }
    }
    out.into_iter().collect::<String>().trim_end().to_owned()
}

#[tokio::test]
async fn fide_lists_in_both_layouts_are_previewed_with_bad_lines_named_then_recorded() {
    use league::app::ratings::{held_on, set_fide_id};
    let club = Club::new("G").await;
    let team = club.team("Ладья", &["olga", "pavel"]).await;
    let (olga, pavel) = (club.app.person_id("olga"), club.app.person_id("pavel"));
    let admin = club.app.person_id("Root");
    {
        let mut conn = club.app.db();
        set_fide_id(&mut conn, olga, Some(24_101_234), (admin, true)).expect("olga's id");
        set_fide_id(&mut conn, pavel, Some(34_100_001), (admin, true)).expect("pavel's id");
        // One FIDE id, one person.
        assert!(set_fide_id(&mut conn, olga, Some(34_100_001), (admin, true)).is_err());
    }
    assert_eq!(team.nicks.len(), 2);
    let txt = [
        COMBINED_HEADER.to_owned(),
        combined_line(&[
            ("ID Number", "24101234"),
            ("Name", "Orlova, Olga"),
            ("Fed", "RUS"),
            ("SRtng", "2105"),
            ("RRtng", "2080"),
            ("BRtng", "2133"),
            ("B-day", "1994"),
        ]),
        combined_line(&[
            ("ID Number", "777"),
            ("Name", "Stranger, A"),
            ("SRtng", "1500"),
        ]),
        combined_line(&[
            ("ID Number", "34100001"),
            ("Name", "Pavlov, Pavel"),
            ("BRtng", "19x0"),
        ]),
    ]
    .join("\r\n");
    let page = upload_list(
        &club,
        "players_list_foa.txt",
        txt.as_bytes(),
        ("fide", "standard"),
        "2026-12-01",
    )
    .await;
    let preview = page.location().expect("the preview").to_owned();
    let page = club.app.get_with(&club.root, &preview).await;
    assert_eq!(page.status, StatusCode::OK);
    let rows = page.texts("#rating-preview tr.rating-row");
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(
        rows[0].contains("olga") && rows[0].contains("2133"),
        "{rows:?}"
    );
    let problems = page.texts("#rating-problems li");
    assert_eq!(
        problems,
        vec!["строка 4: рейтинг «19x0» — не число от 1 до 3500"]
    );
    // Nothing is recorded before the confirmation.
    let today = Utc::now().date_naive();
    assert!(
        held_on(&mut club.app.db(), &[olga], today)
            .expect("read")
            .is_empty()
    );
    let action = page.attr("form#rating-confirm", "action").expect("confirm");
    let done = club.app.post_with(&club.root, &action, &[]).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    let held = held_on(&mut club.app.db(), &[olga], today).expect("read");
    let mut values: Vec<(Source, u16)> = held[&olga].iter().map(|h| (h.source, h.value)).collect();
    values.sort();
    assert_eq!(
        values,
        vec![
            (Source::Fide(Speed::Standard), 2105),
            (Source::Fide(Speed::Rapid), 2080),
            (Source::Fide(Speed::Blitz), 2133),
        ]
    );
    // A second confirmation records nothing more.
    let again = club.app.post_with(&club.root, &action, &[]).await;
    assert_eq!(again.status, StatusCode::SEE_OTHER);
    assert_eq!(
        held_on(&mut club.app.db(), &[olga], today).expect("read")[&olga].len(),
        3
    );

    // The XML layout of a single blitz list.
    let xml = "<playerslist>\n<player><fideid>34100001</fideid><name>Pavlov, Pavel</name><country>RUS</country><sex>M</sex><title></title><rating>1987</rating><games>4</games><k>20</k><birthday>1990</birthday><flag></flag></player>\n</playerslist>\n";
    let page = upload_list(
        &club,
        "blitz_rating_list.xml",
        xml.as_bytes(),
        ("fide", "blitz"),
        "2026-12-01",
    )
    .await;
    let preview = page.location().expect("the preview").to_owned();
    let page = club.app.get_with(&club.root, &preview).await;
    let rows = page.texts("#rating-preview tr.rating-row");
    assert!(
        rows.len() == 1 && rows[0].contains("pavel") && rows[0].contains("1987"),
        "{rows:?}"
    );
    let action = page.attr("form#rating-confirm", "action").expect("confirm");
    club.app.post_with(&club.root, &action, &[]).await;
    let held = held_on(&mut club.app.db(), &[pavel], today).expect("read");
    assert_eq!(
        held[&pavel]
            .iter()
            .map(|h| (h.source, h.value))
            .collect::<Vec<_>>(),
        vec![(Source::Fide(Speed::Blitz), 1987)]
    );

    // Not a list: refused in words, the form kept.
    let page = upload_list(
        &club,
        "notes.txt",
        b"rank,name\n1,A\n",
        ("fide", "standard"),
        "2026-12-01",
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.text
            .contains("Первая строка — не заголовок рейтинг-листа ФИДЕ"),
        "{}",
        page.text
    );
}

#[tokio::test]
async fn the_players_organizers_set_a_fide_id_and_type_a_rating_on_the_person_page() {
    let club = Club::new("G").await;
    club.team("Ферзь", &["vera", "gleb"]).await;

    let page = club.app.get_with(&club.root, "/people/vera").await;
    let action = page.attr("form#fide-id-form", "action").expect("the form");
    let done = club
        .app
        .post_with(&club.root, &action, &[("fide_id", "24101234")])
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    let action = page.attr("form#rating-form", "action").expect("the form");
    let done = club
        .app
        .post_with(
            &club.root,
            &action,
            &[
                ("source", "national"),
                ("value", "1875"),
                ("as_of", "2026-11-01"),
            ],
        )
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    let page = club.app.get("/people/vera").await;
    assert_eq!(page.select_text("#fide-id a").as_deref(), Some("24101234"));
    let now = page.texts("table.ratings-now tbody tr");
    assert_eq!(now.len(), 1, "{now:?}");
    assert!(
        now[0].contains("национальный рейтинг") && now[0].contains("1875"),
        "{now:?}"
    );
    // A visitor sees no form.
    assert!(page.attr("form#rating-form", "action").is_none());
    // A rating out of range is refused in words, nothing recorded.
    let done = club
        .app
        .post_with(
            &club.root,
            &action,
            &[
                ("source", "national"),
                ("value", "35000"),
                ("as_of", "2026-11-01"),
            ],
        )
        .await;
    let page = club
        .app
        .get_with(&club.root, done.location().expect("back"))
        .await;
    assert!(
        page.text.contains("Рейтинг — число от 100 до 3500."),
        "{}",
        page.text
    );
    // A signed-in person who organizes none of vera's championships.
    let outsider = club.app.person("nobody").await;
    let refused = club
        .app
        .post_with(
            &outsider,
            &action,
            &[
                ("source", "national"),
                ("value", "2000"),
                ("as_of", "2026-11-01"),
            ],
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let page = club.app.get("/people/vera").await;
    assert_eq!(page.texts("table.ratings-now tbody tr").len(), 1);
    // One value draws no chart; a second one of the same source does, a
    // line through both dates.
    assert!(!page.text.contains("rating-chart-title"));
    let done = club
        .app
        .post_with(
            &club.root,
            &action,
            &[
                ("source", "national"),
                ("value", "1910"),
                ("as_of", "2026-12-01"),
            ],
        )
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    let page = club.app.get("/people/vera").await;
    let points = page.attrs("#ratings svg g.series circle", "cy");
    assert_eq!(points.len(), 2, "{}", page.text);
    assert!(
        points[1].parse::<f64>().expect("y") < points[0].parse::<f64>().expect("y"),
        "the later, higher rating is drawn higher: {points:?}"
    );
}

/// The platform's ratings kept month by month (a corrected result in an
/// old month recomputes from that month on) equal the ratings recomputed
/// from nothing, to the bit.
#[tokio::test]
async fn platform_ratings_kept_month_by_month_equal_a_recomputation_from_nothing() {
    use diesel::prelude::*;
    use league::app::ratings::{period_of, refresh_platform};
    use league::cli::generate::{Plan, run};
    use league::db::ratings::{PlatformRating, forget_from, platform_before, rated_games};

    let app = crate::helpers::TestApp::spawn().await;
    let mut conn = app.db();
    run(
        &mut conn,
        &Plan {
            scale: 0.005,
            seed: 7,
        },
    )
    .expect("generated");
    let all = |conn: &mut league::db::DbConnection| -> Vec<PlatformRating> {
        let mut rows = platform_before(conn, i32::MAX).expect("read");
        rows.sort_by_key(|r| r.person_id);
        rows
    };
    let before = all(&mut conn);
    assert!(before.len() >= 50, "{} players rated", before.len());
    assert_eq!(refresh_platform(&mut conn).expect("refresh").from, None);

    // A result of the first month corrected.
    let games = rated_games(&mut conn).expect("games");
    let first = games.first().expect("a game");
    let month = period_of(first.starts_at);
    {
        use league::db::schema::games;
        diesel::update(games::table.find(first.game))
            .set(games::result.eq(
                if first.result == league::db::ratings::RatedResult::HomeWin {
                    "0-1"
                } else {
                    "1-0"
                },
            ))
            .execute(&mut conn)
            .expect("corrected");
    }
    let done = refresh_platform(&mut conn).expect("refresh");
    assert_eq!(done.from, Some(month));
    let kept = all(&mut conn);
    assert_ne!(kept, before);

    league::db::write_transaction(&mut conn, |tx| forget_from(tx, 0)).expect("forgotten");
    assert!(all(&mut conn).is_empty());
    let done = refresh_platform(&mut conn).expect("recomputed");
    assert_eq!(done.from, Some(month));
    assert_eq!(all(&mut conn), kept);
}

/// A national list as CSV: players found by FIDE id, nick or full name
/// (a name several people have is named, not guessed), bad lines named by
/// number, each line's own date kept, written as national ratings only
/// when confirmed.
#[tokio::test]
async fn a_national_list_in_csv_is_matched_by_fide_id_nick_or_name_and_previewed() {
    use league::app::ratings::{held_on, set_fide_id};
    let club = Club::new("G").await;
    club.team("Ладья", &["olga", "pavel", "vera"]).await;
    let (olga, pavel) = (club.app.person_id("olga"), club.app.person_id("pavel"));
    let admin = club.app.person_id("Root");
    set_fide_id(&mut club.app.db(), pavel, Some(34_100_001), (admin, true)).expect("pavel's id");
    let csv = "ФИО;Ник;ID ФИДЕ;Рейтинг;Дата\n\
               Ольга Орлова;olga;;1810;\n\
               ;;34100001;1720;01.10.2026\n\
               Test Player;;;1650;\n\
               Никто Никтоев;;;1500;\n\
               ;vera;;abc;\n";
    let page = upload_list(
        &club,
        "national.csv",
        csv.as_bytes(),
        ("national", "standard"),
        "2026-11-01",
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let preview = page.location().expect("the preview").to_owned();
    let page = club.app.get_with(&club.root, &preview).await;
    let rows = page.texts("#rating-preview tr.rating-row");
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows[0].contains("olga") && rows[0].contains("1810"));
    assert!(rows[1].contains("pavel") && rows[1].contains("1720"));
    let problems = page.texts("#rating-problems li");
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(problems[0].contains('4') && problems[0].contains("Test Player"));
    assert!(problems[1].contains('5') && problems[1].contains("Никто Никтоев"));
    assert!(problems[2].contains('6') && problems[2].contains("abc"));
    // Nothing written before the confirmation.
    let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 2).expect("a day");
    assert!(
        held_on(&mut club.app.db(), &[olga], day)
            .expect("read")
            .is_empty()
    );
    let action = page.attr("form#rating-confirm", "action").expect("confirm");
    let done = club.app.post_with(&club.root, &action, &[]).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    let held = held_on(&mut club.app.db(), &[olga, pavel], day).expect("read");
    assert_eq!(
        held[&olga],
        [league::rules::rating::Held {
            source: Source::National,
            value: 1810
        }]
    );
    assert_eq!(
        held[&pavel],
        [league::rules::rating::Held {
            source: Source::National,
            value: 1720
        }]
    );
    // Pavel's line carried its own date: not yet held on 30 September.
    let before = chrono::NaiveDate::from_ymd_opt(2026, 9, 30).expect("a day");
    assert!(
        !held_on(&mut club.app.db(), &[pavel], before)
            .expect("read")
            .contains_key(&pavel)
    );
    // The person page shows it.
    let page = club.app.get("/people/olga").await;
    assert!(page.texts("table.ratings-now tbody tr")[0].contains("1810"));
}

//! Game records: a judge's PGN file for a round, matched to the pairing
//! by nick and shown before anything is stored, then confirmed in one
//! transaction; every game of the file recorded, attached or left out
//! with its reason; the records kept, shown and downloaded.

use reqwest::StatusCode;

use crate::club::Club;
use crate::game_files::{pairing, round_one};
use crate::helpers::{Page, into_page};
use league::db;
use league::ids::GameId;

fn result_of(club: &Club, game: i64) -> String {
    db::rounds::game_by_id(&mut club.app.db(), GameId(game))
        .expect("game")
        .expect("exists")
        .result
}

fn record_of(club: &Club, game: i64) -> Option<db::games::GameRecord> {
    db::games::of_game(&mut club.app.db(), GameId(game)).expect("record")
}

/// A game as lichess exports it: seven-tag roster, clock comments.
fn lichess(white: &str, black: &str, result: &str) -> String {
    format!(
        "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abcdefgh\"]\n[Date \"2026.12.02\"]\n\
         [Round \"1\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\
         [TimeControl \"180+2\"]\n\n\
         1. e4 {{ [%clk 0:03:00] }} 1... e5 {{ [%clk 0:03:01] }} 2. Nf3 {{ [%eval 0.2] [%clk 0:02:58] }} \
         2... Nc6 {{ [%clk 0:02:55] }} 3. Bb5 {{ [%clk 0:02:50] }} 3... a6 {{ [%clk 0:02:50] }} {result}\n\n"
    )
}

/// A game as chess.com exports it: other tags, clocks with tenths.
fn chess_com(white: &str, black: &str, result: &str) -> String {
    format!(
        "[Event \"Live Chess\"]\n[Site \"Chess.com\"]\n[Date \"2026.12.02\"]\n[Round \"-\"]\n\
         [White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[TimeControl \"180\"]\n\
         [Termination \"{white} won by resignation\"]\n\n\
         1. d4 {{[%clk 0:02:59.9]}} 1... d5 {{[%clk 0:02:58.1]}} 2. c4 {{[%clk 0:02:57]}} \
         2... e6 {{[%clk 0:02:55.5]}} {result}\n\n"
    )
}

/// A game with no clock comments, as a club server writes it.
fn bare(white: &str, black: &str, result: &str) -> String {
    format!(
        "[Event \"Club\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"{white}\"]\n\
         [Black \"{black}\"]\n[Result \"{result}\"]\n\n1. c4 e5 2. Nc3 Nf6 {result}\n\n"
    )
}

/// Uploads `bytes` as the PGN file of round `round_id` (or the whole
/// tournament) through the import form; the answer.
async fn upload(club: &Club, url: &str, round: Option<&str>, bytes: Vec<u8>) -> Page {
    let form_page = club
        .app
        .get_with(&club.root, &format!("{url}/games/import"))
        .await;
    assert_eq!(form_page.status, StatusCode::OK, "{}", form_page.text);
    let action = form_page
        .attr("form#games-import-form", "action")
        .expect("the import form");
    let token = form_page
        .attr("form#games-import-form input[name=csrf_token]", "value")
        .expect("the form's CSRF field");
    let round = round.map(str::to_owned).unwrap_or_else(|| {
        form_page
            .attr("#games-round option[selected]", "value")
            .unwrap_or_default()
    });
    let part = reqwest::multipart::Part::bytes(bytes)
        .file_name("round.pgn")
        .mime_str("application/x-chess-pgn")
        .expect("mime");
    let form = reqwest::multipart::Form::new()
        .text("csrf_token", token)
        .text("round", round)
        .part("file", part);
    into_page(
        club.root
            .post(club.app.url(&action))
            .multipart(form)
            .send()
            .await
            .expect("POST"),
    )
    .await
}

/// Sends the preview's form as shown, ticking "take the file's result"
/// for the games named.
async fn confirm(club: &Club, preview: &Page, take: &[i64]) -> Page {
    let action = preview
        .attr("form#games-confirm", "action")
        .expect("confirm form");
    let mut fields: Vec<(String, String)> = preview
        .form_fields("form#games-confirm")
        .into_iter()
        .filter(|(k, _)| !k.starts_with("take"))
        .collect();
    for id in take {
        fields.push((format!("take{id}"), "1".to_owned()));
    }
    let body: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    club.app.post_with(&club.root, &action, &body).await
}

#[tokio::test]
async fn a_rounds_pgn_is_previewed_and_recorded_only_on_confirmation() {
    let club = Club::new("G").await;
    let (t, url) = round_one(&club).await;
    let boards = pairing(&club, t, 1);
    assert_eq!(boards.len(), 20);
    // G plays each pairing twice with the colours swapped: the games here
    // are the first game of five different pairings (and the second of
    // the last), so that each of the file's games has one game to be.
    // Results entered before the file: one agrees, two differ.
    let (same, differ, taken) = (&boards[2], &boards[4], &boards[6]);
    for (b, r) in [(same, "1-0"), (differ, "1-0"), (taken, "1-0")] {
        let page = club
            .app
            .post_with(
                &club.root,
                &format!("{url}/games/{}/result", b.id),
                &[("result", r), ("version", "0")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let (new, swapped, clockless) = (&boards[0], &boards[8], &boards[9]);
    let mut file = String::new();
    file += &lichess(&new.white.to_uppercase(), &new.black, "1-0");
    // The home side won `same`: by colour, as the file says it.
    let same_home_white = db::rounds::game_by_id(&mut club.app.db(), GameId(same.id))
        .unwrap()
        .unwrap()
        .home_white;
    let same_file = if same_home_white { "1-0" } else { "0-1" };
    file += &chess_com(&same.white, &same.black, same_file);
    file += &lichess(&differ.white, &differ.black, "1/2-1/2");
    file += &lichess(&taken.white, &taken.black, "1/2-1/2");
    // The pairing's second game first; then its first game with White and
    // Black the other way round: the result is read by player.
    file += &bare(&clockless.white, &clockless.black, "0-1");
    file += &lichess(&swapped.black, &swapped.white, "1-0");
    file += &lichess("stranger", &new.black, "1-0");
    file += &lichess(&new.white, &new.black, "*");
    let crlf = file.replace('\n', "\r\n");
    let page = upload(&club, &url, None, crlf.into_bytes()).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let preview_url = page.location().expect("the preview").to_owned();
    let preview = club.app.get_with(&club.root, &preview_url).await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.text);
    let rows = preview.texts("table.games-preview tbody tr");
    assert_eq!(rows.len(), 8, "every game of the file: {rows:#?}");
    let counts = preview.texts("#games-counts li");
    assert_eq!(
        counts,
        vec![
            "3 — будет записан результат",
            "1 — запись прикрепляется к внесённому результату",
            "2 — расходятся с внесённым результатом",
            "2 — пропущено",
        ],
        "{rows:#?}"
    );
    assert!(
        rows.iter().any(|r| r.contains("stranger: не играет")),
        "{rows:#?}"
    );
    assert!(rows.iter().any(|r| r.contains("у партии нет результата")));
    assert!(
        rows.iter().any(|r| r.contains("цвета наоборот")),
        "{rows:#?}"
    );
    // Nothing is stored by the preview.
    assert_eq!(result_of(&club, new.id), "pending");
    assert!(record_of(&club, same.id).is_none());

    // Confirmed, taking the file's result for `taken` only.
    let answer = confirm(&club, &preview, &[taken.id]).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.text);
    let done = club.app.get_with(&club.root, &preview_url).await;
    assert!(
        done.flash().contains("записано результатов — 4"),
        "{}",
        done.flash()
    );
    let g = |id| {
        db::rounds::game_by_id(&mut club.app.db(), GameId(id))
            .unwrap()
            .unwrap()
    };
    let home_code = |id: i64, white_won: bool| {
        let game = g(id);
        if game.home_white == white_won {
            "1-0"
        } else {
            "0-1"
        }
    };
    assert_eq!(result_of(&club, new.id), home_code(new.id, true));
    assert_eq!(
        result_of(&club, differ.id),
        "1-0",
        "the entered result stands"
    );
    assert_eq!(
        result_of(&club, taken.id),
        "1/2",
        "the judge took the file's"
    );
    // The file's White (the pairing's Black) won.
    assert_eq!(result_of(&club, swapped.id), home_code(swapped.id, false));
    assert_eq!(
        result_of(&club, clockless.id),
        home_code(clockless.id, false)
    );
    for b in [new, same, differ, taken, swapped, clockless] {
        assert!(record_of(&club, b.id).is_some(), "record of {}", b.id);
    }
    let kept = record_of(&club, new.id).unwrap();
    assert_eq!(kept.plies, 6);
    assert_eq!(kept.moves, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
    assert_eq!(kept.base_ms, Some(180_000));
    assert!(!kept.pgn.contains('\r'), "stored with LF line ends");
    let clockless_kept = record_of(&club, clockless.id).unwrap();
    assert!(clockless_kept.clocks.split(' ').all(|c| c == "-"));
    // A second confirmation changes nothing.
    let again = confirm(&club, &preview, &[]).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.text);
    // The audit names the file.
    let audit = club
        .app
        .get_with(&club.root, &format!("/championships/{}/audit", club.id))
        .await;
    assert!(audit.text.contains("round.pgn"), "audit line of the import");

    // The game's page shows the record and the final position; the
    // downloads hold the games.
    let game_page = club.app.get(&format!("{url}/games/{}", new.id)).await;
    assert_eq!(game_page.status, StatusCode::OK, "{}", game_page.text);
    assert!(game_page.text.contains("<svg"), "a board diagram");
    // Its place as people say it, not a code.
    let place = game_page.select_text("p.lead").unwrap_or_default();
    assert!(
        place.starts_with("Партия — тур ")
            && place.contains(", стол ")
            && place.contains(", доска "),
        "{place}"
    );
    assert!(
        game_page
            .texts("table.score-sheet td")
            .contains(&"Bb5".to_owned())
    );
    let pgn = club.app.get(&format!("{url}/games/{}/pgn", new.id)).await;
    assert_eq!(pgn.status, StatusCode::OK);
    assert!(pgn.text.contains("[Site \"https://lichess.org/abcdefgh\"]"));
    let round = club.app.get(&format!("{url}/rounds/1/pgn")).await;
    assert_eq!(round.text.matches("[Event ").count(), 6);
    let all = club.app.get(&format!("{url}/pgn")).await;
    assert_eq!(all.text.matches("[Event ").count(), 6);
    // The player's page links the game.
    let player = club.app.get(&format!("/people/{}", new.black)).await;
    assert!(
        player
            .attrs("table.games td.result a", "href")
            .contains(&format!("{url}/games/{}", new.id)),
        "{}",
        player.text
    );
}

#[tokio::test]
async fn a_file_in_windows_1251_with_a_bom_or_not_is_read() {
    let club = Club::new("G").await;
    let (t, url) = round_one(&club).await;
    let boards = pairing(&club, t, 1);
    let (a, b) = (&boards[0], &boards[1]);
    let text = lichess(&a.white, &a.black, "1-0").replace("Rated Blitz game", "Кубок клуба");
    let (cp1251, _, _) = encoding_rs::WINDOWS_1251.encode(&text);
    let page = upload(&club, &url, None, cp1251.into_owned()).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let preview = club
        .app
        .get_with(&club.root, page.location().unwrap())
        .await;
    assert_eq!(
        confirm(&club, &preview, &[]).await.status,
        StatusCode::SEE_OTHER
    );
    assert!(record_of(&club, a.id).unwrap().pgn.contains("Кубок клуба"));
    let mut bom = vec![0xEF, 0xBB, 0xBF];
    bom.extend(chess_com(&b.white, &b.black, "0-1").into_bytes());
    let page = upload(&club, &url, None, bom).await;
    let preview = club
        .app
        .get_with(&club.root, page.location().unwrap())
        .await;
    assert_eq!(
        confirm(&club, &preview, &[]).await.status,
        StatusCode::SEE_OTHER
    );
    let kept = record_of(&club, b.id).expect("kept");
    assert!(kept.pgn.starts_with("[Event"), "the BOM is gone");
}

#[tokio::test]
async fn a_game_changed_after_the_preview_refuses_the_whole_file() {
    let club = Club::new("G").await;
    let (t, url) = round_one(&club).await;
    let boards = pairing(&club, t, 1);
    let (a, b) = (&boards[0], &boards[1]);
    let file = lichess(&a.white, &a.black, "1-0") + &lichess(&b.white, &b.black, "0-1");
    let page = upload(&club, &url, None, file.into_bytes()).await;
    let preview_url = page.location().unwrap().to_owned();
    let preview = club.app.get_with(&club.root, &preview_url).await;
    // Another judge enters b's result meanwhile.
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{url}/games/{}/result", b.id),
            &[("result", "1/2"), ("version", "0")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let answer = confirm(&club, &preview, &[]).await;
    assert_eq!(answer.status, StatusCode::CONFLICT, "{}", answer.text);
    assert!(answer.text.contains("games-problems"), "{}", answer.text);
    assert_eq!(
        result_of(&club, a.id),
        "pending",
        "nothing of the file stored"
    );
    assert!(record_of(&club, a.id).is_none());
    // Shown again, the preview names the conflict, and confirms.
    let preview = club.app.get_with(&club.root, &preview_url).await;
    let answer = confirm(&club, &preview, &[]).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.text);
    assert_ne!(result_of(&club, a.id), "pending");
    assert_eq!(result_of(&club, b.id), "1/2", "the result entered stands");
}

#[tokio::test]
async fn only_judges_import_and_a_file_without_games_is_refused_with_what_was_pasted() {
    let club = Club::new("G").await;
    let (_, url) = round_one(&club).await;
    let visitor = crate::helpers::new_client();
    let page = club
        .app
        .get_with(&visitor, &format!("{url}/games/import"))
        .await;
    assert!(
        matches!(
            page.status,
            StatusCode::UNAUTHORIZED | StatusCode::SEE_OTHER
        ),
        "{}",
        page.status
    );
    let page = upload(&club, &url, None, b"no games here".to_vec()).await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(
        page.texts("#games-problems li")
            .contains(&"В файле не удалось прочитать ни одной партии.".to_owned()),
        "{}",
        page.text
    );
}

#[tokio::test]
async fn g_v23_a_result_its_kept_pgn_contradicts_is_changed_only_by_a_correction_that_knows() {
    let club = Club::new("G").await;
    let (t, url) = round_one(&club).await;
    let boards = pairing(&club, t, 1);
    let b = &boards[0];
    // The file records White's win; the game takes it.
    let page = upload(
        &club,
        &url,
        None,
        lichess(&b.white, &b.black, "1-0").into_bytes(),
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let preview_url = page.location().expect("the preview").to_owned();
    let preview = club.app.get_with(&club.root, &preview_url).await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.text);
    let page = confirm(&club, &preview, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let kept = result_of(&club, b.id);
    assert!(kept == "1-0" || kept == "0-1", "{kept}");
    let other = if kept == "1-0" { "0-1" } else { "1-0" };
    let version = db::rounds::game_by_id(&mut club.app.db(), GameId(b.id))
        .expect("game")
        .expect("exists")
        .version
        .to_string();
    // The night's form does not write over the record.
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{url}/games/{}/result", b.id),
            &[("result", other), ("version", &version)],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("PGN"), "{}", page.text);
    assert_eq!(result_of(&club, b.id), kept);
    // The correction warns with the record's result and needs the judge
    // to say the record is wrong.
    let game_url = format!("{url}/games/{}", b.id);
    let game = club.app.get_with(&club.root, &game_url).await;
    let action = game.attr("#correction form", "action").expect("form");
    let fields = [
        ("result", other),
        ("version", version.as_str()),
        ("reason", "the record is of another game"),
    ];
    let page = club.app.post_with(&club.root, &action, &fields).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text("#correction-pgn").is_some(),
        "{}",
        page.text
    );
    assert_eq!(result_of(&club, b.id), kept);
    let mut known = fields.to_vec();
    known.push(("pgn_known", "1"));
    let page = club.app.post_with(&club.root, &action, &known).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(result_of(&club, b.id), other);
}

/// A game server's ratings ride in its records' `WhiteElo`/`BlackElo`:
/// each player's rating of that server and the game's speed (FIDE's
/// limits on `TimeControl`: 3+2 is blitz), dated by the record, the server
/// named by its `Site`; a record kept again replaces them. G's regulation
/// counts the server's blitz rating.
#[tokio::test]
async fn server_ratings_are_taken_from_the_elo_tags_of_the_records_kept() {
    use league::app::ratings::counted;
    use league::rules::presets;
    let club = Club::new("G").await;
    let (t, url) = round_one(&club).await;
    let boards = pairing(&club, t, 1);
    let b = &boards[0];
    let tagged = |white_elo: &str, black_elo: &str| {
        lichess(&b.white, &b.black, "1-0").replace(
            "[TimeControl",
            &format!("[WhiteElo \"{white_elo}\"]\n[BlackElo \"{black_elo}\"]\n[TimeControl"),
        )
    };
    let page = upload(&club, &url, None, tagged("1712", "1650").into_bytes()).await;
    let preview_url = page.location().expect("the preview").to_owned();
    let preview = club.app.get_with(&club.root, &preview_url).await;
    let answer = confirm(&club, &preview, &[]).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.text);
    let (white, black) = (club.app.person_id(&b.white), club.app.person_id(&b.black));
    let order = presets::g().ratings.order;
    let on = chrono::NaiveDate::from_ymd_opt(2026, 12, 31).expect("a day");
    let held = counted(&mut club.app.db(), &order, &[white, black], on).expect("read");
    assert_eq!(held[&white].value, 1712);
    assert_eq!(held[&black].value, 1650);
    let rows = db::ratings::of_person(&mut club.app.db(), white).expect("read");
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].site.as_deref(), Some("lichess.org"));
    assert_eq!(rows[0].as_of.to_string(), "2026-12-02");

    // A file of the same game kept again, with other tags: its ratings
    // replace the first ones; a "?" is no rating.
    let page = upload(&club, &url, None, tagged("1720", "?").into_bytes()).await;
    let preview_url = page.location().expect("the preview").to_owned();
    let preview = club.app.get_with(&club.root, &preview_url).await;
    let answer = confirm(&club, &preview, &[]).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.text);
    let mut conn = club.app.db();
    let rows = db::ratings::of_person(&mut conn, white).expect("read");
    assert_eq!(rows.iter().map(|r| r.value).collect::<Vec<_>>(), [1720]);
    assert!(
        db::ratings::of_person(&mut conn, black)
            .expect("read")
            .is_empty()
    );
}

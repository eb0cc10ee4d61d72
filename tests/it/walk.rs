//! Issue 11, security: every route of the route table (src/web/mod.rs),
//! GET and POST, with every role, against a table of expected statuses;
//! and the security headers on every answer of the walk, error pages and a
//! static file included.
//!
//! The POSTs carry a valid CSRF token of the role's session and no other
//! field: a guard must refuse before any form is read, and a role the
//! guard admits gets the form's own refusal (422/400) or a redirect. Ids
//! come from a seeded championship (preset G, four entered teams); routes
//! whose objects the seed has none of (rounds, games, appeals, series…)
//! are walked with id 1 and must answer 404 to everybody, never 5xx.
//!
//! Checked once: making the audit log a judges' page (`Staff<Judges>`)
//! fails this test on the judge's and the organizer's cells.
//!
//! Regenerate the table after a deliberate change with
//! `WALK_PRINT=1 cargo test --test it walk -- --nocapture`.

use reqwest::header::HeaderMap;

use crate::club::{Club, four_entered};
use crate::helpers::{PASSWORD, new_client};

const ROLES: [&str; 7] = [
    "anonymous",
    "player",
    "other_captain",
    "captain",
    "judge",
    "organizer",
    "admin",
];

/// (method, path template, expected status per role in `ROLES` order).
/// `{c}` championship, `{t}` tournament, `{team}` the captain's team,
/// `{e}` its entry, `{nick}` the player's nick, `{pid}` the player's id.
const TABLE: &[(&str, &str, [u16; 7])] = &[
    // TABLE-START
    ("GET", "/", [200, 200, 200, 200, 200, 200, 200]),
    ("GET", "/health", [200, 200, 200, 200, 200, 200, 200]),
    ("GET", "/signup", [200, 303, 303, 303, 303, 303, 303]),
    ("GET", "/login", [200, 303, 303, 303, 303, 303, 303]),
    ("GET", "/account", [303, 200, 200, 200, 200, 200, 200]),
    ("GET", "/outbox", [303, 403, 403, 403, 403, 200, 200]),
    (
        "GET",
        "/account/password",
        [303, 200, 200, 200, 200, 200, 200],
    ),
    ("GET", "/admin", [303, 403, 403, 403, 403, 403, 200]),
    ("GET", "/championships", [200, 200, 200, 200, 200, 200, 200]),
    (
        "GET",
        "/championships/new",
        [303, 403, 403, 403, 403, 403, 200],
    ),
    (
        "GET",
        "/championships/{c}",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/apply",
        [303, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/queue",
        [303, 403, 403, 403, 200, 403, 200],
    ),
    (
        "GET",
        "/championships/{c}/captaincies",
        [303, 403, 403, 403, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/audit",
        [303, 403, 403, 403, 403, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/tournaments/{t}",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/season",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/penalties",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/tournaments/{t}/appeal",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/appeals",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/appeals/1",
        [404, 404, 404, 404, 404, 404, 404],
    ),
    (
        "GET",
        "/championships/{c}/tournaments/{t}/entries/{e}/lineup",
        [303, 403, 403, 200, 403, 403, 403],
    ),
    (
        "GET",
        "/championships/{c}/tournaments/{t}/matches/1",
        [404, 404, 404, 404, 404, 404, 404],
    ),
    (
        "GET",
        "/championships/{c}/tournaments/{t}/crosstable",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/tournaments/{t}/rounds/1",
        [404, 404, 404, 404, 404, 404, 404],
    ),
    (
        "GET",
        "/championships/{c}/tournaments/{t}/players",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/documents",
        [303, 403, 403, 403, 403, 200, 200],
    ),
    ("GET", "/documents/1", [404, 404, 404, 404, 404, 404, 404]),
    ("GET", "/teams/{team}", [200, 200, 200, 200, 200, 200, 200]),
    ("GET", "/people/{nick}", [200, 200, 200, 200, 200, 200, 200]),
    ("GET", "/bans", [200, 200, 200, 200, 200, 200, 200]),
    (
        "GET",
        "/championships/{c}/regulation",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/regulation/1",
        [404, 404, 404, 404, 404, 404, 404],
    ),
    ("GET", "/series", [200, 200, 200, 200, 200, 200, 200]),
    ("GET", "/series/1", [404, 404, 404, 404, 404, 404, 404]),
    (
        "GET",
        "/championships/{c}/calendar.ics",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/feed.atom",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/import",
        [303, 403, 403, 403, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/season/standings.csv",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/season/standings.json",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/tournaments/{t}/standings.csv",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/tournaments/{t}/standings.json",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/championships/{c}/tournaments/{t}/export.trf",
        [200, 200, 200, 200, 200, 200, 200],
    ),
    (
        "GET",
        "/series/1/standings.csv",
        [404, 404, 404, 404, 404, 404, 404],
    ),
    (
        "GET",
        "/series/1/standings.json",
        [404, 404, 404, 404, 404, 404, 404],
    ),
    (
        "GET",
        "/championships/{c}/api-tokens",
        [303, 403, 403, 403, 403, 200, 200],
    ),
    ("GET", "/organizations", [200, 200, 200, 200, 200, 200, 200]),
    ("POST", "/lang", [400, 400, 400, 400, 400, 400, 400]),
    ("POST", "/signup", [422, 422, 422, 422, 422, 422, 422]),
    ("POST", "/login", [401, 401, 401, 401, 401, 429, 429]),
    (
        "POST",
        "/account/notices",
        [303, 303, 303, 303, 303, 303, 303],
    ),
    (
        "POST",
        "/account/notices/opt-in",
        [303, 303, 303, 303, 303, 303, 303],
    ),
    (
        "POST",
        "/outbox/1/resend",
        [303, 403, 403, 403, 403, 303, 303],
    ),
    (
        "POST",
        "/account/password",
        [303, 422, 422, 422, 422, 422, 422],
    ),
    (
        "POST",
        "/admin/people/1/admin",
        [303, 400, 400, 403, 400, 400, 400],
    ),
    (
        "POST",
        "/championships",
        [303, 403, 403, 403, 403, 403, 422],
    ),
    (
        "POST",
        "/championships/{c}/staff",
        [303, 403, 403, 403, 403, 400, 400],
    ),
    (
        "POST",
        "/championships/{c}/apply",
        [303, 422, 422, 422, 422, 422, 422],
    ),
    (
        "POST",
        "/championships/{c}/teams/{team}/decision",
        [303, 403, 403, 403, 422, 403, 422],
    ),
    (
        "POST",
        "/championships/{c}/transfers/1/decision",
        [303, 403, 403, 403, 303, 403, 303],
    ),
    (
        "POST",
        "/championships/{c}/schedule",
        [303, 403, 403, 403, 403, 422, 422],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/start",
        [303, 403, 403, 403, 403, 422, 422],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/entries",
        [303, 422, 422, 422, 422, 422, 422],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/entries/{e}/withdraw",
        [303, 403, 403, 303, 403, 403, 403],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/draw",
        [303, 403, 403, 403, 422, 403, 422],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/rounds",
        [303, 403, 403, 403, 422, 403, 422],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/finish",
        [303, 403, 403, 403, 422, 403, 422],
    ),
    (
        "POST",
        "/championships/{c}/penalties",
        [303, 403, 403, 403, 422, 403, 422],
    ),
    (
        "POST",
        "/championships/{c}/penalties/1/revoke",
        [303, 403, 403, 403, 404, 403, 404],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/appeal",
        [303, 403, 422, 422, 403, 403, 403],
    ),
    (
        "POST",
        "/championships/{c}/appeals/1/vote",
        [303, 404, 404, 404, 404, 404, 404],
    ),
    (
        "POST",
        "/championships/{c}/appeals/1/decide",
        [303, 403, 403, 403, 404, 403, 404],
    ),
    (
        "POST",
        "/championships/{c}/appeals/1/remedies",
        [303, 403, 403, 403, 404, 403, 404],
    ),
    (
        "POST",
        "/championships/{c}/appeals/1/supervised",
        [303, 403, 403, 403, 404, 403, 404],
    ),
    (
        "POST",
        "/championships/{c}/fair-play",
        [303, 403, 403, 403, 404, 403, 404],
    ),
    (
        "POST",
        "/championships/{c}/fair-play/1/refer",
        [303, 403, 403, 403, 404, 403, 404],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/rounds/1/publish",
        [303, 403, 403, 403, 404, 403, 404],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/games/1/result",
        [303, 400, 400, 400, 400, 400, 400],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/entries/{e}/lineup",
        [303, 403, 403, 422, 403, 403, 403],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/entries/{e}/retire",
        [303, 403, 403, 403, 303, 403, 303],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/rounds/1/adjust",
        [303, 403, 403, 403, 404, 403, 404],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/rounds/1/interrupt",
        [303, 403, 403, 403, 404, 403, 404],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/matches/1/substitution",
        [303, 404, 404, 404, 404, 404, 404],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/games/1/report",
        [303, 400, 400, 400, 400, 400, 400],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/games/1/late",
        [303, 400, 400, 400, 400, 400, 400],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/playoff",
        [303, 403, 403, 403, 422, 403, 422],
    ),
    (
        "POST",
        "/championships/{c}/tournaments/{t}/matches/1/armageddon",
        [303, 403, 403, 403, 404, 403, 404],
    ),
    (
        "POST",
        "/championships/{c}/documents/purge",
        [303, 403, 403, 403, 403, 303, 303],
    ),
    (
        "POST",
        "/championships/{c}/documents/1/review",
        [303, 403, 403, 403, 403, 404, 404],
    ),
    (
        "POST",
        "/teams/{team}/documents",
        [303, 403, 403, 400, 403, 403, 403],
    ),
    (
        "POST",
        "/people/{nick}/documents",
        [303, 400, 403, 403, 403, 403, 403],
    ),
    (
        "POST",
        "/teams/{team}/invitations",
        [303, 403, 403, 422, 403, 403, 403],
    ),
    (
        "POST",
        "/teams/{team}/captain",
        [303, 403, 403, 422, 403, 403, 403],
    ),
    (
        "POST",
        "/teams/{team}/members/{pid}/remove",
        [303, 303, 403, 303, 403, 403, 403],
    ),
    (
        "POST",
        "/teams/{team}/leave",
        [303, 303, 303, 303, 303, 303, 303],
    ),
    (
        "POST",
        "/teams/{team}/dissolve",
        [303, 403, 403, 303, 403, 403, 403],
    ),
    (
        "POST",
        "/invitations/1/accept",
        [303, 303, 404, 404, 404, 404, 404],
    ),
    (
        "POST",
        "/invitations/1/close",
        [303, 303, 404, 303, 404, 404, 404],
    ),
    (
        "POST",
        "/people/{nick}/club",
        [303, 403, 403, 403, 403, 303, 303],
    ),
    (
        "POST",
        "/people/{nick}/bans",
        [303, 403, 403, 403, 422, 403, 422],
    ),
    (
        "POST",
        "/people/{nick}/clones",
        [303, 403, 403, 403, 422, 403, 422],
    ),
    (
        "POST",
        "/people/{nick}/employments",
        [303, 422, 403, 403, 403, 422, 422],
    ),
    ("POST", "/bans/1/lift", [303, 403, 403, 403, 404, 403, 404]),
    (
        "POST",
        "/employments/1/confirm",
        [303, 403, 403, 403, 403, 404, 404],
    ),
    (
        "POST",
        "/championships/{c}/regulation",
        [303, 403, 403, 403, 403, 422, 422],
    ),
    ("POST", "/series", [303, 403, 403, 403, 403, 422, 422]),
    (
        "POST",
        "/series/1/sports",
        [303, 403, 403, 403, 403, 404, 404],
    ),
    (
        "POST",
        "/series/1/places",
        [303, 403, 403, 403, 403, 404, 404],
    ),
    (
        "POST",
        "/series/1/sports/1",
        [303, 403, 403, 403, 403, 404, 404],
    ),
    (
        "POST",
        "/series/1/athletes",
        [303, 403, 403, 403, 403, 404, 404],
    ),
    (
        "POST",
        "/championships/{c}/import",
        [303, 403, 403, 403, 400, 400, 400],
    ),
    (
        "POST",
        "/championships/{c}/api-tokens",
        [303, 403, 403, 403, 403, 422, 422],
    ),
    (
        "POST",
        "/championships/{c}/api-tokens/1/revoke",
        [303, 403, 403, 403, 403, 404, 404],
    ),
    (
        "POST",
        "/organizations",
        [303, 403, 403, 403, 403, 422, 422],
    ),
    ("POST", "/logout", [303, 303, 303, 303, 303, 303, 303]),
    // TABLE-END
];

fn assert_security_headers(h: &HeaderMap, what: &str) {
    let csp = h
        .get("content-security-policy")
        .unwrap_or_else(|| panic!("CSP on {what}"))
        .to_str()
        .expect("ascii");
    let script = csp
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("script-src") || d.starts_with("default-src"))
        .unwrap_or_else(|| panic!("script-src on {what}: {csp}"));
    assert!(
        !script.contains("'unsafe-inline'") && !script.contains("'unsafe-eval'"),
        "{what}: {csp}"
    );
    assert!(csp.contains("script-src 'self'"), "{what}: {csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    assert_eq!(h["x-content-type-options"], "nosniff", "{what}");
    assert_eq!(h["referrer-policy"], "same-origin", "{what}");
}

#[tokio::test]
async fn i11_every_route_with_every_role_answers_as_the_table_says_with_security_headers() {
    let club = Club::new("G").await;
    let app = &club.app;
    let (teams, t) = four_entered(&club).await;
    let c = club.id;
    let captain = &teams[0];
    let other = &teams[1];
    let entry = club
        .entries(t)
        .into_iter()
        .find(|e| e.team_id == captain.id)
        .expect("the captain's entry")
        .id;
    let player_nick = captain.nicks[1].clone();
    let player = new_client();
    app.log_in_with(&player, &player_nick, PASSWORD).await;
    let judge = club.person("Judy").await;
    app.grant_role(&club.root, c, "Judy", "judge").await;
    let organizer = club.person("Orga").await;
    app.grant_role(&club.root, c, "Orga", "organizer").await;
    let admin = app.admin("Adminka").await;
    let clients = [
        new_client(),
        player,
        other.captain.clone(),
        captain.captain.clone(),
        judge,
        organizer,
        admin,
    ];
    let pid = app.person_id(&player_nick).to_string();
    let fill = |p: &str| {
        p.replace("{c}", &c.to_string())
            .replace("{t}", &t.to_string())
            .replace("{team}", &captain.id.to_string())
            .replace("{e}", &entry.to_string())
            .replace("{nick}", &player_nick)
            .replace("{pid}", &pid)
    };

    let print = std::env::var_os("WALK_PRINT").is_some();
    let mut wrong = Vec::new();
    // GETs first (they change nothing), then the POSTs, signing out last.
    let mut rows: Vec<_> = TABLE.iter().collect();
    rows.sort_by_key(|(m, p, _)| (*m != "GET", *p == "/logout"));
    for (method, template, expected) in rows {
        let path = fill(template);
        let mut got = [0u16; 7];
        for (i, client) in clients.iter().enumerate() {
            let page = if *method == "GET" {
                app.get_with(client, &path).await
            } else {
                app.post_with(client, &path, &[]).await
            };
            assert_security_headers(&page.headers, &format!("{method} {path} as {}", ROLES[i]));
            got[i] = page.status.as_u16();
            assert!(
                got[i] < 500,
                "{method} {path} as {}: {}",
                ROLES[i],
                page.text
            );
        }
        if print {
            println!("    (\"{method}\", \"{template}\", {got:?}),");
        }
        // A guard and the form extractor run concurrently (actix polls a
        // handler's extractors together), so a refused POST without fields
        // answers 400 or 403 by a race: both refuse before acting.
        let refused = |s: u16| if s == 400 { 403 } else { s };
        if got.map(refused) != expected.map(refused) {
            wrong.push(format!(
                "{method} {template}: got {got:?}, want {expected:?}"
            ));
        }
    }
    assert!(TABLE.len() > 100, "the table covers the route table");
    assert!(
        wrong.is_empty(),
        "{} rows differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );

    // Error pages and static files carry the headers too.
    for path in [
        "/static/css/app.css",
        "/no-such-page",
        "/championships/999999",
    ] {
        let page = app.get(path).await;
        assert_security_headers(&page.headers, path);
    }
    let page = app
        .post_without_csrf(&format!("/championships/{c}/staff"), &[])
        .await;
    assert_eq!(page.status, 403);
    assert_security_headers(&page.headers, "a POST without CSRF");
}

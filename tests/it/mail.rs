//! E-mail notices through the durable outbox,
//! with a real SMTP server (mailin-embedded) started inside each test.

use std::collections::BTreeMap;
use std::net::TcpListener;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine;
use league::config::{MailSecurity, MailSettings};
use league::db::{self, outbox};
use league::i18n::Message;
use league::ids::{DocumentId, PersonId};
use league::mail::{Kind, Notice};
use mailin_embedded::{Handler, Response, response};
use reqwest::StatusCode;

use crate::helpers::TestApp;
use crate::play::{Club, four_entered, g_team, publish_last};

// ------------------------------------------------------------ SMTP server

/// One message as the SMTP server received it.
#[derive(Debug, Clone)]
struct Mail {
    to: Vec<String>,
    raw: String,
}

impl Mail {
    /// A header's value, continuation lines unfolded, encoded words
    /// (RFC 2047, base64) decoded.
    fn header(&self, name: &str) -> Option<String> {
        let head = self.raw.split("\r\n\r\n").next()?;
        let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
        let line = unfolded.lines().find(|l| {
            l.split_once(':')
                .is_some_and(|(n, _)| n.eq_ignore_ascii_case(name))
        })?;
        Some(decode_words(line.split_once(':')?.1.trim()))
    }

    fn subject(&self) -> String {
        self.header("Subject").unwrap_or_default()
    }

    /// The text body, transfer encoding undone.
    fn body(&self) -> String {
        let body = self.raw.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        match self
            .header("Content-Transfer-Encoding")
            .unwrap_or_default()
            .to_ascii_lowercase()
            .as_str()
        {
            "base64" => String::from_utf8(
                base64::engine::general_purpose::STANDARD
                    .decode(body.split_whitespace().collect::<String>())
                    .expect("base64 body"),
            )
            .expect("utf-8 body"),
            "quoted-printable" => decode_qp(body),
            _ => body.to_owned(),
        }
    }
}

fn decode_words(value: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    while let Some(start) = rest.find("=?") {
        let before = &rest[..start];
        if !before.trim().is_empty() {
            out.push_str(before);
        }
        let word = &rest[start + 2..];
        let Some(end) = word.find("?=") else { break };
        let mut parts = word[..end].splitn(3, '?');
        let (_charset, enc, text) = (parts.next(), parts.next(), parts.next().unwrap_or(""));
        if enc.is_some_and(|e| e.eq_ignore_ascii_case("b")) {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(text)
                .expect("encoded word");
            out.push_str(&String::from_utf8_lossy(&bytes));
        } else {
            out.push_str(&decode_qp(&text.replace('_', " ")));
        }
        rest = &word[end + 2..];
    }
    out.push_str(rest);
    out
}

fn decode_qp(s: &str) -> String {
    let s = s.replace("=\r\n", "");
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && let Ok(b) = u8::from_str_radix(&s[i + 1..i + 3], 16)
        {
            out.push(b);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// What the test server does and has seen; shared by its sessions.
#[derive(Clone, Default)]
struct Inbox {
    received: Arc<Mutex<Vec<Mail>>>,
    /// DATA commands still to refuse with 451 (a server that is busy).
    refuse: Arc<AtomicU32>,
    /// How many were refused.
    refused: Arc<AtomicU32>,
    /// Refuse every message for good (554).
    reject: Arc<AtomicBool>,
    to: Vec<String>,
    data: Vec<u8>,
}

impl Handler for Inbox {
    fn data_start(&mut self, _domain: &str, _from: &str, _is8bit: bool, to: &[String]) -> Response {
        if self.reject.load(Ordering::SeqCst) {
            self.refused.fetch_add(1, Ordering::SeqCst);
            return response::TRANSACTION_FAILED;
        }
        let busy = self
            .refuse
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if busy {
            self.refused.fetch_add(1, Ordering::SeqCst);
            return response::INTERNAL_ERROR;
        }
        self.to = to.to_vec();
        self.data.clear();
        response::OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.data.extend_from_slice(buf);
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        let mail = Mail {
            to: std::mem::take(&mut self.to),
            raw: String::from_utf8_lossy(&std::mem::take(&mut self.data)).into_owned(),
        };
        self.received.lock().expect("inbox").push(mail);
        response::OK
    }
}

impl Inbox {
    fn mails(&self) -> Vec<Mail> {
        self.received.lock().expect("inbox").clone()
    }

    fn to(&self, address: &str) -> Vec<Mail> {
        self.mails()
            .into_iter()
            .filter(|m| m.to.iter().any(|t| t.eq_ignore_ascii_case(address)))
            .collect()
    }
}

/// Starts an SMTP server on a free loopback port (it lives as long as the
/// test binary); returns its shared state and port.
fn smtp_server(inbox: &Inbox) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("free port");
    let port = listener.local_addr().expect("address").port();
    let mut server = mailin_embedded::Server::new(inbox.clone());
    server.with_name("smtp.test").with_tcp_listener(listener);
    std::thread::spawn(move || {
        let _ = server.serve();
    });
    port
}

/// Mail settings for a test: fast polling and retries.
fn fast(host: Option<u16>) -> MailSettings {
    MailSettings {
        host: host.map(|_| "127.0.0.1".to_owned()),
        port: host,
        security: MailSecurity::None,
        from: "League <league@club.example>".into(),
        worker: true,
        poll_interval_ms: 50,
        retry_base_ms: 50,
        retry_max_ms: 400,
        max_attempts: 1000,
        lease_secs: 30,
        timeout_secs: 5,
        // The officials' digest is queued by `app::digest::queue_due` in its
        // own test, at the hour it names.
        digest_hour_utc: 24,
        ..MailSettings::default()
    }
}

async fn club_with(app: TestApp) -> Club {
    let root = app.admin("Root").await;
    let id = app.create_championship(&root, "G").await;
    Club {
        app,
        root,
        id,
        preset: "G",
    }
}

/// Waits (up to 30 s) until `done` holds.
async fn eventually(what: &str, mut done: impl FnMut() -> bool) {
    for _ in 0..600 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("timed out waiting until {what}");
}

fn rows(app: &TestApp) -> Vec<outbox::OutboxRow> {
    outbox::list(&mut app.db(), None, 1000).expect("outbox rows")
}

fn all_sent(app: &TestApp) -> bool {
    rows(app).iter().all(|r| r.status == outbox::SENT)
}

fn address(nick: &str) -> String {
    format!("{}@club.example", nick.to_lowercase())
}

// ------------------------------------------------------------------ tests

#[tokio::test]
async fn outbox_pairings_published_reach_every_captain_in_their_language() {
    let inbox = Inbox::default();
    let port = smtp_server(&inbox);
    let club = club_with(TestApp::builder().mail(fast(Some(port))).start().await).await;
    let (teams, t) = four_entered(&club).await;
    // Конь's captain reads English.
    let page = club
        .app
        .post_with(&teams[1].captain, "/lang", &[("lang", "en"), ("next", "/")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(&club, &url).await;
    eventually("every message is sent", || all_sent(&club.app)).await;
    let pairings: Vec<_> = rows(&club.app)
        .into_iter()
        .filter(|r| r.kind == "pairings_published")
        .collect();
    let captains: Vec<String> = teams.iter().map(|t| address(&t.nicks[0])).collect();
    assert_eq!(
        pairings
            .iter()
            .filter(|r| captains.contains(&r.address))
            .count(),
        4,
        "one per captain of the round's entries"
    );
    // Every other player lined up is told their board, opponent, colour
    // and the start, once.
    assert_eq!(pairings.len(), 4 + 4 * 4, "and one per other player");
    for team in &teams {
        for (board, nick) in team.nicks.iter().enumerate().skip(1) {
            let got = inbox.to(&address(nick));
            let mine: Vec<&Mail> = got
                .iter()
                .filter(|m| m.subject().contains("вы играете") || m.subject().contains("you play"))
                .collect();
            assert_eq!(mine.len(), 1, "{nick}");
            let body = mine[0].body();
            let board = board + 1;
            // (Only Конь's captain reads English; the players, Russian.)
            assert!(body.contains(&format!("на доске {board}")), "{body}");
            assert!(
                body.contains("партия 1: белыми") || body.contains("партия 1: чёрными"),
                "{body}"
            );
            assert!(body.contains("(московское время (UTC+3))"), "{body}");
        }
    }
    for team in &teams {
        let captain = &team.nicks[0];
        let got: Vec<Mail> = inbox
            .to(&address(captain))
            .into_iter()
            .filter(|m| m.subject().contains("1"))
            .filter(|m| m.subject().contains("пары") || m.subject().contains("pairings"))
            .collect();
        assert_eq!(got.len(), 1, "{captain} gets the pairings once");
        let (subject, body) = (got[0].subject(), got[0].body());
        if captain == "ko1" {
            assert!(
                subject.starts_with("Round 1 of tournament 1: pairings published — Чемпионат G"),
                "the subject names the championship: {subject}"
            );
            assert!(body.contains("Конь plays at table"), "{body}");
            assert!(body.contains("/account"), "says how to opt out: {body}");
        } else {
            assert!(
                subject.starts_with("Тур 1 турнира 1: пары опубликованы — Чемпионат G"),
                "{subject}"
            );
            assert!(
                body.contains(&format!("{} играет за столом", team.name)),
                "{body}"
            );
        }
        // The mail links to the round as a whole address of the site.
        assert!(
            body.contains("http://127.0.0.1/championships/") && body.contains("#round-1"),
            "{body}"
        );
        assert!(body.contains("http://127.0.0.1/account"), "{body}");
        assert_eq!(
            got[0].header("From").as_deref(),
            Some("League <league@club.example>")
        );
    }
    // The captain also got the notices of the team's approval and entry.
    assert_eq!(
        inbox
            .to("la1@club.example")
            .iter()
            .filter(|m| m.subject().starts_with("Команда «Ладья» допущена — "))
            .count(),
        1
    );
    assert!(inbox.to("la1@club.example").iter().any(|m| {
        m.subject()
            .starts_with("Заявка «Ладья» на турнир 1 принята — ")
    }));
}

#[tokio::test]
async fn outbox_a_refusing_server_then_a_restart_still_delivers_every_message_once() {
    let inbox = Inbox::default();
    inbox.refuse.store(u32::MAX, Ordering::SeqCst);
    let port = smtp_server(&inbox);
    let mut club = club_with(TestApp::builder().mail(fast(Some(port))).start().await).await;
    for (name, captain) in [("Ладья", "la"), ("Конь", "ko"), ("Слон", "sl")] {
        g_team(&club, name, captain, 1).await;
    }
    // The server refuses for a while: every message is tried more than
    // once, the error is recorded, nothing is sent or lost.
    eventually("each message was refused at least twice", || {
        let r = rows(&club.app);
        r.len() == 3 && r.iter().all(|r| r.attempts >= 2)
    })
    .await;
    for r in rows(&club.app) {
        assert_eq!(r.status, outbox::PENDING);
        assert!(
            r.last_error.as_deref().unwrap_or_default().contains("451"),
            "{:?}",
            r.last_error
        );
    }
    assert!(inbox.mails().is_empty());
    // The app stops; the server recovers meanwhile.
    club.app.stop().await;
    inbox.refuse.store(0, Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(inbox.mails().is_empty(), "nothing is sent while stopped");
    assert!(rows(&club.app).iter().all(|r| r.status == outbox::PENDING));
    // A new instance on the same database sends what the old one left.
    club.app.restart().await;
    eventually("every message is sent", || all_sent(&club.app)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mails = inbox.mails();
    assert_eq!(mails.len(), 3, "each message delivered once");
    let mut ids = BTreeMap::new();
    for m in &mails {
        *ids.entry(m.header("Message-ID").expect("Message-ID"))
            .or_insert(0) += 1;
    }
    assert!(ids.values().all(|n| *n == 1), "{ids:?}");
    for captain in ["la1", "ko1", "sl1"] {
        assert_eq!(inbox.to(&address(captain)).len(), 1, "{captain}");
    }
    assert!(
        rows(&club.app)
            .iter()
            .all(|r| r.sent_at.is_some() && r.attempts >= 3)
    );
}

#[tokio::test]
async fn outbox_without_smtp_messages_become_eml_files_in_the_data_directory() {
    let club = club_with(TestApp::builder().mail(fast(None)).start().await).await;
    g_team(&club, "Ладья", "la", 1).await;
    eventually("the message is marked sent", || {
        let r = rows(&club.app);
        !r.is_empty() && r.iter().all(|r| r.status == outbox::SENT)
    })
    .await;
    let dir = club.app.settings.data_dir.join("outbox");
    let files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the outbox directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let raw = std::fs::read_to_string(&files[0]).expect("read .eml");
    let mail = Mail {
        to: vec![],
        raw: raw.replace("\r\n", "\n").replace('\n', "\r\n"),
    };
    assert_eq!(mail.header("To").as_deref(), Some("la1@club.example"));
    assert!(
        mail.subject()
            .starts_with("Команда «Ладья» допущена — Чемпионат G")
    );
    assert!(mail.body().contains("Судьи одобрили"), "{}", mail.body());
}

#[tokio::test]
async fn outbox_an_opted_out_kind_is_skipped_but_rule_changes_reach_captains() {
    let club = club_with(TestApp::spawn().await).await;
    let captain = club.person("la1").await;
    // Every optional kind is offered, ticked; rule changes are not.
    let account = club.app.get_with(&captain, "/account").await;
    let offered = account.attrs("form.notices input[type=checkbox]", "value");
    // The officials' digest is offered to officials only.
    assert_eq!(offered.len(), 8, "{offered:?}");
    assert!(!offered.contains(&"digest".to_owned()));
    assert!(!offered.contains(&"rule_change".to_owned()));
    assert_eq!(
        account.attrs("form.notices input[checked]", "value").len(),
        8
    );
    // la1 unticks "team application decided".
    let keep: Vec<(&str, &str)> = offered
        .iter()
        .filter(|k| *k != "team_decided")
        .map(|k| ("kind", k.as_str()))
        .collect();
    let page = club
        .app
        .post_with(&captain, "/account/notices", &keep)
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let account = club.app.get_with(&captain, "/account").await;
    assert!(
        !account
            .attrs("form.notices input[checked]", "value")
            .contains(&"team_decided".to_owned())
    );
    let page = club.app.apply_team(&captain, club.id, "Ладья", "").await;
    let team = page.location_id("/teams/");
    club.app
        .decide_team(&club.root, club.id, team, "approve", "")
        .await;
    // Another captain who kept the kind gets it.
    g_team(&club, "Конь", "ko", 1).await;
    let la1 = club.app.person_id("la1");
    let ko1 = club.app.person_id("ko1");
    let decided: Vec<_> = rows(&club.app)
        .into_iter()
        .filter(|r| r.kind == "team_decided")
        .collect();
    assert_eq!(decided.len(), 1);
    assert_eq!(decided[0].person_id, Some(ko1));
    // Rule changes are never skipped, whatever is stored.
    let mut conn = club.app.db();
    league::db::write_transaction(&mut conn, |tx| {
        outbox::set_optouts(tx, la1, &["rule_change", "team_decided"])
    })
    .expect("opt out");
    let notice = Notice::new(
        Kind::RuleChange,
        la1,
        Message::new(league::msg!("mail-kind-rule-change")),
        Message::new(league::msg!("mail-kind-rule-change")),
    );
    let skipped = Notice {
        kind: Kind::TeamDecided,
        ..notice.clone()
    };
    assert!(
        league::db::write_transaction(&mut conn, |tx| league::mail::enqueue(
            tx,
            &notice,
            db::utc_now()
        ))
        .expect("enqueue")
        .is_some()
    );
    assert!(
        league::db::write_transaction(&mut conn, |tx| league::mail::enqueue(
            tx,
            &skipped,
            db::utc_now()
        ))
        .expect("enqueue")
        .is_none()
    );
}

#[tokio::test]
async fn outbox_the_officials_digest_lists_what_waits_once_a_day_from_its_hour() {
    let club = club_with(TestApp::spawn().await).await;
    let judge = club.person("jd").await;
    club.app
        .grant_role(&club.root, club.id, "jd", "judge")
        .await;
    let jd = club.app.person_id("jd");
    let today = db::utc_now().date();
    let at = |day: chrono::NaiveDate, hour: u32| day.and_hms_opt(hour, 0, 0).expect("time");
    let queue = |now: chrono::NaiveDateTime| {
        league::app::digest::queue_due(&mut club.app.db(), now, 5).expect("digests")
    };
    let digests_of_jd = || {
        rows(&club.app)
            .into_iter()
            .filter(|r| r.kind == "digest" && r.person_id == Some(jd))
            .collect::<Vec<_>>()
    };
    // Nothing waits for the judge: no mail.
    queue(at(today, 6));
    assert!(digests_of_jd().is_empty());
    // A team applies (G-B12): the judges have an application to decide.
    let captain = club.person("la1").await;
    let page = club.app.apply_team(&captain, club.id, "Ладья", "").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // Before the hour, nothing; from it, one mail naming the item and its page.
    assert_eq!(queue(at(today, 4)), 0);
    queue(at(today, 6));
    let sent = digests_of_jd();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(
        sent[0].subject.contains("Вас ждёт 1 дело"),
        "{}",
        sent[0].subject
    );
    let queue_path = format!("/championships/{}/queue", club.id);
    assert!(sent[0].body.contains(&queue_path), "{}", sent[0].body);
    assert!(sent[0].body.contains("/todo"), "{}", sent[0].body);
    // Once a day, however often the worker looks.
    queue(at(today, 7));
    queue(at(today, 23));
    assert_eq!(digests_of_jd().len(), 1);
    // The judge turns the digest off on the account page: not the next day.
    let account = club.app.get_with(&judge, "/account").await;
    let offered = account.attrs("form.notices input[type=checkbox]", "value");
    assert!(offered.contains(&"digest".to_owned()), "{offered:?}");
    let keep: Vec<(&str, &str)> = offered
        .iter()
        .filter(|k| *k != "digest")
        .map(|k| ("kind", k.as_str()))
        .collect();
    let page = club.app.post_with(&judge, "/account/notices", &keep).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    queue(at(today.succ_opt().expect("tomorrow"), 6));
    assert_eq!(digests_of_jd().len(), 1);
}

#[tokio::test]
async fn outbox_after_an_outage_one_press_sends_every_failed_message_once() {
    let inbox = Inbox::default();
    inbox.reject.store(true, Ordering::SeqCst);
    let port = smtp_server(&inbox);
    let club = club_with(TestApp::builder().mail(fast(Some(port))).start().await).await;
    for (name, prefix) in [("Ладья", "la"), ("Конь", "ko"), ("Слон", "sl")] {
        g_team(&club, name, prefix, 1).await;
    }
    eventually("three messages failed", || {
        rows(&club.app)
            .iter()
            .filter(|r| r.status == outbox::FAILED)
            .count()
            == 3
    })
    .await;
    let page = club.app.get_with(&club.root, "/outbox").await;
    let all = page
        .attr("form#resend-failed", "action")
        .expect("one button for all");
    inbox.reject.store(false, Ordering::SeqCst);
    let done = club.app.post_with(&club.root, &all, &[]).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    eventually("every message is sent", || all_sent(&club.app)).await;
    for to in ["la1@club.example", "ko1@club.example", "sl1@club.example"] {
        assert_eq!(inbox.to(to).len(), 1, "{to}");
    }
    // A second press finds nothing failed: nobody gets a message twice.
    let again = club.app.post_with(&club.root, &all, &[]).await;
    assert_eq!(again.status, StatusCode::SEE_OTHER);
    let page = club.app.get_with(&club.root, "/outbox").await;
    assert!(
        page.text.contains("Снова в очереди писем: 0"),
        "{}",
        page.text
    );
    assert!(page.attr("form#resend-failed", "action").is_none());
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(inbox.to("la1@club.example").len(), 1);
}

#[tokio::test]
async fn outbox_page_shows_a_failed_message_and_resend_sends_it() {
    let inbox = Inbox::default();
    inbox.reject.store(true, Ordering::SeqCst);
    let port = smtp_server(&inbox);
    let club = club_with(TestApp::builder().mail(fast(Some(port))).start().await).await;
    g_team(&club, "Ладья", "la", 1).await;
    // A permanent refusal (554) fails the message at once.
    eventually("the message failed", || {
        rows(&club.app).iter().any(|r| r.status == outbox::FAILED)
    })
    .await;
    let failed = rows(&club.app);
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0].attempts, 1);
    // Outsiders may not see the outbox.
    let stranger = club.app.person("Stranger").await;
    assert_eq!(
        club.app.get_with(&stranger, "/outbox").await.status,
        StatusCode::FORBIDDEN
    );
    let page = club.app.get_with(&club.root, "/outbox").await;
    assert_eq!(page.status, StatusCode::OK);
    let row = page
        .select_text("section.outbox-status-failed tr.status-failed")
        .expect("the failed message is listed");
    assert!(row.contains("la1@club.example"), "{row}");
    assert!(row.contains("554"), "the last error is shown: {row}");
    let resend = page
        .attr("section.outbox-status-failed tr form", "action")
        .expect("a resend button");
    // A stranger's resend changes nothing.
    assert_eq!(
        club.app.post_with(&stranger, &resend, &[]).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(rows(&club.app)[0].status, outbox::FAILED);
    inbox.reject.store(false, Ordering::SeqCst);
    let done = club.app.post_with(&club.root, &resend, &[]).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    eventually("the message is sent", || all_sent(&club.app)).await;
    assert_eq!(inbox.to("la1@club.example").len(), 1);
    let page = club.app.get_with(&club.root, "/outbox").await;
    assert!(
        page.select_text("section.outbox-status-sent tr.status-sent")
            .is_some_and(|t| t.contains("la1@club.example"))
    );
    // Resending a sent message is refused in words and changes nothing.
    let again = club.app.post_with(&club.root, &resend, &[]).await;
    assert_eq!(again.status, StatusCode::SEE_OTHER);
    let page = club.app.get_with(&club.root, "/outbox").await;
    assert!(
        page.text
            .contains("Снова отправить можно только неотправленное письмо"),
        "{}",
        page.text
    );
    assert_eq!(rows(&club.app)[0].status, outbox::SENT);
    assert_eq!(inbox.to("la1@club.example").len(), 1);
}

#[tokio::test]
async fn outbox_two_instances_on_one_database_send_each_message_once() {
    let inbox = Inbox::default();
    let port = smtp_server(&inbox);
    let app = TestApp::builder().mail(fast(Some(port))).start().await;
    app.person("la1").await;
    let la1 = app.person_id("la1");
    // A second instance, as behind a load balancer, with its own worker.
    let (_, handle, worker) = app.second_instance().await;
    // Many messages at once, so that both workers find work.
    {
        let mut conn = app.db();
        for n in 0..40 {
            let notice = Notice::new(
                Kind::RuleChange,
                la1,
                Message::new(league::msg!("mail-entry-subject"))
                    .arg("entry", format!("N{n}"))
                    .arg("tournament", 1),
                Message::new(league::msg!("mail-kind-rule-change")),
            );
            league::db::write_transaction(&mut conn, |tx| {
                league::mail::enqueue(tx, &notice, db::utc_now())
            })
            .expect("enqueue")
            .expect("written");
        }
    }
    eventually("every message is sent", || all_sent(&app)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mails = inbox.to("la1@club.example");
    assert_eq!(mails.len(), 40, "each message delivered once");
    let mut subjects: Vec<String> = mails.iter().map(Mail::subject).collect();
    subjects.sort();
    subjects.dedup();
    assert_eq!(subjects.len(), 40);
    handle.stop(true).await;
    if let Some(w) = worker {
        w.stop().await;
    }
}

#[tokio::test]
async fn outbox_a_reviewed_document_is_told_to_its_uploader_and_only_its_organizers_see_it() {
    let app = TestApp::spawn().await;
    let admin = app.admin("Admin").await;
    let championship = app.create_championship(&admin, "R").await;
    let other = app.create_championship(&admin, "R").await;
    let organizer = app.person("Org").await;
    app.grant_role(&admin, championship, "Org", "organizer")
        .await;
    let stranger = app.person("OtherOrg").await;
    app.grant_role(&admin, other, "OtherOrg", "organizer").await;
    let org = app.create_organization(&admin, "Завод А").await.to_string();
    let captain = app.person("CapA").await;
    let team = app
        .apply_team(&captain, championship, "Ладья", &org)
        .await
        .location_id("/teams/");
    let player = app.person("PlayerA").await;
    app.invite_and_accept(&captain, team, &player, "PlayerA")
        .await;
    app.post_with(&player, "/lang", &[("lang", "en"), ("next", "/")])
        .await;
    let page = crate::documents::upload(
        &app,
        &player,
        "/people/PlayerA",
        "waiver",
        "w.pdf",
        "application/pdf",
        crate::documents::PDF,
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let doc: DocumentId = app
        .get_with(
            &organizer,
            &format!("/championships/{championship}/documents"),
        )
        .await
        .attrs("tr.document", "data-id")[0]
        .parse()
        .expect("id");
    let page = crate::documents::review(
        &app,
        &organizer,
        championship,
        doc,
        &[
            ("decision", "reject"),
            ("note", "unsigned"),
            ("valid_until", ""),
        ],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let player_id = app.person_id("PlayerA");
    let told: Vec<_> = rows(&app)
        .into_iter()
        .filter(|r| r.kind == "document_reviewed")
        .collect();
    assert_eq!(told.len(), 1);
    assert_eq!(told[0].person_id, Some(player_id));
    assert_eq!(told[0].lang, "en");
    assert!(
        told[0]
            .subject
            .starts_with("Document \"w.pdf\" rejected — Чемпионат R")
    );
    assert!(
        told[0].body.contains("Reason: unsigned"),
        "{}",
        told[0].body
    );
    // The link leads where a new document is uploaded: the person's page.
    assert!(told[0].body.contains("/people/PlayerA"), "{}", told[0].body);
    // The championship's organizer sees it waiting; another championship's
    // organizer does not, and may not resend it.
    let mine = app.get_with(&organizer, "/outbox").await;
    assert!(
        mine.texts("section.outbox-status-pending td")
            .iter()
            .any(|t| t == "Document \"w.pdf\" rejected" || t.contains("w.pdf")),
        "{}",
        mine.text
    );
    let theirs = app.get_with(&stranger, "/outbox").await;
    assert_eq!(theirs.status, StatusCode::OK);
    assert!(!theirs.text.contains("w.pdf"), "{}", theirs.text);
    // Even for a failed message the other organizer gets a 404.
    let mut conn = app.db();
    let token = "test-claim";
    league::db::write_transaction(&mut conn, |tx| {
        outbox::claim(tx, token, db::utc_now(), db::utc_now(), 100)
    })
    .expect("claim");
    for r in rows(&app) {
        league::db::write_transaction(&mut conn, |tx| {
            outbox::mark_attempt_failed(tx, r.id, token, "550 no", None)
        })
        .expect("fail");
    }
    let resend = format!("/outbox/{}/resend", told[0].id);
    assert_eq!(
        app.post_with(&stranger, &resend, &[]).await.status,
        StatusCode::NOT_FOUND
    );
    assert!(rows(&app).iter().all(|r| r.status == outbox::FAILED));
}

#[tokio::test]
async fn g_e2_a_rule_change_reaches_every_captain_with_subject_language_and_effective_date() {
    let inbox = Inbox::default();
    let port = smtp_server(&inbox);
    let club = club_with(TestApp::builder().mail(fast(Some(port))).start().await).await;
    let ladya = g_team(&club, "Ладья", "la", 5).await;
    let kon = g_team(&club, "Конь", "ko", 5).await;
    let page = club
        .app
        .post_with(&kon.captain, "/lang", &[("lang", "en"), ("next", "/")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    // Tournament 1 starts in four days and an hour: the change applies to it.
    club.tournament_in(4 * 24 * 60 + 60).await;
    let page = club
        .app
        .regulation_change(
            &club.root,
            club.id,
            &[
                ("summary", "1st place earns 13"),
                ("body", "Первое место — 13 очков."),
                ("place.1", "13"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    eventually("every message is sent", || all_sent(&club.app)).await;
    let changes: Vec<_> = rows(&club.app)
        .into_iter()
        .filter(|r| r.kind == "rule_change")
        .collect();
    assert_eq!(changes.len(), 2, "one per captain");
    let championship =
        db::championships::by_id(&mut club.app.db(), league::ids::ChampionshipId(club.id))
            .expect("q")
            .expect("championship")
            .name;
    for (team, english) in [(&ladya, false), (&kon, true)] {
        let got: Vec<Mail> = inbox
            .to(&address(&team.nicks[0]))
            .into_iter()
            .filter(|m| m.subject().contains("2)"))
            .collect();
        assert_eq!(got.len(), 1, "{} gets the change once", team.nicks[0]);
        let (subject, body) = (got[0].subject(), got[0].body());
        if english {
            assert_eq!(
                subject,
                format!("{championship}: the regulation has changed (version 2)")
            );
            assert!(body.contains("1st place earns 13"), "{body}");
            assert!(body.contains("applies from tournament 1"), "{body}");
        } else {
            assert_eq!(
                subject,
                format!("{championship}: регламент изменён (версия 2)")
            );
            assert!(body.contains("действует с турнира 1"), "{body}");
        }
        // The date in the championship's zone, named in the reader's words.
        assert!(
            body.contains(if english {
                "(Moscow time (UTC+3))"
            } else {
                "(московское время (UTC+3))"
            }),
            "the date in the championship's zone: {body}"
        );
        assert!(!body.contains("Europe/Moscow"), "{body}");
        assert!(body.contains(if english { "E.2" } else { "Е.2" }), "{body}");
    }
}

#[tokio::test]
async fn g_e2_a_rule_change_reaches_members_who_opted_in_and_not_the_others() {
    let inbox = Inbox::default();
    let port = smtp_server(&inbox);
    let club = club_with(TestApp::builder().mail(fast(Some(port))).start().await).await;
    let ladya = g_team(&club, "Ладья", "la", 5).await;
    let kon = g_team(&club, "Конь", "ko", 5).await;
    // la2 reads English and asks for rule changes; ko2 asks too (in
    // Russian); la3 does not ask. The captain la1 ticks it as well: still
    // one message. zz1 asks but plays for no team of this championship.
    let opt_in = |nick: &'static str, english: bool| {
        let app = &club.app;
        async move {
            let client = crate::helpers::new_client();
            app.log_in_with(&client, nick, crate::helpers::PASSWORD)
                .await;
            if english {
                let page = app
                    .post_with(&client, "/lang", &[("lang", "en"), ("next", "/")])
                    .await;
                assert_eq!(page.status, StatusCode::SEE_OTHER);
            }
            let account = app.get_with(&client, "/account").await;
            assert_eq!(
                account.attrs("form.notices-opt-in input[type=checkbox]", "value"),
                ["rule_change_member"]
            );
            assert!(
                account
                    .attrs("form.notices-opt-in input[checked]", "value")
                    .is_empty(),
                "off until asked for"
            );
            let page = app
                .post_with(
                    &client,
                    "/account/notices/opt-in",
                    &[("kind", "rule_change_member")],
                )
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER);
            let account = app.get_with(&client, "/account").await;
            assert_eq!(
                account.attrs("form.notices-opt-in input[checked]", "value"),
                ["rule_change_member"],
                "{nick}'s choice is shown ticked"
            );
            // The opt-outs of the other kinds are untouched.
            assert_eq!(
                account.attrs("form.notices input[checked]", "value").len(),
                8
            );
        }
    };
    opt_in("la2", true).await;
    opt_in("ko2", false).await;
    opt_in("la1", false).await;
    club.app.person("zz1").await;
    opt_in("zz1", false).await;

    club.tournament_in(4 * 24 * 60 + 60).await;
    let page = club
        .app
        .regulation_change(
            &club.root,
            club.id,
            &[
                ("summary", "1st place earns 13"),
                ("body", "Первое место — 13 очков."),
                ("place.1", "13"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    eventually("every message is sent", || all_sent(&club.app)).await;

    // One row per person: the two captains (required), the two members
    // who asked (opt-in kind); nobody else.
    let mut changes: Vec<(String, PersonId)> = rows(&club.app)
        .into_iter()
        .filter(|r| r.kind.starts_with("rule_change"))
        .map(|r| (r.kind, r.person_id.expect("a person")))
        .collect();
    changes.sort();
    let id = |nick: &str| club.app.person_id(nick);
    let mut expected = vec![
        ("rule_change".to_owned(), id("la1")),
        ("rule_change".to_owned(), id("ko1")),
        ("rule_change_member".to_owned(), id("la2")),
        ("rule_change_member".to_owned(), id("ko2")),
    ];
    expected.sort();
    assert_eq!(changes, expected);

    let championship =
        db::championships::by_id(&mut club.app.db(), league::ids::ChampionshipId(club.id))
            .expect("q")
            .expect("championship")
            .name;
    let got = |nick: &str| -> Vec<Mail> {
        inbox
            .to(&address(nick))
            .into_iter()
            .filter(|m| m.subject().contains("2)"))
            .collect()
    };
    // la2: in English, with the change and why they get it.
    let la2 = got("la2");
    assert_eq!(la2.len(), 1);
    assert_eq!(
        la2[0].subject(),
        format!("{championship}: the regulation has changed (version 2)")
    );
    let body = la2[0].body();
    assert!(body.contains("1st place earns 13"), "{body}");
    assert!(body.contains("applies from tournament 1"), "{body}");
    assert!(body.contains("you asked for"), "{body}");
    // ko2: in Russian.
    let ko2 = got("ko2");
    assert_eq!(ko2.len(), 1);
    assert_eq!(
        ko2[0].subject(),
        format!("{championship}: регламент изменён (версия 2)")
    );
    // The captains still get it, once (la1 asked too), as captains.
    for captain in [&ladya.nicks[0], &kon.nicks[0]] {
        let mails = got(captain);
        assert_eq!(mails.len(), 1, "{captain}");
        assert!(mails[0].body().contains("Е.2"));
        assert!(mails[0].body().contains("Капитаны получают"), "{captain}");
    }
    // Those who did not ask, or are in no team of it, get nothing.
    for nick in ["la3", "la4", "ko3", "zz1"] {
        assert!(got(nick).is_empty(), "{nick}");
    }
}

#[tokio::test]
async fn a_moved_start_is_told_to_the_entries_captains_and_every_player_named() {
    let club = club_with(TestApp::spawn().await).await;
    let (teams, t) = four_entered(&club).await;
    let before = rows(&club.app).len();
    club.move_start(t, 120).await;
    let moved: Vec<_> = rows(&club.app)
        .into_iter()
        .filter(|r| r.subject.contains("новое время начала"))
        .collect();
    assert!(rows(&club.app).len() > before);
    // Four teams of five: every player named (the captains among them), once.
    assert_eq!(moved.len(), 20, "{moved:#?}");
    for team in &teams {
        for nick in &team.nicks {
            assert_eq!(
                moved.iter().filter(|r| r.address == address(nick)).count(),
                1,
                "{nick}"
            );
        }
    }
    assert!(
        moved[0].body.contains("(московское время (UTC+3))"),
        "{}",
        moved[0].body
    );
}

#[tokio::test]
async fn g_b13_a_captain_of_two_doubles_gets_one_pairing_mail_naming_both() {
    use crate::club::{g_team, line};
    let club = club_with(TestApp::spawn().await).await;
    let ladya = g_team(&club, "Ладья", "la", 10).await;
    let kon = g_team(&club, "Конь", "ko", 5).await;
    let slon = g_team(&club, "Слон", "sl", 5).await;
    let t = club.tournament_in(20).await;
    for (entry, range) in [("Ладья1", 0..5), ("Ладья2", 5..10)] {
        let page = club
            .enter(&ladya.captain, t, &line(&ladya, entry, range))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    for team in [&kon, &slon] {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..5))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(&club, &url).await;
    let mails: Vec<_> = rows(&club.app)
        .into_iter()
        .filter(|r| r.kind == "pairings_published" && r.address == address("la1"))
        .collect();
    assert_eq!(mails.len(), 1, "{mails:#?}");
    assert!(
        mails[0].body.contains("Ладья1") && mails[0].body.contains("Ладья2"),
        "{}",
        mails[0].body
    );
}

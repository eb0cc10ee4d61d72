//! `GET /todo`: what waits for the signed-in person, grouped by
//! championship, each line a link to the page where it is done. The home
//! page shows the same list, and the header counts it.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::guards::SignedIn;
use crate::web::infra::respond::page;
use crate::words::todo::{TodoLine, line};

/// One championship's lines.
pub struct Group {
    pub championship: String,
    pub lines: Vec<TodoLine>,
}

/// The person's lines, grouped by championship in the order they come.
pub fn groups(lines: Vec<TodoLine>) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    for l in lines {
        match out.iter_mut().find(|g| g.championship == l.championship) {
            Some(g) => g.lines.push(l),
            None => out.push(Group {
                championship: l.championship.clone(),
                lines: vec![l],
            }),
        }
    }
    out
}

/// What waits for the signed-in person (read once, by the page context),
/// worded and grouped for the page.
pub fn groups_of(ctx: &PageCtx) -> Vec<Group> {
    groups(ctx.todo.iter().map(|i| line(ctx.lang, i)).collect())
}

#[derive(Template)]
#[template(path = "todo.html")]
pub struct TodoPage {
    ctx: PageCtx,
    groups: Vec<Group>,
}

pub async fn show(ctx: PageCtx, _user: SignedIn) -> Result<HttpResponse, AppError> {
    page(
        StatusCode::OK,
        &TodoPage {
            groups: groups_of(&ctx),
            ctx,
        },
    )
}

//! What every page needs besides its own data: language, the signed-in
//! person, the CSRF token for its forms, pending flash messages, its own path.

use actix_session::SessionExt;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use futures_util::future::LocalBoxFuture;

use crate::db;
use crate::i18n::{Lang, Message};
use crate::ids::PersonId;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::error::AppError;
use crate::web::infra::session::{AppSession, Flash};

/// The signed-in person, loaded once per request.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub id: PersonId,
    pub nick: String,
    pub full_name: String,
    pub email: String,
    pub is_admin: bool,
    pub lang: Lang,
}

/// Request-extension cache so guards and the page context share one load,
/// even when the handler's extractors ask for the person at once.
#[derive(Clone, Default)]
struct LoadedUser(std::rc::Rc<tokio::sync::OnceCell<Option<CurrentUser>>>);

impl CurrentUser {
    /// The person the session names, if it is still valid: a session made
    /// before the last password change is signed out.
    pub async fn load(req: &HttpRequest) -> Result<Option<CurrentUser>, AppError> {
        let cell = req
            .extensions_mut()
            .get_or_insert_with(LoadedUser::default)
            .clone();
        let user = cell.0.get_or_try_init(|| Self::read(req)).await?;
        Ok(user.clone())
    }

    async fn read(req: &HttpRequest) -> Result<Option<CurrentUser>, AppError> {
        let session = req.get_session();
        let Some((id, version)) = AppSession(&session).person() else {
            return Ok(None);
        };
        let state = req
            .app_data::<web::Data<AppState>>()
            .ok_or_else(|| AppError::Internal("no app state".into()))?;
        let person = state
            .db(move |conn| Ok(db::people::by_id(conn, id)?))
            .await?;
        Ok(match person {
            Some(p) if p.auth_version == version => Some(CurrentUser {
                id: p.id,
                nick: p.nick,
                full_name: p.full_name,
                email: p.email.unwrap_or_default(),
                is_admin: p.is_admin,
                lang: Lang::parse(&p.locale).unwrap_or_default(),
            }),
            _ => {
                AppSession(&session).sign_out();
                None
            }
        })
    }
}

pub struct PageCtx {
    pub lang: Lang,
    pub user: Option<CurrentUser>,
    pub csrf: String,
    pub flashes: Vec<Flash>,
    /// This page's path and query, for "return here" links and forms.
    pub path: String,
    /// What waits for the signed-in person (`app::todo`), read once for the
    /// pages a browser reads (GET): the header counts it, the home page and
    /// `/todo` list it.
    pub todo: Vec<crate::app::todo::Item>,
}

#[derive(serde::Deserialize)]
struct LangQuery {
    lang: Option<String>,
}

/// The page language: `?lang=` on the URL, else the session's choice, else
/// the browser's `Accept-Language` (a first visit), else Russian.
pub fn request_lang(req: &HttpRequest) -> Lang {
    web::Query::<LangQuery>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.lang.as_deref().and_then(Lang::parse))
        .or_else(|| AppSession(&req.get_session()).lang())
        .or_else(|| {
            req.headers()
                .get(actix_web::http::header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(Lang::from_accept_language)
        })
        .unwrap_or_default()
}

/// The request's path and query without a `lang` parameter, so that
/// "return here" after a language switch does not undo the switch.
fn path_without_lang(req: &HttpRequest) -> String {
    let query = req.query_string();
    if query.is_empty() {
        return req.path().to_owned();
    }
    let kept: Vec<(String, String)> = serde_urlencoded::from_str::<Vec<(String, String)>>(query)
        .unwrap_or_default()
        .into_iter()
        .filter(|(k, _)| k != "lang")
        .collect();
    match serde_urlencoded::to_string(&kept) {
        Ok(q) if !q.is_empty() => format!("{}?{q}", req.path()),
        _ => req.path().to_owned(),
    }
}

impl PageCtx {
    fn build(req: &HttpRequest, user: Option<CurrentUser>) -> PageCtx {
        let session = req.get_session();
        let session = AppSession(&session);
        PageCtx {
            lang: request_lang(req),
            user,
            csrf: session.csrf_token(),
            flashes: session.take_flashes(),
            path: path_without_lang(req),
            todo: Vec::new(),
        }
    }

    /// For error pages, which cannot wait for the database: the person is
    /// shown only if the handler had already loaded them.
    pub fn for_error(req: &HttpRequest) -> PageCtx {
        let user = req
            .extensions()
            .get::<LoadedUser>()
            .and_then(|u| u.0.get().cloned().flatten());
        PageCtx::build(req, user)
    }

    /// The name of the tie-break a standings table heads with `code`
    /// (TRF-2026 notation), in the page's language; the code itself when it
    /// names none.
    pub fn tie_break(&self, code: &str) -> String {
        code.parse::<crate::rules::tiebreak::TieBreak>()
            .map(|tb| crate::read::wording::tie_break_words(self.lang, &tb))
            .unwrap_or_else(|_| code.to_owned())
    }

    pub fn t(&self, key: &str) -> String {
        self.lang.t(key)
    }

    /// A message with one argument.
    pub fn t1(&self, key: &str, name: &str, value: impl ToString) -> String {
        Message::of_key(key).arg(name, value).render(self.lang)
    }

    /// A message with two arguments.
    pub fn t2(&self, key: &str, a: &str, x: impl ToString, b: &str, y: impl ToString) -> String {
        Message::of_key(key).arg(a, x).arg(b, y).render(self.lang)
    }

    pub fn render(&self, message: &Message) -> String {
        message.render(self.lang)
    }

    pub fn is_admin(&self) -> bool {
        self.user.as_ref().is_some_and(|u| u.is_admin)
    }

    pub fn is_current(&self, lang: &str) -> bool {
        self.lang.code() == lang
    }
}

impl FromRequest for PageCtx {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let user = CurrentUser::load(&req).await?;
            let person = user.as_ref().map(|u| u.id);
            let mut ctx = PageCtx::build(&req, user);
            if let Some(person) = person.filter(|_| req.method() == actix_web::http::Method::GET) {
                let state = req
                    .app_data::<web::Data<AppState>>()
                    .ok_or_else(|| AppError::Internal("no app state".into()))?;
                ctx.todo = state
                    .db(move |conn| Ok(crate::app::todo::of(conn, person, db::utc_now())?))
                    .await?;
            }
            Ok(ctx)
        })
    }
}

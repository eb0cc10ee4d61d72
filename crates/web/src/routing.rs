//! One declaration of a route table, two uses: mounted on the server, and
//! listed (method and path) for the checks that must see every route — the
//! OpenAPI document against the API's routes, the security walk against
//! the pages'. A route is declared once, in [`RouteTable::at`]; nothing
//! else keeps a list of routes.

use actix_web::dev::Handler;
use actix_web::{FromRequest, Resource, Responder, Route, guard, web};

/// The methods the platform answers on: GET (with HEAD) and POST.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Method {
    /// GET, and HEAD with it (RFC 9110 §9.3.2: a server that answers GET
    /// answers HEAD; actix sends the head of the GET answer without a body).
    Get,
    Post,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
        }
    }

    fn route(self) -> Route {
        match self {
            Method::Get => web::route().guard(guard::Any(guard::Get()).or(guard::Head())),
            Method::Post => web::post(),
        }
    }
}

/// Routes being declared: mounted on a service configuration, or only
/// listed.
pub struct RouteTable<'c> {
    mount: Option<&'c mut web::ServiceConfig>,
    listed: Vec<(Method, &'static str)>,
}

impl<'c> RouteTable<'c> {
    /// Declared routes go on `cfg`.
    pub fn mount(cfg: &'c mut web::ServiceConfig) -> RouteTable<'c> {
        RouteTable {
            mount: Some(cfg),
            listed: Vec::new(),
        }
    }

    /// Declared routes are only listed ([`RouteTable::listed`]).
    pub fn listing() -> RouteTable<'static> {
        RouteTable {
            mount: None,
            listed: Vec::new(),
        }
    }

    /// One path, one resource: its methods are declared by `methods`, and a
    /// method it lacks is answered 405, not 404.
    pub fn at(&mut self, path: &'static str, methods: impl FnOnce(Methods) -> Methods) {
        let declared = methods(Methods {
            resource: self.mount.is_some().then(|| web::resource(path)),
            methods: Vec::new(),
        });
        self.listed
            .extend(declared.methods.iter().map(|&m| (m, path)));
        if let (Some(cfg), Some(resource)) = (self.mount.as_deref_mut(), declared.resource) {
            cfg.service(resource);
        }
    }

    /// Every (method, path) declared, in the order of declaration.
    pub fn listed(self) -> Vec<(Method, &'static str)> {
        self.listed
    }
}

/// The methods of one path, with their handlers.
pub struct Methods {
    resource: Option<Resource>,
    methods: Vec<Method>,
}

impl Methods {
    pub fn get<F, Args>(self, handler: F) -> Methods
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.on(Method::Get, handler)
    }

    pub fn post<F, Args>(self, handler: F) -> Methods
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.on(Method::Post, handler)
    }

    fn on<F, Args>(mut self, method: Method, handler: F) -> Methods
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.methods.push(method);
        self.resource = self.resource.map(|r| r.route(method.route().to(handler)));
        self
    }
}

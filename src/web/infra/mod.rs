//! What every area shares: the page context, sessions, CSRF, guards, the error page, forms, uploads, the versioned cache, the embedded stylesheet and the SVG chart.

pub mod assets;
pub mod cache;
pub mod chart;
pub mod csrf;
pub mod ctx;
pub mod error;
pub mod forms;
pub mod guards;
pub mod session;
pub mod upload;

//! What waits for a person, in the page's language, each with the page
//! where it is done.

use crate::app::todo::Item;
use crate::i18n::Lang;

pub struct TodoLine {
    pub championship: String,
    pub text: String,
    pub url: String,
}

pub fn line(lang: Lang, item: &Item) -> TodoLine {
    let (at, message, url) = item.said();
    TodoLine {
        championship: at.name.clone(),
        text: message.render(lang),
        url,
    }
}

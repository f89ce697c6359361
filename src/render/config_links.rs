//! What `site.json` names, as the shared fragments link it: a configured
//! link (top bar, sidebar top, footer column) as its template view
//! ([`LinkView`]), and a configured file (logo, favicon, background image)
//! only when the site has it ([`existing_file`]).

use serde::Serialize;

use super::links;
use crate::config::PageUrls;
use crate::content::Site;

#[derive(Serialize)]
pub struct LinkView {
    name: String,
    href: String,
    external: bool,
}

/// `path`, a file a config field names (logo, favicon, background image),
/// when the site has it: a URL, or a file of the docs root. A missing one
/// was warned about by config validation; pages do without it rather than
/// link to nothing.
pub fn existing_file<'p>(site: &Site, path: &'p str) -> Option<&'p str> {
    let present =
        !crate::config::is_local(path) || site.root.join(path.trim_start_matches('/')).is_file();
    present.then_some(path)
}

pub fn link_view(name: &str, url: &str, urls: PageUrls) -> LinkView {
    LinkView {
        name: name.to_string(),
        href: links::href(url, urls),
        external: links::is_external(url),
    }
}

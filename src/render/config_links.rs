//! What `site.json` names, as the shared fragments link it: a configured
//! link (top bar, sidebar top, footer column) as its template view
//! ([`LinkView`]), and a configured file (logo, favicon, background image)
//! only when the site has it ([`existing_file`]).

use serde::Serialize;

use super::{icon, links};
use crate::config::{PageUrls, SiteConfig};
use crate::content::Site;

#[derive(Serialize)]
pub struct LinkView {
    name: String,
    href: String,
    external: bool,
    /// The icon's HTML before the name, or empty.
    icon: String,
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
        icon: String::new(),
    }
}

impl LinkView {
    /// The link with the icon `html` before its name.
    pub fn with_icon(self, html: String) -> LinkView {
        LinkView { icon: html, ..self }
    }
}

/// The top bar's links (`topbarLinks`, docs.json `navbar.links`), each
/// with its icon, as the top bar and the themes' sidebar show them.
pub fn navbar_links(config: &SiteConfig) -> Vec<LinkView> {
    (config.topbar_links.iter())
        .map(|l| {
            let view = link_view(&l.name, &l.url, config.page_urls);
            match &l.icon {
                Some(name) => view.with_icon(icon::html(
                    name,
                    l.icon_type.as_deref(),
                    config.icon_library(),
                )),
                None => view,
            }
        })
        .collect()
}

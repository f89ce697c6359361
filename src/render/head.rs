//! The `<head>` every page shares: favicon, the stylesheets and scripts it loads ([`AssetLinks`]), the inline
//! background image style, and the boot script that sets the colour mode
//! and docs version before first paint.
//!
//! Pages are folders (`a/b/index.html`) whose links are relative to the
//! folder, so they hold at `/a/b/`. Mintlify's URLs have no trailing slash
//! (`/a/b`), and a host that serves the folder there without redirecting
//! ("clean URLs": Vercel, `serve`, some CDNs) would have the browser read
//! every relative link one folder too high. The boot script's first
//! statement ([`slash_script`]) puts the slash on the address before
//! anything else in the page is read (`history.replaceState`, no reload, no
//! request): the document's URL, from which the browser resolves every
//! link, stylesheet and script after it, is then the folder's, as a
//! redirecting host would have made it. Pages opened from disk
//! (`…/index.html`) and `"pageUrls": "html"` pages (`a/b.html`, whose links
//! hold at `/a/b` too) are left alone; redirect pages run it too
//! (`redirect.html`), the 404 page (served at any URL) does not.

use serde::Serialize;

use super::assets::{Bundle, OUTPUT_DIR};
use super::config_links::existing_file;
use super::fragment::ROOT;
use super::links;
use super::site_css::css_string;
use crate::config::{Mode, PageUrls, SiteConfig};
use crate::content::Site;

/// Hrefs of the bundles and the docs root's own CSS/JS, relative to the root.
pub struct AssetLinks {
    pub stylesheets: Vec<String>,
    pub scripts: Vec<String>,
    /// The integrations' settings, the JSON block `analytics.js` reads.
    pub analytics: Option<String>,
    /// The font files to preload, relative to the root.
    pub preload: Vec<String>,
}

impl AssetLinks {
    /// The hrefs (with the root marker) of the stylesheets and scripts
    /// every page loads: the bundles, then the docs root's own files.
    pub fn of(css: &Bundle, js: &Bundle, custom: &[(String, Vec<u8>)]) -> AssetLinks {
        let custom_with = |ext: &str| {
            custom
                .iter()
                .filter(|(name, _)| name.ends_with(ext))
                .map(|(name, _)| format!("{ROOT}{name}"))
                .collect::<Vec<_>>()
        };
        let mut stylesheets = vec![format!("{ROOT}{}", css.path)];
        stylesheets.extend(custom_with(".css"));
        let mut scripts = vec![format!("{ROOT}{}", js.path)];
        scripts.extend(custom_with(".js"));
        AssetLinks {
            stylesheets,
            scripts,
            analytics: None,
            preload: Vec::new(),
        }
    }
}

#[derive(Serialize)]
pub struct HeadView {
    favicon: Option<String>,
    favicon_type: Option<&'static str>,
    style: String,
    boot: String,
    stylesheets: Vec<String>,
    scripts: Vec<String>,
    analytics: Option<String>,
    preload: Vec<String>,
}

/// The site's font files (`crate::fonts`), to write under `_sheaf/`; the
/// ones to preload are added to `links`.
pub fn add_fonts(site: &Site, links: &mut AssetLinks) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let under = |path: &String| std::path::Path::new(OUTPUT_DIR).join(path);
    let preload = site.fonts.preload.iter();
    links.preload = preload
        .map(|p| format!("{ROOT}{}", under(p).display()))
        .collect();
    (site.fonts.files.iter())
        .map(|(path, bytes)| (under(path), bytes.clone()))
        .collect()
}

pub fn head_view(site: &Site, assets: &AssetLinks) -> HeadView {
    let config = &site.config;
    let favicon = (config.favicon.as_deref()).and_then(|f| existing_file(site, f));
    let favicon_type = favicon.and_then(|f| {
        let ext = f.rsplit('.').next()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "svg" => "image/svg+xml",
            "png" => "image/png",
            "ico" => "image/x-icon",
            _ => return None,
        })
    });
    HeadView {
        favicon: favicon.map(links::asset),
        favicon_type,
        style: background_style(site),
        boot: format!("{}{}", slash_script(config.page_urls), boot_script(config)),
        stylesheets: assets.stylesheets.clone(),
        scripts: assets.scripts.clone(),
        analytics: assets.analytics.clone(),
        preload: assets.preload.clone(),
    }
}

/// The background image, inline in each page's head (its URL is relative to
/// the page); empty without one.
pub fn background_style(site: &Site) -> String {
    let mut css = String::new();
    let image = site.config.background_image.as_deref();
    if let Some(image) = image.and_then(|image| existing_file(site, image)) {
        // A veil of the page background over the image keeps text readable
        // in both modes whatever the image's own colours are.
        css.push_str(&format!(
            "@layer sheaf{{body{{background-image:linear-gradient(var(--bg-veil),var(--bg-veil)),url({});\
             background-size:cover;background-position:center;background-attachment:fixed}}\n\
             :root{{--bg-veil:color-mix(in srgb,var(--bg) 72%,transparent)}}}}\n",
            css_string(&links::asset(image))
        ));
    }
    css
}

/// The statement that gives a folder page's address its trailing slash
/// when a host served it without one (see the module docs); empty for
/// `"pageUrls": "html"`.
pub fn slash_script(urls: PageUrls) -> &'static str {
    match urls {
        PageUrls::Folders => {
            "{let l=location,p=l.pathname;if(/^https?:$/.test(l.protocol)&&!/(\\/|\\.html?)$/.test(p))\
             try{history.replaceState(history.state,\"\",p+\"/\"+l.search+l.hash)}catch(x){}}"
        }
        PageUrls::Html => "",
    }
}

/// The inline `<head>` script that sets the colour mode, and the docs
/// version the reader chose, before first paint. It holds only what the site
/// uses: no stored choice without the mode toggle, no version code without
/// versions.
pub fn boot_script(config: &SiteConfig) -> String {
    let toggle = &config.mode_toggle;
    let fallback = match toggle.default {
        Some(Mode::Light) => "\"light\"",
        Some(Mode::Dark) => "\"dark\"",
        None => "matchMedia(\"(prefers-color-scheme:dark)\").matches?\"dark\":\"light\"",
    };
    // A block with `let`: nothing leaks into the page's globals.
    let mut script = String::from("{let e=document.documentElement,d=e.dataset,m;d.js=\"\";");
    if toggle.is_hidden {
        script += &format!("d.theme={fallback};");
    } else {
        script += &format!(
            "try{{m=localStorage[\"sheaf-mode\"]}}catch(x){{}}\
             d.theme=m==\"light\"||m==\"dark\"?m:{fallback};"
        );
    }
    let versions = config.local_version_names();
    if !versions.is_empty() {
        let list = serde_json::to_string(&versions)
            .expect("strings serialise")
            .replace("</", "<\\/");
        script += &format!(
            "if(!d.pageVersion){{try{{m=localStorage[\"sheaf-version\"]}}catch(x){{}}\
             if({list}.indexOf(m)>=0)d.version=m}}"
        );
    }
    // Mintlify's mark of dark mode, which a site's own CSS targets (`.dark #navbar`).
    script += "e.classList.toggle(\"dark\",d.theme<\"l\")}";
    script
}

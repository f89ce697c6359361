//! Link and asset rewriting: every href and src a page writes (`../x.mdx`,
//! `/x`, `x.md#anchor`, `/images/a.png`, `images/a.png`) becomes a relative
//! URL of the built site, so the site works under any sub-path. A link to a
//! page listed at several places leads to its place in the linking page's
//! version, language and section; a listing's own relative links resolve
//! from its page's source folder; a generated page's (an operation's or
//! channel's) from its own URL, as on Mintlify. A root-absolute link that
//! starts with the path the site is published under (`--site-url`'s path,
//! `--base-path`, `sheaf.toml`) is read from the site root, with a note
//! (`base-path-link`); a bare relative link (`guides/setup`) that names no
//! page from the linking page's folder but one from the site root leads to
//! that one, with a note (`relative-link`), as Mintlify's checker reads it;
//! on a site without one, a `/docs/x` link to no page
//! whose `/x` is a page is told which flag reads it so. Links to
//! pages or anchors that do not exist, and images that do not exist, are
//! reported with the page's line.

use std::cell::RefCell;
use std::path::Path;
use std::sync::OnceLock;

use crate::confine::ReadError;
use crate::content::{LinkTarget, Page, PageId, Site};
use crate::diagnostics::Suggestions;
use crate::markdown::{UrlKind, UrlRewrite};
use crate::rules::Rule;

/// Rewrites the URLs of one page.
pub struct UrlResolver<'a> {
    site: &'a Site,
    /// The site's page slugs for "did you mean", indexed on the first
    /// broken link of the build.
    slugs: &'a OnceLock<Suggestions>,
    page: &'a Page,
    /// The other pages whose headings the page's links name (`b#setup`),
    /// existing or not: the preview checks those links again when the
    /// headings of such a page change.
    anchor_targets: RefCell<Vec<PageId>>,
}

impl<'a> UrlResolver<'a> {
    pub fn new(site: &'a Site, slugs: &'a OnceLock<Suggestions>, page: &'a Page) -> Self {
        UrlResolver {
            site,
            slugs,
            page,
            anchor_targets: RefCell::default(),
        }
    }

    /// The other pages whose headings the links rewritten so far name,
    /// each once, in id order.
    pub fn anchor_targets(&self) -> Vec<PageId> {
        let mut targets = self.anchor_targets.take();
        targets.sort_unstable();
        targets.dedup();
        targets
    }

    pub fn rewrite(&self, url: &str, kind: UrlKind) -> UrlRewrite {
        self.resolve(url, kind, true)
    }

    /// [`UrlResolver::rewrite`] for text whose broken links nobody is told
    /// about (a spec's descriptions): no "did you mean" is looked for.
    pub fn rewrite_untold(&self, url: &str, kind: UrlKind) -> UrlRewrite {
        self.resolve(url, kind, false)
    }

    fn resolve(&self, url: &str, kind: UrlKind, suggest: bool) -> UrlRewrite {
        let url = url.trim();
        if is_external(url) || url.is_empty() {
            return UrlRewrite::Keep;
        }
        let (path, fragment) = match url.split_once('#') {
            Some((p, f)) => (p, Some(f)),
            None => (url, None),
        };
        let path = path.split('?').next().unwrap_or(path);
        if path.is_empty() {
            return self.same_page_anchor(fragment);
        }
        let target = self.resolve_path(path);
        if let Some(rest) = self.without_base_path(path, &target) {
            return self.read_from_site_root(url, &rest, fragment, kind, suggest);
        }
        match kind {
            UrlKind::Link => self.link(url, &target, fragment, suggest),
            UrlKind::Asset => self.asset(url, &target),
        }
    }

    fn same_page_anchor(&self, fragment: Option<&str>) -> UrlRewrite {
        let renamed = fragment.and_then(|f| self.page.anchor_id(f).filter(|id| id != f));
        if let Some(id) = renamed.filter(|_| self.page.openapi.is_none()) {
            return UrlRewrite::To(format!("#{id}"));
        }
        match fragment {
            Some(f) if !self.page.may_have_anchor(f) => UrlRewrite::Broken {
                message: format!("no heading `#{f}` on this page"),
                help: Some(closest_heading(self.page, f).unwrap_or_else(|| "link to an existing heading id (shown by the anchor link next to each heading)".into())),
                href: None,
                rule: Rule::BrokenLink,
            },
            _ => UrlRewrite::Keep,
        }
    }

    /// The path a root-absolute link names from the site root when it
    /// starts with the path the site is published under (`/docs/x` for
    /// `--site-url https://example.com/docs`) and, as written, names no
    /// page or file: `x`.
    fn without_base_path(&self, path: &str, target: &str) -> Option<String> {
        let rest = (self.site.without_base_path(target)).filter(|_| path.starts_with('/'))?;
        let named = self.site.page_at(&page_slug(target)).is_some()
            || self.site.root.join(target).is_file();
        (!named).then(|| rest.to_string())
    }

    /// A link with the base path, resolved from the site root, and a note
    /// saying it was read so when it leads somewhere.
    fn read_from_site_root(
        &self,
        url: &str,
        rest: &str,
        fragment: Option<&str>,
        kind: UrlKind,
        suggest: bool,
    ) -> UrlRewrite {
        let rewrite = match kind {
            UrlKind::Link => self.link(url, rest, fragment, suggest),
            UrlKind::Asset => self.asset(url, rest),
        };
        match rewrite {
            UrlRewrite::To(href) => UrlRewrite::Noted {
                href,
                message: format!(
                    "`{url}` starts with the base path `/{}`: read from the site root, as `/{rest}`",
                    self.site.base_path
                ),
                rule: Rule::BasePathLink,
            },
            other => other,
        }
    }

    /// The target path relative to the docs root, `..` resolved.
    /// A page without a file (an operation's or channel's) reads the
    /// relative links of its spec's descriptions from its own URL, as a
    /// browser does on Mintlify: there the generated page is the MDX page
    /// at `href: posix.resolve('/', filenameWithoutExtension)` and its
    /// links are left as written (`@mintlify/scraping`,
    /// `bin/openapi/common.js`; `@mintlify/link-rot`'s `dist/graph.js`
    /// reads a relative link from its page's folder, `resolve(this.relativeDir, …)`).
    fn resolve_path(&self, path: &str) -> String {
        let joined = if let Some(absolute) = path.strip_prefix('/') {
            absolute.to_string()
        } else {
            let source = self.site.source_page(self.page);
            let dir = source.slug.rsplit_once('/').map_or("", |(d, _)| d);
            if dir.is_empty() {
                path.to_string()
            } else {
                format!("{dir}/{path}")
            }
        };
        normalise(&joined)
    }

    fn link(&self, url: &str, target: &str, fragment: Option<&str>, suggest: bool) -> UrlRewrite {
        let slug = page_slug(target);
        if let Some(page) = self.site.page_at(&slug) {
            return self.to_page(page, fragment);
        }
        if self.site.root.join(target).is_file() {
            if let Some(refused) = self.outside(target) {
                return refused;
            }
            return UrlRewrite::To(with_fragment(relative(&self.page.dir(), target), fragment));
        }
        match self.site.link_target(&slug) {
            LinkTarget::Page {
                page,
                fragment: own,
            } => self.to_page(page, fragment.or(own.as_deref())),
            LinkTarget::External(url) => UrlRewrite::To(url),
            LinkTarget::Loop(passed) => UrlRewrite::Broken {
                message: format!(
                    "link `{url}` follows redirects that never reach a page: /{}",
                    passed.join(" → /")
                ),
                help: Some("change `redirects` in the config so the chain ends at a page".into()),
                href: Some(self.unresolved_href(target, url)),
                rule: Rule::RedirectLoop,
            },
            LinkTarget::Missing => self.missing(url, target, &slug, suggest),
        }
    }

    /// A link to no page: a bare relative link that names a page from the
    /// site root leads there (Mintlify's checker reads it from the root,
    /// though browsers read it from the page's folder, where there is
    /// none), with a note saying how to write it; any other gets a "did
    /// you mean".
    fn missing(&self, url: &str, target: &str, slug: &str, suggest: bool) -> UrlRewrite {
        let href = Some(self.unresolved_href(target, url));
        let path = url.split(['#', '?']).next().unwrap_or(url);
        let bare = !path.starts_with(['/', '.']);
        let from_root = page_slug(&normalise(path));
        let root_page = match self.site.link_target(&from_root) {
            LinkTarget::Page { page, fragment } => Some((page, fragment)),
            _ => None,
        };
        let root_file = normalise(path);
        if bare && self.site.root.join(&root_file).is_file() {
            let fragment = url.split_once('#').map(|(_, f)| f);
            let to = self.outside(&root_file).unwrap_or_else(|| {
                UrlRewrite::To(with_fragment(
                    relative(&self.page.dir(), &root_file),
                    fragment,
                ))
            });
            return self.read_from_the_root(to, url, &root_file, suggest);
        }
        if let Some((page, own)) = root_page.as_ref().filter(|_| bare) {
            let fragment = url.split_once('#').map(|(_, f)| f);
            let to = self.to_page(page, fragment.or(own.as_deref()));
            return self.read_from_the_root(to, url, &from_root, suggest);
        }
        let close = suggest.then(|| self.closest_slug(slug)).flatten();
        let help = match (base_path_hint(self.site, url, target), close) {
            (Some(hint), _) => hint,
            (None, Some(c)) => format!("did you mean `/{c}`?"),
            (None, None) => "link to an existing page, e.g. `/quickstart` or `../guide.mdx`".into(),
        };
        UrlRewrite::Broken {
            message: format!("link `{url}` points to a page that does not exist"),
            help: Some(help),
            href,
            rule: Rule::BrokenLink,
        }
    }

    /// A bare link's rewrite to `path` read from the docs root, with the
    /// note that says so (none for spec text, whose author nobody tells).
    fn read_from_the_root(&self, to: UrlRewrite, url: &str, path: &str, tell: bool) -> UrlRewrite {
        match to {
            UrlRewrite::To(href) if tell => UrlRewrite::Noted {
                href,
                message: format!(
                    "link `{url}` names nothing from this page's folder: it leads to `/{path}`, read from the docs root as Mintlify's link checker reads it (write `/{path}` to say so)"
                ),
                rule: Rule::RelativeLink,
            },
            other => other,
        }
    }

    /// A link to `page` (its place in the linking page's version, language
    /// and section), its fragment checked against the page's headings.
    fn to_page(&self, page: &Page, fragment: Option<&str>) -> UrlRewrite {
        if fragment.is_some() && page.id != self.page.id {
            self.anchor_targets.borrow_mut().push(page.id);
        }
        let own_ids = page.openapi.is_none() && page.frontmatter.api.is_none();
        let written = fragment.and_then(|f| page.anchor_id(f).filter(|_| own_ids));
        let fragment = written.as_deref().or(fragment);
        let place = self.site.place_like(page, self.page);
        let href = with_fragment(relative(&self.page.dir(), &place.url()), fragment);
        match fragment.filter(|f| !page.may_have_anchor(f)) {
            // The page is there: the link leads to it, only not to a heading.
            Some(f) => {
                UrlRewrite::Broken {
                    message: format!("no heading `#{f}` on page `{}`", page.slug),
                    help: Some(closest_heading(page, f).unwrap_or_else(|| {
                        format!("link to an existing heading of `{}`", page.slug)
                    })),
                    href: Some(href),
                    rule: Rule::BrokenLink,
                }
            }
            None => UrlRewrite::To(href),
        }
    }

    /// A link that leads nowhere, written so it still names the same path
    /// wherever the site is published: relative to the page, from the
    /// path the source names (its query and fragment kept).
    fn unresolved_href(&self, target: &str, url: &str) -> String {
        let suffix = url.find(['?', '#']).map_or("", |at| &url[at..]);
        relative(&self.page.dir(), target) + suffix
    }

    fn closest_slug(&self, slug: &str) -> Option<&str> {
        let slugs = self
            .slugs
            .get_or_init(|| Suggestions::new(self.site.pages.iter().map(|p| link_path(&p.slug))));
        slugs.closest(slug)
    }

    /// An image or file: relative to the page, else (as Mintlify resolves
    /// `images/x.png` on any page) relative to the docs root.
    fn asset(&self, url: &str, target: &str) -> UrlRewrite {
        if self.site.root.join(target).is_file() {
            return self
                .outside(target)
                .unwrap_or_else(|| UrlRewrite::To(relative(&self.page.dir(), target)));
        }
        let from_root = normalise(url.split(['#', '?']).next().unwrap_or(url));
        if !url.starts_with('/') && self.site.root.join(&from_root).is_file() {
            return self
                .outside(&from_root)
                .unwrap_or_else(|| UrlRewrite::To(relative(&self.page.dir(), &from_root)));
        }
        let help = base_path_hint(self.site, url, target);
        UrlRewrite::Broken {
            message: format!("image or file `{url}` does not exist"),
            help: Some(help.unwrap_or_else(|| {
                "paths are relative to the page or, with a leading `/`, to the docs root".into()
            })),
            href: None,
            rule: Rule::BrokenLink,
        }
    }
}

impl UrlResolver<'_> {
    /// The refusal of a link to the file `target` (relative to the root)
    /// that resolves outside the docs root: the build copies no such file.
    fn outside(&self, target: &str) -> Option<UrlRewrite> {
        match self.site.docs.resolve(Path::new(target)) {
            Err(refused @ ReadError::Outside { .. }) => Some(UrlRewrite::Refused {
                message: format!("image or file {refused}"),
            }),
            _ => None,
        }
    }
}

pub use crate::html::is_external_url as is_external;

/// Resolves `.` and `..` as a browser does: climbing above the root stays at the root.
fn normalise(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    let decoded = parts.join("/");
    percent_encoding::percent_decode_str(&decoded)
        .decode_utf8_lossy()
        .into_owned()
}

/// The path a link names a page by: its slug, a folder's `index` page by
/// the folder.
fn link_path(slug: &str) -> String {
    slug.strip_suffix("/index").unwrap_or(slug).to_string()
}

/// The help for a root-absolute link `/docs/x` on a site published at its
/// host's root when `/x` leads to a page or file and the docs root holds
/// nothing named `docs`: the author likely writes the path the site is
/// served under, which sheaf is not told. `target` is the link's path
/// without its leading `/`.
pub(super) fn base_path_hint(site: &Site, url: &str, target: &str) -> Option<String> {
    if !url.starts_with('/') || !site.base_path.is_empty() {
        return None;
    }
    let (first, rest) = target.split_once('/')?;
    if site.root.join(first).exists() {
        return None;
    }
    let leads = site.root.join(rest).is_file()
        || matches!(site.link_target(&page_slug(rest)), LinkTarget::Page { .. });
    leads.then(|| format!(
        "`/{rest}` is there: if the site is published under `/{first}`, build with `--site-url https://HOST/{first}` or `--base-path /{first}` (or set `base-path = \"/{first}\"` under `[site]` in sheaf.toml) and such links are read from the site root"
    ))
}

/// The page slug a link path names: extension and trailing `/index` removed.
fn page_slug(target: &str) -> String {
    let no_ext = target
        .strip_suffix(".mdx")
        .or_else(|| target.strip_suffix(".md"))
        .unwrap_or(target);
    let trimmed = no_ext.trim_end_matches('/');
    trimmed
        .strip_suffix("/index")
        .unwrap_or(trimmed)
        .to_string()
}

/// The URL of `target` (relative to the site root) from a page in folder
/// `dir` (`a/b/`), in its shortest form: `../c/` from `a/b/` to `a/c/`.
pub fn relative(dir: &str, target: &str) -> String {
    crate::render::link_from(dir, &encode_path(target))
}

fn encode_path(path: &str) -> String {
    const SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
        .add(b' ')
        .add(b'"')
        .add(b'#')
        .add(b'%')
        .add(b'<')
        .add(b'>')
        .add(b'?')
        .add(b'`');
    percent_encoding::utf8_percent_encode(path, SEGMENT).to_string()
}

fn with_fragment(href: String, fragment: Option<&str>) -> String {
    match fragment {
        Some(f) => format!("{href}#{f}"),
        None => href,
    }
}

/// Whether a path inside the docs root should be copied to the output as a static file.
pub fn is_static_asset(relative: &Path) -> bool {
    let name = relative.to_string_lossy();
    let skipped_dir = relative.components().any(|c| {
        let s = c.as_os_str().to_string_lossy();
        s.starts_with('.') || s.starts_with('_') || s == "node_modules"
    });
    let ext = relative.extension().and_then(|e| e.to_str()).unwrap_or("");
    // `site.schema.json` beside site.json (as `sheaf init` writes it) is
    // the editor's schema of the config, no part of the site.
    let config = crate::config::CONFIG_FILES.contains(&name.as_ref())
        || name == crate::rules::settings::FILE
        || name == "site.schema.json";
    !skipped_dir && !matches!(ext, "md" | "mdx") && !config
}

/// Where the site serves a page's spec (`download-spec`): its URL, or its
/// path in the docs root when the build copies that file.
pub fn served_spec(spec: &str) -> Option<String> {
    if crate::html::is_external_url(spec) {
        return Some(spec.to_string());
    }
    let path = spec.trim_start_matches("./").trim_start_matches('/');
    is_static_asset(Path::new(path)).then(|| path.to_string())
}

/// "did you mean `#configure`?" for a fragment close to a heading id of `page`.
fn closest_heading(page: &Page, fragment: &str) -> Option<String> {
    let mut ids: Vec<&str> = page.heading_ids.iter().map(String::as_str).collect();
    ids.sort_unstable();
    crate::diagnostics::did_you_mean(fragment, ids).map(|id| format!("did you mean `#{id}`?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_configs_and_hidden_files_are_not_static_assets() {
        for kept in ["images/a.png", "openapi.yaml", "guides/docs.json"] {
            assert!(is_static_asset(Path::new(kept)), "{kept}");
        }
        for skipped in [
            "sheaf.toml",
            "site.json",
            "site.schema.json",
            "docs.json",
            "mint.json",
            "a.mdx",
            "b/c.md",
            ".mintignore",
            "_theme/x.css",
            "node_modules/x.js",
        ] {
            assert!(!is_static_asset(Path::new(skipped)), "{skipped}");
        }
    }

    #[test]
    fn externals_are_recognised() {
        assert!(is_external("https://x.com"));
        assert!(is_external("mailto:a@b"));
        assert!(is_external("//cdn.x"));
        assert!(!is_external("/quickstart"));
        assert!(!is_external("../a.mdx"));
    }

    #[test]
    fn normalise_resolves_dots_and_clamps_at_the_root() {
        assert_eq!(normalise("a/./b/../c"), "a/c");
        assert_eq!(normalise("../x"), "x");
        assert_eq!(normalise("some%20page"), "some page");
    }

    #[test]
    fn relative_urls_climb_to_the_root() {
        assert_eq!(relative("", ""), "./");
        assert_eq!(relative("", "a/b/"), "a/b/");
        assert_eq!(relative("a/b/", "x/"), "../../x/");
        assert_eq!(relative("a/", "some page/"), "../some%20page/");
    }

    #[test]
    fn relative_urls_skip_the_folders_they_share() {
        assert_eq!(relative("tab3/page3500/", "tab3/page3499/"), "../page3499/");
        assert_eq!(relative("tab3/page3500/", "tab3/page3500/"), "./");
        assert_eq!(relative("tab3/", "tab3/img/a.png"), "img/a.png");
        assert_eq!(relative("tab3/page3500/", "tab4/x/"), "../../tab4/x/");
    }

    #[test]
    fn page_slugs_drop_extensions_and_index() {
        assert_eq!(page_slug("guides/setup.mdx"), "guides/setup");
        assert_eq!(page_slug("guides/index"), "guides");
        assert_eq!(page_slug("quickstart/"), "quickstart");
    }

    #[test]
    fn a_broken_link_nobody_is_told_about_looks_for_no_suggestion() {
        let dir = tempfile::tempdir().unwrap();
        for page in ["setup", "guide"] {
            std::fs::write(dir.path().join(format!("{page}.md")), "# P").unwrap();
        }
        let config = serde_json::from_str(
            r#"{"name": "X", "navigation": [{"group": "G", "pages": ["setup", "guide"]}]}"#,
        )
        .unwrap();
        let site = Site::load(
            &crate::sources::SourceFiles::scan(dir.path()),
            config,
            &|_| None,
        )
        .0;
        let slugs = OnceLock::new();
        let resolver = UrlResolver::new(&site, &slugs, &site.pages[1]);
        let untold = resolver.rewrite_untold("/setpu", UrlKind::Link);
        assert!(
            matches!(untold, UrlRewrite::Broken { help: Some(ref h), .. } if !h.contains("did you mean"))
        );
        assert!(slugs.get().is_none(), "no suggestion index was built");
        let told = resolver.rewrite("/setpu", UrlKind::Link);
        assert!(
            matches!(told, UrlRewrite::Broken { help: Some(ref h), .. } if h == "did you mean `/setup`?")
        );
    }
}

//! What a saved file means for the preview.
//!
//! Every path the watcher reports is classified ([`ChangeKind`]); editor
//! droppings, hidden folders and build output are ignored. A batch of changes
//! becomes a [`Plan`]: whether to rebuild, whether the playground proxy's
//! allow-list must be read again (only `site.json` and OpenAPI files can
//! change it), and which pages alone changed: those go to the session's
//! page update (`site::Session`), which re-renders a page whose body alone
//! changed in place; anything more is a full rebuild.

use std::fmt;
use std::path::{Component, Path, PathBuf};

use crate::config::CONFIG_FILES;
use crate::mintignore::MINTIGNORE_FILE;

/// The kinds of files in a docs root.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ChangeKind {
    /// `site.json`, `docs.json`, `mint.json` or `.mintignore`.
    Config,
    /// A JSON or YAML file other than the config (an OpenAPI spec).
    OpenApi,
    /// A Markdown or MDX page.
    Page,
    /// A file under `snippets/` or a React component (`.jsx`, `.tsx`), included by pages.
    Snippet,
    /// A template or theme file under `_theme/`.
    Theme,
    /// Anything else: images, downloads, favicons.
    Asset,
}

impl fmt::Display for ChangeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChangeKind::Config => "site config",
            ChangeKind::OpenApi => "OpenAPI file",
            ChangeKind::Page => "page",
            ChangeKind::Snippet => "snippet",
            ChangeKind::Theme => "theme override",
            ChangeKind::Asset => "static asset",
        })
    }
}

/// Where a docs root keeps template and theme overrides (the theme's
/// `OVERRIDE_DIR`, private to `render`).
const THEME_DIR: &str = "_theme";

/// Folders whose changes never affect the site.
const IGNORED_DIRS: [&str; 3] = ["_site", "node_modules", "target"];

/// The kind of the file at `relative` (a path inside the docs root), or
/// `None` when its changes are ignored.
pub fn classify(relative: &Path) -> Option<ChangeKind> {
    if relative == Path::new(MINTIGNORE_FILE) {
        // It decides which files are part of the site, like the config.
        return Some(ChangeKind::Config);
    }
    if is_ignored(relative) {
        return None;
    }
    let first = relative.components().next()?.as_os_str().to_str()?;
    let extension = relative
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let settings = relative == Path::new(crate::rules::settings::FILE);
    let kind = if settings || CONFIG_FILES.iter().any(|c| relative == Path::new(c)) {
        ChangeKind::Config
    } else if first == THEME_DIR {
        ChangeKind::Theme
    } else if first == "snippets" {
        ChangeKind::Snippet
    } else {
        match extension.as_deref() {
            Some("md" | "mdx") => ChangeKind::Page,
            // React components, which pages import wherever they live.
            Some("jsx" | "tsx") => ChangeKind::Snippet,
            Some("json" | "yaml" | "yml") => ChangeKind::OpenApi,
            _ => ChangeKind::Asset,
        }
    };
    Some(kind)
}

fn is_ignored(relative: &Path) -> bool {
    let hidden_or_output = relative.components().any(|c| match c {
        Component::Normal(name) => name
            .to_str()
            .is_none_or(|name| name.starts_with('.') || IGNORED_DIRS.contains(&name)),
        _ => true,
    });
    let name = relative
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let editor_temp = name.ends_with('~')
        || name.ends_with(".swp")
        || name.ends_with(".swx")
        || name.ends_with(".tmp")
        || name == "4913";
    hidden_or_output || editor_temp
}

/// What to redo for one batch of changes.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// The classified changes, in path order.
    pub changes: Vec<(ChangeKind, PathBuf)>,
}

impl Plan {
    /// Classifies `paths` (relative to the docs root), dropping ignored ones.
    pub fn new(paths: impl IntoIterator<Item = PathBuf>) -> Plan {
        let mut changes: Vec<(ChangeKind, PathBuf)> = paths
            .into_iter()
            .filter_map(|path| Some((classify(&path)?, path)))
            .collect();
        changes.sort_by(|a, b| a.1.cmp(&b.1));
        changes.dedup();
        Plan { changes }
    }

    /// Whether anything that affects the site changed.
    pub fn needs_rebuild(&self) -> bool {
        !self.changes.is_empty()
    }

    /// Whether the API base URLs (site.json `api.baseUrl`, spec `servers`)
    /// may have changed.
    pub fn refreshes_allow_list(&self) -> bool {
        self.changes
            .iter()
            .any(|(kind, _)| matches!(kind, ChangeKind::Config | ChangeKind::OpenApi))
    }

    /// The changed pages when nothing but pages changed (what the
    /// session's page update takes); `None` when the change reaches further.
    pub fn only_pages(&self) -> Option<Vec<&Path>> {
        self.changes
            .iter()
            .map(|(kind, path)| (*kind == ChangeKind::Page).then_some(path.as_path()))
            .collect()
    }

    /// One line per change, for the terminal.
    pub fn describe(&self) -> Vec<String> {
        self.changes
            .iter()
            .map(|(kind, path)| format!("{kind} changed: {}", path.display()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_each_kind() {
        let cases = [
            ("site.json", Some(ChangeKind::Config)),
            ("mint.json", Some(ChangeKind::Config)),
            ("sheaf.toml", Some(ChangeKind::Config)),
            (".mintignore", Some(ChangeKind::Config)),
            ("guide/.mintignore", None),
            ("openapi.yaml", Some(ChangeKind::OpenApi)),
            ("api/spec.json", Some(ChangeKind::OpenApi)),
            ("guide/setup.mdx", Some(ChangeKind::Page)),
            ("index.md", Some(ChangeKind::Page)),
            ("snippets/intro.mdx", Some(ChangeKind::Snippet)),
            ("components/counter.jsx", Some(ChangeKind::Snippet)),
            ("_theme/templates/page.html", Some(ChangeKind::Theme)),
            ("_theme/custom.css", Some(ChangeKind::Theme)),
            ("images/logo.png", Some(ChangeKind::Asset)),
            ("_site/index.html", None),
            (".git/index", None),
            ("guide/.setup.mdx.swp", None),
            ("guide/setup.mdx~", None),
            ("4913", None),
            ("node_modules/x/package.json", None),
        ];
        for (path, expected) in cases {
            assert_eq!(classify(Path::new(path)), expected, "{path}");
        }
    }

    #[test]
    fn plan_drops_ignored_files_and_duplicates() {
        let plan = Plan::new(["b.mdx", ".git/HEAD", "b.mdx", "a.mdx"].map(PathBuf::from));
        assert_eq!(
            plan.describe(),
            ["page changed: a.mdx", "page changed: b.mdx"]
        );
        assert!(plan.needs_rebuild());
        assert!(!plan.refreshes_allow_list());
        assert_eq!(
            plan.only_pages(),
            Some(vec![Path::new("a.mdx"), Path::new("b.mdx")])
        );
        assert!(!Plan::new([PathBuf::from("x.swp")]).needs_rebuild());
    }

    #[test]
    fn config_and_spec_changes_refresh_the_allow_list() {
        let plan = Plan::new(["site.json", "a.mdx"].map(PathBuf::from));
        assert!(plan.refreshes_allow_list());
        assert_eq!(plan.only_pages(), None);
        assert!(Plan::new([PathBuf::from("openapi.yaml")]).refreshes_allow_list());
    }
}

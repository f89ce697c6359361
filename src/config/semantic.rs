//! Checks that need more than the schema: the files `site.json` names exist,
//! navigation pages exist, stay inside the root and appear once per version
//! and language (a page listed in two versions is in two places), versions
//! used are declared, and fields that only work together are set together.
//!
//! A navigation page that does not exist is a warning, as Mintlify builds
//! such sites (real ones ship with stale entries): the entry is left out of
//! the sidebar and `check` fails.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use serde_json::Value;

use super::nav_json::{array, collect_entries, collect_groups, Entry, Scope};
use super::source::SourceDoc;
use super::types::{SiteConfig, LATER_SOCIAL_KEYS};
use super::{is_endpoint_entry, normalise_slug};
use crate::confine::{ReadError, OUTSIDE_HELP};
use crate::diagnostics::{did_you_mean, Diagnostic, Suggestions};
use crate::mintignore::{self, MINTIGNORE_FILE};
use crate::rules::Rule;
use crate::sources::SourceFiles;

/// Runs every semantic check on a schema-valid, deserialised config.
pub fn check(
    doc: &SourceDoc,
    config: &SiteConfig,
    files: &SourceFiles,
    file: &Path,
) -> Vec<Diagnostic> {
    let ctx = Checker {
        doc,
        root: files.root(),
        files,
        file,
    };
    let mut out = Vec::new();
    out.extend(ctx.navigation());
    out.extend(ctx.versions(config));
    out.extend(ctx.local_files());
    out.extend(ctx.openapi_files());
    out.extend(ctx.redirect_destinations());
    if super::ConfigShape::of(file) == super::ConfigShape::SiteJson {
        // docs.json allows any social platform and one background mode.
        out.extend(ctx.socials());
        out.extend(ctx.backgrounds());
    }
    out.extend(ctx.feedback(config));
    out.extend(ctx.icons());
    out.extend(super::analytics::diagnostics(doc, config, file));
    out
}

struct Checker<'a> {
    doc: &'a SourceDoc,
    root: &'a Path,
    files: &'a SourceFiles,
    file: &'a Path,
}

impl Checker<'_> {
    fn error_at(&self, rule: Rule, pointer: &str, message: String) -> Diagnostic {
        self.doc.locate(
            Diagnostic::error(self.file, message).with_rule(rule),
            pointer,
        )
    }

    fn warning_at(&self, rule: Rule, pointer: &str, message: String) -> Diagnostic {
        self.doc.locate(
            Diagnostic::warning(self.file, message).with_rule(rule),
            pointer,
        )
    }

    /// Every page entry of the navigation with its JSON pointer and
    /// scope, depth first.
    fn page_entries(&self) -> Vec<Entry> {
        let mut out = Vec::new();
        if let Some(groups) = self.doc.value.get("navigation").and_then(Value::as_array) {
            for (i, group) in groups.iter().enumerate() {
                let pointer = format!("/navigation/{i}");
                collect_entries(group, pointer, Scope::default(), &mut out);
            }
        }
        out
    }

    /// Every group's `root` page with its JSON pointer.
    fn group_roots(&self) -> Vec<(String, String)> {
        let mut groups = Vec::new();
        for (i, group) in array(&self.doc.value, "navigation").iter().enumerate() {
            collect_groups(group, format!("/navigation/{i}"), &mut groups);
        }
        groups
            .into_iter()
            .filter_map(|(pointer, group)| {
                let root = group.get("root")?.as_str()?;
                Some((format!("{pointer}/root"), root.to_string()))
            })
            .collect()
    }

    fn navigation(&self) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let mut first_seen: HashMap<(String, Scope), String> = HashMap::new();
        let mut checked: HashSet<String> = HashSet::new();
        let mut existing: Option<Suggestions> = None;
        for Entry {
            pointer,
            page: entry,
            scope,
        } in self.page_entries()
        {
            if is_endpoint_entry(&entry) {
                continue;
            }
            let Some(slug) = normalise_slug(&entry) else {
                out.push(self.escaping_page(&pointer, &entry));
                continue;
            };
            if let Some(first) = first_seen.get(&(slug.clone(), scope.clone())) {
                out.push(self.duplicate_page(&pointer, &entry, first));
                continue;
            }
            first_seen.insert((slug.clone(), scope), pointer.clone());
            if checked.insert(slug.clone()) {
                out.extend(self.absent_page(&pointer, &slug, &mut existing));
            }
        }
        // A group's root page may also be one of its pages: no duplicate check.
        for (pointer, entry) in self.group_roots() {
            match normalise_slug(&entry) {
                None => out.push(self.escaping_page(&pointer, &entry)),
                Some(slug) => out.extend(self.absent_page(&pointer, &slug, &mut existing)),
            }
        }
        out
    }

    /// A warning when the page `slug` has no file, or `.mintignore` excludes
    /// it; `existing` caches the site's page slugs for "did you mean".
    fn absent_page(
        &self,
        pointer: &str,
        slug: &str,
        existing: &mut Option<Suggestions>,
    ) -> Option<Diagnostic> {
        if let Some(refused) = self.files.escaping_page(slug) {
            return Some(self.outside_root(pointer, &format!("page \"{slug}\""), &refused));
        }
        if self.files.page_file(slug).is_some() {
            return None;
        }
        Some(match self.files.excluded_page(slug) {
            Some(rule) => self.ignored_page(pointer, slug, &rule),
            None => {
                let pages =
                    existing.get_or_insert_with(|| Suggestions::new(page_slugs(self.files)));
                self.missing_page(pointer, slug, pages)
            }
        })
    }

    /// The error for a file `what` at `pointer` that resolves outside the root.
    fn outside_root(&self, pointer: &str, what: &str, refused: &ReadError) -> Diagnostic {
        self.error_at(Rule::OutsideRoot, pointer, format!("{what}: {refused}"))
            .with_help(OUTSIDE_HELP)
    }

    fn escaping_page(&self, pointer: &str, entry: &str) -> Diagnostic {
        self.error_at(Rule::OutsideRoot, pointer, format!("page \"{entry}\" is outside the docs root"))
            .with_help("navigation pages are paths inside the docs root, without `..` or a leading drive, e.g. \"guides/setup\"")
    }

    fn duplicate_page(&self, pointer: &str, entry: &str, first: &str) -> Diagnostic {
        let first_pos = crate::diagnostics::Position::from_offset(
            &self.doc.text,
            self.doc.span_of(first).start,
        );
        self.warning_at(Rule::DuplicatePage, pointer, format!("page \"{entry}\" appears twice in the navigation"))
            .with_help(format!(
                "it is already listed at line {}, column {} (`{}`); both entries link to the same page, remove one unless that is intended",
                first_pos.line,
                first_pos.column,
                self.doc.json_path(first)
            ))
    }

    fn ignored_page(&self, pointer: &str, slug: &str, rule: &mintignore::Rule) -> Diagnostic {
        self.warning_at(Rule::IgnoredPage,
            pointer,
            format!("page \"{slug}\" is excluded by {rule}"),
        )
        .with_help(match rule.line {
            Some(line) => format!(
                "the entry is left out of the navigation; remove it, or change line {line} of {MINTIGNORE_FILE} to publish the page"
            ),
            None => format!(
                "the entry is left out of the navigation, as Mintlify leaves the file out of every site; remove it, rename the file to `.mdx`, or add `!{}` to {MINTIGNORE_FILE} to publish the page",
                rule.pattern
            ),
        })
    }

    fn missing_page(&self, pointer: &str, slug: &str, existing: &Suggestions) -> Diagnostic {
        let fix = match existing.closest(slug) {
            Some(close) => format!("did you mean \"{close}\"? Otherwise create `{slug}.mdx`"),
            None => format!(
                "create `{slug}.mdx` (or `{slug}.md`) in the docs root, or remove the entry"
            ),
        };
        let help = format!("{fix}; the site builds without the entry meanwhile");
        self.warning_at(
            Rule::PageMissing,
            pointer,
            format!("page \"{slug}\" does not exist: no `{slug}.mdx` or `{slug}.md`"),
        )
        .with_help(help)
    }

    fn versions(&self, config: &SiteConfig) -> Vec<Diagnostic> {
        let declared: Vec<&str> = config.version_names();
        let external: Vec<&str> = config
            .versions
            .iter()
            .filter(|v| v.external_url().is_some())
            .map(|v| v.name())
            .collect();
        let mut used = HashSet::new();
        let mut out = Vec::new();
        for (pointer, version) in self.version_uses() {
            used.insert(version.clone());
            if !declared.contains(&version.as_str()) {
                out.push(self.undeclared_version(&pointer, &version, &declared));
            }
        }
        for (i, name) in declared.iter().enumerate() {
            let versioned_folder = self.root.join(name).is_dir();
            if !used.contains(*name)
                && !external.contains(name)
                && !versioned_folder
                && !page_uses_version(self.files, name)
            {
                out.push(
                    self.warning_at(
                        Rule::UnusedVersion,
                        &format!("/versions/{i}"),
                        format!("version \"{name}\" is declared but never used"),
                    )
                    .with_help("tag groups, anchors or pages with `\"version\"`, or remove it"),
                );
            }
        }
        out
    }

    fn undeclared_version(&self, pointer: &str, version: &str, declared: &[&str]) -> Diagnostic {
        let help = match (
            declared.is_empty(),
            did_you_mean(version, declared.iter().copied()),
        ) {
            (true, _) => format!("add \"versions\": [\"{version}\"] to site.json"),
            (false, Some(close)) => format!(
                "did you mean \"{close}\"? Declared versions: {}",
                declared.join(", ")
            ),
            (false, None) => format!(
                "add \"{version}\" to `versions` (declared: {})",
                declared.join(", ")
            ),
        };
        self.error_at(
            Rule::UnknownVersion,
            pointer,
            format!("version \"{version}\" is not declared in `versions`"),
        )
        .with_help(help)
    }

    /// Every `version` value on groups (any depth), anchors and tabs.
    fn version_uses(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut visit = |pointer: String, v: &Value| {
            if let Some(version) = v.get("version").and_then(Value::as_str) {
                out.push((format!("{pointer}/version"), version.to_string()));
            }
        };
        for key in ["anchors", "tabs"] {
            for (i, item) in array(&self.doc.value, key).iter().enumerate() {
                visit(format!("/{key}/{i}"), item);
            }
        }
        let mut groups = Vec::new();
        for (i, group) in array(&self.doc.value, "navigation").iter().enumerate() {
            collect_groups(group, format!("/navigation/{i}"), &mut groups);
        }
        for (pointer, group) in groups {
            visit(pointer, group);
        }
        out
    }

    fn local_files(&self) -> Vec<Diagnostic> {
        let mut fields: Vec<String> = vec!["/favicon".into(), "/backgroundImage".into()];
        match self.doc.value.get("logo") {
            Some(Value::String(_)) => fields.push("/logo".into()),
            Some(Value::Object(_)) => fields.extend(["/logo/light".into(), "/logo/dark".into()]),
            _ => {}
        }
        fields
            .iter()
            .filter_map(|pointer| {
                let path = self.doc.value.pointer(pointer)?.as_str()?;
                let relative = Path::new(path.trim_start_matches('/'));
                if !is_local(path) {
                    return None;
                }
                if let Err(refused @ ReadError::Outside { .. }) =
                    self.files.docs_root().resolve(relative)
                {
                    return Some(self.outside_root(pointer, &format!("image \"{path}\""), &refused));
                }
                (!self.root.join(relative).is_file()).then(|| {
                    self.warning_at(Rule::ImageMissing, pointer, format!("image \"{path}\" does not exist"))
                        .with_help(format!(
                            "paths are relative to the docs root ({}); add the file or fix the path (the site builds without the image meanwhile)",
                            self.root.display()
                        ))
                })
            })
            .collect()
    }

    fn openapi_files(&self) -> Vec<Diagnostic> {
        let entries: Vec<(String, &str)> = match self.doc.value.get("openapi") {
            Some(Value::String(s)) => vec![("/openapi".into(), s.as_str())],
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .filter_map(|(i, v)| Some((format!("/openapi/{i}"), v.as_str()?)))
                .collect(),
            _ => Vec::new(),
        };
        entries
            .into_iter()
            .filter(|(_, path)| is_local(path))
            .filter_map(|(pointer, path)| self.openapi_file_problem(&pointer, path))
            .collect()
    }

    fn openapi_file_problem(&self, pointer: &str, path: &str) -> Option<Diagnostic> {
        let relative = Path::new(path.trim_start_matches('/'));
        let text = match self.files.read_to_string(relative) {
            Ok(text) => text,
            Err(refused @ ReadError::Outside { .. }) => {
                return Some(self.outside_root(
                    pointer,
                    &format!("OpenAPI file \"{path}\""),
                    &refused,
                ))
            }
            Err(_) => {
                return Some(
                    self.error_at(
                        Rule::SpecMissing,
                        pointer,
                        format!("OpenAPI file \"{path}\" does not exist"),
                    )
                    .with_help("paths are relative to the docs root; add the file or fix the path"),
                )
            }
        };
        // A syntax error is the OpenAPI loader's to report, at its line and
        // column in the spec itself. Text opening with `{` is an object (JSON
        // or YAML's flow style) or such an error: not parsed a second time
        // here (GitHub's 13 MB spec took 7% of its build to read as YAML).
        if text.trim_start().starts_with('{') {
            return None;
        }
        match crate::yaml::from_str::<serde_yaml_ng::Value>(&text) {
            Ok(serde_yaml_ng::Value::Mapping(_)) | Err(_) => None,
            Ok(_) => Some(self.error_at(
                Rule::ConfigValue,
                pointer,
                format!("OpenAPI file \"{path}\" is not an object"),
            )),
        }
    }

    /// A redirect leads to a local path, an `http(s)://` or a `mailto:`
    /// URL: anything else (`javascript:`, `data:`) would run or show what
    /// the config's author wrote on the reader's click.
    fn redirect_destinations(&self) -> Vec<Diagnostic> {
        let redirects = array(&self.doc.value, "redirects").iter().enumerate();
        redirects
            .filter_map(|(i, redirect)| {
                let destination = redirect.get("destination")?.as_str()?;
                let scheme = url_scheme(destination)?;
                (!matches!(scheme.as_str(), "http" | "https" | "mailto")).then(|| {
                    self.error_at(Rule::UnsafeUrl,
                        &format!("/redirects/{i}/destination"),
                        format!("redirect destination `{destination}` is not a local path, an http(s) URL or a mailto: link"),
                    )
                    .with_help("redirect to a page of the site (`/quickstart`) or to an `https://` URL")
                })
            })
            .collect()
    }

    fn socials(&self) -> Vec<Diagnostic> {
        let Some(socials) = self
            .doc
            .value
            .get("footerSocials")
            .and_then(Value::as_object)
        else {
            return Vec::new();
        };
        socials
            .keys()
            .filter(|k| LATER_SOCIAL_KEYS.contains(&k.as_str()))
            .map(|k| {
                self.warning_at(Rule::UnknownKey, &format!("/footerSocials/{k}"), format!("`{k}` is outside the nine footerSocials keys"))
                    .with_help("it is shown, but only website, facebook, twitter, discord, slack, github, linkedin, instagram and hacker-news are standard")
            })
            .collect()
    }

    fn feedback(&self, config: &SiteConfig) -> Option<Diagnostic> {
        let wanted = config.feedback.suggest_edit || config.feedback.raise_issue;
        (wanted && config.repository_url().is_none()).then(|| {
            self.warning_at(Rule::ConfigValue, "/feedback", "feedback buttons need a GitHub repository and none is set".into())
                .with_help("set topbarCtaButton {\"type\": \"github\", \"url\": \"https://github.com/owner/repo\"} or footerSocials.github to a repository URL; until then the buttons are omitted")
        })
    }

    fn backgrounds(&self) -> Vec<Diagnostic> {
        let Some(bg) = self
            .doc
            .value
            .pointer("/colors/background")
            .and_then(Value::as_object)
        else {
            return Vec::new();
        };
        ["light", "dark"]
            .into_iter()
            .filter(|mode| !bg.contains_key(*mode))
            .map(|mode| {
                self.warning_at(Rule::ConfigValue, "/colors/background", format!("missing `{mode}` background color"))
                    .with_help(format!("give both modes, e.g. \"{mode}\": \"{}\"; the theme's default {mode} background is used meanwhile", if mode == "light" { "#ffffff" } else { "#0f1117" }))
            })
            .collect()
    }
}

impl Checker<'_> {
    /// Icons named in tabs, anchors (docs.json products, dropdowns and menus
    /// among them), the top anchor and navigation groups: a note when drawn
    /// from another library or the Pro mapping, a warning when unknown.
    fn icons(&self) -> Vec<Diagnostic> {
        let mut places: Vec<(String, &Value)> = Vec::new();
        for (i, anchor) in array(&self.doc.value, "anchors").iter().enumerate() {
            places.push((format!("/anchors/{i}"), anchor));
        }
        for (i, tab) in array(&self.doc.value, "tabs").iter().enumerate() {
            places.push((format!("/tabs/{i}"), tab));
        }
        if let Some(top) = self.doc.value.get("topAnchor") {
            places.push(("/topAnchor".into(), top));
        }
        let mut groups = Vec::new();
        for (i, group) in array(&self.doc.value, "navigation").iter().enumerate() {
            collect_groups(group, format!("/navigation/{i}"), &mut groups);
        }
        places.extend(groups);
        let library = (self
            .doc
            .value
            .pointer("/icons/library")
            .and_then(Value::as_str))
        .and_then(crate::icons::Library::parse)
        .unwrap_or_default();
        places
            .into_iter()
            .filter_map(|(pointer, item)| {
                let icon = item.get("icon")?.as_str()?;
                let icon_type = item.get("iconType").and_then(Value::as_str);
                let finding = icon_finding(icon, icon_type, library)?;
                let diagnostic = finding.diagnostic(self.file);
                Some(self.doc.locate(diagnostic, &format!("{pointer}/icon")))
            })
            .collect()
    }
}

/// What an icon named in the config or frontmatter deserves to be told
/// (see [`crate::icons::resolve`]): nothing for an image or a name of the
/// site's library.
pub fn icon_finding(
    icon: &str,
    icon_type: Option<&str>,
    library: crate::icons::Library,
) -> Option<crate::icons::Finding> {
    if crate::icons::is_image_reference(icon) {
        return None;
    }
    crate::icons::resolve(icon, icon_type, library).1
}

/// Whether a path names a local file (not a URL or data URI).
/// The scheme of `url` as a browser reads it (tabs and line breaks
/// anywhere and leading spaces and control characters ignored),
/// lowercased; `None` for a path.
fn url_scheme(url: &str) -> Option<String> {
    let read: String = url
        .trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let (scheme, _) = read.split_once(':')?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    let valid = first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c));
    valid.then(|| scheme.to_ascii_lowercase())
}

pub fn is_local(path: &str) -> bool {
    !(path.contains("://") || path.starts_with("data:") || path.starts_with("//"))
}

/// The listed page files (`.md`, `.mdx`), relative to the root.
fn page_files(files: &SourceFiles) -> impl Iterator<Item = &str> {
    files
        .iter()
        .filter(|name| name.ends_with(".md") || name.ends_with(".mdx"))
}

/// Slugs of every listed page file, for "did you mean" help.
fn page_slugs(files: &SourceFiles) -> Vec<String> {
    page_files(files)
        .filter_map(|name| name.rsplit_once('.').map(|(slug, _)| slug.to_string()))
        .collect()
}

/// Whether some page's frontmatter says `version: name` (checked only for
/// versions no group, anchor or tab uses).
fn page_uses_version(files: &SourceFiles, name: &str) -> bool {
    let needle = format!("version: {name}");
    let quoted = [format!("version: \"{name}\""), format!("version: '{name}'")];
    page_files(files)
        .filter_map(|page| files.read_to_string(Path::new(page)).ok())
        .any(|text| {
            let head = text.get(..text.len().min(2048)).unwrap_or(&text);
            head.contains(&needle) || quoted.iter().any(|q| head.contains(q.as_str()))
        })
}

#[cfg(test)]
mod tests {
    use super::url_scheme;

    #[test]
    fn url_schemes_are_read_as_browsers_read_them() {
        assert_eq!(url_scheme("/quickstart"), None);
        assert_eq!(url_scheme("guides/a:b"), None);
        assert_eq!(url_scheme("https://x.dev").as_deref(), Some("https"));
        assert_eq!(
            url_scheme(" JavaScript:alert(1)").as_deref(),
            Some("javascript")
        );
        assert_eq!(
            url_scheme("java\tscript:alert(1)").as_deref(),
            Some("javascript")
        );
        assert_eq!(url_scheme("\u{1}data:text/html,x").as_deref(), Some("data"));
    }
}

//! The site config: parse with source positions, validate against the
//! embedded JSON Schema, deserialise into [`SiteConfig`], then run semantic
//! checks.
//!
//! Each step reports every problem it finds; the next step runs only on
//! what the previous one accepted (a document with a syntax error has no
//! values to validate; one with schema errors goes on without its failing
//! values, `repair.rs`, unless the root itself fails, such as a missing
//! `name`: then it is not deserialised). A docs
//! root holds `site.json`, `docs.json` or `mint.json`, looked for in that
//! order. `mint.json` is read as `site.json`; `docs.json` is validated
//! against its own schema, then converted into the `site.json` shape
//! (`docs_json`) with every pointer traced back to docs.json, and checked
//! from there like the others; before that, its `{"$ref": "…"}` objects
//! are replaced by the files they name (`refs`), each keeping its own
//! text so that problems in it point at its own lines. Two config files
//! side by side are a warning
//! naming the one read, and `build`, `check` and `serve` say once when they
//! read a Mintlify file ([`reading_notice`]).
//!
//! Positions: serde_json parses the text (and reports its syntax errors),
//! and a `jsonc-parser` syntax tree of the same text gives the span of every
//! JSON pointer. A converted docs.json keeps *aliases* from its converted
//! pointers back to the ones of the text, so [`SourceDoc::span_of`] and
//! [`SourceDoc::json_path`] always point into the file the author wrote.
//! [`Loaded::source`] keeps the parsed file, so later stages place what they
//! find about a field with [`SourceDoc::locate`]. What a docs.json asks for
//! that sheaf does not do is a note (say, `thumbnails.fonts`), or a warning when it
//! changes what readers see; a note never fails a build.
//!
//! The semantic checks warn rather than fail where Mintlify builds the site
//! anyway: a missing logo, favicon or background image is a warning, and the
//! theme links only what exists (the other mode's logo stands in, else the
//! site's name shows). An OpenAPI file the config names must exist and hold
//! an object; its syntax errors are left to the OpenAPI loader, which places
//! them in the spec itself.
//!
//! `colors` are shown in the shades that read in both modes (`colors.rs`,
//! over [`crate::color`]); a colour that cannot be used as is for text or
//! buttons is a note at its line naming the shade readers see.

pub mod analytics;
mod colors;
mod docs_json;
mod entries;
#[cfg(test)]
mod fuzz;
pub mod looks;
pub mod migrate;
mod nav_json;
mod refs;
mod repair;
mod schema;
mod semantic;
mod source;
mod theme;
mod types;
mod vocabulary;

use std::path::{Path, PathBuf};

pub use entries::{
    channel_entry, channel_of_entry, is_endpoint_entry, is_schema_entry, normalise_slug, section_of,
};
pub use migrate::{carry_legacy, migrate, LeftOut, Migration};
pub use schema::{docs_schema_for_editors, DOCS_SCHEMA_TEXT, SCHEMA_FILE_NAME, SCHEMA_TEXT};
pub use semantic::{icon_finding, is_local};
pub use source::{display_path, offset_of_line_col, SourceDoc};
pub use theme::ThemeName;
pub use types::*;

use crate::confine::{ReadError, OUTSIDE_HELP};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::rules::Rule;
use crate::sources::SourceFiles;

/// The configuration file names, in the order they are looked for.
pub const CONFIG_FILES: [&str; 3] = ["site.json", "docs.json", "mint.json"];

/// A loaded configuration and everything said about it.
#[derive(Debug)]
pub struct Loaded {
    /// `None` when the file has errors that stop deserialisation.
    pub config: Option<SiteConfig>,
    /// The file read, relative to the root (`site.json` or `mint.json`).
    pub file: PathBuf,
    /// The file parsed (a docs.json converted, its pointers traced back),
    /// with `config`: later stages place what they find about a field
    /// with [`SourceDoc::locate`].
    pub source: Option<SourceDoc>,
    pub diagnostics: Diagnostics,
}

impl Loaded {
    /// Whether the configuration came from a Mintlify `mint.json`.
    pub fn is_mint_json(&self) -> bool {
        self.file == Path::new("mint.json")
    }
}

/// The two shapes a config file can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigShape {
    /// `site.json` or Mintlify's legacy `mint.json`.
    SiteJson,
    /// Mintlify's `docs.json`.
    DocsJson,
}

impl ConfigShape {
    /// The shape of the config file `file`.
    pub fn of(file: &Path) -> ConfigShape {
        if file.file_name().is_some_and(|n| n == "docs.json") {
            ConfigShape::DocsJson
        } else {
            ConfigShape::SiteJson
        }
    }
}

/// The config file of `root`: `site.json`, else `docs.json`, else `mint.json`.
pub fn find_config_file(root: &Path) -> Option<PathBuf> {
    CONFIG_FILES
        .iter()
        .map(PathBuf::from)
        .find(|name| root.join(name).is_file())
}

/// The line saying which Mintlify file is read when `root` has no
/// `site.json` (decisions.md: say so once per run): a legacy mint.json
/// always, a docs.json (what Mintlify sites have) only when `verbose`;
/// `None` for `site.json` or no config at all.
pub fn reading_notice(root: &Path, verbose: bool) -> Option<String> {
    let file = find_config_file(root)?;
    let what = match file.to_str()? {
        "mint.json" => "Mintlify's legacy config, read as site.json",
        "docs.json" if verbose => "Mintlify's config, read into the same site model",
        _ => return None,
    };
    Some(format!(
        "note: no site.json in {}; reading {} ({what})",
        root.display(),
        file.display()
    ))
}

/// A warning when `root` holds more than one config file, naming the one read.
fn other_config_files(root: &Path, used: &Path) -> Option<Diagnostic> {
    let ignored: Vec<&str> = CONFIG_FILES
        .iter()
        .copied()
        .filter(|name| Path::new(name) != used && root.join(name).is_file())
        .collect();
    if ignored.is_empty() {
        return None;
    }
    Some(
        Diagnostic::warning(
            used,
            format!(
                "{} is used; {} beside it is ignored",
                used.display(),
                ignored.join(" and ")
            ),
        )
        .with_rule(Rule::ConfigShadowed)
        .with_help(format!(
            "sheaf reads the first of {} it finds; remove the config files you do not use",
            CONFIG_FILES.join(", ")
        )),
    )
}

/// Loads and validates the configuration of the docs root `root`.
pub fn load(root: &Path) -> Loaded {
    load_listed(&SourceFiles::scan(root))
}

/// [`load`] with the root's files already listed; unreadable `.mintignore`
/// lines are reported here too, as the listing read them.
pub fn load_listed(files: &SourceFiles) -> Loaded {
    let mut loaded = load_config_file(files);
    let ignore_problems = files.mintignore().problems().iter().cloned();
    loaded.diagnostics.extend(ignore_problems);
    loaded
}

fn load_config_file(files: &SourceFiles) -> Loaded {
    let root = files.root();
    let Some(file) = find_config_file(root) else {
        let missing = Diagnostic::error(
            "site.json",
            format!("no site.json, docs.json or mint.json in {}", root.display()),
        )
        .with_rule(Rule::ConfigMissing)
        .with_help(
            "run `sheaf init` to create a docs site, or pass the docs root as the first argument",
        );
        return Loaded {
            config: None,
            file: PathBuf::from("site.json"),
            source: None,
            diagnostics: vec![missing].into(),
        };
    };
    let duplicate = other_config_files(root, &file);
    match files.read_to_string(&file) {
        Ok(text) => {
            let mut loaded = load_text(files, file, text);
            loaded.diagnostics.extend(duplicate);
            loaded
        }
        Err(e) => Loaded {
            diagnostics: vec![unreadable_config(&file, &e)].into(),
            config: None,
            source: None,
            file,
        },
    }
}

fn unreadable_config(file: &Path, error: &ReadError) -> Diagnostic {
    let refused = Diagnostic::error(file, format!("cannot read {}: {error}", file.display()))
        .with_rule(Rule::ReadFailed);
    match error {
        ReadError::Outside { .. } => refused.with_help(OUTSIDE_HELP).with_rule(Rule::OutsideRoot),
        ReadError::TooLarge { .. } | ReadError::Io(_) => refused,
    }
}

/// Validates `text` as the config file `file` of the listed root.
pub fn load_text(files: &SourceFiles, file: PathBuf, text: String) -> Loaded {
    let mut diagnostics = Diagnostics::new();
    let (config, source) = parse_and_validate(files, &file, text, &mut diagnostics).unzip();
    Loaded {
        config,
        file,
        source,
        diagnostics,
    }
}

fn parse_and_validate(
    files: &SourceFiles,
    file: &Path,
    text: String,
    out: &mut Diagnostics,
) -> Option<(SiteConfig, SourceDoc)> {
    let doc = match SourceDoc::parse(text, file) {
        Ok(doc) => doc,
        Err(syntax) => {
            out.push(syntax);
            return None;
        }
    };
    let shape = ConfigShape::of(file);
    let doc = match shape {
        ConfigShape::DocsJson => refs::include_refs(doc, file, files, out),
        ConfigShape::SiteJson => doc,
    };
    let schema_problems = schema::validate(&doc, file, shape);
    let schema_ok = !schema_problems.iter().any(Diagnostic::is_error);
    out.extend(schema_problems);
    let doc = if schema_ok {
        doc
    } else {
        let repaired = repair::without_failing_values(doc, shape)?;
        out.push(checked_without_failing_values(file));
        repaired
    };
    let doc = match shape {
        ConfigShape::SiteJson => doc,
        ConfigShape::DocsJson => converted_docs_json(doc, file, out),
    };
    let mut doc = doc;
    let config = typed_config(&mut doc, file, shape, out)?;
    out.extend(semantic::check(&doc, &config, files, file));
    out.extend(colors::notes(&doc, config.colors.as_ref(), file));
    Some((config, doc))
}

/// How many values a docs.json may have left out for not fitting the model.
const MAX_LEFT_OUT: usize = 64;

/// The typed config of `doc`. In a docs.json, a value the model cannot
/// hold (a shape a newer Mintlify allows) is left out with a warning at
/// it, and the rest read again; otherwise, or when the value is not an
/// object's key, it is an error at the value.
fn typed_config(
    doc: &mut SourceDoc,
    file: &Path,
    shape: ConfigShape,
    out: &mut Diagnostics,
) -> Option<SiteConfig> {
    let mut left_out = 0;
    loop {
        let failure = match serde_path_to_error::deserialize::<_, SiteConfig>(&doc.value) {
            Ok(config) => return Some(config),
            Err(failure) => failure,
        };
        let pointer = pointer_of(failure.path());
        let reason = failure.inner().to_string();
        let may_leave_out = schema::is_open(shape) && left_out < MAX_LEFT_OUT;
        if may_leave_out && remove_key(&mut doc.value, &pointer) {
            left_out += 1;
            let message = format!("sheaf cannot use this value ({reason}); it is left out");
            out.push(
                doc.locate(Diagnostic::warning(file, message).with_rule(Rule::ConfigValue), &pointer)
                    .with_help("the site builds without it; if Mintlify documents this form, tell the sheaf maintainers"),
            );
            continue;
        }
        let message = format!("cannot read the configuration: {reason}");
        out.push(doc.locate(
            Diagnostic::error(file, message).with_rule(Rule::ConfigValue),
            &pointer,
        ));
        return None;
    }
}

/// The JSON pointer of a deserialisation path.
fn pointer_of(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut pointer = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => pointer.push_str(&format!("/{index}")),
            Segment::Map { key } => {
                pointer.push('/');
                pointer.push_str(&source::escape_segment(key));
            }
            Segment::Enum { .. } | Segment::Unknown => {}
        }
    }
    pointer
}

/// Removes the object key at `pointer`; `false` when it is not one.
fn remove_key(value: &mut serde_json::Value, pointer: &str) -> bool {
    let Some((parent, key)) = pointer.rsplit_once('/') else {
        return false;
    };
    let key = source::unescape_segment(key);
    value
        .pointer_mut(parent)
        .and_then(serde_json::Value::as_object_mut)
        .is_some_and(|object| object.remove(&key).is_some())
}

/// Says that the rest of the docs was checked with the failing values of
/// `file` left out (the errors still fail the build).
fn checked_without_failing_values(file: &Path) -> Diagnostic {
    Diagnostic::note(
        file,
        format!(
            "the rest of the docs was checked as if the values with errors in {} were not there",
            file.display()
        ),
    )
    .with_rule(Rule::ConfigRepaired)
    .with_help(format!(
        "fix the errors in {}; nothing is built until they are gone",
        file.display()
    ))
}

/// A schema-valid docs.json in the `site.json` shape, its pointers traced
/// back; what it asks for that sheaf does not do is said here.
fn converted_docs_json(doc: SourceDoc, file: &Path, out: &mut Diagnostics) -> SourceDoc {
    let (value, conversion) = docs_json::convert(&doc.value);
    for note in &conversion.notes {
        let diagnostic = if note.warning {
            Diagnostic::warning(file, note.message.clone()).with_rule(Rule::DocsJsonFeature)
        } else {
            Diagnostic::note(file, note.message.clone()).with_rule(Rule::DocsJsonFeature)
        };
        out.push(
            doc.at(diagnostic, &note.pointer, true)
                .with_json_path(doc.json_path(&note.pointer))
                .with_help(note.help.clone()),
        );
    }
    doc.translated(value, conversion.aliases)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    #[test]
    fn valid_site_loads_without_diagnostics() {
        let dir = site(&[
            (
                "site.json",
                r#"{"name": "X", "navigation": [{"group": "A", "pages": ["intro"]}]}"#,
            ),
            ("intro.mdx", "# Intro"),
        ]);
        let loaded = load(dir.path());
        assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
        assert_eq!(loaded.config.unwrap().name, "X");
    }

    #[test]
    fn a_docs_json_value_the_model_cannot_hold_is_left_out_with_a_warning() {
        let text = "{\"name\": \"X\",\n \"navigation\": [{\"group\": \"G\", \"pages\": [\"a\"],\n  \"tag\": {\"text\": \"NEW\"}}]}";
        let doc = SourceDoc::parse(text.to_string(), Path::new("docs.json")).unwrap();
        let mut doc = doc;
        let mut out = Diagnostics::new();
        let config = typed_config(
            &mut doc,
            Path::new("docs.json"),
            ConfigShape::DocsJson,
            &mut out,
        );
        assert_eq!(config.unwrap().navigation[0].pages.len(), 1);
        let warning = out.iter().next().unwrap();
        assert!(!warning.is_error(), "{warning:?}");
        assert_eq!(warning.json_path.as_deref(), Some("navigation[0].tag"));
        assert_eq!(warning.position.unwrap().line, 3);

        let mut doc = SourceDoc::parse(text.to_string(), Path::new("site.json")).unwrap();
        let mut out = Diagnostics::new();
        assert!(typed_config(
            &mut doc,
            Path::new("site.json"),
            ConfigShape::SiteJson,
            &mut out
        )
        .is_none());
        assert!(
            out.iter().next().unwrap().is_error(),
            "sheaf's own site.json stays strict"
        );
    }

    #[test]
    fn mint_json_is_read_when_there_is_no_site_json() {
        let dir = site(&[
            (
                "mint.json",
                r#"{"name": "M", "navigation": [{"group": "A", "pages": ["intro"]}]}"#,
            ),
            ("intro.md", "# Intro"),
        ]);
        let loaded = load(dir.path());
        assert!(loaded.is_mint_json());
        assert_eq!(loaded.config.unwrap().name, "M");
    }

    #[test]
    fn reading_a_mintlify_file_is_said() {
        let nav = r#"{"name": "M", "navigation": [{"group": "A", "pages": ["intro"]}]}"#;
        let mint = site(&[("mint.json", nav)]);
        let line = reading_notice(mint.path(), false).unwrap();
        assert!(line.ends_with("reading mint.json (Mintlify's legacy config, read as site.json)"));
        let both = site(&[("mint.json", nav), ("site.json", nav)]);
        assert_eq!(reading_notice(both.path(), false), None);
        assert_eq!(reading_notice(site(&[]).path(), true), None);
        let docs = site(&[("docs.json", "{}")]);
        assert_eq!(reading_notice(docs.path(), false), None);
        assert!(reading_notice(docs.path(), true).is_some());
    }

    #[test]
    fn missing_config_says_what_to_do() {
        let dir = site(&[]);
        let loaded = load(dir.path());
        assert!(loaded.diagnostics.has_errors());
        assert!(loaded
            .diagnostics
            .iter()
            .next()
            .unwrap()
            .help
            .as_deref()
            .unwrap()
            .contains("sheaf init"));
    }
}

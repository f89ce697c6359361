//! `sheaf init`: a small working docs site that `sheaf check`
//! accepts, written without a question. [`StarterFormat`] picks its config:
//! a `site.json` with its JSON Schema beside it (so editors complete and
//! check it; the default), or Mintlify's `docs.json`, whose `$schema` names
//! Mintlify's published schema as Mintlify's own starter does (sheaf never
//! fetches it; it checks the file against its own).

use std::io;
use std::path::{Path, PathBuf};

use crate::config::{SCHEMA_FILE_NAME, SCHEMA_TEXT};

const SITE_JSON: &str = r##"{
  "$schema": "./site.schema.json",
  "name": "My Docs",
  "colors": { "primary": "#0B765B", "light": "#30A387" },
  "navigation": [
    { "group": "Get started", "pages": ["introduction", "quickstart"] }
  ]
}
"##;

const DOCS_JSON: &str = r##"{
  "$schema": "https://mintlify.com/docs.json",
  "theme": "mint",
  "name": "My Docs",
  "colors": { "primary": "#0B765B", "light": "#30A387" },
  "navigation": {
    "groups": [
      { "group": "Get started", "pages": ["introduction", "quickstart"] }
    ]
  }
}
"##;

const INTRODUCTION: &str = r#"---
title: Introduction
description: What this documentation covers.
---

Welcome! This site is built with **sheaf** from Markdown and MDX pages.

<Note>Edit `introduction.mdx` and run `sheaf serve` to see changes live.</Note>

## Next steps

<CardGroup cols={2}>
  <Card title="Quickstart" icon="rocket" href="/quickstart">Set up in five minutes.</Card>
  <Card title="Configuration" icon="gear" href="/quickstart#configure">Tune CONFIG.</Card>
</CardGroup>
"#;

const QUICKSTART: &str = r#"---
title: Quickstart
description: Build and preview the site.
---

## Preview

```bash Terminal
sheaf serve
```

## Configure

`CONFIG` holds the name, colors and navigation. Your editor checks it
against SCHEMA.
"#;

/// Which config file `sheaf init` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StarterFormat {
    /// `site.json`, with `site.schema.json` beside it.
    #[default]
    SiteJson,
    /// Mintlify's `docs.json`.
    DocsJson,
}

impl StarterFormat {
    /// The starter site's files, by name, with their text.
    fn files(self) -> Vec<(&'static str, String)> {
        let (config, schema) = match self {
            StarterFormat::SiteJson => ("site.json", "`site.schema.json`"),
            StarterFormat::DocsJson => ("docs.json", "Mintlify's schema, named by `$schema`"),
        };
        let name_config = |page: &str| page.replace("CONFIG", config).replace("SCHEMA", schema);
        let mut files = match self {
            StarterFormat::SiteJson => vec![
                ("site.json", SITE_JSON.to_string()),
                (SCHEMA_FILE_NAME, SCHEMA_TEXT.to_string()),
            ],
            StarterFormat::DocsJson => vec![("docs.json", DOCS_JSON.to_string())],
        };
        files.push(("introduction.mdx", name_config(INTRODUCTION)));
        files.push(("quickstart.mdx", name_config(QUICKSTART)));
        files
    }
}

/// Writes the starter site into `dir` (created if needed) and returns the
/// files written. Refuses a folder that already holds a config or any file
/// of the starter: nothing is ever overwritten.
pub fn write_starter(dir: &Path, format: StarterFormat) -> io::Result<Vec<PathBuf>> {
    if let Some(config) = crate::config::find_config_file(dir) {
        return Err(refusal(format!(
            "{} already has a {}; nothing was written",
            dir.display(),
            config.display()
        )));
    }
    let files = format.files();
    if let Some((name, _)) = files.iter().find(|(name, _)| dir.join(name).exists()) {
        return Err(refusal(format!(
            "{} already has a {name}; nothing was written (choose a new folder: `sheaf init DIR`)",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir)?;
    let mut written = Vec::new();
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text)?;
        written.push(path);
    }
    Ok(written)
}

/// [`write_starter`] into the current folder `dir`, named by no argument:
/// only when it holds nothing but hidden entries (`.git`, `.gitignore`), so
/// the starter never lands among the author's own files by accident.
pub fn write_starter_here(dir: &Path, format: StarterFormat) -> io::Result<Vec<PathBuf>> {
    let mut visible: Vec<String> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.'))
        .collect();
    if !visible.is_empty() {
        visible.sort_unstable();
        visible.truncate(3);
        return Err(refusal(format!(
            "the current folder is not empty ({}, ...); nothing was written. \
             Create the site in a folder of its own: `sheaf init docs`",
            visible.join(", ")
        )));
    }
    write_starter(dir, format)
}

fn refusal(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::AlreadyExists, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starter_passes_config_validation_and_refuses_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        let written = write_starter(dir.path(), StarterFormat::SiteJson).unwrap();
        assert_eq!(written.len(), 4);
        let loaded = crate::config::load(dir.path());
        assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
        assert!(write_starter(dir.path(), StarterFormat::DocsJson).is_err());
    }

    #[test]
    fn the_docs_json_starter_passes_config_validation() {
        let dir = tempfile::tempdir().unwrap();
        let written = write_starter(dir.path(), StarterFormat::DocsJson).unwrap();
        assert_eq!(written.len(), 3);
        let loaded = crate::config::load(dir.path());
        assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
        let quickstart = std::fs::read_to_string(dir.path().join("quickstart.mdx")).unwrap();
        assert!(quickstart.contains("`docs.json` holds"), "{quickstart}");
        let refused = write_starter(dir.path(), StarterFormat::SiteJson).unwrap_err();
        assert!(refused.to_string().contains("docs.json"), "{refused}");
    }

    #[test]
    fn an_existing_starter_file_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("introduction.mdx"), "mine").unwrap();
        let refused = write_starter(dir.path(), StarterFormat::SiteJson).unwrap_err();
        assert!(
            refused.to_string().contains("introduction.mdx"),
            "{refused}"
        );
        let intro = std::fs::read_to_string(dir.path().join("introduction.mdx")).unwrap();
        assert_eq!(intro, "mine");
        assert!(!dir.path().join("site.json").exists());
    }

    #[test]
    fn the_current_folder_must_hold_only_hidden_entries() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        assert_eq!(
            write_starter_here(dir.path(), StarterFormat::SiteJson)
                .unwrap()
                .len(),
            4
        );
        let busy = tempfile::tempdir().unwrap();
        std::fs::write(busy.path().join("notes.txt"), "mine").unwrap();
        let refused = write_starter_here(busy.path(), StarterFormat::SiteJson).unwrap_err();
        assert!(refused.to_string().contains("sheaf init docs"), "{refused}");
        assert_eq!(std::fs::read_dir(busy.path()).unwrap().count(), 1);
    }
}

//! `sheaf init`: a small working docs site that `sheaf check` accepts, with
//! the JSON Schema beside `site.json` so editors complete and check it.

use std::io;
use std::path::{Path, PathBuf};

use crate::config::{SCHEMA_FILE_NAME, SCHEMA_TEXT};

const SITE_JSON: &str = r##"{
  "$schema": "./site.schema.json",
  "name": "My Docs",
  "colors": { "primary": "#0B765B", "light": "#2CA185" },
  "navigation": [
    { "group": "Get started", "pages": ["introduction", "quickstart"] }
  ]
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
  <Card title="Configuration" icon="gear" href="/quickstart#configure">Tune site.json.</Card>
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

`site.json` holds the name, colors and navigation. Your editor checks it
against `site.schema.json`.
"#;

/// The starter site's files, by name.
const STARTER_FILES: [(&str, &str); 4] = [
    ("site.json", SITE_JSON),
    (SCHEMA_FILE_NAME, SCHEMA_TEXT),
    ("introduction.mdx", INTRODUCTION),
    ("quickstart.mdx", QUICKSTART),
];

/// Writes the starter site into `dir` (created if needed) and returns the
/// files written. Refuses a folder that already holds a config or any file
/// of the starter: nothing is ever overwritten.
pub fn write_starter(dir: &Path) -> io::Result<Vec<PathBuf>> {
    if crate::config::find_config_file(dir).is_some() {
        return Err(refusal(format!(
            "{} already has a site.json or mint.json; nothing was written",
            dir.display()
        )));
    }
    if let Some((name, _)) = STARTER_FILES
        .iter()
        .find(|(name, _)| dir.join(name).exists())
    {
        return Err(refusal(format!(
            "{} already has a {name}; nothing was written (choose a new folder: `sheaf init DIR`)",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir)?;
    let mut written = Vec::new();
    for (name, text) in STARTER_FILES {
        let path = dir.join(name);
        std::fs::write(&path, text)?;
        written.push(path);
    }
    Ok(written)
}

/// [`write_starter`] into the current folder `dir`, named by no argument:
/// only when it holds nothing but hidden entries (`.git`, `.gitignore`), so
/// the starter never lands among the author's own files by accident.
pub fn write_starter_here(dir: &Path) -> io::Result<Vec<PathBuf>> {
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
    write_starter(dir)
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
        let written = write_starter(dir.path()).unwrap();
        assert_eq!(written.len(), 4);
        let loaded = crate::config::load(dir.path());
        assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
        assert!(write_starter(dir.path()).is_err());
    }

    #[test]
    fn an_existing_starter_file_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("introduction.mdx"), "mine").unwrap();
        let refused = write_starter(dir.path()).unwrap_err();
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
        assert_eq!(write_starter_here(dir.path()).unwrap().len(), 4);
        let busy = tempfile::tempdir().unwrap();
        std::fs::write(busy.path().join("notes.txt"), "mine").unwrap();
        let refused = write_starter_here(busy.path()).unwrap_err();
        assert!(refused.to_string().contains("sheaf init docs"), "{refused}");
        assert_eq!(std::fs::read_dir(busy.path()).unwrap().count(), 1);
    }
}

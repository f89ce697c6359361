//! `sheaf init`: a small working docs site that `sheaf check` accepts, with
//! the JSON Schema beside `site.json` so editors complete and check it.

use std::io;
use std::path::{Path, PathBuf};

use crate::config::{SCHEMA_FILE_NAME, SCHEMA_TEXT};

const SITE_JSON: &str = r##"{
  "$schema": "./site.schema.json",
  "name": "My Docs",
  "colors": { "primary": "#0D9373" },
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

/// Writes the starter site into `dir` (created if needed) and returns the
/// files written. Refuses to overwrite an existing `site.json` or `mint.json`.
pub fn write_starter(dir: &Path) -> io::Result<Vec<PathBuf>> {
    if crate::config::find_config_file(dir).is_some() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!(
                "{} already has a site.json or mint.json; nothing was written",
                dir.display()
            ),
        ));
    }
    std::fs::create_dir_all(dir)?;
    let files = [
        ("site.json", SITE_JSON),
        (SCHEMA_FILE_NAME, SCHEMA_TEXT),
        ("introduction.mdx", INTRODUCTION),
        ("quickstart.mdx", QUICKSTART),
    ];
    let mut written = Vec::new();
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text)?;
        written.push(path);
    }
    Ok(written)
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
}

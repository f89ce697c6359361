//! Where redirect pages stand and where they lead.

use std::fs;
use std::path::PathBuf;

use super::*;
use crate::sources::SourceFiles;

fn site(files: &[&str], config: &str) -> (tempfile::TempDir, Site) {
    let dir = tempfile::tempdir().unwrap();
    for file in files {
        let path = dir.path().join(file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, format!("# {file}")).unwrap();
    }
    let config = serde_json::from_str(config).unwrap();
    let site = Site::load(&SourceFiles::scan(dir.path()), config, &|_| None).0;
    (dir, site)
}

fn targets(site: &Site) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = all(site)
        .into_iter()
        .map(|r| {
            let to = match r.target {
                Target::Local(url) => url,
                Target::External(url) => url,
            };
            (r.source, to)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn no_redirect_page_stands_where_the_build_writes_a_file() {
    let (_dir, site) = site(
        &["a.md", "logo.png"],
        r#"{"name": "X", "navigation": [{"group": "G", "pages": ["a"]}],
            "redirects": [{"source": "/a.md", "destination": "/a"},
                          {"source": "/logo.png", "destination": "/a", "permanent": false},
                          {"source": "/old", "destination": "/a"},
                          {"source": "/a", "destination": "/elsewhere"}]}"#,
    );
    let paths: Vec<PathBuf> = all(&site)
        .iter()
        .map(|r| PathBuf::from(site.config.page_urls.file(&r.source)))
        .collect();
    assert_eq!(paths, [PathBuf::from("old/index.html")]);
    let written = crate::site::extras::redirects_file(&site).unwrap();
    assert!(written.contains("/a.md /a 301"), "{written}");
    assert!(
        written.contains("/logo.png /a 302"),
        "a temporary one: {written}"
    );
}

#[test]
fn folders_wildcards_and_chains_get_pages_leading_to_the_end() {
    let (_dir, site) = site(
        &[
            "index.md",
            "guides/setup.md",
            "guides/more.md",
            "new/a.md",
            "new/deep/b.md",
        ],
        r#"{"name": "X", "navigation": [{"group": "G", "pages": ["index", "guides/more", "guides/setup"]}],
            "redirects": [{"source": "/old/:slug*", "destination": "/new/:slug*"},
                          {"source": "/start", "destination": "/begin"},
                          {"source": "/begin", "destination": "/guides/setup#install"}]}"#,
    );
    assert_eq!(
        targets(&site),
        [
            ("begin".to_string(), "guides/setup/#install".to_string()),
            ("guides".into(), "guides/more/".into()),
            ("new".into(), "new/a/".into()),
            ("new/deep".into(), "new/deep/b/".into()),
            ("old/a".into(), "new/a/".into()),
            ("old/deep".into(), "new/deep/b/".into()),
            ("old/deep/b".into(), "new/deep/b/".into()),
            ("start".into(), "guides/setup/#install".into()),
        ]
    );
}

//! docs.json `fonts` in a browser: a body font and a heading font given as
//! files of the docs root (real fonts, copied from the machine's DejaVu at
//! test time) are loaded from the site and used: the title in one, the text
//! in the other, in both modes.

use std::path::Path;

use serde_json::{json, Value};

use super::site::{build_and_serve, Site};
use super::{common, launch, save_screenshot};

const DEJAVU: &str = "/usr/share/fonts/truetype/dejavu";

/// The fonts fixture with both fonts as DejaVu files, or `None` (said
/// why) without them.
fn site_with_real_fonts() -> Option<Site> {
    let (body, heading) = (
        Path::new(DEJAVU).join("DejaVuSans.ttf"),
        Path::new(DEJAVU).join("DejaVuSerif-Bold.ttf"),
    );
    if !body.is_file() || !heading.is_file() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the fonts test needs {DEJAVU} (fonts-dejavu-core)"
        );
        eprintln!("skipping: no DejaVu fonts in {DEJAVU}");
        return None;
    }
    let source = common::fixture_copy("fonts");
    std::fs::copy(body, source.path().join("fonts/body.ttf")).unwrap();
    std::fs::copy(heading, source.path().join("fonts/heading.ttf")).unwrap();
    let path = source.path().join("docs.json");
    let mut docs: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    docs["fonts"] = json!({
        "family": "UGS Sans", "source": "/fonts/body.ttf",
        "heading": {"family": "UGS Serif", "source": "/fonts/heading.ttf", "weight": 700}
    });
    std::fs::write(&path, docs.to_string()).unwrap();
    Some(build_and_serve(source))
}

#[tokio::test]
async fn the_site_s_fonts_load_from_the_site_and_are_used() {
    let Some(browser) = launch().await else {
        return;
    };
    let Some(site) = site_with_real_fonts() else {
        return;
    };
    for mode in ["light", "dark"] {
        browser.on_new_document(&format!("localStorage.setItem('sheaf-mode', '{mode}');"));
        browser.goto(&site.url("quickstart/")).await;
        browser
            .wait_until("document.fonts.status === 'loaded' && document.fonts.check('16px \"UGS Sans\"') && document.fonts.check('bold 16px \"UGS Serif\"')")
            .await;
        let seen = browser
            .eval(
                "const loaded = [...document.fonts].filter(f => f.status === 'loaded').map(f => f.family).sort();
                 return { loaded,
                   title: getComputedStyle(document.getElementById('page-title')).fontFamily.split(',')[0],
                   text: getComputedStyle(document.querySelector('.prose p')).fontFamily.split(',')[0],
                   titleWeight: getComputedStyle(document.getElementById('page-title')).fontWeight };",
            )
            .await;
        assert_eq!(
            seen,
            json!({"loaded": ["UGS Sans", "UGS Serif"], "title": "\"UGS Serif\"", "text": "\"UGS Sans\"", "titleWeight": "700"}),
            "{mode}"
        );
        save_screenshot(&browser, &format!("fonts-{mode}")).await;
    }
    browser.close().await;
}

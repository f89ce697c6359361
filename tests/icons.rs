//! Icons as Mintlify shows them (issues 57 and 65), on `tests/fixtures/icons`
//! (the default library, Font Awesome, with names of each kind in every
//! place icons go), `icons-lucide` and `icons-tabler` (`icons.library`) and
//! `icons-pro` (Font Awesome Pro names no list holds): every named icon is
//! drawn, decorative, and `check` says where a drawing came from or which
//! open icon stands in; only a name nothing fits is `unknown-icon`, with a
//! suggestion.

mod common;

use common::{build_fixture, fixture, read_built, sheaf, stderr};
use serde_json::Value;

/// The diagnostics `check --format json` prints for fixture `name`.
fn findings(name: &str) -> Vec<Value> {
    let root = fixture(name);
    let output = sheaf(&[
        "check",
        "--lenient",
        root.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|d| d["type"] == "diagnostic")
        .collect()
}

/// `(file, message)` of each finding of `rule`.
fn of_rule(findings: &[Value], rule: &str) -> Vec<(String, String)> {
    findings
        .iter()
        .filter(|d| d["rule"] == rule)
        .map(|d| {
            let file = d["file"].as_str().unwrap_or_default().to_string();
            (file, d["message"].as_str().unwrap_or_default().to_string())
        })
        .collect()
}

/// Every inline `<svg>` of `html` is a decorative icon.
fn every_svg_is_decorative(html: &str, page: &str) {
    for (at, _) in html.match_indices("<svg") {
        let tag = &html[at..at + html[at..].find('>').unwrap()];
        let tag = tag.replace('"', "");
        assert!(
            tag.contains("aria-hidden=true") || tag.contains("role=img"),
            "{page}: {tag}"
        );
    }
}

#[test]
fn every_icon_of_every_kind_is_drawn_in_every_place() {
    let (_out, site, printed) = build_fixture("icons");
    let home = read_built(&site, "index.html");
    let components = read_built(&site, "guides/components/index.html");
    // Tabs of the top bar: a Font Awesome 7 name, a Tabler name, a Pro name.
    assert_eq!(
        home.matches("<span class=tab-icon><svg class=icon").count(),
        3
    );
    // The top bar's links (docs.json `navbar.links`): a Lucide name and a
    // Pro name given as `{name, style}`.
    assert_eq!(
        home.matches("<a class=navbar-link href=").count(),
        2,
        "two navbar links"
    );
    let links = &home[home.find("class=topbar-links").unwrap()..];
    let links = &links[..links.find("</nav>").unwrap()];
    assert_eq!(links.matches("<svg class=icon").count(), 2, "{links}");
    // The tab's menu (docs.json `menu`): one icon per item.
    let menu = &home[home.find("class=tab-menu").unwrap()..];
    let menu = &menu[..menu.find("</details>").unwrap()];
    assert_eq!(menu.matches("<svg class=icon").count(), 3, "{menu}");
    // Groups and pages of the sidebar (frontmatter `icon`).
    let sidebar = &components[components.find("id=sidebar").unwrap()..];
    let sidebar = &sidebar[..sidebar.find("</nav>").unwrap()];
    assert!(sidebar.matches("<svg class=icon").count() >= 3, "{sidebar}");
    // Cards: three kinds, an unknown name drawn as its family's icon
    // (`rocket-lunch`: `rocket`), an image, and a filled Tabler icon in the
    // card's colour.
    let cards = home
        .matches(
            "<span class=\"c-card-icon\" data-component-part=\"card-icon\"><svg class=\"icon\"",
        )
        .count();
    assert_eq!(cards, 4, "flutter, trash-2, chart-mixed, rocket-lunch");
    assert!(home.contains("<span class=\"c-card-icon\" data-component-part=\"card-icon\" style=\"color: #E11D48\"><svg"));
    assert!(home.contains(
        "<img class=\"c-icon-img\" src=\"images/ugs.svg\" alt=\"\" data-component-part=\"icon-image\">"
    ));
    assert!(home.contains("stroke=\"currentColor\""), "Lucide strokes");
    // Components: Icon (colour, size), Callout, Tab, Accordion, Step.
    let body = &components[components.find("<article").unwrap()..];
    for (component, count) in [
        ("<span class=\"c-icon icon\"", 3),
        ("class=\"c-tab tab\" data-component-part=\"tab\" id=", 3),
        ("<span class=\"c-step-number\" data-component-part=\"step-number\" aria-hidden=\"true\"><span class=\"c-step-marker\"><svg", 3),
    ] {
        assert_eq!(body.matches(component).count(), count, "{component}");
    }
    assert!(body
        .contains("<span class=\"c-icon icon\" style=\"color: #0D9373; --icon-size: 24px\"><svg"));
    assert_eq!(
        body.matches("<span class=\"c-tab-button\" data-component-part=\"tab-button\"><svg")
            .count(),
        3
    );
    assert!(body.matches("<svg class=\"icon\"").count() >= 14, "{body}");
    for (page, html) in [("/", &home), ("/guides/components/", &components)] {
        every_svg_is_decorative(html, page);
    }
    // An API page's frontmatter icon is in the sidebar.
    let api = read_built(&site, "api/get-user/index.html");
    every_svg_is_decorative(&api, "/api/get-user/");
    assert!(printed.contains("1 warning"), "{printed}");
    // The attribution every licence asks for, once in the stylesheet.
    let css = std::fs::read_dir(site.join("_sheaf"))
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok())
        .find(|text| text.contains("Font Awesome Free 7.3.1"));
    let css = css.expect("the attribution in a stylesheet");
    assert!(css.contains("Lucide") && css.contains("Tabler"));
}

#[test]
fn check_notes_where_a_drawing_came_from_and_warns_only_names_in_no_library() {
    let findings = findings("icons");
    let unknown = of_rule(&findings, "unknown-icon");
    assert_eq!(
        unknown,
        [(
            "index.mdx".to_string(),
            "unknown icon `rocket-lunch` on `<Card>`: no icon library has it".to_string()
        )]
    );
    let help = findings
        .iter()
        .find(|d| d["rule"] == "unknown-icon")
        .unwrap();
    assert_eq!(help["help"], "did you mean `rocket-launch`?");
    let notes = of_rule(&findings, "icon-library");
    let noted = |name: &str, says: &str| {
        notes
            .iter()
            .any(|(_, m)| m.contains(&format!("`{name}`")) && m.contains(says))
    };
    // Lucide or Tabler names, in config, frontmatter and components.
    for name in [
        "shield-check",
        "webhook",
        "browser",
        "puzzle",
        "trash-2",
        "git-merge",
        "window",
    ] {
        assert!(
            noted(name, "not in Font Awesome, drawn from"),
            "{name}: {notes:?}"
        );
    }
    // Pro names, mapped.
    for (name, open) in [
        ("chart-mixed", "chart-column"),
        ("wave-pulse", "activity"),
        ("signal-stream", "tower-broadcast"),
        ("message-arrow-up", "message-square-share"),
    ] {
        assert!(
            noted(name, &format!("Font Awesome Pro name, drawn as `{open}`")),
            "{name}"
        );
    }
    assert!(noted("square-n", "drawn as `square-letter-n` from Tabler"));
    // Names of the current Font Awesome Free are the site's own: no note.
    for name in ["flutter", "webflow", "x-twitter", "bluesky"] {
        assert!(
            !notes.iter().any(|(_, m)| m.contains(&format!("`{name}`"))),
            "{name}"
        );
    }
    let docs_json = notes.iter().filter(|(file, _)| file == "docs.json").count();
    assert_eq!(docs_json, 7, "tabs, menu items, groups: {notes:?}");
}

#[test]
fn the_sites_library_draws_its_names_and_others_still_show() {
    for (library, filled) in [("lucide", None), ("tabler", Some("heart-filled"))] {
        let name = format!("icons-{library}");
        let findings = findings(&name);
        assert!(
            of_rule(&findings, "unknown-icon").is_empty(),
            "{findings:?}"
        );
        let notes = of_rule(&findings, "icon-library");
        let expected = format!(
            "icon `x-twitter` on `<Card>`: not in {}, drawn from Font Awesome",
            if library == "lucide" {
                "Lucide"
            } else {
                "Tabler"
            }
        );
        assert_eq!(notes, [("index.mdx".to_string(), expected)]);
        let (_out, site, _) = build_fixture(&name);
        let home = read_built(&site, "index.html");
        every_svg_is_decorative(&home, &name);
        // Stroked 24 px icons in cards, the sidebar group and the page entry.
        let stroked = home.matches("viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\"");
        assert!(stroked.count() >= 3, "{library}");
        let stroked = home.matches("viewBox=\"0 0 24 24\" fill=none stroke=currentColor");
        assert!(stroked.count() >= 2, "{library}: group and page");
        if filled.is_some() {
            assert!(home.contains("viewBox=\"0 0 24 24\" fill=\"currentColor\""));
        }
    }
}

/// The `(name, stand-in)` of each Pro name `tests/fixtures/icons-pro` uses,
/// in the order `check` reports them (docs.json, then pages by path).
const PRO_STAND_INS: &[(&str, &str)] = &[
    ("circle-bolt", "bolt"),
    ("user-headset", "headset"),
    ("phone-forward", "phone-forwarded"),
    ("performance", "gauge-high"),
    ("hexagon-vertical-nft", "hexagon"),
    ("phone-arrow-up-right", "phone-outgoing"),
    ("message-pen", "message"),
    ("right-left-large", "right-left"),
    ("file-brackets-curly", "file-braces"),
    ("chart-waterfall", "chart-simple"),
    ("elephant", "hippo"),
    ("dolphin", "fish"),
    ("swap", "arrow-right-arrow-left"),
    ("error", "circle-exclamation"),
];

#[test]
fn pro_names_get_a_note_naming_the_open_icon_that_stands_in() {
    let findings = findings("icons-pro");
    let notes = of_rule(&findings, "icon-library");
    assert_eq!(
        notes.len(),
        PRO_STAND_INS.len(),
        "one note per name: {notes:?}"
    );
    for ((_, message), (name, open)) in notes.iter().zip(PRO_STAND_INS) {
        assert!(message.starts_with(&format!("icon `{name}`")), "{message}");
        assert!(
            message.contains(&format!("drawn as `{open}` from ")),
            "{message}"
        );
    }
    // Only the name nothing fits is warned.
    let unknown = of_rule(&findings, "unknown-icon");
    assert_eq!(
        unknown,
        [(
            "index.mdx".to_string(),
            "unknown icon `asdfgh` on `<Card>`: no icon library has it".to_string()
        )]
    );
}

#[test]
fn every_slot_of_a_pro_name_holds_a_drawing() {
    let (_out, site, printed) = build_fixture("icons-pro");
    assert!(printed.contains("1 warning"), "{printed}");
    let home = read_built(&site, "index.html");
    let support = read_built(&site, "guides/support/index.html");
    let slot = "<span class=\"c-card-icon\" data-component-part=\"card-icon\">";
    let cards: Vec<&str> = home.split(slot).skip(1).collect();
    assert_eq!(cards.len(), 6, "six cards");
    for card in &cards[..5] {
        assert!(card.starts_with("<svg class=\"icon\""), "{card:.80}");
    }
    assert!(cards[5].starts_with("</span>"), "nothing for `asdfgh`");
    let icons = home.split("<span class=\"c-icon icon\"").skip(1);
    let icons: Vec<&str> = icons.map(|i| &i[i.find('>').unwrap() + 1..]).collect();
    assert_eq!(icons.len(), 3);
    assert!(icons.iter().all(|i| i.starts_with("<svg class=\"icon\"")));
    assert!(home.contains("data-component-part=\"callout-icon\"><svg class=\"icon\""));
    assert!(support.contains("data-component-part=\"step-number\" aria-hidden=\"true\"><span class=\"c-step-marker\"><svg"));
    // Each sidebar group and page icon, on the page of its group.
    for (page, html) in [("/", &home), ("/guides/support/", &support)] {
        let sidebar = &html[html.find("id=sidebar").unwrap()..];
        let sidebar = &sidebar[..sidebar.find("</nav>").unwrap()];
        assert!(
            sidebar.contains("<span class=sidebar-group-icon><svg class=icon"),
            "{page}: {sidebar}"
        );
        assert!(
            sidebar.contains("aria-current=page><svg class=icon"),
            "{page}: {sidebar}"
        );
        every_svg_is_decorative(html, page);
    }
}

use super::*;

fn drawn(name: &str, library: Library) -> Found {
    find(name, None, library).unwrap_or_else(|| panic!("{name} is not drawn"))
}

#[test]
fn masked_icons_have_their_shape_in_the_stylesheet() {
    let css = mask_css();
    for name in MASKED {
        let rule = css
            .lines()
            .find(|l| l.starts_with(&format!(".i-{name}{{")))
            .unwrap_or_else(|| panic!("no rule for {name}: {css}"));
        assert!(rule.contains("data:image/svg+xml,%3Csvg"), "{rule}");
        assert!(rule.contains("%3Cpath d='M"), "{rule}");
        assert!(!rule.contains('<') && !rule.contains('#'), "{rule}");
    }
    assert_eq!(masked("sun"), "<i class=\"i-sun\"></i>");
}

#[test]
fn the_sites_library_is_asked_first() {
    for library in Library::ALL {
        let found = drawn("star", library);
        assert_eq!(found.shape.library, library);
        assert_eq!(found.source, Source::Library);
    }
    let lucide = resolve("shield-check", None, Library::Lucide);
    assert!(lucide.0.contains("stroke=\"currentColor\""), "{}", lucide.0);
    assert_eq!(lucide.1, None);
}

#[test]
fn names_of_another_library_show_with_a_note() {
    // Lucide and Tabler names on a Font Awesome site (the default).
    for (name, from) in [
        ("trash-2", Library::Lucide),
        ("webhook", Library::Lucide),
        ("browser", Library::Tabler),
    ] {
        let found = drawn(name, Library::FontAwesome);
        assert_eq!(
            (found.shape.library, found.source),
            (from, Source::OtherLibrary)
        );
        let (html, finding) = resolve(name, None, Library::FontAwesome);
        assert!(
            html.starts_with("<svg class=\"icon\" aria-hidden=\"true\""),
            "{html}"
        );
        let finding = finding.expect("a note");
        assert!(!finding.warning);
        assert_eq!(finding.rule, Rule::IconLibrary);
        assert!(
            finding.message().contains(from.title()),
            "{}",
            finding.message()
        );
    }
    // A Font Awesome name on a Lucide site.
    let found = drawn("x-twitter", Library::Lucide);
    assert_eq!(found.shape.library, Library::FontAwesome);
}

#[test]
fn newer_font_awesome_free_names_are_drawn() {
    for name in ["x-twitter", "flutter", "webflow", "bluesky", "square-js"] {
        let found = drawn(name, Library::FontAwesome);
        assert_eq!(
            (found.shape.library, found.source),
            (Library::FontAwesome, Source::Library)
        );
    }
}

#[test]
fn icon_type_picks_the_font_awesome_style() {
    let style = |icon_type| {
        find("star", Some(icon_type), Library::FontAwesome)
            .unwrap()
            .shape
            .style
    };
    assert_eq!(style("regular"), "regular");
    assert_eq!(style("light"), "regular");
    assert_eq!(style("duotone"), "solid");
    assert_eq!(style("solid"), "solid");
    let github = find("github", Some("solid"), Library::FontAwesome).unwrap();
    assert_eq!(github.shape.style, "brands");
    // Tabler's filled style by name.
    let heart = drawn("heart-filled", Library::Tabler).shape;
    assert_eq!((heart.name, heart.style), ("heart", "filled"));
    assert!(svg(&heart).contains("fill=\"currentColor\""));
}

#[test]
fn old_and_prefixed_names_are_drawn() {
    for name in [
        "check-circle",
        "fa-book-open",
        "search",
        "cog",
        "external-link-alt",
        "GitHub",
    ] {
        assert_eq!(
            drawn(name, Library::FontAwesome).source,
            Source::Library,
            "{name}"
        );
    }
    let search = drawn("search", Library::FontAwesome).shape;
    assert_eq!(search.name, "magnifying-glass");
}

#[test]
fn pro_names_are_drawn_as_their_open_counterpart_with_a_note() {
    let found = drawn("chart-mixed", Library::FontAwesome);
    assert_eq!(found.source, Source::Pro("chart-column"));
    let (html, finding) = resolve("chart-mixed", None, Library::FontAwesome);
    assert!(html.starts_with("<svg"));
    let finding = finding.unwrap();
    assert!(
        !finding.warning && finding.message().contains("Pro"),
        "{finding:?}"
    );
}

#[test]
fn only_a_name_nothing_fits_is_unknown_and_gets_a_suggestion() {
    let (html, finding) = resolve("asdfgh", None, Library::FontAwesome);
    assert_eq!(html, "", "nothing rather than a placeholder blob");
    let finding = finding.unwrap();
    assert!(finding.warning);
    assert_eq!(finding.rule, Rule::UnknownIcon);
    assert_eq!(
        finding.message(),
        "unknown icon `asdfgh`: no icon library has it"
    );
    // A typo of a known name: warned, and drawn as the name it misses.
    let (html, finding) = resolve("rocket-lunch", None, Library::FontAwesome);
    let finding = finding.unwrap();
    assert!(finding.warning);
    assert_eq!(finding.help, "did you mean `rocket-launch`?");
    assert_eq!(html, resolve("rocket", None, Library::FontAwesome).0);
    assert!(find("rocket-lunch", None, Library::FontAwesome).is_none());
}

#[test]
fn pro_names_no_list_holds_are_drawn_by_their_parts_with_a_note() {
    for (name, open, from) in [
        ("circle-bolt", "bolt", Library::FontAwesome),
        ("phone-arrow-up-right", "phone-outgoing", Library::Lucide),
        ("phone-arrow-right", "phone", Library::FontAwesome),
        ("phone-forward", "phone-forwarded", Library::Lucide),
        ("user-headset", "headset", Library::FontAwesome),
        ("message-pen", "message", Library::FontAwesome),
        ("elephant", "hippo", Library::FontAwesome),
        ("dolphin", "fish", Library::FontAwesome),
        ("file-brackets-curly", "file-braces", Library::Lucide),
        ("chart-waterfall", "chart-simple", Library::FontAwesome),
        ("hexagon-vertical-nft", "hexagon", Library::FontAwesome),
        ("right-left-large", "right-left", Library::FontAwesome),
        ("swap", "arrow-right-arrow-left", Library::FontAwesome),
        ("auto", "wand-magic-sparkles", Library::FontAwesome),
        ("attributes", "tags", Library::FontAwesome),
        ("context", "layer-group", Library::FontAwesome),
        ("performance", "gauge-high", Library::FontAwesome),
        ("error", "circle-exclamation", Library::FontAwesome),
        ("migration", "arrow-right-arrow-left", Library::FontAwesome),
    ] {
        let found = drawn(name, Library::FontAwesome);
        assert_eq!(found.shape.library, from, "{name}");
        assert_eq!(found.shape.name, open, "{name}");
        let (html, finding) = resolve(name, None, Library::FontAwesome);
        assert!(html.starts_with("<svg class=\"icon\""), "{name}: {html}");
        let finding = finding.expect("a note");
        assert!(!finding.warning, "{name}");
        assert_eq!(finding.rule, Rule::IconLibrary);
        assert!(
            finding
                .message()
                .contains(&format!("drawn as `{open}` from {}", from.title())),
            "{}",
            finding.message()
        );
    }
    // On a Lucide site the site's library draws the stand-in when it can.
    let found = drawn("circle-bolt", Library::Tabler);
    assert_eq!(
        (found.shape.library, found.shape.name),
        (Library::Tabler, "bolt")
    );
    // Said as a stand-in, not as a listed Pro name.
    let found = drawn("chart-waterfall", Library::FontAwesome);
    assert_eq!(found.source, Source::StandIn("chart-simple"));
}

#[test]
fn image_references_are_not_names() {
    for icon in [
        "/icons/a.svg",
        "https://x.dev/a.png",
        "logo.webp",
        "data:image/png;base64,AA",
    ] {
        assert!(is_image_reference(icon), "{icon}");
    }
    assert!(!is_image_reference("book-open"));
}

#[test]
fn theme_icons_are_font_awesome() {
    let html = theme_svg("gear", Some("solid"));
    assert!(html.starts_with("<svg class=\"icon\""));
    assert!(!html.contains("<!--") && html.contains("fill=\"currentColor\""));
    assert_eq!(theme_svg("no-such-icon", None), "");
}

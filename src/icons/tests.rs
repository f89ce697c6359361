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
fn only_a_name_in_no_library_is_unknown_and_gets_a_suggestion() {
    let (html, finding) = resolve("no-such-icon-anywhere", None, Library::FontAwesome);
    assert_eq!(html, "", "nothing rather than a placeholder blob");
    let finding = finding.unwrap();
    assert!(finding.warning);
    assert_eq!(finding.rule, Rule::UnknownIcon);
    let (_, finding) = resolve("rocket-lunch", None, Library::FontAwesome);
    assert_eq!(finding.unwrap().help, "did you mean `rocket`?");
    // An unknown name of a known family shows that family's icon.
    let (html, finding) = resolve("person-skiing-fast", None, Library::FontAwesome);
    assert!(html.starts_with("<svg"));
    assert!(finding.unwrap().warning);
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

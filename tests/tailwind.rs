//! Tailwind utility classes (issue 51): `sheaf build` on
//! `tests/fixtures/tailwind` writes CSS for exactly the classes each page
//! uses into that page's `<style>`, `dark:` on the theme's toggle, and
//! nothing on a page without them; `check --utility-classes` lists what
//! was collected (for `bench/tailwind.sh`).

mod common;

use common::{build_fixture, fixture, read_built, sheaf};

/// The `<style>` of a built page, if it has one.
fn page_style(html: &str) -> Option<&str> {
    let start = html.find("<style>")? + "<style>".len();
    Some(&html[start..start + html[start..].find("</style>")?])
}

#[test]
fn a_landing_page_gets_the_rules_of_its_classes() {
    let (_out, site, _) = build_fixture("tailwind");
    let html = read_built(&site, "index.html");
    let css = page_style(&html).expect("the landing page has a <style>");
    for rule in [
        "[data-theme=\"dark\"] .dark\\:hidden{display:none;}",
        "[data-theme=\"dark\"] .dark\\:block{display:block;}",
        ".hidden{display:none;}",
        "@media (width >= 48rem){.md\\:grid-cols-3{grid-template-columns:repeat(3, minmax(0, 1fr));}",
        ".md\\:flex{display:flex;}",
        ".hover\\:bg-\\[\\#085A47\\]:hover{background-color:#085A47;}",
        ".group:hover .group-hover\\:underline{",
        ".focus\\:ring-2:focus{",
        ".text-black\\/70{color:color-mix(in oklab, #000 70%, transparent);}",
        ".rounded-\\[24px\\]{border-radius:24px;}",
        ".bg-\\[\\#F5F5F5\\]{background-color:#F5F5F5;}",
        "[data-theme=\"dark\"] .dark\\:bg-white\\/5{",
        // The scoped reset: utilities' variables and solid borders.
        "--en-ring-offset-width:0px;",
        ":where([class*=\"border\"],[class*=\"divide-\"]>*){border-width:0;border-style:solid;",
    ] {
        assert!(css.contains(rule), "{rule} missing from {css}");
    }
    assert!(
        !css.contains("prefers-color-scheme"),
        "dark: follows the toggle"
    );
    // The style follows the theme's stylesheet, so a utility wins a tie.
    assert!(html.find("_sheaf/sheaf.").unwrap() < html.find("<style>").unwrap());
    // A custom page: no sidebar column, no title, no table of contents.
    assert!(html.contains("mode-custom") && !html.contains("class=page-title"));
}

#[test]
fn pages_without_utility_classes_pay_nothing() {
    let (_out, site, _) = build_fixture("tailwind");
    // A page of sheaf's own components only.
    assert_eq!(page_style(&read_built(&site, "plain/index.html")), None);
    // Nor does the theme's stylesheet carry generated rules.
    let bundle = std::fs::read_dir(site.join("_sheaf"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "css"))
        .unwrap();
    let bundle = std::fs::read_to_string(bundle).unwrap();
    assert!(!bundle.contains(".md\\:grid-cols-3"));
}

#[test]
fn a_prose_page_gets_only_its_own_classes() {
    let (_out, site, _) = build_fixture("tailwind");
    let css = read_built(&site, "guide/index.html");
    let css = page_style(&css).expect("the guide has a <style>");
    // Its own classes, the literal parts of a template string included…
    for own in [
        ".rounded-\\[12px\\]",
        ".md\\:grid-cols-3",
        ".px-2",
        ".font-bold",
        ".sm\\:text-xs",
    ] {
        assert!(css.contains(own), "{own} missing from {css}");
    }
    // …and not the landing page's.
    assert!(!css.contains(".rounded-\\[24px\\]") && !css.contains(".text-4xl"));
}

#[test]
fn check_lists_the_collected_classes() {
    let root = fixture("tailwind");
    let out = sheaf(&["check", root.to_str().unwrap(), "--utility-classes"]);
    assert!(out.status.success());
    let listed = String::from_utf8(out.stdout).unwrap();
    let listed: Vec<&str> = listed.lines().collect();
    for class in [
        "dark:hidden",
        "md:grid-cols-3",
        "bg-[#F5F5F5]",
        "font-bold",
        "sm:text-xs",
    ] {
        assert!(listed.contains(&class), "{class} not in {listed:?}");
    }
    // The theme's own (`c-card…`, `prose`) are not utilities.
    assert!(listed.iter().all(|c| !c.starts_with("c-") && *c != "prose"));
}

use super::*;

fn utilities() -> Utilities {
    Utilities::new(".prose p { margin: 0 } .c-card, .only-light { x: 0.5rem }")
}

fn css_of(classes: &str) -> String {
    utilities()
        .css(classes.split_whitespace())
        .unwrap_or_default()
}

#[test]
fn the_variants_mintlify_sites_use() {
    let css = css_of(
        "dark:hidden md:grid-cols-3 hover:bg-gray-100 group-hover:underline focus:ring-2 \
         text-black/50 rounded-[24px] bg-[#F5F5F5] 2xl:text-lg",
    );
    for rule in [
        "[data-theme=\"dark\"] .dark\\:hidden{display:none;}",
        "@media (width >= 48rem){.md\\:grid-cols-3{grid-template-columns:repeat(3, minmax(0, 1fr));}}",
        ".hover\\:bg-gray-100:hover{",
        ".group:hover .group-hover\\:underline{",
        ".focus\\:ring-2:focus{",
        ".text-black\\/50{color:color-mix(in oklab, #000 50%, transparent);}",
        ".rounded-\\[24px\\]{border-radius:24px;}",
        ".bg-\\[\\#F5F5F5\\]{background-color:#F5F5F5;}",
        "@media (width >= 96rem){.\\32xl\\:text-lg{",
    ] {
        assert!(css.contains(rule), "{rule} missing from {css}");
    }
    assert!(
        !css.contains("prefers-color-scheme"),
        "dark follows the toggle"
    );
    assert!(
        css.starts_with("*,::before,::after{--en-"),
        "the scoped base leads"
    );
}

#[test]
fn no_utility_no_css() {
    let u = utilities();
    assert_eq!(u.css(["not-a-utility", "c-card"]), None);
    assert_eq!(u.css([]), None);
    assert_eq!(
        u.page_css(&["<div class=\"c-card only-light\">"], "plain text"),
        None
    );
}

#[test]
fn the_theme_s_own_classes_are_left_out() {
    let u = utilities();
    let classes = u.page_classes(
        &["<div class=\"c-card p-4\"><p class=only-light>"],
        &["<div className={`grid ${x ? \"gap-4\" : ''}`}>"],
    );
    assert_eq!(
        classes.into_iter().collect::<Vec<_>>(),
        ["gap-4", "grid", "p-4"]
    );
}

/// A live component's classes that only a state change shows come from
/// its compiled code (`className:` props), the page's script.
#[test]
fn a_live_component_s_classes_come_from_its_script() {
    let u = utilities();
    let script = "__jsx(\"button\", { className: `px-2 ${on ? \"bg-emerald-600 text-white\" : \"\"}`, onClick: f })";
    let classes = u.page_classes(
        &["<button class=\"px-2 \">"],
        &["import { Tabs } from \"/snippets/t.jsx\";", script],
    );
    assert_eq!(
        classes.into_iter().collect::<Vec<_>>(),
        ["bg-emerald-600", "px-2", "text-white"]
    );
}

/// No rule of the generator can land on an element the theme writes: the
/// theme's stylesheet names no class the generator styles.
#[test]
fn the_generator_styles_none_of_the_theme_s_classes() {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/themes/default");
    let css: String = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "css"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let own: BTreeSet<&str> = css_class_names(&css).collect();
    assert!(own.len() > 200, "{}", own.len());
    let u = Utilities::new("");
    let styled: Vec<&str> = own
        .iter()
        .copied()
        .filter(|c| u.css([*c]).is_some())
        .collect();
    assert!(
        styled.is_empty(),
        "the theme defines utility classes: {styled:?}"
    );
}

#[test]
fn css_class_names_skips_numbers_and_escapes() {
    let names: Vec<&str> =
        css_class_names(".a{x:0.5rem} .b-c:hover, .prose .dark\\:x {}").collect();
    assert_eq!(names, ["a", "b-c", "prose", "dark"]);
}

#[test]
fn tailwind_v3_names_are_styled_by_their_v4_names() {
    let css = css_of("rounded focus:outline-none size-6 md:size-6 flex-shrink-0");
    for rule in [
        ".rounded{border-radius:0.25rem;}",
        ".focus\\:outline-none:focus{",
        ".size-6{",
        ".md\\:size-6{",
        ".flex-shrink-0{",
    ] {
        assert!(css.contains(rule), "{rule} missing from {css}");
    }
}

#[test]
fn the_arbitrary_forms_real_sites_write() {
    let css = css_of(
        "bg-[#F1F1F1]/95 border-[#cfdadc]/30 dark:bg-white/[0.02] group-hover:opacity-[0.9] \
         dark:hover:brightness-[1.25] size-5 dark:text-neutral-300",
    );
    for rule in [
        ".bg-\\[\\#F1F1F1\\]\\/95{background-color:rgb(241 241 241/0.95);}",
        ".border-\\[\\#cfdadc\\]\\/30{border-color:rgb(207 218 220/0.3);}",
        "[data-theme=\"dark\"] .dark\\:bg-white\\/\\[0\\.02\\]{background-color:color-mix(in oklab, #fff 2%, transparent);}",
        ".group:hover .group-hover\\:opacity-\\[0\\.9\\]{opacity:0.9;}",
        "[data-theme=\"dark\"] .dark\\:hover\\:brightness-\\[1\\.25\\]:hover{--en-brightness:brightness(1.25);",
        ".size-5{height:1.25rem;}",
        ".size-5{width:1.25rem;}",
        "[data-theme=\"dark\"] .dark\\:text-neutral-300{color:oklch(87% 0 0);}",
    ] {
        assert!(css.contains(rule), "{rule} missing from {css}");
    }
}

#[test]
fn classes_of_the_site_s_scripts_count_on_every_page() {
    let u = utilities().with_scripts(["banner.className = 'c-card px-4 dark:bg-white/[0.02]'"]);
    let classes = u.page_classes(&["<p>plain</p>"], &["plain text"]);
    assert_eq!(
        classes.into_iter().collect::<Vec<_>>(),
        ["dark:bg-white/[0.02]", "px-4"]
    );
    assert!(u
        .page_css(&["<p>plain</p>"], "plain")
        .unwrap()
        .contains(".px-4{"));
}

use super::google::parse;
use super::*;

const GOOGLE_CSS: &str = "/* cyrillic */
@font-face {
  font-family: 'Inter';
  font-style: normal;
  font-weight: 400;
  font-display: swap;
  src: url(https://fonts.gstatic.com/s/inter/v13/cyr.woff2) format('woff2');
  unicode-range: U+0301, U+0400-045F, U+0490-0491;
}
/* latin */
@font-face {
  font-family: 'Inter';
  font-style: normal;
  font-weight: 100 900;
  font-display: swap;
  src: url(https://fonts.gstatic.com/s/inter/v13/latin.woff2) format('woff2');
  unicode-range: U+0000-00FF, U+0131;
}
";

#[test]
fn the_host_s_faces_are_read_with_their_subset() {
    let faces = parse(GOOGLE_CSS);
    assert_eq!(faces.len(), 2);
    assert_eq!(faces[0].subset.as_deref(), Some("cyrillic"));
    assert_eq!(faces[1].subset.as_deref(), Some("latin"));
    assert_eq!(faces[1].weight, "100 900");
    assert_eq!(
        faces[1].url,
        "https://fonts.gstatic.com/s/inter/v13/latin.woff2"
    );
    assert_eq!(faces[1].format, "woff2");
    assert_eq!(faces[1].range.as_deref(), Some("U+0000-00FF, U+0131"));
}

#[test]
fn nothing_but_font_data_is_carried_over() {
    let hostile = "/* latin */ @font-face { font-family: 'X'; font-style: normal}</style><script>alert(1)</script>;
      font-weight: 400;} body{display:none}; src: url(https://h/x.woff2) format('woff2'); unicode-range: U+0-FF</style>; }
      @font-face { src: url(javascript:alert(1)); }
      @font-face { src: url(\"https://h/a b.woff2\"); }";
    let faces = parse(hostile);
    assert!(faces.is_empty(), "{faces:?}");
    let injected = "@font-face{font-style:normal;font-weight:400;src:url(https://h/x.woff2) format('woff2');unicode-range:U+0-FF</style>}";
    let faces = parse(injected);
    assert_eq!(faces.len(), 1);
    assert_eq!(faces[0].range, None, "a range with markup in it is dropped");
}

#[test]
fn weights_are_those_the_site_names_else_the_theme_s() {
    let fonts: Fonts = serde_json::from_value(serde_json::json!({
        "family": "Inter", "weight": 450,
        "heading": {"family": "Inter", "weight": 700}
    }))
    .unwrap();
    assert_eq!(weights_of(&fonts, "Inter"), [450, 700]);
    let plain: Fonts = serde_json::from_value(serde_json::json!({"family": "Inter"})).unwrap();
    assert_eq!(weights_of(&plain, "Inter"), [400, 500, 600, 700]);
}

#[test]
fn family_names_that_could_break_out_are_refused() {
    assert!(is_family_name("Open Sans"));
    assert!(is_family_name("IBM Plex Mono"));
    assert!(!is_family_name("X\"}body{display:none"));
    assert!(!is_family_name("Inter&text=1"));
}

#[test]
fn a_generic_family_is_named_not_fetched() {
    let fonts: Fonts = serde_json::from_value(serde_json::json!({
        "family": "system-ui", "heading": {"family": "system-ui"}
    }))
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let fetcher = Fetcher::new(&BuildCache::disabled(), true);
    let (faces, unloaded) = load(&fonts, &DocsRoot::new(dir.path()), &fetcher);
    assert!(unloaded.is_empty() && faces.files.is_empty());
    assert!(faces
        .css
        .contains(":root{--font-sans:system-ui,var(--font-system)}"));
    assert!(faces
        .css
        .contains("--font-heading:system-ui,var(--font-sans)"));
}

#[test]
fn offline_with_nothing_cached_keeps_the_system_font_with_one_note() {
    let fonts: Fonts = serde_json::from_value(serde_json::json!({"family": "Inter"})).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let fetcher = Fetcher::new(&BuildCache::disabled(), true);
    let (faces, unloaded) = load(&fonts, &DocsRoot::new(dir.path()), &fetcher);
    assert_eq!(unloaded.len(), 1, "{unloaded:?}");
    assert_eq!(unloaded[0].pointer, "/fonts");
    assert!(
        unloaded[0].message.contains("--offline"),
        "{}",
        unloaded[0].message
    );
    assert!(faces.files.is_empty() && faces.css.contains("\"Inter\",var(--font-system)"));
}

//! The sandbox's globals, each seen through a server-rendered component,
//! and its budget.

use super::*;

const WORLD: World = World {
    seed: 56,
    now_ms: 1_514_936_440_000.0, // 2018-01-02T23:40:40Z
    location: String::new(),
};

fn engine_with(budget: Budget, world: World, body: &str) -> Engine {
    let engine = Engine::new(budget, world).unwrap();
    let scope = format!(
        "const {{ h: __jsx }} = __sheafJsx;\nglobalThis.__d0 = (function () {{\n{body}\nreturn (__src) => eval(__src);\n}})();"
    );
    engine.run(&scope).unwrap();
    engine
}

/// The HTML of `<C />`, `C` defined by `body`.
fn render_in(world: World, body: &str) -> String {
    let engine = engine_with(Budget::default(), world, body);
    engine.render(0, "__jsx(C, {})", "t").unwrap().html
}

/// `<p>` of the text `expression` gives, server-rendered.
fn text_of(expression: &str) -> String {
    let html = render_in(
        WORLD,
        &format!("const C = () => __jsx(\"p\", null, String({expression}));"),
    );
    html_escape::decode_html_entities(&html[3..html.len() - 4]).into_owned()
}

#[test]
fn url_and_search_params_follow_the_url_standard() {
    let url = "new URL(\"/api/user?id=7&name=a+b#fields\", \"https://ugs.example.com/docs/\")";
    assert_eq!(
        text_of(&format!("(() => {{ const u = {url}; return [u.href, u.origin, u.pathname, u.searchParams.get(\"name\"), u.hash].join(\" \"); }})()")),
        "https://ugs.example.com/api/user?id=7&name=a+b#fields https://ugs.example.com /api/user a b #fields"
    );
    let changed = format!("(() => {{ const u = {url}; u.searchParams.set(\"token\", \"a b&c\"); u.searchParams.delete(\"id\"); u.pathname = \"/api/user v2\"; return u.href; }})()");
    assert_eq!(
        text_of(&changed),
        "https://ugs.example.com/api/user%20v2?name=a+b&token=a+b%26c#fields"
    );
    assert_eq!(text_of("URL.canParse(\"not a url\")"), "false");
    assert_eq!(
        text_of("(() => { try { new URL(\"/relative\"); } catch (e) { return e.name; } })()"),
        "TypeError"
    );
    assert_eq!(
        text_of("new URLSearchParams({ method: \"PUT\", path: \"/api/user\" }).toString()"),
        "method=PUT&path=%2Fapi%2Fuser"
    );
    assert_eq!(
        text_of("[...new URLSearchParams(\"?a=1&b=%E2%98%83&a=3\")].map(p => p.join(\":\")).join(\",\")"),
        "a:1,b:☃,a:3"
    );
}

#[test]
fn text_encoding_and_base64() {
    assert_eq!(
        text_of("new TextEncoder().encode(\"Token é☃\").join(\",\")"),
        "84,111,107,101,110,32,195,169,226,152,131"
    );
    assert_eq!(
        text_of("new TextDecoder().decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xff, 0xe2, 0x98, 0x83]))"),
        "A\u{fffd}☃"
    );
    assert_eq!(
        text_of("btoa(\"Token API_KEY\") + \" \" + atob(\"VG9rZW4gQVBJX0tFWQ==\")"),
        "VG9rZW4gQVBJX0tFWQ== Token API_KEY"
    );
    assert_eq!(
        text_of("(() => { try { btoa(\"☃\"); } catch (e) { return e.name; } })()"),
        "InvalidCharacterError"
    );
}

#[test]
fn structured_clone_copies_deeply() {
    let body = "(() => { const user = { id: 7, groups: new Set([\"admins\"]), seen: new Date(0) }; user.self = user; \
        const copy = structuredClone(user); return [copy !== user, copy.self === copy, copy.groups.has(\"admins\"), copy.seen.getTime()].join(\" \"); })()";
    assert_eq!(text_of(body), "true true true 0");
    assert_eq!(
        text_of("(() => { try { structuredClone({ f() {} }); } catch (e) { return e.name; } })()"),
        "DataCloneError"
    );
}

#[test]
fn numbers_format_as_browsers_do() {
    for (expression, expected) in [
        ("new Intl.NumberFormat(\"en-US\", { style: \"currency\", currency: \"USD\" }).format(1234.5)", "$1,234.50"),
        ("new Intl.NumberFormat(\"de-DE\", { style: \"currency\", currency: \"EUR\" }).format(-1234.5)", "-1.234,50\u{a0}€"),
        ("new Intl.NumberFormat(\"fr\").format(1234567.891)", "1\u{202f}234\u{202f}567,891"),
        ("new Intl.NumberFormat(\"en\", { style: \"percent\", maximumFractionDigits: 1 }).format(0.1234)", "12.3%"),
        ("new Intl.NumberFormat(\"en\", { notation: \"compact\" }).format(1234567)", "1.2M"),
        ("new Intl.NumberFormat(\"en\", { maximumFractionDigits: 2 }).format(1.005)", "1.01"),
        ("new Intl.NumberFormat(\"es\").format(1234)", "1234"),
        ("(1234.5).toLocaleString()", "1,234.5"),
        ("(1234.5).toLocaleString(\"de\", { minimumFractionDigits: 2 })", "1.234,50"),
        ("Intl.NumberFormat(\"en-IN\").format(1234567)", "12,34,567"),
        ("new Intl.NumberFormat(\"xx\").resolvedOptions().locale", "en-US"),
    ] {
        assert_eq!(text_of(expression), expected, "{expression}");
    }
}

#[test]
fn dates_format_in_utc_at_the_builds_time() {
    for (expression, expected) in [
        ("Date.now()", "1514936440000"),
        ("new Date().toISOString()", "2018-01-02T23:40:40.000Z"),
        ("new Date()", "Tue Jan 02 2018 23:40:40 GMT+0000 (Coordinated Universal Time)"),
        ("new Date(2018, 0, 2, 8).getHours() + \" \" + new Date(0).getTimezoneOffset()", "8 0"),
        ("new Date(\"2018-01-02T08:00\").toISOString()", "2018-01-02T08:00:00.000Z"),
        ("new Date().toLocaleString()", "1/2/2018, 11:40:40 PM"),
        ("new Date().toLocaleDateString(\"en-GB\")", "02/01/2018"),
        ("new Date().toLocaleDateString(\"de-DE\")", "2.1.2018"),
        ("new Date().toLocaleDateString(\"en-US\", { dateStyle: \"long\" })", "January 2, 2018"),
        ("new Date().toLocaleTimeString(\"en-US\", { hour: \"2-digit\", minute: \"2-digit\" })", "11:40 PM"),
        ("new Intl.DateTimeFormat(\"en-US\", { dateStyle: \"full\", timeStyle: \"long\" }).format(new Date())", "Tuesday, January 2, 2018 at 11:40:40 PM UTC"),
        ("new Intl.DateTimeFormat(\"en-GB\", { weekday: \"short\", year: \"numeric\", month: \"short\", day: \"numeric\" }).format(0)", "Thu, 1 Jan 1970"),
        ("Intl.DateTimeFormat().resolvedOptions().timeZone", "UTC"),
        ("performance.now()", "0"),
    ] {
        assert_eq!(text_of(expression), expected, "{expression}");
    }
}

#[test]
fn randomness_is_seeded_per_page() {
    let draw = "[Math.random(), Math.random(), crypto.randomUUID(), crypto.getRandomValues(new Uint8Array(4)).join(\"-\")].join(\" \")";
    let body = format!("const C = () => __jsx(\"p\", null, {draw});");
    let first = render_in(WORLD, &body);
    assert_eq!(first, render_in(WORLD, &body));
    let other = World { seed: 57, ..WORLD };
    assert_ne!(first, render_in(other, &body));
    let uuid = text_of("crypto.randomUUID()");
    assert!(
        uuid.len() == 36
            && uuid.as_bytes()[14] == b'4'
            && "89ab".contains(uuid.as_bytes()[19] as char),
        "{uuid}"
    );
    assert_eq!(
        text_of("Array.from({ length: 1000 }, Math.random).every((x) => x >= 0 && x < 1)"),
        "true"
    );
}

#[test]
fn timers_and_microtasks_never_run_at_build_time() {
    let body = "let fired = []; const C = () => { \
        const ids = [setTimeout(() => fired.push(\"timeout\"), 0), setInterval(() => fired.push(\"interval\"), 1)]; \
        clearTimeout(ids[0]); queueMicrotask(() => fired.push(\"microtask\")); Promise.resolve().then(() => fired.push(\"then\")); \
        console.log(\"hidden\"); console.table([]); console.error(\"hidden\"); \
        return __jsx(\"p\", null, ids.join(\",\") + \" \" + fired.length); };";
    let engine = engine_with(Budget::default(), WORLD, body);
    assert_eq!(
        engine.render(0, "__jsx(C, {})", "a").unwrap().html,
        "<p>1,2 0</p>"
    );
    assert_eq!(
        engine.render(0, "__jsx(C, {})", "b").unwrap().html,
        "<p>3,4 0</p>"
    );
}

#[test]
fn components_see_the_page_and_inert_browser_stand_ins_but_nothing_outside() {
    let names = "[\"document\", \"fetch\", \"XMLHttpRequest\", \"require\", \"process\", \"__sheaf_url_parse\"]\
        .filter((n) => typeof globalThis[n] !== \"undefined\").join()";
    assert_eq!(text_of(names), "");
    assert_eq!(
        text_of("typeof window === \"undefined\" ? \"server\" : window.location.href"),
        "http://localhost/"
    );
    assert_eq!(
        text_of("[localStorage.getItem(\"a\"), navigator.userAgent === \"\", matchMedia(\"(min-width: 1px)\").matches, innerWidth].join()"),
        ",true,false,1280"
    );
    assert_eq!(
        text_of("globalThis === globalThis.globalThis && window === globalThis"),
        "true"
    );
}

#[test]
fn location_is_the_pages_own_url() {
    let world = World {
        location: "https://docs.example.com/guides/setup?x=1".into(),
        ..WORLD
    };
    let engine = engine_with(
        Budget::default(),
        world,
        "const C = () => __jsx(\"p\", null, location.hostname + \" \" + location.pathname + location.search);",
    );
    assert_eq!(
        engine.render(0, "__jsx(C, {})", "a").unwrap().html,
        "<p>docs.example.com /guides/setup?x=1</p>"
    );
}

#[test]
fn an_endless_loop_spends_the_budget_the_same_way_every_time() {
    let budget = Budget {
        operations: 50_000_000,
        ..Budget::default()
    };
    let body =
        "const Forever = () => { while (true) {} }; const C = () => __jsx(\"p\", null, \"ok\");";
    let spent = || {
        let engine = engine_with(budget, WORLD, body);
        let before = engine.spent();
        let failure = engine.render(0, "__jsx(Forever, {})", "a").unwrap_err();
        assert_eq!(failure, Failure::Operations(50_000_000));
        assert_eq!(
            failure.to_string(),
            "it ran past the page's budget of 50 million operations"
        );
        // Once spent, nothing more runs on the page.
        assert_eq!(engine.render(0, "__jsx(C, {})", "b").unwrap_err(), failure);
        (before, engine.spent())
    };
    let first = spent();
    assert_eq!(first, spent());
    assert!(first.1 >= 50_000_000 && first.0 < 1_000_000, "{first:?}");
}

#[test]
fn a_catch_cannot_swallow_the_budget() {
    let budget = Budget {
        operations: 20_000_000,
        ..Budget::default()
    };
    let body = "const C = () => { for (;;) { try { while (true) {} } catch (e) {} } };";
    let engine = engine_with(budget, WORLD, body);
    let failure = engine.render(0, "__jsx(C, {})", "a").unwrap_err();
    assert_eq!(failure, Failure::Operations(20_000_000));
}

#[test]
fn the_backstop_ends_what_counting_has_not() {
    let budget = Budget {
        backstop: Duration::ZERO,
        ..Budget::default()
    };
    let engine = Engine::new(Budget::default(), WORLD).unwrap();
    drop(engine);
    let result = Engine::new(budget, WORLD).and_then(|e| e.run("while (true) {}").map(|()| e));
    let failure = result.err().unwrap();
    assert_eq!(failure, Failure::Backstop(Duration::ZERO));
    assert_eq!(
        failure.to_string(),
        "it ran past sheaf's backstop of 0 s of processor time"
    );
}

#[test]
fn memory_runs_out_as_a_failure() {
    let budget = Budget {
        memory: 16 << 20,
        ..Budget::default()
    };
    let body = "const C = () => { const a = []; for (;;) a.push(\"x\".repeat(1000) + a.length); };";
    let engine = engine_with(budget, WORLD, body);
    assert_eq!(
        engine.render(0, "__jsx(C, {})", "a").unwrap_err(),
        Failure::Memory(16 << 20)
    );
}

/// How many operations loops run in 2 s of processor time on this
/// machine: the figures behind [`Budget::operations`]' default.
/// `cargo test --release --lib calibrate -- --ignored --nocapture`
#[test]
#[ignore]
fn calibrate() {
    let budget = Budget {
        operations: u64::MAX / 2,
        backstop: Duration::from_secs(2),
        ..Budget::default()
    };
    for code in [
        "while (true) {}",
        "let sum = 0; for (let i = 0; ; i++) sum = (sum + i * 31) | 0;",
        "const rows = []; for (let i = 0; ; i++) { rows.push({ name: 'field' + (i % 50) }); if (rows.length > 1000) rows.length = 0; }",
    ] {
        let engine = Engine::new(budget, WORLD).unwrap();
        let failure = engine.run(code).unwrap_err();
        assert_eq!(failure, Failure::Backstop(Duration::from_secs(2)));
        println!("{:>12} operations in 2 s: {code}", engine.spent());
    }
}

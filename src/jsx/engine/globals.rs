//! The browser globals author code finds in the sandbox, and nothing that
//! reaches outside it or makes two builds of the same input differ.
//!
//! Given (plain JavaScript in `globals.js` and `intl.js`, run before
//! sheaf's runtime; URL parsing by the `url` crate, the WHATWG parser):
//! - From QuickJS itself: `globalThis`, `queueMicrotask` (its callbacks,
//!   like promise callbacks, are queued and never run at build time:
//!   server rendering writes the HTML first), `DOMException`, `WeakRef`.
//! - `URL` (with `URL.canParse`) and `URLSearchParams`, `TextEncoder`
//!   and `TextDecoder` (UTF-8), `atob`/`btoa`, `structuredClone`.
//! - `Date`: `Date.now()` and `new Date()` give the build's time (the
//!   caller's [`super::World::now_ms`]: `SOURCE_DATE_EPOCH` when set),
//!   which does not advance; local time is UTC (`getHours` is
//!   `getUTCHours`, `getTimezoneOffset()` is 0). `performance.now()` is 0.
//! - `Math.random`, `crypto.getRandomValues` and `crypto.randomUUID`:
//!   one seeded generator (xoshiro128**) per page, seeded by
//!   [`super::World::seed`].
//! - `setTimeout`, `setInterval`, `clearTimeout`, `clearInterval`: they
//!   return ids and never fire (server rendering is over before a timer).
//! - `console`: every method, doing nothing (nothing is printed).
//! - `Intl.NumberFormat`, `Intl.DateTimeFormat`, `Intl.PluralRules`
//!   (English rules), `Number.prototype.toLocaleString` and
//!   `Date.prototype.toLocale(Date|Time)String` through them: see
//!   `intl.js` for the locales and options.
//!
//! Left out: `window`, `document`, `navigator`, `localStorage`,
//! `sessionStorage`, `location`, `requestAnimationFrame` (absent, so
//! `typeof window === "undefined"` guards take their server branch, as
//! with React's server rendering); `fetch`, `XMLHttpRequest`,
//! `WebSocket`, `require`, `process`, `import()` (network, files and
//! environment: a component that fetches in `useEffect` renders its
//! initial state and fetches in the reader's browser); time zones other
//! than UTC and collation (`Intl.Collator`, `localeCompare` compares code
//! units), which need data the binary does not carry.

use rquickjs::{Ctx, Function};
use url::{quirks, Url};

use super::World;

const GLOBALS: &str = include_str!("globals.js");
const INTL: &str = include_str!("intl.js");

/// Defines the native helpers the scripts use (URL parsing).
pub(super) fn install(ctx: &Ctx) -> rquickjs::Result<()> {
    let globals = ctx.globals();
    globals.set("__sheaf_url_parse", Function::new(ctx.clone(), url_parse)?)?;
    globals.set("__sheaf_url_set", Function::new(ctx.clone(), url_set)?)?;
    Ok(())
}

/// The globals' script for `world`.
pub(super) fn script(world: &World) -> String {
    let (high, low) = (world.seed >> 32, world.seed & 0xffff_ffff);
    let now = match world.now_ms.is_finite() {
        true => world.now_ms.trunc(),
        false => 0.0,
    };
    let location = match Url::parse(&world.location) {
        Ok(url) if matches!(url.scheme(), "http" | "https") => url.to_string(),
        _ => FALLBACK_LOCATION.to_string(),
    };
    let location = serde_json::Value::from(location);
    format!("{GLOBALS}\n({high}, {low}, {now}, {location});\n{INTL}")
}

/// What `location` says when the page's URL is not known.
const FALLBACK_LOCATION: &str = "http://localhost/";

/// `input` parsed as a URL (against `base` when given): its components,
/// or `None` when it is no URL.
fn url_parse(input: String, base: Option<String>) -> Option<Vec<String>> {
    let url = match base {
        Some(base) => Url::options()
            .base_url(Some(&Url::parse(&base).ok()?))
            .parse(&input),
        None => Url::parse(&input),
    };
    url.ok().map(|url| components(&url))
}

/// The URL `href` with its component `name` set to `value`, as the URL
/// setters of the WHATWG standard do (a value they refuse changes nothing).
fn url_set(href: String, name: String, value: String) -> Option<Vec<String>> {
    let mut url = Url::parse(&href).ok()?;
    let _refused = match name.as_str() {
        "href" => quirks::set_href(&mut url, &value).is_err(),
        "protocol" => quirks::set_protocol(&mut url, &value).is_err(),
        "username" => quirks::set_username(&mut url, &value).is_err(),
        "password" => quirks::set_password(&mut url, &value).is_err(),
        "host" => quirks::set_host(&mut url, &value).is_err(),
        "hostname" => quirks::set_hostname(&mut url, &value).is_err(),
        "port" => quirks::set_port(&mut url, &value).is_err(),
        "pathname" => {
            quirks::set_pathname(&mut url, &value);
            false
        }
        "search" => {
            quirks::set_search(&mut url, &value);
            false
        }
        "hash" => {
            quirks::set_hash(&mut url, &value);
            false
        }
        _ => true,
    };
    Some(components(&url))
}

/// The order `globals.js` reads them in.
fn components(url: &Url) -> Vec<String> {
    [
        quirks::href(url),
        &quirks::origin(url),
        quirks::protocol(url),
        quirks::username(url),
        quirks::password(url),
        quirks::host(url),
        quirks::hostname(url),
        quirks::port(url),
        quirks::pathname(url),
        quirks::search(url),
        quirks::hash(url),
    ]
    .map(str::to_string)
    .to_vec()
}

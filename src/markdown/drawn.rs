//! Mermaid diagrams drawn once: [`Diagrams`] keeps each distinct diagram's
//! drawing, keyed by its source text.
//!
//! Laying a diagram out is the costliest thing a page can ask for
//! (mermaid-rs-renderer's edge routing: tens of milliseconds), and real
//! sites repeat diagrams: `fim-ai__fim-one` holds 294, only 69 distinct
//! (the same diagrams in six languages). The renderer takes no theme or
//! other option (both colour modes restyle the one drawing with CSS), so
//! the source alone is the key. The cache holds the renderer's SVG before
//! the page gives its ids a prefix of their own
//! (`super::components` does that, per use).
//!
//! A build's [`super::Markdown`] holds one; the preview passes the same one
//! to every rebuild, so an unchanged diagram is never drawn again while it
//! runs (drawings of diagrams since edited stay until it stops). Two page
//! jobs asking for the same new diagram at once draw it once: the second
//! waits for the first.
//!
//! Behind it is the build cache ([`crate::cache`], `drawings/`): a diagram
//! drawn by an earlier build, preview or CI run is read from there, keyed
//! by its source and the renderer's name and version ([`RENDERER`]; there
//! is no theme or mode to key by, see above). Refusals are kept as well:
//! the renderer can spend as long refusing a diagram as drawing one. A
//! build draws its pages' diagrams before the page jobs (`site`), which
//! then find them drawn.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::cache::{BuildCache, Entries};

/// A drawing, or why the renderer could not draw the diagram.
pub type Drawing = Result<Arc<str>, String>;

/// The renderer and its version: part of every cache key, so a new
/// renderer never shows an old drawing (a unit test checks it against
/// `Cargo.lock`).
const RENDERER: &str = "mermaid-rs-renderer 0.3.1";

/// How many bytes of drawings the build cache keeps (some 10,000
/// diagrams), the least recently used pruned beyond.
pub const CACHE_BOUND: u64 = 128 << 20;

/// Every diagram drawn so far, shared by the page jobs (cloning shares it).
#[derive(Clone, Default)]
pub struct Diagrams {
    drawn: Arc<Mutex<HashMap<String, Arc<OnceLock<Drawing>>>>>,
    /// The build cache's drawings, if there is a cache.
    kept: Option<Entries>,
    counts: Arc<Counts>,
}

/// What became of the diagrams asked for.
#[derive(Default)]
struct Counts {
    drawn: AtomicUsize,
    from_cache: AtomicUsize,
}

impl Diagrams {
    /// An empty set of drawings, with no build cache behind it.
    pub fn new() -> Diagrams {
        Diagrams::default()
    }

    /// An empty set of drawings that reads and keeps them in `cache`.
    pub fn with_cache(cache: &BuildCache) -> Diagrams {
        Diagrams {
            kept: cache.dir().map(|_| cache.entries("drawings", CACHE_BOUND)),
            ..Diagrams::default()
        }
    }

    /// The SVG of the Mermaid diagram `source`, drawn on its first request
    /// (or read from the build cache).
    pub fn draw(&self, source: &str) -> Drawing {
        let slot = {
            let mut drawn = self.drawn.lock().unwrap_or_else(|e| e.into_inner());
            match drawn.get(source) {
                Some(slot) => Arc::clone(slot),
                None => Arc::clone(drawn.entry(source.to_string()).or_default()),
            }
        };
        slot.get_or_init(|| self.kept_or_drawn(source)).clone()
    }

    /// How many distinct diagrams were asked for.
    pub fn len(&self) -> usize {
        self.drawn.lock().map_or(0, |drawn| drawn.len())
    }

    /// Whether no diagram was asked for yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many diagrams the renderer drew, and how many were read from
    /// the build cache instead.
    pub fn counts(&self) -> (usize, usize) {
        let counts = &self.counts;
        let drawn = counts.drawn.load(Ordering::Relaxed);
        (drawn, counts.from_cache.load(Ordering::Relaxed))
    }

    /// Prunes the build cache's drawings to their bound (after a build).
    pub fn prune_cache(&self) {
        if let Some(kept) = &self.kept {
            kept.prune();
        }
    }

    fn kept_or_drawn(&self, source: &str) -> Drawing {
        let key = format!("{RENDERER}\0{source}");
        let kept = self.kept.as_ref();
        if let Some(drawing) = kept.and_then(|k| k.read(key.as_bytes())).and_then(decode) {
            self.counts.from_cache.fetch_add(1, Ordering::Relaxed);
            return drawing;
        }
        let drawing = draw_mermaid(source);
        self.counts.drawn.fetch_add(1, Ordering::Relaxed);
        if let Some(kept) = kept {
            kept.write(key.as_bytes(), &encode(&drawing));
        }
        drawing
    }
}

/// The sources of the ```` ```mermaid ```` fences of a page body, as the
/// renderer reads them (a fence inside a component included). A source
/// this misreads costs only its page job drawing it.
pub fn mermaid_sources(body: &str) -> Vec<String> {
    use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
    if memchr::memmem::find(body.as_bytes(), b"mermaid").is_none() {
        return Vec::new();
    }
    let mut sources = Vec::new();
    let mut open: Option<String> = None;
    for event in Parser::new(body) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if info.split_whitespace().next() == Some("mermaid") =>
            {
                open = Some(String::new());
            }
            Event::Text(text) => open.iter_mut().for_each(|s| s.push_str(&text)),
            Event::End(TagEnd::CodeBlock) => sources.extend(open.take()),
            _ => {}
        }
    }
    sources
}

/// A drawing as a cache entry's body: `S` and the SVG, or `E` and why.
fn encode(drawing: &Drawing) -> Vec<u8> {
    let (tag, text) = match drawing {
        Ok(svg) => (b'S', &**svg),
        Err(reason) => (b'E', reason.as_str()),
    };
    let mut body = vec![tag];
    body.extend_from_slice(text.as_bytes());
    body
}

fn decode(body: Vec<u8>) -> Option<Drawing> {
    let (&tag, text) = body.split_first()?;
    let text = std::str::from_utf8(text).ok()?;
    match tag {
        b'S' if text.starts_with("<svg") => Some(Ok(Arc::from(text))),
        b'E' => Some(Err(text.to_string())),
        _ => None,
    }
}

fn draw_mermaid(source: &str) -> Drawing {
    let drawn = std::panic::catch_unwind(|| mermaid_rs_renderer::render(source))
        .map_err(|_| "the renderer failed on it".to_string())?
        .map_err(|e| first_line(&e.to_string()))?;
    let svg = drawn.trim();
    if !svg.starts_with("<svg") {
        return Err("the renderer returned no SVG".into());
    }
    Ok(Arc::from(svg))
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or(text).trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagram_is_drawn_once_and_shared_by_clones() {
        let diagrams = Diagrams::new();
        let first = diagrams.draw("graph TD\n  A --> B\n").unwrap();
        let again = diagrams.clone().draw("graph TD\n  A --> B\n").unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        assert!(first.starts_with("<svg"));
        diagrams.draw("graph LR\n  A --> B\n").unwrap();
        assert_eq!(diagrams.len(), 2);
    }

    #[test]
    fn drawings_and_refusals_are_read_back_from_the_build_cache() {
        let dir = tempfile::tempdir().unwrap();
        let cache = BuildCache::at(dir.path());
        let first = Diagrams::with_cache(&cache);
        let drawn = first.draw("graph TD\n  A --> B\n").unwrap();
        let refused = first.draw("not a diagram at all");
        assert_eq!(first.counts(), (2, 0));

        let next = Diagrams::with_cache(&cache);
        assert_eq!(next.draw("graph TD\n  A --> B\n").unwrap(), drawn);
        assert_eq!(next.draw("not a diagram at all"), refused);
        assert_eq!(next.counts(), (0, 2));
        assert_eq!(Diagrams::new().draw("not a diagram at all"), refused);
    }

    #[test]
    fn the_cache_key_names_the_renderer_version_in_cargo_lock() {
        let lock = include_str!("../../Cargo.lock");
        let (name, version) = RENDERER.split_once(' ').unwrap();
        let entry = format!("name = \"{name}\"\nversion = \"{version}\"\n");
        assert!(
            lock.contains(&entry),
            "update RENDERER to Cargo.lock's {name}"
        );
    }

    #[test]
    fn a_refusal_is_kept_too() {
        let diagrams = Diagrams::new();
        let refused = diagrams.draw("not a diagram at all");
        assert!(refused.is_err());
        assert_eq!(diagrams.draw("not a diagram at all"), refused);
        assert_eq!(diagrams.len(), 1);
    }
}

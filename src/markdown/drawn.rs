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

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A drawing, or why the renderer could not draw the diagram.
pub type Drawing = Result<Arc<str>, String>;

/// Every diagram drawn so far, shared by the page jobs (cloning shares it).
#[derive(Clone, Default)]
pub struct Diagrams {
    drawn: Arc<Mutex<HashMap<String, Arc<OnceLock<Drawing>>>>>,
}

impl Diagrams {
    /// An empty cache.
    pub fn new() -> Diagrams {
        Diagrams::default()
    }

    /// The SVG of the Mermaid diagram `source`, drawn on its first request.
    pub fn draw(&self, source: &str) -> Drawing {
        let slot = {
            let mut drawn = self.drawn.lock().unwrap_or_else(|e| e.into_inner());
            match drawn.get(source) {
                Some(slot) => Arc::clone(slot),
                None => Arc::clone(drawn.entry(source.to_string()).or_default()),
            }
        };
        slot.get_or_init(|| draw_mermaid(source)).clone()
    }

    /// How many distinct diagrams were asked for.
    pub fn len(&self) -> usize {
        self.drawn.lock().map_or(0, |drawn| drawn.len())
    }

    /// Whether no diagram was asked for yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
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
    fn a_refusal_is_kept_too() {
        let diagrams = Diagrams::new();
        let refused = diagrams.draw("not a diagram at all");
        assert!(refused.is_err());
        assert_eq!(diagrams.draw("not a diagram at all"), refused);
        assert_eq!(diagrams.len(), 1);
    }
}

//! `<Visibility for="humans">` and `<Visibility for="agents">`: what a page
//! says to people and what it says to language models. The HTML page shows
//! the humans' part (the component renders its children; the agents' part
//! renders nothing); the page's Markdown copy keeps the agents' part
//! without its tags and drops the humans' part ([`for_agents`]), and so
//! does `llms-full.txt`, for which `site` renders that text once more.

use std::borrow::Cow;
use std::ops::Range;

use super::attrs::AttrList;
use super::mdx::{self, Node};

/// The page's source as agents read it: every `<Visibility for="humans">`
/// element removed, every `<Visibility for="agents">` reduced to its
/// children. Any other text is kept byte for byte.
pub fn for_agents(source: &str) -> Cow<'_, str> {
    if !source.contains("<Visibility") {
        return Cow::Borrowed(source);
    }
    let body_start =
        crate::yaml::frontmatter_block(source).map_or(0, |(_, body, _)| source.len() - body.len());
    let mut cuts = Vec::new();
    collect_cuts(&mdx::parse(&source[body_start..]).nodes, &mut cuts);
    cuts.sort_by_key(|cut| cut.start);
    let mut out = String::with_capacity(source.len());
    let mut at = body_start;
    out.push_str(&source[..body_start]);
    for cut in cuts {
        let (start, end) = (body_start + cut.start, body_start + cut.end);
        if start >= at {
            out.push_str(&source[at..start]);
            at = end;
        }
    }
    out.push_str(&source[at..]);
    Cow::Owned(out)
}

fn collect_cuts(nodes: &[Node], cuts: &mut Vec<Range<usize>>) {
    for node in nodes {
        let Node::Element(el) = node else { continue };
        if el.name == "Visibility" {
            let end = el.close.as_ref().map_or(el.open_end, |close| close.end);
            if el.attrs.text("for").as_deref() == Some("humans") {
                cuts.push(el.offset..end);
                continue;
            }
            cuts.push(el.offset..el.open_end);
            cuts.extend(el.close.clone());
        }
        collect_cuts(&el.children, cuts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_read_their_part_and_not_the_humans_part() {
        let source = "---\ntitle: T\n---\n\nIntro.\n\n<Visibility for=\"humans\">\nClick the **blue** button.\n</Visibility>\n\n<Visibility for=\"agents\">\nCall `POST /api/user`.\n</Visibility>\n\nEnd.\n";
        let copy = for_agents(source);
        assert!(copy.starts_with("---\ntitle: T\n---\n\nIntro."), "{copy}");
        assert!(!copy.contains("blue"), "{copy}");
        assert!(copy.contains("Call `POST /api/user`."), "{copy}");
        assert!(!copy.contains("Visibility"), "{copy}");
        assert!(copy.ends_with("End.\n"), "{copy}");
        assert!(matches!(for_agents("No component."), Cow::Borrowed(_)));
    }
}

//! Pre-rendered HTML with holes: shared fragments (top bar, sidebar groups,
//! footer…) are rendered by tera ONCE, with marker characters where a page
//! supplies its root prefix or its "current" state, then written per page in
//! one pass.
//!
//! Markers are Unicode private-use characters, which tera's escaping leaves
//! alone and which never occur in normal text:
//! - [`ROOT`] becomes the page's relative root prefix (`../../`); when it
//!   starts an attribute's path (`href="ROOTtab0/a/"`), the link is written
//!   from the page's own folder instead (`../a/` from `tab0/b/`), which
//!   keeps the many sidebar links of every page short;
//! - `MARK_OPEN c:KEY MARK_CLOSE` becomes ` aria-current=page` when KEY is
//!   current for the page;
//! - `MARK_OPEN d:KEY MARK_CLOSE` becomes ` data-active` when KEY is current
//!   (Mintlify's mark of the current sidebar item and tab, which a site's
//!   own CSS targets);
//! - `MARK_OPEN h:KEY MARK_CLOSE` becomes ` hidden` unless KEY is current;
//! - `MARK_OPEN k:KEY MARK_CLOSE` … `MARK_OPEN k:/ MARK_CLOSE` encloses a
//!   region written only when KEY is current (regions do not nest).
//!
//! KEY is `p<id>` (a page), `t<index>`/`t-` (a tab / the primary tab) or
//! `a<index>`/`a-` (an anchor / the top anchor).

use crate::content::PageId;

/// Stands for the page's relative root prefix.
pub const ROOT: char = '\u{E000}';

/// The relative prefix from a page at `depth` to the site root: `./`, `../`, `../../`.
pub fn root_prefix(depth: usize) -> String {
    if depth == 0 {
        "./".to_string()
    } else {
        "../".repeat(depth)
    }
}

pub const MARK_OPEN: char = '\u{E001}';
const MARK_CLOSE: char = '\u{E002}';

/// What a marker refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Page(PageId),
    Tab(Option<usize>),
    Anchor(Option<usize>),
}

impl Key {
    fn code(self) -> String {
        let index = |i: Option<usize>| i.map_or("-".to_string(), |i| i.to_string());
        match self {
            Key::Page(id) => format!("p{id}"),
            Key::Tab(i) => format!("t{}", index(i)),
            Key::Anchor(i) => format!("a{}", index(i)),
        }
    }

    fn parse(code: &str) -> Option<Key> {
        let (kind, rest) = code.split_at_checked(1)?;
        let index = || match rest {
            "-" => Some(None),
            n => n.parse().ok().map(Some),
        };
        match kind {
            "p" => rest.parse().ok().map(Key::Page),
            "t" => index().map(Key::Tab),
            "a" => index().map(Key::Anchor),
            _ => None,
        }
    }

    /// The marker that renders ` aria-current=page` when this key is current.
    pub fn current_marker(self) -> String {
        format!("{MARK_OPEN}c:{}{MARK_CLOSE}", self.code())
    }

    /// The marker that renders ` data-active` when this key is current.
    pub fn active_marker(self) -> String {
        format!("{MARK_OPEN}d:{}{MARK_CLOSE}", self.code())
    }

    /// The marker that renders ` hidden` unless this key is current.
    pub fn hidden_marker(self) -> String {
        format!("{MARK_OPEN}h:{}{MARK_CLOSE}", self.code())
    }

    /// The markers around a region written only when this key is current.
    pub fn region_markers(self) -> (String, String) {
        (
            format!("{MARK_OPEN}k:{}{MARK_CLOSE}", self.code()),
            format!("{MARK_OPEN}k:/{MARK_CLOSE}"),
        )
    }
}

/// What is current on the page being written.
#[derive(Debug, Clone, Copy)]
pub struct Current<'a> {
    /// The relative root prefix of the page (`./` or `../` once per folder of `dir`).
    pub root: &'a str,
    /// The page's folder from the site root (`tab0/b/`; empty for the home page).
    pub dir: &'a str,
    pub page: Option<PageId>,
    pub tab: Option<usize>,
    pub anchor: Option<usize>,
}

impl<'a> Current<'a> {
    /// A place in folder `dir` (`root` climbs out of it) where nothing is
    /// current, not even the primary tab or the top anchor: a file that is
    /// not a page.
    pub fn nothing(root: &'a str, dir: &'a str) -> Current<'a> {
        // No tab or anchor has this index.
        let outside = Some(usize::MAX);
        Current {
            root,
            dir,
            page: None,
            tab: outside,
            anchor: outside,
        }
    }

    fn is(&self, key: Key) -> bool {
        match key {
            Key::Page(id) => self.page == Some(id),
            Key::Tab(i) => self.tab == i,
            Key::Anchor(i) => self.anchor == i,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Text(String),
    Root,
    /// A path from the site root, the whole value of an attribute.
    Link(String),
    CurrentAttr(Key),
    ActiveAttr(Key),
    HiddenUnless(Key),
    /// Starts a region written only when the key is current.
    RegionStart(Key),
    RegionEnd,
}

/// A parsed fragment, ready to be written for any page.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fragment {
    pieces: Vec<Piece>,
}

impl Fragment {
    /// Splits rendered HTML at its markers. Malformed markers are kept as text.
    pub fn parse(html: &str) -> Fragment {
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut rest = html;
        while let Some(pos) = rest.find([ROOT, MARK_OPEN]) {
            text.push_str(&rest[..pos]);
            let marker = &rest[pos..];
            let (piece, consumed) = parse_marker(marker);
            match piece {
                Some(piece) => {
                    if !text.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut text)));
                    }
                    pieces.push(piece);
                }
                None => text.push_str(&marker[..consumed]),
            }
            rest = &marker[consumed..];
        }
        text.push_str(rest);
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Fragment { pieces }
    }

    /// Appends the fragment to `out` as seen from the page `current`.
    pub fn write(&self, out: &mut String, current: &Current) {
        let mut skipping = false;
        for piece in &self.pieces {
            match piece {
                Piece::RegionStart(key) => skipping = !current.is(*key),
                Piece::RegionEnd => skipping = false,
                _ if skipping => {}
                Piece::Text(text) => out.push_str(text),
                Piece::Root => out.push_str(current.root),
                Piece::Link(path) => write_link(out, current, path),
                Piece::CurrentAttr(key) if current.is(*key) => out.push_str(" aria-current=page"),
                Piece::ActiveAttr(key) if current.is(*key) => out.push_str(" data-active"),
                Piece::HiddenUnless(key) if !current.is(*key) => out.push_str(" hidden"),
                Piece::CurrentAttr(_) | Piece::ActiveAttr(_) | Piece::HiddenUnless(_) => {}
            }
        }
    }

    /// The regions of the fragment (see [`Key::region_markers`]), each with
    /// its key, in order.
    pub fn regions(&self) -> Vec<(Key, Fragment)> {
        let mut regions = Vec::new();
        let mut open: Option<(Key, Vec<Piece>)> = None;
        for piece in &self.pieces {
            match (piece, &mut open) {
                (Piece::RegionStart(key), _) => open = Some((*key, Vec::new())),
                (Piece::RegionEnd, Some(_)) => {
                    let (key, pieces) = open.take().expect("a region is open");
                    regions.push((key, Fragment { pieces }));
                }
                (piece, Some((_, pieces))) => pieces.push(piece.clone()),
                (_, None) => {}
            }
        }
        regions
    }

    /// The fragment written for `current`, as a new string.
    pub fn to_html(&self, current: &Current) -> String {
        let mut out = String::with_capacity(self.len_hint());
        self.write(&mut out, current);
        out
    }

    fn len_hint(&self) -> usize {
        self.pieces
            .iter()
            .map(|p| match p {
                Piece::Text(t) => t.len(),
                _ => 24,
            })
            .sum()
    }
}

/// Stands for the page's root prefix in the HTML an [`insertion_script`]
/// inserts (the browser puts `<html data-root>` in its place).
const SCRIPT_ROOT: &str = "\u{1}";

/// The body of an insertion script: `(ITEMS, POSITION)` follow it.
const INSERTION_SCRIPT: &str = "(function(g,p){var s=document.currentScript,l=s.parentNode,\
r=document.documentElement.getAttribute(\"data-root\")||\"\",n=p(s),b=\"\",c=\"\",i,o;\
if(n==null||n<0)n=g.length;\
for(i=0;i<g.length;i++){if(i<n)b+=g[i].split(\"\\u0001\").join(r);\
else if(i>n)c+=g[i].split(\"\\u0001\").join(r)}\
s.insertAdjacentHTML(\"beforebegin\",b);\
function f(){var e=s.nextElementSibling;if(!e)return;if(o)o.disconnect();\
e.insertAdjacentHTML(\"afterend\",c);return 1}\
if(c&&!f()){o=new MutationObserver(f);o.observe(l,{childList:true})}})";

/// A classic script (cached, the same for many pages) that puts `items`
/// around the page's own item in a list: it inserts those before it ahead
/// of itself while the parser waits, and those after it right after the
/// element that follows the script, the moment the parser adds it (a
/// `MutationObserver`, whose callbacks run before any paint). `position` is
/// a JavaScript function of the script element giving the index of the
/// page's own item, `null` or `-1` when the page has none in `items` (all
/// of them then go before the script). The items are written from the site
/// root; the page's root prefix is filled in by the browser.
pub fn insertion_script(items: &[&Fragment], position: &str) -> String {
    let from_root = Current::nothing(SCRIPT_ROOT, "");
    let html: Vec<String> = items.iter().map(|f| f.to_html(&from_root)).collect();
    let data = serde_json::to_string(&html).expect("strings serialise");
    format!("{INSERTION_SCRIPT}({data},{position});\n")
}

/// `path` (from the site root) as a link from a page in folder `dir`
/// (`tab0/b/`, empty at the root): `../c/` rather than `../../tab0/c/`.
pub fn link_from(dir: &str, path: &str) -> String {
    let root = root_prefix(dir.matches('/').count());
    let current = Current::nothing(&root, dir);
    let mut out = String::with_capacity(path.len() + 6);
    write_link(&mut out, &current, path);
    out
}

/// Writes `path` (from the site root) as seen from `current`'s folder: the
/// folders both share are skipped rather than climbed out of and back into.
fn write_link(out: &mut String, current: &Current, path: &str) {
    let mut shared_bytes = 0;
    let mut shared_folders = 0;
    for (ours, theirs) in current
        .dir
        .split_inclusive('/')
        .zip(path.split_inclusive('/'))
    {
        if ours != theirs || !theirs.ends_with('/') {
            break;
        }
        shared_bytes += theirs.len();
        shared_folders += 1;
    }
    if shared_folders == 0 {
        // At the root, `x/` needs no `./` unless its first segment could be
        // read as a URL scheme (`a:b/`).
        let first_segment = path.split('/').next().unwrap_or_default();
        if current.root != "./" || path.is_empty() || first_segment.contains(':') {
            out.push_str(current.root);
        }
        out.push_str(path);
        return;
    }
    let depth = current.dir.matches('/').count();
    let rest = &path[shared_bytes..];
    for _ in shared_folders..depth {
        out.push_str("../");
    }
    if rest.is_empty() && shared_folders == depth {
        out.push_str("./");
    }
    out.push_str(rest);
}

/// A path after a root marker that is the whole rest of an attribute value:
/// plain path characters up to the closing quote, or for an unquoted value
/// up to a space, the tag's end or a marker.
fn attribute_path(text: &str) -> Option<&str> {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || "/-_.~%".contains(c)))
        .unwrap_or(text.len());
    let ends_value =
        |c: char| c == '"' || c == '\'' || c == '>' || c == MARK_OPEN || c.is_whitespace();
    (end > 0 && text[end..].starts_with(ends_value)).then(|| &text[..end])
}

/// The piece at the start of `marker` and how many bytes it spans.
fn parse_marker(marker: &str) -> (Option<Piece>, usize) {
    if let Some(rest) = marker.strip_prefix(ROOT) {
        return match attribute_path(rest) {
            Some(path) => (
                Some(Piece::Link(path.to_string())),
                ROOT.len_utf8() + path.len(),
            ),
            None => (Some(Piece::Root), ROOT.len_utf8()),
        };
    }
    let body = &marker[MARK_OPEN.len_utf8()..];
    let Some(end) = body.find(MARK_CLOSE) else {
        return (None, MARK_OPEN.len_utf8());
    };
    let consumed = MARK_OPEN.len_utf8() + end + MARK_CLOSE.len_utf8();
    let piece = match body[..end].split_once(':') {
        Some(("c", code)) => Key::parse(code).map(Piece::CurrentAttr),
        Some(("d", code)) => Key::parse(code).map(Piece::ActiveAttr),
        Some(("h", code)) => Key::parse(code).map(Piece::HiddenUnless),
        Some(("k", "/")) => Some(Piece::RegionEnd),
        Some(("k", code)) => Key::parse(code).map(Piece::RegionStart),
        _ => None,
    };
    match piece {
        Some(piece) => (Some(piece), consumed),
        None => (None, MARK_OPEN.len_utf8()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn current(root: &str) -> Current<'_> {
        Current {
            root,
            dir: ["", "x/", "x/y/"][root.len() / 3],
            page: Some(3),
            tab: None,
            anchor: Some(1),
        }
    }

    #[test]
    fn links_skip_the_folders_they_share_with_the_page() {
        let f = Fragment::parse(&format!(
            "<a href=\"{ROOT}x/z/\">sibling</a><a href=\"{ROOT}x/y/\">self</a>\
             <a href=\"{ROOT}x/\">parent</a><a href=\"{ROOT}w/\">other</a>\
             <a href=\"{ROOT}x/y/#top\">not a plain path</a>"
        ));
        assert_eq!(
            f.to_html(&current("../../")),
            "<a href=\"../z/\">sibling</a><a href=\"./\">self</a>\
             <a href=\"../\">parent</a><a href=\"../../w/\">other</a>\
             <a href=\"../../x/y/#top\">not a plain path</a>"
        );
    }

    #[test]
    fn root_markers_become_the_prefix() {
        let f = Fragment::parse(&format!("<a href=\"{ROOT}w/\">w</a>{ROOT}"));
        assert_eq!(
            f.to_html(&current("../../")),
            "<a href=\"../../w/\">w</a>../../"
        );
        assert_eq!(f.to_html(&current("./")), "<a href=\"w/\">w</a>./");
    }

    #[test]
    fn links_from_the_root_need_no_dot_unless_they_look_like_a_scheme() {
        let f = Fragment::parse(&format!(
            "<a href=\"{ROOT}a:b/\">a</a><a href=\"{ROOT}\">home</a>"
        ));
        assert_eq!(
            f.to_html(&current("./")),
            "<a href=\"./a:b/\">a</a><a href=\"./\">home</a>"
        );
    }

    #[test]
    fn current_and_hidden_markers_follow_the_page() {
        let html = format!(
            "<a{}>3</a><a{}>4</a><a{}>t</a><li{}>a1</li><li{}>a2</li>",
            Key::Page(3).current_marker(),
            Key::Page(4).current_marker(),
            Key::Tab(None).current_marker(),
            Key::Anchor(Some(1)).hidden_marker(),
            Key::Anchor(Some(2)).hidden_marker(),
        );
        let out = Fragment::parse(&html).to_html(&current(""));
        assert_eq!(
            out,
            "<a aria-current=page>3</a><a>4</a><a aria-current=page>t</a>\
             <li>a1</li><li hidden>a2</li>"
        );
    }

    #[test]
    fn active_markers_follow_the_page() {
        let html = format!(
            "<li{}>3</li><li{}>4</li>",
            Key::Page(3).active_marker(),
            Key::Page(4).active_marker(),
        );
        let out = Fragment::parse(&html).to_html(&current(""));
        assert_eq!(out, "<li data-active>3</li><li>4</li>");
    }

    #[test]
    fn regions_are_written_only_for_their_current_key() {
        let region = |key: Key, text: &str| {
            let (start, end) = key.region_markers();
            format!("{start}<li><a href=\"{ROOT}x/{text}/\">{text}</a></li>{end}")
        };
        let html = format!(
            "<ul>{}{}</ul>",
            region(Key::Tab(Some(2)), "t"),
            region(Key::Anchor(Some(1)), "a1")
        );
        let f = Fragment::parse(&html);
        assert_eq!(
            f.to_html(&current("../../")),
            "<ul><li><a href=\"../a1/\">a1</a></li></ul>"
        );
        let regions = f.regions();
        assert_eq!(regions.len(), 2);
        assert_eq!(regions[0].0, Key::Tab(Some(2)));
        assert_eq!(
            regions[0].1.to_html(&current("./")),
            "<li><a href=\"x/t/\">t</a></li>"
        );
    }

    #[test]
    fn malformed_markers_stay_text() {
        let html = format!("a{MARK_OPEN}zz{MARK_CLOSE}b{MARK_OPEN}");
        let out = Fragment::parse(&html).to_html(&current(""));
        assert_eq!(out, html);
    }
}

//! Shiki's notation comments, as Mintlify reads them: a comment at the end
//! of a line marks it (`// [!code ++]`, `# [!code --]`,
//! `<!-- [!code highlight] -->`, `/* [!code focus] */`, `-- [!code ++]`,
//! `; …`, `% …`, `{/* … */}`), `:N` marks N lines from there
//! (`[!code ++:3]`), and a comment alone on its line marks the lines after
//! it and is removed. The marker leaves the code (and what the copy button
//! copies), and so does its comment when nothing else is in it.
//!
//! Markers are read in code of a language, not in plain text (`text`, no
//! language), where authors show the notation itself. A `[!code …]` of
//! another kind (`error`, `word:…`) stays as written, with a warning.

/// What the notation marks on a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Marks {
    pub added: bool,
    pub removed: bool,
    pub highlighted: bool,
    pub focused: bool,
}

impl Marks {
    fn add(&mut self, kind: Kind) {
        match kind {
            Kind::Added => self.added = true,
            Kind::Removed => self.removed = true,
            Kind::Highlight => self.highlighted = true,
            Kind::Focus => self.focused = true,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Added,
    Removed,
    Highlight,
    Focus,
}

/// Code with its markers taken out: the code, each of its lines' marks,
/// and the markers of unknown kinds (1-based line in the original code,
/// the marker).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Marked {
    pub code: String,
    pub marks: Vec<Marks>,
    pub unknown: Vec<(usize, String)>,
}

/// Languages whose blocks are text, where markers are shown as written.
pub fn reads_markers(lang: Option<&str>) -> bool {
    !matches!(lang, None | Some("text" | "txt" | "plaintext" | "plain"))
}

/// Takes the markers out of `code`.
pub fn strip(code: &str) -> Marked {
    let mut out = Marked {
        code: String::with_capacity(code.len()),
        ..Marked::default()
    };
    // Marks that carry on to later lines: (kind, lines still to mark).
    let mut pending: Vec<(Kind, usize)> = Vec::new();
    for (index, line) in code.split_inclusive('\n').enumerate() {
        let body = line.trim_end_matches(['\n', '\r']);
        let newline = &line[body.len()..];
        let found = markers_of(body);
        if let Some(unknown) = found.unknown {
            out.unknown.push((index + 1, unknown));
        }
        let alone = !found.markers.is_empty() && found.kept.trim().is_empty();
        if alone {
            pending.extend(found.markers);
            continue;
        }
        let mut marks = Marks::default();
        for (kind, left) in &mut pending {
            marks.add(*kind);
            *left -= 1;
        }
        pending.retain(|(_, left)| *left > 0);
        for (kind, count) in found.markers {
            marks.add(kind);
            if count > 1 {
                pending.push((kind, count - 1));
            }
        }
        out.marks.push(marks);
        out.code.push_str(&found.kept);
        out.code.push_str(newline);
    }
    out
}

/// A line's markers (each with how many lines it marks) and what remains.
struct Found {
    markers: Vec<(Kind, usize)>,
    kept: String,
    unknown: Option<String>,
}

/// Reads the markers at the end of `line`, last first.
fn markers_of(line: &str) -> Found {
    let mut found = Found {
        markers: Vec::new(),
        kept: line.to_string(),
        unknown: None,
    };
    if !line.contains("[!code ") {
        return found;
    }
    let mut closer = "";
    let mut text = line.trim_end();
    for close in ["*/}", "*/", "-->"] {
        if let Some(inner) = text.strip_suffix(close) {
            closer = close;
            text = inner.trim_end();
            break;
        }
    }
    while let Some((before, marker)) = last_marker(text) {
        match parse_marker(marker) {
            Some(parsed) => found.markers.push(parsed),
            None => {
                found.unknown = Some(marker.to_string());
                break;
            }
        }
        text = before.trim_end();
    }
    let openers: &[&str] = match closer {
        "*/}" => &["{/*"],
        "*/" => &["/*"],
        "-->" => &["<!--"],
        _ => &["//", "#", "--", ";", "%"],
    };
    if !openers.iter().any(|o| text.contains(o)) {
        // Not in a comment: the text stays as written.
        return Found {
            markers: Vec::new(),
            kept: line.to_string(),
            unknown: None,
        };
    }
    if found.markers.is_empty() {
        return found;
    }
    found.kept = match openers.iter().find(|o| text.ends_with(*o)) {
        // The comment held only markers: it goes too.
        Some(opener) => text[..text.len() - opener.len()].trim_end().to_string(),
        // `call(); // call it [!code ++]` → `call(); // call it`.
        None if closer.is_empty() => text.to_string(),
        None => format!("{text} {closer}"),
    };
    found
}

/// The last `[!code …]` that ends `text`: the text before it and the
/// marker's inside.
fn last_marker(text: &str) -> Option<(&str, &str)> {
    let inner = text.strip_suffix(']')?;
    let start = inner.rfind("[!code ")?;
    Some((&text[..start], &inner[start + "[!code ".len()..]))
}

/// `++`, `--:3`, `focus`, `highlight`/`hl`: the kind and its line count.
fn parse_marker(marker: &str) -> Option<(Kind, usize)> {
    let (name, count) = match marker.split_once(':') {
        Some((name, count)) => (name, count.trim().parse::<usize>().ok().filter(|&n| n > 0)?),
        None => (marker, 1),
    };
    let kind = match name.trim() {
        "++" => Kind::Added,
        "--" => Kind::Removed,
        "highlight" | "hl" => Kind::Highlight,
        "focus" => Kind::Focus,
        _ => return None,
    };
    Some((kind, count))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(code: &str) -> (String, Vec<&'static str>) {
        let out = strip(code);
        let names = out
            .marks
            .iter()
            .map(|m| match (m.added, m.removed, m.highlighted, m.focused) {
                (true, ..) => "+",
                (_, true, ..) => "-",
                (_, _, true, _) => "h",
                (.., true) => "f",
                _ => ".",
            })
            .collect();
        (out.code, names)
    }

    #[test]
    fn comment_syntaxes_of_common_languages() {
        let (code, marks) = marked(
            "a = 1 // [!code ++]\nb = 2  # [!code --]\n<p/> <!-- [!code highlight] -->\nc { } /* [!code focus] */\nselect 1 -- [!code ++]\n{x} {/* [!code --] */}\nplain\n",
        );
        assert_eq!(code, "a = 1\nb = 2\n<p/>\nc { }\nselect 1\n{x}\nplain\n");
        assert_eq!(marks, ["+", "-", "h", "f", "+", "-", "."]);
    }

    #[test]
    fn a_comment_with_other_text_keeps_it() {
        let (code, marks) = marked("call(); // call it [!code ++]\n");
        assert_eq!(code, "call(); // call it\n");
        assert_eq!(marks, ["+"]);
    }

    #[test]
    fn ranges_and_markers_alone_on_their_line() {
        let (code, marks) = marked("a // [!code ++:3]\nb\nc\nd\n// [!code focus:2]\ne\nf\ng\n");
        assert_eq!(code, "a\nb\nc\nd\ne\nf\ng\n");
        assert_eq!(marks, ["+", "+", "+", ".", "f", "f", "."]);
        let (_, marks) = marked("  # [!code highlight]\nx\ny");
        assert_eq!(marks, ["h", "."]);
    }

    #[test]
    fn several_markers_on_one_line() {
        let out = strip("x // [!code focus] [!code ++]\n");
        assert_eq!(out.code, "x\n");
        assert!(out.marks[0].added && out.marks[0].focused);
    }

    #[test]
    fn unknown_kinds_and_text_outside_comments_stay() {
        let out = strip("ok\nboom() // [!code error]\n");
        assert_eq!(out.code, "ok\nboom() // [!code error]\n");
        assert_eq!(out.unknown, [(2, "error".to_string())]);
        let out = strip("say \"[!code ++]\n");
        assert_eq!(out.code, "say \"[!code ++]\n");
        assert_eq!(out.marks, [Marks::default()]);
        assert!(!reads_markers(Some("text")) && !reads_markers(None) && reads_markers(Some("js")));
    }

    #[test]
    fn windows_line_ends_are_kept_apart() {
        let out = strip("a // [!code ++]\r\nb\r\n");
        assert_eq!(out.code, "a\r\nb\r\n");
    }
}

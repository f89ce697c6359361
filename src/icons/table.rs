//! The icon tables: every icon of Font Awesome Free, Lucide and Tabler,
//! inside the binary as one zlib-compressed text table per library
//! (`data/*.z`, written by `tools/icons/generate.py` from the libraries'
//! npm packages; licences in `data/LICENSES.md`).
//!
//! A table is unpacked the first time a name is looked up in it (a site
//! that names only Font Awesome icons never unpacks the others) and kept
//! for the process; its lines are sorted by name, so a lookup is a binary
//! search. A line is `name TAB style TAB viewBox TAB shapes`, or
//! `name TAB =target` for another name of `target`.

use std::io::Read;
use std::sync::OnceLock;

/// An icon library a site can name in `icons.library`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Library {
    /// Font Awesome Free (`solid`, `regular`, `brands`): Mintlify's default.
    #[default]
    FontAwesome,
    /// Lucide (stroked, 24 px grid).
    Lucide,
    /// Tabler (`outline`, stroked; `filled`).
    Tabler,
}

impl Library {
    /// Every library, in the order a name is looked up after the chosen one.
    pub const ALL: [Library; 3] = [Library::FontAwesome, Library::Lucide, Library::Tabler];

    /// The library `icons.library` names (`fontawesome`, `lucide`, `tabler`).
    pub fn parse(name: &str) -> Option<Library> {
        match name.trim().to_ascii_lowercase().as_str() {
            "fontawesome" | "font-awesome" => Some(Library::FontAwesome),
            "lucide" => Some(Library::Lucide),
            "tabler" => Some(Library::Tabler),
            _ => None,
        }
    }

    /// Its name in `icons.library`.
    pub fn key(self) -> &'static str {
        match self {
            Library::FontAwesome => "fontawesome",
            Library::Lucide => "lucide",
            Library::Tabler => "tabler",
        }
    }

    /// Its name for readers of a message.
    pub fn title(self) -> &'static str {
        match self {
            Library::FontAwesome => "Font Awesome",
            Library::Lucide => "Lucide",
            Library::Tabler => "Tabler",
        }
    }

    fn data(self) -> &'static [u8] {
        match self {
            Library::FontAwesome => include_bytes!("data/fontawesome.z"),
            Library::Lucide => include_bytes!("data/lucide.z"),
            Library::Tabler => include_bytes!("data/tabler.z"),
        }
    }

    fn table(self) -> &'static Table {
        static TABLES: [OnceLock<Table>; 3] = [const { OnceLock::new() }; 3];
        TABLES[self as usize].get_or_init(|| Table::unpack(self.data()))
    }
}

/// One drawn icon of a library.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    pub library: Library,
    /// Its name in the library (an alias followed).
    pub name: &'static str,
    /// `solid`, `regular`, `brands` (Font Awesome); `outline`, `filled`.
    pub style: &'static str,
    pub view_box: &'static str,
    /// The SVG elements inside its `<svg>`.
    pub shapes: &'static str,
}

/// The shape of `name` in `library` in the first of `styles` it has (or
/// any style it has), an alias followed; `None` when the library has no
/// icon of that name.
pub fn find(library: Library, name: &str, styles: &[&str]) -> Option<Shape> {
    let table = library.table();
    let mut rows = table.rows(name);
    if let [row] = rows.as_slice() {
        if let Some(target) = row.split('\t').nth(1).and_then(|f| f.strip_prefix('=')) {
            rows = table.rows(target);
        }
    }
    let shapes: Vec<Shape> = rows.iter().filter_map(|row| shape(library, row)).collect();
    styles
        .iter()
        .find_map(|style| shapes.iter().find(|s| s.style == *style))
        .or(shapes.first())
        .copied()
}

/// Every name of `library`, aliases included.
pub fn names(library: Library) -> impl Iterator<Item = &'static str> {
    let table = library.table();
    let mut previous = "";
    table.lines.iter().filter_map(move |&(start, end)| {
        let line = &table.text[start as usize..end as usize];
        let name = line.split('\t').next().unwrap_or_default();
        (name != previous).then(|| {
            previous = name;
            name
        })
    })
}

fn shape(library: Library, row: &'static str) -> Option<Shape> {
    let mut fields = row.splitn(4, '\t');
    let (name, style, view_box, shapes) = (
        fields.next()?,
        fields.next()?,
        fields.next()?,
        fields.next()?,
    );
    Some(Shape {
        library,
        name,
        style,
        view_box,
        shapes,
    })
}

/// A library's unpacked table: its text and each line's byte range.
struct Table {
    text: String,
    lines: Vec<(u32, u32)>,
}

impl Table {
    fn unpack(data: &[u8]) -> Table {
        let mut text = String::new();
        // The tables are part of the binary, checked by this module's tests.
        flate2::read::ZlibDecoder::new(data)
            .read_to_string(&mut text)
            .expect("an icon table of the binary unpacks");
        let mut lines = Vec::new();
        let mut start = 0;
        for end in memchr::memchr_iter(b'\n', text.as_bytes()) {
            lines.push((start as u32, end as u32));
            start = end + 1;
        }
        Table { text, lines }
    }

    fn line(&self, (start, end): (u32, u32)) -> &str {
        &self.text[start as usize..end as usize]
    }

    /// The lines of `name` (one per style), in the table's order.
    fn rows(&'static self, name: &str) -> Vec<&'static str> {
        let name_of = |line: &'static str| line.split('\t').next().unwrap_or_default();
        let first = self
            .lines
            .partition_point(|&l| name_of(self.line(l)) < name);
        self.lines[first..]
            .iter()
            .map(|&l| self.line(l))
            .take_while(|line| line.split('\t').next() == Some(name))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_unpacks_sorted_with_well_formed_lines() {
        for library in Library::ALL {
            let table = library.table();
            assert!(table.lines.len() > 1000, "{library:?}");
            let names: Vec<&str> = names(library).collect();
            assert!(names.windows(2).all(|w| w[0] < w[1]), "{library:?} sorted");
            for &l in &table.lines {
                let line = table.line(l);
                let fields: Vec<&str> = line.split('\t').collect();
                match fields.as_slice() {
                    [_, target] => assert!(
                        find(library, target.trim_start_matches('='), &[]).is_some(),
                        "{line}"
                    ),
                    [_, _, view_box, shapes] => {
                        assert!(view_box.starts_with("0 0 "), "{line}");
                        assert!(
                            shapes.starts_with('<') && !shapes.contains("<svg"),
                            "{line}"
                        );
                    }
                    _ => panic!("{library:?}: {line}"),
                }
            }
        }
    }

    #[test]
    fn styles_are_chosen_in_order_and_aliases_followed() {
        let fa = Library::FontAwesome;
        assert_eq!(find(fa, "star", &["regular"]).unwrap().style, "regular");
        assert_eq!(find(fa, "star", &["solid"]).unwrap().style, "solid");
        assert_eq!(find(fa, "github", &["solid"]).unwrap().style, "brands");
        assert_eq!(find(fa, "search", &[]).unwrap().name, "magnifying-glass");
        assert_eq!(find(Library::Lucide, "home", &[]).unwrap().name, "house");
        let heart = find(Library::Tabler, "heart", &["filled"]).unwrap();
        assert_eq!(heart.style, "filled");
        assert!(find(Library::Lucide, "no-such-icon", &[]).is_none());
        assert_eq!(Library::parse(" Lucide "), Some(Library::Lucide));
        assert_eq!(Library::parse("material"), None);
    }
}

//! Prints what sheaf reads from MDX pages, for `bench/mdx-oracle.sh
//! compare`: page paths on stdin, one per line; one JSON line per page on
//! stdout, `{"path": …, "reading": …}` (`sheaf::markdown::mdx_reading`).

use std::io::{BufRead, Write};

fn main() {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in std::io::stdin().lock().lines() {
        let path = line.expect("stdin is readable");
        if path.is_empty() {
            continue;
        }
        let reading = match std::fs::read_to_string(&path) {
            Ok(source) => sheaf::markdown::mdx_reading(&source),
            Err(e) => serde_json::json!({"accepted": false, "error": {"message": e.to_string()}}),
        };
        let record = serde_json::json!({"path": path, "reading": reading});
        writeln!(out, "{record}").expect("stdout is writable");
    }
}

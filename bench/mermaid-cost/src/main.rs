//! `mermaid-cost FILE...`: for each Mermaid source file, the diagram's kind,
//! nodes and edges, and the thread CPU time of parsing, laying out and
//! drawing it as sheaf does (`mermaid_rs_renderer` defaults); then the total.
//! With `SVG_DIR`, each drawing is written there (to compare two builds).
//!
//! `mermaid-cost --sheaf OUT_DIR FILE...` (bench/mermaid-cli.sh) draws each
//! file exactly as sheaf's `draw_mermaid` does (`mermaid_rs_renderer::render`,
//! a panic caught, the error's first line kept) and prints one tab-separated
//! line per file: its name, `ok` or `refused`, the wall milliseconds, the
//! SVG's bytes and the error; each drawing is written to OUT_DIR/NAME.svg.

use mermaid_rs_renderer::{compute_layout, parse_mermaid_strict, render_svg, LayoutConfig, Theme};

fn thread_cpu_ms() -> f64 {
    // SAFETY: clock_gettime writes into the zeroed struct it is given.
    let mut now: libc::timespec = unsafe { std::mem::zeroed() };
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    now.tv_sec as f64 * 1e3 + now.tv_nsec as f64 / 1e6
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--sheaf") {
        return as_sheaf(&args[1], &args[2..]);
    }
    let svg_dir = std::env::var("SVG_DIR").ok();
    let (theme, config) = (Theme::modern(), LayoutConfig::default());
    let mut total = 0.0;
    let files: Vec<String> = std::env::args().skip(1).collect();
    for file in &files {
        let source = std::fs::read_to_string(file).expect("a readable file");
        let started = thread_cpu_ms();
        let Ok(parsed) = parse_mermaid_strict(&source) else {
            println!("{file} not drawn");
            continue;
        };
        let layout = compute_layout(&parsed.graph, &theme, &config);
        let svg = render_svg(&layout, &theme, &config);
        let ms = thread_cpu_ms() - started;
        total += ms;
        let graph = &parsed.graph;
        let (nodes, edges) = (graph.nodes.len(), graph.edges.len());
        println!("{file} {:?} nodes={nodes} edges={edges} cpu_ms={ms:.1}", graph.kind);
        if let Some(dir) = &svg_dir {
            let name = std::path::Path::new(file).file_name().unwrap();
            std::fs::write(format!("{dir}/{}.svg", name.to_string_lossy()), svg).unwrap();
        }
    }
    println!("total cpu_ms={total:.0} diagrams={}", files.len());
}

/// Each file drawn as sheaf draws it (src/markdown/drawn.rs), wall-timed.
fn as_sheaf(out_dir: &str, files: &[String]) {
    for file in files {
        let source = std::fs::read_to_string(file).expect("a readable file");
        let name = std::path::Path::new(file).file_stem().unwrap().to_string_lossy();
        let started = std::time::Instant::now();
        let drawn = std::panic::catch_unwind(|| mermaid_rs_renderer::render(&source))
            .map_err(|_| "the renderer failed on it".to_string())
            .and_then(|r| r.map_err(|e| e.to_string().lines().next().unwrap_or("").trim().to_string()))
            .and_then(|svg| {
                let svg = svg.trim().to_string();
                if svg.starts_with("<svg") { Ok(svg) } else { Err("the renderer returned no SVG".into()) }
            });
        let ms = started.elapsed().as_secs_f64() * 1e3;
        match drawn {
            Ok(svg) => {
                std::fs::write(format!("{out_dir}/{name}.svg"), &svg).unwrap();
                println!("{name}\tok\t{ms:.3}\t{}\t", svg.len());
            }
            Err(e) => println!("{name}\trefused\t{ms:.3}\t0\t{}", e.replace(['\t', '\n'], " ")),
        }
    }
}

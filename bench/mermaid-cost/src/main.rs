//! `mermaid-cost FILE...`: for each Mermaid source file, the diagram's kind,
//! nodes and edges, and the thread CPU time of parsing, laying out and
//! drawing it as sheaf does (`mermaid_rs_renderer` defaults); then the total.
//! With `SVG_DIR`, each drawing is written there (to compare two builds).

use mermaid_rs_renderer::{compute_layout, parse_mermaid_strict, render_svg, LayoutConfig, Theme};

fn thread_cpu_ms() -> f64 {
    // SAFETY: clock_gettime writes into the zeroed struct it is given.
    let mut now: libc::timespec = unsafe { std::mem::zeroed() };
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    now.tv_sec as f64 * 1e3 + now.tv_nsec as f64 / 1e6
}

fn main() {
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

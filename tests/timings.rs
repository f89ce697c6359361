//! `--timings`: `sheaf build` and `sheaf check` say where their time went,
//! per phase and for the slowest pages and specs with what made them slow.
//! No figure is asserted: only that each phase and the costly page and spec
//! are named (`tests/fixtures/timings`: a page with two Mermaid diagrams and
//! a code block, a plain page, an endpoint page of a YAML spec, whose
//! generated code is counted as highlighting).

mod common;

use common::{fixture, sheaf, stderr};

const PHASES: [&str; 8] = [
    "config",
    "specs",
    "content",
    "pages",
    "writing",
    "diagrams",
    "highlighting",
    "search index",
];

/// The line of `table` naming `what` among the rows below `section`.
fn row<'a>(table: &'a str, section: &str, what: &str) -> Option<&'a str> {
    let mut rows = table
        .lines()
        .skip_while(|l| !l.trim_start().starts_with(section));
    rows.next()?;
    rows.take_while(|l| !l.trim_start().starts_with("slowest"))
        .find(|l| l.trim_start().starts_with(what))
}

#[test]
fn build_timings_name_every_phase_and_the_page_its_diagrams_made_slow() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let root = fixture("timings");
    let args = [
        "build",
        root.to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ];
    let output = sheaf(&[&args[..], &["--timings"]].concat());
    let err = stderr(&output);
    assert!(output.status.success(), "{err}");
    assert!(site.join("architecture/index.html").is_file());
    for phase in PHASES {
        assert!(row(&err, "phase", phase).is_some(), "no {phase} row: {err}");
    }
    let slowest = row(&err, "slowest pages", "architecture.mdx").expect(&err);
    assert!(slowest.contains("2 Mermaid diagrams"), "{slowest}");
    assert!(slowest.contains("highlighting 1 code block"), "{slowest}");
    // The endpoint page's eight generated samples and its response example.
    let endpoint = row(&err, "slowest pages", "api/get-pet.mdx").expect(&err);
    assert!(
        endpoint.contains("highlighting 9 code blocks"),
        "{endpoint}"
    );
    // Which page comes first is not asserted: a loaded machine may stall any
    // page longer than two diagrams take (the order is a unit test's).
    let spec = row(&err, "slowest specs", "petstore.yaml").expect(&err);
    assert!(spec.contains("YAML"), "{spec}");
    // The table comes before the summary line.
    assert!(
        err.find("slowest pages") < err.find("built 3 pages"),
        "{err}"
    );
}

#[test]
fn check_timings_name_the_phases_it_runs_and_a_plain_build_prints_none() {
    let root = fixture("timings");
    let output = sheaf(&["check", root.to_str().unwrap(), "--timings"]);
    let err = stderr(&output);
    assert!(output.status.success(), "{err}");
    for phase in ["config", "specs", "content", "pages", "diagrams"] {
        assert!(row(&err, "phase", phase).is_some(), "no {phase} row: {err}");
    }
    assert!(
        row(&err, "slowest pages", "architecture.mdx").is_some(),
        "{err}"
    );

    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let plain = sheaf(&[
        "build",
        root.to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ]);
    let err = stderr(&plain);
    assert!(plain.status.success(), "{err}");
    assert!(
        !err.contains("slowest") && !err.contains("timings"),
        "{err}"
    );
}

use std::time::Duration;

use super::report::{duration, size};
use super::*;

fn busy(ms: u64) {
    let until = Instant::now() + Duration::from_millis(ms);
    while Instant::now() < until {
        std::hint::black_box(0);
    }
}

#[test]
fn off_records_nothing_and_reports_nothing() {
    let timings = Timings::off();
    assert_eq!(timings.phase(Phase::Config, || 7), 7);
    let work = Work::default();
    timings.page("a.mdx", || work, |w| w);
    timings.spec("api.yaml", 10, "YAML", Duration::from_millis(5));
    assert!(timings.report(Duration::from_secs(1)).is_none());
}

#[test]
fn work_is_timed_only_when_on() {
    let mut slot = Spent::default();
    Work::time(false, &mut slot, || busy(1));
    assert_eq!(slot, Spent::default());
    Work::time(true, &mut slot, || busy(1));
    assert_eq!(slot.count, 1);
    assert!(slot.wall > Duration::ZERO);
}

#[test]
fn an_inner_phase_is_taken_out_of_the_outer_one() {
    let timings = Timings::on();
    let started = Instant::now();
    timings.phase(Phase::Content, || {
        timings.phase(Phase::Specs, || busy(30));
    });
    let outer = started.elapsed();
    let recorder = timings.0.as_ref().unwrap();
    let phases = *lock(&recorder.phases);
    let (content, specs) = (phases[Phase::Content.index()], phases[Phase::Specs.index()]);
    assert!(specs.wall >= Duration::from_millis(30), "{specs:?}");
    // However long a loaded machine makes either step, the inner 30 ms are
    // counted once, in the inner phase only.
    assert!(content.wall + specs.wall <= outer, "{content:?} {specs:?}");
    assert_eq!((content.count, specs.count), (1, 1));
}

#[test]
fn the_report_names_every_phase_and_the_slowest_pages_with_why() {
    let timings = Timings::on();
    timings.phase(Phase::Config, || ());
    let recorder = timings.0.as_ref().unwrap();
    // Given times, not measured ones: a loaded machine may stall any page.
    for i in 0..12 {
        let ms = |n| Duration::from_millis(n);
        let mut work = Work::default();
        let mut spent = Spent {
            wall: ms(2 + i),
            cpu: ms(1),
            count: 1,
        };
        if i == 3 {
            spent.wall = ms(40);
            work.diagrams = Spent {
                wall: ms(35),
                cpu: ms(30),
                count: 2,
            };
        }
        recorder.add_page(&format!("page-{i}.mdx"), spent, &work);
    }
    timings.spec("openapi.yaml", 2_100_000, "YAML", Duration::from_millis(3));
    let report = timings.report(Duration::from_secs(1)).unwrap();
    for phase in Phase::ALL {
        assert!(report.contains(phase.name()), "{}: {report}", phase.name());
    }
    let slowest = report.lines().skip_while(|l| !l.contains("slowest pages"));
    let first = slowest.clone().nth(1).unwrap();
    assert!(
        first.contains("page-3.mdx") && first.contains("2 Mermaid diagrams"),
        "{report}"
    );
    let listed = report.lines().filter(|l| l.contains("page-")).count();
    assert_eq!(listed, 10, "{report}");
    assert!(
        report.contains("openapi.yaml") && report.contains("spec 2.1 MB YAML"),
        "{report}"
    );
}

#[test]
fn durations_and_sizes_read_as_people_write_them() {
    assert_eq!(duration(Duration::from_micros(840)), "840 µs");
    assert_eq!(duration(Duration::from_micros(12_340)), "12.3 ms");
    assert_eq!(duration(Duration::from_millis(140)), "140 ms");
    assert_eq!(duration(Duration::from_millis(2_414)), "2.41 s");
    assert_eq!(size(812), "812 B");
    assert_eq!(size(46_500), "46.5 KB");
    assert_eq!(size(2_100_000), "2.1 MB");
}

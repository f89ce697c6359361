//! The command line: `build`, `serve`, `check`, `init`, `migrate`, `mcp`, `schema`.
//!
//! Exit codes: 0 success, 1 the docs have errors, 2 usage error (clap's own
//! code for bad arguments).
//!
//! Each command hands over to its stage (`site` for `build`, `check`,
//! `init` and `migrate`; `serve`) and prints the diagnostics it collected
//! once, at the end, rustc-style ([`render_terminal`]; in colour on a
//! terminal unless `NO_COLOR` is set). `check` fails on warnings as on
//! errors (what CI runs, as `mint validate` does) unless `--lenient`
//! (`--warnings-ok`); `--strict` is kept as a no-op for old scripts. `build` and `check` take `--format json|github` (on stdout,
//! [`diagnostics::json_lines`], [`diagnostics::github_commands`]),
//! `--verbose` (every finding, not one line per rule and file when many)
//! and `--quiet` (no progress bar, no closing line); `build` shows a
//! progress bar on a terminal ([`crate::site::Progress`]). `build`, `check` and `serve` first say once when the docs root's
//! config is a Mintlify `mint.json` or `docs.json`
//! ([`crate::config::reading_notice`]). `build` and `check` take where the site is published (`--site-url`, or
//! `--base-path` without one: links written with that path are read from
//! the site root) and, without a site URL, say once that the sitemap is
//! root-relative (`relative-sitemap`). `schema --format site-json` or
//! `docs-json` prints the embedded JSON Schema; `init --format` picks the
//! starter's config file the same way. `--version` names the commit.

use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand, ValueEnum};

use crate::cache::BuildCache;
use crate::diagnostics::{self, Diagnostics, Format, Summary};

mod say;
use crate::timings::Timings;
pub use say::report;
use say::{stderr_color, summary, warnings_suffix};

/// Exit code when the docs have errors.
pub const EXIT_DOCS_ERROR: i32 = 1;
/// The preview's port when `--port` does not name one.
const DEFAULT_PORT: u16 = 3000;

/// Exit code for a usage error.
pub const EXIT_USAGE: i32 = 2;

/// What `sheaf --version` prints after the name: the version and the
/// commit it was built from (found by the build script, `build/commit.rs`).
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("SHEAF_COMMIT"), ")");

#[derive(Debug, Parser)]
#[command(
    name = "sheaf",
    version = VERSION,
    about = "Build documentation sites from Markdown/MDX, OpenAPI and site.json"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Build the static site into an output folder.
    Build {
        /// The docs root (the folder with site.json).
        #[arg(default_value = ".")]
        root: PathBuf,
        /// Output folder [default: ROOT/_site].
        #[arg(long, short)]
        out: Option<PathBuf>,
        #[command(flatten)]
        publish: PublishArgs,
        /// Replace an output folder that holds files sheaf did not write
        /// (deleting them). Never allowed for the docs folder or its parents.
        #[arg(long)]
        force: bool,
        /// Never download spec URLs: use their cached copies, or build
        /// without them (a warning; their endpoint pages say so).
        #[arg(long)]
        offline: bool,
        /// Print where the time went to stderr: wall and CPU time per phase,
        /// and the slowest pages and specs with what made them slow.
        #[arg(long)]
        timings: bool,
        #[command(flatten)]
        cache: CacheArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Serve a live preview that rebuilds on every save.
    Serve {
        #[arg(default_value = ".")]
        root: PathBuf,
        /// Port to listen on; a busy one is an error [default: 3000, or
        /// the next free one after it, said when it moves].
        #[arg(long, short)]
        port: Option<u16>,
        /// Address to bind; anything but loopback exposes the preview to the network.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Open the preview in the default browser.
        #[arg(long)]
        open: bool,
        #[command(flatten)]
        cache: CacheArgs,
    },
    /// Validate site.json, pages, links and OpenAPI files.
    Check {
        #[arg(default_value = ".")]
        root: PathBuf,
        /// Pass with warnings: only errors fail (without it, any warning
        /// fails the check, as CI wants; notes never do).
        #[arg(long, visible_alias = "warnings-ok")]
        lenient: bool,
        /// Accepted for compatibility: warnings fail `check` unless --lenient.
        #[arg(long, hide = true, conflicts_with = "lenient")]
        strict: bool,
        #[command(flatten)]
        publish: PublishArgs,
        /// Never download spec URLs: check their cached copies, or check
        /// without them (a warning).
        #[arg(long)]
        offline: bool,
        /// Print where the time went to stderr (as `build --timings`).
        #[arg(long)]
        timings: bool,
        /// Print the class names the pages use that may be Tailwind
        /// utilities, one a line (for `bench/tailwind.sh`).
        #[arg(long, hide = true)]
        utility_classes: bool,
        #[command(flatten)]
        cache: CacheArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Create a small working docs site.
    Init {
        /// Folder to create it in [default: the current folder, if empty].
        dir: Option<PathBuf>,
        /// Which config file the site gets.
        #[arg(long, value_enum, default_value_t = SchemaFormat::SiteJson)]
        format: SchemaFormat,
    },
    /// Write the docs.json equivalent of ROOT's site.json or mint.json.
    Migrate {
        /// The docs root (the folder with site.json or mint.json).
        #[arg(default_value = ".")]
        root: PathBuf,
        /// The file to write [default: ROOT/docs.json].
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// Overwrite the file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Answer AI tools over MCP (stdio): search a site and read its pages.
    Mcp {
        /// A docs root, a built site folder or a published site's URL.
        source: String,
    },
    /// Print the JSON Schema of site.json or docs.json.
    Schema {
        /// Which config file's schema.
        #[arg(long, value_enum, default_value_t = SchemaFormat::SiteJson)]
        format: SchemaFormat,
    },
}

/// Where the site is published (`build`, `check`).
#[derive(Debug, Clone, clap::Args)]
struct PublishArgs {
    /// Public URL of the site (e.g. https://example.com/docs): absolute
    /// sitemap, canonical, og:url, hreflang and llms.txt links; its path is
    /// the path the site is published under (see --base-path).
    #[arg(long)]
    site_url: Option<String>,
    /// The path the site is published under, without a site URL (e.g.
    /// /docs): links written with it (/docs/quickstart) are read from the
    /// site root [default: `base-path` under `[site]` in sheaf.toml].
    #[arg(long, value_name = "PATH", conflicts_with = "site_url")]
    base_path: Option<String>,
}

impl PublishArgs {
    /// Without a site URL, the note that the sitemap and the `hreflang`
    /// alternates are root-relative.
    fn relative_sitemap_note(&self, root: &Path) -> Option<crate::diagnostics::Diagnostic> {
        (self.site_url.is_none()).then(|| crate::site::relative_sitemap_note(root))
    }
}

/// Where the build cache is (`build`, `check`, `serve`).
#[derive(Debug, Clone, clap::Args)]
struct CacheArgs {
    /// The build cache folder: Mermaid drawings and copies of spec URLs,
    /// kept between builds [default: $SHEAF_CACHE_DIR, else the user's
    /// cache folder, e.g. ~/.cache/sheaf].
    #[arg(long, value_name = "DIR")]
    cache_dir: Option<PathBuf>,
    /// Read and write no build cache: draw every diagram, keep no copy of
    /// a spec URL.
    #[arg(long, conflicts_with = "cache_dir")]
    no_cache: bool,
}

impl CacheArgs {
    fn cache(&self) -> BuildCache {
        match (&self.cache_dir, self.no_cache) {
            (_, true) => BuildCache::disabled(),
            (Some(dir), false) => BuildCache::at(dir),
            (None, false) => BuildCache::from_env(),
        }
    }
}

/// How `build` and `check` print what they found.
#[derive(Debug, Clone, clap::Args)]
struct OutputArgs {
    /// human: rustc-style on stderr; json: one JSON object per line on
    /// stdout, then a summary line; github: GitHub Actions workflow commands
    /// on stdout (annotations on the pull request's lines).
    #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
    format: OutputFormat,
    /// List every finding, also when one rule finds many in one file
    /// (shown as one line otherwise).
    #[arg(long, short)]
    verbose: bool,
    /// No progress bar and no closing line (diagnostics are still printed).
    #[arg(long, short)]
    quiet: bool,
}

/// The values of `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OutputFormat {
    Human,
    Json,
    Github,
}

impl OutputArgs {
    fn format(&self) -> Format {
        match self.format {
            OutputFormat::Human => Format::Human,
            OutputFormat::Json => Format::Json,
            OutputFormat::Github => Format::Github,
        }
    }

    /// Says `line` on stderr, unless `--quiet`.
    fn say(&self, line: std::fmt::Arguments) {
        if !self.quiet {
            eprintln!("{line}");
        }
    }
}

/// The config files whose schema `sheaf schema` prints, or `sheaf init` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SchemaFormat {
    /// site.json (and Mintlify's legacy mint.json).
    SiteJson,
    /// Mintlify's docs.json.
    DocsJson,
}

/// Runs the command line and returns the process exit code.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { 0 };
        }
    };
    match cli.command {
        Command::Build {
            root,
            out,
            publish,
            force,
            offline,
            timings,
            cache,
            output,
        } => {
            let stop = match crate::site::Stop::on_signals() {
                Ok(stop) => stop,
                Err(e) => {
                    eprintln!("error: cannot install the SIGINT/SIGTERM handler: {e}");
                    return EXIT_DOCS_ERROR;
                }
            };
            let options = crate::site::BuildOptions {
                site_url: publish.site_url.clone(),
                base_path: publish.base_path.clone(),
                force,
                offline,
                stop,
                timings: timings_if(timings),
                progress: crate::site::Progress::on_terminal(output.quiet),
                cache: cache.cache(),
            };
            build(&root, out, options, &publish, &output)
        }
        Command::Serve {
            root,
            port,
            host,
            open,
            cache,
        } => serve(&root, port, &host, open, cache.cache()),
        Command::Check {
            root,
            lenient,
            strict: _,
            publish,
            offline,
            timings,
            utility_classes,
            cache,
            output,
        } => {
            let checking = Checking {
                lenient,
                publish,
                offline,
                utility_classes,
                cache: cache.cache(),
            };
            check(&root, checking, &timings_if(timings), &output)
        }
        Command::Init { dir, format } => init(dir.as_deref(), format),
        Command::Migrate { root, out, force } => migrate(&root, out, force),
        Command::Mcp { source } => match crate::mcp::run_stdio(&source) {
            Ok(()) => 0,
            Err(e) => report_failure(e),
        },
        Command::Schema { format } => {
            match format {
                SchemaFormat::SiteJson => print!("{}", crate::config::SCHEMA_TEXT),
                SchemaFormat::DocsJson => print!("{}", crate::config::docs_schema_for_editors()),
            }
            0
        }
    }
}

/// Measurements when `--timings` asks for them.
fn timings_if(wanted: bool) -> Timings {
    match wanted {
        true => Timings::on(),
        false => Timings::off(),
    }
}

/// The `--timings` table, after the diagnostics and before the summary line.
fn print_timings(timings: &Timings, started: std::time::Instant) {
    if let Some(table) = timings.report(started.elapsed()) {
        eprint!("{table}");
    }
}

/// Says once, before anything else, that a Mintlify file is read: a
/// legacy mint.json always, a docs.json only when `verbose`.
fn say_which_config(root: &Path, verbose: bool) {
    if let Some(line) = crate::config::reading_notice(root, verbose) {
        eprintln!("{line}");
    }
}

fn build(
    root: &Path,
    out: Option<PathBuf>,
    options: crate::site::BuildOptions,
    publish: &PublishArgs,
    output: &OutputArgs,
) -> i32 {
    say_which_config(root, output.verbose);
    let out = out.unwrap_or_else(|| root.join("_site"));
    let started = std::time::Instant::now();
    let mut result = crate::site::build_with(root, &out, &options);
    if result.pages > 0 {
        result
            .diagnostics
            .extend(publish.relative_sitemap_note(root));
    }
    options.progress.finish();
    let built = Summary {
        pages: Some(result.pages),
        seconds: started.elapsed().as_secs_f64(),
    };
    report_as(&result.diagnostics, root, output, built);
    print_timings(&options.timings, started);
    if result.diagnostics.has_errors() {
        let kept = if out.exists() {
            format!("{} left untouched", out.display())
        } else {
            "nothing was written".to_string()
        };
        output.say(format_args!(
            "build failed: {}; {kept}",
            summary(&result.diagnostics)
        ));
        return EXIT_DOCS_ERROR;
    }
    output.say(format_args!(
        "built {} pages into {} in {:.2?}{}",
        result.pages,
        out.display(),
        started.elapsed(),
        warnings_suffix(&result.diagnostics)
    ));
    0
}

fn serve(root: &Path, port: Option<u16>, host: &str, open: bool, cache: BuildCache) -> i32 {
    if let Err(missing) = crate::site::target::check_root(root) {
        report(&Diagnostics::from(vec![missing]), root);
        return EXIT_DOCS_ERROR;
    }
    say_which_config(root, false);
    let options = crate::serve::Options {
        root: root.to_path_buf(),
        port: port.unwrap_or(DEFAULT_PORT),
        port_may_move: port.is_none(),
        host: host.to_string(),
        open,
        cache,
    };
    match crate::serve::run(options) {
        Ok(()) => 0,
        Err(e) => report_failure(e),
    }
}

/// `check`'s flags.
struct Checking {
    lenient: bool,
    publish: PublishArgs,
    offline: bool,
    utility_classes: bool,
    cache: BuildCache,
}

fn check(root: &Path, checking: Checking, timings: &Timings, output: &OutputArgs) -> i32 {
    say_which_config(root, output.verbose);
    let loading = crate::site::Loading {
        offline: checking.offline,
        preview: false,
        mcp_server: None,
        site_url: checking.publish.site_url.clone(),
        cache: checking.cache,
        base_path: crate::site::base_path(
            checking.publish.site_url.as_deref(),
            checking.publish.base_path.as_deref(),
        ),
    };
    let started = std::time::Instant::now();
    let mut checked = crate::site::check_with(root, loading, timings);
    let config_read = (checked.diagnostics.iter()).all(|d| {
        !matches!(
            d.rule,
            Some(crate::rules::Rule::ConfigMissing | crate::rules::Rule::ConfigSyntax)
        )
    });
    if config_read && output.verbose {
        checked
            .diagnostics
            .extend(checking.publish.relative_sitemap_note(root));
    }
    if checking.utility_classes {
        checked.utility_classes.iter().for_each(|c| println!("{c}"));
    }
    let diagnostics = checked.diagnostics;
    let checked = Summary {
        pages: None,
        seconds: started.elapsed().as_secs_f64(),
    };
    report_as(&diagnostics, root, output, checked);
    print_timings(timings, started);
    let failed = diagnostics.has_errors() || !checking.lenient && diagnostics.warning_count() > 0;
    if failed {
        let hint = match diagnostics.has_errors() {
            true => "",
            false => "; warnings fail `check` (`--lenient` passes with them)",
        };
        output.say(format_args!(
            "check failed: {}{hint}",
            summary(&diagnostics)
        ));
        EXIT_DOCS_ERROR
    } else {
        output.say(format_args!(
            "check passed{}",
            warnings_suffix(&diagnostics)
        ));
        0
    }
}

/// `sheaf init [DIR]`: without DIR, the current folder, which must hold
/// nothing but hidden files (a fresh repository).
fn init(dir: Option<&Path>, format: SchemaFormat) -> i32 {
    use crate::site::init::{write_starter, write_starter_here, StarterFormat};
    let format = match format {
        SchemaFormat::SiteJson => StarterFormat::SiteJson,
        SchemaFormat::DocsJson => StarterFormat::DocsJson,
    };
    let result = match dir {
        Some(dir) => write_starter(dir, format),
        None => write_starter_here(Path::new("."), format),
    };
    match result {
        Ok(written) => {
            for file in &written {
                eprintln!("created {}", file.display());
            }
            match dir {
                Some(dir) => eprintln!("next: sheaf serve {}", dir.display()),
                None => eprintln!("next: sheaf serve"),
            }
            0
        }
        Err(e) => report_failure(e),
    }
}

/// `sheaf migrate`: reads ROOT's site.json (else mint.json), writes docs.json.
fn migrate(root: &Path, out: Option<PathBuf>, force: bool) -> i32 {
    let out = out.unwrap_or_else(|| root.join("docs.json"));
    match crate::site::migrate::run(root, &out, force) {
        Ok(written) => {
            report(&written.diagnostics, root);
            for line in &written.migration.left_out {
                eprintln!("{line}");
            }
            eprintln!(
                "wrote {} from {}{}",
                out.display(),
                written.source.display(),
                warnings_suffix(&written.diagnostics)
            );
            eprintln!(
                "{}",
                crate::site::migrate::next_step(root, &written.source, &out)
            );
            0
        }
        Err(crate::site::migrate::MigrateError::Invalid(diagnostics)) => {
            report(&diagnostics, root);
            eprintln!(
                "migrate failed: {}; nothing was written",
                summary(&diagnostics)
            );
            EXIT_DOCS_ERROR
        }
        Err(e) => report_failure(e),
    }
}

/// Says why a command failed; its exit code.
fn report_failure(e: impl std::fmt::Display) -> i32 {
    eprintln!("error: {e}");
    EXIT_DOCS_ERROR
}

/// Prints diagnostics in the `--format` asked for: human on stderr
/// (many of one rule in one file as one line unless `--verbose`), json and
/// github on stdout.
fn report_as(diagnostics: &Diagnostics, root: &Path, output: &OutputArgs, done: Summary) {
    match output.format() {
        Format::Human if !diagnostics.is_empty() => {
            let text = diagnostics::human(diagnostics, root, stderr_color(), output.verbose);
            eprint!("{text}");
        }
        Format::Human => {}
        Format::Json => print!("{}", diagnostics::json_lines(diagnostics, root, done)),
        Format::Github => print!(
            "{}",
            diagnostics::github_commands(diagnostics, root, output.verbose)
        ),
    }
}

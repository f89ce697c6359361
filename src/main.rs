//! The `sheaf` binary: parses the command line and hands over to [`sheaf::cli`].

/// mimalloc instead of the system allocator: page jobs allocate many small
/// strings from several threads at once, where glibc's malloc spends a
/// tenth of a build consolidating and locking (measured with `perf`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(sheaf::cli::main());
}

//! The `sheaf` binary: parses the command line and hands over to [`sheaf::cli`].

fn main() {
    std::process::exit(sheaf::cli::main());
}

//! The build script: hands the commit of the source to the binary as
//! `SHEAF_COMMIT`, shown by `sheaf --version` (how it is found:
//! `build/commit.rs`).

#[path = "build/commit.rs"]
mod commit;

fn main() {
    let root = std::path::PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap());
    let found = commit::find(&root, std::env::var("SHEAF_COMMIT").ok());
    println!("cargo:rerun-if-env-changed=SHEAF_COMMIT");
    println!("cargo:rerun-if-changed=build/commit.rs");
    println!("cargo:rerun-if-changed=build/commit.txt");
    for path in &found.watched {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    println!("cargo:rustc-env=SHEAF_COMMIT={}", found.commit);
}

//! Whether a file of the previous output already holds what a build
//! would write there: the comparisons that let an unchanged rebuild write
//! nothing. A link in the previous output is never followed (it never
//! counts as the same file).

use std::fs;
use std::io::{self, Read};
use std::path::Path;

/// Whether `path` is a regular file (not a link) holding exactly `bytes`:
/// one open, one stat and one read, since an unchanged rebuild compares
/// every page.
pub(super) fn same_file_bytes(path: &Path, bytes: &[u8]) -> bool {
    let Ok(mut file) = open_no_follow(path) else {
        return false;
    };
    let same_size = file
        .metadata()
        .is_ok_and(|meta| meta.is_file() && meta.len() == bytes.len() as u64);
    if !same_size {
        return false;
    }
    let mut existing = vec![0; bytes.len()];
    file.read_exact(&mut existing).is_ok() && existing == bytes
}

/// Whether `source` and the regular file (not a link) `previous` hold the
/// same bytes, compared in chunks.
pub(super) fn same_contents(source: &Path, previous: &Path) -> bool {
    let (Ok(a), Ok(b)) = (fs::File::open(source), open_no_follow(previous)) else {
        return false;
    };
    let same_size = match (a.metadata(), b.metadata()) {
        (Ok(meta_a), Ok(meta_b)) => meta_b.is_file() && meta_a.len() == meta_b.len(),
        _ => false,
    };
    if !same_size {
        return false;
    }
    let (mut a, mut b) = (io::BufReader::new(a), io::BufReader::new(b));
    let (mut chunk_a, mut chunk_b) = (vec![0; 64 * 1024], vec![0; 64 * 1024]);
    loop {
        let Ok(n) = a.read(&mut chunk_a) else {
            return false;
        };
        if n == 0 {
            return b.read(&mut chunk_b[..1]).is_ok_and(|m| m == 0);
        }
        if b.read_exact(&mut chunk_b[..n]).is_err() || chunk_a[..n] != chunk_b[..n] {
            return false;
        }
    }
}

/// Opens `path` for reading; a link fails to open rather than being followed.
fn open_no_follow(path: &Path) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW);
    }
    options.open(path)
}

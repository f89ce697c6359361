use super::*;

fn entries(dir: &Path, bound: u64) -> Entries {
    BuildCache::at(dir).entries("drawings", bound)
}

fn entry_path(dir: &Path, key: &[u8]) -> PathBuf {
    dir.join("drawings").join(hex(&Sha256::digest(key)))
}

#[test]
fn a_body_is_read_back_by_its_key_and_the_folder_is_marked() {
    let dir = tempfile::tempdir().unwrap();
    let cache = entries(dir.path(), 1 << 20);
    assert_eq!(cache.read(b"graph TD; A-->B"), None);
    cache.write(b"graph TD; A-->B", b"<svg>1</svg>");
    cache.write(b"graph LR; A-->B", b"<svg>2</svg>");
    assert_eq!(cache.read(b"graph TD; A-->B").unwrap(), b"<svg>1</svg>");
    assert_eq!(cache.read(b"graph LR; A-->B").unwrap(), b"<svg>2</svg>");
    let marker = std::fs::read_to_string(dir.path().join(CACHE_MARKER)).unwrap();
    assert!(marker.starts_with("Signature: 8a477f597d28d172789f06886806bc55"));
    let files = std::fs::read_dir(dir.path().join("drawings"))
        .unwrap()
        .count();
    assert_eq!(files, 2, "one file per key, no temporary files left");
}

#[test]
fn a_truncated_corrupt_or_foreign_entry_is_a_miss_and_is_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let cache = entries(dir.path(), 1 << 20);
    let key = b"sequenceDiagram\n  A->>B: hi";
    cache.write(key, b"<svg>drawing</svg>");
    let path = entry_path(dir.path(), key);
    let whole = std::fs::read(&path).unwrap();

    std::fs::write(&path, &whole[..whole.len() - 3]).unwrap();
    assert_eq!(cache.read(key), None, "truncated");

    let mut flipped = whole.clone();
    *flipped.last_mut().unwrap() ^= 1;
    std::fs::write(&path, &flipped).unwrap();
    assert_eq!(cache.read(key), None, "a changed byte");

    // Another key's whole entry copied under this key's name.
    cache.write(b"other", b"<svg>other</svg>");
    std::fs::copy(entry_path(dir.path(), b"other"), &path).unwrap();
    assert_eq!(cache.read(key), None, "another key's entry");

    std::fs::write(&path, "not an entry at all").unwrap();
    assert_eq!(cache.read(key), None, "a foreign file");

    cache.write(key, b"<svg>drawing</svg>");
    assert_eq!(cache.read(key).unwrap(), b"<svg>drawing</svg>");
}

#[test]
fn pruning_deletes_the_least_recently_used_entries_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    // Five entries of about 1,050 bytes (900 and a header) against 4,400:
    // pruned to three quarters, 3,300 bytes, three entries.
    let cache = entries(dir.path(), 4400);
    let body = vec![b'x'; 900];
    for key in ["a", "b", "c", "d", "e"] {
        cache.write(key.as_bytes(), &body);
    }
    // "a" is the oldest entry but was used last; "b" and "c" are older.
    let age = |key: &str, seconds_ago: u64| {
        let file = std::fs::File::options()
            .append(true)
            .open(entry_path(dir.path(), key.as_bytes()))
            .unwrap();
        let time = SystemTime::now() - Duration::from_secs(seconds_ago);
        file.set_modified(time).unwrap();
    };
    for (key, seconds_ago) in [("a", 500), ("b", 400), ("c", 300), ("d", 200), ("e", 100)] {
        age(key, seconds_ago);
    }
    assert!(cache.read(b"a").is_some());
    let mine = dir.path().join("drawings").join("notes.txt");
    std::fs::write(&mine, "a file sheaf did not write").unwrap();

    assert_eq!(cache.prune(), 2);
    let kept = |key: &str| entry_path(dir.path(), key.as_bytes()).exists();
    assert!(!kept("b") && !kept("c"));
    assert!(kept("a") && kept("d") && kept("e"));
    assert!(mine.exists());
    assert_eq!(cache.prune(), 0, "under the bound now");
}

#[test]
fn no_cache_reads_and_writes_nothing() {
    let cache = BuildCache::disabled().entries("drawings", 1 << 20);
    cache.write(b"key", b"body");
    assert_eq!(cache.read(b"key"), None);
    assert_eq!(cache.prune(), 0);
}

#[test]
fn two_writers_at_once_leave_a_whole_entry() {
    let dir = tempfile::tempdir().unwrap();
    let cache = entries(dir.path(), 1 << 30);
    let big = vec![b'y'; 1 << 20];
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..5 {
                    cache.write(b"shared", &big);
                    if let Some(body) = cache.read(b"shared") {
                        assert_eq!(body.len(), big.len());
                    }
                }
            });
        }
    });
    assert_eq!(cache.read(b"shared").unwrap(), big);
}

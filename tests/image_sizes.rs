//! Images carry their `width` and `height` (issue 68): sheaf reads each
//! local image's size from its header at build time (PNG, JPEG, GIF, WebP,
//! SVG), for Markdown images and `<img>` elements without a size, so
//! nothing shifts as they load; an author's own size, other sites' images
//! and files it cannot read are left as written.

mod common;

use std::path::Path;

use common::{build_ok, read_built};

fn png(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    bytes.extend(width.to_be_bytes());
    bytes.extend(height.to_be_bytes());
    bytes.extend([8, 6, 0, 0, 0, 0, 0, 0, 0]);
    bytes
}

fn gif(width: u16, height: u16) -> Vec<u8> {
    let mut bytes = b"GIF89a".to_vec();
    bytes.extend(width.to_le_bytes());
    bytes.extend(height.to_le_bytes());
    bytes.extend([0, 0, 0]);
    bytes
}

/// A JPEG whose frame (SOF0) follows an APP0 segment, as cameras write it.
fn jpeg(width: u16, height: u16) -> Vec<u8> {
    let mut bytes = vec![0xff, 0xd8, 0xff, 0xe0, 0, 16];
    bytes.extend(b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0");
    bytes.extend([0xff, 0xc0, 0, 17, 8]);
    bytes.extend(height.to_be_bytes());
    bytes.extend(width.to_be_bytes());
    bytes.extend([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9]);
    bytes
}

/// An extended WebP (`VP8X`): 24-bit sizes less one.
fn webp(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = b"RIFF\x16\0\0\0WEBPVP8X\x0a\0\0\0\0\0\0\0".to_vec();
    bytes.extend(&(width - 1).to_le_bytes()[..3]);
    bytes.extend(&(height - 1).to_le_bytes()[..3]);
    bytes
}

fn write(root: &Path, path: &str, bytes: impl AsRef<[u8]>) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

/// The `<img …>` tags of `html` whose `src` ends with `name`.
fn img<'a>(html: &'a str, name: &str) -> &'a str {
    let found = html
        .match_indices("<img")
        .map(|(at, _)| &html[at..at + html[at..].find('>').unwrap() + 1])
        .find(|tag| tag.contains(&format!("{name}\"")) || tag.contains(&format!("{name} ")))
        .unwrap_or_else(|| panic!("no <img> of {name} in {html}"));
    found
}

#[test]
fn local_images_get_the_size_read_from_their_file() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("docs");
    write(
        &root,
        "docs.json",
        r##"{"name": "Sizes", "theme": "mint", "colors": {"primary": "#0D9373"},
            "navigation": {"groups": [{"group": "Guides", "pages": ["index", "guides/pictures"]}]}}"##,
    );
    write(
        &root,
        "index.mdx",
        "---\ntitle: Home\n---\n\n![Logo](/images/logo.png)\n",
    );
    write(
        &root,
        "guides/pictures.mdx",
        "---\ntitle: Pictures\n---\n\n\
         ![A chart](../images/chart.png \"Chart\")\n\n\
         ![Nearby](shots/near.gif)\n\n\
         <img src=\"/images/photo.jpg\" alt=\"A photo\" />\n\n\
         <Frame>\n  <img src=\"/images/framed.webp\" alt=\"Framed\" />\n</Frame>\n\n\
         <img src=\"/images/diagram.svg\" alt=\"A diagram\" />\n\n\
         <img src=\"/images/scalable.svg\" alt=\"Scalable\" />\n\n\
         <img src=\"/images/own.png\" alt=\"Own size\" width=\"64\" />\n\n\
         ![Elsewhere](https://example.com/remote.png)\n\n\
         ![Not an image](/images/broken.png)\n",
    );
    write(&root, "images/logo.png", png(320, 80));
    write(&root, "images/chart.png", png(1200, 630));
    write(&root, "guides/shots/near.gif", gif(40, 30));
    write(&root, "images/photo.jpg", jpeg(800, 600));
    write(&root, "images/framed.webp", webp(1024, 512));
    write(
        &root,
        "images/diagram.svg",
        b"<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"150px\" viewBox=\"0 0 600 300\"/>",
    );
    write(
        &root,
        "images/scalable.svg",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"/>",
    );
    write(&root, "images/own.png", png(640, 480));
    write(&root, "images/broken.png", b"not a picture");
    let site = dir.path().join("site");
    build_ok(&root, &site);

    let home = read_built(&site, "index.html");
    assert!(
        img(&home, "logo.png").contains(" width=320 height=80"),
        "{home}"
    );
    let page = read_built(&site, "guides/pictures/index.html");
    for (name, size) in [
        ("chart.png", " width=1200 height=630"),
        ("near.gif", " width=40 height=30"),
        ("photo.jpg", " width=800 height=600"),
        ("framed.webp", " width=1024 height=512"),
        ("diagram.svg", " width=300 height=150"),
    ] {
        let tag = img(&page, name);
        assert!(tag.starts_with(&format!("<img{size} ")), "{name}: {tag}");
    }
    assert!(img(&page, "chart.png").contains("alt=\"A chart\""));
    // Left as written: an SVG sized by its viewBox alone, the author's own
    // width, another site's image, a file that is no picture.
    for name in ["scalable.svg", "own.png", "remote.png", "broken.png"] {
        let tag = img(&page, name);
        assert!(!tag.contains(" height="), "{name}: {tag}");
    }
    assert!(img(&page, "own.png").contains("width=\"64\""));
}

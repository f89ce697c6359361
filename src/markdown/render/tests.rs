//! Unit tests of the renderer's text helpers: placeholder tokens, fragment
//! line mapping, dedenting and paragraph unwrapping.

use super::fragment::{split_tokens, token, without_tokens, Fragment};
use super::text::{dedent, unwrap_paragraph};

#[test]
fn tokens_split_and_strip() {
    let text = format!("a{}b{}", token(0), token(12));
    assert_eq!(split_tokens(&text), vec![Ok("a"), Err(0), Ok("b"), Err(12)]);
    assert_eq!(without_tokens(&text), "ab");
}

#[test]
fn dedent_strips_shared_indentation_only() {
    assert_eq!(dedent("    a\n      b\n\n    c", 4, true), "a\n  b\n\nc");
    assert_eq!(dedent("x\n  y", 2, false), "x\ny");
    assert_eq!(dedent("  a", 0, true), "  a");
}

#[test]
fn block_tokens_keep_list_indentation() {
    let mut frag = Fragment::default();
    frag.push_text("1. Item\n   ", 1);
    frag.push_block("T", 2);
    assert_eq!(frag.md, "1. Item\n\n   T\n\n");
    assert_eq!(frag.line_at(0), 1);
    assert_eq!(frag.line_at(frag.md.len()), 2);
}

#[test]
fn single_paragraphs_unwrap() {
    assert_eq!(
        unwrap_paragraph("<p>a <em>b</em></p>\n".into()),
        "a <em>b</em>"
    );
    assert_eq!(
        unwrap_paragraph("<p>a</p>\n<p>b</p>\n".into()),
        "<p>a</p>\n<p>b</p>\n"
    );
}

#[test]
fn single_tildes_pair_inside_words_as_micromark_pairs_them() {
    use super::text::single_tilde_pairs;
    let text = "以~30个的成本；下降~80%";
    let pairs = single_tilde_pairs(text);
    assert_eq!(pairs.len(), 1);
    assert_eq!(&text[pairs[0].0 + 1..pairs[0].1], "30个的成本；下降");
    assert_eq!(single_tilde_pairs("x~30 y~80"), [(1, 6)]);
    assert!(single_tilde_pairs("a ~30 b ~80 c").is_empty());
    assert!(single_tilde_pairs("cd ~/src and ~/bin").is_empty());
}

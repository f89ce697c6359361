use super::*;

#[test]
fn a_long_title_wraps_at_words_and_ends_in_an_ellipsis() {
    let lines = wrap("Get or create a user group", 68.0, 3);
    assert_eq!(lines, ["Get or create a user group"]);
    let long = "Rotate the token of a user group: POST /api/user returns a new token and the old one stops working at once, everywhere it was used";
    let lines = wrap(long, 68.0, 3);
    assert_eq!(lines.len(), 3);
    assert!(lines[2].ends_with('…'), "{lines:?}");
    assert!(lines[0].starts_with("Rotate the token"));
    let word = "x".repeat(200);
    assert!(
        wrap(&word, 68.0, 3)[0].ends_with('…'),
        "one word wider than the card is cut"
    );
}

#[test]
fn text_and_colours_cannot_break_out_of_the_svg() {
    assert_eq!(safe_color("#0D9373"), Some("#0D9373"));
    assert_eq!(safe_color("red\"/><script>"), None);
    let line = text_line(
        "</text><script>alert(1)</script> & more",
        80.0,
        100.0,
        32.0,
        "#000",
    );
    assert!(
        !line.contains("<script>") && line.contains("&lt;/text&gt;") && line.contains("&amp; more")
    );
}

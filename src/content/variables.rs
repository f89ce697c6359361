//! docs.json `variables`: `{{name}}` in a page is replaced by the value the
//! site gives `name`, before the page is read as MDX, so it works in text,
//! code, component attributes and links alike; and in the frontmatter's
//! `title`, `sidebarTitle` and `description`. Spaces inside the braces are
//! allowed (`{{ name }}`). A site that declares no variables keeps `{{…}}`
//! as written (MDX reads it as an expression); one that declares some
//! warns about a `{{name}}` it does not declare, at its line, and leaves it.

use std::borrow::Cow;
use std::collections::BTreeMap;

/// `text` with every declared `{{name}}` replaced, and the byte offsets (in
/// `text`) and names of the `{{name}}`s not declared.
pub fn substitute<'t>(
    text: &'t str,
    variables: &BTreeMap<String, String>,
) -> (Cow<'t, str>, Vec<(usize, String)>) {
    if variables.is_empty() || !text.contains("{{") {
        return (Cow::Borrowed(text), Vec::new());
    }
    let mut out = String::with_capacity(text.len());
    let mut unknown = Vec::new();
    let mut at = 0;
    while let Some(found) = text[at..].find("{{") {
        let start = at + found;
        out.push_str(&text[at..start]);
        match reference(&text[start..]) {
            Some((len, name)) => {
                match variables.get(name) {
                    Some(value) => out.push_str(value),
                    None => {
                        unknown.push((start, name.to_string()));
                        out.push_str(&text[start..start + len]);
                    }
                }
                at = start + len;
            }
            None => {
                out.push_str("{{");
                at = start + 2;
            }
        }
    }
    out.push_str(&text[at..]);
    (Cow::Owned(out), unknown)
}

/// The length of the `{{name}}` `text` starts with, and the name.
fn reference(text: &str) -> Option<(usize, &str)> {
    let inner_end = text.find("}}")?;
    let name = text[2..inner_end].trim();
    let valid = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    valid.then_some((inner_end + 2, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_names_are_replaced_and_others_reported() {
        let variables = BTreeMap::from([("company".to_string(), "Acme".to_string())]);
        let (text, unknown) = substitute(
            "{{company}} and {{ company }}, {{ product }}; style={{ a: 1 }}",
            &variables,
        );
        assert_eq!(text, "Acme and Acme, {{ product }}; style={{ a: 1 }}");
        assert_eq!(unknown, [(31, "product".to_string())]);
    }

    #[test]
    fn without_variables_nothing_changes() {
        let (text, unknown) = substitute("{{company}}", &BTreeMap::new());
        assert_eq!(text, "{{company}}");
        assert!(unknown.is_empty());
    }
}

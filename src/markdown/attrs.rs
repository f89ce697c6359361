//! JSX attribute values and the small subset of JavaScript literals MDX
//! pages put in them (`cols={2}`, `{true}`, `{"str"}`, `style={{ width: 200 }}`,
//! `tags={["a", "b"]}`), read into [`serde_json::Value`]s. An expression
//! that is no literal reads as its source text ([`AttrValue::to_json`]),
//! except as a URL ([`AttrValue::url`]): there it is none.

use serde_json::Value;

/// An attribute as written: `defaultOpen`, `title="x"`, `cols={2}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Attr {
    pub name: String,
    pub value: AttrValue,
}

#[derive(Debug, Clone, PartialEq)]
pub enum AttrValue {
    /// A bare attribute name (`defaultOpen`), which JSX reads as `true`.
    Bare,
    /// A quoted string.
    Str(String),
    /// The JavaScript between the braces of `{...}`.
    Expr(String),
}

impl AttrValue {
    /// The value as JSON: strings stay strings, bare is `true`, expressions
    /// are evaluated as literals (or kept as their source text when they are
    /// not a literal, e.g. a variable name).
    pub fn to_json(&self) -> Value {
        match self {
            AttrValue::Bare => Value::Bool(true),
            AttrValue::Str(s) => Value::String(s.clone()),
            AttrValue::Expr(code) => {
                parse_literal(code).unwrap_or_else(|| Value::String(code.trim().to_string()))
            }
        }
    }

    /// The value as a prop passed to a snippet or its component: as
    /// [`AttrValue::to_json`], but none for an expression sheaf could not
    /// evaluate (`href={base}`), whose source text is not its value; JSX
    /// (`icon={<Svg />}`) passes as its source, rendered where it is used.
    pub fn prop(&self) -> Option<Value> {
        match self {
            AttrValue::Expr(code) if !code.trim_start().starts_with('<') => parse_literal(code),
            other => Some(other.to_json()),
        }
    }

    /// The value as a URL: as text, but `None` for an expression sheaf
    /// could not evaluate (`href={href}` naming a prop no one passed): its
    /// source text is no URL to check or write.
    pub fn url(&self) -> Option<String> {
        match self {
            AttrValue::Expr(code) => parse_literal(code).and_then(|v| value_text(&v)),
            other => value_text(&other.to_json()),
        }
    }
}

/// Looks up attributes of one element by name.
pub trait AttrList {
    fn get(&self, name: &str) -> Option<&AttrValue>;

    /// The attribute as display text (`"x"`, `{2}` → `2`, `{"x"}` → `x`).
    fn text(&self, name: &str) -> Option<String> {
        self.get(name).and_then(|v| value_text(&v.to_json()))
    }

    /// The attribute as a URL ([`AttrValue::url`]).
    fn url(&self, name: &str) -> Option<String> {
        self.get(name)?.url()
    }

    /// Whether a boolean attribute is on (`open`, `open={true}`, `open="true"`).
    fn flag(&self, name: &str) -> bool {
        match self.get(name).map(AttrValue::to_json) {
            Some(Value::Bool(b)) => b,
            Some(Value::String(s)) => s != "false",
            Some(Value::Null) | None => false,
            Some(_) => true,
        }
    }
}

impl AttrList for [Attr] {
    /// The last attribute of that name: of duplicates, as in React, the
    /// last one wins.
    fn get(&self, name: &str) -> Option<&AttrValue> {
        self.iter().rev().find(|a| a.name == name).map(|a| &a.value)
    }
}

impl AttrList for Vec<Attr> {
    fn get(&self, name: &str) -> Option<&AttrValue> {
        AttrList::get(self.as_slice(), name)
    }
}

/// A JSON value as text the reader would see, `None` for null/undefined.
pub fn value_text(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(n.to_string()),
        other => Some(other.to_string()),
    }
}

/// The value of a JavaScript expression made of literals alone
/// ([`super::expr`]: `2`, `"x"`, `{ a: 1 }`, `40 + 2`, `` `v${2}` ``);
/// `None` when it names anything or cannot be known.
pub fn parse_literal(code: &str) -> Option<Value> {
    super::expr::evaluate(code, &super::expr::no_names)
}

/// `code` without its JavaScript comments (`// …` to the end of the line,
/// `/* … */`), strings left as they are.
pub fn without_comments(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' | '\'' | '`' => {
                out.push(c);
                while let Some(inner) = chars.next() {
                    out.push(inner);
                    if inner == '\\' {
                        out.extend(chars.next());
                    } else if inner == c {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'/') => while chars.next_if(|&n| n != '\n').is_some() {},
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for inner in chars.by_ref() {
                    if last == '*' && inner == '/' {
                        break;
                    }
                    last = inner;
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// A JSX `style={{ marginTop: 8, width: "50%" }}` object as a CSS string
/// (`margin-top: 8px; width: 50%`). Unitless numbers get `px` except for
/// the properties that take plain numbers.
pub fn style_to_css(value: &Value) -> Option<String> {
    let Value::Object(map) = value else {
        return value.as_str().map(str::to_string);
    };
    let decls: Vec<String> = map
        .iter()
        .filter_map(|(key, v)| {
            let prop = kebab_case(key);
            let val = match v {
                Value::Number(n) if !is_unitless(&prop) && n.as_f64() != Some(0.0) => {
                    format!("{n}px")
                }
                other => value_text(other)?,
            };
            Some(format!("{prop}: {val}"))
        })
        .collect();
    Some(decls.join("; "))
}

fn is_unitless(prop: &str) -> bool {
    matches!(
        prop,
        "opacity"
            | "z-index"
            | "font-weight"
            | "line-height"
            | "flex"
            | "flex-grow"
            | "flex-shrink"
            | "order"
            | "zoom"
    )
}

fn kebab_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_are_left_out_of_expressions() {
        assert_eq!(without_comments("// a note\n"), "\n");
        assert_eq!(without_comments("1 /* one */ + 2"), "1  + 2");
        assert_eq!(
            without_comments("\"// not a comment\""),
            "\"// not a comment\""
        );
    }

    #[test]
    fn sums_and_template_literals_of_literals_are_evaluated() {
        assert_eq!(parse_literal("40 + 2"), Some(json!(42)));
        assert_eq!(parse_literal("40+2"), Some(json!(42)));
        assert_eq!(parse_literal("1e+3"), Some(json!(1000)));
        assert_eq!(parse_literal("\"a\" + \"b\""), Some(json!("ab")));
        assert_eq!(parse_literal("\"v\" + 2 + true"), Some(json!("v2true")));
        assert_eq!(parse_literal("`Version ${2}`"), Some(json!("Version 2")));
        assert_eq!(parse_literal("`${\"a\" + 1}-${2}`"), Some(json!("a1-2")));
        assert_eq!(
            parse_literal("`${[1, 2]}`"),
            None,
            "as MDX's reading has it"
        );
        assert_eq!(parse_literal("a + 1"), None, "a name is not a literal");
    }
    use serde_json::json;

    #[test]
    fn literals_of_every_kind() {
        assert_eq!(parse_literal("2"), Some(json!(2)));
        assert_eq!(parse_literal(" -1.5 "), Some(json!(-1.5)));
        assert_eq!(parse_literal("true"), Some(json!(true)));
        assert_eq!(parse_literal("undefined"), Some(Value::Null));
        assert_eq!(parse_literal("\"str\""), Some(json!("str")));
        assert_eq!(parse_literal("'it\\'s'"), Some(json!("it's")));
        assert_eq!(parse_literal("`tpl`"), Some(json!("tpl")));
        assert_eq!(
            parse_literal("{ a: 1, 'b': [true, \"x\",], }"),
            Some(json!({"a": 1, "b": [true, "x"]}))
        );
        assert_eq!(parse_literal("someVariable"), None);
        assert_eq!(parse_literal("a + b"), None);
    }

    #[test]
    fn attribute_values_read_as_text_and_flags() {
        let attrs = vec![
            Attr {
                name: "defaultOpen".into(),
                value: AttrValue::Bare,
            },
            Attr {
                name: "cols".into(),
                value: AttrValue::Expr("2".into()),
            },
            Attr {
                name: "title".into(),
                value: AttrValue::Expr("\"Hi\"".into()),
            },
            Attr {
                name: "off".into(),
                value: AttrValue::Expr("false".into()),
            },
        ];
        assert!(attrs.flag("defaultOpen"));
        assert!(!attrs.flag("off"));
        assert!(!attrs.flag("missing"));
        assert_eq!(attrs.text("cols").as_deref(), Some("2"));
        assert_eq!(attrs.text("title").as_deref(), Some("Hi"));
        let href = AttrValue::Expr("href".into());
        assert_eq!(href.url(), None, "a name sheaf cannot evaluate is no URL");
        assert_eq!(AttrValue::Expr("'/x'".into()).url().as_deref(), Some("/x"));
        assert_eq!(href.prop(), None, "nor a prop");
        assert_eq!(
            AttrValue::Expr("<Svg />".into()).prop(),
            Some(json!("<Svg />"))
        );
    }

    #[test]
    fn style_objects_become_css() {
        let style = parse_literal("{ marginTop: 8, width: '50%', opacity: 0.5 }").unwrap();
        assert_eq!(
            style_to_css(&style).unwrap(),
            "margin-top: 8px; width: 50%; opacity: 0.5"
        );
    }
}

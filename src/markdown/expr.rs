//! JavaScript expressions evaluated without running JavaScript: what an
//! MDX page writes in `{…}` and attribute values when its value can be
//! known from the text alone. The subset, as `@mdx-js/mdx`'s reading is
//! recorded (`tests/mdx-oracle/README.md`):
//!
//! - literals: strings (`\n`, `\t`, `\xHH`, `\uHHHH`, `\u{…}` escapes),
//!   numbers in any JavaScript form (`0x1F`, `1_000`, `.5`, `2e-3`),
//!   `true`, `false`, `null` (and `undefined`, as `null`); template literals whose `${}` parts are
//!   strings, numbers, booleans or null;
//! - arrays and objects of such values (identifier, string or number keys,
//!   shorthand `{title}`, `...spread` of a known array or object);
//! - `!x`, `-x`, `+x` (the last two on numbers), `a + b` (text when either
//!   is a string, else a sum of numbers), `a - b`, `a * b`, `a / b` on
//!   numbers, parentheses;
//! - names, looked up by the caller's scope (`frontmatter.title`, an
//!   exported constant, a snippet's `props.x`).
//!
//! Anything else (calls, operators on other kinds, a result that is not a
//! finite number) has no value: `None`. Nesting deeper than
//! [`MAX_DEPTH`] has none either, so no text can exhaust the stack.

use serde_json::{Map, Number, Value};

/// How deep brackets, parentheses and unary operators may nest.
pub const MAX_DEPTH: usize = 64;

/// Looks up a dotted name (`["frontmatter", "title"]`); `None`: unknown.
pub type Scope<'s> = &'s dyn Fn(&[&str]) -> Option<Value>;

/// The value of `code`, a whole expression, when it can be known.
pub fn evaluate(code: &str, scope: Scope) -> Option<Value> {
    let mut reader = Reader {
        src: code.as_bytes(),
        pos: 0,
        depth: 0,
        scope,
    };
    let value = reader.expression()?;
    reader.skip_ws();
    (reader.pos == reader.src.len()).then_some(value)
}

/// No names known: literals only.
pub fn no_names(_: &[&str]) -> Option<Value> {
    None
}

/// A value as JavaScript turns it into text (`String(value)`).
pub fn js_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => "null".to_string(),
        Value::Array(items) => items.iter().map(js_text).collect::<Vec<_>>().join(","),
        Value::Object(_) => "[object Object]".to_string(),
        other => other.to_string(),
    }
}

struct Reader<'a, 's> {
    src: &'a [u8],
    pos: usize,
    depth: usize,
    scope: Scope<'s>,
}

impl Reader<'_, '_> {
    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    /// Skips whitespace, then `byte` if it is next.
    fn eat(&mut self, byte: u8) -> bool {
        self.skip_ws();
        let next = self.peek() == Some(byte);
        self.pos += usize::from(next);
        next
    }

    fn expression(&mut self) -> Option<Value> {
        let mut value = self.product()?;
        loop {
            self.skip_ws();
            let op = self.peek();
            if !matches!(op, Some(b'+' | b'-')) {
                return Some(value);
            }
            self.pos += 1;
            let right = self.product()?;
            value = match op {
                Some(b'+') => plus(&value, &right)?,
                _ => arithmetic(&value, &right, |a, b| a - b)?,
            };
        }
    }

    fn product(&mut self) -> Option<Value> {
        let mut value = self.unary()?;
        loop {
            self.skip_ws();
            let op = self.peek();
            if !matches!(op, Some(b'*' | b'/')) {
                return Some(value);
            }
            self.pos += 1;
            let right = self.unary()?;
            value = match op {
                Some(b'*') => arithmetic(&value, &right, |a, b| a * b)?,
                _ => arithmetic(&value, &right, |a, b| a / b)?,
            };
        }
    }

    fn unary(&mut self) -> Option<Value> {
        self.skip_ws();
        let op = self.peek()?;
        if !matches!(op, b'!' | b'-' | b'+') {
            return self.primary();
        }
        self.pos += 1;
        let value = self.nested(Self::unary)?;
        match (op, &value) {
            (b'!', _) => Some(Value::Bool(!truthy(&value))),
            (b'-', Value::Number(n)) => number(-n.as_f64()?),
            (b'+', Value::Number(_)) => Some(value),
            _ => None,
        }
    }

    /// Whether a number literal starts here (`-` alone is an operator).
    fn is_number_start(&self) -> bool {
        matches!(self.peek(), Some(b'0'..=b'9'))
            || self.peek() == Some(b'.') && matches!(self.src.get(self.pos + 1), Some(b'0'..=b'9'))
    }

    fn primary(&mut self) -> Option<Value> {
        self.skip_ws();
        match self.peek()? {
            b'"' | b'\'' => self.string().map(Value::String),
            b'`' => self.template(),
            b'(' => {
                self.pos += 1;
                let value = self.nested(Self::expression)?;
                self.eat(b')').then_some(value)
            }
            b'[' => self.nested(Self::array),
            b'{' => self.nested(Self::object),
            _ if self.is_number_start() => self.number(),
            _ => self.name(),
        }
    }

    fn nested(&mut self, read: fn(&mut Self) -> Option<Value>) -> Option<Value> {
        if self.depth >= MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let value = read(self);
        self.depth -= 1;
        value
    }

    fn string(&mut self) -> Option<String> {
        let quote = self.src[self.pos];
        self.pos += 1;
        let mut out = String::new();
        loop {
            let c = self.char()?;
            match c {
                '\\' => out.extend(self.escape()?),
                c if c as u32 == u32::from(quote) => return Some(out),
                '\n' => return None,
                c => out.push(c),
            }
        }
    }

    /// The next character (the text is UTF-8: it came from a `&str`).
    fn char(&mut self) -> Option<char> {
        let rest = std::str::from_utf8(&self.src[self.pos..]).ok()?;
        let c = rest.chars().next()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// The character an escape after `\` stands for; `None` inside for a
    /// line continuation.
    fn escape(&mut self) -> Option<Option<char>> {
        let c = self.char()?;
        Some(Some(match c {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            'b' => '\u{8}',
            'f' => '\u{c}',
            'v' => '\u{b}',
            '0' if !matches!(self.peek(), Some(b'0'..=b'9')) => '\0',
            'x' => self.hex_char(2)?,
            'u' if self.peek() == Some(b'{') => {
                self.pos += 1;
                let end = self.src[self.pos..].iter().position(|&b| b == b'}')?;
                let hex = std::str::from_utf8(&self.src[self.pos..self.pos + end]).ok()?;
                self.pos += end + 1;
                char::from_u32(u32::from_str_radix(hex, 16).ok()?)?
            }
            'u' => self.hex_char(4)?,
            '\n' => return Some(None),
            other => other,
        }))
    }

    fn hex_char(&mut self, digits: usize) -> Option<char> {
        let hex = std::str::from_utf8(self.src.get(self.pos..self.pos + digits)?).ok()?;
        self.pos += digits;
        char::from_u32(u32::from_str_radix(hex, 16).ok()?)
    }

    fn template(&mut self) -> Option<Value> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            match self.char()? {
                '`' => return Some(Value::String(out)),
                '\\' => out.extend(self.escape()?),
                '$' if self.peek() == Some(b'{') => {
                    self.pos += 1;
                    let part = self.nested(Self::expression)?;
                    if part.is_array() || part.is_object() || !self.eat(b'}') {
                        return None;
                    }
                    out.push_str(&js_text(&part));
                }
                c => out.push(c),
            }
        }
    }

    fn number(&mut self) -> Option<Value> {
        let start = self.pos;
        while let Some(c) = self.peek() {
            let after_exponent =
                matches!(self.src.get(self.pos.wrapping_sub(1)), Some(b'e' | b'E'))
                    && !self.src[start..self.pos].starts_with(b"0x");
            let sign = matches!(c, b'-' | b'+') && after_exponent;
            if !(sign || c == b'.' || c == b'_' || c.is_ascii_alphanumeric()) {
                break;
            }
            self.pos += 1;
        }
        let text: String = std::str::from_utf8(&self.src[start..self.pos])
            .ok()?
            .chars()
            .filter(|&c| c != '_')
            .collect();
        let radix = |prefix: &str, radix| {
            let digits = text
                .strip_prefix(prefix)
                .or(text.strip_prefix(&prefix.to_uppercase()))?;
            i64::from_str_radix(digits, radix).ok()
        };
        if let Some(i) = radix("0x", 16)
            .or_else(|| radix("0o", 8))
            .or_else(|| radix("0b", 2))
        {
            return Some(i.into());
        }
        if text.ends_with('n')
            || text
                .chars()
                .any(|c| c.is_ascii_alphabetic() && !matches!(c, 'e' | 'E'))
        {
            return None;
        }
        number(text.parse().ok()?)
    }

    fn identifier(&mut self) -> Option<&str> {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$')
        {
            self.pos += 1;
        }
        let name = std::str::from_utf8(&self.src[start..self.pos]).ok()?;
        (!name.is_empty() && !name.as_bytes()[0].is_ascii_digit()).then_some(name)
    }

    /// `true`, `false`, `null`, or a dotted name the scope knows.
    fn name(&mut self) -> Option<Value> {
        let first = self.identifier()?;
        match first {
            "true" => return Some(Value::Bool(true)),
            "false" => return Some(Value::Bool(false)),
            // `undefined` renders as nothing, as `null` does.
            "null" | "undefined" => return Some(Value::Null),
            _ => {}
        }
        let mut path = vec![first.to_string()];
        loop {
            let before = self.pos;
            if !self.eat(b'.') {
                self.pos = before;
                break;
            }
            self.skip_ws();
            path.push(self.identifier()?.to_string());
        }
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        (self.scope)(&path)
    }

    fn array(&mut self) -> Option<Value> {
        let mut items = Vec::new();
        self.entries(b']', |reader, spread| {
            match (spread, reader.expression()?) {
                (true, Value::Array(spread)) => items.extend(spread),
                (true, _) => return None,
                (false, item) => items.push(item),
            }
            Some(())
        })?;
        Some(Value::Array(items))
    }

    /// The entries of an array or object from its opening bracket to
    /// `close`, comma-separated (a trailing comma allowed): each read by
    /// `entry`, told whether it follows a `...`.
    fn entries(
        &mut self,
        close: u8,
        mut entry: impl FnMut(&mut Self, bool) -> Option<()>,
    ) -> Option<()> {
        self.pos += 1;
        loop {
            if self.eat(close) {
                return Some(());
            }
            let spread = self.spread();
            entry(self, spread)?;
            if self.eat(close) {
                return Some(());
            }
            if !self.eat(b',') {
                return None;
            }
        }
    }

    /// Skips `...` if it is next.
    fn spread(&mut self) -> bool {
        self.skip_ws();
        let next = self.src[self.pos..].starts_with(b"...");
        self.pos += if next { 3 } else { 0 };
        next
    }

    fn object(&mut self) -> Option<Value> {
        let mut map = Map::new();
        self.entries(b'}', |reader, spread| {
            if !spread {
                let (key, value) = reader.entry()?;
                map.insert(key, value);
                return Some(());
            }
            let Value::Object(spread) = reader.expression()? else {
                return None;
            };
            map.extend(spread);
            Some(())
        })?;
        Some(Value::Object(map))
    }

    /// `key: value`, or the shorthand `key` (the name's value).
    fn entry(&mut self) -> Option<(String, Value)> {
        self.skip_ws();
        let key = match self.peek()? {
            b'"' | b'\'' => self.string()?,
            _ if self.is_number_start() => js_text(&self.number()?),
            _ => self.identifier()?.to_string(),
        };
        if self.eat(b':') {
            return Some((key, self.expression()?));
        }
        let value = (self.scope)(&[key.as_str()])?;
        Some((key, value))
    }
}

/// `a + b`: text when either is a string (and both are strings, numbers,
/// booleans or null), a sum of two numbers, else unknown.
fn plus(a: &Value, b: &Value) -> Option<Value> {
    let scalar = |v: &Value| !v.is_array() && !v.is_object();
    if (a.is_string() || b.is_string()) && scalar(a) && scalar(b) {
        return Some(Value::String(js_text(a) + &js_text(b)));
    }
    arithmetic(a, b, |x, y| x + y)
}

fn arithmetic(a: &Value, b: &Value, op: fn(f64, f64) -> f64) -> Option<Value> {
    let (Value::Number(x), Value::Number(y)) = (a, b) else {
        return None;
    };
    number(op(x.as_f64()?, y.as_f64()?))
}

/// A finite number as JSON: whole numbers as integers (`-0` as `0`).
fn number(n: f64) -> Option<Value> {
    if !n.is_finite() {
        return None;
    }
    if n.fract() == 0.0 && n.abs() < 9.0e15 {
        return Some(Value::Number((n as i64).into()));
    }
    Number::from_f64(n).map(Value::Number)
}

/// JavaScript truthiness.
fn truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|n| n != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn value(code: &str) -> Option<Value> {
        evaluate(code, &no_names)
    }

    #[test]
    fn literals_and_operators() {
        assert_eq!(value("40 + 2"), Some(json!(42)));
        assert_eq!(value("(1 + 2) * 3"), Some(json!(9)));
        assert_eq!(value("7 / 2"), Some(json!(3.5)));
        assert_eq!(value("-3"), Some(json!(-3)));
        assert_eq!(value("!\"\""), Some(json!(true)));
        assert_eq!(value("0x1F + 1_000"), Some(json!(1031)));
        assert_eq!(value("`Version ${2}`"), Some(json!("Version 2")));
        assert_eq!(value("\"a\" + \"b\" + 1"), Some(json!("ab1")));
        assert_eq!(value("\"\\u00e9\\x41\""), Some(json!("éA")));
        assert_eq!(value("[...[1, 2], 3]"), Some(json!([1, 2, 3])));
        assert_eq!(
            value("{...{a: 1}, b: 2, 'c': [true, null]}"),
            Some(json!({"a": 1, "b": 2, "c": [true, null]}))
        );
    }

    #[test]
    fn what_javascript_would_coerce_has_no_value() {
        for code in [
            "true + 1",
            "\"a\" + [1]",
            "5 - \"2\"",
            "-\"3\"",
            "1 / 0",
            "f(1)",
            "a ? b : c",
            "10n",
            "[1, , 2]",
        ] {
            assert_eq!(value(code), None, "{code}");
        }
    }

    #[test]
    fn names_come_from_the_scope() {
        let scope = |path: &[&str]| match path {
            ["frontmatter", "title"] => Some(json!("Sheaf")),
            ["version"] => Some(json!(2)),
            _ => None,
        };
        assert_eq!(
            evaluate("`${frontmatter.title} v${version}`", &scope),
            Some(json!("Sheaf v2"))
        );
        assert_eq!(evaluate("{version}", &scope), Some(json!({"version": 2})));
        assert_eq!(evaluate("other", &scope), None);
    }

    #[test]
    fn nesting_deeper_than_the_limit_has_no_value() {
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(value(&deep(MAX_DEPTH)).is_some());
        assert_eq!(value(&deep(100_000)), None);
        assert_eq!(value(&"!".repeat(100_000)), None);
    }
}

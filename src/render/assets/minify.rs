//! The theme's JavaScript bundle as shipped: minified when the theme is
//! made (once per build), so no npm build step is needed. It is parsed by
//! `oxc` (already the JSX compiler) and printed again without whitespace
//! or comments: the same program, token for token. Should a bundle ever
//! fail to parse (a `_theme` override), it ships as written. The CSS
//! bundle ships as written.

use oxc::allocator::Allocator;
use oxc::codegen::{Codegen, CodegenOptions};
use oxc::parser::Parser;
use oxc::span::SourceType;

/// `source`, a browser script, minified; as written if it does not parse.
pub fn js(source: &str) -> String {
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, source, SourceType::cjs()).parse();
    if parsed.panicked || !parsed.errors.is_empty() {
        return source.to_string();
    }
    Codegen::new()
        .with_options(CodegenOptions::minify())
        .build(&parsed.program)
        .code
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn js_is_the_same_program_smaller() {
        let source = "// note\nfunction add(a, b) {\n  return a + b; // sum\n}\nconst re = /\\/\\/ x/g;\nconst t = `a\n  b`;\n";
        let small = js(source);
        assert!(small.len() < source.len(), "{small}");
        assert!(!small.contains("note") && !small.contains("sum"), "{small}");
        assert!(small.contains("`a\n  b`"), "template text kept: {small}");
        assert!(small.contains("/\\/\\/ x/g"), "regex kept: {small}");
        assert_eq!(js("function ("), "function (", "unparsable: as written");
    }
}

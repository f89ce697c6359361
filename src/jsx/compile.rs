//! JSX and modern JavaScript (TypeScript too) to plain JavaScript, by the
//! `oxc` crates: parse, check the module shape Mintlify allows, strip
//! types, turn JSX into `h(type, props, ...children)` calls (React's
//! classic runtime with sheaf's pragma), print.
//!
//! A module's `export` keywords are blanked out and its `import`
//! statements blanked whole (same length, same lines), so byte offsets in
//! the compiled source are the author's; the imports are returned
//! ([`ModuleImport`]) for the caller to resolve and bind, with the exported
//! names. What Mintlify does not allow in a snippet (a default export, a
//! re-export) is a [`Problem`] at its offset; the rest of the module still
//! compiles.

use std::path::Path;

use oxc::allocator::Allocator;
use oxc::ast::ast::{
    BindingPatternKind, Declaration, ExportNamedDeclaration, ImportDeclaration,
    ImportDeclarationSpecifier, ModuleExportName, Program, Statement,
};
use oxc::codegen::Codegen;
use oxc::diagnostics::OxcDiagnostic;
use oxc::parser::Parser;
use oxc::semantic::SemanticBuilder;
use oxc::span::{GetSpan, SourceType, Span};
use oxc::transformer::{JsxOptions, JsxRuntime, TransformOptions, Transformer};

use super::Problem;

/// A compiled module: plain JavaScript (statements, no `import` or
/// `export`) and the names it exports, `(local, exported)`.
#[derive(Debug, Default)]
pub struct Module {
    pub code: String,
    pub exports: Vec<(String, String)>,
    /// What its `import` statements bind, in source order.
    pub imports: Vec<ModuleImport>,
    pub problems: Vec<Problem>,
}

/// One name an `import` statement binds: `import { exported as local }
/// from "source"`; `exported` is `default` for a default import and `*`
/// for a namespace import.
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleImport {
    pub local: String,
    pub exported: String,
    pub source: String,
    /// Byte offset of the statement.
    pub offset: usize,
}

/// Which language a source is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// JavaScript with JSX (`.js`, `.jsx`, an MDX page's ESM).
    Jsx,
    /// TypeScript with JSX (`.ts`, `.tsx`).
    Tsx,
}

impl Language {
    /// The language of a snippet file, by its extension.
    pub fn of_path(path: &str) -> Language {
        match path.rsplit('.').next() {
            Some("ts" | "tsx") => Language::Tsx,
            _ => Language::Jsx,
        }
    }

    fn source_type(self) -> SourceType {
        match self {
            Language::Jsx => SourceType::jsx(),
            Language::Tsx => SourceType::tsx(),
        }
    }
}

/// Compiles a module. `Err`: it does not parse (the first syntax error),
/// or nests too deep to parse ([`super::nesting`]).
pub fn module(source: &str, language: Language) -> Result<Module, Problem> {
    not_too_deep(source)?;
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, source, language.source_type()).parse();
    if let Some(error) = parsed.errors.first() {
        return Err(syntax_problem(error));
    }
    let mut shape = Shape::new(source);
    shape.read(&parsed.program);
    let code = transform(&shape.blanked, language)?;
    Ok(Module {
        code,
        exports: shape.exports,
        imports: shape.imports,
        problems: shape.problems,
    })
}

/// Compiles one expression (an attribute value, a props object) to plain
/// JavaScript.
pub fn expression(code: &str) -> Result<String, Problem> {
    not_too_deep(code)?;
    let wrapped = format!("({code}\n)");
    let compiled = transform(&wrapped, Language::Jsx).map_err(|mut p| {
        p.offset = p.offset.saturating_sub(1).min(code.len());
        p
    })?;
    Ok(compiled.trim_end().trim_end_matches(';').to_string())
}

/// Parses, strips types and compiles JSX to `h(…)` calls.
fn transform(source: &str, language: Language) -> Result<String, Problem> {
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, source, language.source_type()).parse();
    if let Some(error) = parsed.errors.first() {
        return Err(syntax_problem(error));
    }
    let mut program = parsed.program;
    let scoping = SemanticBuilder::new()
        .build(&program)
        .semantic
        .into_scoping();
    let path = Path::new(match language {
        Language::Jsx => "component.jsx",
        Language::Tsx => "component.tsx",
    });
    let transformed =
        Transformer::new(&allocator, path, &options()).build_with_scoping(scoping, &mut program);
    if let Some(error) = transformed.errors.first() {
        return Err(syntax_problem(error));
    }
    Ok(Codegen::new().build(&program).code)
}

fn options() -> TransformOptions {
    TransformOptions {
        jsx: JsxOptions {
            runtime: JsxRuntime::Classic,
            pragma: Some("__jsx".to_string()),
            pragma_frag: Some("__frag".to_string()),
            pure: false,
            display_name_plugin: false,
            ..JsxOptions::enable()
        },
        ..TransformOptions::default()
    }
}

/// Code nested deeper than the parser can safely follow, as a problem.
fn not_too_deep(source: &str) -> Result<(), Problem> {
    match super::nesting::too_deep(source) {
        None => Ok(()),
        Some(offset) => Err(Problem {
            offset,
            message: format!(
                "JavaScript nested more than {} deep here, which sheaf does not read",
                super::nesting::MAX_DEPTH
            ),
            help: "flatten the code: move inner parts into constants of their own".to_string(),
        }),
    }
}

fn syntax_problem(error: &OxcDiagnostic) -> Problem {
    let offset = error
        .labels
        .as_ref()
        .and_then(|labels| labels.first())
        .map_or(0, |label| label.offset());
    Problem {
        offset,
        message: format!("JavaScript that does not parse: {}", error.message),
        help: "fix the syntax; sheaf reads components as JSX (TypeScript in .ts/.tsx files)"
            .to_string(),
    }
}

/// A module's top level read: its exports, what Mintlify does not allow,
/// and its source with `export` keywords and `import`s blanked out.
struct Shape {
    blanked: String,
    exports: Vec<(String, String)>,
    imports: Vec<ModuleImport>,
    problems: Vec<Problem>,
}

impl Shape {
    fn new(source: &str) -> Shape {
        Shape {
            blanked: source.to_string(),
            exports: Vec::new(),
            imports: Vec::new(),
            problems: Vec::new(),
        }
    }

    fn read(&mut self, program: &Program) {
        for statement in &program.body {
            match statement {
                Statement::ImportDeclaration(import) => self.import(import),
                Statement::ExportNamedDeclaration(export) => self.named_export(export),
                Statement::ExportDefaultDeclaration(export) => {
                    self.refuse(
                        export.span,
                        "a default export",
                        "export the component by name: `export const Name = …`",
                    );
                }
                Statement::ExportAllDeclaration(export) => {
                    self.refuse(
                        export.span,
                        "`export * from`",
                        "define the component in this file",
                    );
                }
                _ => {}
            }
        }
    }

    fn import(&mut self, import: &ImportDeclaration) {
        let source = import.source.value.to_string();
        for specifier in import.specifiers.iter().flatten() {
            let (local, exported) = match specifier {
                ImportDeclarationSpecifier::ImportSpecifier(s) => {
                    (s.local.name.to_string(), export_name(&s.imported))
                }
                ImportDeclarationSpecifier::ImportDefaultSpecifier(s) => {
                    (s.local.name.to_string(), "default".to_string())
                }
                ImportDeclarationSpecifier::ImportNamespaceSpecifier(s) => {
                    (s.local.name.to_string(), "*".to_string())
                }
            };
            self.imports.push(ModuleImport {
                local,
                exported,
                source: source.clone(),
                offset: import.span.start as usize,
            });
        }
        self.blank(import.span);
    }

    fn named_export(&mut self, export: &ExportNamedDeclaration) {
        if export.source.is_some() {
            return self.refuse(
                export.span,
                "a re-export from another file",
                "define the component in this file",
            );
        }
        let Some(declaration) = &export.declaration else {
            for specifier in &export.specifiers {
                let local = export_name(&specifier.local);
                self.exports.push((local, export_name(&specifier.exported)));
            }
            return self.blank(export.span);
        };
        self.blank(Span::new(export.span.start, declaration.span().start));
        for name in declared_names(declaration) {
            self.exports.push((name.clone(), name));
        }
    }

    fn refuse(&mut self, span: Span, what: &str, help: &str) {
        self.problems.push(Problem {
            offset: span.start as usize,
            message: format!(
                "{what}, which Mintlify does not allow in a component file; sheaf leaves it out"
            ),
            help: help.to_string(),
        });
        self.blank(span);
    }

    /// Replaces the text of `span` by spaces, keeping its line breaks.
    fn blank(&mut self, span: Span) {
        let range = span.start as usize..span.end as usize;
        let spaces: String = self.blanked[range.clone()]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        // Multi-byte characters become one space each: pad to the length.
        let pad = range.len() - spaces.len();
        self.blanked
            .replace_range(range, &(spaces + &" ".repeat(pad)));
    }
}

fn export_name(name: &ModuleExportName) -> String {
    name.name().to_string()
}

/// The names a declaration binds at the top level.
fn declared_names(declaration: &Declaration) -> Vec<String> {
    match declaration {
        Declaration::VariableDeclaration(variables) => variables
            .declarations
            .iter()
            .filter_map(|d| match &d.id.kind {
                BindingPatternKind::BindingIdentifier(id) => Some(id.name.to_string()),
                _ => None,
            })
            .collect(),
        Declaration::FunctionDeclaration(function) => {
            function.id.iter().map(|id| id.name.to_string()).collect()
        }
        Declaration::ClassDeclaration(class) => {
            class.id.iter().map(|id| id.name.to_string()).collect()
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jsx_becomes_calls_of_h_and_exports_are_named() {
        let m = module(
            "'use client'\nexport const Counter = ({ start = 1 }) => {\n  const [n, setN] = useState(start);\n  return <><button onClick={() => setN(n + 1)}>{n}</button></>;\n};",
            Language::Jsx,
        )
        .unwrap();
        assert!(
            m.code.contains("__jsx(__frag, null, __jsx(\"button\""),
            "{}",
            m.code
        );
        assert!(!m.code.contains("export"), "{}", m.code);
        assert_eq!(m.exports, vec![("Counter".into(), "Counter".into())]);
        assert!(m.problems.is_empty());
    }

    #[test]
    fn typescript_types_are_stripped() {
        let m = module(
            "type P = { n: number };\nexport function Big({ n }: P): JSX.Element { return <b>{n as number}</b>; }",
            Language::Tsx,
        )
        .unwrap();
        assert!(!m.code.contains("number"), "{}", m.code);
        assert_eq!(m.exports[0].0, "Big");
    }

    #[test]
    fn what_mintlify_refuses_is_a_problem_at_its_offset() {
        let source = "import x from 'lodash';\nexport default () => <p/>;\nexport { a as b } from './c';\nconst a = 1;\nexport { a as A };";
        let m = module(source, Language::Jsx).unwrap();
        let offsets: Vec<usize> = m.problems.iter().map(|p| p.offset).collect();
        assert_eq!(offsets, vec![24, 51]);
        assert_eq!(m.imports[0].source, "lodash");
        assert_eq!(m.imports[0].exported, "default");
        assert!(m.problems[0].message.contains("default export"));
        assert_eq!(m.exports, vec![("a".into(), "A".into())]);
        assert!(
            !m.code.contains("lodash") && !m.code.contains("export"),
            "{}",
            m.code
        );
    }

    #[test]
    fn imports_are_returned_with_what_they_bind() {
        let source = "import { A, B as C } from '/snippets/a.mdx';\nimport * as N from './n.jsx';\nexport const D = () => <A/>;";
        let m = module(source, Language::Jsx).unwrap();
        let bound: Vec<(&str, &str, &str)> = m
            .imports
            .iter()
            .map(|i| (i.local.as_str(), i.exported.as_str(), i.source.as_str()))
            .collect();
        assert_eq!(
            bound,
            vec![
                ("A", "A", "/snippets/a.mdx"),
                ("C", "B", "/snippets/a.mdx"),
                ("N", "*", "./n.jsx")
            ]
        );
        assert_eq!(m.imports[2].offset, 45);
        assert!(!m.code.contains("import"), "{}", m.code);
    }

    #[test]
    fn a_syntax_error_is_located() {
        let error = module("const a = 1;\nconst b = (;", Language::Jsx).unwrap_err();
        assert_eq!(error.offset, 24);
        assert!(error.message.contains("does not parse"));
    }

    #[test]
    fn expressions_compile_alone() {
        assert_eq!(
            expression("{ a: 1, ...rest }").unwrap(),
            "({\n\ta: 1,\n\t...rest\n})"
        );
        assert!(expression("<Icon name=\"x\" />")
            .unwrap()
            .starts_with("__jsx(Icon"));
        assert!(expression("1 +").is_err());
    }
}

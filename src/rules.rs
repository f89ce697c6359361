//! The stable name of every kind of diagnostic, as clippy names its lints.
//!
//! Every diagnostic carries a [`Rule`]
//! (set by `.with_rule(Rule::BrokenLink)` where it is made). The name is
//! printed in every output format (`= rule: broken-link` in the terminal,
//! `"rule"` in `--format json`, `title=` in `--format github`), and it is
//! what an author names to change how a rule reports, for the whole site or
//! one file, in `sheaf.toml` ([`settings`]) or, for spec lint rules, in the
//! spec itself (`x-sheaf-lint-ignore`).
//!
//! A name never changes once released: scripts and `sheaf.toml` files
//! depend on it. Each rule says what it reports ([`Reports`]): a rule that
//! reports only errors (what makes a site unbuildable) cannot be turned off.
//! `docs/diagnostics.mdx` lists every rule with the text of [`Rule::about`];
//! `tests/rules.rs` fails when a rule is missing there, or when a diagnostic
//! is made without a rule. This file imports nothing of sheaf, so that
//! `diagnostics` can hold a rule; [`settings`] reads `sheaf.toml` and
//! applies it to diagnostics.

pub mod settings;

/// What severities a rule's diagnostics have before `sheaf.toml` changes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reports {
    /// Only errors: what makes a site unbuildable; `sheaf.toml` cannot change them.
    Errors,
    /// Warnings (and, where the same finding can be fatal, errors).
    Warnings,
    /// Notes: what sheaf accepts without acting on it.
    Notes,
}

macro_rules! rules {
    ($($variant:ident $name:literal $reports:ident $about:literal,)*) => {
        /// A kind of diagnostic, by its stable name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Rule {
            $(#[doc = $about] $variant,)*
        }

        impl Rule {
            /// Every rule, in the order of `docs/diagnostics.mdx`.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The stable kebab-case name (`broken-link`).
            pub fn name(self) -> &'static str {
                match self { $(Rule::$variant => $name,)* }
            }

            /// What the rule reports, in one sentence.
            pub fn about(self) -> &'static str {
                match self { $(Rule::$variant => $about,)* }
            }

            /// The severities the rule reports.
            pub fn reports(self) -> Reports {
                match self { $(Rule::$variant => Reports::$reports,)* }
            }
        }
    };
}

rules! {
    // The docs root and its config file.
    DocsRootMissing "docs-root-missing" Errors "The docs folder given does not exist or is not a folder.",
    ConfigMissing "config-missing" Errors "The docs root holds no site.json, docs.json or mint.json.",
    ConfigShadowed "config-shadowed" Warnings "Two config files sit side by side; the first of site.json, docs.json, mint.json is used.",
    ConfigSyntax "config-syntax" Errors "The config file (or sheaf.toml) is not valid JSON (TOML).",
    ConfigSchema "config-schema" Errors "A config value has the wrong type or shape for the schema.",
    ConfigValue "config-value" Warnings "A config value sheaf cannot use as written: it is left out, or the build stops when nothing can stand in for it.",
    ConfigRepaired "config-repaired" Notes "After config errors, the rest of the docs was checked as if the faulty values were not there.",
    ConfigRef "config-ref" Errors "A docs.json `$ref` names a file that is missing, unreadable, outside the root or part of a cycle.",
    UnknownKey "unknown-key" Warnings "A key neither sheaf nor Mintlify knows (likely a typo); it is ignored.",
    UnsupportedKey "unsupported-key" Notes "A key Mintlify knows and sheaf does not act on yet; it is ignored.",
    UnknownValue "unknown-value" Warnings "A value outside the allowed list that Mintlify does not name either; the build goes on as if it were not set.",
    UnsupportedValue "unsupported-value" Notes "A value Mintlify knows and sheaf does not act on yet.",
    DocsJsonFeature "docs-json-feature" Notes "A docs.json construct sheaf reads differently from Mintlify, or leaves out.",
    Integration "integration" Notes "An analytics or chat integration (docs.json `integrations`) that built pages load, or one sheaf does not load.",
    NoHistory "no-history" Notes "`metadata.timestamp` is on, but the docs root's version history cannot be read (no git repository, or no git): pages show no last-modified date.",
    FontNotServed "font-not-served" Notes "A font the config names that the site cannot serve itself (offline with nothing cached, a family the font host lacks); readers see the theme's font.",
    ColorContrast "color-contrast" Notes "A brand colour is shown in a nearby shade so that text on it reaches WCAG 2.1 AA contrast.",
    UnsafeUrl "unsafe-url" Errors "A config URL with a scheme that would run code or show the author's text (`javascript:`, `data:`).",
    // Navigation and pages.
    PageMissing "page-missing" Warnings "The navigation names a page that does not exist; the entry is left out.",
    DuplicatePage "duplicate-page" Warnings "The navigation lists the same page twice in one place.",
    IgnoredPage "ignored-page" Warnings "The navigation names a page that `.mintignore` or one of Mintlify's default ignores (`README.md`…) excludes.",
    EmptySection "empty-section" Warnings "A tab or anchor has no pages, so it is left out.",
    UnusedVersion "unused-version" Warnings "A declared version that no group, anchor, tab or page uses.",
    UnknownVersion "unknown-version" Warnings "A version that `versions` does not declare (an error in the config, a warning in frontmatter).",
    FrontmatterKey "frontmatter-key" Warnings "A frontmatter key sheaf ignores, or a value it cannot use (`rss: true` on a page without `<Update>`).",
    UnknownMode "unknown-mode" Warnings "A page `mode` sheaf does not know; the page is laid out as `default`.",
    ThemeMode "theme-mode" Notes "A page `mode` the site's theme does not have (`frame` is aspen's, almond's, luma's and sequoia's; `center` mint's, linden's, willow's and maple's); the page is laid out as `default`, as on Mintlify.",
    UnknownIcon "unknown-icon" Warnings "An icon name that no bundled library (Font Awesome Free, Lucide, Tabler) has and that no open icon fits by its parts, or a typo of a known name (`rocket-lunch`, drawn as `rocket-launch`).",
    IconLibrary "icon-library" Notes "An icon drawn from another library than the site's `icons.library`, or a name no library has (a Font Awesome Pro name) drawn as the nearest open icon, which the note names.",
    ImageMissing "image-missing" Warnings "A config image (logo, favicon, background) that does not exist.",
    BrokenLink "broken-link" Warnings "A link (page, config, redirect or top bar) that names no page or file of the site.",
    RelativeLink "relative-link" Notes "A relative link (`guide/setup`) that names a page only when read from the site root, as Mintlify's link checker reads it: it leads to that page.",
    BasePathLink "base-path-link" Notes "A root-absolute link that starts with the path the site is published under (`/docs/…` for `--site-url https://example.com/docs`), read from the site root.",
    RedirectLoop "redirect-loop" Warnings "Redirects that come back to where they started, or go on for more than 10 hops; a link through them leads nowhere.",
    FrontmatterSyntax "frontmatter-syntax" Errors "A page's frontmatter is not valid YAML.",
    UndeclaredVariable "undeclared-variable" Warnings "A `{{name}}` that docs.json `variables` does not declare.",
    OperationMissing "operation-missing" Warnings "A page's `openapi` (or `openapi-schema`) frontmatter names an operation (or schema) no loaded spec has (an error when the page has no body).",
    // Markdown and MDX.
    MdxSyntax "mdx-syntax" Warnings "Text that MDX (Mintlify's compiler) would reject; sheaf reads it as leniently as it can.",
    HeadingOrder "heading-order" Warnings "A heading skips a level (an h4 after an h2), which screen-reader outlines trip over.",
    ImageAlt "image-alt" Warnings "An image without alt text.",
    UnknownComponent "unknown-component" Warnings "A component name that neither sheaf nor Mintlify has; its children are shown.",
    ComponentAttribute "component-attribute" Warnings "A component attribute that is missing or has a value the component does not know.",
    JsComponent "js-component" Warnings "A component imported from JavaScript that sheaf cannot find or Mintlify does not allow (an npm package, a default import, a missing file or export); its children are shown.",
    HtmlElement "html-element" Notes "A lowercase element in a page that sheaf writes or leaves out as Mintlify does, said where it matters: a `<script>` runs in readers' browsers, `<head>` is left out (the frontmatter makes the head).",
    MdxExpression "mdx-expression" Warnings "A `{…}` expression in a page or snippet body that does not compile or throws when it is evaluated (a name nothing declares, say); nothing is shown in its place.",
    ComponentCode "component-code" Warnings "A React component whose code does not compile, is shaped as Mintlify does not allow, throws, or runs past the page's budget of operations or memory (or the processor-time backstop); its children are shown.",
    SnippetMissing "snippet-missing" Warnings "A `<Snippet>` or import that names no snippet file.",
    InvalidTex "invalid-tex" Warnings "A formula that is not valid TeX; its source is shown.",
    DollarMath "dollar-math" Warnings "Two dollar signs in a paragraph read as a formula, as on Mintlify.",
    InvalidMermaid "invalid-mermaid" Warnings "A Mermaid diagram that cannot be drawn; its source is shown.",
    CodeBlockOption "code-block-option" Warnings "A code block option, line list or `[!code …]` marker sheaf does not know or cannot apply; it is left as written (`twoslash` is a note).",
    // OpenAPI specs.
    SpecMissing "spec-missing" Errors "An OpenAPI file the config or a `$ref` names does not exist.",
    SpecSyntax "spec-syntax" Errors "An OpenAPI file is not valid JSON or YAML.",
    SpecUnreadable "spec-unreadable" Errors "An OpenAPI file or URL cannot be loaded.",
    SpecCached "spec-cached" Warnings "A spec URL could not be downloaded; a cached copy (or nothing) is used.",
    AsyncapiUnsupported "asyncapi-unsupported" Warnings "A file named as an AsyncAPI document that is not AsyncAPI 2.x or 3.x; its channels are left out.",
    ChannelMissing "channel-missing" Warnings "A page's `asyncapi` frontmatter names a channel no loaded AsyncAPI document has (an error when the page has no body).",
    SecuritySchemeMissing "security-scheme-missing" Warnings "An AsyncAPI 2.x `security` requirement names a scheme `components/securitySchemes` does not define; the page says \"not defined\".",
    UnsupportedSpec "unsupported-spec" Warnings "A spec that is not OpenAPI 3 (Swagger 2.0, or no `openapi` version); it is skipped.",
    GetWithBody "get-with-body" Warnings "A GET or DELETE operation with a request body.",
    MissingSummary "missing-summary" Warnings "An operation with neither a summary nor an operationId.",
    DuplicateOperationId "duplicate-operation-id" Warnings "Two operations share an operationId.",
    ExampleMismatch "example-mismatch" Warnings "An example that does not validate against its schema.",
    UnresolvedRef "unresolved-ref" Warnings "A `$ref` in a spec that resolves to nothing; the field shows \"unresolved\".",
    UnknownRule "unknown-rule" Warnings "`x-sheaf-lint-ignore` or sheaf.toml names a rule that does not exist.",
    // Files, limits and output.
    OutsideRoot "outside-root" Errors "A reference resolves to a file outside the docs root (the trust boundary).",
    ReadFailed "read-failed" Warnings "A file cannot be read (or changed while the build ran).",
    InputLimit "input-limit" Errors "Nesting or size beyond sheaf's documented limits.",
    MintignorePattern "mintignore-pattern" Warnings "A `.mintignore` pattern that cannot be read; the line is skipped.",
    ThemeTemplate "theme-template" Errors "A theme template override that cannot be read or rendered.",
    OutputRefused "output-refused" Errors "The output folder is not one sheaf may replace (the docs, a parent, foreign files).",
    RelativeSitemap "relative-sitemap" Notes "Without `--site-url`, the sitemap's `<loc>` entries and the `hreflang` alternates are root-relative, which the sitemap protocol and search engines do not accept.",
    WriteFailed "write-failed" Errors "The site cannot be written (or the build was stopped).",
}

impl Rule {
    /// The rule named `name`.
    pub fn named(name: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|rule| rule.name() == name)
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_kebab_case_and_found_again() {
        let mut seen = std::collections::HashSet::new();
        for &rule in Rule::ALL {
            let name = rule.name();
            assert!(seen.insert(name), "{name} twice");
            assert!(
                name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{name}"
            );
            assert_eq!(Rule::named(name), Some(rule));
        }
        assert_eq!(Rule::named("no-such-rule"), None);
    }
}

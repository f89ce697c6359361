//! The tera instance: built-in templates plus the docs root's overrides,
//! with errors reported as diagnostics that name the template's file.

use std::collections::HashMap;
use std::error::Error as _;
use std::path::{Path, PathBuf};

use tera::{Context, Tera};

use super::assets::{self, TemplateSource};
use crate::diagnostics::Diagnostic;
use crate::rules::Rule;

/// Parsed templates, shared read-only by every rendering thread.
pub struct Templates {
    tera: Tera,
    /// The override file of each overridden template, for diagnostics.
    overrides: HashMap<String, PathBuf>,
}

impl Templates {
    /// Loads the built-in templates, then each override of `root` one by one,
    /// so a broken override is named in the diagnostic.
    pub fn load(root: &Path) -> Result<Templates, Diagnostic> {
        let sources = assets::templates(root)?;
        let (custom, builtin): (Vec<TemplateSource>, Vec<TemplateSource>) =
            sources.into_iter().partition(|t| t.override_path.is_some());
        let mut tera = Tera::default();
        tera.set_escape_fn(super::escape_html);
        // `{{ x | attr | safe }}`: an attribute value, escaped, quoted only
        // when it needs quotes (lean markup on every page).
        tera.register_filter(
            "attr",
            |value: &tera::Value, _: &HashMap<String, tera::Value>| {
                let text = match value {
                    tera::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                Ok(tera::Value::String(crate::html::attr_value(&text)))
            },
        );
        tera.add_raw_templates(builtin.iter().map(|t| (t.name.as_str(), t.text.as_str())))
            .map_err(|e| template_error(Path::new("templates"), &e))?;
        let mut overrides = HashMap::new();
        for template in custom {
            let path = template
                .override_path
                .expect("partitioned on override_path");
            tera.add_raw_template(&template.name, &template.text)
                .map_err(|e| template_error(&path, &e))?;
            overrides.insert(template.name, path);
        }
        Ok(Templates { tera, overrides })
    }

    /// Renders template `name`; errors name the override file, or the
    /// built-in template.
    pub fn render(&self, name: &str, context: &Context) -> Result<String, Diagnostic> {
        self.tera.render(name, context).map_err(|e| {
            let file = self
                .overrides
                .get(name)
                .cloned()
                .unwrap_or_else(|| PathBuf::from("<built-in theme>/templates").join(name));
            template_error(&file, &e)
        })
    }

    /// Renders template `name` for a fragment every page repeats: a
    /// built-in template in lean markup (`lean.rs`, `trailing_li` as
    /// there); an author's override as written, since dropping the line
    /// breaks between its tags could join inline elements that the
    /// author's markup separates with them.
    pub fn render_shared(
        &self,
        name: &str,
        context: &Context,
        trailing_li: bool,
    ) -> Result<String, Diagnostic> {
        let html = self.render(name, context)?;
        if self.overrides.contains_key(name) {
            return Ok(html);
        }
        Ok(super::lean::lean(&html, trailing_li))
    }
}

/// A tera error with its whole cause chain (the useful part is usually last).
fn template_error(file: &Path, error: &tera::Error) -> Diagnostic {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    Diagnostic::error(file, format!("theme template error: {message}"))
        .with_rule(Rule::ThemeTemplate)
        .with_help(
            "theme templates use tera syntax (https://keats.github.io/tera/docs/); \
         remove the override to use the built-in template",
        )
}

/// A bare 404 page for when an overridden `not_found.html` fails to render.
pub fn fallback_not_found(problem: &Diagnostic) -> String {
    format!(
        "<!doctype html><meta charset=\"utf-8\"><title>Page not found</title>\
         <h1>Page not found</h1><p><a href=\"./\">Home</a></p><!-- {} -->",
        crate::html::escape(&problem.headline()).replace("--", "- -")
    )
}

//! The tera theme: built-in templates (overridable from the docs root) and page contexts.

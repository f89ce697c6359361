//! OpenAPI specs: loading (3.0/3.1, JSON/YAML), `$ref` resolution, endpoint views, code samples, lint.

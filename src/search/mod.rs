//! The offline search index: sharded files under `search/` that the browser loads on demand.

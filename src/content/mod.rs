//! Pages and navigation: discover pages, parse frontmatter, resolve the
//! navigation into an immutable [`Site`].

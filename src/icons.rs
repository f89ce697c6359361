//! Font Awesome icons, inlined as SVG so sites show them with no network.

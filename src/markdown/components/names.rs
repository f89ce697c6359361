//! The names of Mintlify's components sheaf renders: the list (for
//! "did you mean" help and the hosts JavaScript components may call) and
//! the dotted names that stand for one of them.

/// The components sheaf knows, for "did you mean" help.
pub(super) const KNOWN: &[&str] = &[
    "Note",
    "Warning",
    "Info",
    "Tip",
    "Check",
    "Danger",
    "Card",
    "CardGroup",
    "Columns",
    "Column",
    "Accordion",
    "AccordionGroup",
    "Steps",
    "Step",
    "Tabs",
    "Tab",
    "CodeGroup",
    "CodeBlock",
    "Frame",
    "Icon",
    "Tooltip",
    "Expandable",
    "ParamField",
    "ResponseField",
    "RequestExample",
    "ResponseExample",
    "Update",
    "Snippet",
    "Latex",
    "Mermaid",
    "Callout",
    "Badge",
    "Tree",
    "Tree.Folder",
    "Tree.File",
    "Color",
    "Color.Item",
    "Color.Row",
    "View",
    "Tile",
    "Banner",
    "Panel",
    "Prompt",
    "Stub",
];

/// The component a dotted name of Mintlify's components stands for
/// (`@mintlify/components` exposes `Tabs.Item`, `Steps.Item`,
/// `Accordion.Group`; pages also write `Tabs.Tab`); other names as they are.
pub(super) fn canonical_name(name: &str) -> &str {
    match name {
        "Tabs.Tab" | "Tabs.Item" => "Tab",
        "Steps.Item" | "Steps.Step" => "Step",
        "Accordion.Group" => "AccordionGroup",
        other => other,
    }
}

/// Dotted names of Mintlify's components beyond [`KNOWN`]'s, each with
/// the component it stands for, which JavaScript components may call.
pub(super) const DOTTED: &[&str] = &[
    "Tabs.Tab",
    "Tabs.Item",
    "Steps.Item",
    "Steps.Step",
    "Accordion.Group",
];

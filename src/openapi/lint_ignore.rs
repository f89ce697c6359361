//! `x-sheaf-lint-ignore`: an author acknowledges a lint finding in the spec,
//! so `sheaf check` can gate CI on the findings that are not
//! deliberate.
//!
//! ```yaml
//! paths:
//!   /api/user:
//!     get:
//!       x-sheaf-lint-ignore: [get-with-body]   # this operation only
//! x-sheaf-lint-ignore: [missing-summary]        # at the root: the whole spec
//! ```
//!
//! The value is a rule name or a list of them. `unresolved-ref` is
//! acknowledged at the root only (a `$ref` can sit anywhere). An unknown
//! name is a warning with a did-you-mean, so a typo never hides a finding
//! silently. The names are the sheaf-wide rule names ([`Rule::rule`]); a
//! spec the author cannot edit is silenced from `sheaf.toml` instead
//! (`[files."vendor.json"]`, `crate::rules::settings`).

use std::path::PathBuf;

use serde_json::Value;

use crate::diagnostics::{did_you_mean, Diagnostic};

/// The extension's key.
pub(crate) const EXTENSION: &str = "x-sheaf-lint-ignore";

/// A lint rule an author can acknowledge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rule {
    /// A GET or DELETE operation with a request body.
    GetWithBody,
    MissingSummary,
    DuplicateOperationId,
    /// An example that does not validate against its schema.
    ExampleMismatch,
    UnresolvedRef,
}

const RULES: [Rule; 5] = [
    Rule::GetWithBody,
    Rule::MissingSummary,
    Rule::DuplicateOperationId,
    Rule::ExampleMismatch,
    Rule::UnresolvedRef,
];

impl Rule {
    pub(crate) fn name(self) -> &'static str {
        self.rule().name()
    }

    /// The sheaf-wide rule of the same name (`crate::rules`).
    pub(crate) fn rule(self) -> crate::rules::Rule {
        use crate::rules::Rule as Named;
        match self {
            Rule::GetWithBody => Named::GetWithBody,
            Rule::MissingSummary => Named::MissingSummary,
            Rule::DuplicateOperationId => Named::DuplicateOperationId,
            Rule::ExampleMismatch => Named::ExampleMismatch,
            Rule::UnresolvedRef => Named::UnresolvedRef,
        }
    }

    fn named(name: &str) -> Option<Rule> {
        RULES.into_iter().find(|rule| rule.name() == name)
    }

    /// The sentence a finding's help ends with: how to acknowledge it.
    pub(crate) fn how_to_acknowledge(self) -> String {
        let place = match self {
            Rule::UnresolvedRef => "at the spec's top level",
            _ => "on the operation",
        };
        format!(
            "if this is deliberate, add `{EXTENSION}: [{}]` {place} \
             (for a spec you do not own: `{} = \"off\"` under its `[files.\"…\"]` in sheaf.toml)",
            self.name(),
            self.name()
        )
    }
}

/// The rules acknowledged where a finding is made.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Acknowledged {
    rules: Vec<Rule>,
}

impl Acknowledged {
    /// The rules `owner` (the spec root or an operation) acknowledges;
    /// unknown names and entries that are not text go to `problems`,
    /// reported at `at` (a JSON path) of `file`.
    pub(crate) fn read(
        owner: &Value,
        file: &str,
        at: &str,
        problems: &mut Vec<Diagnostic>,
    ) -> Acknowledged {
        let entries: Vec<&Value> = match owner.get(EXTENSION) {
            None => Vec::new(),
            Some(Value::Array(items)) => items.iter().collect(),
            Some(single) => vec![single],
        };
        let path = if at.is_empty() {
            EXTENSION.to_string()
        } else {
            format!("{at}.{EXTENSION}")
        };
        let mut rules = Vec::new();
        for entry in entries {
            match entry.as_str().map(|name| (name, Rule::named(name))) {
                Some((_, Some(rule))) => rules.push(rule),
                Some((name, None)) => problems.push(unknown_rule(file, &path, name)),
                None => problems.push(
                    Diagnostic::warning(
                        PathBuf::from(file),
                        format!("`{EXTENSION}` lists {entry}, which is not a rule name"),
                    )
                    .with_rule(crate::rules::Rule::UnknownRule)
                    .with_json_path(path.clone())
                    .with_help(known_rules_help()),
                ),
            }
        }
        Acknowledged { rules }
    }

    /// These rules and `more`'s.
    pub(crate) fn and(&self, more: Acknowledged) -> Acknowledged {
        let mut rules = self.rules.clone();
        rules.extend(more.rules);
        Acknowledged { rules }
    }

    pub(crate) fn has(&self, rule: Rule) -> bool {
        self.rules.contains(&rule)
    }
}

fn unknown_rule(file: &str, path: &str, name: &str) -> Diagnostic {
    let help = match did_you_mean(name, RULES.iter().map(|r| r.name())) {
        Some(guess) => format!("did you mean `{guess}`? {}", known_rules_help()),
        None => known_rules_help(),
    };
    Diagnostic::warning(
        PathBuf::from(file),
        format!(
            "`{EXTENSION}` names an unknown lint rule `{name}`; no finding is acknowledged by it"
        ),
    )
    .with_rule(crate::rules::Rule::UnknownRule)
    .with_json_path(path.to_string())
    .with_help(help)
}

fn known_rules_help() -> String {
    let names: Vec<&str> = RULES.iter().map(|r| r.name()).collect();
    format!("the rules are {}", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(owner: Value) -> (Acknowledged, Vec<Diagnostic>) {
        let mut problems = Vec::new();
        let found = Acknowledged::read(&owner, "api.yaml", "paths./a.get", &mut problems);
        (found, problems)
    }

    #[test]
    fn a_list_or_a_single_name() {
        let (list, problems) = read(json!({EXTENSION: ["get-with-body", "missing-summary"]}));
        assert!(problems.is_empty());
        assert!(list.has(Rule::GetWithBody) && list.has(Rule::MissingSummary));
        assert!(!list.has(Rule::ExampleMismatch));
        let (single, _) = read(json!({EXTENSION: "example-mismatch"}));
        assert!(single.has(Rule::ExampleMismatch));
        let (none, _) = read(json!({}));
        assert_eq!(none, Acknowledged::default());
        let both = list.and(single);
        assert!(both.has(Rule::GetWithBody) && both.has(Rule::ExampleMismatch));
    }

    #[test]
    fn unknown_names_warn_with_a_suggestion() {
        let (found, problems) = read(json!({EXTENSION: ["get-with-bdy", 3]}));
        assert_eq!(found, Acknowledged::default());
        assert_eq!(problems.len(), 2);
        assert!(problems[0]
            .message
            .contains("unknown lint rule `get-with-bdy`"));
        assert!(problems[0]
            .help
            .as_deref()
            .unwrap()
            .starts_with("did you mean `get-with-body`?"));
        assert_eq!(
            problems[0].json_path.as_deref(),
            Some("paths./a.get.x-sheaf-lint-ignore")
        );
        assert!(problems[1].message.contains("lists 3"));
    }
}

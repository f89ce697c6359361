//! How an endpoint authenticates, for the page, the code samples and the
//! Try-it form.
//!
//! site.json's `api.auth` wins (decisions.md: `bearer` sends
//! `Authorization: Bearer <input>`, `basic` sends base64 of `user:pass` with
//! field names from `auth.name` as `userName:passName`, `key` sends a header
//! named `auth.name` with `inputPrefix` prefilled). Without it the spec's
//! `security` requirement and `securitySchemes` decide (apiKey in header,
//! query or cookie; http bearer/basic; oauth2 and OpenID tokens as bearer).
//! An operation with `security: []` is public either way.

use serde::Serialize;
use serde_json::Value;

use super::store::{DocStore, Node};
use crate::config::{ApiAuth, AuthMethod};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AuthKind {
    #[default]
    None,
    Bearer,
    Basic,
    Key,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct AuthView {
    pub kind: AuthKind,
    /// `header`, `query` or `cookie`.
    pub location: String,
    /// The header, query or cookie name (`Authorization` for bearer/basic).
    pub name: String,
    /// Prefilled at the start of the credential input (`Token `).
    pub input_prefix: String,
    /// Labels of the two basic-auth inputs.
    pub user_label: String,
    pub pass_label: String,
    pub description_md: Option<String>,
}

impl AuthView {
    /// The credential as it goes on the wire, with `placeholder` standing for
    /// what the reader types (`Token <API_KEY>`, `Bearer <token>`).
    pub fn header_value(&self, placeholder: &str) -> String {
        match self.kind {
            AuthKind::Bearer => format!("Bearer {placeholder}"),
            AuthKind::Basic => format!("Basic {placeholder}"),
            _ => format!("{}{placeholder}", self.input_prefix),
        }
    }

    /// The placeholder used in code samples for this kind of credential.
    pub fn placeholder(&self) -> &'static str {
        match self.kind {
            AuthKind::Bearer => "<token>",
            AuthKind::Basic => "<base64 of username:password>",
            AuthKind::Key => "<API_KEY>",
            AuthKind::None => "",
        }
    }

    fn site(auth: &ApiAuth) -> Option<AuthView> {
        let method = auth.method?;
        let prefix = auth.input_prefix.clone().unwrap_or_default();
        let view = match method {
            AuthMethod::Bearer => header(AuthKind::Bearer, "Authorization", prefix),
            AuthMethod::Key => header(
                AuthKind::Key,
                auth.name.as_deref().unwrap_or("Authorization"),
                prefix,
            ),
            AuthMethod::Basic => {
                let names = auth.name.as_deref().unwrap_or("username:password");
                let (user, pass) = names.split_once(':').unwrap_or((names, "password"));
                AuthView {
                    user_label: user.to_string(),
                    pass_label: pass.to_string(),
                    ..header(AuthKind::Basic, "Authorization", prefix)
                }
            }
        };
        Some(view)
    }

    fn scheme(scheme: &Value) -> Option<AuthView> {
        let text = |key: &str| scheme.get(key).and_then(Value::as_str).unwrap_or("");
        let mut view = match (text("type"), text("scheme").to_ascii_lowercase().as_str()) {
            ("apiKey", _) => AuthView {
                location: text("in").to_string(),
                ..header(AuthKind::Key, text("name"), String::new())
            },
            ("http", "basic") => AuthView {
                user_label: "username".into(),
                pass_label: "password".into(),
                ..header(AuthKind::Basic, "Authorization", String::new())
            },
            ("http", _) | ("oauth2", _) | ("openIdConnect", _) => {
                header(AuthKind::Bearer, "Authorization", String::new())
            }
            _ => return None,
        };
        view.description_md = scheme
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_string);
        Some(view)
    }
}

/// The site-wide authentication of site.json `api.auth` (hand-written pages).
pub(crate) fn site_auth(auth: Option<&ApiAuth>) -> AuthView {
    auth.and_then(AuthView::site).unwrap_or_default()
}

fn header(kind: AuthKind, name: &str, input_prefix: String) -> AuthView {
    AuthView {
        kind,
        location: "header".into(),
        name: name.to_string(),
        input_prefix,
        ..AuthView::default()
    }
}

/// The authentication of one operation (`spec_root` is the spec document).
pub(crate) fn auth_for(
    store: &DocStore,
    spec_root: Node<'_>,
    operation: &Value,
    site_auth: Option<&ApiAuth>,
) -> AuthView {
    let requirement = operation
        .get("security")
        .or_else(|| spec_root.value.get("security"))
        .and_then(Value::as_array);
    if operation
        .get("security")
        .and_then(Value::as_array)
        .is_some_and(|list| list.is_empty())
    {
        return AuthView::default();
    }
    if let Some(view) = site_auth.and_then(AuthView::site) {
        return view;
    }
    let Some(first) = requirement
        .and_then(|list| list.first())
        .and_then(Value::as_object)
    else {
        return AuthView::default();
    };
    first
        .keys()
        .find_map(|name| {
            let scheme = spec_root
                .value
                .pointer(&format!("/components/securitySchemes/{name}"))?;
            let (target, _) = store
                .deref(Node {
                    doc: spec_root.doc,
                    value: scheme,
                })
                .ok()?;
            AuthView::scheme(target.value)
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openapi::source::Location;
    use crate::openapi::store::Document;
    use serde_json::json;

    fn auth(spec: Value, op: Value, site: Option<ApiAuth>) -> AuthView {
        let mut store = DocStore::default();
        store.add(Document {
            location: Location::File("/d/a.json".into()),
            name: "a.json".into(),
            value: spec,
        });
        auth_for(&store, store.root(0), &op, site.as_ref())
    }

    fn spec_with(scheme: Value) -> Value {
        json!({"security": [{"s": []}], "components": {"securitySchemes": {"s": scheme}}})
    }

    #[test]
    fn site_auth_methods() {
        let key = ApiAuth {
            method: Some(AuthMethod::Key),
            name: Some("Authorization".into()),
            input_prefix: Some("Token ".into()),
        };
        let view = auth(json!({}), json!({}), Some(key));
        assert_eq!(
            (view.kind, view.name.as_str()),
            (AuthKind::Key, "Authorization")
        );
        assert_eq!(view.header_value("<API_KEY>"), "Token <API_KEY>");
        let basic = ApiAuth {
            method: Some(AuthMethod::Basic),
            name: Some("email:secret".into()),
            input_prefix: None,
        };
        let view = auth(json!({}), json!({}), Some(basic));
        assert_eq!(
            (view.user_label.as_str(), view.pass_label.as_str()),
            ("email", "secret")
        );
        let bearer = ApiAuth {
            method: Some(AuthMethod::Bearer),
            ..ApiAuth::default()
        };
        assert_eq!(
            auth(json!({}), json!({}), Some(bearer)).header_value("t"),
            "Bearer t"
        );
    }

    #[test]
    fn spec_security_schemes() {
        let view = auth(
            spec_with(json!({"type": "apiKey", "in": "query", "name": "api_key"})),
            json!({}),
            None,
        );
        assert_eq!(
            (view.kind, view.location.as_str(), view.name.as_str()),
            (AuthKind::Key, "query", "api_key")
        );
        let view = auth(
            spec_with(json!({"type": "http", "scheme": "bearer"})),
            json!({}),
            None,
        );
        assert_eq!(view.kind, AuthKind::Bearer);
        let view = auth(
            spec_with(json!({"type": "http", "scheme": "basic"})),
            json!({}),
            None,
        );
        assert_eq!(view.kind, AuthKind::Basic);
    }

    #[test]
    fn empty_operation_security_means_public() {
        let view = auth(
            spec_with(json!({"type": "http", "scheme": "bearer"})),
            json!({"security": []}),
            None,
        );
        assert_eq!(view.kind, AuthKind::None);
    }
}

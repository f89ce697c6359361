//! The aside's example cards: the request (every code sample in a language
//! tab, highlighted, with a copy button; `playground.js` switches and
//! remembers the language) and the responses (a tab per status code and
//! media type, highlighted unless longer than 16 KB, an example given
//! again written once and named in the later tabs; the tabs are
//! `components.js`'s, like a `<ResponseExample>` written by hand).

use super::{esc, Html};

/// Response examples longer than this (in bytes) are shown as plain text:
/// highlighting wraps every token in a span, doubling a big example's
/// bytes (GitHub's project item examples: 67 KB each, five on a page) and
/// its build time, for little gain in a value the reader scrolls through.
const MAX_HIGHLIGHTED_EXAMPLE: usize = 16 * 1024;
use crate::openapi::view::{EndpointView, ExampleView, ResponseView};

impl Html<'_> {
    pub(super) fn request_card(&mut self, view: &EndpointView) {
        if view.code_samples.is_empty() {
            return;
        }
        let method = esc(&view.method);
        self.out.push_str(&format!(
            "<section id=\"request-example\" class=\"api-card api-request\" aria-label=\"Request example\"><div class=\"api-card-head\"><span class=\"method-badge\" data-method=\"{method}\">{method}</span> <code class=\"api-card-path\">{}</code></div>",
            esc(&view.path)
        ));
        self.out.push_str("<div class=\"code-tabs\" data-code-tabs><div class=\"code-tablist\" role=\"tablist\" aria-label=\"Code sample language\">");
        for (i, sample) in view.code_samples.iter().enumerate() {
            self.out.push_str(&format!(
                "<button type=\"button\" role=\"tab\" id=\"sample-tab-{i}\" aria-controls=\"sample-panel-{i}\" aria-selected=\"{}\" tabindex=\"{}\" data-lang=\"{}\">{}</button>",
                i == 0,
                if i == 0 { 0 } else { -1 },
                esc(&sample.lang),
                esc(&sample.label)
            ));
        }
        self.out.push_str("</div>");
        for (i, sample) in view.code_samples.iter().enumerate() {
            self.out.push_str(&format!(
                "<div class=\"code-panel\" role=\"tabpanel\" id=\"sample-panel-{i}\" aria-labelledby=\"sample-tab-{i}\" data-sample=\"{}\"{}><button type=\"button\" class=\"copy-button\" data-copy aria-label=\"Copy the {} sample\">Copy</button><pre class=hl><code class=language-{}>{}</code></pre></div>",
                esc(&sample.lang),
                if i == 0 { "" } else { " hidden" },
                esc(&sample.label),
                esc(&sample.lang),
                self.text.code(&sample.lang, &sample.code)
            ));
        }
        self.out.push_str("</div></section>");
    }

    pub(super) fn response_card(&mut self, view: &EndpointView) {
        let tabs: Vec<(String, &ExampleView)> = view
            .responses
            .iter()
            .flat_map(|r| r.examples.iter().map(move |e| (tab_label(r, e), e)))
            .collect();
        if tabs.is_empty() {
            return;
        }
        self.out.push_str("<section id=\"response-example\" class=\"api-card api-response\" aria-label=\"Response examples\"><div class=\"api-card-head\"><span class=\"api-card-title\">Response</span></div><div class=\"c-code-group\" data-tabs><div class=\"c-tablist\" hidden>");
        for (i, (label, _)) in tabs.iter().enumerate() {
            self.out.push_str(&format!(
                "<button type=\"button\" class=\"c-tab\" id=\"response-example-tab-{i}\" aria-controls=\"response-example-panel-{i}\" aria-selected=\"{}\" tabindex=\"{}\">{}</button>",
                i == 0,
                if i == 0 { 0 } else { -1 },
                esc(label)
            ));
        }
        self.out.push_str("</div>");
        for (i, (label, example)) in tabs.iter().enumerate() {
            let lang = example.lang();
            let same = tabs[..i].iter().position(|(_, e)| e.code == example.code);
            let code = match (same, example.code.len() > MAX_HIGHLIGHTED_EXAMPLE) {
                (Some(first), _) => {
                    self.same_example(i, label, first, &tabs[first].0);
                    continue;
                }
                (None, true) => esc(&example.code),
                (None, false) => self.text.code(lang, &example.code),
            };
            self.out.push_str(&format!(
                "<div class=\"c-tab-panel\" id=\"response-example-panel-{i}\" data-tab-label=\"{0}\"><div class=c-code data-lang={lang}><div class=c-code-header><span class=c-code-title>{0}</span></div><pre class=hl><code class=language-{lang}>{1}</code></pre></div></div>",
                esc(label),
                code
            ));
        }
        self.out.push_str("</div></section>");
    }
}

impl Html<'_> {
    /// The panel of an example written out already in an earlier tab:
    /// which one (GitHub's spec gives the same 48 KB example five times,
    /// under five names, for one response).
    fn same_example(&mut self, i: usize, label: &str, first: usize, first_label: &str) {
        self.out.push_str(&format!(
            "<div class=\"c-tab-panel\" id=\"response-example-panel-{i}\" data-tab-label=\"{0}\"><p class=example-same>{0}: the same example as <a href=\"#response-example-panel-{first}\">{1}</a>.</p></div>",
            esc(label),
            esc(first_label)
        ));
    }
}

/// A response example's tab: its status, with the example's name or media
/// type when the response has several.
fn tab_label(response: &ResponseView, example: &ExampleView) -> String {
    if response.examples.len() < 2 {
        return response.status.clone();
    }
    let which = example.name.as_deref().unwrap_or(&example.content_type);
    format!("{} · {which}", response.status)
}

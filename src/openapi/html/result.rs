//! The Try-it response box, filled by `playground.js` when an answer comes:
//! status (coloured by class), time, size, the headers as a list and the
//! body, pretty-printed and highlighted with the build's `hl-` classes.

use super::Html;

impl Html<'_> {
    pub(super) fn playground_result(&mut self) {
        self.out.push_str(concat!(
            "<div class=\"pg-result\" data-result aria-live=\"polite\" hidden>",
            "<div class=\"pg-result-head\"><p class=\"pg-status\"><span class=\"pg-status-code\" data-status></span></p>",
            "<dl class=\"pg-stats\"><div><dt>Time</dt><dd class=\"pg-time\" data-time></dd></div>",
            "<div><dt>Size</dt><dd class=\"pg-size\" data-size></dd></div></dl></div>",
            "<p class=\"pg-error\" data-error role=\"alert\" hidden></p>",
            "<details class=\"pg-headers\"><summary>Response headers <span class=\"pg-header-count\" data-header-count></span></summary>",
            "<dl class=\"pg-header-list\" data-headers></dl></details>",
            "<pre class=\"pg-response hl\"><code class=language-json data-response-body></code></pre>",
            "</div>"
        ));
    }
}

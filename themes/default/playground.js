/* Endpoint pages: base URL selector, code sample tabs, copy buttons and the
   Try-it form. Markup from src/openapi/html. No dependencies, no network
   except the request the reader sends.

   Storage: the base URL choice and the code language persist in
   localStorage; credentials live in sessionStorage unless the reader ticks
   "Remember on this device" (then localStorage).

   Under the preview server (`sheaf serve` defines window.SHEAF_PROXY, a URL
   path), every request goes through its proxy: POST {SHEAF_PROXY} with JSON
   {method, url, headers, body}, answered with JSON {status, headers, body,
   elapsed_ms}, or {error} with a 4xx/5xx status. The proxy sends what
   fetch() cannot (a body with GET) and needs no CORS headers from the API.
   It forwards only to the site's API base URLs; a URL it refuses is sent
   directly when fetch() can send it. A static site sends directly and says
   so honestly when the API's CORS rules block it.

   The base URL selector also rewrites the code samples (and the cURL
   command of the GET-with-body note): the server writes them for the first
   base URL, and the script swaps that text for the chosen one. */
(function () {
  "use strict";

  var BASE_KEY = "sheaf-base-url";
  var LANG_KEY = "sheaf-code-lang";
  var AUTH_KEY = "sheaf-auth:";

  function store(kind) {
    try {
      return kind === "local" ? window.localStorage : window.sessionStorage;
    } catch (e) {
      return null;
    }
  }

  function read(kind, key) {
    var s = store(kind);
    return s ? s.getItem(key) : null;
  }

  function write(kind, key, value) {
    var s = store(kind);
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  }

  /* The preview's proxy, unless the site turned it off (api.playground.proxy). */
  function proxyPath() {
    if (document.querySelector("[data-playground][data-no-proxy]")) return null;
    return typeof window.SHEAF_PROXY === "string" && window.SHEAF_PROXY ? window.SHEAF_PROXY : null;
  }

  /* ---- base URL ---- */

  function setupBaseUrl(root) {
    var select = root.querySelector("[data-base-url-select]");
    if (!select) return;
    // The samples as the server wrote them: for the first base URL.
    var shown = trimSlash(select.options[0].value);
    var follow = function () {
      var chosen = trimSlash(select.value);
      if (chosen === shown) return;
      root.querySelectorAll("[data-sample] pre, [data-no-proxy-note] pre").forEach(function (pre) {
        replaceText(pre, shown, chosen);
      });
      shown = chosen;
    };
    var saved = read("local", BASE_KEY);
    Array.prototype.forEach.call(select.options, function (option) {
      if (option.value === saved) select.value = saved;
    });
    follow();
    select.addEventListener("change", function () {
      write("local", BASE_KEY, select.value);
      follow();
    });
  }

  function trimSlash(url) {
    return url.replace(/\/+$/, "");
  }

  /* Replaces every `from` in the text of `element` by `to`, also where
     highlighting splits it over several spans: the first text node it
     touches gets `to`, the others lose their part. Matches are handled
     last to first, so the offsets of earlier ones stay valid. */
  function replaceText(element, from, to) {
    var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    var nodes = [];
    var text = "";
    while (walker.nextNode()) {
      nodes.push({ node: walker.currentNode, start: text.length, length: walker.currentNode.data.length });
      text += walker.currentNode.data;
    }
    var at = text.lastIndexOf(from);
    while (at !== -1) {
      spliceText(nodes, at, at + from.length, to);
      at = at === 0 ? -1 : text.lastIndexOf(from, at - 1);
    }
  }

  function spliceText(nodes, start, end, to) {
    var placed = false;
    nodes.forEach(function (entry) {
      var nodeEnd = entry.start + entry.length;
      if (nodeEnd <= start || entry.start >= end) return;
      var data = entry.node.data;
      var cutFrom = Math.max(start - entry.start, 0);
      var cutTo = Math.min(end, nodeEnd) - entry.start;
      entry.node.data = data.slice(0, cutFrom) + (placed ? "" : to) + data.slice(cutTo);
      placed = true;
    });
  }

  function baseUrl(root) {
    var select = root.querySelector("[data-base-url-select]");
    if (select) return select.value;
    var single = root.querySelector("[data-base-url]");
    return single ? single.getAttribute("data-base-url") : "";
  }

  /* ---- code tabs and copy buttons ---- */

  function selectTab(tabs, tab, remember) {
    tabs.querySelectorAll('[role="tab"]').forEach(function (t) {
      var on = t === tab;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
      var panel = document.getElementById(t.getAttribute("aria-controls"));
      if (panel) panel.hidden = !on;
    });
    if (remember) write("local", LANG_KEY, tab.getAttribute("data-lang"));
  }

  function setupTabs(tabs) {
    var list = Array.prototype.slice.call(tabs.querySelectorAll('[role="tab"]'));
    var saved = read("local", LANG_KEY);
    list.forEach(function (tab, i) {
      if (tab.getAttribute("data-lang") === saved) selectTab(tabs, tab, false);
      tab.addEventListener("click", function () {
        selectTab(tabs, tab, true);
      });
      tab.addEventListener("keydown", function (event) {
        var next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: list.length - 1 }[event.key];
        if (next === undefined) return;
        event.preventDefault();
        var target = list[(next + list.length) % list.length];
        selectTab(tabs, target, true);
        target.focus();
      });
    });
  }

  function setupCopy(button) {
    button.addEventListener("click", function () {
      var code = button.parentElement.querySelector("pre");
      var text = code ? code.textContent : "";
      var done = function (label) {
        button.textContent = label;
        setTimeout(function () {
          button.textContent = "Copy";
        }, 1500);
      };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(
          function () { done("Copied"); },
          function () { done("Press Ctrl+C"); }
        );
      } else {
        done("Press Ctrl+C");
      }
    });
  }

  /* ---- credentials ---- */

  function authKey(form) {
    return AUTH_KEY + form.getAttribute("data-auth-kind") + ":" + form.getAttribute("data-auth-name");
  }

  function authInputs(form) {
    return {
      single: form.querySelector("[data-auth-input]"),
      user: form.querySelector("[data-auth-user]"),
      pass: form.querySelector("[data-auth-pass]"),
      remember: form.querySelector("[data-remember]"),
    };
  }

  function restoreAuth(form) {
    var inputs = authInputs(form);
    var key = authKey(form);
    var fromLocal = read("local", key);
    var saved = read("session", key) || fromLocal;
    if (!saved) return;
    try {
      var value = JSON.parse(saved);
      if (inputs.single && value.single !== undefined) inputs.single.value = value.single;
      if (inputs.user && value.user !== undefined) inputs.user.value = value.user;
      if (inputs.pass && value.pass !== undefined) inputs.pass.value = value.pass;
      if (inputs.remember) inputs.remember.checked = !!fromLocal;
    } catch (e) {
      /* a corrupt entry is ignored */
    }
  }

  function saveAuth(form) {
    var inputs = authInputs(form);
    if (!inputs.single && !inputs.user) return;
    var value = JSON.stringify({
      single: inputs.single ? inputs.single.value : undefined,
      user: inputs.user ? inputs.user.value : undefined,
      pass: inputs.pass ? inputs.pass.value : undefined,
    });
    var remember = inputs.remember && inputs.remember.checked;
    write("session", authKey(form), value);
    write("local", authKey(form), remember ? value : null);
  }

  function base64(text) {
    var bytes = new TextEncoder().encode(text);
    var binary = "";
    bytes.forEach(function (b) { binary += String.fromCharCode(b); });
    return btoa(binary);
  }

  /* ---- building the request ---- */

  function buildRequest(root, form) {
    var method = root.getAttribute("data-method");
    var path = root.getAttribute("data-path");
    var query = [];
    var headers = {};
    form.querySelectorAll("[data-param]").forEach(function (input) {
      var name = input.getAttribute("data-name");
      var value = paramValue(input);
      var location = input.getAttribute("data-location");
      if (location === "path") {
        path = path.split("{" + name + "}").join(encodeURIComponent(value));
      } else if (value !== "") {
        if (location === "query") query.push([name, value]);
        else if (location === "header") headers[name] = value;
        else if (location === "cookie") headers.Cookie = (headers.Cookie ? headers.Cookie + "; " : "") + name + "=" + value;
      }
    });
    addAuth(form, headers, query);
    var bodyInput = form.querySelector("[data-body]");
    var body = bodyInput && bodyInput.value.trim() !== "" ? bodyInput.value : null;
    if (body !== null) headers["Content-Type"] = bodyInput.getAttribute("data-content-type");
    var search = query.map(function (pair) {
      return encodeURIComponent(pair[0]) + "=" + encodeURIComponent(pair[1]);
    }).join("&");
    return {
      method: method,
      url: baseUrl(root).replace(/\/$/, "") + path + (search ? "?" + search : ""),
      headers: headers,
      body: body,
    };
  }

  /* A toggle (boolean) sends "true" when on; off, "false" if the
     parameter is required, else nothing. */
  function paramValue(input) {
    if (input.type !== "checkbox") return input.value;
    if (input.checked) return "true";
    return input.required ? "false" : "";
  }

  /* The first required parameter left empty, if any. */
  function missingParam(form) {
    var inputs = form.querySelectorAll("[data-param][required]");
    for (var i = 0; i < inputs.length; i++) {
      if (inputs[i].type !== "checkbox" && inputs[i].value === "") return inputs[i];
    }
    return null;
  }

  function addAuth(form, headers, query) {
    var kind = form.getAttribute("data-auth-kind");
    var name = form.getAttribute("data-auth-name");
    var location = form.getAttribute("data-auth-location");
    var inputs = authInputs(form);
    if (kind === "basic") {
      if (inputs.user.value || inputs.pass.value) {
        headers.Authorization = "Basic " + base64(inputs.user.value + ":" + inputs.pass.value);
      }
      return;
    }
    if (!inputs.single || inputs.single.value === "") return;
    var value = kind === "bearer" ? "Bearer " + inputs.single.value : inputs.single.value;
    if (location === "query") query.push([name, value]);
    else if (location === "cookie") headers.Cookie = name + "=" + value;
    else headers[name] = value;
  }

  function bodyError(request) {
    if (request.body === null || !/json/.test(request.headers["Content-Type"] || "")) return null;
    try {
      JSON.parse(request.body);
      return null;
    } catch (e) {
      return "The body is not valid JSON: " + e.message;
    }
  }

  /* ---- sending ---- */

  function fetchCannotSend(request) {
    return request.body !== null && /^(GET|HEAD)$/.test(request.method);
  }

  /* Under the preview, every request goes through its proxy. */
  function send(request) {
    var proxy = proxyPath();
    if (!proxy) return sendDirectly(request);
    return fetch(proxy, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (response.ok) {
          return {
            status: answer.status,
            statusText: "",
            headers: answer.headers || {},
            body: answer.body || "",
            elapsed: answer.elapsed_ms,
          };
        }
        // A URL outside the site's API base URLs: the proxy refuses it.
        if (response.status === 403 && !fetchCannotSend(request)) return sendDirectly(request);
        throw new ProxyError(answer.error || "The preview server's proxy answered " + response.status + ".");
      });
    });
  }

  function ProxyError(message) {
    this.name = "ProxyError";
    this.message = message;
  }

  function sendDirectly(request) {
    var started = performance.now();
    var init = { method: request.method, headers: request.headers };
    if (request.body !== null) init.body = request.body;
    return fetch(request.url, init).then(function (response) {
      var headers = {};
      response.headers.forEach(function (value, key) { headers[key] = value; });
      return response.text().then(function (text) {
        return {
          status: response.status,
          statusText: response.statusText,
          headers: headers,
          body: text,
          elapsed: Math.round(performance.now() - started),
        };
      });
    });
  }

  /* ---- the response: status, time, size, headers, highlighted body ---- */

  // JSON tokens, classed as the build's highlighter classes JSON
  // (src/markdown/highlight/tokens.rs): keys and literals hl-n, strings hl-s.
  var JSON_TOKEN = /("(?:[^"\\\n]|\\.)*")(\s*:)?|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\b(?:true|false|null)\b/g;
  // Larger bodies are shown as plain text: thousands of spans slow the page.
  var HIGHLIGHT_LIMIT = 200000;

  function prettyJson(text) {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch (e) {
      return null;
    }
  }

  function span(className, text) {
    var element = document.createElement("span");
    element.className = className;
    element.textContent = text;
    return element;
  }

  // Fills `code` with the tokens of pretty-printed JSON `text` (DOM nodes,
  // never HTML: the body is the API's, not ours).
  function highlightJson(code, text) {
    var last = 0;
    var match;
    JSON_TOKEN.lastIndex = 0;
    while ((match = JSON_TOKEN.exec(text)) !== null) {
      if (match.index > last) code.appendChild(document.createTextNode(text.slice(last, match.index)));
      if (match[1] !== undefined) {
        code.appendChild(span(match[2] !== undefined ? "hl-n" : "hl-s", match[1]));
        if (match[2]) code.appendChild(document.createTextNode(match[2]));
      } else {
        code.appendChild(span("hl-n", match[0]));
      }
      last = JSON_TOKEN.lastIndex;
    }
    if (last < text.length) code.appendChild(document.createTextNode(text.slice(last)));
  }

  function showBody(section, text) {
    var code = section.querySelector("[data-response-body]");
    var json = prettyJson(text);
    code.textContent = "";
    code.className = json !== null ? "language-json" : "language-text";
    if (json !== null && json.length <= HIGHLIGHT_LIMIT) highlightJson(code, json);
    else code.textContent = json !== null ? json : text;
  }

  function byteSize(text) {
    var bytes = new TextEncoder().encode(text).length;
    if (bytes < 1024) return bytes + " B";
    if (bytes < 1024 * 1024) return (bytes / 1024).toFixed(1) + " KB";
    return (bytes / 1024 / 1024).toFixed(1) + " MB";
  }

  function showHeaders(section, headers) {
    var list = section.querySelector("[data-headers]");
    var names = Object.keys(headers).sort();
    list.textContent = "";
    names.forEach(function (name) {
      var term = document.createElement("dt");
      term.textContent = name;
      var value = document.createElement("dd");
      value.textContent = headers[name];
      list.appendChild(term);
      list.appendChild(value);
    });
    var count = section.querySelector("[data-header-count]");
    if (count) count.textContent = "(" + names.length + ")";
  }

  function showResult(section, result) {
    var box = section.querySelector("[data-result]");
    box.hidden = false;
    section.querySelector("[data-error]").hidden = true;
    var status = section.querySelector("[data-status]");
    status.textContent = result.status + (result.statusText ? " " + result.statusText : "");
    status.setAttribute("data-status-class", String(result.status).charAt(0) + "xx");
    section.querySelector("[data-time]").textContent = result.elapsed !== undefined ? result.elapsed + " ms" : "";
    showResponseParts(section, true);
    section.querySelector("[data-size]").textContent = byteSize(result.body);
    showHeaders(section, result.headers);
    showBody(section, result.body);
    box.scrollIntoView({ block: "nearest" });
  }

  function showError(section, message) {
    var box = section.querySelector("[data-result]");
    box.hidden = false;
    section.querySelector("[data-status]").textContent = "";
    section.querySelector("[data-time]").textContent = "";
    section.querySelector("[data-size]").textContent = "";
    section.querySelector("[data-headers]").textContent = "";
    section.querySelector("[data-response-body]").textContent = "";
    showResponseParts(section, false);
    var error = section.querySelector("[data-error]");
    error.hidden = false;
    error.textContent = message;
  }

  /* The response headers and body boxes: shown with a response, never
     empty beside an error. */
  function showResponseParts(section, shown) {
    var headers = section.querySelector("[data-headers]");
    var body = section.querySelector("[data-response-body]");
    [headers && headers.closest("details"), body && body.closest("pre")].forEach(function (part) {
      if (part) part.hidden = !shown;
    });
  }

  function origin(url) {
    try {
      return new URL(url, window.location.href).origin;
    } catch (e) {
      return url;
    }
  }

  function networkMessage(request, error) {
    if (error && error.name === "TypeError" && proxyPath()) {
      return "The request did not get through: the preview server (sheaf serve) stopped, or the API at " +
        origin(request.url) + " is unreachable.";
    }
    if (error && error.name === "TypeError") {
      return "The browser blocked the request: the API at " + origin(request.url) +
        " did not allow requests from this page (CORS) or is unreachable. " +
        "Use the cURL command in the code samples to call it from a terminal.";
    }
    return error && error.message ? error.message : String(error);
  }

  /* ---- the form ---- */

  function setupPlayground(root, section) {
    var form = section.querySelector("[data-playground-form]");
    if (!form) return;
    restoreAuth(form);
    var button = form.querySelector("[data-send]");
    var note = form.querySelector("[data-no-proxy-note]");
    var blocked = section.getAttribute("data-body-needs-proxy") === "true" && !proxyPath();
    if (note) note.hidden = !blocked;
    if (blocked && button) {
      button.disabled = true;
      button.setAttribute("title", "Browsers cannot send a body with " + root.getAttribute("data-method"));
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      saveAuth(form);
      var request = buildRequest(root, form);
      if (request.body !== null && /^(GET|HEAD)$/.test(request.method) && !proxyPath()) {
        return showError(section, "Browsers cannot send a body with a " + request.method +
          " request, so this page cannot send it. Run the cURL command shown above instead.");
      }
      var missing = missingParam(form);
      if (missing) {
        missing.focus();
        return showError(section, "Fill in the required parameter " + missing.getAttribute("data-name") + ".");
      }
      var invalid = bodyError(request);
      if (invalid) return showError(section, invalid);
      if (!request.url || /^\//.test(request.url)) {
        return showError(section, "This endpoint has no base URL to send the request to.");
      }
      button.disabled = true;
      button.textContent = "Sending…";
      send(request)
        .then(function (result) { showResult(section, result); })
        .catch(function (error) { showError(section, networkMessage(request, error)); })
        .then(function () {
          button.disabled = false;
          button.textContent = "Send request";
        });
    });
  }

  function init() {
    document.querySelectorAll("[data-endpoint]").forEach(function (root) {
      setupBaseUrl(root);
      root.querySelectorAll("[data-code-tabs]").forEach(setupTabs);
      root.querySelectorAll("[data-copy]").forEach(setupCopy);
      root.querySelectorAll("[data-playground]").forEach(function (section) {
        setupPlayground(root, section);
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();

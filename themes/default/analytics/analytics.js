/* sheaf: the site's analytics and chat integrations (docs.json
 * `integrations`). The settings come from the page's JSON block
 * #sheaf-analytics (data, never code); each provider's documented loader is
 * built here from them. With `cookies: {key, value}` nothing loads until
 * local storage holds that value under that key: checked on load, when
 * another tab changes it, and every half second on this page, so the
 * integrations start on the page where the reader consents. */
(function () {
  "use strict";
  var block = document.getElementById("sheaf-analytics");
  if (!block) return;
  var config;
  try { config = JSON.parse(block.textContent); } catch (e) { return; }
  var w = window, d = document, started = false;

  function enc(value) { return encodeURIComponent(value); }

  function load(src, attributes, onload) {
    var s = d.createElement("script");
    s.async = true;
    s.src = src;
    Object.keys(attributes || {}).forEach(function (name) { s.setAttribute(name, attributes[name]); });
    if (onload) s.onload = onload;
    d.head.appendChild(s);
  }

  /* A function that queues its calls in `name.q` until the provider's
   * script replaces it (Clarity, Hotjar). */
  function queued(name) {
    w[name] = w[name] || function () { (w[name].q = w[name].q || []).push(arguments); };
  }

  /* An array that records calls to `methods` until the library replays
   * them (Segment, Hightouch). */
  function recorder(name, methods) {
    var r = w[name] = w[name] || [];
    methods.forEach(function (m) {
      r[m] = r[m] || function () { var a = [].slice.call(arguments); a.unshift(m); r.push(a); return r; };
    });
    return r;
  }

  var TRACKING = ["track", "page", "identify", "group", "alias", "reset", "ready", "on", "once", "off", "screen"];

  var loaders = {
    adobe: function (o) { load(o.launchUrl); },
    amplitude: function (o) {
      load("https://cdn.amplitude.com/script/" + enc(o.apiKey) + ".js", {}, function () {
        if (w.amplitude && w.amplitude.init) w.amplitude.init(o.apiKey, { autocapture: true });
      });
    },
    clarity: function (o) { queued("clarity"); load("https://www.clarity.ms/tag/" + enc(o.projectId)); },
    clearbit: function (o) { load("https://tag.clearbitscripts.com/v1/" + enc(o.publicApiKey) + "/tags.js", { referrerpolicy: "strict-origin-when-cross-origin" }); },
    fathom: function (o) { load("https://cdn.usefathom.com/script.js", { "data-site": o.siteId }); },
    frontchat: function (o) {
      load("https://chat-assets.frontapp.com/v1/chat.bundle.js", {}, function () {
        if (w.FrontChat) w.FrontChat("init", { chatId: o.snippetId, useDefaultLauncher: true });
      });
    },
    ga4: function (o) {
      w.dataLayer = w.dataLayer || [];
      w.gtag = w.gtag || function () { w.dataLayer.push(arguments); };
      w.gtag("js", new Date());
      w.gtag("config", o.measurementId);
      load("https://www.googletagmanager.com/gtag/js?id=" + enc(o.measurementId));
    },
    gtm: function (o) {
      w.dataLayer = w.dataLayer || [];
      w.dataLayer.push({ "gtm.start": new Date().getTime(), event: "gtm.js" });
      load("https://www.googletagmanager.com/gtm.js?id=" + enc(o.tagId));
    },
    heap: function (o) {
      var h = recorder("heap", ["addEventProperties", "addUserProperties", "clearEventProperties", "identify", "resetIdentity", "removeEventProperty", "setEventProperties", "track", "unsetEventProperty"]);
      h.appid = o.appId;
      h.config = {};
      load("https://cdn.heapanalytics.com/js/heap-" + enc(o.appId) + ".js");
    },
    hightouch: function (o) {
      var h = recorder("htevents", TRACKING);
      h._writeKey = o.writeKey;
      h._loadOptions = o.apiHost ? { apiHost: o.apiHost.replace(/^https:\/\//, "") } : {};
      h.page();
      load("https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js");
    },
    hotjar: function (o) {
      queued("hj");
      w._hjSettings = { hjid: Number(o.hjid), hjsv: Number(o.hjsv || 6) };
      load("https://static.hotjar.com/c/hotjar-" + enc(o.hjid) + ".js?sv=" + enc(o.hjsv || "6"));
    },
    intercom: function (o) {
      w.intercomSettings = { app_id: o.appId };
      var i = function () { i.c(arguments); };
      i.q = [];
      i.c = function (args) { i.q.push(args); };
      w.Intercom = w.Intercom || i;
      load("https://widget.intercom.io/widget/" + enc(o.appId));
    },
    koala: function (o) {
      var k = recorder("ko", ["identify", "track", "removeListeners", "on", "off", "qualify", "ready"]);
      k.ready = k.ready || function () {};
      load("https://cdn.getkoala.com/v1/" + enc(o.publicApiKey) + "/sdk.js");
    },
    logrocket: function (o) {
      load("https://cdn.lr-ingest.com/LogRocket.min.js", { crossorigin: "anonymous" }, function () {
        if (w.LogRocket) w.LogRocket.init(o.appId);
      });
    },
    mixpanel: function (o) {
      /* The library reads instances to create from the `_i` list. */
      w.mixpanel = w.mixpanel || { __SV: 1.2, _i: [] };
      w.mixpanel._i.push([o.projectToken, { track_pageview: true }, "mixpanel"]);
      load("https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js");
    },
    pirsch: function (o) { load("https://api.pirsch.io/pa.js", { id: "pianjs", "data-code": o.id }); },
    plausible: function (o) {
      load((o.server || "https://plausible.io") + "/js/script.js", { "data-domain": o.domain });
    },
    posthog: function (o) {
      var api = o.apiHost || "https://us.i.posthog.com";
      var p = recorder("posthog", ["capture", "identify", "register", "reset", "opt_out_capturing", "opt_in_capturing"]);
      p._i = p._i || [];
      p._i.push([o.apiKey, { api_host: api, disable_session_recording: o.sessionRecording === false }, "posthog"]);
      p.__SV = 1;
      load(api.replace(".i.posthog.com", "-assets.i.posthog.com") + "/static/array.js");
    },
    segment: function (o) {
      var a = recorder("analytics", TRACKING);
      a._writeKey = o.key;
      a.page();
      load("https://cdn.segment.com/analytics.js/v1/" + enc(o.key) + "/analytics.min.js");
    }
  };

  function start() {
    if (started) return;
    started = true;
    (config.providers || []).forEach(function (entry) {
      var loader = loaders[entry[0]];
      try { if (loader) loader(entry[1]); } catch (e) { /* one provider never stops the others */ }
    });
  }

  var consent = config.consent;
  function consented() {
    try { return localStorage.getItem(consent.key) === consent.value; } catch (e) { return false; }
  }
  if (!consent || consented()) { start(); return; }
  var timer = setInterval(check, 500);
  function check() {
    if (!consented()) return;
    clearInterval(timer);
    w.removeEventListener("storage", check);
    start();
  }
  w.addEventListener("storage", check);
})();

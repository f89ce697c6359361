// The browser globals of sheaf's build-time sandbox (see globals.rs for the
// list, and what is left out and why). Called with the page's world: the two
// halves of its seed and the build's time in ms. Nothing here reads a clock,
// the environment or anything outside the sandbox.
(function (seedHigh, seedLow, now, href) {
  "use strict";
  const G = globalThis;
  const hidden = (object, name, value) =>
    Object.defineProperty(object, name, { value, writable: true, configurable: true, enumerable: false });
  const domError = (message, name) => new DOMException(message, name);

  // ---- Date: the build's time, UTC as the local time ---------------------

  const RealDate = Date;
  const proto = RealDate.prototype;
  // A string without a zone is the local time QuickJS reads in the machine's
  // zone: read it in UTC instead (date-only ISO strings already are).
  const HAS_ZONE = /(Z|[+-]\d\d:?\d\d|GMT|UTC)\s*(\([^)]*\))?\s*$/i;
  const DATE_ONLY = /^[+-]?\d{4,6}(-\d\d(-\d\d)?)?$/;
  function parse(text) {
    text = String(text).trim();
    const time = RealDate.parse(text);
    if (Number.isNaN(time) || HAS_ZONE.test(text) || DATE_ONLY.test(text)) return time;
    return time - new RealDate(time).getTimezoneOffset() * 60000;
  }
  function SheafDate(...args) {
    if (!new.target) return new SheafDate(now).toString();
    let value;
    if (args.length === 0) value = [now];
    else if (args.length === 1) value = typeof args[0] === "string" ? [parse(args[0])] : args;
    else value = [RealDate.UTC(...args)];
    return Reflect.construct(RealDate, value, new.target);
  }
  Object.defineProperty(SheafDate, "length", { value: 7 });
  SheafDate.prototype = proto;
  hidden(proto, "constructor", SheafDate);
  hidden(SheafDate, "now", () => now);
  hidden(SheafDate, "parse", parse);
  hidden(SheafDate, "UTC", RealDate.UTC);
  for (const part of ["FullYear", "Month", "Date", "Day", "Hours", "Minutes", "Seconds", "Milliseconds"]) {
    hidden(proto, "get" + part, proto["getUTC" + part]);
    if (part !== "Day") hidden(proto, "set" + part, proto["setUTC" + part]);
  }
  hidden(proto, "getYear", function () { return this.getUTCFullYear() - 1900; });
  hidden(proto, "getTimezoneOffset", function () { return Number.isNaN(this.getTime()) ? NaN : 0; });
  // "Tue Jan 02 2018", "23:40:40 GMT+0000 (Coordinated Universal Time)"
  const utcParts = (date) => {
    const [weekday, day, month, year, time] = proto.toUTCString.call(date).replace(",", "").split(" ");
    return { date: weekday + " " + month + " " + day + " " + year, time: time + " GMT+0000 (Coordinated Universal Time)" };
  };
  const invalidOr = (fn) => function () {
    return Number.isNaN(this.getTime()) ? "Invalid Date" : fn(utcParts(this));
  };
  hidden(proto, "toString", invalidOr((p) => p.date + " " + p.time));
  hidden(proto, "toDateString", invalidOr((p) => p.date));
  hidden(proto, "toTimeString", invalidOr((p) => p.time));
  G.Date = SheafDate;
  G.performance = { now: () => 0, timeOrigin: now, mark() {}, measure() {} };

  // ---- Math.random and crypto: one seeded generator ----------------------

  // xoshiro128**, its state filled by splitmix32 from the seed.
  let mix = (seedHigh ^ Math.imul(seedLow, 0x9e3779b9)) >>> 0;
  const splitmix = () => {
    mix = (mix + 0x9e3779b9) >>> 0;
    let z = mix;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  const s = [splitmix() ^ seedHigh, splitmix() ^ seedLow, splitmix(), splitmix()];
  function next32() {
    const result = Math.imul(rotl(Math.imul(s[1], 5), 7), 9) >>> 0;
    const t = s[1] << 9;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t;
    s[3] = rotl(s[3], 11);
    return result;
  }
  function rotl(x, k) { return (x << k) | (x >>> (32 - k)); }
  hidden(Math, "random", () => ((next32() >>> 5) * 67108864 + (next32() >>> 6)) / 9007199254740992);

  const INTEGER_ARRAYS = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array,
    Uint32Array, BigInt64Array, BigUint64Array];
  const crypto = {
    getRandomValues(array) {
      if (!INTEGER_ARRAYS.some((type) => array instanceof type)) {
        throw domError("The array must be an integer typed array", "TypeMismatchError");
      }
      if (array.byteLength > 65536) throw domError("At most 65536 bytes at a time", "QuotaExceededError");
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i++) bytes[i] = next32() & 0xff;
      return array;
    },
    randomUUID() {
      const b = crypto.getRandomValues(new Uint8Array(16));
      b[6] = (b[6] & 0x0f) | 0x40;
      b[8] = (b[8] & 0x3f) | 0x80;
      const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
      return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
    },
  };
  G.crypto = crypto;

  // ---- Timers, microtasks, console -----------------------------------------

  // Server rendering is over before any timer would fire: they never do.
  let nextTimer = 1;
  const schedule = () => nextTimer++;
  const clear = () => {};
  Object.assign(G, { setTimeout: schedule, setInterval: schedule, clearTimeout: clear, clearInterval: clear });
  const console = {};
  for (const name of ["log", "info", "warn", "error", "debug", "trace", "dir", "dirxml", "table", "group",
    "groupCollapsed", "groupEnd", "time", "timeEnd", "timeLog", "count", "countReset", "assert", "clear"]) {
    console[name] = () => {};
  }
  G.console = console;

  // ---- Bytes and text ----------------------------------------------------

  // UTF-8 bytes of a string; a lone surrogate becomes U+FFFD.
  function utf8(text) {
    const out = [];
    for (const ch of String(text)) {
      let c = ch.codePointAt(0);
      if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return out;
  }

  // The WHATWG UTF-8 decoder: each maximal bad sequence is one U+FFFD (or a
  // TypeError when fatal).
  function fromUtf8(bytes, fatal) {
    let out = "", needed = 0, seen = 0, code = 0, lower = 0x80, upper = 0xbf;
    const bad = () => {
      if (fatal) throw new TypeError("The encoded data was not valid UTF-8");
      out += "\ufffd";
    };
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (needed === 0) {
        if (b < 0x80) out += String.fromCharCode(b);
        else if (b >= 0xc2 && b <= 0xdf) { needed = 1; code = b & 0x1f; }
        else if (b >= 0xe0 && b <= 0xef) {
          if (b === 0xe0) lower = 0xa0;
          if (b === 0xed) upper = 0x9f;
          needed = 2; code = b & 0xf;
        } else if (b >= 0xf0 && b <= 0xf4) {
          if (b === 0xf0) lower = 0x90;
          if (b === 0xf4) upper = 0x8f;
          needed = 3; code = b & 0x7;
        } else bad();
        continue;
      }
      if (b < lower || b > upper) {
        needed = seen = 0; lower = 0x80; upper = 0xbf;
        bad();
        i--;
        continue;
      }
      lower = 0x80; upper = 0xbf;
      code = (code << 6) | (b & 0x3f);
      if (++seen === needed) {
        out += String.fromCodePoint(code);
        needed = seen = 0;
      }
    }
    if (needed) bad();
    return out;
  }

  function bytesOf(input) {
    if (input === undefined) return new Uint8Array(0);
    if (input instanceof ArrayBuffer) return new Uint8Array(input);
    if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    throw new TypeError("The input must be an ArrayBuffer or a view of one");
  }

  class TextEncoder {
    get encoding() { return "utf-8"; }
    encode(text = "") { return new Uint8Array(utf8(text)); }
    encodeInto(text, into) {
      let read = 0, written = 0;
      for (const ch of String(text)) {
        const bytes = utf8(ch);
        if (written + bytes.length > into.length) break;
        into.set(bytes, written);
        written += bytes.length;
        read += ch.length;
      }
      return { read, written };
    }
  }

  const UTF8_LABELS = ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"];
  class TextDecoder {
    #fatal; #ignoreBOM;
    constructor(label = "utf-8", options = {}) {
      if (!UTF8_LABELS.includes(String(label).trim().toLowerCase())) {
        throw new RangeError("sheaf's build-time TextDecoder reads UTF-8 only, not " + label);
      }
      this.#fatal = Boolean(options.fatal);
      this.#ignoreBOM = Boolean(options.ignoreBOM);
    }
    get encoding() { return "utf-8"; }
    get fatal() { return this.#fatal; }
    get ignoreBOM() { return this.#ignoreBOM; }
    decode(input) {
      let bytes = bytesOf(input);
      if (!this.#ignoreBOM && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
      return fromUtf8(bytes, this.#fatal);
    }
  }
  Object.assign(G, { TextEncoder, TextDecoder });

  const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  G.btoa = function btoa(text) {
    text = String(text);
    if (/[^\0-\xff]/.test(text)) throw domError("The string to encode contains characters outside Latin1", "InvalidCharacterError");
    let out = "";
    for (let i = 0; i < text.length; i += 3) {
      const [a, b, c] = [0, 1, 2].map((k) => text.charCodeAt(i + k));
      const n = (a << 16) | ((b || 0) << 8) | (c || 0);
      out += BASE64[n >> 18] + BASE64[(n >> 12) & 63];
      out += Number.isNaN(b) ? "==" : BASE64[(n >> 6) & 63] + (Number.isNaN(c) ? "=" : BASE64[n & 63]);
    }
    return out;
  };
  G.atob = function atob(data) {
    let text = String(data).replace(/[\t\n\f\r ]/g, "");
    if (text.length % 4 === 0) text = text.replace(/==?$/, "");
    if (text.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(text)) {
      throw domError("The string to decode is not correctly encoded", "InvalidCharacterError");
    }
    let out = "", bits = 0, count = 0;
    for (const ch of text) {
      bits = (bits << 6) | BASE64.indexOf(ch);
      count += 6;
      if (count >= 8) {
        count -= 8;
        out += String.fromCharCode((bits >> count) & 0xff);
      }
    }
    return out;
  };

  // ---- structuredClone -----------------------------------------------------

  const ERRORS = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  G.structuredClone = function structuredClone(value) {
    const seen = new Map();
    const cloneOf = (v) => {
      if (typeof v === "symbol" || typeof v === "function") throw domError(String(v) + " could not be cloned", "DataCloneError");
      if (typeof v !== "object" || v === null) return v;
      if (seen.has(v)) return seen.get(v);
      const keep = (copy) => (seen.set(v, copy), copy);
      if (v instanceof RealDate) return keep(new SheafDate(v.getTime()));
      if (v instanceof RegExp) return keep(new RegExp(v.source, v.flags));
      if (v instanceof ArrayBuffer) return keep(v.slice(0));
      if (ArrayBuffer.isView(v)) {
        const buffer = cloneOf(v.buffer);
        return keep(new v.constructor(buffer, v.byteOffset, v instanceof DataView ? v.byteLength : v.length));
      }
      if (v instanceof Boolean || v instanceof Number || v instanceof String) return keep(Object(v.valueOf()));
      if (v instanceof Map) {
        const copy = keep(new Map());
        v.forEach((item, key) => copy.set(cloneOf(key), cloneOf(item)));
        return copy;
      }
      if (v instanceof Set) {
        const copy = keep(new Set());
        v.forEach((item) => copy.add(cloneOf(item)));
        return copy;
      }
      if (v instanceof Error) {
        const Type = ERRORS[v.name] || Error;
        const copy = keep(new Type(v.message));
        if ("stack" in v) copy.stack = v.stack;
        return copy;
      }
      if (v instanceof WeakMap || v instanceof WeakSet || v instanceof Promise) {
        throw domError(Object.prototype.toString.call(v) + " could not be cloned", "DataCloneError");
      }
      const copy = keep(Array.isArray(v) ? new Array(v.length) : {});
      for (const key of Object.keys(v)) copy[key] = cloneOf(v[key]);
      return copy;
    };
    return cloneOf(value);
  };

  // ---- URL and URLSearchParams ---------------------------------------------

  const urlParse = G.__sheaf_url_parse;
  const urlSet = G.__sheaf_url_set;
  delete G.__sheaf_url_parse;
  delete G.__sheaf_url_set;
  const PARTS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

  // application/x-www-form-urlencoded, as the URL standard reads and writes it.
  function percentDecode(text) {
    const bytes = [];
    for (let i = 0; i < text.length; i++) {
      const hex = text.slice(i + 1, i + 3);
      if (text[i] === "%" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...utf8(text[i] + (/[\ud800-\udbff]/.test(text[i]) ? text[++i] || "" : "")));
    }
    return fromUtf8(bytes, false);
  }
  function formParse(text) {
    const list = [];
    for (const piece of text.split("&")) {
      if (!piece) continue;
      const at = piece.includes("=") ? piece.indexOf("=") : piece.length;
      const read = (part) => percentDecode(part.replace(/\+/g, " "));
      list.push([read(piece.slice(0, at)), read(piece.slice(at + 1))]);
    }
    return list;
  }
  function formEncode(text) {
    let out = "";
    for (const b of utf8(text)) {
      const c = String.fromCharCode(b);
      if (b === 0x20) out += "+";
      else if (/[*\-._0-9A-Za-z]/.test(c)) out += c;
      else out += "%" + b.toString(16).toUpperCase().padStart(2, "0");
    }
    return out;
  }

  const owners = new WeakMap(); // URLSearchParams → its URL's update
  class URLSearchParams {
    #list = [];
    constructor(init = "") {
      if (init instanceof URLSearchParams) this.#list = [...init];
      else if (typeof init === "object" && init !== null && typeof init[Symbol.iterator] === "function") {
        for (const pair of init) {
          const entry = [...pair];
          if (entry.length !== 2) throw new TypeError("Each URLSearchParams pair must have two items");
          this.#list.push([String(entry[0]), String(entry[1])]);
        }
      } else if (typeof init === "object" && init !== null) {
        for (const key of Object.keys(init)) this.#list.push([key, String(init[key])]);
      } else this.#list = formParse(String(init).replace(/^\?/, ""));
    }
    #changed() {
      const update = owners.get(this);
      if (update) update(this.toString());
    }
    _replace(text) { this.#list = formParse(text.replace(/^\?/, "")); }
    get size() { return this.#list.length; }
    append(name, value) { this.#list.push([String(name), String(value)]); this.#changed(); }
    delete(name, value) {
      const matches = ([n, v]) => n === String(name) && (value === undefined || v === String(value));
      this.#list = this.#list.filter((pair) => !matches(pair));
      this.#changed();
    }
    get(name) {
      const found = this.#list.find(([n]) => n === String(name));
      return found ? found[1] : null;
    }
    getAll(name) { return this.#list.filter(([n]) => n === String(name)).map(([, v]) => v); }
    has(name, value) {
      return this.#list.some(([n, v]) => n === String(name) && (value === undefined || v === String(value)));
    }
    set(name, value) {
      name = String(name);
      const at = this.#list.findIndex(([n]) => n === name);
      if (at < 0) this.#list.push([name, String(value)]);
      else this.#list = this.#list.filter(([n], i) => n !== name || i === at).map((pair, i) => (i === at ? [name, String(value)] : pair));
      this.#changed();
    }
    sort() {
      this.#list = this.#list.map((pair, i) => [pair, i])
        .sort(([a, i], [b, j]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : i - j)).map(([pair]) => pair);
      this.#changed();
    }
    forEach(fn, self) { for (const [name, value] of this.#list) fn.call(self, value, name, this); }
    keys() { return this.#list.map(([n]) => n)[Symbol.iterator](); }
    values() { return this.#list.map(([, v]) => v)[Symbol.iterator](); }
    entries() { return this.#list.map((pair) => [...pair])[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
    toString() { return this.#list.map(([n, v]) => formEncode(n) + "=" + formEncode(v)).join("&"); }
    get [Symbol.toStringTag]() { return "URLSearchParams"; }
  }
  hidden(URLSearchParams.prototype, "_replace", URLSearchParams.prototype._replace);

  const urls = new WeakMap(); // URL → { parts, params }
  const stateOf = (url) => {
    const state = urls.get(url);
    if (!state) throw new TypeError("Illegal invocation: not a URL");
    return state;
  };
  const setPart = (state, name, value) => {
    state.parts = urlSet(state.parts[0], name, value) || state.parts;
  };
  const parseArgs = (url, base) => urlParse(String(url), base === undefined ? null : String(base));
  class URL {
    constructor(url, base) {
      const parts = parseArgs(url, base);
      if (!parts) throw new TypeError("Invalid URL: " + url);
      urls.set(this, { parts, params: null });
    }
    static canParse(url, base) { return Boolean(parseArgs(url, base)); }
    static parse(url, base) {
      try { return new URL(url, base); } catch { return null; }
    }
    get searchParams() {
      const state = stateOf(this);
      if (!state.params) {
        state.params = new URLSearchParams(state.parts[9]);
        owners.set(state.params, (query) => setPart(state, "search", query));
      }
      return state.params;
    }
    toString() { return stateOf(this).parts[0]; }
    toJSON() { return stateOf(this).parts[0]; }
    get [Symbol.toStringTag]() { return "URL"; }
  }
  PARTS.forEach((name, index) => {
    const access = { get() { return stateOf(this).parts[index]; }, configurable: true, enumerable: true };
    if (name !== "origin") {
      access.set = function (value) {
        const state = stateOf(this);
        setPart(state, name, String(value));
        if (state.params) state.params._replace(state.parts[9]);
      };
    }
    Object.defineProperty(URL.prototype, name, access);
  });
  G.URL = URL;
  G.URLSearchParams = URLSearchParams;

  // ---- The reader's browser, as far as rendering reads it ----------------
  // The page's own URL, and inert stand-ins that say the same every build.

  const page = new URL(href);
  const location = {};
  for (const name of PARTS) location[name] = page[name];
  location.ancestorOrigins = [];
  for (const name of ["assign", "replace", "reload"]) hidden(location, name, () => {});
  hidden(location, "toString", () => page.href);
  const storage = () => {
    const items = new Map();
    return {
      getItem: (key) => (items.has(String(key)) ? items.get(String(key)) : null),
      setItem: (key, value) => void items.set(String(key), String(value)),
      removeItem: (key) => void items.delete(String(key)),
      clear: () => items.clear(),
      key: (index) => [...items.keys()][index] ?? null,
      get length() { return items.size; },
    };
  };
  const never = () => {};
  const media = (query) => ({
    matches: false, media: String(query), onchange: null,
    addListener: never, removeListener: never,
    addEventListener: never, removeEventListener: never, dispatchEvent: () => false,
  });
  const browser = {
    window: G, self: G, location,
    navigator: {
      userAgent: "", language: "en-US", languages: ["en-US"], platform: "", vendor: "",
      onLine: true, cookieEnabled: false, hardwareConcurrency: 1, maxTouchPoints: 0,
    },
    localStorage: storage(), sessionStorage: storage(), matchMedia: media,
    innerWidth: 1280, innerHeight: 800, outerWidth: 1280, outerHeight: 800,
    devicePixelRatio: 1, scrollX: 0, scrollY: 0, pageXOffset: 0, pageYOffset: 0,
    addEventListener: never, removeEventListener: never, dispatchEvent: () => true,
    requestAnimationFrame: () => 0, cancelAnimationFrame: never,
    scrollTo: never, scroll: never, open: () => null,
  };
  for (const [name, value] of Object.entries(browser)) hidden(G, name, value);
})

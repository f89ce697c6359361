// Intl for sheaf's build-time sandbox (QuickJS has none): number and date
// formatting as browsers do it, in UTC, from the small tables below.
// - Numbers: every locale of NUMBERS (its separators, grouping, percent and
//   currency placement); other locales read as en-US. Styles decimal,
//   percent, currency (symbols as en-US writes them, code, English names),
//   unit (the unit's name after the number); fraction, significant and
//   integer digits, grouping, signDisplay, compact notation (English
//   abbreviations), rounding half away from zero on the shortest decimal.
// - Dates: English names (en-US, en-GB and other en-*), numeric dates and
//   24-hour times in the order and separators of DATES' locales; asking
//   those for month or weekday names gives en-US. dateStyle, timeStyle and
//   the component options; every date in UTC (timeZone is always "UTC").
// - Number/Date toLocale*String route here; PluralRules and ListFormat
//   follow English rules.
(function () {
  "use strict";
  const G = globalThis;

  // ---- Locales -------------------------------------------------------------

  const NBSP = "\u00a0", NNBSP = "\u202f";
  // group, decimal, percent, currency ("¤" the symbol, "#" the number, "-"
  // where a minus goes when not first), minimum grouping digits, minus.
  const NUMBERS = {
    en: [",", ".", "#%", "¤#"], "en-IN": [",", ".", "#%", "¤#", 1, "-", 2], hi: [",", ".", "#%", "¤#", 1, "-", 2],
    ja: [",", ".", "#%", "¤#"], zh: [",", ".", "#%", "¤#"], ko: [",", ".", "#%", "¤#"],
    de: [".", ",", "#" + NBSP + "%", "#" + NBSP + "¤"], "de-AT": [NBSP, ",", "#" + NBSP + "%", "¤" + NBSP + "#"],
    "de-CH": ["'", ".", "#%", "¤" + NBSP + "#"], fr: [NNBSP, ",", "#" + NBSP + "%", "#" + NBSP + "¤"],
    "fr-CH": [NNBSP, ".", "#%", "#" + NBSP + "¤"], es: [".", ",", "#" + NBSP + "%", "#" + NBSP + "¤", 2],
    "es-MX": [",", ".", "#%", "¤#"], "es-US": [",", ".", "#" + NBSP + "%", "¤#"],
    it: [".", ",", "#%", "#" + NBSP + "¤", 2], nl: [".", ",", "#%", "¤" + NBSP + "-#"],
    pt: [".", ",", "#%", "¤" + NBSP + "#"], "pt-PT": [NBSP, ",", "#%", "#" + NBSP + "¤", 2],
    ru: [NBSP, ",", "#" + NBSP + "%", "#" + NBSP + "¤"], uk: [NBSP, ",", "#%", "#" + NBSP + "¤"],
    pl: [NBSP, ",", "#%", "#" + NBSP + "¤", 2], cs: [NBSP, ",", "#" + NBSP + "%", "#" + NBSP + "¤"],
    sv: [NBSP, ",", "#" + NBSP + "%", "#" + NBSP + "¤", 1, "\u2212"], nb: [NBSP, ",", "#" + NBSP + "%", "#" + NBSP + "¤", 1, "\u2212"],
    fi: [NBSP, ",", "#" + NBSP + "%", "#" + NBSP + "¤", 1, "\u2212"], da: [".", ",", "#" + NBSP + "%", "#" + NBSP + "¤"],
    tr: [".", ",", "%#", "¤#"], id: [".", ",", "#%", "¤#"], vi: [".", ",", "#%", "#" + NBSP + "¤"],
  };
  // Numeric date pattern, short dateStyle, date–time separator, hour.
  const DATES = {
    "en-US": ["M/d/y", "M/d/yy", ", ", "h"], "en-GB": ["dd/MM/y", "dd/MM/y", ", ", "HH"],
    de: ["d.M.y", "dd.MM.yy", ", ", "HH"], fr: ["dd/MM/y", "dd/MM/y", " ", "HH"], es: ["d/M/y", "d/M/yy", ", ", "H"],
    it: ["dd/MM/y", "dd/MM/yy", ", ", "HH"], nl: ["d-M-y", "dd-MM-y", ", ", "HH"], pt: ["dd/MM/y", "dd/MM/y", ", ", "HH"],
    ru: ["dd.MM.y", "dd.MM.y", ", ", "HH"], pl: ["d.MM.y", "d.MM.y", ", ", "HH"], ja: ["y/M/d", "y/MM/dd", " ", "H"],
    zh: ["y/M/d", "y/M/d", " ", "HH"], sv: ["y-MM-dd", "y-MM-dd", " ", "HH"],
  };

  function canonical(tag) {
    const parts = String(tag).replace(/_/g, "-").split("-");
    if (!/^[A-Za-z]{2,3}$/.test(parts[0])) throw new RangeError("Incorrect locale information provided: " + tag);
    return parts.map((p, i) => (i === 0 ? p.toLowerCase() : p.length === 2 ? p.toUpperCase() : p.length === 4 ? p[0].toUpperCase() + p.slice(1).toLowerCase() : p.toLowerCase())).join("-");
  }
  const requested = (locales) =>
    (locales === undefined ? [] : typeof locales === "string" ? [locales] : Array.from(locales)).map(canonical);
  // The first requested locale `table` knows (by tag, then language and
  // region, then language): [tag, its entry]; en-US otherwise.
  function pick(locales, table, fallback) {
    for (const tag of requested(locales)) {
      const parts = tag.split("-");
      const lang = parts[0], region = parts.find((p, i) => i > 0 && p.length === 2);
      for (const key of [tag, region ? lang + "-" + region : null, lang]) if (key && table[key]) return [tag, table[key]];
    }
    return ["en-US", table[fallback]];
  }

  // ---- Numbers ---------------------------------------------------------------

  // A non-negative finite number as decimal digits: 0.DIGITS × 10^point.
  function decimal(x) {
    if (x === 0) return { digits: "", point: 0 };
    const [mantissa, exponent] = x.toExponential().split("e");
    return { digits: mantissa.replace(".", "").replace(/0+$/, ""), point: Number(exponent) + 1 };
  }
  // Rounded half away from zero to `keep` digits.
  function roundTo(d, keep) {
    if (keep < 0) return { digits: "", point: 0 };
    if (d.digits.length <= keep) return d;
    const arr = d.digits.slice(0, keep).split("");
    let point = d.point;
    if (d.digits[keep] >= "5") {
      let i = arr.length - 1;
      while (i >= 0 && arr[i] === "9") arr[i--] = "0";
      if (i < 0) { arr.unshift("1"); point++; } else arr[i] = String(Number(arr[i]) + 1);
    }
    const digits = arr.join("").replace(/0+$/, "");
    return { digits, point: digits ? point : 0 };
  }
  function group(int, data, how) {
    const [sep, , , , minGrouping = 1, , secondary = 3] = data;
    const min = how === "min2" ? 2 : how === "always" ? 1 : minGrouping;
    if (!how || int.length < 3 + min) return int;
    let out = int.slice(-3), rest = int.slice(0, -3);
    while (rest.length > secondary) {
      out = rest.slice(-secondary) + sep + out;
      rest = rest.slice(0, -secondary);
    }
    return rest ? rest + sep + out : out;
  }

  const CURRENCY_DIGITS = { JPY: 0, KRW: 0, VND: 0, CLP: 0, ISK: 0, UGX: 0, PYG: 0, BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3 };
  const SYMBOLS = { USD: "$", EUR: "€", GBP: "£", JPY: "¥", CNY: "CN¥", INR: "₹", CAD: "CA$", AUD: "A$", KRW: "₩",
    BRL: "R$", MXN: "MX$", NZD: "NZ$", HKD: "HK$", TWD: "NT$", ILS: "₪", VND: "₫", PHP: "₱", XAF: "FCFA" };
  const NARROW = { CAD: "$", AUD: "$", MXN: "$", NZD: "$", HKD: "$", TWD: "$", CNY: "¥", RUB: "₽", UAH: "₴",
    TRY: "₺", PLN: "zł", NGN: "₦", THB: "฿", KZT: "₸", CHF: "CHF", SEK: "kr", NOK: "kr", DKK: "kr" };
  const NAMES = { USD: "US dollars", EUR: "euros", GBP: "British pounds", JPY: "Japanese yen", CNY: "Chinese yuan",
    INR: "Indian rupees", CAD: "Canadian dollars", AUD: "Australian dollars", CHF: "Swiss francs", BRL: "Brazilian reals",
    MXN: "Mexican pesos", KRW: "South Korean won" };
  // Exponent, label (en-US, en-GB), long label.
  const COMPACT = [[12, "T", "tn", " trillion"], [9, "B", "bn", " billion"], [6, "M", "m", " million"], [3, "K", "k", " thousand"]];

  const option = (options, name, allowed, fallback) => {
    const value = options[name];
    if (value === undefined) return fallback;
    if (allowed && !allowed.includes(String(value))) throw new RangeError("Value " + value + " out of range for Intl option " + name);
    return allowed ? String(value) : value;
  };
  const digitsOption = (options, name, min, max, fallback) => {
    const value = options[name];
    if (value === undefined) return fallback;
    const n = Math.floor(Number(value));
    if (!(n >= min && n <= max)) throw new RangeError(name + " value is out of range.");
    return n;
  };

  class NumberFormat {
    #o; #data;
    constructor(locales, options = {}) {
      options = Object(options);
      const [locale, data] = pick(locales, NUMBERS, "en");
      const style = option(options, "style", ["decimal", "percent", "currency", "unit"], "decimal");
      const currency = style === "currency" ? String(option(options, "currency", null, "")).toUpperCase() : undefined;
      if (style === "currency" && !/^[A-Z]{3}$/.test(currency)) throw new TypeError("Currency code is required with currency style.");
      const notation = option(options, "notation", ["standard", "scientific", "engineering", "compact"], "standard");
      const currencyDigits = currency in CURRENCY_DIGITS ? CURRENCY_DIGITS[currency] : 2;
      const [minDefault, maxDefault] = style === "currency" && notation !== "compact" ? [currencyDigits, currencyDigits]
        : style === "percent" ? [0, 0] : [0, notation === "compact" ? 0 : 3];
      let minFD = digitsOption(options, "minimumFractionDigits", 0, 100, undefined);
      let maxFD = digitsOption(options, "maximumFractionDigits", 0, 100, undefined);
      if (minFD === undefined) minFD = Math.min(minDefault, maxFD === undefined ? minDefault : maxFD);
      if (maxFD === undefined) maxFD = Math.max(maxDefault, minFD);
      if (minFD > maxFD) throw new RangeError("maximumFractionDigits value is out of range.");
      const significant = options.minimumSignificantDigits !== undefined || options.maximumSignificantDigits !== undefined;
      const minSD = digitsOption(options, "minimumSignificantDigits", 1, 21, 1);
      const maxSD = digitsOption(options, "maximumSignificantDigits", minSD, 21, 21);
      let grouping = options.useGrouping === undefined ? (notation === "compact" ? "min2" : "auto") : options.useGrouping;
      grouping = grouping === true ? "always" : grouping === false || grouping === "false" ? false : String(grouping);
      this.#data = data;
      this.#o = {
        locale, numberingSystem: "latn", style, currency, unit: style === "unit" ? String(options.unit) : undefined,
        currencyDisplay: option(options, "currencyDisplay", ["symbol", "narrowSymbol", "code", "name"], "symbol"),
        unitDisplay: option(options, "unitDisplay", ["short", "narrow", "long"], "short"),
        minimumIntegerDigits: digitsOption(options, "minimumIntegerDigits", 1, 21, 1),
        minimumFractionDigits: minFD, maximumFractionDigits: maxFD,
        minimumSignificantDigits: significant ? minSD : undefined, maximumSignificantDigits: significant ? maxSD : undefined,
        explicitDigits: significant || options.minimumFractionDigits !== undefined || options.maximumFractionDigits !== undefined,
        useGrouping: grouping, notation,
        compactDisplay: option(options, "compactDisplay", ["short", "long"], "short"),
        signDisplay: option(options, "signDisplay", ["auto", "never", "always", "exceptZero", "negative"], "auto"),
      };
    }
    static supportedLocalesOf(locales) { return requested(locales).filter((t) => pick(t, NUMBERS, "en")[0] === t); }
    resolvedOptions() {
      const o = Object.assign({}, this.#o);
      delete o.explicitDigits;
      for (const key of Object.keys(o)) if (o[key] === undefined) delete o[key];
      return o;
    }
    get format() { return (value) => this.#format(value); }
    formatToParts(value) { return [{ type: "literal", value: this.#format(value) }]; }
    #format(value) {
      const o = this.#o, data = this.#data;
      let x = typeof value === "bigint" ? value : Number(value);
      const negative = typeof x === "bigint" ? x < 0n : x < 0 || Object.is(x, -0);
      if (typeof x === "bigint") x = negative ? -x : x;
      else x = Math.abs(x);
      let text, suffix = "";
      if (typeof x === "number" && Number.isNaN(x)) text = "NaN";
      else if (x === Infinity) text = "∞";
      else {
        let d = typeof x === "bigint" ? { digits: String(x).replace(/0+$/, ""), point: String(x).length } : decimal(x);
        if (x === 0n) d = { digits: "", point: 0 };
        if (o.style === "percent") d = { digits: d.digits, point: d.point + 2 };
        if (o.notation === "compact" && d.digits) [d, suffix] = this.#compact(d);
        text = this.#digits(d);
      }
      const zero = /^[0.,\s]*$/.test(text.replace(/[^0-9.,]/g, "")) && !/[1-9]/.test(text);
      const minus = data[5] || "-";
      const sign = { auto: negative ? minus : "", never: "", always: negative ? minus : "+",
        exceptZero: zero ? "" : negative ? minus : "+", negative: negative && !zero ? minus : "" }[o.signDisplay];
      return this.#place(text + suffix, sign);
    }
    // The number in its unit (K, M, …) and the unit's label; rounded (to
    // whole units from 100 up, else two digits) unless digits were asked.
    #compact(d) {
      const round = (x) => (this.#o.explicitDigits ? x : roundTo(x, Math.max(x.point, 2)));
      let i = COMPACT.findIndex(([exponent]) => d.point > exponent);
      if (i < 0) return [round(d), ""];
      let scaled = round({ digits: d.digits, point: d.point - COMPACT[i][0] });
      if (scaled.point > 3 && i > 0) {
        scaled = { digits: scaled.digits, point: scaled.point - 3 };
        i--;
      }
      const british = /^en-(GB|IE)\b/.test(this.#o.locale);
      return [scaled, this.#o.compactDisplay === "long" ? COMPACT[i][3] : COMPACT[i][british ? 2 : 1]];
    }
    #digits(d) {
      const o = this.#o, data = this.#data;
      let minFD = o.minimumFractionDigits;
      if (o.maximumSignificantDigits !== undefined) {
        d = roundTo(d, o.maximumSignificantDigits);
        minFD = Math.max(0, o.minimumSignificantDigits - (d.digits ? d.point : 1));
      } else if (!(o.notation === "compact" && !o.explicitDigits)) d = roundTo(d, d.point + o.maximumFractionDigits);
      let int = d.point > 0 ? d.digits.slice(0, d.point).padEnd(d.point, "0") : "0";
      let frac = d.point >= 0 ? d.digits.slice(d.point) : "0".repeat(-d.point) + d.digits;
      frac = frac.padEnd(minFD, "0");
      int = int.padStart(o.minimumIntegerDigits, "0");
      if (int.length > 1) int = int.replace(/^0+(?=\d)/, "").padStart(o.minimumIntegerDigits, "0");
      return group(int, data, o.useGrouping) + (frac ? data[1] + frac : "");
    }
    #place(number, sign) {
      const o = this.#o, data = this.#data;
      if (o.style === "percent") return sign + data[2].replace("#", number);
      if (o.style === "unit") return sign + number + (o.unitDisplay === "narrow" ? "" : " ") + o.unit;
      if (o.style !== "currency") return sign + number;
      const code = o.currency;
      if (o.currencyDisplay === "name") return sign + number + " " + (NAMES[code] || code);
      let symbol = o.currencyDisplay === "code" ? code
        : o.currencyDisplay === "narrowSymbol" ? NARROW[code] || SYMBOLS[code] || code : SYMBOLS[code] || code;
      let pattern = data[3];
      if (pattern.startsWith("¤#") && /\p{L}$/u.test(symbol)) pattern = "¤" + NBSP + "#";
      if (pattern.includes("-")) return pattern.replace("¤", symbol).replace("-", sign).replace("#", number);
      return sign + pattern.replace("¤", symbol).replace("#", number);
    }
  }

  // ---- Dates ---------------------------------------------------------------

  const MONTHS = "January February March April May June July August September October November December".split(" ");
  const DAYS = "Sunday Monday Tuesday Wednesday Thursday Friday Saturday".split(" ");
  const two = (n) => String(n).padStart(2, "0");
  const nameOf = (names, i, form, british) =>
    form === "long" ? names[i] : form === "short" ? (british && names[i] === "September" ? "Sept" : names[i].slice(0, 3)) : names[i][0];
  const FIELDS = ["weekday", "era", "year", "month", "day", "dayPeriod", "hour", "minute", "second", "fractionalSecondDigits", "timeZoneName"];
  const STYLES = ["full", "long", "medium", "short"];

  class DateTimeFormat {
    #o; #data; #english;
    constructor(locales, options = {}, defaults = "date") {
      options = Object(options);
      const o = { calendar: "gregory", numberingSystem: "latn", timeZone: "UTC" };
      for (const name of FIELDS) if (options[name] !== undefined) o[name] = String(options[name]);
      if (options.fractionalSecondDigits !== undefined) o.fractionalSecondDigits = Number(options.fractionalSecondDigits);
      o.dateStyle = option(options, "dateStyle", STYLES, undefined);
      o.timeStyle = option(options, "timeStyle", STYLES, undefined);
      const given = FIELDS.some((name) => o[name] !== undefined);
      if ((o.dateStyle || o.timeStyle) && given) throw new TypeError("Can't set option " + FIELDS.find((n) => o[n] !== undefined) + " when dateStyle or timeStyle is used");
      if (!given && !o.dateStyle && !o.timeStyle) {
        if (defaults !== "time") Object.assign(o, { year: "numeric", month: "numeric", day: "numeric" });
        if (defaults !== "date") Object.assign(o, { hour: "numeric", minute: "numeric", second: "numeric" });
      }
      const named = o.weekday || ["long", "short", "narrow"].includes(o.month) || ["full", "long", "medium"].includes(o.dateStyle);
      let [locale, data] = pick(locales, DATES, "en-US");
      const lang = locale.split("-")[0];
      this.#english = lang === "en";
      if (this.#english && data === DATES["en-US"] && locale !== "en-US" && !/-(US|PH|CA)$/.test(locale) && locale !== "en") data = DATES["en-GB"];
      if (named && !this.#english) [locale, data, this.#english] = ["en-US", DATES["en-US"], true];
      const h12 = options.hour12 !== undefined ? Boolean(options.hour12)
        : options.hourCycle !== undefined ? /h1[12]/.test(options.hourCycle) : data[3] === "h";
      if (o.hour || o.timeStyle) o.hourCycle = h12 ? "h12" : "h23";
      if (o.hour || o.timeStyle) o.hour12 = h12;
      // ICU writes an hour asked as numeric without its zero when hour12 is false.
      if (options.hour12 === false && data[3] === "HH") data = Object.assign([], data, { 3: "H" });
      o.locale = locale;
      this.#o = o;
      this.#data = data;
    }
    static supportedLocalesOf(locales) { return requested(locales).filter((t) => pick(t, DATES, "en-US")[0] === t); }
    resolvedOptions() {
      const o = Object.assign({}, this.#o);
      for (const key of Object.keys(o)) if (o[key] === undefined) delete o[key];
      return o;
    }
    get format() { return (date) => this.#format(date); }
    formatToParts(date) { return [{ type: "literal", value: this.#format(date) }]; }
    formatRange(a, b) { return this.#format(a) + " – " + this.#format(b); }
    #format(date) {
      const time = date === undefined ? Date.now() : typeof date === "object" && date !== null ? Number(date.getTime ? date.getTime() : date) : Number(date);
      if (!Number.isFinite(time) || Math.abs(time) > 8.64e15) throw new RangeError("Invalid time value");
      const d = new Date(time), o = this.#o;
      const parts = {
        year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), weekday: d.getUTCDay(),
        hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), ms: d.getUTCMilliseconds(),
      };
      let dateText, timeText, textMonth = false;
      if (o.dateStyle || o.timeStyle) {
        const style = STYLES.indexOf(o.dateStyle);
        if (o.dateStyle) {
          const shape = [{ weekday: "long", month: "long" }, { month: "long" }, { month: "short" }, null][style];
          dateText = shape ? this.#namedDate(parts, Object.assign({ year: "numeric", day: "numeric" }, shape)) : this.#numericDate(parts, null, true);
          textMonth = style <= 1;
        }
        if (o.timeStyle) {
          const t = STYLES.indexOf(o.timeStyle);
          timeText = this.#time(parts, { hour: "numeric", minute: "2-digit", second: t <= 2 ? "2-digit" : undefined,
            timeZoneName: t === 0 ? "long" : t === 1 ? "short" : undefined });
        }
      } else {
        const hasDate = o.weekday || o.year || o.month || o.day;
        if (hasDate) {
          textMonth = ["long", "short", "narrow"].includes(o.month);
          dateText = textMonth || (o.weekday && !o.year && !o.month && !o.day) ? this.#namedDate(parts, o) : this.#numericDate(parts, o, false);
          textMonth = textMonth && o.month === "long";
        }
        if (o.hour || o.minute || o.second || o.fractionalSecondDigits) timeText = this.#time(parts, o);
        else if (o.timeZoneName) dateText += ", " + (o.timeZoneName === "long" ? "Coordinated Universal Time" : "UTC");
      }
      if (dateText === undefined) return timeText;
      if (timeText === undefined) return dateText;
      return dateText + (textMonth && this.#english ? " at " : this.#data[2]) + timeText;
    }
    // "Tuesday, January 2, 2018" (en-US) or "Tuesday, 2 January 2018".
    #namedDate(p, o) {
      const us = this.#data === DATES["en-US"];
      const weekday = o.weekday ? nameOf(DAYS, p.weekday, o.weekday) : "";
      const month = o.month ? (["numeric", "2-digit"].includes(o.month) ? String(p.month + 1) : nameOf(MONTHS, p.month, o.month, !us)) : "";
      const day = o.day ? (o.day === "2-digit" ? two(p.day) : String(p.day)) : "";
      const year = o.year ? (o.year === "2-digit" ? two(p.year % 100) : String(p.year)) : "";
      let text;
      if (us) text = [month, day].filter(Boolean).join(" ") + (year ? (day ? ", " : " ") + year : "");
      else text = [day, month, year].filter(Boolean).join(" ");
      text = text.trim();
      if (!weekday) return text;
      if (!text) return weekday;
      return weekday + (!us && !o.year ? " " : ", ") + text;
    }
    #numericDate(p, o, short) {
      const pattern = short ? this.#data[1] : this.#data[0];
      const want = o ? { y: o.year, M: o.month, d: o.day } : { y: "numeric", M: "numeric", d: "numeric" };
      const tokens = pattern.split(/[^yMd]+/), seps = pattern.match(/[^yMd]+/g) || [];
      const kept = [];
      tokens.forEach((token, i) => {
        const kind = token[0], form = want[kind];
        if (!form) return;
        const value = kind === "y" ? p.year : kind === "M" ? p.month + 1 : p.day;
        let text = kind === "y" ? (form === "2-digit" || token === "yy" ? two(value % 100) : String(value))
          : form === "2-digit" || token.length === 2 ? two(value) : String(value);
        kept.push([text, seps[i] || seps[i - 1] || "/"]);
      });
      let text = kept.map(([t, sep], i) => t + (i < kept.length - 1 ? sep : "")).join("");
      if (o && o.weekday) text = nameOf(DAYS, p.weekday, o.weekday) + (this.#data === DATES["en-US"] ? ", " : " ") + text;
      return text;
    }
    #time(p, o) {
      const h12 = this.#o.hour12;
      let text = "";
      if (o.hour) {
        const hour = h12 ? p.hour % 12 || 12 : p.hour;
        text = o.hour === "2-digit" || (!h12 && this.#data[3] === "HH") ? two(hour) : String(hour);
      }
      if (o.minute) text += (text ? ":" : "") + (o.hour || o.minute === "2-digit" ? two(p.minute) : String(p.minute));
      if (o.second) text += (text ? ":" : "") + (o.minute || o.second === "2-digit" ? two(p.second) : String(p.second));
      if (o.fractionalSecondDigits) text += "." + String(p.ms).padStart(3, "0").slice(0, o.fractionalSecondDigits);
      if (o.hour && h12) text += " " + (p.hour < 12 ? "AM" : "PM");
      if (o.timeZoneName) text += " " + (o.timeZoneName === "long" ? "Coordinated Universal Time" : "UTC");
      return text;
    }
  }

  // ---- Plurals and lists (English rules) -------------------------------------

  class PluralRules {
    #type;
    constructor(locales, options = {}) { this.#type = option(Object(options), "type", ["cardinal", "ordinal"], "cardinal"); }
    select(n) {
      n = Math.abs(Number(n));
      if (this.#type === "cardinal") return n === 1 ? "one" : "other";
      const ten = n % 10, hundred = n % 100;
      if (ten === 1 && hundred !== 11) return "one";
      if (ten === 2 && hundred !== 12) return "two";
      if (ten === 3 && hundred !== 13) return "few";
      return "other";
    }
    resolvedOptions() { return { locale: "en-US", type: this.#type }; }
    static supportedLocalesOf(locales) { return requested(locales).filter((t) => t.startsWith("en")); }
  }

  class ListFormat {
    #word; #style;
    constructor(locales, options = {}) {
      options = Object(options);
      this.#word = option(options, "type", ["conjunction", "disjunction", "unit"], "conjunction") === "disjunction" ? "or" : "and";
      this.#style = option(options, "style", ["long", "short", "narrow"], "long");
      if (options.type === "unit") this.#word = "";
    }
    format(list) {
      const items = Array.from(list, String);
      if (items.length < 2) return items.join("");
      const last = items.pop();
      if (!this.#word) return items.join(", ") + ", " + last;
      const word = this.#style === "narrow" && this.#word === "and" ? "" : " " + (this.#style === "short" && this.#word === "and" ? "&" : this.#word);
      return items.join(", ") + (items.length > 1 ? "," : "") + word + " " + last;
    }
  }

  // Callable without `new`, as the standard's constructors are.
  const callable = (Type) => {
    const make = function (locales, options) { return new Type(locales, options); };
    make.prototype = Type.prototype;
    make.supportedLocalesOf = Type.supportedLocalesOf;
    Object.defineProperty(make, "name", { value: Type.name });
    return make;
  };
  G.Intl = {
    NumberFormat: callable(NumberFormat), DateTimeFormat: callable(DateTimeFormat), PluralRules, ListFormat,
    getCanonicalLocales: (locales) => [...new Set(requested(locales))],
    supportedValuesOf: () => [],
  };

  // ---- The toLocale*String methods ---------------------------------------------

  const hidden = (object, name, value) =>
    Object.defineProperty(object, name, { value, writable: true, configurable: true, enumerable: false });
  hidden(Number.prototype, "toLocaleString", function (locales, options) {
    return new NumberFormat(locales, options).format(Number.prototype.valueOf.call(this));
  });
  hidden(BigInt.prototype, "toLocaleString", function (locales, options) {
    return new NumberFormat(locales, options).format(BigInt.prototype.valueOf.call(this));
  });
  const dateMethod = (defaults) => function (locales, options) {
    if (Number.isNaN(this.getTime())) return "Invalid Date";
    return new DateTimeFormat(locales, options, defaults).format(this);
  };
  hidden(Date.prototype, "toLocaleString", dateMethod("any"));
  hidden(Date.prototype, "toLocaleDateString", dateMethod("date"));
  hidden(Date.prototype, "toLocaleTimeString", dateMethod("time"));
})();

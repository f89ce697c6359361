/*
 * sheaf search: an offline search dialog over the sharded index that
 * `src/search` writes under `<site root>/search/`.
 *
 * Index files are scripts calling `sheafSearchData(key, data)`, loaded with
 * <script> elements so search works over http and from file://. A query
 * loads `meta.js`, one term shard per word (`t/<first 2 chars>.js`) and the
 * doc bundles (`d/<n>.js`) of the results shown; everything is cached.
 *
 * Every file a keystroke waits for costs milliseconds, and a result list can
 * need 20 bundles. So once the first results are on screen the doc cards
 * (`c/<n>.js`: url, title, group, endpoint of every doc, a few files) are
 * prefetched; later keystrokes show their pages from the cards at once
 * (the list stays `aria-busy`) and add section links and excerpts when
 * the bundles arrive. A keystroke runs its search at once; while one search
 * is loading files, only the latest text waits to run after it.
 *
 * The tokenizer, decoding and ranking mirror `src/search/` (`tokenize.rs`,
 * `query.rs`, `rank.rs`): change both together.
 *
 * Opens from any `[data-search-open]` element, Ctrl+K / Cmd+K, or `/`.
 * Tests: `window.sheafSearch.query(text)` resolves to the result list.
 */
(function () {
  'use strict';

  var BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  var STOP_WORDS = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'in',
    'is', 'it', 'of', 'on', 'or', 'that', 'the', 'this', 'to', 'with']);
  var TITLE_SCORE = 32;
  var HEADING = 16;
  var MAX_QUERY_TERMS = 16;
  var FULL_COVERAGE = 1024;
  var MAX_EXPANSIONS = 32;
  var MAX_SECTIONS = 3;
  var MAX_TOKEN_BYTES = 48;
  var LIMIT = 20;
  /* Card files prefetched at most (each about 64 KB): 2 MB, ~60,000 pages. */
  var MAX_CARD_FILES = 32;
  /* Term matches kept for the next keystrokes. */
  var MAX_CACHED_TERMS = 64;

  var SEXTETS = {};
  for (var i = 0; i < BASE64.length; i++) SEXTETS[BASE64[i]] = i;

  /* ---- text ---- */

  var MARKS = /\p{M}/gu;
  var NON_WORD = /[^\p{Alphabetic}\p{N}]+/u;
  var WORD = /[\p{Alphabetic}\p{N}\p{M}]+/gu;
  var encoder = new TextEncoder();

  /* Han and kana, written without spaces: the ranges of is_cjk in
     src/search/tokenize.rs. A run of them is read as its bigrams. */
  var CJK_RUN = /([\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\u{20000}-\u{2fa1f}]+)/u;
  var CJK_SHARDS = 64;
  /* Han, kana and Hangul keep their marks (composed): the ranges of
     keeps_marks in src/search/tokenize.rs. */
  var KEEPS_MARKS = /[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff66-\uff9f\u{20000}-\u{2fa1f}]+/gu;

  function foldOthers(text) {
    return text.toLowerCase().normalize('NFD').replace(MARKS, '');
  }

  /* Lowercased, other letters' marks dropped; Han, kana, Hangul composed. */
  function fold(text) {
    var composed = String(text).normalize('NFC');
    var out = '';
    var last = 0;
    composed.replace(KEEPS_MARKS, function (run, offset) {
      out += foldOthers(composed.slice(last, offset)) + run;
      last = offset + run.length;
      return run;
    });
    return out + foldOthers(composed.slice(last));
  }

  function tokens(text) {
    var out = [];
    fold(text).split(NON_WORD)
      .forEach(function (word) {
        word.split(CJK_RUN).forEach(function (run, index) {
          if (!run) return;
          if (index % 2 === 0) {
            if (encoder.encode(run).length <= MAX_TOKEN_BYTES) out.push(run);
            return;
          }
          var chars = Array.from(run);
          if (chars.length === 1) out.push(run);
          for (var i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
        });
      });
    return out;
  }

  function isCjkTerm(term) {
    return CJK_RUN.test(Array.from(term)[0] || '');
  }

  /* The query's words, each its terms: a run of Han or kana is one word of
     its bigrams (query_words in src/search/rank.rs). */
  function queryWords(text) {
    var words = [];
    String(text).split(/\s+/).forEach(function (chunk) {
      var inRun = false;
      tokens(chunk).forEach(function (term) {
        var cjk = isCjkTerm(term);
        if (cjk && inRun) words[words.length - 1].push(term);
        else words.push([term]);
        inRun = cjk;
      });
    });
    var kept = [];
    var seen = new Set();
    var count = 0;
    words.forEach(function (word, index) {
      var stop = word.length === 1 && STOP_WORDS.has(word[0]) && index !== words.length - 1;
      var key = word.join(' ');
      if (stop || seen.has(key) || count + word.length > MAX_QUERY_TERMS) return;
      seen.add(key);
      count += word.length;
      kept.push(word);
    });
    return kept;
  }

  function queryTerms(text) {
    return [].concat.apply([], queryWords(text));
  }

  /* Hangul syllables among a term's first two characters are decomposed
     and the first two jamo kept (shard_key in src/search/tokenize.rs). */
  var HANGUL_SYLLABLE = /[\uac00-\ud7a3]/;

  function shardKey(term) {
    var first = Array.from(term)[0] || '';
    if (CJK_RUN.test(first)) return '_c' + (first.codePointAt(0) % CJK_SHARDS).toString(16);
    var head = Array.from(term).slice(0, 2).join('');
    if (HANGUL_SYLLABLE.test(head)) return shardKey(Array.from(head.normalize('NFD')).slice(0, 2).join(''));
    return Array.from(term).slice(0, 2).map(function (c) {
      return /^[a-z0-9]$/.test(c) ? c : '_' + c.codePointAt(0).toString(16);
    }).join('');
  }

  /* The placeholder the site chose (docs.json search.prompt), as the top bar shows it. */
  function searchPrompt() {
    var label = document.querySelector('.search-label');
    var text = label ? label.textContent.trim() : '';
    return text && text !== 'Search…' ? text : 'Search the docs';
  }

  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  /* Escapes `text` and wraps the words that start with a query term in <mark>. */
  function highlight(text, terms) {
    var html = '';
    var last = 0;
    String(text).replace(WORD, function (word, offset) {
      var hit = tokens(word).some(function (t) {
        return terms.some(function (term) { return t.indexOf(term) === 0; });
      });
      html += escapeHtml(text.slice(last, offset));
      html += hit ? '<mark>' + escapeHtml(word) + '</mark>' : escapeHtml(word);
      last = offset + word.length;
      return word;
    });
    return html + escapeHtml(String(text).slice(last));
  }

  /* ---- index encodings (see src/search/codec.rs) ---- */

  function readVarints(text) {
    var values = [];
    var value = 0;
    var shift = 0;
    for (var i = 0; i < text.length; i++) {
      var bits = SEXTETS[text[i]];
      value += (bits & 31) * Math.pow(2, shift);
      if (bits & 32) {
        shift += 5;
      } else {
        values.push(value);
        value = 0;
        shift = 0;
      }
    }
    return values;
  }

  function readDocSet(text) {
    if (text[0] !== '!') {
      var doc = 0;
      return readVarints(text).map(function (gap) { doc += gap; return doc; });
    }
    var docs = [];
    for (var i = 1; i < text.length; i++) {
      var bits = SEXTETS[text[i]];
      for (var bit = 0; bit < 6; bit++) {
        if (bits & (1 << bit)) docs.push((i - 1) * 6 + bit);
      }
    }
    return docs;
  }

  /* ---- loading ---- */

  var LOAD_TIMEOUT = 10000;
  var pending = {};
  var files = {};
  /* The data of every file loaded so far, by key. */
  var loaded = {};

  window.sheafSearchData = function (key, data) {
    var waiting = pending[key];
    if (waiting) {
      delete pending[key];
      waiting(data);
    }
  };

  function rootUrl() {
    return document.documentElement.getAttribute('data-root') || '';
  }

  function load(key) {
    if (!files[key]) {
      files[key] = new Promise(function (resolve, reject) {
        var script = document.createElement('script');
        /* A file that never arrives must not stall search forever: give up
           after LOAD_TIMEOUT ms so the next query can try again. */
        var timer = setTimeout(function () { failed(); }, LOAD_TIMEOUT);
        var failed = function () {
          clearTimeout(timer);
          script.remove();
          delete pending[key];
          delete files[key];
          reject(new Error('cannot load search file ' + key));
        };
        pending[key] = function (data) { clearTimeout(timer); loaded[key] = data; resolve(data); };
        script.src = new URL(rootUrl() + 'search/' + key + '.js', document.baseURI).href;
        script.onload = function () { if (pending[key]) failed(); else script.remove(); };
        script.onerror = failed;
        document.head.appendChild(script);
      });
    }
    return files[key];
  }

  var indexPromise = null;

  function loadIndex() {
    if (!indexPromise) {
      indexPromise = load('meta').then(function (meta) {
        return {
          meta: meta,
          shards: new Set(meta.shards),
          bundleStarts: starts(meta.bundles),
          cardStarts: starts(meta.cards),
          allowed: {},
          terms: new Map()
        };
      }, function (error) {
        indexPromise = null;
        throw error;
      });
    }
    return indexPromise;
  }

  /* The first doc of each file, from the varints of their doc counts. */
  function starts(sizes) {
    var result = [];
    var start = 0;
    readVarints(sizes || '').forEach(function (size) { result.push(start); start += size; });
    return result;
  }

  /* Which docs one value of a dimension shows (null: all): its own and
     those of no value. `values` and `runs` come from meta.js. */
  function dimensionDocs(index, name, values, runs, value) {
    if (!value || !runs) return null;
    var key = name + ':' + value;
    if (!index.allowed[key]) {
      var wanted = values.indexOf(value) + 1;
      var pairs = readVarints(runs);
      var allowed = [];
      for (var i = 0; i + 1 < pairs.length; i += 2) {
        var ok = pairs[i] === 0 || (wanted > 0 && pairs[i] === wanted);
        for (var n = 0; n < pairs[i + 1]; n++) allowed.push(ok);
      }
      index.allowed[key] = allowed;
    }
    return index.allowed[key];
  }

  /* Which docs the reader's version and language show (null: all). */
  function allowedDocs(index, scope) {
    var meta = index.meta;
    var byVersion = dimensionDocs(index, 'version', meta.versions, meta.docVersions, scope.version);
    var byLanguage = dimensionDocs(index, 'language', meta.languages || [], meta.docLanguages, scope.language);
    if (!byVersion || !byLanguage) return byVersion || byLanguage;
    return byVersion.map(function (ok, doc) { return ok && byLanguage[doc]; });
  }

  /* Where `doc` is in the files of kind `kind` ('d' or 'c'). */
  function locate(starts, kind, doc) {
    var lo = 0;
    var hi = starts.length - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= doc) lo = mid; else hi = mid - 1;
    }
    return { key: kind + '/' + lo, position: doc - (starts[lo] || 0) };
  }

  function loadDoc(index, doc) {
    var place = locate(index.bundleStarts, 'd', doc);
    return load(place.key).then(function (docs) { return docs[place.position]; });
  }

  /* The doc's bundle entry if it is loaded already. */
  function loadedDoc(index, doc) {
    var place = locate(index.bundleStarts, 'd', doc);
    return loaded[place.key] && loaded[place.key][place.position];
  }

  /* The doc's card (`[url, title, group, method, path]`) if loaded already. */
  function loadedCard(index, doc) {
    var place = locate(index.cardStarts, 'c', doc);
    return loaded[place.key] && loaded[place.key][place.position];
  }

  /* Loads every card file in the background, on small enough sites. */
  function prefetchCards(index) {
    if (!index.cardStarts.length || index.cardStarts.length > MAX_CARD_FILES) return;
    index.cardStarts.forEach(function (_, n) {
      load('c/' + n).catch(function () { /* the bundles still work */ });
    });
  }

  /* ---- matching and ranking (see src/search/query.rs) ---- */

  /* How a doc matches a term (or a word): `title` in the title;
     `anywhere` only known to be in the doc; `terms` query terms it is. */
  function newMatch() {
    return { score: 0, strong: false, title: false, anywhere: false, sections: new Map(), terms: 1 };
  }

  /* How a doc matches that is only known to hold a term (a common term whose
     postings were cut): one shared, never changed object per multiplier, so
     a term in all of 10,000 docs does not cost 10,000 objects. */
  var EMPTY_SECTIONS = new Map();
  function weak(score) {
    return { score: score, strong: false, title: false, anywhere: true, sections: EMPTY_SECTIONS, terms: 1, shared: true };
  }
  var WEAK = [null, weak(1), weak(2)];

  function matchOne(fields, multiplier) {
    var docs = new Map();
    var own = [];
    var postings = readVarints(fields[0] || '');
    var doc = 0;
    for (var i = 0; i + 2 < postings.length; i += 3) {
      doc += postings[i];
      var weight = postings[i + 2];
      var found = docs.get(doc);
      if (!found) {
        found = newMatch();
        docs.set(doc, found);
        own.push(found);
      }
      found.sections.set(postings[i + 1], weight * multiplier);
      found.score = Math.max(found.score, weight);
      if (weight >= HEADING) found.strong = true;
    }
    readDocSet(fields[1] || '').forEach(function (d) {
      var found = docs.get(d);
      if (!found) {
        found = newMatch();
        docs.set(d, found);
        own.push(found);
      }
      found.score += TITLE_SCORE;
      found.strong = true;
      found.title = true;
    });
    own.forEach(function (found) { found.score *= multiplier; });
    readDocSet(fields[2] || '').forEach(function (d) {
      if (!docs.has(d)) docs.set(d, WEAK[multiplier]);
    });
    return docs;
  }

  function compareNames(term) {
    return function (a, b) {
      return (a !== term) - (b !== term) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
    };
  }

  /* How each doc matches `term`, remembered for the next keystrokes. */
  function termMatches(index, term) {
    var known = index.terms.get(term);
    if (known) return Promise.resolve(known);
    var key = shardKey(term);
    if (!index.shards.has(key)) return Promise.resolve(new Map());
    return load('t/' + key).then(function (shard) {
      var best = matchShard(shard, term);
      if (index.terms.size >= MAX_CACHED_TERMS) index.terms.clear();
      index.terms.set(term, best);
      return best;
    });
  }

  function matchShard(shard, term) {
    var names = Object.keys(shard).filter(function (name) { return name.indexOf(term) === 0; });
    var best = new Map();
    names.sort(compareNames(term)).slice(0, MAX_EXPANSIONS).forEach(function (name) {
      matchOne(shard[name], name === term ? 2 : 1).forEach(function (found, doc) {
        var entry = best.get(doc);
        if (!entry) {
          best.set(doc, found);
          return;
        }
        if (entry.shared) {
          entry = newMatch();
          entry.score = best.get(doc).score;
          entry.anywhere = true;
          best.set(doc, entry);
        }
        entry.score = Math.max(entry.score, found.score);
        entry.strong = entry.strong || found.strong;
        entry.anywhere = entry.anywhere || found.anywhere;
        entry.title = entry.title || found.title;
        found.sections.forEach(function (score, section) {
          entry.sections.set(section, Math.max(entry.sections.get(section) || 0, score));
        });
      });
    });
    return best;
  }

  /* A run's match from its bigrams' matches in one doc, if they share a
     place (a section, or the title: key -1); null if not (run_match in
     src/search/rank.rs). */
  function runMatch(parts) {
    var common = null;
    parts.forEach(function (part) {
      if (part.anywhere) return;
      var places = new Set(part.sections.keys());
      if (part.title) places.add(-1);
      common = common === null ? places : new Set(Array.from(common).filter(function (p) { return places.has(p); }));
    });
    if (common !== null && common.size === 0) return null;
    var inTitle = common !== null && common.has(-1);
    var run = newMatch();
    run.strong = true;
    run.title = inTitle;
    run.anywhere = common === null;
    run.terms = parts.length;
    parts.forEach(function (part) {
      run.score += part.score;
      run.strong = run.strong && part.strong;
    });
    if (common !== null) {
      common.forEach(function (section) {
        if (section < 0) return;
        var sum = 0;
        parts.forEach(function (part) { sum += part.sections.get(section) || 0; });
        run.sections.set(section, sum);
      });
    }
    return run;
  }

  /* How each doc holds a word, from the matches of its terms in order. */
  function wordMatches(perTerm) {
    if (perTerm.length === 1) return perTerm[0];
    var held = new Map();
    perTerm[0].forEach(function (found, doc) {
      var parts = [found];
      for (var i = 1; i < perTerm.length; i++) {
        var other = perTerm[i].get(doc);
        if (!other) return;
        parts.push(other);
      }
      var run = runMatch(parts);
      if (run) held.set(doc, run);
    });
    return held;
  }

  function addWord(total, found) {
    total.words += 1;
    total.strong += found.strong ? 1 : 0;
    total.score += found.score;
    found.sections.forEach(function (score, section) {
      if (!total.sections) total.sections = new Map();
      total.sections.set(section, (total.sections.get(section) || 0) + score);
    });
  }

  /* How much of `title` the query's `terms` cover times how much of the
     query is in it, 0 to FULL_COVERAGE (title_coverage in rank.rs). */
  function titleCoverage(terms, title) {
    var titleTerms = [];
    tokens(title).forEach(function (term) {
      if (!STOP_WORDS.has(term) && titleTerms.indexOf(term) < 0) titleTerms.push(term);
    });
    var units = 0;
    var found = 0;
    terms.forEach(function (term) {
      var best = 0;
      titleTerms.forEach(function (t) {
        best = Math.max(best, t === term ? 2 : t.indexOf(term) === 0 ? 1 : 0);
      });
      units += best;
      if (best > 0) found += 1;
    });
    var whole = titleTerms.length * terms.length;
    return whole ? Math.min(FULL_COVERAGE, Math.floor(units * (FULL_COVERAGE / 2) * found / whole)) : 0;
  }

  function compareTotals(a, b) {
    return b.words - a.words || b.strong - a.strong || b.score - a.score || a.doc - b.doc;
  }

  /* The results shown: compareTotals' order, title coverage before score. */
  function compareShown(a, b) {
    return b.words - a.words || b.strong - a.strong || b.coverage - a.coverage ||
      b.score - a.score || a.doc - b.doc;
  }

  /* The best `limit` docs over all query words, best first. */
  function rank(perWord, allowed, limit) {
    var totals = new Map();
    perWord.forEach(function (matches) {
      matches.forEach(function (found, doc) {
        if (allowed && !allowed[doc]) return;
        var total = totals.get(doc);
        if (!total) {
          total = { doc: doc, words: 0, strong: 0, score: 0, sections: null };
          totals.set(doc, total);
        }
        addWord(total, found);
      });
    });
    return firstInOrder(totals, limit, compareTotals);
  }

  /* The first `limit` of `values` in `compare` order, without sorting all. */
  function firstInOrder(values, limit, compare) {
    var top = [];
    if (limit <= 0) return top;
    values.forEach(function (value) {
      if (top.length === limit && compare(value, top[limit - 1]) >= 0) return;
      var at = top.length;
      while (at > 0 && compare(value, top[at - 1]) < 0) at--;
      top.splice(at, 0, value);
      if (top.length > limit) top.pop();
    });
    return top;
  }

  function pageHref(url, anchor) {
    var path = url;
    if (location.protocol === 'file:' && (path === '' || path.slice(-1) === '/')) path += 'index.html';
    var href = rootUrl() + path;
    return (href || './') + (anchor ? '#' + anchor : '');
  }

  function toResult(total, doc, terms, version) {
    var sections = Array.from(total.sections || []).sort(function (a, b) {
      return b[1] - a[1] || a[0] - b[0];
    }).slice(0, MAX_SECTIONS).map(function (entry) { return entry[0]; });
    var intro = doc.s[0] || ['', '', ''];
    var showIntro = sections.length === 0 || sections.indexOf(0) >= 0;
    return {
      url: pageHref(doc.u, ''),
      title: doc.t,
      titleHtml: highlight(doc.t, terms),
      group: doc.g || '',
      version: version || '',
      endpoint: doc.e || null,
      snippetHtml: showIntro ? highlight(intro[2], terms) : '',
      rank: { doc: total.doc, words: total.words, strong: total.strong, score: total.score,
        coverage: titleCoverage(terms, doc.t) },
      sections: sections.filter(function (s) { return s > 0 && doc.s[s]; }).map(function (s) {
        var section = doc.s[s];
        return {
          url: pageHref(doc.u, section[0]),
          heading: section[1],
          headingHtml: highlight(section[1], terms),
          snippetHtml: highlight(section[2], terms)
        };
      }),
      score: total.score
    };
  }

  /* The best `limit` docs for `text`: `{ index, terms, top }`, `top` holding
     rank totals. Loads the term shards only. */
  function rankText(text, scope, limit) {
    var words = queryWords(text);
    var terms = [].concat.apply([], words);
    if (!terms.length) return Promise.resolve({ index: null, terms: terms, top: [] });
    return loadIndex().then(function (index) {
      var lookups = terms.map(function (term) { return termMatches(index, term); });
      return Promise.all(lookups).then(function (perTerm) {
        var at = 0;
        var perWord = words.map(function (word) {
          at += word.length;
          return wordMatches(perTerm.slice(at - word.length, at));
        });
        var top = rank(perWord, allowedDocs(index, scope), limit);
        return { index: index, terms: terms, top: top, scope: scope };
      });
    });
  }

  /* The results with their section links and excerpts, loading the bundles. */
  function fullResults(ranked) {
    return Promise.all(ranked.top.map(function (total) {
      return loadDoc(ranked.index, total.doc).then(function (doc) {
        return toResult(total, doc, ranked.terms, namedVersion(ranked, total.doc));
      });
    })).then(inShownOrder);
  }

  /* The results from the files loaded already, `null` if a card is missing.
     `complete`: every bundle was there, so no section link or excerpt lacks. */
  function loadedResults(ranked) {
    var shown = { ranked: ranked, results: [], complete: true };
    for (var i = 0; i < ranked.top.length; i++) {
      var total = ranked.top[i];
      var doc = loadedDoc(ranked.index, total.doc);
      if (!doc) {
        var card = loadedCard(ranked.index, total.doc);
        if (!card) return null;
        doc = { u: card[0], t: card[1], g: card[2], e: card[3] ? [card[3], card[4]] : null, s: [] };
        shown.complete = false;
      }
      shown.results.push(toResult(total, doc, ranked.terms, namedVersion(ranked, total.doc)));
    }
    shown.results = inShownOrder(shown.results);
    return shown;
  }

  /* Results ordered with their titles' coverage (see compareShown). */
  function inShownOrder(results) {
    return results.sort(function (a, b) { return compareShown(a.rank, b.rank); });
  }

  /* The version a result names: its own, when all versions are searched. */
  function namedVersion(ranked, doc) {
    return ranked.scope && !ranked.scope.version ? docVersion(ranked.index, doc) : '';
  }

  function search(text, scope, limit) {
    return rankText(text, scope, limit).then(fullResults);
  }

  /* The reader's page's own version ('' outside every version) and
     language: search stays within them, unless the reader widened it to
     every version (`allVersions`). On a page outside every version search
     covers all versions, each result naming its own. */
  var allVersions = false;

  function pageVersion() {
    return document.documentElement.getAttribute('data-page-version') || '';
  }

  function currentScope() {
    return {
      version: allVersions ? '' : pageVersion(),
      language: document.documentElement.getAttribute('data-language') || ''
    };
  }

  /* The version of `doc` ('' for none), from meta.js. */
  function docVersion(index, doc) {
    if (!index.docVersionCodes) {
      var codes = [];
      var pairs = readVarints(index.meta.docVersions || '');
      for (var i = 0; i + 1 < pairs.length; i += 2) {
        for (var n = 0; n < pairs[i + 1]; n++) codes.push(pairs[i]);
      }
      index.docVersionCodes = codes;
    }
    var code = index.docVersionCodes[doc] || 0;
    return code ? index.meta.versions[code - 1] : '';
  }

  /* ---- the dialog ---- */

  var ui = null;
  var opener = null;
  var active = -1;
  var sequence = 0;
  /* A search is loading files; `queued`: the text changed meanwhile. */
  var running = false;
  var queued = false;
  var fillTimer = 0;
  /* Section links and excerpts of a list shown from cards are loaded once
     the reader pauses this long, so typing never waits behind bundles. */
  var FILL_IN_DELAY_MS = 100;

  var TEMPLATE =
    '<div class="sheaf-search__panel">' +
    '<h2 id="sheaf-search-title" class="sheaf-search__sr">Search the documentation</h2>' +
    '<div class="sheaf-search__bar">' +
    '<svg class="sheaf-search__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">' +
    '<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/></svg>' +
    '<label for="search-input" class="sheaf-search__sr">Search</label>' +
    '<input id="search-input" class="sheaf-search__input" type="search" role="combobox"' +
    ' aria-autocomplete="list" aria-expanded="false" aria-controls="sheaf-search-results"' +
    ' autocomplete="off" autocapitalize="off" spellcheck="false" enterkeyhint="go"' +
    ' placeholder="' + escapeHtml(searchPrompt()) + '">' +
    '<button type="button" class="sheaf-search__close">' +
    '<span class="sheaf-search__sr">Close search: </span>' +
    '<kbd class="sheaf-search__close-key">Esc</kbd><span class="sheaf-search__close-text">Cancel</span>' +
    '</button></div>' +
    '<p class="sheaf-search__scope" hidden><span class="sheaf-search__scope-text" id="sheaf-search-scope"></span>' +
    '<button type="button" class="sheaf-search__widen" aria-pressed="false" aria-describedby="sheaf-search-scope">' +
    'Search all versions</button></p>' +
    '<p class="sheaf-search__status" role="status" aria-live="polite"></p>' +
    '<ul id="sheaf-search-results" class="sheaf-search__results" role="listbox" aria-label="Search results"></ul>' +
    '<footer class="sheaf-search__footer" aria-hidden="true">' +
    '<span><kbd>↑</kbd> <kbd>↓</kbd> to move</span><span><kbd>Enter</kbd> to open</span>' +
    '<span><kbd>Esc</kbd> to close</span></footer></div>';

  function buildDialog() {
    var dialog = document.createElement('dialog');
    dialog.className = 'sheaf-search';
    dialog.setAttribute('aria-labelledby', 'sheaf-search-title');
    dialog.innerHTML = TEMPLATE;
    document.body.appendChild(dialog);
    ui = {
      dialog: dialog,
      input: dialog.querySelector('.sheaf-search__input'),
      status: dialog.querySelector('.sheaf-search__status'),
      list: dialog.querySelector('.sheaf-search__results'),
      scope: dialog.querySelector('.sheaf-search__scope'),
      scopeText: dialog.querySelector('.sheaf-search__scope-text'),
      widen: dialog.querySelector('.sheaf-search__widen')
    };
    ui.widen.addEventListener('click', function () {
      allVersions = !allVersions;
      showScope();
      if (ui.input.value.trim()) runSearch();
    });
    ui.input.addEventListener('input', scheduleSearch);
    ui.input.addEventListener('keydown', onInputKey);
    dialog.querySelector('.sheaf-search__close').addEventListener('click', closeDialog);
    dialog.addEventListener('click', function (event) {
      if (event.target === dialog) closeDialog();
      else if (event.target.closest('a')) closeDialog();
    });
    ui.list.addEventListener('mousemove', function (event) {
      var option = event.target.closest('[role="option"]');
      if (option) setActive(options().indexOf(option), false);
    });
    dialog.addEventListener('close', function () {
      if (opener && document.contains(opener) && opener.focus) opener.focus();
      opener = null;
    });
    showHint();
  }

  function openDialog(from) {
    if (!ui) buildDialog();
    if (ui.dialog.open) {
      ui.input.focus();
      return;
    }
    opener = from || document.activeElement;
    ui.dialog.showModal();
    ui.input.focus();
    ui.input.select();
    loadIndex().then(showScope, function () { /* reported when a query runs */ });
    if (ui.input.value.trim()) runSearch();
  }

  /* Says which version is searched, on a site with versions: the page's
     (with a button to widen the search to all), or all of them. */
  function showScope() {
    var index = indexPromise && loaded.meta;
    var versions = (index && index.versions) || [];
    if (!versions.length) return;
    var own = pageVersion();
    ui.scope.hidden = false;
    ui.widen.hidden = !own;
    ui.widen.setAttribute('aria-pressed', String(allVersions));
    ui.scopeText.textContent = own && !allVersions ? 'Searching version ' + own + '.' : 'Searching all versions.';
  }

  function closeDialog() {
    if (ui && ui.dialog.open) ui.dialog.close();
  }

  function scheduleSearch() {
    if (running) queued = true;
    else runSearch();
  }

  function runSearch() {
    var text = ui.input.value.trim();
    var mine = ++sequence;
    var current = function () { return mine === sequence; };
    queued = false;
    clearTimeout(fillTimer);
    if (!queryTerms(text).length) {
      showHint();
      return;
    }
    running = true;
    ui.list.setAttribute('aria-busy', 'true');
    rankText(text, currentScope(), LIMIT).then(function (ranked) {
      return loadedResults(ranked) || fullResults(ranked).then(function (results) {
        return { ranked: ranked, results: results, complete: true };
      });
    }).then(function (shown) {
      if (!current()) return;
      render(shown.results, text, shown.complete);
      if (shown.complete) loadIndex().then(prefetchCardsOnce);
      else fillTimer = setTimeout(function () { fillIn(shown.ranked, text, current); }, FILL_IN_DELAY_MS);
    }, function () {
      if (current()) showMessage('Search is not available right now. The search index could not be loaded.', text);
    }).then(searchDone);
  }

  function searchDone() {
    running = false;
    if (queued) runSearch();
  }

  /* Replaces a list shown from cards by the full results. */
  function fillIn(ranked, text, current) {
    fullResults(ranked).then(function (results) {
      if (current()) render(results, text, true);
    }, function () {
      if (current()) ui.list.removeAttribute('aria-busy');
    });
  }

  var cardsPrefetched = false;

  function prefetchCardsOnce(index) {
    if (cardsPrefetched) return;
    cardsPrefetched = true;
    prefetchCards(index);
  }

  function showHint() {
    showMessage('Type to search. Use ↑ ↓ to move between results and Enter to open one.');
  }

  /* `query`: the search text the message answers (see `shows`). */
  function showMessage(text, query) {
    ui.list.removeAttribute('aria-busy');
    ui.list.innerHTML = '';
    ui.status.textContent = text;
    ui.status.classList.remove('sheaf-search__sr');
    ui.input.setAttribute('aria-expanded', 'false');
    setActive(-1, false);
    shows(query);
  }

  /* Marks which search text the list answers, once it is rendered, so tests
     and benchmarks can tell the results of one keystroke from the last's. */
  function shows(query) {
    if (query === undefined) ui.list.removeAttribute('data-query');
    else ui.list.setAttribute('data-query', query);
  }

  /* Shows `results` for `text`; `complete`: with section links and excerpts
     (else the list stays busy). Re-rendering keeps the active option. */
  function render(results, text, complete) {
    var keep = ui.list.getAttribute('data-query') === text ? activeHref() : null;
    if (!results.length) {
      showMessage('No results for \u201c' + text + '\u201d. Try fewer or different words.', text);
      return;
    }
    var html = '';
    var id = 0;
    results.forEach(function (result) {
      html += optionHtml(id++, result.url, 'page',
        crumbHtml(result) +
        '<span class="sheaf-search__title">' + methodHtml(result.endpoint) + result.titleHtml + '</span>' +
        (result.snippetHtml ? '<span class="sheaf-search__snippet">' + result.snippetHtml + '</span>' : ''));
      result.sections.forEach(function (section) {
        html += optionHtml(id++, section.url, 'section',
          '<span class="sheaf-search__title">' + section.headingHtml + '</span>' +
          (section.snippetHtml ? '<span class="sheaf-search__snippet">' + section.snippetHtml + '</span>' : ''));
      });
    });
    if (complete) ui.list.removeAttribute('aria-busy');
    else ui.list.setAttribute('aria-busy', 'true');
    if (keep !== null || ui.list.getAttribute('data-query') === text) updateInPlace(html);
    else ui.list.innerHTML = html;
    ui.status.textContent = results.length + (results.length === 1 ? ' page found' : ' pages found');
    ui.status.classList.add('sheaf-search__sr');
    ui.input.setAttribute('aria-expanded', 'true');
    var hrefs = options().map(function (option) { return option.href; });
    setActive(Math.max(0, hrefs.indexOf(keep)), false);
    shows(text);
  }

  /* Fills the list shown for the same text (cards first, then the full
     results) without replacing the options under the reader's pointer:
     an option whose link stays keeps its element, updated and moved. */
  function updateInPlace(html) {
    var fresh = document.createElement('ul');
    fresh.innerHTML = html;
    var byHref = {};
    options().forEach(function (option) { byHref[option.href] = option.parentNode; });
    var next = Array.prototype.slice.call(fresh.children).map(function (row) {
      var option = row.querySelector('a');
      var kept = byHref[option.href];
      if (!kept) return row;
      delete byHref[option.href];
      kept.className = row.className;
      var link = kept.querySelector('a');
      link.id = option.id;
      link.innerHTML = option.innerHTML;
      return kept;
    });
    Object.keys(byHref).forEach(function (href) { byHref[href].remove(); });
    next.forEach(function (option) { ui.list.appendChild(option); });
  }

  function activeHref() {
    var option = options()[active];
    return option ? option.href : null;
  }

  function optionHtml(id, href, kind, inner) {
    return '<li role="none" class="sheaf-search__option sheaf-search__option--' + kind + '">' +
      '<a role="option" id="sheaf-search-option-' + id + '" aria-selected="false" href="' +
      escapeHtml(href) + '" tabindex="-1">' + inner + '</a></li>';
  }

  /* The result's group and, when all versions are searched, its version. */
  function crumbHtml(result) {
    var parts = [];
    if (result.version) parts.push('<span class="sheaf-search__version">' + escapeHtml(result.version) + '</span>');
    if (result.group) parts.push(escapeHtml(result.group));
    return parts.length ? '<span class="sheaf-search__crumb">' + parts.join(' ') + '</span>' : '';
  }

  function methodHtml(endpoint) {
    if (!endpoint) return '';
    var method = String(endpoint[0]).toUpperCase();
    return '<span class="sheaf-search__method" data-method="' + escapeHtml(method.toLowerCase()) + '">' +
      escapeHtml(method) + '</span> ';
  }

  function options() {
    return Array.prototype.slice.call(ui.list.querySelectorAll('[role="option"]'));
  }

  function setActive(index, scroll) {
    var all = options();
    active = all.length ? Math.max(-1, Math.min(index, all.length - 1)) : -1;
    all.forEach(function (option, i) { option.setAttribute('aria-selected', String(i === active)); });
    if (active < 0) {
      ui.input.removeAttribute('aria-activedescendant');
      return;
    }
    ui.input.setAttribute('aria-activedescendant', all[active].id);
    if (scroll) all[active].scrollIntoView({ block: 'nearest' });
  }

  function onInputKey(event) {
    var count = options().length;
    /* One Escape closes the dialog, as its footer says: a search field
       would otherwise take the first to clear its text. */
    if (event.key === 'Escape') {
      event.preventDefault();
      closeDialog();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!count) return;
      var step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + count) % count, true);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      var option = options()[active];
      if (option) {
        var href = option.href;
        closeDialog();
        location.href = href;
      } else {
        runSearch();
      }
    }
  }

  /* ---- wiring ---- */

  function isEditable(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  document.addEventListener('click', function (event) {
    var trigger = event.target.closest && event.target.closest('[data-search-open]');
    if (trigger) {
      event.preventDefault();
      openDialog(trigger);
    }
  });

  document.addEventListener('keydown', function (event) {
    var isShortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey) && !event.altKey;
    var isSlash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
    if (isShortcut || isSlash) {
      event.preventDefault();
      openDialog(null);
    }
  });

  window.sheafSearch = {
    query: function (text) { return search(text, currentScope(), LIMIT); },
    scope: currentScope,
    open: function () { openDialog(null); },
    close: closeDialog
  };
})();

/*
 * Battlebook's search: the search box of the header, over the index the build writes into the
 * site (search/battlebook.json, by battlebook.site.search). The index carries the normaliser's
 * words and rules (stop words, spellings, stemmer, players' phrases), so a question is
 * normalised here exactly as the pages were; sections are ranked with BM25 over their fields
 * (search words, title, prose, examples' Gherkin), weighed by their kind, and by the game of
 * the page the reader is on (or kept to it, with the filter, or when the question names a
 * game). A misspelt word reads as the book's own term one edit away; a question that is, or runs
 * inside, a section's title or declared name weighs more; a calculator the question names comes
 * before the rules. No eval, no inline script, no request but the index's, made when the search
 * is first opened.
 */
(function () {
  "use strict";

  var TOKEN = /[\p{L}\p{N}]+/gu;
  var APOSTROPHE = /['\u2019]/g;
  // A possessive's 's (the Magi's): dropped with its apostrophe, as the index's side does.
  var POSSESSIVE = /['\u2019]s\b/g;
  var K1 = 1.2;
  var SHOWN = 20;
  // The words of a question read at most: a pasted page ranks as fast as a question.
  var MOST_TERMS = 32;

  /** The normaliser of the index (battlebook.site.search.Normaliser, from its JSON). */
  function normaliser(data) {
    var stop = new Set(data.stop_words);
    var spellings = new Map(Object.entries(data.spellings));
    var steps = data.stemmer;
    var consumed = data.phrase_word_weight;
    var particles = new Set(data.particles || []);
    var particleWeight = data.particle_weight === undefined ? 1 : data.particle_weight;
    // Longest phrases first: a word a longer phrase holds is not read again in a shorter one.
    var byLength = data.phrases.map(function (entry, i) { return [entry[0], entry[1], i]; });
    byLength.sort(function (a, b) { return b[0].length - a[0].length || a[2] - b[2]; });

    function words(text) {
      return text.toLowerCase().replace(POSSESSIVE, "").replace(APOSTROPHE, "").match(TOKEN) || [];
    }

    function stem(word) {
      word = spellings.has(word) ? spellings.get(word) : word;
      for (var number = 0; number < steps.length; number += 1) {
        var step = steps[number];
        for (var i = 0; i < step.length; i += 1) {
          var suffix = step[i][0];
          var cut = word.slice(0, word.length - suffix.length) + step[i][1];
          if (word.endsWith(suffix) && cut.length >= step[i][2]) {
            word = cut;
            break;
          }
        }
        if (number === 0 && spellings.has(word)) {
          word = spellings.get(word);
        }
      }
      return word;
    }

    function terms(text) {
      var out = [];
      words(text).forEach(function (word) {
        if (stop.has(word) || (word.length < 2 && !/^\p{Nd}$/u.test(word))) {
          return;
        }
        var spelled = spellings.has(word) ? spellings.get(word) : word;
        spelled.split(" ").forEach(function (part) {
          if (part && !stop.has(part)) {
            out.push(stem(part));
          }
        });
      });
      return out;
    }

    function expand(found) {
      var groups = [];
      function add(group, weight) {
        var key = group.join(" ");
        var same = groups.find(function (g) { return g[0].join(" ") === key; });
        if (same) {
          same[1] += weight;
        } else {
          groups.push([group, weight]);
        }
      }
      var taken = found.map(function () { return false; });
      var meanings = [];
      byLength.forEach(function (entry) {
        var phrase = entry[0];
        for (var i = 0; i + phrase.length <= found.length; i += 1) {
          var free = phrase.every(function (term, j) { return found[i + j] === term && !taken[i + j]; });
          if (free) {
            phrase.forEach(function (term, j) { taken[i + j] = true; });
            meanings.push(entry[1]);
          }
        }
      });
      var pairs = [];
      found.forEach(function (term, i) {
        var weight = taken[i] ? consumed : 1;
        if (!taken[i] && particles.has(term) && i > 0 && !taken[i - 1] && !particles.has(found[i - 1])) {
          weight = particleWeight;
          pairs.push([found[i - 1], term]);
        }
        add([term], weight);
      });
      pairs.concat(meanings).forEach(function (meaning) { add(meaning, 1); });
      return groups;
    }

    // A term -> the other terms of its synonym groups.
    var alternatives = new Map();
    (data.synonyms || []).forEach(function (group) {
      group.forEach(function (term) {
        var others = alternatives.get(term) || [];
        group.forEach(function (other) {
          if (other !== term && others.indexOf(other) < 0) {
            others.push(other);
          }
        });
        alternatives.set(term, others);
      });
    });

    return {
      words: words, stem: stem, terms: terms, expand: expand,
      alternatives: function (term) { return alternatives.get(term) || []; },
      synonymWeight: data.synonym_weight || 0
    };
  }

  /**
   * The index made ready for ranking: each field's mean length, each term's document count, and
   * each game's: its sections, and how many of them hold each term (what the question's words say
   * of its game).
   */
  function prepare(index) {
    var normalise = normaliser(index.normaliser);
    var fields = Object.keys(index.weights.fields);
    var mean = {};
    var counts = new Map();
    var games = new Map();
    fields.forEach(function (name) { mean[name] = 0; });
    index.docs.forEach(function (doc) {
      doc.named = named(normalise, doc.title);
      doc.titled = normalise.terms(doc.title).filter(function (term, i, all) { return all.indexOf(term) === i; });
      doc.names = [doc.named].concat((doc.names || []).map(function (name) { return named(normalise, name); }));
      doc.lengths = {};
      var seen = new Set();
      fields.forEach(function (name) {
        var tf = doc.fields[name] || {};
        var length = 0;
        Object.keys(tf).forEach(function (term) {
          length += tf[term];
          seen.add(term);
        });
        doc.lengths[name] = length;
        mean[name] += length;
      });
      seen.forEach(function (term) { counts.set(term, (counts.get(term) || 0) + 1); });
      if (doc.game) {
        var of = games.get(doc.game) || { docs: 0, counts: new Map() };
        of.docs += 1;
        seen.forEach(function (term) { of.counts.set(term, (of.counts.get(term) || 0) + 1); });
        games.set(doc.game, of);
      }
    });
    fields.forEach(function (name) { mean[name] = mean[name] / Math.max(1, index.docs.length) || 1; });
    // The book's own terms (its titles', and the words it declares for its sections), which a
    // misspelt word may be read as.
    var terms = new Set();
    index.docs.forEach(function (doc) {
      ["title", "words"].forEach(function (name) { Object.keys(doc.fields[name] || {}).forEach(function (t) { terms.add(t); }); });
    });
    // The words the search knows besides the sections': those of the players' phrases (`castle`).
    var known = new Set();
    index.normaliser.phrases.forEach(function (entry) { entry[0].forEach(function (term) { known.add(term); }); });
    return { index: index, fields: fields, mean: mean, counts: counts, games: games, normalise: normalise, known: known, terms: terms };
  }

  /** The edit distance of two words (insertions, deletions, substitutions, swaps of neighbours), or more than `most`. */
  function distance(a, b, most) {
    if (Math.abs(a.length - b.length) > most) {
      return most + 1;
    }
    var before = null;
    var row = [];
    for (var j = 0; j <= b.length; j += 1) {
      row.push(j);
    }
    for (var i = 1; i <= a.length; i += 1) {
      var next = [i];
      var least = i;
      for (var k = 1; k <= b.length; k += 1) {
        var cost = a[i - 1] === b[k - 1] ? 0 : 1;
        var d = Math.min(row[k] + 1, next[k - 1] + 1, row[k - 1] + cost);
        if (before && i > 1 && k > 1 && a[i - 1] === b[k - 2] && a[i - 2] === b[k - 1]) {
          d = Math.min(d, before[k - 2] + 1);
        }
        next.push(d);
        least = Math.min(least, d);
      }
      if (least > most) {
        return most + 1;
      }
      before = row;
      row = next;
    }
    return row[b.length];
  }

  /**
   * A question's term as the index knows it: itself when some section holds it, else the book's
   * own term (of a title, or declared for a section) one edit away (two for a long word), with the
   * same first letter, that most sections hold: a misspelling (`withdrawl`, `sacrafice`) reads as
   * the term meant. Short words, numbers and the players' phrases' words are left as typed.
   */
  function spelled(ready, term) {
    if (ready.counts.has(term) || ready.known.has(term) || term.length < 5 || /\p{Nd}/u.test(term)) {
      return term;
    }
    var most = term.length >= (ready.index.weights.fuzzy_long_word || Infinity) ? 2 : 1;
    var best = term;
    var bestDistance = most + 1;
    var bestCount = 0;
    ready.terms.forEach(function (known) {
      var count = ready.counts.get(known) || 0;
      if (known.length < 4 || known[0] !== term[0] || Math.abs(known.length - term.length) > most) {
        return;
      }
      var d = distance(term, known, most);
      if (d < bestDistance || (d === bestDistance && count > bestCount)) {
        best = known;
        bestDistance = d;
        bestCount = count;
      }
    });
    return bestDistance <= most ? best : term;
  }

  /**
   * The one game a question names (by a name the index lists for it: its own, its title), or
   * null when it names none or both: a question naming a game is kept to that game's sections.
   */
  function namedGame(ready, terms) {
    var names = ready.index.game_names || {};
    var found = Object.keys(names).filter(function (game) {
      return names[game].some(function (name) { return runsIn(name, terms); });
    });
    return found.length === 1 ? found[0] : null;
  }

  /**
   * `words` less every run of them that names `game` (its longest names first), unless nothing
   * would be left: once the question is kept to the game's sections, its name says nothing of
   * which of them answers (a question about a game's end, naming the game, asks about the end,
   * not about the sections that happen to say the game's name).
   */
  function withoutGameName(ready, game, words) {
    var names = ((ready.index.game_names || {})[game] || []).slice();
    names.sort(function (a, b) { return b.length - a.length; });
    var left = words.slice();
    names.forEach(function (name) {
      var at = where(name, left);
      while (name.length && at >= 0) {
        left.splice(at, name.length);
        at = where(name, left);
      }
    });
    return left.length ? left : words;
  }

  /** Whether `part` runs word for word somewhere in `words`. */
  function runsIn(part, words) {
    return where(part, words) >= 0;
  }

  /** Where `part` first runs word for word in `words`, or -1. */
  function where(part, words) {
    for (var i = 0; i + part.length <= words.length; i += 1) {
      if (part.every(function (word, j) { return words[i + j] === word; })) {
        return i;
      }
    }
    return -1;
  }

  /**
   * How likely each game is to be the one a question is about, from its words alone: each game's
   * sections are a bag of words, and a word found mostly in one game's sections (a unit, a term
   * only one game has, the game's name) points to it (naive Bayes over the sections holding each
   * word, every game equally likely before). Words no section holds say nothing. A Map game -> chance.
   */
  function gameChances(ready, terms) {
    var logs = new Map();
    ready.games.forEach(function (of, game) { logs.set(game, 0); });
    terms.forEach(function (term) {
      if (!ready.counts.has(term)) {
        return;
      }
      ready.games.forEach(function (of, game) {
        logs.set(game, logs.get(game) + Math.log(((of.counts.get(term) || 0) + 0.5) / (of.docs + 1)));
      });
    });
    var top = Math.max.apply(null, Array.from(logs.values()).concat([-Infinity]));
    var total = 0;
    var chances = new Map();
    logs.forEach(function (value, game) {
      chances.set(game, Math.exp(value - top));
      total += chances.get(game);
    });
    chances.forEach(function (value, game) { chances.set(game, value / total); });
    return chances;
  }

  /**
   * The sections answering `query`, best first: {terms, results: [{doc, score}], named}. `game` is
   * the game of the page the reader is on (or null); with `only`, the sections of other games are
   * left out, as they are when the question names a game (`named`).
   */
  function rank(ready, query, game, only) {
    var corrected = new Set();
    var fix = function (term) {
      var read = spelled(ready, term);
      if (read !== term) {
        corrected.add(read);
      }
      return read;
    };
    var asked = ready.normalise.terms(query).slice(0, MOST_TERMS).map(fix);
    var whole = named(ready.normalise, query).slice(0, MOST_TERMS).map(fix);
    var naming = namedGame(ready, asked);
    if (naming) {
      game = naming;
      only = true;
      asked = withoutGameName(ready, naming, asked);
      whole = withoutGameName(ready, naming, whole);
    }
    var groups = ready.normalise.expand(asked).map(function (entry) {
      // A word read as another (a misspelling, or a word the book lacks) counts for less.
      var guessed = entry[0].length === 1 && corrected.has(entry[0][0]);
      return guessed ? [entry[0], entry[1] * (ready.index.weights.fuzzy_weight || 1)] : entry;
    });
    var terms = [];
    var asking = 0;
    groups.forEach(function (entry) {
      asking += entry[1];
      entry[0].forEach(function (term) {
        if (terms.indexOf(term) < 0) {
          terms.push(term);
        }
      });
    });
    // The synonyms of the question's terms are looked up too, but asked for only in their stead.
    var sought = terms.slice();
    terms.forEach(function (term) {
      ready.normalise.alternatives(term).forEach(function (other) {
        if (sought.indexOf(other) < 0) {
          sought.push(other);
        }
      });
    });
    var synonymWeight = ready.normalise.synonymWeight;
    var weights = ready.index.weights;
    var k1 = weights.saturation;
    var total = ready.index.docs.length;
    var idf = new Map(sought.map(function (term) {
      var n = ready.counts.get(term) || 0;
      return [term, Math.log(1 + (total - n + 0.5) / (n + 0.5))];
    }));
    var results = [];
    var chances = gameChances(ready, terms);
    var evidence = weights.game_evidence || 0;
    var even = 1 / Math.max(1, chances.size);
    ready.index.docs.forEach(function (doc) {
      if (only && game && doc.game !== game) {
        return;
      }
      var each = new Map();
      sought.forEach(function (term) {
        var tf = 0;
        ready.fields.forEach(function (name) {
          var field = doc.fields[name];
          var count = field && field[term];
          if (count) {
            var b = weights.length_norms[name];
            tf += weights.fields[name] * count / (1 - b + b * doc.lengths[name] / ready.mean[name]);
          }
        });
        if (tf > 0) {
          each.set(term, idf.get(term) * tf * (k1 + 1) / (tf + k1));
        }
      });
      var score = 0;
      var matched = 0;
      // A term's value in this section: its own, else its best synonym's, for less.
      var value = function (term) {
        if (each.has(term)) {
          return each.get(term);
        }
        var best = 0;
        ready.normalise.alternatives(term).forEach(function (other) {
          best = Math.max(best, (each.get(other) || 0) * synonymWeight);
        });
        return best;
      };
      groups.forEach(function (entry) {
        var group = entry[0];
        var values = group.map(value);
        if (values.every(function (v) { return v > 0; })) {
          values.forEach(function (v) { score += entry[1] * v / group.length; });
          matched += entry[1];
        }
      });
      if (score > 0) {
        // The share of the question's weight the section answers, softened (`coverage`, a power).
        var coverage = weights.coverage === undefined ? 1 : weights.coverage;
        score *= Math.pow(matched / asking, coverage) * (weights.kinds[doc.kind] || 1);
        if (titleHolds(terms, doc.titled)) {
          score *= (weights.named_kinds || {})[doc.kind] || 1;
        }
        if (sameSet(whole, doc.named)) {
          score *= weights.title_match;
        } else if (whole.length > 1 && doc.names.some(function (name) { return runsIn(whole, name); })) {
          score *= weights.name_match || 1;
        }
        if (game && doc.game === game) {
          score *= weights.same_game;
        }
        if (doc.game && chances.has(doc.game)) {
          // From 1 - evidence (the question's words say another game) to 1 + evidence (only this one).
          score *= 1 + evidence * (chances.get(doc.game) - even) / (1 - even || 1);
        }
        results.push({ doc: doc, score: score });
      }
    });
    results.sort(function (a, b) { return b.score - a.score; });
    return { terms: terms, results: results, named: naming };
  }

  /** Every word of a text, stop words too, stemmed: what a title names. */
  function named(normalise, text) {
    return normalise.words(text).map(normalise.stem);
  }

  /** Whether a section's title holds every term of the question (the question names it). */
  function titleHolds(terms, titled) {
    return terms.length > 0 && terms.every(function (t) { return titled.indexOf(t) >= 0; });
  }

  /** Whether the question's words are the title's, every one and no other. */
  function sameSet(terms, names) {
    return terms.length > 0 && names.length > 0 &&
      names.every(function (t) { return terms.indexOf(t) >= 0; }) &&
      terms.every(function (t) { return names.indexOf(t) >= 0; });
  }

  /** The sentence of a section's prose holding most of the question's terms, shortened. */
  function snippet(ready, doc, terms) {
    var sentences = (doc.snippet || "").split(/(?<=[.!?])\s+/);
    var best = "";
    var most = 0;
    sentences.forEach(function (sentence) {
      var found = new Set(ready.normalise.terms(sentence).filter(function (t) { return terms.indexOf(t) >= 0; }));
      if (found.size > most) {
        most = found.size;
        best = sentence;
      }
    });
    best = best || sentences[0] || "";
    return best.length > 240 ? best.slice(0, 239).replace(/\s+\S*$/, "") + "\u2026" : best;
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { normaliser: normaliser, prepare: prepare, rank: rank, snippet: snippet, gameChances: gameChances };
    return;
  }

  var script = document.currentScript;
  var base = new URL("../", script ? script.src : location.href);

  function start() {
    var dialog = document.getElementById("bb-search");
    var opener = document.querySelector("[data-bb-search-open]");
    if (!dialog || !opener || typeof dialog.showModal !== "function") {
      return;
    }
    var box = dialog.querySelector("input[type=search]");
    var status = dialog.querySelector("[data-bb-search-status]");
    var list = dialog.querySelector("[data-bb-search-results]");
    var scope = dialog.querySelector("[data-bb-search-scope]");
    var gameLabel = dialog.querySelector("[data-bb-search-game]");
    var closer = dialog.querySelector("[data-bb-search-close]");
    var loading = null;

    function load() {
      if (!loading) {
        loading = fetch(new URL("search/battlebook.json", base).href)
          .then(function (response) {
            if (!response.ok) {
              throw new Error("HTTP " + response.status);
            }
            return response.json();
          })
          .then(prepare);
        loading.catch(function () { loading = null; });
      }
      return loading;
    }

    // A site served from a folder whose name holds a "%" not followed by two hex digits has an
    // address decodeURI refuses (URIError): such an address is compared as it is.
    function decoded(address) {
      try {
        return decodeURI(address);
      } catch (error) {
        return address;
      }
    }

    function here(ready) {
      var path = decoded(location.pathname);
      var root = decoded(base.pathname);
      var page = path.startsWith(root) ? path.slice(root.length) : "";
      var game = ready.index.pages[page];
      return typeof game === "string" ? game : null;
    }

    function mark(text, terms, ready) {
      var out = document.createDocumentFragment();
      var last = 0;
      text.replace(TOKEN, function (word, offset) {
        var asked = ready.normalise.terms(word).some(function (term) { return terms.indexOf(term) >= 0; });
        if (asked) {
          out.append(text.slice(last, offset));
          var strong = document.createElement("mark");
          strong.textContent = word;
          out.append(strong);
          last = offset + word.length;
        }
        return word;
      });
      out.append(text.slice(last));
      return out;
    }

    function show(ready) {
      var query = box.value.trim();
      var game = here(ready);
      scope.hidden = !game;
      if (game) {
        gameLabel.textContent = ready.index.games[game] || game;
      }
      var only = Boolean(game) && dialog.querySelector("input[name=bb-search-scope]:checked").value === "game";
      list.replaceChildren();
      if (!query) {
        status.textContent = "Type a question or a rule's name.";
        list.dataset.query = "";
        return;
      }
      var found = rank(ready, query, game, only);
      var results = found.results.slice(0, SHOWN);
      results.forEach(function (result) {
        var doc = result.doc;
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.className = "bb-search__link";
        link.href = new URL(doc.address, base).href;
        var title = document.createElement("span");
        title.className = "bb-search__title";
        title.textContent = doc.title;
        var where = document.createElement("span");
        where.className = "bb-search__where";
        var place = doc.page && doc.page !== doc.title ? doc.page : "";
        var gameTitle = doc.game ? ready.index.games[doc.game] || doc.game : "";
        where.textContent = [place, gameTitle].filter(Boolean).join(" \u00b7 ");
        var text = document.createElement("span");
        text.className = "bb-search__snippet";
        text.append(mark(snippet(ready, doc, found.terms), found.terms, ready));
        link.append(title, where, text);
        item.append(link);
        list.append(item);
      });
      var total = found.results.length;
      status.textContent = total === 0 ? "No section matches." :
        total === 1 ? "1 section matches." :
        total + " sections match" + (total > SHOWN ? ", the first " + SHOWN + " shown." : ".");
      if (found.named) {
        status.textContent += " Only " + (ready.index.games[found.named] || found.named) +
          "'s sections: the question names the game.";
      }
      list.dataset.query = query;
    }

    function update() {
      load().then(show, function () {
        status.textContent = "The search index could not be loaded.";
      });
    }

    function open() {
      if (!dialog.open) {
        dialog.showModal();
      }
      box.focus();
      box.select();
      status.textContent = "Loading the search\u2026";
      update();
    }

    opener.addEventListener("click", open);
    closer.addEventListener("click", function () { dialog.close(); });
    box.addEventListener("input", update);
    dialog.addEventListener("change", function (event) {
      if (event.target.name === "bb-search-scope") {
        update();
      }
    });
    dialog.querySelector("form").addEventListener("submit", function (event) {
      event.preventDefault();
      var first = list.querySelector("a");
      if (first) {
        first.click();
      }
    });
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) {
        dialog.close();
      } else if (event.target.closest && event.target.closest("a.bb-search__link")) {
        dialog.close();
      }
    });
    dialog.addEventListener("keydown", function (event) {
      if (event.key === "Escape") {
        // Not first clearing the search box, as a search field does by itself: Escape closes.
        event.preventDefault();
        dialog.close();
        return;
      }
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") {
        return;
      }
      var links = Array.prototype.slice.call(list.querySelectorAll("a"));
      var at = links.indexOf(document.activeElement);
      if (document.activeElement === box && event.key === "ArrowDown" && links.length) {
        links[0].focus();
      } else if (at >= 0) {
        var next = at + (event.key === "ArrowDown" ? 1 : -1);
        (next < 0 ? box : links[Math.min(next, links.length - 1)]).focus();
      } else {
        return;
      }
      event.preventDefault();
    });
    document.addEventListener("keydown", function (event) {
      if (dialog.open || event.ctrlKey || event.metaKey || event.altKey || event.key !== "/") {
        return;
      }
      var target = event.target;
      if (target && (target.isContentEditable || /^(input|textarea|select)$/i.test(target.tagName))) {
        return;
      }
      event.preventDefault();
      open();
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

/* The filter box: shows the .filter-item elements whose text holds every word typed,
   hides .filter-group sections left empty. Plain JavaScript, nothing fetched. */
(function () {
  "use strict";

  /* The set chips are folded (details.sets) so that a phone's first screen shows the
     filter and the cards; a wide screen has room for them, unfolded. */
  var sets = document.querySelector("details.sets");
  if (sets && window.matchMedia && window.matchMedia("(min-width: 701px)").matches) {
    sets.open = true;
  }

  var input = document.getElementById("filter");
  if (!input) { return; }

  /* the summary's "N cards shown" follows the filter */
  var shownSummary = document.getElementById("cards-shown");
  var results = document.getElementById("search-results");
  if (results) { searchEveryCard(input, results, shownSummary); return; }
  var items = Array.prototype.slice.call(document.querySelectorAll(".filter-item"));
  var groups = Array.prototype.slice.call(document.querySelectorAll(".filter-group"));
  var count = document.getElementById("filter-count");
  var empty = document.getElementById("filter-empty");
  var noun = input.getAttribute("data-noun") || "items";
  var haystacks = items.map(function (el) {
    return el.textContent.toLowerCase().replace(/\s+/g, " ");
  });
  var groupOf = items.map(function (el) { return el.closest(".filter-group"); });
  var groupLinks = groups.map(function (group) {
    return document.querySelector('[data-group-link="' + group.id + '"]');
  });
  var pending = null;
  var bar = input.closest(".filter");

  /* The filter is kept in the address as ?q=..., so a filtered list can be shared or
     bookmarked, and is restored when the page opens with it. */
  function queryOf(search) {
    var match = /[?&]q=([^&]*)/.exec(search);
    if (!match) { return null; }
    try { return decodeURIComponent(match[1].replace(/\+/g, " ")); } catch (e) { return null; }
  }

  function keepInAddress(value) {
    var rest = location.search.replace(/^\?/, "").split("&").filter(function (part) {
      return part && part.slice(0, 2) !== "q=";
    });
    if (value) { rest.unshift("q=" + encodeURIComponent(value).replace(/%20/g, "+")); }
    var url = location.pathname + (rest.length ? "?" + rest.join("&") : "") + location.hash;
    if (url === location.pathname + location.search + location.hash) { return; }
    try {
      history.replaceState(history.state, "", url);
    } catch (e) { /* some browsers refuse on file:// pages: the filter still works */ }
  }

  /* After filtering, the first match is shown: scrolled to, with its set's heading, just
     under the filter bar (scroll-margin-top in errata.css), unless it is on screen already. */
  function showFirst(first) {
    /* the first match is the first shown in its set: the set's heading comes with it */
    var target = first.closest(".filter-group") || first;
    var top = target.getBoundingClientRect().top;
    var barBottom = bar ? bar.getBoundingClientRect().bottom : 0;
    if (top < barBottom || top > window.innerHeight * 0.6) {
      target.scrollIntoView({block: "start"});
    }
  }

  function apply(scroll) {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    var first = null;
    var groupShown = new Map();
    items.forEach(function (el, i) {
      var match = words.every(function (w) { return haystacks[i].indexOf(w) !== -1; });
      if (el.hidden === match) { el.hidden = !match; }  /* touch only what changes */
      if (match) {
        if (first === null) { first = el; }
        shown += 1;
        groupShown.set(groupOf[i], true);
      }
    });
    groups.forEach(function (group, g) {
      var visible = groupShown.has(group);
      if (group.hidden === visible) { group.hidden = !visible; }
      if (groupLinks[g]) { groupLinks[g].classList.toggle("empty", !visible); }
    });
    if (count) {
      count.textContent = words.length ? say(input, "count-of", "{shown} of {n} {noun}", {shown: shown, n: items.length, noun: noun})
                                       : say(input, "count", "{n} {noun}", {n: items.length, noun: noun});
    }
    if (shownSummary) { shownSummary.textContent = String(shown); }
    if (empty) { empty.hidden = shown !== 0; }
    keepInAddress(input.value.trim());
    if (scroll && words.length && first) { showFirst(first); }
    input.setAttribute("data-applied", input.value);  /* what the list now shows; tests wait on it */
  }

  /* On a long list, typing re-filters once it pauses; a cleared box shows all at once. */
  input.addEventListener("input", function () {
    clearTimeout(pending);
    if (!input.value || items.length <= 200) {
      apply(true);
    } else {
      pending = setTimeout(function () { apply(true); }, 120);
    }
  });
  /* Opened with ?q=: that filter (a link someone shared). Otherwise the box's own text,
     which a browser may restore on going back. Nothing is scrolled: the matches are the
     first cards under the filter, and a link to a card (#card-...) keeps its place. */
  var shared = queryOf(location.search);
  if (shared !== null) { input.value = shared; }
  /* and the introduction gives way to the matches until the filter is cleared, so the
     first match is on the first screen of a phone too */
  var intro = document.querySelector("main > .intro");
  if (intro && input.value.trim()) {
    intro.hidden = true;
    input.addEventListener("input", function () { if (!input.value.trim()) { intro.hidden = false; } });
  }
  apply(false);
})();

/* A site too large for one page (one page per set or letter): the index page searches
   every card in cards-index.js, loaded (a plain script, so from file:// too) when the
   first search is typed, and lists the matches as links to their pages. */
/* The page's words (in its language) for what the script writes, from the filter box's
   data-* attributes ("{n} {noun}", "{shown} of {n} {noun}" ...), else English. */
function say(input, name, fallback, values) {
  var text = input.getAttribute("data-" + name) || fallback;
  return text.replace(/\{(\w+)\}/g, function (all, key) { return key in values ? String(values[key]) : all; });
}

function searchEveryCard(input, results, shownSummary) {
  "use strict";
  var LIMIT = 100;
  var list = results.querySelector("ol.results");
  var more = results.querySelector("p.more");
  var groups = document.getElementById("groups");
  var count = document.getElementById("filter-count");
  var empty = document.getElementById("filter-empty");
  var total = Number(input.getAttribute("data-total"));
  var noun = input.getAttribute("data-noun") || "cards";
  var loading = false;
  var pending = null;

  function load(then) {
    if (window.TAGTEXT_SEARCH) { then(); return; }
    if (loading) { return; }
    loading = true;
    var script = document.createElement("script");
    script.src = "cards-index.js";
    script.onload = function () { loading = false; then(); };
    script.onerror = function () { loading = false; if (count) { count.textContent = say(input, "unavailable", "search unavailable", {}); } };
    document.head.appendChild(script);
  }

  function keepInAddress(value) {
    var url = location.pathname + (value ? "?q=" + encodeURIComponent(value).replace(/%20/g, "+") : "") + location.hash;
    try { history.replaceState(history.state, "", url); } catch (e) { /* file:// in some browsers */ }
  }

  function show() {
    var value = input.value.trim();
    var words = value.toLowerCase().split(/\s+/).filter(Boolean);
    keepInAddress(value);
    if (!words.length) {
      results.hidden = true;
      if (groups) { groups.hidden = false; }
      if (empty) { empty.hidden = true; }
      if (count) { count.textContent = say(input, "count", "{n} {noun}", {n: total, noun: noun}); }
      if (shownSummary) { shownSummary.textContent = String(total); }
      input.setAttribute("data-applied", input.value);
      return;
    }
    load(function () {
      if (input.value.trim() !== value) { return; }       /* typed on meanwhile */
      var found = window.TAGTEXT_SEARCH.cards.filter(function (card) {
        return words.every(function (w) { return card[3].indexOf(w) !== -1; });
      });
      list.textContent = "";
      found.slice(0, LIMIT).forEach(function (card) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = card[2];
        var id = document.createElement("span");
        id.className = "cid";
        id.textContent = card[0];
        a.appendChild(id);
        a.appendChild(document.createTextNode(" " + card[1]));
        li.appendChild(a);
        list.appendChild(li);
      });
      more.hidden = found.length <= LIMIT;
      more.textContent = say(input, "more", "and {n} more: type more words to narrow the search.", {n: found.length - LIMIT});
      results.hidden = found.length === 0;
      if (groups) { groups.hidden = true; }
      if (empty) { empty.hidden = found.length !== 0; }
      if (count) { count.textContent = say(input, "count-of", "{shown} of {n} {noun}", {shown: found.length, n: total, noun: noun}); }
      if (shownSummary) { shownSummary.textContent = String(found.length); }
      input.setAttribute("data-applied", input.value);
    });
  }

  input.addEventListener("input", function () {
    clearTimeout(pending);
    pending = setTimeout(show, input.value ? 150 : 0);
  });
  var match = /[?&]q=([^&]*)/.exec(location.search);
  if (match) {
    try { input.value = decodeURIComponent(match[1].replace(/\+/g, " ")); } catch (e) { /* keep the box */ }
  }
  show();
}

/* The filter box: shows the .filter-item elements whose text holds every word typed,
   hides .filter-group sections left empty. Plain JavaScript, nothing fetched. */
(function () {
  "use strict";

  /* Off-screen cards are laid out only when near the screen (content-visibility in
     errata.css), so a jump to #card-... lands where estimated sizes put it, and the card
     moves once the cards around it are drawn. For a moment after the jump, put it back
     whenever it moves, until the reader scrolls. */
  function settleOnTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (!target) { return; }
    var until = performance.now() + 2000;
    var settled = null;
    var reader = false;
    ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (name) {
      window.addEventListener(name, function () { reader = true; }, {once: true, passive: true});
    });
    function frame() {
      if (reader) { return; }
      var top = target.getBoundingClientRect().top;
      if (settled === null || Math.abs(top - settled) > 1) {
        target.scrollIntoView({block: "start"});
        settled = target.getBoundingClientRect().top;
      }
      if (performance.now() < until) { requestAnimationFrame(frame); }
    }
    requestAnimationFrame(frame);
  }
  window.addEventListener("hashchange", settleOnTarget);
  if (document.readyState === "complete") {
    settleOnTarget();
  } else {
    window.addEventListener("load", settleOnTarget);
  }

  /* The set chips are folded (details.sets) so that a phone's first screen shows the
     filter and the cards; a wide screen has room for them, unfolded. */
  var sets = document.querySelector("details.sets");
  if (sets && window.matchMedia && window.matchMedia("(min-width: 701px)").matches) {
    sets.open = true;
  }

  var input = document.getElementById("filter");
  if (!input) { return; }
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
      count.textContent = words.length ? shown + " of " + items.length + " " + noun : items.length + " " + noun;
    }
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
     which a browser may restore on going back. A link to a card (#card-...) keeps its
     place; without one, the first match is shown. */
  var shared = queryOf(location.search);
  if (shared !== null) { input.value = shared; }
  apply(!location.hash);
})();

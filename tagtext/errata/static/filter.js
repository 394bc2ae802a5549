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

  function apply() {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    var groupShown = new Map();
    items.forEach(function (el, i) {
      var match = words.every(function (w) { return haystacks[i].indexOf(w) !== -1; });
      if (el.hidden === match) { el.hidden = !match; }  /* touch only what changes */
      if (match) {
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
    input.setAttribute("data-applied", input.value);  /* what the list now shows; tests wait on it */
  }

  /* On a long list, typing re-filters once it pauses; a cleared box shows all at once. */
  input.addEventListener("input", function () {
    clearTimeout(pending);
    if (!input.value || items.length <= 200) {
      apply();
    } else {
      pending = setTimeout(apply, 120);
    }
  });
  apply(); /* a browser may restore the box's text on going back */
})();

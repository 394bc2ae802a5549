/* The filter box: shows the .filter-item elements whose text holds every word typed,
   hides .filter-group sections left empty. Plain JavaScript, nothing fetched. */
(function () {
  "use strict";
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

  function apply() {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    items.forEach(function (el, i) {
      var match = words.every(function (w) { return haystacks[i].indexOf(w) !== -1; });
      el.hidden = !match;
      if (match) { shown += 1; }
    });
    groups.forEach(function (group) {
      var visible = group.querySelector(".filter-item:not([hidden])") !== null;
      group.hidden = !visible;
      var link = document.querySelector('[data-group-link="' + group.id + '"]');
      if (link) { link.classList.toggle("empty", !visible); }
    });
    if (count) {
      count.textContent = words.length ? shown + " of " + items.length + " " + noun : items.length + " " + noun;
    }
    if (empty) { empty.hidden = shown !== 0; }
  }

  input.addEventListener("input", apply);
  apply(); /* a browser may restore the box's text on going back */
})();

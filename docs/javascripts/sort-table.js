/* Battlebook: sort a reference table by any of its columns.
 *
 * A table marked `data-bb-sortable` (the units and army cards, engine/battlebook/site/units_index.py)
 * is a plain table without this script. With it, each column heading becomes a button: pressing
 * it (mouse, Enter or Space) sorts the rows by that column, ascending, and again descending; the
 * heading says which way with aria-sort. A cell's `data-sort` is its value for sorting (a whole
 * number sorts as a number, any other text alphabetically; an empty value comes last either way),
 * else its text. Works with instant navigation: it runs again on every page the theme swaps in.
 */
(function () {
  "use strict";

  function sortValue(cell) {
    if (!cell) return "";
    var given = cell.getAttribute("data-sort");
    return (given !== null ? given : cell.textContent).trim();
  }

  function compare(a, b) {
    if (a === b) return 0;
    if (a === "") return 1; // empty values last
    if (b === "") return -1;
    var number = /^-?\d+$/;
    if (number.test(a) && number.test(b)) return Number(a) - Number(b);
    return a.localeCompare(b);
  }

  function sortBy(table, column, descending) {
    var body = table.tBodies[0];
    if (!body) return;
    var rows = Array.prototype.slice.call(body.rows).map(function (row, index) {
      return { row: row, index: index, value: sortValue(row.cells[column]) };
    });
    rows.sort(function (x, y) {
      var order = compare(x.value, y.value);
      if (order !== 0 && x.value !== "" && y.value !== "") order = descending ? -order : order;
      return order || x.index - y.index; // stable: equal values keep their order
    });
    rows.forEach(function (item) {
      body.appendChild(item.row);
    });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (heading, index) {
      if (index === column) heading.setAttribute("aria-sort", descending ? "descending" : "ascending");
      else heading.removeAttribute("aria-sort");
    });
  }

  function prepare(table) {
    if (table.hasAttribute("data-bb-sorting") || !table.tHead || !table.tHead.rows.length) return;
    table.setAttribute("data-bb-sorting", "");
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (heading, column) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "bb-sort";
      while (heading.firstChild) button.appendChild(heading.firstChild);
      var label = button.textContent.trim();
      button.title = "Sort by " + label;
      heading.appendChild(button);
      button.addEventListener("click", function () {
        sortBy(table, column, heading.getAttribute("aria-sort") === "ascending");
      });
    });
  }

  function setup() {
    Array.prototype.forEach.call(document.querySelectorAll("table[data-bb-sortable]"), prepare);
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(setup);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();

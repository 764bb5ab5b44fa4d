/* Battlebook "Try it": the small part every page loads.
 *
 * It puts a "Try it" button under each example of a rulebook page, and on the Playground,
 * the odds pages and a shared link (#try=...) it loads the rest (try-it-app.js). Nothing
 * heavier is fetched before the reader asks: the rules engine itself (Pyodide, served by
 * this site) starts loading, in a Web Worker, when a Try it panel, the Playground or an odds
 * calculator opens, so it is ready, or nearly, by the time the reader presses Run. At the
 * first click on a Try it, this file starts the engine's worker itself, while try-it-app.js
 * is fetched, and hands it over (with the messages it sent meanwhile) once that has loaded.
 * Works with instant navigation: it runs again on every page the theme swaps in.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var ROOT = new URL("..", script ? script.src : location.href).href; // this file is javascripts/try-it.js
  var app = null;
  var early = null; // the engine's worker, started before try-it-app.js loaded, and what it said meanwhile

  function loadApp() {
    if (!app) {
      app = import(ROOT + "javascripts/try-it-app.js").then(
        function (module) {
          module.init(ROOT, takeEarlyWorker);
          return module;
        },
        function (error) {
          var orphan = takeEarlyWorker(); // nothing would take it over: no engine loads for nothing
          if (orphan) orphan.worker.terminate();
          throw error;
        }
      );
    }
    return app;
  }

  /* The first Try it of a page: the engine's worker starts now, not once try-it-app.js has been
   * fetched (the same worker try-it-app.js would start; it takes this one over). */
  function startEarlyWorker() {
    if (app || early || typeof Worker === "undefined") return;
    var worker = new Worker(ROOT + "javascripts/try-it-worker.js", { type: "module", name: "battlebook-engine" });
    var events = [];
    worker.onmessage = worker.onerror = function (event) {
      events.push(event);
    };
    early = { worker: worker, events: events };
  }

  function takeEarlyWorker() {
    var taken = early;
    early = null;
    if (taken) taken.worker.onmessage = taken.worker.onerror = null;
    return taken;
  }

  function pagePath() {
    var here = location.pathname;
    var root = new URL(ROOT).pathname;
    return here.indexOf(root) === 0 ? here.slice(root.length) : here;
  }

  function addButtons(path) {
    var headings = document.querySelectorAll(".bb-example-title");
    Array.prototype.forEach.call(headings, function (heading) {
      var anchor = heading.querySelector("a[id]");
      var next = heading.nextElementSibling;
      if (!anchor || (next && next.classList.contains("bb-try-bar"))) return;
      var bar = document.createElement("div");
      bar.className = "bb-try-bar";
      var button = document.createElement("button");
      button.type = "button";
      button.className = "bb-try-button";
      button.textContent = "Try it";
      button.title = "Edit this example and run it in the page";
      button.setAttribute("aria-expanded", "false");
      button.addEventListener("click", function () {
        if (!bar.querySelector(".bb-try-panel")) startEarlyWorker(); // a panel opens: its engine loads at once
        loadApp().then(function (m) {
          m.toggleExample(bar, button, anchor.id, path);
        });
      });
      bar.appendChild(button);
      heading.insertAdjacentElement("afterend", bar);
    });
  }

  // The theme's search dialog gets an accessible name where the theme gives it none
  // (mkdocs-material's; a theme that names it is left as it is).
  function nameSearchDialog() {
    var dialog = document.querySelector('.md-search[role="dialog"]:not([aria-label])');
    if (dialog) dialog.setAttribute("aria-label", "Search");
  }

  function setup() {
    nameSearchDialog();
    var path = pagePath();
    addButtons(path);
    var wanted =
      document.querySelector("[data-bb-playground]") ||
      /(^|\/)odds\/[\w-]+\/$/.test(path) ||
      /^#(try|odds|fight)=/.test(location.hash);
    if (wanted) {
      loadApp().then(function (m) {
        m.setupPage(path);
      });
    }
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(setup);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
  window.addEventListener("hashchange", function () {
    if (/^#(try|odds|fight)=/.test(location.hash)) {
      loadApp().then(function (m) {
        m.setupPage(pagePath());
      });
    }
  });
})();

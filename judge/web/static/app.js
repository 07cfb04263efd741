// judge: small enhancements for every page (the pages work without them).
// "/" focuses the search box; citations' quotes open on tap; a #clause inside a closed
// revision opens it; printing opens every revision so the print view is complete.
(function () {
  "use strict";

  function typing(el) {
    if (!el) return false;
    var tag = el.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || el.isContentEditable;
  }

  document.addEventListener("keydown", function (ev) {
    if (ev.key === "/" && !ev.ctrlKey && !ev.metaKey && !ev.altKey && !typing(document.activeElement)) {
      var box = document.getElementById("q");
      if (box) {
        ev.preventDefault();
        box.focus();
        box.select();
      }
    } else if (ev.key === "Escape" && document.activeElement && document.activeElement.id === "q") {
      document.activeElement.blur();
    }
  });

  document.addEventListener("click", function (ev) {
    var button = ev.target.closest ? ev.target.closest(".quote-toggle") : null;
    if (!button) return;
    var quote = document.getElementById(button.getAttribute("aria-controls"));
    if (!quote) return;
    var open = !quote.classList.contains("open");
    quote.classList.toggle("open", open);
    button.setAttribute("aria-expanded", open ? "true" : "false");
  });

  function revealHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    var target = document.getElementById(id);
    if (!target) return;
    for (var el = target.parentElement; el; el = el.parentElement) {
      if (el.tagName === "DETAILS") el.open = true;
    }
    target.scrollIntoView({ block: "start" });
  }
  window.addEventListener("hashchange", revealHash);
  document.addEventListener("DOMContentLoaded", revealHash);

  var closedForPrint = [];
  window.addEventListener("beforeprint", function () {
    closedForPrint = Array.prototype.filter.call(document.querySelectorAll("details"), function (d) { return !d.open; });
    closedForPrint.forEach(function (d) { d.open = true; });
  });
  window.addEventListener("afterprint", function () {
    closedForPrint.forEach(function (d) { d.open = false; });
    closedForPrint = [];
  });
})();

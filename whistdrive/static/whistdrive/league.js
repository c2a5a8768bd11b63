// A league match entered deal by deal: its grid opens and the totals go (#47). Loaded by the league's pages
// only, not by the phones' (their page's bytes are counted: tests/entry/test_table_page.py).
(function () {
  "use strict";
  function showMatchEntry() {
    var chosen = document.querySelector("input[name=entered]:checked");
    if (!chosen) return;
    var deals = chosen.value === "deals";
    document.querySelectorAll("details.match-deals").forEach(function (grid) { if (deals) grid.open = true; });
    document.querySelectorAll("fieldset.match-totals").forEach(function (totals) { totals.hidden = deals; });
  }
  document.addEventListener("change", function (event) {
    if (event.target && event.target.name === "entered") showMatchEntry();
  });
  document.addEventListener("DOMContentLoaded", showMatchEntry);
})();

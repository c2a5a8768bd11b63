/* Pushed updates (whistdrive/push.py, whose docstring says more): fetch the fragment only for a pushed
   version the page does not show, skip polls while the stream is open, poll as before when it is not. */
(function () {
  "use strict";
  var state = function () { return document.getElementById("state"); };
  var first = state();
  if (!first || !first.dataset.push || !window.EventSource) return;
  var live = false, dropped = false, pushed = "";
  function fetchIf(differs) {
    var element = state();
    // A page drawn at no version (an entry's answer) fetches itself on load and polls, as before.
    if (element && element.dataset.push && (!differs || (element.dataset.shared && pushed && element.dataset.shared !== pushed))) {
      window.htmx.trigger(element, "pushed");
    }
  }
  var source = new EventSource(first.dataset.push);
  source.addEventListener("open", function () {
    live = true;
    // Back after a drop: even a new server that forgot this phone's seat (which the pushed version lacks).
    if (dropped) { dropped = false; fetchIf(false); }
  });
  source.addEventListener("error", function () { live = false; dropped = true; });
  source.addEventListener("message", function (message) { live = true; pushed = message.data; fetchIf(true); });
  document.body.addEventListener("htmx:confirm", function (event) {
    var element = event.detail.elt;
    // htmx's timer passes no event of its own: a poll, not needed while the stream keeps the page current.
    if (live && element && element.id === "state" && element.dataset.shared &&
        !(event.detail.triggeringEvent instanceof Event)) event.preventDefault();
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    var element = state();
    if (!element || !element.dataset.push) { source.close(); live = false; return; }  // the evening is over
    fetchIf(true);  // an answer that came back after a newer version was pushed
  });
})();

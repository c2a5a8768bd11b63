/* Pushed updates for a table's page (whistdrive/push.py): the server tells the page its table's version
   the moment it changes, and the page fetches its fragment only when it does not show that version yet.
   While the stream is open the page's own polls are skipped; when the stream cannot be opened (the
   server answers 204: it cannot hold streams) or drops (Wi-Fi lost, the phone asleep, the laptop
   gone), the page polls as it always did, and the browser opens the stream again by itself. */
(function () {
  "use strict";
  var state = function () { return document.getElementById("state"); };
  var first = state();
  if (!first || !first.dataset.push || !window.EventSource) return;

  var live = false;
  var pushed = "";  // the version the server last pushed
  function catchUp() {
    var element = state();
    // A page drawn at no version polls (and fetches itself on load) as it always did.
    if (element && element.dataset.push && element.dataset.shared && pushed && element.dataset.shared !== pushed) {
      window.htmx.trigger(element, "pushed");
    }
  }
  var dropped = false;
  var source = new EventSource(first.dataset.push);
  source.addEventListener("open", function () {
    live = true;
    // Back after a drop: anything may have happened meanwhile, even a new server that forgot this
    // phone's seat (its page's version holds the seat; the pushed one does not). One poll asks.
    if (dropped) {
      dropped = false;
      var element = state();
      if (element && element.dataset.push) window.htmx.trigger(element, "pushed");
    }
  });
  source.addEventListener("error", function () { live = false; dropped = true; });
  source.addEventListener("message", function (message) {
    live = true;
    pushed = message.data;
    catchUp();
  });

  document.body.addEventListener("htmx:confirm", function (event) {
    var element = event.detail.elt;
    if (!live || !element || element.id !== "state" || !element.dataset.shared) return;
    // A poll (htmx's timer passes no event of its own) of a page at a version the stream keeps current:
    // not needed. A page drawn at no version (an entry's answer, "working out where everyone goes")
    // still fetches itself on load.
    if (!(event.detail.triggeringEvent instanceof Event)) event.preventDefault();
  });

  document.body.addEventListener("htmx:afterSettle", function () {
    var element = state();
    if (!element || !element.dataset.push) { source.close(); live = false; return; }  // the evening is over here
    // An answer that came back after a newer version was pushed (an entry's, say) is fetched again.
    catchUp();
  });
})();

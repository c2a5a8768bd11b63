/* Pushed updates (whistdrive/server/push.py says more): a pushed page is swapped in, a pushed version fetched,
   unless older than the page shown. No polls while the stream is open and the page not behind it. */
(function () {
  "use strict";
  var state = function () { return document.getElementById("state"); };
  if (!state() || !state().dataset.push || !window.EventSource) return;
  var live = false, dropped = false, pushed = "", revisions = "", source = null, url = "";
  /* A stream can die without a word: a phone asleep long enough for the laptop to give its connection up
     keeps a stream that will never say anything again, and the page would neither hear nor poll. The server
     beats every few seconds (its first beat says how many); a stream silent for BEATS of them is opened anew.
     Silence is counted in the page's own ticks, not read off the clock, which a phone may set on waking; a
     page back in view after longer than that opens its stream anew at once. */
  var BEATS = 2.5, TICK = 10000, quiet = 0, silentFor = 0, hiddenAt = 0;
  function hear() { quiet = 0; }
  function reopen() { live = false; dropped = true; open(url); }
  // Revisions are "event-table" and only grow: a push drawn before the page shown is older.
  function older(a, b) {
    a = (a || "").split("-"); b = (b || "").split("-");
    return a.length !== 2 || b.length !== 2 || +a[0] < +b[0] || +a[1] < +b[1];
  }
  // Whether the last push is news to the page: to one at no version (an entry's answer), any not older.
  function behind(element) {
    if (!element || !element.dataset.push || !pushed || element.dataset.shared === pushed) return false;
    return revisions ? !older(revisions, element.dataset.revision) : !!element.dataset.shared;
  }
  function told(data) {
    live = true;
    var head = data.split(" ");
    pushed = head[0];
    revisions = head[1] || "";
  }
  function catchUp() {
    if (behind(state())) window.htmx.trigger(state(), "pushed");
  }
  function open(to) {
    if (source) source.close();
    url = to;
    source = new EventSource(url);
    source.addEventListener("open", function () {
      live = true;
      hear();
      // Back after a drop: fetch, in case a new server forgot this phone's seat.
      if (dropped) { dropped = false; window.htmx.trigger(state(), "pushed"); }
    });
    source.addEventListener("error", function () { live = false; dropped = true; });
    source.addEventListener("beat", function (message) { hear(); silentFor = BEATS * 1000 * (+message.data || 0); });
    source.addEventListener("message", function (message) { hear(); told(message.data); catchUp(); });
    source.addEventListener("page", function (message) {
      hear();
      var cut = message.data.indexOf("\n");
      told(message.data.slice(0, cut));
      if (behind(state()) && !taps) window.htmx.swap(state(), message.data.slice(cut + 1), { swapStyle: "outerHTML" });
    });
  }
  /* A tap (a form's post) is answered with the page after it, which htmx swaps into the page the tap was made
     on; anything swapped in before the answer arrives leaves that page gone, and the answer with it (seen in
     the test suite: "Not you?" tapped while a fetch was out, whose page, drawn before, then stayed). So a tap
     stops any fetch of the page still out, no fetch starts until it is answered, and a page pushed meanwhile
     waits: once answered, the page catches up with what its stream told it. */
  var taps = 0;
  document.body.addEventListener("htmx:beforeSend", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || event.detail.requestConfig.verb !== "post") return;
    if (state()) window.htmx.trigger(state(), "htmx:abort");
    taps++;
    xhr.addEventListener("loadend", function () { taps--; catchUp(); });
  });
  open(state().dataset.push);
  // The Wi-Fi back (the stream may have stayed open through it): a page behind fetches now, not at its poll.
  window.addEventListener("online", catchUp);
  window.setInterval(function () {
    quiet += TICK;
    if (live && silentFor && quiet > silentFor) reopen();
  }, TICK);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") { hiddenAt = Date.now(); return; }
    if (live && silentFor && hiddenAt && Date.now() - hiddenAt > silentFor) reopen();
  });
  document.body.addEventListener("htmx:confirm", function (event) {
    // htmx's timer and `load` pass no event: no poll while the stream keeps the page current (one behind it
    // polls: its fetch failed, the Wi-Fi gone for it and not for the stream).
    var elt = event.detail.elt;
    if (!elt || elt.id !== "state") return;
    if (taps || (live && !(event.detail.triggeringEvent instanceof Event) && !behind(elt))) event.preventDefault();
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    var element = state();
    if (!element || !element.dataset.push) { source.close(); live = false; return; }  // the evening is over
    // A seat chosen or forgotten: the stream names the player anew.
    if (element.dataset.push !== url) { live = false; open(element.dataset.push); return; }
    catchUp();  // an answer that came back after a newer version was pushed
  });
})();

/* WhistDrive's one script. Pages carry no inline scripts or event handlers: the
   Content-Security-Policy allows scripts from this site's own files only (docs/robustness.md). */
(function () {
  "use strict";

  /* A phone woken from sleep, or a page brought back into view, asks at once for what changed
     (an element with data-poll-on-wake lists "wake" among its hx-trigger events). */
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible" || !window.htmx) return;
    document.querySelectorAll("[data-poll-on-wake]").forEach(function (element) {
      window.htmx.trigger(element, "wake");
    });
  });

  /* htmx swaps nothing when the answer is an error (a 4xx or 5xx): the page would look as if
     the tap had worked. Show the error page's first sentence (its [data-alert] element) at the
     top of the page instead, until a tap (a post) works, or a poll works after 10 seconds, so a
     player has time to read it. */
  function alertBox() {
    var box = document.getElementById("wd-alert");
    if (!box) {
      box = document.createElement("p");
      box.id = "wd-alert";
      box.className = "notice error wd-alert";
      box.setAttribute("role", "alert");
      var main = document.querySelector("main") || document.body;
      main.insertBefore(box, main.firstChild);
    }
    return box;
  }

  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    var said = "";
    try {
      var page = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
      var alert = page.querySelector("[data-alert]");
      said = alert ? alert.textContent.trim() : "";
    } catch (ignored) { /* not HTML: fall back to the status below */ }
    var box = alertBox();
    box.textContent = said || "Something went wrong (" + xhr.status + "). Reload the page and try again.";
    box.dataset.shown = String(Date.now());
  });

  /* The live page: a table's call for the organiser rings (a short tone made here: nothing to
     download in a hall without internet) and flashes the call and its table for a while, unless the
     organiser has switched that off (remembered on this laptop). A call rings once per browser tab. */
  var ALERTS = "wd-call-alerts";
  var SEEN = "wd-calls-seen";
  var FLASH_MS = 15000;
  var flashing = {};  // call id -> until when its call and table flash (the poll redraws them)
  var audio = null;

  function alertsOn() {
    try { return window.localStorage.getItem(ALERTS) !== "off"; } catch (ignored) { return true; }
  }

  function wakeAudio() {
    // Browsers let a page make sound only after a click on it: the first click wakes the tone.
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      if (audio.state === "suspended") audio.resume();
    } catch (ignored) { audio = null; }
  }

  function ring() {
    wakeAudio();
    if (audio) {
      var now = audio.currentTime;
      [0, 0.3].forEach(function (start) {
        var tone = audio.createOscillator();
        var volume = audio.createGain();
        tone.frequency.value = 880;
        volume.gain.setValueAtTime(0.0001, now + start);
        volume.gain.exponentialRampToValueAtTime(0.4, now + start + 0.02);
        volume.gain.exponentialRampToValueAtTime(0.0001, now + start + 0.25);
        tone.connect(volume);
        volume.connect(audio.destination);
        tone.start(now + start);
        tone.stop(now + start + 0.27);
      });
    }
    document.body.dataset.callsRung = String(Number(document.body.dataset.callsRung || 0) + 1);
  }

  function seenCalls() {
    try { return JSON.parse(window.sessionStorage.getItem(SEEN) || "[]"); } catch (ignored) { return []; }
  }

  function showFlashes() {
    var now = Date.now();
    document.querySelectorAll("[data-call]").forEach(function (item) {
      var on = (flashing[item.dataset.call] || 0) > now;
      item.classList.toggle("call-flash", on);
      var card = document.querySelector('.live-table[data-table="' + item.dataset.callTable + '"]');
      if (card && on) card.classList.add("call-flash");
    });
  }

  function checkCalls() {
    if (!document.querySelector("[data-call-alerts]")) return;  // only the live page
    var seen = seenCalls();
    var fresh = [];
    document.querySelectorAll("[data-call]").forEach(function (item) {
      if (seen.indexOf(item.dataset.call) < 0) fresh.push(item.dataset.call);
    });
    if (fresh.length) {
      try { window.sessionStorage.setItem(SEEN, JSON.stringify(seen.concat(fresh).slice(-200))); } catch (ignored) { /* private mode */ }
      if (alertsOn()) {
        fresh.forEach(function (id) { flashing[id] = Date.now() + FLASH_MS; });
        window.setTimeout(showFlashes, FLASH_MS + 100);
        ring();
      }
    }
    showFlashes();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var box = document.querySelector("[data-call-alerts]");
    if (!box) return;
    box.checked = alertsOn();
    box.addEventListener("change", function () {
      try { window.localStorage.setItem(ALERTS, box.checked ? "on" : "off"); } catch (ignored) { /* private mode */ }
      if (box.checked) wakeAudio(); else flashing = {};
      showFlashes();
    });
    document.addEventListener("click", wakeAudio, { once: true });
    checkCalls();
  });
  document.addEventListener("htmx:afterSettle", checkCalls);

  /* The event form shows only the fields of the kind of event chosen (a drive has no rubbers); the
     server ignores a hidden field's value, so nothing hidden can stop the form. */
  function showKindFields() {
    var kind = document.getElementById("id_kind");
    if (!kind) return;
    document.querySelectorAll("[data-kinds]").forEach(function (field) {
      field.hidden = field.dataset.kinds.split(" ").indexOf(kind.value) < 0;
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target && event.target.id === "id_kind") showKindFields();
  });
  document.addEventListener("DOMContentLoaded", showKindFields);
  document.addEventListener("htmx:afterSettle", showKindFields);

  document.addEventListener("htmx:afterRequest", function (event) {
    var box = document.getElementById("wd-alert");
    if (!box || !event.detail.successful) return;
    var poll = (event.detail.requestConfig && event.detail.requestConfig.verb) === "get";
    if (!poll || Date.now() - Number(box.dataset.shown || 0) > 10000) box.remove();
  });
})();

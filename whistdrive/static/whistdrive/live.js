/* The organiser's live page (templates/whistdrive/live.html): its own script, so that no phone loads it. */
(function () {
  "use strict";

  /* A table's call for the organiser rings (a short tone made here: nothing to
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
    if (!document.querySelector("[data-call-alerts]")) return;  // the evening not started: no calls
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
})();

/* A tap is never lost, and never silently: docs/robustness.md, "A phone keeps its taps", says how. Each
   tap carries an idempotency key and is kept in localStorage until answered and backed up (the
   WD-Backed-Up header), sent again when the Wi-Fi is back, to a restarted server (WD-Server), or to
   another laptop on the hall's network. The server takes each key once (whistdrive/entry.py). */
(function () {
  "use strict";

  var STORE = "whistdrive-kept";
  var TAP = /^(\/t\/[^/]+\/)(enter|agree)\/$/;
  var table = (location.pathname.match(/^\/t\/[^/]+\//) || [""])[0];
  var sending = false;
  // The server that answered last, kept like the taps: a tab opened after a restart still sees the change.
  var SERVER = "whistdrive-server";
  var server = localStorage.getItem(SERVER) || "";

  function load() {
    try {
      var all = JSON.parse(localStorage.getItem(STORE) || "[]");
      return Array.isArray(all) ? all : [];
    } catch (ignored) {
      return [];
    }
  }

  function save(all) {
    try {
      localStorage.setItem(STORE, JSON.stringify(all));
    } catch (ignored) { /* storage full or refused: the tap still goes by the network */ }
  }

  function update(key, change) {
    save(load().map(function (item) { return item.key === key ? Object.assign(item, change) : item; }));
  }

  function mine() {
    return load().filter(function (item) { return item.table === table; });
  }

  function newKey() {
    var bytes = new Uint8Array(16); // crypto.randomUUID needs https; a hall's laptop is plain http
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function words(item) {
    var what = item.action === "enter"
      ? "your " + item.tricks + " trick" + (item.tricks === "1" ? "" : "s")
      : "your agreement";
    return what + " for hand " + item.hand;
  }

  /* The line above the table's state: what this phone holds that the laptop has not taken. */
  function show(text, kind) {
    var box = document.getElementById("wd-kept");
    if (!text) {
      if (box) box.remove();
      return;
    }
    if (!box) {
      box = document.createElement("p");
      box.id = "wd-kept";
      box.setAttribute("role", "status");
      var state = document.getElementById("state");
      var main = document.querySelector("main") || document.body;
      main.insertBefore(box, state && state.parentNode === main ? state : main.firstChild);
    }
    box.className = "notice kept " + kind;
    box.textContent = text;
  }

  function showUnsent() {
    var unsent = mine().filter(function (item) { return !item.answered; });
    if (unsent.length) {
      show("Not sent yet — will send when the Wi-Fi is back: " + unsent.map(words).join("; ") + ".", "warn unsent");
    } else if (document.querySelector("#wd-kept.unsent")) {
      show("");
    }
  }

  /* Answered taps are dropped once the laptop's backup holds their hand, or they are two hands old. */
  function forget(backedUp, hand) {
    save(load().filter(function (item) {
      if (item.table !== table || !item.answered) return true;
      return item.hand > backedUp && (!hand || item.hand >= hand - 1);
    }));
  }

  function currentHand() {
    var input = document.querySelector('#state input[name="hand"]');
    return input ? Number(input.value) : 0;
  }

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (ignored) {
      return "";
    }
  }

  function swapState(html) {
    var state = document.getElementById("state");
    if (!state || !html.trim()) return;
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#state");
    if (!fresh) return;
    state.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
  }

  /* Send one kept tap again. Resolves true when the server answered (taken, a repeat, or refused in
     words), false when there is still no server to answer. */
  function resend(item) {
    var body = new URLSearchParams(item.body);
    body.set("key", item.key);
    body.set("resent", "on");
    return fetch(item.path, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "HX-Request": "true", "X-CSRFToken": csrfToken() },
    }).then(function (response) {
      if (response.status === 503 || response.status === 502 || response.status === 504) return false;
      return response.text().then(function (html) {
        var first = !item.answered;
        update(item.key, { answered: true, resent: true });
        if (first) {
          if (response.ok) swapState(html);
          // The answer is drawn below; a refusal (the hand moved on, already agreed) says why there.
          if (response.ok && !document.querySelector("#state .notice.error")) {
            show("Sent when the Wi-Fi came back: " + words(item) + ".", "ok");
          } else {
            show("Sent when the Wi-Fi came back, but not taken: " + words(item) + ". The reason is below.", "error");
          }
        }
        return true;
      });
    }, function () { return false; });
  }

  function byTime(a, b) { return a.at - b.at; }

  /* Send again, oldest first: after the server was away or is another one (a restart, a database brought
     back from a backup), every answered tap its backup may not hold, through the kept taps' door (an
     agreement there waits for the entry it agreed to, which another phone may still be sending); then
     every tap never answered, through the page's own forms, whose answer the page shows. */
  function sendKept(all) {
    if (sending) return;
    var unsent = mine().filter(function (item) { return !item.answered; }).sort(byTime);
    var answered = all ? mine().filter(function (item) { return item.answered; }).sort(byTime) : [];
    if (!unsent.length && !answered.length) return;
    sending = true;
    sendOn(location.origin, answered, Date.now() + 60000).then(function next() {
      var item = unsent.shift();
      if (!item) {
        sending = false;
        showUnsent();
        var state = document.getElementById("state");
        if (state && window.htmx) window.htmx.trigger(state, "wake");
        return;
      }
      resend(item).then(function (reached) {
        if (reached) return next();
        sending = false;
        showUnsent();
      });
    });
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    var match = detail.verb === "post" && (detail.path || "").match(TAP);
    if (!match || !detail.formData || detail.formData.get("key")) return;
    var key = newKey();
    detail.formData.set("key", key);
    var body = new URLSearchParams();
    detail.formData.forEach(function (value, name) {
      if (name !== "key" && name !== "resent") body.append(name, value);
    });
    // A newer tap at this table for the same hand replaces any it could not send: sent later, an
    // older one would undo it.
    var hand = Number(detail.formData.get("hand")) || 0;
    var all = load().filter(function (item) {
      return item.answered || item.table !== match[1] || item.hand !== hand;
    });
    all.push({
      key: key,
      table: match[1],
      path: detail.path,
      action: match[2],
      hand: hand,
      tricks: String(detail.formData.get("tricks") || ""),
      body: body.toString(),
      at: Date.now(),
      answered: false,
    });
    save(all);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    var config = detail.requestConfig || {};
    var xhr = detail.xhr;
    var status = xhr ? xhr.status : 0;
    var reached = status !== 0 && status !== 502 && status !== 503 && status !== 504;
    if (reached && xhr) {
      lastAnswer = Date.now();
      var id = xhr.getResponseHeader("WD-Server") || "";
      var backedUp = Number(xhr.getResponseHeader("WD-Backed-Up") || "0");
      var changed = id && server && id !== server;
      if (id) {
        server = id;
        try { localStorage.setItem(SERVER, id); } catch (ignored) { /* as in save() */ }
      }
      if (xhr.getResponseHeader("WD-Backed-Up") !== null) forget(backedUp, currentHand());
      var key = config.formData && config.formData.get("key");
      if (key && (config.path || "").match(TAP)) update(key, { answered: true });
      // A Wi-Fi that came back: the taps not sent. Another server (a restart, or a laptop restored from
      // a backup): every tap its backup may not hold.
      sendKept(Boolean(changed));
    } else {
      lookForAnotherLaptop();
    }
    if (!looking) showUnsent();
  });

  window.addEventListener("online", function () { sendKept(false); });

  /* The laptop has gone (no answer for a while) and this phone holds taps its backup may not have:
     look for another laptop serving the same table, the way an organiser starts one (the same
     machine on another port; another machine on the hall's network, on this port or rundrive's
     8000), send it what this phone kept, and go to the table's page there. */
  var lastAnswer = Date.now();
  var looking = false;
  var AWAY_MS = 8000;

  function candidates() {
    var here = location.hostname;
    var port = Number(location.port || 80);
    var ports = [port, 8000];
    for (var p = 8000; p <= 8010; p++) ports.push(p);
    for (var d = -5; d <= 5; d++) ports.push(port + d);
    var found = [];
    function add(host, p) {
      var origin = location.protocol + "//" + host + ":" + p;
      if (origin !== location.origin && found.indexOf(origin) < 0) found.push(origin);
    }
    ports.forEach(function (p) { add(here, p); });
    var ipv4 = here.match(/^(\d+\.\d+\.\d+)\.(\d+)$/);
    if (ipv4 && here.indexOf("127.") !== 0) {
      for (var n = 1; n < 255; n++) {
        add(ipv4[1] + "." + n, port);
        if (port !== 8000) add(ipv4[1] + "." + n, 8000);
      }
    }
    return found;
  }

  function probe(origin) {
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, 2500);
    return fetch(origin + table + "here/", { mode: "cors", cache: "no-store", signal: controller.signal })
      .then(function (response) { return response.ok ? origin : null; }, function () { return null; })
      .finally(function () { clearTimeout(timer); });
  }

  function findLaptop(list) {
    // A dozen at a time: a phone's browser holds few connections, and a silent address takes seconds.
    var batch = list.splice(0, 12);
    if (!batch.length) return Promise.resolve(null);
    return Promise.all(batch.map(probe)).then(function (answers) {
      var origin = answers.filter(Boolean)[0];
      return origin || findLaptop(list);
    });
  }

  /* Send the kept taps on, oldest first. A tap the new laptop cannot take yet (an agreement before the
     other side's entry is back from its phone, a hand it has not reached) is asked again every few
     seconds, for a minute at most; then the phone goes on and the organiser's page shows the table. */
  function sendOn(origin, queue, until) {
    var item = queue.shift();
    if (!item) return Promise.resolve(true);
    var body = new URLSearchParams(item.body);
    body.set("key", item.key);
    body.set("action", item.action);
    return fetch(origin + table + "kept/", { method: "POST", mode: "cors", body: body, credentials: "omit" })
      .then(function (response) {
        if (response.status === 503) return false;
        if (response.status === 409 && Date.now() < until) {
          queue.push(item);
          return new Promise(function (done) { setTimeout(done, 2000); })
            .then(function () { return sendOn(origin, queue, until); });
        }
        update(item.key, { answered: true, resent: true });
        return sendOn(origin, queue, until);
      }, function () { return false; });
  }

  function lookForAnotherLaptop() {
    var kept = mine().sort(byTime);
    if (looking || !kept.length || Date.now() - lastAnswer < AWAY_MS) return;
    looking = true;
    show("The laptop cannot be reached. Looking for the organiser's laptop on this network…", "warn");
    findLaptop(candidates()).then(function (origin) {
      if (!origin) return false;
      show("Found the organiser's laptop: sending what this phone kept…", "ok");
      return sendOn(origin, kept, Date.now() + 60000).then(function (sent) {
        if (sent) location.assign(origin + table);
        return sent;
      });
    }).finally(function () {
      looking = false;
      if (Date.now() - lastAnswer >= AWAY_MS) showUnsent();
    });
  }

  function start() {
    if (!table) return;
    showUnsent();
    if (mine().some(function (item) { return !item.answered; })) sendKept(false);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

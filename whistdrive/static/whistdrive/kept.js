/* A tap is never lost, and never silently: docs/robustness.md, "A phone keeps its taps", says how. Each
   tap carries an idempotency key and is kept in localStorage until answered and backed up (the
   WD-Backed-Up header), sent again when the Wi-Fi is back, to a restarted server (WD-Server), or to
   another laptop on the hall's network. The server takes each key once (whistdrive/evening/entry.py). */
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
      failingSince = 0;
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
      failingSince = failingSince || Date.now();
      lookForAnotherLaptop();
    }
    if (!looking) showUnsent();
  });

  window.addEventListener("online", function () { sendKept(false); });

  /* The laptop has gone: look for the one that replaced it, send it what this phone kept, and go to the
     table's page there as the same player. Anything on the hall's Wi-Fi may answer, so a device hears
     nothing of the table before it proves it holds it: asked at a token-free address with a fresh nonce
     (no cookie, no referrer), it must answer HMAC-SHA256(token, nonce) among its tables' proofs
     (tokens.laptop_proof). The likely addresses are asked on every round, the rest of the /24 a slice
     at a time; the page's CSP names exactly these (lan.other_laptops). docs/robustness.md, "Replace". */
  var failingSince = 0; // when the laptop stopped answering (its stream may keep a page current with no polls)
  var looking = false;
  var refused = [];
  var AWAY_MS = 8000;
  var AT_ONCE = 64; // asks in flight: each is another address, and a silent one holds its slot SILENT_MS
  var SILENT_MS = 1500; // a laptop on the hall's Wi-Fi answers in a fraction of this
  var NEAR = 8; // neighbours each side asked on every round
  var SLICE = 128; // further addresses asked on each round
  var ROUND_MS = 1500; // at least this between rounds, where every address refuses at once
  var token = table.split("/")[2] || "";

  function candidates() {
    var here = location.hostname;
    var port = Number(location.port || (location.protocol === "https:" ? 443 : 80));
    var likely = [];
    var far = [];
    function add(list, host, p) {
      var origin = location.protocol + "//" + host + ":" + p;
      if (p > 0 && p < 65536 && origin !== location.origin && likely.indexOf(origin) < 0 && far.indexOf(origin) < 0) {
        list.push(origin);
      }
    }
    for (var d = 1; d <= 5; d++) { add(likely, here, port + d); add(likely, here, port - d); }
    for (var p = 8000; p <= 8010; p++) add(likely, here, p);
    var ipv4 = here.match(/^(\d+\.\d+\.\d+)\.(\d+)$/);
    if (!ipv4) return { likely: likely, far: far };
    var own = Number(ipv4[2]);
    // The replacement most likely runs on this laptop's port: the whole /24 on it before any on 8000, so a
    // far replacement on the same port is found within two rounds (about 9 s), not four.
    [port, 8000].forEach(function (p) {
      for (var d = 1; d < 254; d++) {
        [own + d, own - d].forEach(function (n) {
          if (n >= 1 && n <= 254) add(d <= NEAR ? likely : far, ipv4[1] + "." + n, p);
        });
      }
    });
    return { likely: likely, far: far };
  }

  /* "proved" when the server at origin holds this table, "refused" when it answered without proving it,
     null when nothing answered as a laptop would. */
  function ask(origin, stopped) {
    var nonce = newKey();
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, SILENT_MS);
    stopped.push(controller);
    return fetch(origin + "/here/?nonce=" + nonce, {
      mode: "cors", cache: "no-store", credentials: "omit", referrerPolicy: "no-referrer", signal: controller.signal,
    }).then(function (response) {
      if (!response.ok) return null;
      return response.json().then(function (answer) {
        var proof = window.whistdriveHmac(token, nonce).slice(0, 32);
        return answer && Array.isArray(answer.proofs) && answer.proofs.indexOf(proof) >= 0 ? "proved" : "refused";
      }, function () { return "refused"; });
    }, function () { return null; }).finally(function () { clearTimeout(timer); });
  }

  function lookingWords() {
    var text = "The laptop cannot be reached. Looking for the organiser's laptop on this network…";
    return text + refused.map(function (host) {
      return " A device at " + host + " claimed to be the laptop but could not prove it: nothing was sent to it.";
    }).join("");
  }

  /* One round: ask every address of the list, AT_ONCE at a time; the first that proves it, or null. */
  function round(list) {
    var stopped = [];
    var next = 0;
    var found = null;
    function worker() {
      if (found || next >= list.length || !gone()) return Promise.resolve();
      var origin = list[next++];
      return ask(origin, stopped).then(function (answer) {
        if (answer === "proved" && !found) found = origin;
        var host = origin.replace(/^[a-z]+:\/\//, "");
        if (answer === "refused" && refused.indexOf(host) < 0) {
          refused.push(host);
          show(lookingWords(), "warn looking refused");
        }
        return worker();
      });
    }
    var workers = [];
    for (var i = 0; i < AT_ONCE; i++) workers.push(worker());
    return Promise.all(workers).then(function () {
      stopped.forEach(function (controller) { controller.abort(); });
      return found;
    });
  }

  function gone() { return failingSince > 0 && Date.now() - failingSince >= AWAY_MS; }

  function findLaptop() {
    var all = candidates();
    var sweep = 0;
    function again() {
      if (!gone()) return Promise.resolve(null); // the laptop is back: nothing to look for
      var list = all.likely.concat(all.far.slice(sweep, sweep + SLICE));
      sweep = sweep + SLICE >= all.far.length ? 0 : sweep + SLICE;
      var started = Date.now();
      return round(list).then(function (origin) {
        if (origin) return origin;
        return new Promise(function (done) { setTimeout(done, Math.max(0, ROUND_MS - (Date.now() - started))); })
          .then(again);
      });
    }
    return again();
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
    return fetch(origin + table + "kept/", {
      method: "POST", mode: "cors", body: body, credentials: "omit", referrerPolicy: "no-referrer",
    }).then(function (response) {
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

  /* The player this page is for (its stream names them: pushes.push_as), carried to the new laptop so the
     phone need not pick its seat again there (views/table.py, _handed_over). */
  function handover() {
    var state = document.getElementById("state");
    var push = (state && state.getAttribute("data-push")) || "";
    var player = (push.match(/[?&]as=(\d+)(?::|%3A)/i) || [])[1];
    return player ? "?player=" + player : "";
  }

  function lookForAnotherLaptop() {
    if (looking || !table || !gone()) return;
    looking = true;
    show(lookingWords(), "warn looking");
    findLaptop().then(function (origin) {
      if (!origin) return false;
      show("Found the organiser's laptop: sending what this phone kept…", "ok");
      var seat = handover();
      return sendOn(origin, mine().sort(byTime), Date.now() + 60000).then(function (sent) {
        if (sent) location.assign(origin + table + seat);
        return sent;
      });
    }).catch(function () { return false; }).then(function (moved) {
      looking = false;
      if (moved) return;
      if (document.querySelector("#wd-kept.looking")) show("");
      showUnsent();
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

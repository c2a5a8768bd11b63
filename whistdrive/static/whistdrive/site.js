/* The script every page loads (the table page and the live page have their own too). Pages carry no
   inline scripts or event handlers: the Content-Security-Policy allows scripts from this site's own
   files only (docs/robustness.md). */
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

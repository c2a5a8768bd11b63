/* HMAC-SHA256 for kept.js to check a found laptop's proof (tokens.laptop_proof): browsers give crypto.subtle
   to https and localhost only, and a hall's laptop is plain http. Tested against RFC 4231 and Python's hmac
   (tests/browser/test_a_phone_checks_a_laptops_proof_with_its_own_hmac.py). Strings are taken as UTF-8. */
(function () {
  "use strict";
  var K = [], H = [], n = 2;
  while (K.length < 64) { // the fractions of the primes' cube roots (and square roots of the first 8)
    for (var d = 2; d * d <= n && n % d; d++);
    if (d * d > n) {
      if (H.length < 8) H.push((Math.sqrt(n) % 1) * 4294967296 | 0);
      K.push((Math.cbrt(n) % 1) * 4294967296 | 0);
    }
    n++;
  }
  function r(x, b) { return (x >>> b) | (x << (32 - b)); }
  function sha256(m) {
    var size = Math.ceil((m.length + 9) / 64) * 64, p = new Uint8Array(size), v = new DataView(p.buffer);
    p.set(m);
    p[m.length] = 0x80;
    v.setUint32(size - 8, m.length / 0x20000000);
    v.setUint32(size - 4, m.length * 8);
    var h = H.slice(), w = new Int32Array(64);
    for (var o = 0; o < size; o += 64) {
      for (var i = 0; i < 64; i++) {
        w[i] = i < 16 ? v.getInt32(o + 4 * i) : (w[i - 16] + (r(w[i - 15], 7) ^ r(w[i - 15], 18) ^ (w[i - 15] >>> 3)) +
          w[i - 7] + (r(w[i - 2], 17) ^ r(w[i - 2], 19) ^ (w[i - 2] >>> 10))) | 0;
      }
      var s = h.slice();
      for (i = 0; i < 64; i++) {
        var a = s[0], e = s[4];
        var t = (s[7] + (r(e, 6) ^ r(e, 11) ^ r(e, 25)) + ((e & s[5]) ^ (~e & s[6])) + K[i] + w[i]) | 0;
        var u = ((r(a, 2) ^ r(a, 13) ^ r(a, 22)) + ((a & s[1]) ^ (a & s[2]) ^ (s[1] & s[2]))) | 0;
        s.pop();
        s.unshift((t + u) | 0);
        s[4] = (s[4] + t) | 0;
      }
      h = h.map(function (x, j) { return (x + s[j]) | 0; });
    }
    var out = new DataView(new ArrayBuffer(32));
    h.forEach(function (x, j) { out.setInt32(4 * j, x); });
    return new Uint8Array(out.buffer);
  }
  function bytes(x) { return typeof x === "string" ? new TextEncoder().encode(x) : x; }
  window.whistdriveHmac = function (key, message) { // hex
    key = bytes(key);
    message = bytes(message);
    if (key.length > 64) key = sha256(key);
    var inner = new Uint8Array(64 + message.length), outer = new Uint8Array(96);
    for (var i = 0; i < 64; i++) {
      inner[i] = (key[i] | 0) ^ 0x36;
      outer[i] = (key[i] | 0) ^ 0x5c;
    }
    inner.set(message, 64);
    outer.set(sha256(inner), 64);
    return Array.from(sha256(outer), function (x) { return (x < 16 ? "0" : "") + x.toString(16); }).join("");
  };
})();

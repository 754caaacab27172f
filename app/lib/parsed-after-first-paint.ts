// DOMContentLoaded in a task after the one that ends the parse, so the first frame can come
// between (issue 32, decision 066).
// When a document is parsed, Chromium scans its forms for autofill, and the scan measures the
// form controls: a style and layout of the whole page, forms below the fold included (on /home
// ~20 ms on the test host). With no deferred script, DOMContentLoaded, and the scan with it, runs
// in the task that ends the parse, before the first paint: one task of parsing, scan and first
// layout (40 ms on /home on a quiet run of the test host), which the first frame waited for and
// Lighthouse's simulated phone counted as blocking.
// A deferred script makes the end of parsing wait for it (HTML, "the end": the event loop spins
// until deferred scripts are ready), so the page paints first and DOMContentLoaded follows in a
// task of its own. An inline module script is deferred, needs no request, and runs under the
// page's CSP nonce; it must not be empty (an empty script is never prepared, so it would defer
// nothing).

/** Rendered last in <body> as `<script type="module">`, without `async`. */
export const PARSED_AFTER_FIRST_PAINT_SCRIPT =
  '/* DOMContentLoaded after the first frame: parsed-after-first-paint.ts */';

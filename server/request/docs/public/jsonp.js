/*
 * The playground's only way to the API: JSONP, exactly as a third-party site calls it (the
 * service sends no CORS headers, so fetch/XHR from another origin could not read an answer).
 * Each call adds a <script> whose answer calls a one-time global function.
 */
let counter = 0;

/**
 * Calls `path` of the API at `base` with `params` (and `callback`); resolves with the envelope
 * whatever its code, rejects only when no answer arrives (network failure, not JSONP, timeout).
 * `onDone(url, envelope | error, ms)` hears of every call, for the page's request log.
 */
export function jsonp(base, path, params, { timeoutMs = 15000, onDone } = {}) {
  const name = `musicJsonp${Date.now().toString(36)}_${counter++}`;
  const url = new URL(path.replace(/^\//, ""), base.endsWith("/") ? base : `${base}/`);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  const shown = url.href;
  url.searchParams.set("callback", name);
  const started = performance.now();

  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    const finish = (outcome) => {
      clearTimeout(timer);
      // A late answer finds no function: the body checks `typeof NAME === 'function'` first.
      delete window[name];
      script.remove();
      onDone?.(shown, outcome, Math.round(performance.now() - started));
    };
    const timer = setTimeout(() => {
      finish(new Error("no answer in time"));
      reject(new Error(`no answer from ${url.origin} in time`));
    }, timeoutMs);
    window[name] = (envelope) => {
      finish(envelope);
      resolve(envelope);
    };
    script.addEventListener("error", () => {
      finish(new Error("could not be loaded"));
      reject(new Error(`could not load ${url.origin}${url.pathname} (is the API address right?)`));
    });
    script.src = url.href;
    document.head.append(script);
  });
}

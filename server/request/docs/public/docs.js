/*
 * The reference: Redoc (its standalone bundle, from node_modules) over this service's own
 * OpenAPI document. Everything it loads comes from this origin (no CDN, no fonts from
 * elsewhere), so the page works with no internet.
 */
"use strict";
Redoc.init(
  // Relative to the page, so the reference works behind a path prefix too.
  new URL("openapi.json", document.baseURI).href,
  {
    // x-extension marks what this service adds to the interface contract: shown beside each field.
    showExtensions: ["x-extension"],
    expandResponses: "200",
    jsonSampleExpandLevel: 3,
    requiredPropsFirst: true,
    hideDownloadButton: false,
    scrollYOffset: "nav.docs-nav",
    theme: { typography: { fontFamily: "system-ui, sans-serif", headings: { fontFamily: "system-ui, sans-serif" }, code: { fontFamily: "ui-monospace, monospace" } } },
  },
  document.getElementById("reference"),
);

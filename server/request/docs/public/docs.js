/*
 * Swagger UI over this service's own OpenAPI document. Everything it loads comes from this
 * origin (no CDN, no online validator), so the page works with no internet.
 */
"use strict";
window.ui = SwaggerUIBundle({
  // Relative to the page, so the docs work behind a path prefix too.
  url: new URL("openapi.json", document.baseURI).href,
  dom_id: "#swagger-ui",
  deepLinking: true,
  // The default asks validator.swagger.io about the document: a request off this machine.
  validatorUrl: null,
  // Try it out sends browser requests: a browser's user-agent passes the 4002 rule.
  tryItOutEnabled: false,
  // The curl command Swagger UI shows is the request as sent; curl's own user-agent is answered
  // 4002, so the request names an application and the command works pasted into a shell. (A
  // browser may send its own user-agent instead; that passes too.)
  requestInterceptor: (request) => {
    request.headers["User-Agent"] = "my-app/1.0 (music-aggregator docs)";
    return request;
  },
  defaultModelsExpandDepth: 0,
  docExpansion: "list",
});

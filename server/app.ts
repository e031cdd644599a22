/**
 * `createApp(container)` builds the h3 app from what the container holds, without listening.
 * Routes come from the registry (`/v1`), the share backend plugin (`/api`) and the schemas
 * behind both (the documentation page at `/`).
 */
import { H3 } from "h3";
import type { DependencyContainer } from "tsyringe";
import { registerDocsRoute } from "./docs/routes.ts";
import { registerShareRoutes } from "./share/routes.ts";
import { registerV1Routes } from "./v1/routes.ts";

export function createApp(scope: DependencyContainer): H3 {
  const app = new H3();
  registerV1Routes(app, scope);
  registerShareRoutes(app, scope);
  registerDocsRoute(app, scope);
  return app;
}

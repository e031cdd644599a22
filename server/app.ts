/**
 * `createApp(container)` builds the h3 app from what the container holds, without listening.
 * Routes come from the registry (`/v1`) and from the share backend plugin (`/api`, `/`).
 */
import { H3 } from "h3";
import type { DependencyContainer } from "tsyringe";
import { registerShareRoutes } from "./share/routes.ts";
import { registerV1Routes } from "./v1/routes.ts";

export function createApp(scope: DependencyContainer): H3 {
  const app = new H3();
  registerV1Routes(app, scope);
  registerShareRoutes(app, scope);
  return app;
}

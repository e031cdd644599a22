/**
 * Where the process is in its life, as `/readyz` reports it: `starting` until the plugins are
 * bound, the listener is up and Redis (when configured) has said whether it answers;
 * `ready` while it serves; `draining` once a shutdown has begun (requests in flight finish,
 * new ones should go elsewhere). The process files set it (`service.ts`); requests read it.
 */

export type LifecycleState = "starting" | "ready" | "draining";

export class Lifecycle {
  private current: LifecycleState = "starting";

  get state(): LifecycleState {
    return this.current;
  }

  ready(): void {
    if (this.current === "starting") this.current = "ready";
  }

  /** For good: a draining process is never ready again. */
  draining(): void {
    this.current = "draining";
  }
}

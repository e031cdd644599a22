/**
 * Registers the share-listing services in an app's container. Statistics and QR codes need no
 * backend; listings exist only when a share backend plugin is bound.
 */
import type { DependencyContainer } from "tsyringe";
import type { Storage } from "unstorage";
import type { AppConfig } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { ShareBackend } from "../../../core/plugin.ts";
import type { ResponseCache } from "../../../core/services.ts";
import { Tokens } from "../../../core/tokens.ts";
import { QrCodeService, resolveQrSecret } from "./qr-code.ts";
import { ShareService } from "./share-service.ts";
import { TrafficStats } from "./traffic-stats.ts";

/** How many upstream timeouts one listing may spend across its pages. */
const LISTING_DEADLINE_FACTOR = 3;

export function registerShareServices(
  scope: DependencyContainer,
  { config, log, backend }: { config: AppConfig; log: Logger; backend?: ShareBackend },
): void {
  scope.registerInstance(Tokens.TrafficStats, new TrafficStats(scope.resolve<Storage>(Tokens.StatsStorage)));
  scope.registerInstance(Tokens.QrCodes, new QrCodeService(resolveQrSecret(config.share.qrSecret, log.child("share"))));
  if (!backend) return;
  const cache = scope.resolve<ResponseCache>(Tokens.ResponseCache);
  scope.registerInstance(Tokens.ShareService, new ShareService(backend, cache, config.share.listTtl, config.upstream.timeoutMs * LISTING_DEADLINE_FACTOR));
}

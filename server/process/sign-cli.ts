/**
 * `npm run qr:sign -- <data>`: prints the sign of `data` for `/api/v1/qrcode`, using the
 * secret of the configuration the service would load (`share.qrSecret` or `QR_SIGN_SECRET`).
 */
import { loadConfig } from "../engine/config.ts";
import { QR_MAX_DATA, qrSign } from "../engine/share/qr-code.ts";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || !args[0]) {
    process.stderr.write("usage: npm run qr:sign -- <data>   (quote data that holds spaces)\n");
    return 2;
  }
  const data = args[0];
  if ([...data].length > QR_MAX_DATA) {
    process.stderr.write(`data must be at most ${QR_MAX_DATA} characters\n`);
    return 2;
  }
  const { config } = await loadConfig();
  const secret = config.share.qrSecret;
  if (!secret) {
    // A service without a secret makes a random one per start: no sign printed here would work.
    process.stderr.write("no QR secret configured: set share.qrSecret in the config or QR_SIGN_SECRET\n");
    return 1;
  }
  process.stdout.write(`${qrSign(secret, data)}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

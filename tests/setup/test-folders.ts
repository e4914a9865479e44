import fs from "node:fs";
import { settleImageWork } from "~/modules/images/images.server.ts";

/**
 * Removes a test file's data folder once the image pipeline has written its background variants:
 * removed while the AVIF encoder still wrote, it failed with ENOTEMPTY, and the file's last test
 * with it (seen on a loaded machine). A write still landing (a refused upload's request ending)
 * is met by Node's own retries.
 */
export async function removeDataFolder(dir: string) {
  await settleImageWork();
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

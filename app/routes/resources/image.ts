import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { servicesContext } from "~/context.ts";
import { imagesDir } from "~/modules/images/images.server.ts";
import { IMAGE_FILE_PATTERN } from "~/utils/image-ref.ts";
import type { Route } from "./+types/image";

/** Delivers a stored WebP variant. Names are random and content never changes: cache for a year. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  if (!IMAGE_FILE_PATTERN.test(params.file)) throw new Response("Not found", { status: 404 });
  const file = path.join(imagesDir(env.DATA_DIR), params.file);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat) throw new Response("Not found", { status: 404 });
  const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(stat.size),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}

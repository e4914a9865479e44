// Photos per second through the real image pipeline (storeImage: content check, upright, metadata
// stripped, WebP variants on the local disk, a row in PostgreSQL), for a 12-megapixel camera JPEG
// with EXIF and GPS, as many at once as there are cores. Budget (issue 5): at least 8 photos per
// second on the 2-core development machine; beside it, the CPU time per photo, which a busy machine
// does not inflate. Then the variants the process writes after the burst (the 680-px WebP and AVIF,
// decisions 021 and 042): how long they take, and the bytes of each width in both formats. Needs no
// server: its own embedded PostgreSQL in a temporary folder.
// BENCH_PHOTOS=n (default 24), BENCH_NOISE=σ (grain, default 16), BENCH_ORIENTATION=6 (phone upright),
// SHARP_THREADS=n (libvips threads).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import type { Db } from "~/db/client.server.ts";
import type { PhotoStorage } from "~/modules/images/storage.server.ts";
import { BUDGET, heading, report, summary, table } from "./report.ts";
import { freePort } from "./server.ts";

const photos = Math.max(4, Number(process.env.BENCH_PHOTOS ?? 24) || 24);
/** Sensor-like grain: 16 gives a 3–4 MB file, like a phone's 12 MP photo; 40 is a harsh 5 MB case. */
const NOISE = Number(process.env.BENCH_NOISE ?? 16);
/** EXIF orientation of the photo: 1 as taken in landscape, 6 for a phone held upright. */
const ORIENTATION = Number(process.env.BENCH_ORIENTATION ?? 1);

/** A 4000×3000 photo with texture (noise over gradients), as a phone's camera writes it. */
async function cameraJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = await sharp({ create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: NOISE } } })
    .raw()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="#d9b866"/><stop offset="0.5" stop-color="#0f5652"/><stop offset="1" stop-color="#87a9c9"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return sharp(
    await sharp(gradient)
      .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: "soft-light" }])
      .png()
      .toBuffer(),
  )
    .withMetadata({ orientation: ORIENTATION })
    .withExif({ IFD0: { Make: "Phone", Model: "Camera 12MP" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "24/1 42/1 49/1" } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Average bytes per width of the stored photos, WebP and (where written) AVIF. */
async function variantBytes(db: Db, storage: PhotoStorage) {
  const { images } = await import("~/db/schema.ts");
  const { imageKey } = await import("~/modules/images/images.server.ts");
  const rows = await db.select({ id: images.id, variants: images.variants, avif: images.avif }).from(images);
  const widths = [...new Set(rows.flatMap((r) => r.variants))].sort((a, b) => a - b);
  return Promise.all(
    widths.map(async (width) => {
      const sizes = async (format: "webp" | "avif") => {
        const holding = rows.filter((r) => (format === "webp" ? r.variants : r.avif).includes(width));
        const heads = await Promise.all(holding.map((r) => storage.head(imageKey(r.id, width, format))));
        const total = heads.reduce((sum, head) => sum + (head?.size ?? 0), 0);
        return { count: holding.length, average: holding.length ? total / holding.length : 0 };
      };
      const [webp, avif] = [await sizes("webp"), await sizes("avif")];
      return { width, count: webp.count, webp: webp.average, avifCount: avif.count, avif: avif.average };
    }),
  );
}

export async function measureImages() {
  heading("Photos through the image pipeline (12-megapixel camera JPEG)");
  const { openDatabase } = await import("~/db/client.server.ts");
  const { settleImageWork, storeImage } = await import("~/modules/images/images.server.ts");
  const { createLocalStorage } = await import("~/modules/images/storage-local.server.ts");
  if (process.env.SHARP_THREADS) sharp.concurrency(Number(process.env.SHARP_THREADS));
  const concurrency = os.availableParallelism();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-bench-images-"));
  try {
    const database = await openDatabase({ dataDir, embeddedPort: await freePort() });
    const storage = createLocalStorage(path.join(dataDir, "uploads"));
    try {
      const input = await cameraJpeg();
      const meta = await sharp(input).metadata();
      console.log(`input: ${meta.width}×${meta.height} JPEG, ${(input.byteLength / 1024 / 1024).toFixed(1)} MB, EXIF orientation ${meta.orientation}`);
      console.log(`photos: ${photos}, at once: ${concurrency} (cores: ${os.availableParallelism()})`);

      await storeImage(database.db, storage, input); // warm-up: libvips start-up is not per photo
      await settleImageWork();
      const durations: number[] = [];
      let next = 0;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < photos) {
            next += 1;
            const t = performance.now();
            await storeImage(database.db, storage, input);
            durations.push(performance.now() - t);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      // The CPU the burst used per photo (this process: the encoders' threads and the rest): on a
      // busy machine the wall clock also counts other work, this does not. The cores over it is the
      // rate this machine reaches when nothing else runs.
      const cpuPerPhotoMs = (cpu.user + cpu.system) / 1000 / photos;
      // The later variants (680-px WebP, AVIF) wait while photos are being stored: they are written now, after the burst.
      const laterCpuBefore = process.cpuUsage();
      const avifStarted = performance.now();
      await settleImageWork();
      const avifSeconds = (performance.now() - avifStarted) / 1000;
      const laterCpu = process.cpuUsage(laterCpuBefore);
      const laterCpuPerPhotoMs = (laterCpu.user + laterCpu.system) / 1000 / photos;
      durations.sort((a, b) => a - b);
      const perSecond = photos / seconds;
      const median = durations[Math.floor(durations.length / 2)]!;
      const status = perSecond >= BUDGET.photosPerSecond ? "ok" : "over";
      console.log(`\nphotos per second: ${perSecond.toFixed(1)}   (budget ≥ ${BUDGET.photosPerSecond}: ${status})`);
      console.log(`per photo: median ${median.toFixed(0)} ms, slowest ${durations.at(-1)!.toFixed(0)} ms (with ${concurrency} at once)`);
      const idleRate = (os.availableParallelism() * 1000) / cpuPerPhotoMs;
      console.log(`CPU per photo: ${cpuPerPhotoMs.toFixed(0)} ms, so ${idleRate.toFixed(1)} photos per second on ${os.availableParallelism()} idle cores`);
      summary.push({ metric: "photos per second", value: perSecond.toFixed(1), budget: `>= ${BUDGET.photosPerSecond}`, status });
      summary.push({
        metric: "photos per second, from CPU per photo",
        value: idleRate.toFixed(1),
        budget: `>= ${BUDGET.photosPerSecond}`,
        status: idleRate >= BUDGET.photosPerSecond ? "ok" : "over",
      });
      summary.push({ metric: "per photo median", value: `${median.toFixed(0)} ms`, budget: "-", status: "info" });
      console.log(
        `680-px WebP and AVIF after the burst: ${avifSeconds.toFixed(1)} s for ${photos} photos (${(photos / avifSeconds).toFixed(1)} per second, one at a time), CPU ${laterCpuPerPhotoMs.toFixed(0)} ms per photo`,
      );
      summary.push({ metric: "later variants per second", value: (photos / avifSeconds).toFixed(1), budget: "-", status: "info" });
      const bytes = await variantBytes(database.db, storage);
      table(
        ["width", "WebP KiB", "AVIF KiB", "AVIF written"],
        bytes.map((b) => [String(b.width), (b.webp / 1024).toFixed(1), b.avif ? (b.avif / 1024).toFixed(1) : "-", `${b.avifCount} of ${b.count}`]),
        [true, true, true, true],
      );
      report.images = {
        photos,
        concurrency,
        inputBytes: input.byteLength,
        orientation: meta.orientation,
        perSecond,
        medianMs: median,
        slowestMs: durations.at(-1),
        cpuPerPhotoMs,
        laterCpuPerPhotoMs,
        avifSeconds,
        bytes,
      };
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

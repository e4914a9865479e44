// Writes .br and .gz beside every compressible file of the browser build, so server.ts can
// serve them without compressing on each request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve("build/client");
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".txt", ".html", ".xml", ".map"]);

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

let count = 0;
for (const file of walk(root)) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const source = fs.readFileSync(file);
  if (source.length < 512) continue;
  const brotli = zlib.brotliCompressSync(source, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  const gzip = zlib.gzipSync(source, { level: 9 });
  if (brotli.length < source.length) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < source.length) fs.writeFileSync(`${file}.gz`, gzip);
  count += 1;
}
console.log(`precompressed ${count} files in build/client`);

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

/** The bucket a test server starts with. */
const TEST_BUCKET = "aqar-photos";

/** s3rver's built-in account: requests signed with another key are refused, as a real store would. */
const ACCESS_KEY = "S3RVER";
const SECRET_KEY = "S3RVER";

export interface TestS3Server {
  /** The STORAGE_URL that reaches it (credentials included): give it to the app, or to createStorage. */
  url: string;
  /** The folder where it keeps the objects (s3rver's own layout), for a test that looks behind the API. */
  dir: string;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST API over HTTP, signatures checked) on a free
 * localhost port, with one empty bucket, in a temporary folder that close() removes. Tests of the
 * S3 storage, storage:migrate and the two-instance end-to-end test run against it: no mock, and
 * nothing to install beyond `npm ci`.
 */
export async function startS3Server({ prefix = "" }: { prefix?: string } = {}): Promise<TestS3Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory: dir, silent: true, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await server.run();
  const endpoint = encodeURIComponent(`http://127.0.0.1:${port}`);
  return {
    url: `s3://${ACCESS_KEY}:${SECRET_KEY}@${TEST_BUCKET}${prefix ? `/${prefix}` : ""}?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true`,
    dir,
    async close() {
      // Kept-alive connections of the SDK would hold close() open.
      server.httpServer.closeAllConnections();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

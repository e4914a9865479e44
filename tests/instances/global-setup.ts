// Starts the S3-compatible server and the two-instance cluster (cluster.ts) once for the run and
// stops them after: the specs read where it is from the file named by AQAR_CLUSTER_FILE.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startS3Server } from "../setup/s3-server.ts";
import { CLUSTER_FILE_VARIABLE, startCluster } from "./cluster.ts";

export default async function globalSetup() {
  process.env.LOG_LEVEL ??= "warn"; // this process's own log: the embedded PostgreSQL's start
  // The photos' bucket on a real S3-compatible server (decision 021), shared by both instances.
  const s3 = await startS3Server();
  const cluster = await startCluster({ storageUrl: s3.url }).catch(async (error: unknown) => {
    await s3.close();
    throw error;
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "aqar-cluster-")), "cluster.json");
  fs.writeFileSync(file, JSON.stringify(cluster.info, null, 2));
  process.env[CLUSTER_FILE_VARIABLE] = file;
  return async () => {
    await cluster.stop();
    await s3.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  };
}

// Imported first by server.ts, so the restart happens before the rest of the server is evaluated.
import { restartWithMallocTunables } from "./malloc-tunables.ts";

restartWithMallocTunables();

export type { StagingPool } from "~/db/column-types.ts";

// autocannon ships no types: the part of its API the HTTP benchmark (http.ts) uses.
declare module "autocannon" {
  export interface AutocannonResult {
    requests: { average: number; total: number };
    latency: { p50: number; p90: number; p99: number; max: number; average: number };
    throughput: { average: number; total: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: Record<string, unknown>): Promise<AutocannonResult>;
}

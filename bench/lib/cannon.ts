import autocannon, { type AutocannonResult } from 'autocannon';

export interface ThroughputRun {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total2xx: number;
  /** Non-2xx answers, connection errors and timeouts: any of them makes the figure suspect. */
  failures: number;
  result: AutocannonResult;
}

/** One closed-loop autocannon run: `connections` clients each sending the next request at once. */
export async function measureThroughput(options: {
  url: string;
  connections: number;
  durationS: number;
  headers?: Record<string, string>;
}): Promise<ThroughputRun> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    headers: options.headers ?? {},
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total2xx: result['2xx'],
    failures: result.non2xx + result.errors + result.timeouts,
    result,
  };
}

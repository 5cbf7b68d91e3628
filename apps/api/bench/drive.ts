import autocannon from 'autocannon';
import { sessionHeaders } from './session-headers.ts';

/** Load of the benches: autocannon on 127.0.0.1, with every answer's latency kept exactly. */

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

/** Requests for a while on `connections` connections: latency of each answer, requests per second. */
export async function drive(url: string, token: string, connections: number, seconds: number) {
  const latencies: number[] = [];
  let failures = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, headers: sessionHeaders(token) },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    // autocannon's own histogram keeps whole milliseconds; these are exact.
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) latencies.push(responseTime);
      else failures++;
    });
  });
  if (failures > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${url}: ${failures} answers other than 200, ${result.errors} errors, ${result.timeouts} time-outs`,
    );
  }
  latencies.sort((a, b) => a - b);
  return {
    medianMs: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    rps: latencies.length / seconds,
  };
}

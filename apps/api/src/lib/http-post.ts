/** What came of a POST: the receiver's status and the start of its answer, or why there was none. */
export type PostOutcome = {
  status: number | null;
  /** The first MAX_ANSWER_BYTES of the answer's body as text, control characters as spaces. */
  answer: string;
  /** Why no status came: no connection, or no answer in time. */
  error: string | null;
  /** The caller's signal stopped it (the server is closing): it tells nothing of the receiver. */
  isAborted: boolean;
  durationMs: number;
};

/** As much of an answer as is read: enough to tell why a receiver refused, never a large body. */
export const MAX_ANSWER_BYTES = 1024;

/** Control characters of an answer, a NUL among them, which a text column cannot hold. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

async function readAtMost(response: Response, bytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < bytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // The answer broke off or its time ran out: what came of it is enough.
  } finally {
    reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, bytes).toString('utf8').replace(CONTROL_CHARACTERS, ' ');
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code) return `no connection: ${cause.code}`;
  return error instanceof Error ? (cause?.message ?? error.message) : String(error);
}

/**
 * POSTs `body` to `url` and reads the start of the answer, all within `timeoutMs` or until
 * `signal` aborts. A redirect is not followed: it is the answer (a receiver names its final URL).
 */
export async function postWithin(
  url: string,
  body: string,
  headers: Record<string, string>,
  { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal },
): Promise<PostOutcome> {
  const started = performance.now();
  const deadline = AbortSignal.timeout(timeoutMs);
  const stops = signal ? AbortSignal.any([deadline, signal]) : deadline;
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, { method: 'POST', body, headers, redirect: 'manual', signal: stops });
    const isOk = response.status >= 200 && response.status < 300;
    // A receiver's refusal is read for its reason; an acceptance's body is of no use.
    const answer = isOk ? '' : await readAtMost(response, MAX_ANSWER_BYTES);
    if (isOk) response.body?.cancel().catch(() => {});
    return { status: response.status, answer, error: null, isAborted: false, durationMs: durationMs() };
  } catch (error) {
    const isAborted = signal?.aborted === true && !deadline.aborted;
    const reason = deadline.aborted ? `no answer within ${timeoutMs / 1000} s` : reasonOf(error);
    return { status: null, answer: '', error: reason, isAborted, durationMs: durationMs() };
  }
}

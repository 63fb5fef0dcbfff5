import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A PAC file's text, and where it came from in the end (after redirects). */
export interface PacSource {
  text: string;
  /** The address the text was read from: for http(s), the last one after redirects. */
  fetchedFrom: string;
}

export interface PacFetchLimits {
  /** The most bytes read; real PAC files are a few kilobytes. */
  maxBytes: number;
  /** For http(s): the whole fetch, answer included. */
  timeoutMs: number;
}

export const defaultPacFetchLimits: PacFetchLimits = { maxBytes: 1024 * 1024, timeoutMs: 10_000 };

/** The PAC file is larger than the cap: reading stopped there, and the file is not used. */
export class PacTooLarge extends Error {
  override readonly name = 'PacTooLarge';
  constructor(maxBytes: number) {
    super(`the PAC file is larger than ${Math.round(maxBytes / 1024)} KiB; reading stopped there`);
  }
}

/**
 * Reads a PAC file (an http(s) or file address, as the ProxyPacUrl policy names it), stopping as soon
 * as it passes `maxBytes`: a file that never ends, or one of a gigabyte, must not fill main's memory or
 * hold it for the whole timeout. Fetched directly, as browsers do: a proxy cannot be asked for the file
 * that says which proxy to use (Node's fetch ignores proxy settings).
 */
export async function fetchPacText(pacUrl: string, limits: PacFetchLimits = defaultPacFetchLimits): Promise<PacSource> {
  const url = new URL(pacUrl);
  if (url.protocol === 'file:') {
    // `end` is inclusive: one byte past the cap is enough to know the file is too large.
    const stream = createReadStream(fileURLToPath(url), { end: limits.maxBytes });
    try {
      return { text: await readCapped(stream, limits.maxBytes), fetchedFrom: url.href };
    } finally {
      stream.destroy();
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`unsupported PAC address ${url.protocol}`);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('the PAC file did not arrive in time')), limits.timeoutMs);
  try {
    const response = await fetch(url, { signal: controller.signal, redirect: 'follow' });
    if (!response.ok) throw new Error(`the PAC file answered ${response.status}`);
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > limits.maxBytes) throw new PacTooLarge(limits.maxBytes);
    if (!response.body) return { text: '', fetchedFrom: response.url || url.href };
    return { text: await readCapped(chunksOf(response.body), limits.maxBytes), fetchedFrom: response.url || url.href };
  } finally {
    clearTimeout(timer);
    // Closes the connection of an answer that was not read to its end (too large, or an error status).
    controller.abort();
  }
}

/** The chunks as UTF-8 text; throws PacTooLarge (and reads no further) once they pass `maxBytes`. */
async function readCapped(chunks: AsyncIterable<Uint8Array>, maxBytes: number): Promise<string> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new PacTooLarge(maxBytes);
    parts.push(chunk);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** A fetch body's chunks; leaving the loop early (too large) cancels the body. */
async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

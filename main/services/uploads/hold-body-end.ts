import type FormData from 'form-data';

type Part = unknown;
type LazyPart = (next: (part: Part) => void) => void;

/**
 * Holds back the closing boundary of a multipart body until `until` settles, so that everything
 * before it (the file's bytes) can stream while, say, the queue's journal is still being flushed
 * to disk. A service never stores a multipart file without its closing boundary, so the service
 * cannot hold the file before `until` has resolved; if it rejects, the boundary is never sent and
 * the caller aborts the request.
 *
 * form-data keeps each field's footer as the last, lazily called part of its CombinedStream
 * (`_streams`, a function given a `next` callback); the footer of the last field carries the
 * closing boundary. That is an internal of form-data 4, so this answers false when the shape is
 * not as expected, and the caller must then wait for `until` before sending anything.
 */
export function holdBodyEnd(form: FormData, until: Promise<void>): boolean {
  const parts = (form as unknown as { _streams?: unknown })._streams;
  if (!Array.isArray(parts) || parts.length === 0) return false;
  const footer = parts[parts.length - 1] as unknown;
  if (typeof footer !== 'function') return false;
  const held: LazyPart = (next) => {
    until.then(
      () => (footer as LazyPart)(next),
      () => undefined,
    );
  };
  parts[parts.length - 1] = held;
  return true;
}

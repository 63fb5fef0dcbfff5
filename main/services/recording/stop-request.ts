/** How long the page has to stop its recorder and send its last chunk before main closes the journal. */
export const STOP_ANSWER_MS = 5000;

export interface StopRequestDeps {
  /** The recording this run is writing, and the recording time on disk so far. */
  live(): { id: string; durationMs: number } | undefined;
  /** Asks the page to stop cleanly (an event); its usual `recording:stop` is the answer. */
  ask(id: string): void;
  /** Closes the journal from main: what came so far is kept. */
  end(id: string, ms: number): void;
  /** Tests drive time by hand. */
  setTimer?: (run: () => void, ms: number) => () => void;
}

const realTimer = (run: () => void, ms: number): (() => void) => {
  const timer = setTimeout(run, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
};

/**
 * Stopping a recording from outside the page (the tray). The page holds the recorder, so it is asked
 * first: its stop sends the last second of media. A page that is hung, closed or crashed never answers;
 * then main closes the journal itself after a few seconds, so the recording is kept and goes on to the
 * postrecord questions rather than waiting as "interrupted" until the next start.
 */
export function createStopRequest(deps: StopRequestDeps): () => void {
  const setTimer = deps.setTimer ?? realTimer;
  let pending: { id: string; cancel: () => void } | undefined;
  return () => {
    const live = deps.live();
    if (!live || pending?.id === live.id) return; // a second click waits for the first
    pending?.cancel();
    const id = live.id;
    const cancel = setTimer(() => {
      pending = undefined;
      const still = deps.live();
      if (still?.id === id) deps.end(id, still.durationMs);
    }, STOP_ANSWER_MS);
    pending = { id, cancel };
    deps.ask(id);
  };
}

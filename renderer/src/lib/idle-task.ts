/** Work done while the app is idle, a slice at a time: `timeRemaining` is what this idle moment has left. */
export type IdleTask = (deadline?: { timeRemaining(): number }) => void;

/** The longest slice of work ahead of need, whatever the idle moment offers: a click waits no longer. */
export const IDLE_SLICE_MS = 8;

/**
 * Runs `steps` in order while the app is idle: in each idle moment as many as fit in the time it has
 * left (at most IDLE_SLICE_MS), and always at least one, since an idle callback forced by its timeout
 * has no time left and must still move on. `then` runs once the last step has. Steps are work ahead of
 * need: one that throws is passed over, and the same work is done (or fails) again when it is needed.
 */
export function runWhenIdle(
  steps: readonly (() => void)[],
  whenIdle: (task: IdleTask) => void,
  then?: () => void,
  now: () => number = () => performance.now(),
): void {
  let next = 0;
  const slice: IdleTask = (deadline) => {
    const until = now() + Math.min(IDLE_SLICE_MS, deadline?.timeRemaining() ?? IDLE_SLICE_MS);
    do {
      try {
        steps[next]!();
      } catch {
        // See above: nothing to do ahead of time.
      }
      next++;
    } while (next < steps.length && now() < until);
    if (next < steps.length) whenIdle(slice);
    else then?.();
  };
  if (steps.length > 0) whenIdle(slice);
  else then?.();
}

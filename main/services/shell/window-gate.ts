/**
 * When the main window may be shown. Its page is served by the app:// protocol and talks to main over
 * IPC; both are set up only after the vault has opened (a keychain probe of up to seconds). A window
 * made before then shows a blank page that never recovers. A request to show it before the shell is
 * ready (a second launch during start-up, the first show itself) is remembered and carried out once,
 * when the shell says it is ready.
 */
export interface WindowGate {
  /** Show the window: now if the shell is ready, else once it is. */
  request(): void;
  /** The protocol is served and IPC is mounted: carry out a remembered request. */
  open(): void;
}

export function createWindowGate(show: () => void): WindowGate {
  let ready = false;
  let requested = false;
  return {
    request() {
      if (ready) show();
      else requested = true;
    },
    open() {
      if (ready) return;
      ready = true;
      if (!requested) return;
      requested = false;
      show();
    },
  };
}

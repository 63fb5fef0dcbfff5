/** What main knows about the frame that sent an IPC request. */
export interface SenderInfo {
  /** URL of the sending frame. */
  frameUrl: string;
  /** True when the sender is the top-level frame, not an iframe. */
  isMainFrame: boolean;
  /** True when the frame belongs to one of the app's own windows. */
  fromOurWindow: boolean;
}

/**
 * `scheme://host[:port]` of a URL. WHATWG URL gives "null" as the origin of custom schemes
 * such as app://, so the comparison is made on protocol and host instead.
 */
export function originOf(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}`;
  } catch {
    return undefined;
  }
}

/** Only the main frame of one of our windows, showing our own origin, may call main. */
export function isTrustedSender(sender: SenderInfo, trustedOrigins: readonly string[]): boolean {
  if (!sender.fromOurWindow || !sender.isMainFrame) return false;
  const origin = originOf(sender.frameUrl);
  return origin !== undefined && trustedOrigins.includes(origin);
}

import type { Result } from './result';
import type { AboutInfo, NavigateRequest } from './dto';

/**
 * Renderer -> main requests. Each channel is `'area:action'` mapped to the function the renderer
 * calls. Main implements each with a validated handler; the preload exposes each as a named function.
 */
export interface InvokeContract {
  'app:about': () => Promise<Result<AboutInfo>>;
  /** Opens an https: link in the system browser, after main has parsed and checked it. */
  'app:open-external': (url: string) => Promise<Result<null>>;
}

/** Main -> renderer pushes. */
export interface EventContract {
  /** Main asks the page to show a route (application menu, later tray and notification clicks). */
  'app:navigate': NavigateRequest;
}

export type InvokeChannel = keyof InvokeContract;
export type EventChannel = keyof EventContract;
export type InvokeArgs<C extends InvokeChannel> = Parameters<InvokeContract[C]>;
export type InvokeData<C extends InvokeChannel> =
  Awaited<ReturnType<InvokeContract[C]>> extends Result<infer T> ? T : never;

/**
 * The runtime allowlist. `satisfies` makes a channel missing here a compile error, and the
 * preload and main both refuse anything not listed.
 */
export const invokeChannels = {
  'app:about': true,
  'app:open-external': true,
} as const satisfies Record<InvokeChannel, true>;

export const eventChannels = {
  'app:navigate': true,
} as const satisfies Record<EventChannel, true>;

export const isInvokeChannel = (value: unknown): value is InvokeChannel =>
  typeof value === 'string' && Object.hasOwn(invokeChannels, value);

export const isEventChannel = (value: unknown): value is EventChannel =>
  typeof value === 'string' && Object.hasOwn(eventChannels, value);

/** The name under which the preload exposes the bridge on `window`. */
export const BRIDGE_GLOBAL = 'videoCollab';

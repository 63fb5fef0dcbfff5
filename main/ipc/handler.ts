import type { z } from 'zod';
import type { InvokeArgs, InvokeChannel, InvokeData } from '../../preload/contract';

export interface Handler<C extends InvokeChannel> {
  /** Validates the raw argument list (a tuple) before any service sees it. */
  args: z.ZodType<InvokeArgs<C>>;
  run: (...args: InvokeArgs<C>) => Promise<InvokeData<C>> | InvokeData<C>;
}

/** The handlers of one area's channels (an area's contract interface, e.g. UploadsInvoke). */
export type AreaHandlers<Area> = { [C in keyof Area & InvokeChannel]: Handler<C> };

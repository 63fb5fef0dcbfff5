import { z } from 'zod';
import type { InvokeArgs, InvokeChannel, InvokeData } from '../../preload/contract';
import type { AppInfoService } from '../services/app-info';
import type { ExternalLinks } from '../services/external-links';

/** The services the bridge can reach. Each later area adds its own. */
export interface BridgeServices {
  appInfo: AppInfoService;
  externalLinks: ExternalLinks;
}

export interface Handler<C extends InvokeChannel> {
  /** Validates the raw argument list (a tuple) before any service sees it. */
  args: z.ZodType<InvokeArgs<C>>;
  run: (...args: InvokeArgs<C>) => Promise<InvokeData<C>> | InvokeData<C>;
}

/** One handler per channel: a channel without a handler does not compile. */
export type HandlerTable = { [C in InvokeChannel]: Handler<C> };

const noArgs = z.tuple([]);
/** Long enough for any real link; stops a megabyte of garbage reaching the URL parser. */
const urlArg = z.string().min(1).max(4096);

export function createHandlerTable(services: BridgeServices): HandlerTable {
  return {
    'app:about': { args: noArgs, run: () => services.appInfo.about() },
    'app:open-external': { args: z.tuple([urlArg]), run: (url) => services.externalLinks.open(url) },
  };
}

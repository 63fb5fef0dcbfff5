import type { InvokeChannel, InvokeContract } from '../contract';

/** Makes the page's function for one channel (see buildApi). */
export type BridgeCall = <C extends InvokeChannel>(
  channel: C,
) => (...args: Parameters<InvokeContract[C]>) => ReturnType<InvokeContract[C]>;

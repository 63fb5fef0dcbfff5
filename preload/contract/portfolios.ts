/** Portfolios: the lists and search, one portfolio, creating, changing and deleting it, its videos, files, documents and tag sets, and sharing. */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the area's channels are added here
export interface PortfoliosInvoke {}

export const portfoliosInvokeChannels = {} as const satisfies Record<keyof PortfoliosInvoke, true>;

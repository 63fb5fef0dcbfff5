/** The comment threads of a portfolio. */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the area's channels are added here
export interface PortfolioCommentsInvoke {}

export const portfolioCommentsInvokeChannels = {} as const satisfies Record<keyof PortfolioCommentsInvoke, true>;

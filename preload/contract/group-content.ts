/** Inside a group: posts and their comments, files, members and activity. */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the area's channels are added here
export interface GroupContentInvoke {}

export const groupContentInvokeChannels = {} as const satisfies Record<keyof GroupContentInvoke, true>;

/** Groups: the lists, one group, creating, changing and deleting it, its features, labels (also organisation-wide) and invitations. */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the area's channels are added here
export interface GroupsInvoke {}

export const groupsInvokeChannels = {} as const satisfies Record<keyof GroupsInvoke, true>;

/** Tagged videos: the tags people place on a recording's timeline. */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the area's channels are added here
export interface TaggedVideosInvoke {}

export const taggedVideosInvokeChannels = {} as const satisfies Record<keyof TaggedVideosInvoke, true>;

import { z } from 'zod';
import { createdAtOf, firstOf, optionalId, optionalNumber, optionalText, some, stampWire } from './common';
import type { TaggedVideoStatus, TagInstance, TaggedVideo } from '../../../preload/contract/models/videos';
export type { TaggedVideoStatus, TagInstance, TaggedVideo } from '../../../preload/contract/models/videos';

/** A tagged video: one person's tagging of a recording, with tags placed on its timeline. */

const tagWire = z
  .object({
    id: optionalId,
    tagId: optionalId,
    name: optionalText,
    tagName: optionalText,
    colour: optionalText,
    color: optionalText,
    startSeconds: optionalNumber,
    start: optionalNumber,
    endSeconds: optionalNumber,
    end: optionalNumber,
    note: optionalText,
    comment: optionalText,
  })
  .refine((wire) => firstOf(wire.tagId, wire.id) !== undefined, { message: 'a tag needs an id' });

function tagOf(wire: z.output<typeof tagWire>): TagInstance {
  const tagId = firstOf(wire.tagId, wire.id)!;
  return {
    id: firstOf(wire.id, tagId)!,
    tagId,
    name: firstOf(wire.name, wire.tagName) ?? '',
    ...some('colour', firstOf(wire.colour, wire.color)),
    startSeconds: firstOf(wire.startSeconds, wire.start) ?? 0,
    ...some('endSeconds', firstOf(wire.endSeconds, wire.end)),
    ...some('note', firstOf(wire.note, wire.comment)),
  };
}

const videoWire = z.object({
  title: optionalText,
  name: optionalText,
  durationSeconds: optionalNumber,
  duration: optionalNumber,
  mediaUrl: optionalText,
  videoUrl: optionalText,
  url: optionalText,
  thumbnailUrl: optionalText,
});

/** Status as a number or its name ("Autosaved", "Complete"), as XML and enum-as-text services send it. */
const statusWire = z.union([z.number().int(), z.string()]).nullable().optional();

function statusOf(value: number | string | null | undefined, name: string | null | undefined): TaggedVideoStatus {
  const text = String(value ?? name ?? '')
    .trim()
    .toLowerCase();
  if (text === '2' || text === 'complete' || text === 'completed') return 2;
  return 1;
}

export const taggedVideoWire = z
  .object({
    id: optionalId,
    taggedVideoId: optionalId,
    videoId: optionalId,
    title: optionalText,
    name: optionalText,
    status: statusWire,
    statusId: statusWire,
    statusName: optionalText,
    ownerId: optionalId,
    tagsetId: optionalId,
    tagSetId: optionalId,
    tagsetName: optionalText,
    tagSetName: optionalText,
    recordedStamp: optionalText,
    recordedAt: optionalText,
    updatedAt: optionalText,
    updatedStamp: optionalText,
    video: videoWire.nullable().optional(),
    tags: z.array(tagWire).nullable().optional(),
    ...stampWire,
  })
  .refine((wire) => firstOf(wire.id, wire.taggedVideoId) !== undefined, { message: 'a tagged video needs an id' });

export function taggedVideoOf(wire: z.output<typeof taggedVideoWire>, videoId?: number): TaggedVideo {
  const video = wire.video
    ? {
        title: firstOf(wire.video.title, wire.video.name) ?? '',
        ...some('durationSeconds', firstOf(wire.video.durationSeconds, wire.video.duration)),
        ...some('mediaUrl', firstOf(wire.video.mediaUrl, wire.video.videoUrl, wire.video.url)),
        ...some('thumbnailUrl', wire.video.thumbnailUrl),
      }
    : undefined;
  return {
    id: firstOf(wire.id, wire.taggedVideoId)!,
    videoId: firstOf(wire.videoId, videoId) ?? 0,
    title: firstOf(wire.title, wire.name) ?? '',
    status: statusOf(firstOf(wire.status, wire.statusId), wire.statusName),
    ...some('ownerId', wire.ownerId),
    ...some('tagsetId', firstOf(wire.tagsetId, wire.tagSetId)),
    ...some('tagsetName', firstOf(wire.tagsetName, wire.tagSetName)),
    ...some('recordedAt', firstOf(wire.recordedStamp, wire.recordedAt)),
    ...some('createdAt', createdAtOf(wire)),
    ...some('updatedAt', firstOf(wire.updatedAt, wire.updatedStamp)),
    ...some('video', video),
    tags: (wire.tags ?? []).map(tagOf),
  };
}

import { z } from 'zod';
import type { ServiceHttp } from './http';
import { createdAtOf, firstOf, optionalId, optionalNumber, optionalText, some, stampWire } from './models/common';
import { readTagSets } from './portfolio-content';
import { readList } from './reader';
import type { TagSet } from '../../preload/contract/models/portfolios';
import type { VideoSummary } from '../../preload/contract/portfolios';
export type { VideoSummary } from '../../preload/contract/portfolios';

/**
 * What a person can put into a portfolio: their own videos (`/api/me/videos`, deprecated in the
 * interface but the only list of one's videos it has) and the tag sets of an organisation
 * (`/api/organisations/{id}/tagsets`), from which the tags chosen for a video come.
 */
export interface PortfolioChoicesApi {
  /** The person's own videos, newest first as the service orders them; one organisation's only when given. */
  listMyVideos(organisationId?: number): Promise<VideoSummary[]>;
  /** The organisation's published tag sets the person can see, with their tags. */
  listOrganisationTagSets(organisationId: number): Promise<TagSet[]>;
}

/** VideoForLookup: the interface names the type only; these are the names services of this family use. */
const videoWire = z
  .object({
    id: optionalId,
    videoId: optionalId,
    title: optionalText,
    name: optionalText,
    description: optionalText,
    ownerId: optionalId,
    organisationId: optionalId,
    durationSeconds: optionalNumber,
    duration: optionalNumber,
    thumbnailUrl: optionalText,
    thumbnail: optionalText,
    recordedStamp: optionalText,
    recordedAt: optionalText,
    ...stampWire,
  })
  .refine((wire) => firstOf(wire.videoId, wire.id) !== undefined, { message: 'a video needs an id' });

export function readMyVideos(raw: unknown): VideoSummary[] {
  return readList(videoWire, raw, 'videos').map((wire) => ({
    id: firstOf(wire.videoId, wire.id)!,
    title: firstOf(wire.title, wire.name) ?? '',
    ...some('description', wire.description),
    ...some('durationSeconds', firstOf(wire.durationSeconds, wire.duration)),
    ...some('thumbnailUrl', firstOf(wire.thumbnailUrl, wire.thumbnail)),
    ...some('recordedAt', firstOf(wire.recordedStamp, wire.recordedAt)),
    ...some('createdAt', createdAtOf(wire)),
    ...some('ownerId', wire.ownerId),
    ...some('organisationId', wire.organisationId),
  }));
}

export function createPortfolioChoicesApi(http: ServiceHttp): PortfolioChoicesApi {
  return {
    async listMyVideos(organisationId) {
      const params = organisationId === undefined ? {} : { organisationId };
      return readMyVideos(await http.get('/api/me/videos', { params, what: 'videos' }));
    },
    async listOrganisationTagSets(organisationId) {
      const raw = await http.get(`/api/organisations/${encodeURIComponent(organisationId)}/tagsets`, {
        what: 'tag sets',
      });
      return readTagSets(raw);
    },
  };
}

import { z } from 'zod';
import type { ServiceHttp } from './http';
import {
  createdAtOf,
  firstOf,
  optionalId,
  optionalNumber,
  optionalText,
  personOf,
  personWire,
  some,
  stampWire,
} from './models/common';
import { readList } from './reader';
import type { PortfolioVideo, PortfolioFile, TagSet } from '../../preload/contract/models/portfolios';
export type { PortfolioTag, PortfolioVideo, PortfolioFile, TagSet } from '../../preload/contract/models/portfolios';

/** What a portfolio holds: its videos (with chosen tags), files and documents, and their tag sets. */

export interface PortfolioContentApi {
  listVideos(
    portfolioId: number,
    query?: { createdByMe?: boolean; sharedWithMe?: boolean; orderByDirection?: 'ASC' | 'DESC'; searchTerm?: string },
  ): Promise<PortfolioVideo[]>;
  /** Puts a video in the portfolio with the tags chosen for it (again: replaces its tags). */
  addVideo(portfolioId: number, videoId: number, tagIds?: number[]): Promise<void>;
  removeVideo(portfolioId: number, videoId: number): Promise<void>;
  listFiles(portfolioId: number): Promise<PortfolioFile[]>;
  removeFile(portfolioId: number, fileId: number): Promise<void>;
  listDocuments(portfolioId: number): Promise<PortfolioFile[]>;
  listTagSets(portfolioId: number): Promise<TagSet[]>;
}

const tagWire = z
  .object({
    id: optionalId,
    tagId: optionalId,
    name: optionalText,
    colour: optionalText,
    color: optionalText,
    tagsetId: optionalId,
    tagSetId: optionalId,
    ordinal: optionalNumber,
  })
  .refine((wire) => firstOf(wire.id, wire.tagId) !== undefined, { message: 'a tag needs an id' });

const taggedRefWire = z.object({
  id: z.number().int(),
  title: optionalText,
  name: optionalText,
  status: optionalNumber,
  ownerId: optionalId,
});

const videoWire = z
  .object({
    videoId: optionalId,
    id: optionalId,
    title: optionalText,
    name: optionalText,
    description: optionalText,
    durationSeconds: optionalNumber,
    mediaUrl: optionalText,
    videoUrl: optionalText,
    thumbnailUrl: optionalText,
    recordedStamp: optionalText,
    recordedAt: optionalText,
    ownerId: optionalId,
    owner: personWire.nullable().optional(),
    addedAt: optionalText,
    tagIds: z.array(z.number().int()).nullable().optional(),
    tags: z.array(tagWire).nullable().optional(),
    taggedVideos: z.array(taggedRefWire).nullable().optional(),
  })
  .refine((wire) => firstOf(wire.videoId, wire.id) !== undefined, { message: 'a video needs an id' });

function videoOf(wire: z.output<typeof videoWire>): PortfolioVideo {
  const owner = personOf(wire.owner);
  const tags = (wire.tags ?? []).map((tag) => ({
    id: firstOf(tag.id, tag.tagId)!,
    name: tag.name ?? '',
    ...some('colour', firstOf(tag.colour, tag.color)),
    ...some('tagsetId', firstOf(tag.tagsetId, tag.tagSetId)),
  }));
  return {
    // `VideoId` names the video; a bare `Id` might be the portfolio entry, so it is the fallback.
    id: firstOf(wire.videoId, wire.id)!,
    title: firstOf(wire.title, wire.name) ?? '',
    ...some('description', wire.description),
    ...some('durationSeconds', wire.durationSeconds),
    ...some('mediaUrl', firstOf(wire.mediaUrl, wire.videoUrl)),
    ...some('thumbnailUrl', wire.thumbnailUrl),
    ...some('recordedAt', firstOf(wire.recordedStamp, wire.recordedAt)),
    ...some('ownerId', firstOf(wire.ownerId, owner?.id)),
    ...some('owner', owner),
    ...some('addedAt', wire.addedAt),
    tagIds: wire.tagIds ?? tags.map((tag) => tag.id),
    tags,
    taggedVideos: (wire.taggedVideos ?? []).map((tv) => ({
      id: tv.id,
      title: firstOf(tv.title, tv.name) ?? '',
      status: tv.status ?? 1,
      ...some('ownerId', tv.ownerId),
    })),
  };
}

const fileWire = z
  .object({
    id: optionalId,
    fileId: optionalId,
    name: optionalText,
    fileName: optionalText,
    extension: optionalText,
    size: optionalNumber,
    contentType: optionalText,
    url: optionalText,
    fileUrl: optionalText,
    uploadedBy: personWire.nullable().optional(),
    ...stampWire,
  })
  .refine((wire) => firstOf(wire.id, wire.fileId) !== undefined, { message: 'a file needs an id' });

function fileOf(wire: z.output<typeof fileWire>): PortfolioFile {
  const name = firstOf(wire.name, wire.fileName) ?? '';
  const extension = firstOf(wire.extension, /\.([^.]+)$/.exec(name)?.[1]);
  return {
    id: firstOf(wire.id, wire.fileId)!,
    name,
    ...some('extension', extension?.replace(/^\./, '')),
    ...some('size', wire.size),
    ...some('contentType', wire.contentType),
    ...some('url', firstOf(wire.url, wire.fileUrl)),
    ...some('createdAt', createdAtOf(wire)),
    ...some('uploadedBy', personOf(wire.uploadedBy)),
  };
}

const tagSetWire = z.object({
  id: z.number().int(),
  name: optionalText,
  description: optionalText,
  organisationId: optionalId,
  tags: z.array(tagWire).nullable().optional(),
});

export const readPortfolioVideos = (raw: unknown): PortfolioVideo[] => readList(videoWire, raw, 'videos').map(videoOf);
export const readPortfolioFiles = (raw: unknown, what = 'files'): PortfolioFile[] =>
  readList(fileWire, raw, what).map(fileOf);

export function readTagSets(raw: unknown): TagSet[] {
  return readList(tagSetWire, raw, 'tag sets').map((wire) => ({
    id: wire.id,
    name: wire.name ?? '',
    ...some('description', wire.description),
    ...some('organisationId', wire.organisationId),
    tags: (wire.tags ?? []).map((tag) => ({
      id: firstOf(tag.id, tag.tagId)!,
      name: tag.name ?? '',
      ...some('colour', firstOf(tag.colour, tag.color)),
      ...some('ordinal', tag.ordinal),
    })),
  }));
}

export function createPortfolioContentApi(http: ServiceHttp): PortfolioContentApi {
  const id = encodeURIComponent;
  const path = (portfolioId: number) => `/api/portfolios/${id(portfolioId)}`;
  return {
    async listVideos(portfolioId, query = {}) {
      const raw = await http.get(`/api/portfolio/${id(portfolioId)}/videos/get-all`, {
        params: { ...query },
        what: 'videos',
      });
      return readPortfolioVideos(raw);
    },
    async addVideo(portfolioId, videoId, tagIds = []) {
      // The body is a bare list of tag ids.
      await http.post(`${path(portfolioId)}/videos/${id(videoId)}`, tagIds, { what: 'video' });
    },
    async removeVideo(portfolioId, videoId) {
      await http.del(`${path(portfolioId)}/videos/${id(videoId)}`, { what: 'video' });
    },
    async listFiles(portfolioId) {
      return readPortfolioFiles(await http.get(`${path(portfolioId)}/get-files`, { what: 'files' }));
    },
    async removeFile(portfolioId, fileId) {
      await http.del(`${path(portfolioId)}/remove-file/${id(fileId)}`, { what: 'file' });
    },
    async listDocuments(portfolioId) {
      const raw = await http.get(`${path(portfolioId)}/documents`, { what: 'documents' });
      return readPortfolioFiles(raw, 'documents');
    },
    async listTagSets(portfolioId) {
      return readTagSets(await http.get(`${path(portfolioId)}/tagsets`, { what: 'tag sets' }));
    },
  };
}

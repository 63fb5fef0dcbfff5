import { z } from 'zod';
import {
  createdAtOf,
  firstOf,
  optionalBool,
  optionalId,
  optionalNumber,
  optionalText,
  personItem,
  personOf,
  personWire,
  some,
  stampWire,
  type Person,
} from './common';
import type { Portfolio } from '../../../preload/contract/models/portfolios';
export type { Portfolio } from '../../../preload/contract/models/portfolios';

/** A portfolio (PortfolioGet) and the people it is shared with. */

export const portfolioWire = z
  .object({
    id: optionalId,
    portfolioId: optionalId,
    title: optionalText,
    name: optionalText,
    description: optionalText,
    createdById: optionalId,
    creatorId: optionalId,
    createdBy: personWire.nullable().optional(),
    creator: personWire.nullable().optional(),
    owner: personWire.nullable().optional(),
    updatedAt: optionalText,
    updatedStamp: optionalText,
    updateStamp: optionalText,
    videoCount: optionalNumber,
    commentCount: optionalNumber,
    fileCount: optionalNumber,
    isShared: optionalBool,
    isSharedWithMe: optionalBool,
    sharedWith: z.array(personItem).nullable().optional(),
    ...stampWire,
  })
  .refine((wire) => firstOf(wire.id, wire.portfolioId) !== undefined, { message: 'a portfolio needs an id' });

export function portfolioOf(wire: z.output<typeof portfolioWire>): Portfolio {
  const createdBy = personOf(firstOf(wire.createdBy, wire.creator, wire.owner));
  const sharedWith = wire.sharedWith?.map(personOf).filter((person): person is Person => person !== undefined);
  return {
    id: firstOf(wire.id, wire.portfolioId)!,
    title: firstOf(wire.title, wire.name) ?? '',
    description: wire.description ?? '',
    ...some('createdById', firstOf(wire.createdById, wire.creatorId, createdBy?.id)),
    ...some('createdBy', createdBy),
    ...some('createdAt', createdAtOf(wire)),
    ...some('updatedAt', firstOf(wire.updatedAt, wire.updatedStamp, wire.updateStamp)),
    ...some('videoCount', wire.videoCount),
    ...some('commentCount', wire.commentCount),
    ...some('fileCount', wire.fileCount),
    ...some('isShared', firstOf(wire.isShared, sharedWith ? sharedWith.length > 0 : undefined)),
    ...some('isSharedWithMe', wire.isSharedWithMe),
    ...some('sharedWith', sharedWith),
  };
}

export const readPeople = (items: z.output<typeof personItem>[]): Person[] =>
  items.map(personOf).filter((person): person is Person => person !== undefined);

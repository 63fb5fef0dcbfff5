import { z } from 'zod';
import { readModel } from '../reader';
import type { Person, Label } from '../../../preload/contract/models/common';
export type { Person, Label } from '../../../preload/contract/models/common';

/**
 * Building blocks shared by the browse-area readers. Every member is optional on the wire: the
 * interface shows almost no field names, so each model says which alternatives it accepts and what
 * it cannot do without (usually only an id).
 */

export const optionalText = z.string().nullable().optional();
export const optionalId = z.number().int().nullable().optional();
export const optionalNumber = z.number().nullable().optional();
export const optionalBool = z.boolean().nullable().optional();

/** The first value that is neither null nor undefined (nor an empty string for text). */
export function firstOf<T>(...values: (T | null | undefined)[]): T | undefined {
  for (const value of values) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    return value;
  }
  return undefined;
}

/** `{ key: value }` when the value is present, `{}` otherwise: keeps optional members truly absent. */
export function some<K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } {
  if (value === null || value === undefined) return {};
  if (typeof value === 'string' && value.trim() === '') return {};
  return { [key]: value } as { [P in K]?: V };
}

/** Creation stamps under the names services of this family use. */
export const stampWire = {
  createdAt: optionalText,
  createdStamp: optionalText,
  createStamp: optionalText,
  createdDate: optionalText,
  created: optionalText,
  dateCreated: optionalText,
};

export function createdAtOf(wire: {
  createdAt?: string | null;
  createdStamp?: string | null;
  createStamp?: string | null;
  createdDate?: string | null;
  created?: string | null;
  dateCreated?: string | null;
}): string | undefined {
  return firstOf(wire.createdAt, wire.createdStamp, wire.createStamp, wire.createdDate, wire.created, wire.dateCreated);
}

// ---------------------------------------------------------------------------------------------
// People

export const personWire = z.object({
  id: optionalId,
  userId: optionalId,
  firstName: optionalText,
  lastName: optionalText,
  fullName: optionalText,
  name: optionalText,
  displayName: optionalText,
  email: optionalText,
  pictureUrl: optionalText,
  profileImageUrl: optionalText,
  imageUrl: optionalText,
  avatarUrl: optionalText,
});
export type PersonWire = z.output<typeof personWire>;

/** Splits "Ada Adeyemi" when only a full name came: first word, then the rest. */
export function splitName(full: string | undefined): { firstName: string; lastName: string } {
  const words = (full ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

export function personOf(wire: PersonWire | null | undefined): Person | undefined {
  if (!wire) return undefined;
  const id = firstOf(wire.userId, wire.id);
  if (id === undefined) return undefined;
  const split = splitName(firstOf(wire.fullName, wire.displayName, wire.name));
  const pictureUrl = firstOf(wire.pictureUrl, wire.profileImageUrl, wire.imageUrl, wire.avatarUrl);
  return {
    id,
    firstName: firstOf(wire.firstName) ?? split.firstName,
    lastName: firstOf(wire.lastName) ?? split.lastName,
    ...some('pictureUrl', pictureUrl),
  };
}

/** A person as a model of its own (a list of people): an id is required. */
export const personItem = personWire.refine((wire) => firstOf(wire.userId, wire.id) !== undefined, {
  message: 'a person needs an id',
});

// ---------------------------------------------------------------------------------------------
// Labels

export const labelWire = z
  .object({
    id: optionalId,
    labelId: optionalId,
    name: optionalText,
    labelName: optionalText,
    title: optionalText,
    organisationId: optionalId,
    communityCount: optionalNumber,
  })
  .refine((wire) => firstOf(wire.labelId, wire.id) !== undefined, { message: 'a label needs an id' });

export function labelOf(wire: z.output<typeof labelWire>): Label {
  return { id: firstOf(wire.labelId, wire.id)!, name: firstOf(wire.name, wire.labelName, wire.title) ?? '' };
}

// ---------------------------------------------------------------------------------------------
// Answers typed only as "object"

/**
 * Many writes answer an untyped object (or nothing). A success status is what counts; the answer is
 * read when it happens to be the record, and otherwise ignored rather than failing a write that worked.
 */
export function maybeModel<S extends z.ZodType>(schema: S, raw: unknown, what: string): z.output<S> | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  try {
    return readModel(schema, raw, what);
  } catch {
    return undefined;
  }
}

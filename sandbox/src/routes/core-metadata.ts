import type { SandboxContext } from '../context.js';
import { notFound } from '../http/errors.js';

/**
 * The interface states typeId's meaning both ways round; the sandbox chose 1 = prerecord (asked before
 * recording) and 2 = postrecord (asked after), the order the words first appear in.
 */
export const MetadataType = { Prerecord: 1, Postrecord: 2 } as const;
export const metadataTypeNames: Record<number, string> = { 1: 'Prerecord', 2: 'Postrecord' };

export interface MetadataRow {
  id: number;
  organisation_id: number;
  type_id: number;
  name: string;
  description: string;
  is_hidden: number;
  is_required: number;
  ordinal: number;
  options: string;
  author_id: number | null;
  created_at: string;
  updated_at: string | null;
}

export function requireMetadata(ctx: SandboxContext, id: number): MetadataRow {
  const row = ctx.db.prepare('SELECT * FROM metadata WHERE id = ?').get(id) as MetadataRow | undefined;
  if (!row) throw notFound('Metadata', id);
  return row;
}

/** MetadataLookup. */
export const metadataLookup = (m: MetadataRow) => ({
  Id: m.id,
  Name: m.name,
  TypeId: m.type_id,
  TypeName: metadataTypeNames[m.type_id] ?? null,
  IsHidden: m.is_hidden === 1,
  IsRequired: m.is_required === 1,
  Ordinal: m.ordinal,
  Options: JSON.parse(m.options) as string[],
});

/** MetadataGet. */
export const metadataGet = (m: MetadataRow) => ({
  ...metadataLookup(m),
  OrganisationId: m.organisation_id,
  Description: m.description,
  AuthorId: m.author_id,
  CreatedStamp: m.created_at,
  UpdatedStamp: m.updated_at,
});

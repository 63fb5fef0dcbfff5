import type { SandboxContext } from '../context.js';
import type { CurrentUser } from './current-user.js';
import { isOrgAdmin } from './current-user.js';

export interface TagSetFilter {
  includeUnpublished: boolean;
  isOrganisationWide?: boolean | undefined;
  visibility?: string | undefined;
  status?: string | undefined;
  searchTerm?: string | undefined;
}

interface TagSetRow {
  id: number;
  organisation_id: number;
  author_id: number | null;
  name: string;
  description: string;
  is_published: number;
  is_organisation_wide: number;
  visibility: string;
  status: string;
  created_at: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/**
 * OrganisationTagSetListWithAuthor. Private tag sets are seen by their author only; unpublished ones
 * (drafts) only when asked for, and then the caller's own drafts, or every draft for an organisation admin.
 */
export function listTagSets(ctx: SandboxContext, caller: CurrentUser, organisationId: number, filter: TagSetFilter) {
  const admin = isOrgAdmin(caller, organisationId);
  const clauses = ['t.organisation_id = ?', "(t.visibility <> 'Private' OR t.author_id = ?)"];
  const params: unknown[] = [organisationId, caller.id];
  if (!filter.includeUnpublished) clauses.push('t.is_published = 1');
  else if (!admin) {
    clauses.push('(t.is_published = 1 OR t.author_id = ?)');
    params.push(caller.id);
  }
  if (filter.isOrganisationWide !== undefined) {
    clauses.push('t.is_organisation_wide = ?');
    params.push(filter.isOrganisationWide ? 1 : 0);
  }
  if (filter.visibility) {
    clauses.push('lower(t.visibility) = lower(?)');
    params.push(filter.visibility);
  }
  if (filter.status) {
    clauses.push('lower(t.status) = lower(?)');
    params.push(filter.status);
  }
  if (filter.searchTerm) {
    clauses.push('(t.name LIKE ? OR t.description LIKE ?)');
    params.push(`%${filter.searchTerm}%`, `%${filter.searchTerm}%`);
  }
  const rows = ctx.db
    .prepare(
      `SELECT t.*, u.first_name, u.last_name, u.email FROM tagsets t LEFT JOIN users u ON u.id = t.author_id
        WHERE ${clauses.join(' AND ')} ORDER BY t.name COLLATE NOCASE, t.id`,
    )
    .all(...params) as TagSetRow[];
  const tagsOf = ctx.db.prepare('SELECT id, name, colour, ordinal FROM tags WHERE tagset_id = ? ORDER BY ordinal, id');
  return rows.map((t) => ({
    Id: t.id,
    OrganisationId: t.organisation_id,
    Name: t.name,
    Description: t.description,
    IsPublished: t.is_published === 1,
    IsOrganisationWide: t.is_organisation_wide === 1,
    Visibility: t.visibility,
    Status: t.status,
    CreatedStamp: t.created_at,
    AuthorId: t.author_id,
    AuthorName: t.first_name === null ? null : `${t.first_name} ${t.last_name ?? ''}`.trim(),
    Author:
      t.author_id === null ? null : { Id: t.author_id, FirstName: t.first_name, LastName: t.last_name, Email: t.email },
    Tags: (tagsOf.all(t.id) as { id: number; name: string; colour: string; ordinal: number }[]).map((tag) => ({
      Id: tag.id,
      Name: tag.name,
      Colour: tag.colour,
      Ordinal: tag.ordinal,
    })),
  }));
}

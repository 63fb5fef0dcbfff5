import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { conflict, forbidden, notFound, unauthorized } from '../http/errors.js';
import { belongsTo, isOrgAdmin, isSiteAdmin, type CurrentUser } from './current-user.js';
import { isCommunityMember, type CommunityRow } from './groups.js';
import { toLabel, type CommunityLabel } from './groups-model.js';
import { Role } from './roles.js';

/**
 * Organisation labels and their assignment to groups, with the permissions the interface names:
 * - read a group's labels: group members or observers of the organisation (org admins too); other people of
 *   the organisation get 403, people outside it 401 (as the interface states);
 * - attach/detach: group admin or organisation admin;
 * - rename/delete organisation-wide: organisation admin or site admin.
 */

interface LabelRow {
  id: number;
  organisation_id: number;
  name: string;
}

export function requireLabelReader(ctx: SandboxContext, user: CurrentUser, community: CommunityRow): void {
  const organisationId = community.organisation_id;
  if (isCommunityMember(ctx, user.id, community.id)) return;
  if ((user.roles.get(organisationId) ?? []).includes(Role.Observer) || isOrgAdmin(user, organisationId)) return;
  if (belongsTo(user, organisationId)) throw forbidden('Only members of this group or observers may read its labels.');
  throw unauthorized('You are not a member of the organisation of this group.');
}

export function requireOrganisationLabelAdmin(user: CurrentUser, organisationId: number): void {
  if (!isOrgAdmin(user, organisationId) && !isSiteAdmin(user, organisationId)) {
    throw forbidden('Only an organisation admin or a site admin may change labels organisation-wide.');
  }
}

export function requireLabel(ctx: SandboxContext, organisationId: number, labelId: number): LabelRow {
  const row = ctx.db
    .prepare('SELECT id, organisation_id, name FROM labels WHERE id = ? AND organisation_id = ?')
    .get(labelId, organisationId) as LabelRow | undefined;
  if (!row) throw notFound('Label', labelId);
  return row;
}

/** Reuses the organisation's label of that name (ignoring case) or creates it, then attaches it to the group. */
export function attachLabel(ctx: SandboxContext, community: CommunityRow, name: string): CommunityLabel {
  return inTransaction(ctx.db, () => {
    let label = ctx.db
      .prepare('SELECT id, organisation_id, name FROM labels WHERE organisation_id = ? AND name = ?')
      .get(community.organisation_id, name) as LabelRow | undefined;
    if (!label) {
      const id = Number(
        ctx.db
          .prepare('INSERT INTO labels (organisation_id, name, created_at) VALUES (?,?,?)')
          .run(community.organisation_id, name, ctx.now().toISOString()).lastInsertRowid,
      );
      label = { id, organisation_id: community.organisation_id, name };
    }
    ctx.db
      .prepare('INSERT OR IGNORE INTO community_labels (community_id, label_id) VALUES (?, ?)')
      .run(community.id, label.id);
    return toLabel(label);
  });
}

export function detachLabel(ctx: SandboxContext, community: CommunityRow, labelId: number): void {
  const removed = inTransaction(
    ctx.db,
    () =>
      ctx.db.prepare('DELETE FROM community_labels WHERE community_id = ? AND label_id = ?').run(community.id, labelId)
        .changes,
  );
  if (removed === 0) throw notFound('Label', labelId);
}

export interface OrganisationLabel extends CommunityLabel {
  CommunityCount: number;
}

export function organisationLabels(ctx: SandboxContext, organisationId: number): OrganisationLabel[] {
  return (
    ctx.db
      .prepare(
        `SELECT l.id, l.organisation_id, l.name,
           (SELECT COUNT(*) FROM community_labels cl WHERE cl.label_id = l.id) AS community_count
         FROM labels l WHERE l.organisation_id = ? ORDER BY l.name COLLATE NOCASE, l.id`,
      )
      .all(organisationId) as (LabelRow & { community_count: number })[]
  ).map((r) => ({ ...toLabel(r), CommunityCount: r.community_count }));
}

/** Renames everywhere at once (groups refer to the label by id); another label of that name is a 409. */
export function renameLabel(ctx: SandboxContext, label: LabelRow, name: string): CommunityLabel {
  return inTransaction(ctx.db, () => {
    const clash = ctx.db
      .prepare('SELECT id FROM labels WHERE organisation_id = ? AND name = ? AND id <> ?')
      .get(label.organisation_id, name, label.id);
    if (clash) throw conflict(`The organisation already has a label named "${name}".`);
    ctx.db.prepare('UPDATE labels SET name = ? WHERE id = ?').run(name, label.id);
    return toLabel({ ...label, name });
  });
}

export function deleteLabel(ctx: SandboxContext, label: LabelRow) {
  return inTransaction(ctx.db, () => {
    const assignments = ctx.db.prepare('DELETE FROM community_labels WHERE label_id = ?').run(label.id).changes;
    ctx.db.prepare('DELETE FROM labels WHERE id = ?').run(label.id);
    return { ...toLabel(label), Deleted: true, RemovedAssignments: assignments };
  });
}

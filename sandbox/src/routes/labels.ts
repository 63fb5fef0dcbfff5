import type { RouteModule } from './index.js';
import type { SandboxContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { parseBody } from '../http/body.js';
import { pathInt } from '../http/query.js';
import { me, requireMember } from '../domain/current-user.js';
import { requireCommunity, requireCommunityManager } from '../domain/groups.js';
import { labelsOfCommunity } from '../domain/groups-model.js';
import {
  attachLabel,
  deleteLabel,
  detachLabel,
  organisationLabels,
  renameLabel,
  requireLabel,
  requireLabelReader,
  requireOrganisationLabelAdmin,
} from '../domain/groups-labels.js';
import { labelBody } from './groups-bodies.js';

function requireOrganisation(ctx: SandboxContext, organisationId: number): void {
  if (!ctx.db.prepare('SELECT 1 FROM organisations WHERE id = ?').get(organisationId)) {
    throw notFound('Organisation', organisationId);
  }
}

/** Group labels and organisation labels (permissions in domain/groups-labels.ts). */
const register: RouteModule = (app, ctx) => {
  app.get('/api/communities/:id/labels', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'id'));
    requireLabelReader(ctx, user, community);
    return labelsOfCommunity(ctx, community.id);
  });

  app.post('/api/communities/:id/labels', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'id'));
    requireCommunityManager(ctx, user, community);
    const body = parseBody(req, labelBody);
    return attachLabel(ctx, community, body.Name);
  });

  app.delete('/api/communities/:id/labels/:labelId', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'id'));
    requireCommunityManager(ctx, user, community);
    const labelId = pathInt(req, 'labelId');
    detachLabel(ctx, community, labelId);
    return { CommunityId: community.id, LabelId: labelId, Removed: true };
  });

  app.get('/api/organisations/:id/labels', async (req) => {
    const user = me(req);
    const organisationId = pathInt(req, 'id');
    requireOrganisation(ctx, organisationId);
    requireMember(user, organisationId);
    return organisationLabels(ctx, organisationId);
  });

  app.put('/api/organisations/:id/labels/:labelId', async (req) => {
    const user = me(req);
    const organisationId = pathInt(req, 'id');
    requireOrganisation(ctx, organisationId);
    requireOrganisationLabelAdmin(user, organisationId);
    const label = requireLabel(ctx, organisationId, pathInt(req, 'labelId'));
    const body = parseBody(req, labelBody);
    return renameLabel(ctx, label, body.Name);
  });

  app.delete('/api/organisations/:id/labels/:labelId', async (req) => {
    const user = me(req);
    const organisationId = pathInt(req, 'id');
    requireOrganisation(ctx, organisationId);
    requireOrganisationLabelAdmin(user, organisationId);
    const label = requireLabel(ctx, organisationId, pathInt(req, 'labelId'));
    return deleteLabel(ctx, label);
  });
};

export default register;

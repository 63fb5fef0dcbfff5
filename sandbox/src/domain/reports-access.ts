import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { me, requireOrgAdmin } from './current-user.js';
import { requireOrganisation, type OrganisationRow } from './organisations.js';

/**
 * Reports and statistics are for organisation administrators. The organisation is the one named
 * (organisationId) or else the caller's default organisation.
 */
export function reportOrganisation(ctx: SandboxContext, req: FastifyRequest, named?: number): OrganisationRow {
  const caller = me(req);
  const organisationId = named ?? caller.defaultOrganisationId;
  if (organisationId === null || organisationId === undefined) {
    throw badRequest('organisationId', 'The organisationId field is required.');
  }
  const org = requireOrganisation(ctx, organisationId);
  requireOrgAdmin(caller, org.id);
  return org;
}

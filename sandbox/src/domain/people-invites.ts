import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { badRequest } from '../http/errors.js';
import { newSecret } from '../auth/tokens.js';
import { hasTable } from '../routes/core-schema.js';
import { addMember } from './groups.js';
import type { OrganisationRow } from './organisations.js';
import { findUserByEmail, looksLikeEmail, rolesOf, setOrganisationRoles } from './people.js';
import { Role } from './roles.js';
import { sendEmail } from './side-effects.js';

export interface InviteEntry {
  Email: string;
  IsOrgAdmin: boolean;
  Communities: number[];
}

export interface InviteResult {
  TotalInvites: number;
  SuccessList: string[];
  ErrorList: string[];
  AlreadyInOrganisationList: string[];
  ExistingUserAddedMembershipToOrganisation: string[];
}

/**
 * The multiple-user invite. Every entry lands in exactly one list of the answer; only malformed
 * addresses fail (ErrorList). Group ids must be groups of this organisation, checked before any write.
 */
export function inviteUsers(
  ctx: SandboxContext,
  inviterId: number,
  org: OrganisationRow,
  entries: InviteEntry[],
): InviteResult {
  const groupsReady = hasTable(ctx, 'communities') && hasTable(ctx, 'community_members');
  entries.forEach((entry, index) => {
    for (const communityId of entry.Communities) {
      const owner = groupsReady
        ? (ctx.db.prepare('SELECT organisation_id FROM communities WHERE id = ?').pluck().get(communityId) as
            number | undefined)
        : org.id;
      if (owner !== org.id) {
        throw badRequest(
          `Users[${index}].Communities`,
          `Group ${communityId} is not a group of organisation ${org.id}.`,
        );
      }
    }
  });
  const result: InviteResult = {
    TotalInvites: entries.length,
    SuccessList: [],
    ErrorList: [],
    AlreadyInOrganisationList: [],
    ExistingUserAddedMembershipToOrganisation: [],
  };
  inTransaction(ctx.db, () => {
    for (const entry of entries) {
      const email = entry.Email.trim();
      if (!looksLikeEmail(email)) {
        result.ErrorList.push(entry.Email);
        continue;
      }
      const user = findUserByEmail(ctx, email);
      const wanted = entry.IsOrgAdmin ? [Role.User, Role.OrganisationAdmin] : [Role.User];
      if (!user) {
        invitePerson(ctx, inviterId, org, email, entry);
        result.SuccessList.push(email);
        continue;
      }
      const current = rolesOf(ctx, user.id).get(org.id);
      // Site-admin rights are not part of the invite model; keep them when setting the rest.
      const kept = (current ?? []).filter((r) => r !== Role.User && r !== Role.OrganisationAdmin);
      setOrganisationRoles(ctx, user.id, org.id, [...wanted, ...kept]);
      if (user.default_organisation_id === null) {
        ctx.db.prepare('UPDATE users SET default_organisation_id = ? WHERE id = ?').run(org.id, user.id);
      }
      if (current) {
        result.AlreadyInOrganisationList.push(email);
        if (entry.IsOrgAdmin && !current.includes(Role.OrganisationAdmin)) {
          sendEmail(
            ctx,
            email,
            `You are now an administrator of ${org.name}`,
            `You have been given administrator rights in ${org.name}.\n\nSign in: ${ctx.config.origin}/oauth2/authorize`,
            'org_rights_changed',
          );
        }
      } else {
        result.ExistingUserAddedMembershipToOrganisation.push(email);
        sendEmail(
          ctx,
          email,
          `You have been added to ${org.name}`,
          `Your account now has ${entry.IsOrgAdmin ? 'administrator' : 'user'} rights in ${org.name}.\n\n` +
            `Sign in: ${ctx.config.origin}/oauth2/authorize`,
          'org_membership_added',
        );
      }
      if (groupsReady)
        for (const communityId of entry.Communities) addMember(ctx, inviterId, communityId, user.id, false);
    }
  });
  return result;
}

/** Someone new to the service: an invite with a link to accept and create a profile. */
function invitePerson(ctx: SandboxContext, inviterId: number, org: OrganisationRow, email: string, entry: InviteEntry) {
  const hash = newSecret(24);
  ctx.db.prepare('DELETE FROM org_invites WHERE email = ? AND organisation_id = ?').run(email, org.id);
  ctx.db
    .prepare(
      `INSERT INTO org_invites (hash, email, organisation_id, is_org_admin, community_ids, invited_by, created_at)
       VALUES (?,?,?,?,?,?,?)`,
    )
    .run(
      hash,
      email,
      org.id,
      entry.IsOrgAdmin ? 1 : 0,
      JSON.stringify(entry.Communities),
      inviterId,
      ctx.now().toISOString(),
    );
  sendEmail(
    ctx,
    email,
    `You are invited to join ${org.name}`,
    `You have been invited to join ${org.name}. Accept the invitation and create your profile here:\n\n` +
      `${ctx.config.origin}/invite/${hash}`,
    'org_invite',
  );
}

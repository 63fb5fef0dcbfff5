import type { Community, GroupAccess, SessionState } from '../../../preload/contract';

/** The organisation role that manages every group of the organisation (organisation admin). */
const ORGANISATION_ADMIN = 2;

/**
 * What the signed-in person may do in a group: the service says whether they administer the group
 * itself (`isAdmin`); administrators of the group's organisation manage it too.
 */
export function accessOf(group: Community, session: SessionState): GroupAccess {
  const organisation = session.organisations?.find((org) => org.id === group.organisationId);
  const organisationAdmin = organisation?.roles.includes(ORGANISATION_ADMIN) ?? false;
  const isMember = group.isMember === true || group.isAdmin === true;
  const canManage = group.isAdmin === true || organisationAdmin;
  return {
    groupId: group.id,
    groupName: group.name,
    isMember,
    canManage,
    canComment: isMember || canManage,
    ...(group.features ? { features: group.features } : {}),
  };
}

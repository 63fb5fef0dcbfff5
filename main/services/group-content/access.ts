import type { Community, GroupAccess, SessionState } from '../../../preload/contract';
import { canManageGroup } from '../groups/group-access';

/**
 * What the signed-in person may do in a group. Who manages it is the groups screens' rule
 * (`canManageGroup`: its administrators and those of its organisation), so both always agree.
 */
export function accessOf(group: Community, session: SessionState): GroupAccess {
  const isMember = group.isMember === true || group.isAdmin === true;
  const canManage = canManageGroup(group, session);
  return {
    groupId: group.id,
    groupName: group.name,
    isMember,
    canManage,
    canComment: isMember || canManage,
    ...(group.features ? { features: group.features } : {}),
  };
}

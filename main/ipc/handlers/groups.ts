import type { GroupsInvoke } from '../../../preload/contract';
import type { AreaHandlers } from '../handler';
import type { BrowseServices } from './browse-services';

/** Groups: the lists, one group, creating, changing and deleting it, its features, labels (also organisation-wide) and invitations. */
export function createGroupsHandlers(services: BrowseServices): AreaHandlers<GroupsInvoke> {
  void services;
  return {};
}

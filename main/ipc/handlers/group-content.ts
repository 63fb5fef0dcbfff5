import type { GroupContentInvoke } from '../../../preload/contract';
import type { AreaHandlers } from '../handler';
import type { BrowseServices } from './browse-services';

/** Inside a group: posts and their comments, files, members and activity. */
export function createGroupContentHandlers(services: BrowseServices): AreaHandlers<GroupContentInvoke> {
  void services;
  return {};
}

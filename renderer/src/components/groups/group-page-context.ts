import { inject, type ComputedRef, type InjectionKey, type Ref } from 'vue';
import type { BridgeError, Community, CommunityFeatures, GroupPage } from '../../../../preload/contract';

/**
 * What a group's page (views/groups/GroupView.vue) gives the tabs inside it. The page reads the group
 * once (cached by `group:<id>`); tabs read it from here rather than asking again:
 *
 *   const { groupId, group, canManage, features } = useGroupPage();
 */
export interface GroupPageContext {
  /** From the route (`:groupId`); always a number while the page is shown. */
  groupId: ComputedRef<number>;
  /** The whole answer of `groups:get`, once read. */
  page: Ref<GroupPage | undefined>;
  group: ComputedRef<Community | undefined>;
  /** activity / timeline / video / file: on or off. Undefined until read. */
  features: ComputedRef<CommunityFeatures | undefined>;
  /** I administer the group or its organisation. False until read. */
  canManage: ComputedRef<boolean>;
  loading: Ref<boolean>;
  error: Ref<BridgeError | null>;
  /** Reads the group again (e.g. after a tab changed something the header shows). */
  reload: () => Promise<void>;
  /** Shows a group page a write already answered, without reading it again. */
  replace: (page: GroupPage) => void;
}

export const groupPageKey: InjectionKey<GroupPageContext> = Symbol('group-page');

/** Inside a group's tab: the group the page shows. */
export function useGroupPage(): GroupPageContext {
  const context = inject(groupPageKey);
  if (!context) throw new Error('useGroupPage() is only available inside a group’s page (/groups/:groupId).');
  return context;
}

import { computed } from 'vue';
import { useRoute } from 'vue-router';
import type { GroupAccess } from '../../../../preload/contract';
import { useCachedQuery } from '../../composables/useCachedQuery';
import { groupKeys, useGroupContentStore } from '../../stores/group-content';

/** The group a tab shows (from the route's `groupId`) and what the signed-in person may do in it. */
export function useGroupTab() {
  const route = useRoute();
  const store = useGroupContentStore();
  const groupId = computed(() => {
    const raw = Number(route.params.groupId);
    return Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
  });
  const access = useCachedQuery<GroupAccess>(
    () => (groupId.value ? groupKeys.access(groupId.value) : null),
    () => store.readAccess(groupId.value),
  );
  const canManage = computed(() => access.data.value?.canManage ?? false);
  const canComment = computed(() => access.data.value?.canComment ?? false);
  const groupName = computed(() => access.data.value?.groupName ?? '');
  return { groupId, access, canManage, canComment, groupName, store };
}

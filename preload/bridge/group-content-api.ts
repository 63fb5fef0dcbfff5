import type { BridgeCall } from './call';

/** The page's functions for this area: one per channel of GroupContentInvoke. */
export const groupContentBridge = (call: BridgeCall) => ({
  posts: {
    list: call('group-posts:list'),
    comment: call('group-posts:comment'),
  },
  groupFiles: {
    list: call('group-files:list'),
  },
  members: {
    access: call('group-members:access'),
    list: call('group-members:list'),
    nonMembers: call('group-members:non-members'),
    add: call('group-members:add'),
    promote: call('group-members:promote'),
    remove: call('group-members:remove'),
  },
  groupActivity: {
    members: call('group-activity:members'),
    byDay: call('group-activity:by-day'),
    recentPosts: call('group-activity:recent-posts'),
    recentHashtags: call('group-activity:recent-hashtags'),
    popularHashtags: call('group-activity:popular-hashtags'),
  },
});

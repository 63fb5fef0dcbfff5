import type { BridgeCall } from './call';

/** The page's functions for this area: one per channel of GroupsInvoke. */
export const groupsBridge = (call: BridgeCall) => ({
  groups: {
    listMine: call('groups:list-mine'),
    listOrganisation: call('groups:list-organisation'),
    search: call('groups:search'),
    get: call('groups:get'),
    create: call('groups:create'),
    update: call('groups:update'),
    remove: call('groups:delete'),
    getFeatures: call('groups:get-features'),
    setFeatures: call('groups:set-features'),
  },
  labels: {
    attach: call('group-labels:attach'),
    detach: call('group-labels:detach'),
    listOrganisation: call('group-labels:list-organisation'),
    rename: call('group-labels:rename'),
    remove: call('group-labels:delete'),
  },
  invites: {
    listMine: call('group-invites:list-mine'),
    accept: call('group-invites:accept'),
    inviteByEmail: call('group-invites:invite-by-email'),
  },
});

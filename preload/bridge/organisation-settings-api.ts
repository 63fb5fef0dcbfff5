import type { BridgeCall } from './call';

/** The page's functions for organisation settings: one per channel of OrganisationSettingsInvoke. */
export const organisationSettingsBridge = (call: BridgeCall) => ({
  organisationSettings: {
    list: call('organisation-settings:list'),
    lookup: call('organisation-settings:lookup'),
    get: call('organisation-settings:get'),
    update: call('organisation-settings:update'),
    places: call('organisation-settings:places'),
    tagSets: call('organisation-settings:tag-sets'),
    metadata: call('organisation-settings:metadata'),
    metadataField: call('organisation-settings:metadata-field'),
    createMetadata: call('organisation-settings:metadata-create'),
    updateMetadata: call('organisation-settings:metadata-update'),
    bots: call('organisation-settings:bots'),
    myOrganisations: call('organisation-settings:my-organisations'),
    switchDefault: call('organisation-settings:switch-default'),
  },
});

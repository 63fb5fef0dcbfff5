import type { BridgeCall } from './call';

/** The page's functions for organisation administration: one per channel of AdminInvoke. */
export const adminBridge = (call: BridgeCall) => ({
  admin: {
    organisations: call('admin:organisations'),
    people: call('admin:people'),
    createPerson: call('admin:person-create'),
    updatePerson: call('admin:person-update'),
    deletePerson: call('admin:person-delete'),
    regions: call('admin:regions'),
    groupActivity: call('admin:group-activity'),
    userActivity: call('admin:user-activity'),
    statisticTotals: call('admin:statistic-totals'),
    groupActivityDetail: call('admin:group-activity-detail'),
    userActivityDetail: call('admin:user-activity-detail'),
    exportActivityCsv: call('admin:export-activity-csv'),
    usageReport: call('admin:usage-report'),
    saveUsageReport: call('admin:save-usage-report'),
    statisticSeries: call('admin:statistic-series'),
    exportStatisticsCsv: call('admin:export-statistics-csv'),
    genericReport: call('admin:generic-report'),
    saveGenericReport: call('admin:save-generic-report'),
  },
});

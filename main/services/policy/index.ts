/**
 * Managed configuration: what an organisation (or a flag, or the environment) sets for the app, over
 * the person's own settings and the defaults. See docs/deploying.md for IT's side of it.
 */
export { loadManagedConfig, type LoadManagedConfigOptions } from './load';
export { createManagedConfig, type ManagedConfig, type ManagedSetting, type UserSettings } from './managed-config';
export { toAppConfig } from './app-config';
export type { SettingSource } from './resolve';
export { policySettings, settingKeys, type SettingKey, type SettingValue } from './schema';
export type { TimeWindow } from './kinds';
export { nodeCheckFile, nodeReadFile, nodeRunCommand } from './sources/node-io';
export { fileTrustChecker, type CheckFile, type FileTrust, type UntrustedReason } from './file-trust';
export type { UntrustedFile } from './named-files';

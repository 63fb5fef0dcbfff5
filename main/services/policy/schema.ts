import type { z } from 'zod';
import { notificationSettingsDefaults, notificationSettingsLimits } from '../../../preload/contract/notifications';
import { uploadSettingsDefaults, uploadSettingsLimits } from '../../../preload/contract/uploads';
import {
  videoPreparationDefaults,
  videoPreparationLimits,
  videoPreparationModes,
} from '../../../preload/contract/media';
import { DEMO_SERVICE_URL } from '../../config';
import {
  booleanSetting,
  enumSetting,
  extensionListSetting,
  integerSetting,
  optionalHttpsUrlSetting,
  optionalPathSetting,
  optionalTextSetting,
  optionalUrlSetting,
  timeWindowSetting,
  watchedFolderListSetting,
  urlSetting,
  wordListSetting,
  type AnySetting,
} from './kinds';

/**
 * Every setting an organisation may manage: the single source for the readers, the resolver, the
 * Group Policy templates, the example profiles and the reference table in docs/deploying.md. Ranges
 * and defaults of the person's own settings come from the bridge contract, where the features that
 * apply them read them too, so a policy can never ask for what the app would refuse from the person.
 * Policy imports no feature (the features depend on policy; a test keeps it so). After a change here,
 * run `npm run policy:generate`.
 */

/** The interface languages the renderer ships (renderer/src/i18n); `system` follows the OS. */
const languages = ['system', 'en-GB', 'nb-NO'] as const;

const seconds = (ms: number) => Math.round(ms / 1000);

export const policySettings = {
  serviceUrl: urlSetting({
    title: 'Service address',
    description: 'The address of the video-collaboration service the app signs in to.',
    category: 'connection',
    // The demo sandbox, for a run from source only: an installed app never falls back to it (main/config.ts).
    default: DEMO_SERVICE_URL,
    installedDefault: 'none: the app asks for the address when it first starts, unless its build carries one',
    example: 'https://videocollab.example.org',
    exampleLevel: 'mandatory',
    lockable: true,
    recommendable: true,
    userSetting: 'connection.json: serviceUrl (sign-in page, Advanced)',
  }),
  tokenUrl: optionalUrlSetting({
    title: 'Token address',
    description:
      'Where the app gets sign-in tokens, when your organisation issues them from another host; unset means it is worked out from the service address.',
    category: 'connection',
    default: null,
    example: 'https://id.example.org/oauth2/token',
    exampleLevel: 'mandatory',
    lockable: true,
    recommendable: true,
    userSetting: 'connection.json: tokenUrl (sign-in page, Advanced)',
  }),
  caCertificateFile: optionalPathSetting({
    title: 'Extra trusted certificates',
    description:
      "A PEM file of certificate authorities the app trusts besides the system's and its own, e.g. the certificate of a firewall that inspects TLS. Only administrators may be able to change it; a missing or unreadable file, or one others could change, is logged and ignored.",
    category: 'connection',
    default: null,
    example: 'C:\\ProgramData\\Example School\\web-filter-ca.pem',
    exampleLevel: 'mandatory',
    lockable: true,
    // Whom to trust is the organisation's decision, not a default the person could change.
    recommendable: false,
    userSetting: null,
    policyOnly: true,
  }),
  proxyServer: optionalTextSetting({
    title: 'Proxy server',
    description:
      "One HTTP proxy for everything the app sends (sign-in, browsing, uploads), as host:port or http://host:port; it overrides the system's proxy settings and a proxy auto-config file. Unset means the system's settings.",
    category: 'connection',
    default: null,
    example: 'proxy.school.example:3128',
    exampleLevel: 'mandatory',
    pattern: /^(https?:\/\/)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}\/?$/,
    expected: 'host:port or http://host:port',
    lockable: true,
    recommendable: false,
    userSetting: null,
    policyOnly: true,
  }),
  proxyBypassList: optionalTextSetting({
    title: 'Hosts that bypass the proxy',
    description:
      'With Proxy server: hosts reached directly, separated by commas (.school.example covers its subdomains, * everything; add localhost for a service on this computer).',
    category: 'connection',
    default: null,
    example: '.school.example, 10.0.0.5',
    exampleLevel: 'mandatory',
    pattern: /^[A-Za-z0-9.*:[\]\-_, ;]+$/,
    expected: 'host names separated by commas',
    lockable: true,
    recommendable: false,
    userSetting: null,
    policyOnly: true,
  }),
  proxyPacUrl: optionalTextSetting({
    title: 'Proxy auto-config (PAC) file',
    description:
      "The address of a PAC file that decides the proxy for each address: https or file (http works, but the network check warns, since anyone on the network could change the file). At most 1 MiB. Used when Proxy server is unset; it overrides the system's settings.",
    category: 'connection',
    default: null,
    example: 'https://wpad.school.example/proxy.pac',
    exampleLevel: 'mandatory',
    pattern: /^(https?:\/\/[^\s]+|file:\/\/\/?[^\s]+)$/i,
    expected: 'an https://, file:// or http:// address',
    lockable: true,
    recommendable: false,
    userSetting: null,
    policyOnly: true,
  }),
  allowedSignInMethods: wordListSetting({
    title: 'Allowed sign-in methods',
    description:
      'The ways people may sign in: password, sso (single sign-on in the browser) and token (pasting an access token under Advanced).',
    category: 'signIn',
    values: ['password', 'sso', 'token'],
    minItems: 1,
    default: ['password', 'sso', 'token'],
    example: ['sso'],
    exampleLevel: 'mandatory',
    lockable: true,
    recommendable: false,
    userSetting: null,
  }),
  hideAdvancedServiceChoice: booleanSetting({
    title: 'Hide the Advanced service choice',
    description: 'Hides Advanced on the sign-in page, so nobody can point the app at another service.',
    category: 'signIn',
    default: false,
    example: true,
    exampleLevel: 'mandatory',
    lockable: true,
    recommendable: false,
    userSetting: null,
  }),
  autoUpdate: booleanSetting({
    title: 'Install updates automatically',
    description: 'Whether the app downloads and installs its own updates.',
    category: 'updates',
    default: true,
    example: true,
    exampleLevel: 'mandatory',
    lockable: true,
    recommendable: false,
    userSetting: null,
  }),
  autoUpdateWindow: timeWindowSetting({
    title: 'Update installation window',
    description: 'Updates are installed only between these local times; unset means at any time.',
    category: 'updates',
    default: null,
    example: { start: '18:00', end: '07:00' },
    exampleLevel: 'mandatory',
    lockable: true,
    recommendable: false,
    userSetting: null,
  }),
  updateFeedUrl: optionalHttpsUrlSetting({
    title: 'Update feed address',
    description:
      "Where a copy that updates itself looks for new versions instead of the app's own feed, e.g. a mirror on the school's network holding the same files (latest*.yml, installers, .zip and .blockmap). https only; updates must still be signed by the app's publisher. Unset means the app's own feed.",
    category: 'updates',
    default: null,
    example: 'https://updates.school.example/videocollab',
    exampleLevel: 'mandatory',
    lockable: true,
    // Where the app's code comes from is the organisation's decision, not a default the person could change.
    recommendable: false,
    userSetting: null,
    policyOnly: true,
  }),
  uploadConcurrency: integerSetting({
    title: 'Files uploaded at the same time',
    description: 'How many files the upload queue sends at once.',
    category: 'uploads',
    ...uploadSettingsLimits.concurrency,
    unit: 'files',
    default: uploadSettingsDefaults.concurrency,
    example: 2,
    exampleLevel: 'recommended',
    lockable: true,
    recommendable: true,
    userSetting: 'upload-settings.json: concurrency (Uploads, Upload settings)',
  }),
  uploadSizeLimitMB: integerSetting({
    title: 'Largest file accepted for upload',
    description: 'Files larger than this many MB (1 MB = 1,048,576 bytes) are refused before anything is sent.',
    category: 'uploads',
    ...uploadSettingsLimits.maxFileMiB,
    unit: 'MB',
    default: uploadSettingsDefaults.maxFileMiB,
    example: 8192,
    exampleLevel: 'mandatory',
    lockable: true,
    recommendable: true,
    userSetting: 'upload-settings.json: maxFileMiB (Uploads, Upload settings)',
  }),
  uploadAllowedFileTypes: extensionListSetting({
    title: 'File types allowed for upload',
    description: 'Only files with these extensions may be uploaded; unset or empty allows every type.',
    category: 'uploads',
    default: [],
    example: ['mp4', 'mov', 'm4v', 'pdf', 'docx', 'jpg', 'png'],
    exampleLevel: 'mandatory',
    lockable: true,
    recommendable: false,
    userSetting: null,
  }),
  uploadBandwidthLimitKiBps: integerSetting({
    title: 'Upload bandwidth limit',
    description:
      'All uploads together send at most this many KiB (1,024 bytes) per second; 0 means no limit. A change applies to files being sent.',
    category: 'uploads',
    ...uploadSettingsLimits.bandwidthLimitKiBps,
    unit: 'KiB per second',
    default: uploadSettingsDefaults.bandwidthLimitKiBps,
    example: 2048,
    exampleLevel: 'recommended',
    lockable: true,
    recommendable: true,
    userSetting: 'upload-settings.json: bandwidthLimitKiBps (Uploads, Upload settings)',
  }),
  uploadSchedule: timeWindowSetting({
    title: 'Upload schedule',
    description:
      'Uploads start only between these local times; files being sent when the window closes finish, the rest wait. Unset means at any time.',
    category: 'uploads',
    default: null,
    example: { start: '15:30', end: '07:30' },
    exampleLevel: 'mandatory',
    lockable: true,
    recommendable: true,
    userSetting: 'upload-settings.json: schedule (Uploads, Upload settings)',
  }),
  uploadOnlyOnMainsPower: booleanSetting({
    title: 'Upload only on mains power',
    description:
      'Uploads start only while the computer is plugged in, not on battery; files being sent when it is unplugged finish.',
    category: 'uploads',
    default: uploadSettingsDefaults.onlyOnMainsPower,
    example: true,
    exampleLevel: 'recommended',
    lockable: true,
    recommendable: true,
    userSetting: 'upload-settings.json: onlyOnMainsPower (Uploads, Upload settings)',
  }),
  watchedFolders: watchedFolderListSetting({
    title: 'Watched folders',
    description:
      'Folders whose new recordings are uploaded by themselves, each once, when they have stopped changing; shown in Settings, not removable. Each entry: folder | my-files, group:<id> or portfolio:<id> | types (optional, e.g. mp4 mov).',
    category: 'uploads',
    default: [],
    example: ['C:\\Users\\Public\\Videos\\Lessons | my-files | mp4 mov'],
    exampleLevel: 'mandatory',
    lockable: true,
    recommendable: false,
    userSetting: null,
  }),
  uploadVideoPreparation: enumSetting({
    title: 'Make videos smaller before sending',
    description:
      'off sends every video as it is; offer shows "Make smaller before sending" for each video chosen; always makes every video the computer can read smaller before it is sent (the original is never changed).',
    category: 'uploads',
    values: videoPreparationModes,
    labels: { off: 'Never', offer: 'Offer for each video', always: 'Always' },
    default: videoPreparationDefaults.mode,
    example: 'always',
    exampleLevel: 'mandatory',
    lockable: true,
    recommendable: true,
    userSetting: null,
  }),
  uploadVideoMaxHeight: integerSetting({
    title: 'Height of a smaller video',
    description:
      "The most lines of picture a video made smaller keeps (720 is '720p'; the shorter side of an upright video). A smaller video is never made larger.",
    category: 'uploads',
    ...videoPreparationLimits.maxHeight,
    unit: 'pixels',
    default: videoPreparationDefaults.maxHeight,
    example: 1080,
    exampleLevel: 'recommended',
    lockable: true,
    recommendable: true,
    userSetting: null,
  }),
  uploadVideoBitrateKbps: integerSetting({
    title: 'Bit rate of a smaller video',
    description:
      "The picture's bit rate of a video made smaller, in kbit/s (2500 suits 720p, 5000 suits 1080p). A video already below it keeps its own.",
    category: 'uploads',
    ...videoPreparationLimits.bitrateKbps,
    unit: 'kbit/s',
    default: videoPreparationDefaults.bitrateKbps,
    example: 5000,
    exampleLevel: 'recommended',
    lockable: true,
    recommendable: true,
    userSetting: null,
  }),
  notificationIntervalSeconds: integerSetting({
    title: 'Notification check interval',
    description: 'How often, in seconds, the app asks the service for new notifications while idle.',
    category: 'notifications',
    min: seconds(notificationSettingsLimits.pollIntervalMs.min),
    max: seconds(notificationSettingsLimits.pollIntervalMs.max),
    unit: 'seconds',
    default: seconds(notificationSettingsDefaults.pollIntervalMs),
    example: 300,
    exampleLevel: 'recommended',
    lockable: true,
    recommendable: true,
    userSetting: 'notification-settings.json: pollIntervalMs, in milliseconds (Notifications, settings)',
  }),
  quietHours: timeWindowSetting({
    title: 'Quiet hours',
    description: 'No notification pops up between these local times; the tray still shows unread ones.',
    category: 'notifications',
    default: null,
    example: { start: '22:00', end: '07:00' },
    exampleLevel: 'recommended',
    lockable: true,
    recommendable: true,
    userSetting: 'notification-settings.json: quietHours (Notifications, settings)',
  }),
  startAtLogin: booleanSetting({
    title: 'Start at login',
    description: 'Starts the app when the person logs in to the computer.',
    category: 'startup',
    default: notificationSettingsDefaults.startAtLogin,
    example: true,
    exampleLevel: 'recommended',
    lockable: true,
    recommendable: true,
    userSetting: 'notification-settings.json: startAtLogin (Notifications, settings)',
  }),
  startHidden: booleanSetting({
    title: 'Start hidden in the tray',
    description: 'When the app starts at login, it stays in the tray instead of opening its window.',
    category: 'startup',
    default: true,
    example: true,
    exampleLevel: 'mandatory',
    lockable: true,
    recommendable: false,
    userSetting: null,
  }),
  closeToTray: booleanSetting({
    title: 'Keep running in the tray when closed',
    description: 'Closing the window keeps the app in the tray, checking notifications and uploading; off quits it.',
    category: 'startup',
    default: notificationSettingsDefaults.closeToTray,
    example: true,
    exampleLevel: 'recommended',
    lockable: true,
    recommendable: true,
    userSetting: 'notification-settings.json: closeToTray (Notifications, settings)',
  }),
  language: enumSetting({
    title: 'Language',
    description:
      "The app's language; system follows the operating system. Mandatory fixes it (the language choice is then shown as managed).",
    category: 'general',
    values: languages,
    labels: { system: 'Follow the operating system', 'en-GB': 'English (United Kingdom)', 'nb-NO': 'Norsk bokmål' },
    default: 'system',
    example: 'en-GB',
    exampleLevel: 'recommended',
    // The issue asks that a policy can fix the language (a school that teaches in one language).
    lockable: true,
    recommendable: true,
    userSetting: null,
  }),
} satisfies Record<string, AnySetting>;

export type PolicySettings = typeof policySettings;
export type SettingKey = keyof PolicySettings;
export type SettingValue<K extends SettingKey> = z.output<PolicySettings[K]['type']>;

/** A table of settings: the real one, or a small one in a test. */
export type SettingsTable = Record<string, AnySetting>;

export const settingKeys = Object.keys(policySettings) as SettingKey[];

export const categoryTitles: Record<AnySetting['category'], string> = {
  connection: 'Connection',
  signIn: 'Sign-in',
  updates: 'Updates',
  uploads: 'Uploads',
  notifications: 'Notifications',
  startup: 'Start-up and tray',
  general: 'General',
};

import type { InvokeChannel } from '../../preload/contract';
import type { Handler } from './handler';
import { createCoreHandlers, type CoreServices } from './handlers/core';
import { createAppShellHandlers, type AppShellServices } from './handlers/app-shell';
import { createUploadHandlers, type UploadServices } from './handlers/uploads';
import { createDownloadHandlers, type DownloadServices } from './handlers/downloads';
import { createNotificationHandlers, type NotificationServices } from './handlers/notifications';
import type { BrowseServices } from './handlers/browse-services';
import { createGroupsHandlers } from './handlers/groups';
import { createGroupContentHandlers } from './handlers/group-content';
import { createPortfoliosHandlers } from './handlers/portfolios';
import { createPortfolioCommentsHandlers } from './handlers/portfolio-comments';
import { createTaggedVideosHandlers } from './handlers/tagged-videos';
import { createRecordingHandlers, type RecordingServices } from './handlers/recording';
import { createProxyHandlers, type ProxyServices } from './handlers/proxy';
import { createAdminHandlers } from './handlers/admin';
import { createOrganisationSettingsHandlers } from './handlers/organisation-settings';
import { createPeopleImportHandlers, type PeopleImportServices } from './handlers/people-import';
import { createNetworkDoctorHandlers, type NetworkDoctorServices } from './handlers/network-doctor';
import { createMediaHandlers, type MediaServices } from './handlers/media';
import { createWatchedFoldersHandlers, type WatchedFoldersServices } from './handlers/watched-folders';

export type { Handler } from './handler';

/** The services the bridge can reach, area by area. */
export type BridgeServices = CoreServices &
  AppShellServices &
  UploadServices &
  DownloadServices &
  NotificationServices &
  BrowseServices &
  ProxyServices &
  NetworkDoctorServices &
  PeopleImportServices &
  MediaServices &
  RecordingServices &
  WatchedFoldersServices;

/** One handler per channel: a channel without a handler does not compile. */
export type HandlerTable = { [C in InvokeChannel]: Handler<C> };

export function createHandlerTable(services: BridgeServices): HandlerTable {
  return {
    ...createCoreHandlers(services),
    ...createAppShellHandlers(services),
    ...createUploadHandlers(services),
    ...createDownloadHandlers(services),
    ...createNotificationHandlers(services),
    ...createGroupsHandlers(services),
    ...createGroupContentHandlers(services),
    ...createPortfoliosHandlers(services),
    ...createPortfolioCommentsHandlers(services),
    ...createTaggedVideosHandlers(services),
    ...createRecordingHandlers(services),
    ...createProxyHandlers(services),
    ...createNetworkDoctorHandlers(services),
    ...createAdminHandlers(services),
    ...createOrganisationSettingsHandlers(services),
    ...createPeopleImportHandlers(services),
    ...createMediaHandlers(services),
    ...createWatchedFoldersHandlers(services),
  };
}

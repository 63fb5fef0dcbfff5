import type { UploadItem } from '../../../../preload/contract';

/**
 * A recording uploaded to My files ends up among the person's recordings (`/api/me/videos`): once it is
 * there, its finished row leads to the My recordings page, where tagging starts.
 */
export function leadsToRecordings(item: Pick<UploadItem, 'state' | 'target' | 'contentType'>): boolean {
  return item.state === 'done' && item.target.kind === 'generic' && item.contentType.toLowerCase().startsWith('video/');
}

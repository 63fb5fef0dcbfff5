import type { TaggedVideosInvoke } from '../../../preload/contract';
import type { AreaHandlers } from '../handler';
import type { BrowseServices } from './browse-services';

/** Tagged videos: the tags people place on a recording's timeline. */
export function createTaggedVideosHandlers(services: BrowseServices): AreaHandlers<TaggedVideosInvoke> {
  void services;
  return {};
}

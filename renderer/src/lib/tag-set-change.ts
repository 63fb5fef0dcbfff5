import type { TagInstance, TagSet } from '../../../preload/contract';

/**
 * Changing the tag set of a tagged video that already has tags: a placed tag can stay only if its tag
 * is in the new set (the service refuses tags of another set). Pure: the page asks before dropping
 * anything, and this says what would go.
 */
export interface TagSetChange {
  /** Placements whose tag is in the new set: kept, with their times and notes. */
  kept: TagInstance[];
  /** Placements whose tag is not: removed if the person goes ahead. */
  dropped: TagInstance[];
  /** The names of the dropped tags, each once, in timeline order (for the question). */
  droppedNames: string[];
}

export function tagSetChange(tags: readonly TagInstance[], next: Pick<TagSet, 'tags'>): TagSetChange {
  const inSet = new Set(next.tags.map((tag) => tag.id));
  const kept: TagInstance[] = [];
  const dropped: TagInstance[] = [];
  for (const tag of tags) (inSet.has(tag.tagId) ? kept : dropped).push(tag);
  return { kept, dropped, droppedNames: [...new Set(dropped.map((tag) => tag.name))] };
}

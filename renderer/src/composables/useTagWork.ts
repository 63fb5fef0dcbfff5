import { computed, ref, type ComputedRef, type Ref } from 'vue';
import { useI18n } from 'vue-i18n';
import type { TagInstance } from '../../../preload/contract';
import { formatTime } from '../components/videos/timeline';
import {
  changeTag,
  isTextEntry,
  moveTag,
  NUDGE_LARGE_SECONDS,
  NUDGE_SECONDS,
  placeTag,
  removeTag,
  sortTags,
  type TagChange,
  type TagChoice,
} from '../lib/tagging';
import { useTaggingStore, type TaggingSession } from '../stores/tagging';
import { useTagShortcuts } from './useTagShortcuts';

/** What just happened to a tag, read out politely; `undo` brings back a removed tag. */
export interface TaggingNotice {
  text: string;
  undo?: TagInstance;
}

interface TagWorkOptions {
  /** The tagging store's key of this tagged video. */
  key: Ref<string>;
  /** The owner's working copy; absent for anyone else, who only looks. */
  work: ComputedRef<TaggingSession | undefined>;
  choices: Ref<TagChoice[]>;
  /** Where the video is now, for a tag placed or a time taken from it. */
  nowSeconds: () => number;
  /** How far a tag may go: the video's length. */
  placeLimit: Ref<number>;
  seek: (seconds: number) => void;
}

/**
 * The owner's changes to the working tags on the tagging page: place one, choose one and change, move
 * or remove it (with undo), and the keys that do these.
 */
export function useTagWork({ key, work, choices, nowSeconds, placeLimit, seek }: TagWorkOptions) {
  const { t } = useI18n();
  const tagging = useTaggingStore();
  const selectedId = ref<number | undefined>();
  const selected = computed(() => work.value?.tags.find((tag) => tag.id === selectedId.value));
  const editorProblem = ref('');
  const notice = ref<TaggingNotice | null>(null);

  function edit(tags: TagInstance[]): void {
    editorProblem.value = '';
    tagging.edit(key.value, tags);
  }
  function place(choice: TagChoice): void {
    if (!work.value) return;
    const { tags, placed } = placeTag(work.value.tags, choice, nowSeconds(), placeLimit.value, tagging.localId());
    edit(tags);
    selectedId.value = placed.id;
    notice.value = { text: t('videos.tagging.placed', { name: placed.name, time: formatTime(placed.startSeconds) }) };
  }
  function change(changeOf: TagChange): void {
    if (!work.value || selectedId.value === undefined) return;
    const outcome = changeTag(work.value.tags, selectedId.value, changeOf, placeLimit.value);
    if (!outcome.ok) {
      editorProblem.value = t(
        outcome.problem === 'end-before-start' ? 'videos.tagging.endBeforeStart' : 'videos.tagging.notATime',
      );
      return;
    }
    edit(outcome.tags);
  }
  function move(delta: number): void {
    if (!work.value || selectedId.value === undefined) return;
    edit(moveTag(work.value.tags, selectedId.value, delta, placeLimit.value));
  }
  function remove(): void {
    if (!work.value || selectedId.value === undefined) return;
    const { tags, removed } = removeTag(work.value.tags, selectedId.value);
    if (!removed) return;
    edit(tags);
    selectedId.value = undefined;
    notice.value = {
      text: t('videos.tagging.removed', { name: removed.name, time: formatTime(removed.startSeconds) }),
      undo: removed,
    };
  }
  function undo(): void {
    const removed = notice.value?.undo;
    if (!work.value || !removed) return;
    edit(sortTags([...work.value.tags, removed]));
    selectedId.value = removed.id;
    notice.value = null;
  }
  function choose(tag: TagInstance): void {
    if (work.value) selectedId.value = tag.id;
    seek(tag.startSeconds);
  }

  const shortcuts = useTagShortcuts(choices, place);
  /**
   * Keys in the tagging area: 1-9 place a tag; with a tag chosen, ←/→ move it (Shift: further) and
   * Delete removes it (with undo); Escape lets go. Never while typing, and arrows stay the player's own.
   */
  function onKey(event: KeyboardEvent): void {
    if (!work.value || isTextEntry(event.target) || shortcuts.onKey(event)) return;
    const onPlayer = (event.target as { tagName?: string } | null)?.tagName === 'VIDEO';
    if (selectedId.value === undefined || onPlayer) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const step = event.shiftKey ? NUDGE_LARGE_SECONDS : NUDGE_SECONDS;
      move(event.key === 'ArrowLeft' ? -step : step);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove();
    } else if (event.key === 'Escape') {
      selectedId.value = undefined;
    }
  }

  return { selectedId, selected, editorProblem, notice, place, change, remove, undo, choose, onKey };
}

import { computed, ref, toValue, type MaybeRefOrGetter } from 'vue';
import type { TagInstance } from '../../../preload/contract';
import { activeTagIds, layoutSegments, timelineLength } from '../components/videos/timeline';

/** What the page needs of its VideoPlayer (`ref="player"`). */
interface PlayerHandle {
  seek(seconds: number): void;
  element: HTMLVideoElement | null;
}

/**
 * The player's position and the timeline drawn from it: how long the bar is (the media's length once
 * known, else the service's), where the tags lie on it, and which are under the playhead.
 */
export function usePlayhead(tags: MaybeRefOrGetter<TagInstance[]>, serviceDuration: () => number | undefined) {
  const player = ref<PlayerHandle | null>(null);
  const current = ref(0);
  const mediaDuration = ref<number | undefined>();
  const length = computed(() => timelineLength(mediaDuration.value ?? serviceDuration(), toValue(tags)));
  const segments = computed(() => layoutSegments(toValue(tags), length.value));
  /** As a string first: the set (and what draws it) changes only when a tag comes or goes under the playhead. */
  const activeKey = computed(() => [...activeTagIds(segments.value, current.value)].join(','));
  const active = computed(() => new Set(activeKey.value ? activeKey.value.split(',').map(Number) : []));
  /** Placing may go as far as the video does, even before the player knows its length. */
  const placeLimit = computed(() => mediaDuration.value ?? serviceDuration() ?? 86_400);

  function seek(seconds: number): void {
    current.value = seconds;
    player.value?.seek(seconds);
  }
  /** The player's own position at the moment of a key press (the reported one lags a frame). */
  const nowSeconds = () => player.value?.element?.currentTime ?? current.value;

  return { player, current, mediaDuration, length, active, placeLimit, seek, nowSeconds };
}

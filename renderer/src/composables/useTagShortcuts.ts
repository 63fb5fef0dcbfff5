import { onBeforeUnmount, onMounted, toValue, type MaybeRefOrGetter } from 'vue';
import { isTextEntry, shortcutIndex, type TagChoice } from '../lib/tagging';

/**
 * Keys 1-9 place the tag set's first nine tags, on the tagging page and while recording alike. A key
 * typed in a field is text (a note's "3" must not place a tag), and a key with a modifier is someone
 * else's shortcut.
 */
export function useTagShortcuts(
  choices: MaybeRefOrGetter<TagChoice[]>,
  place: (choice: TagChoice) => void,
  options: { window?: boolean } = {},
) {
  /** Answers whether the key placed a tag (the caller may then leave the key alone). */
  function onKey(event: KeyboardEvent): boolean {
    if (isTextEntry(event.target)) return false;
    const index = shortcutIndex(event);
    const choice = index === undefined ? undefined : toValue(choices)[index];
    if (!choice) return false;
    event.preventDefault();
    place(choice);
    return true;
  }

  // While recording the keys work wherever focus is (the preview, a button): the whole window listens.
  if (options.window) {
    const listener = (event: KeyboardEvent) => void onKey(event);
    onMounted(() => window.addEventListener('keydown', listener));
    onBeforeUnmount(() => window.removeEventListener('keydown', listener));
  }
  return { onKey };
}

/**
 * Hashtags are read from post text on the fly: `#` followed by letters, digits or underscores, not preceded
 * by a word character (so "C#" and URLs with fragments are not tags). Tags compare case-insensitively and are
 * reported in lower case, without the `#`.
 */
const hashtagPattern = /(?<![\p{L}\p{N}_&/])#([\p{L}\p{N}_]*[\p{L}_][\p{L}\p{N}_]*)/gu;

export function hashtagsIn(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.matchAll(hashtagPattern)) tags.add(match[1]!.toLowerCase());
  return [...tags];
}

export interface HashtagUse {
  Tag: string;
  Count: number;
  LastUsedAt: string;
}

/** Tallies tags over posts given newest first: each tag's number of posts and its most recent use. */
export function tallyHashtags(postsNewestFirst: { text: string; created_at: string }[]): HashtagUse[] {
  const uses = new Map<string, HashtagUse>();
  for (const post of postsNewestFirst) {
    for (const tag of hashtagsIn(post.text)) {
      const use = uses.get(tag);
      if (use) use.Count += 1;
      else uses.set(tag, { Tag: tag, Count: 1, LastUsedAt: post.created_at });
    }
  }
  return [...uses.values()];
}

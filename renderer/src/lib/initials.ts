/**
 * Up to two letters for someone or something without a picture: "Tom Okafor" -> "TO", "Ada" -> "A", nothing -> "?".
 * Letters are taken per user-perceived character so "Øystein Ål" gives "ØÅ", not half a surrogate pair.
 * A person is known by first and last name; a group by the start of its name ("Year 7 Science" -> "Y7"), so groups
 * pass `words: 'first-two'`.
 */
export function initialsOf(name: string, words: 'first-and-last' | 'first-two' = 'first-and-last'): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .map((word) => [...word].find((character) => /\p{L}|\p{N}/u.test(character)))
    .filter((letter): letter is string => letter !== undefined);
  if (letters.length === 0) return '?';
  const picked =
    letters.length === 1 ? [letters[0]!] : [letters[0]!, words === 'first-two' ? letters[1]! : letters.at(-1)!];
  return picked.join('').toLocaleUpperCase();
}

/**
 * Up to two letters for someone or something without a picture: "Tom Okafor" -> "TO", "Ada" -> "A", nothing -> "?".
 * Letters are taken per user-perceived character so "Øystein Ål" gives "ØÅ", not half a surrogate pair.
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .map((word) => [...word].find((character) => /\p{L}|\p{N}/u.test(character)))
    .filter((letter): letter is string => letter !== undefined);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [words[0]!] : [words[0]!, words.at(-1)!];
  return letters.join('').toLocaleUpperCase();
}

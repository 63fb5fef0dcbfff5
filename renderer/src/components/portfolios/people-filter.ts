import type { Person } from '../../../../preload/contract';
import { personName } from './format';

/** Letters without accents, lower case: "Zoë" is found by "zoe". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** People whose name contains every word typed, in any order. */
export function filterPeople(people: readonly Person[], typed: string): Person[] {
  const words = fold(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...people];
  return people.filter((person) => {
    const name = fold(personName(person));
    return words.every((word) => name.includes(word));
  });
}

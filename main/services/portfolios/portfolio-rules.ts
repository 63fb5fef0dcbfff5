import type { Person, Portfolio, TagSet } from '../../../preload/contract';

/** Small decisions behind the portfolio screens, kept pure so they are tested on their own. */

/** The creator is named by `createdById` or by the `createdBy` person; without either nobody is. */
export function isCreatorOf(portfolio: Portfolio, userId: number | undefined): boolean {
  if (userId === undefined) return false;
  const creator = portfolio.createdById ?? portfolio.createdBy?.id;
  return creator !== undefined && creator === userId;
}

/** Tag sets in the order given, each once (the first copy wins), sets without tags left out. */
export function mergeTagSets(...lists: TagSet[][]): TagSet[] {
  const seen = new Set<number>();
  const merged: TagSet[] = [];
  for (const set of lists.flat()) {
    if (seen.has(set.id) || set.tags.length === 0) continue;
    seen.add(set.id);
    merged.push(set);
  }
  return merged;
}

const fullName = (person: Person) => `${person.firstName} ${person.lastName}`.trim();

/** People from several lists, each once, by name (then id, so the order is stable); never `exceptId`. */
export function mergePeople(lists: Person[][], exceptId?: number): Person[] {
  const byId = new Map<number, Person>();
  for (const person of lists.flat()) {
    if (person.id !== exceptId && !byId.has(person.id)) byId.set(person.id, person);
  }
  return [...byId.values()].sort(
    (a, b) => fullName(a).localeCompare(fullName(b), 'en-GB', { sensitivity: 'base' }) || a.id - b.id,
  );
}

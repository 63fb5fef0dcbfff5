/**
 * An unpaged list answered where the interface says the response is an `object`: the items under
 * `Items` (the member the sandbox's paged wrapper uses) and how many there are. The document shows no
 * members for these objects; this keeps one wrapper shape for every list, paged or not. See README.
 */
export interface ListObject<T> {
  Items: T[];
  TotalItemCount: number;
}

export function listObject<T>(items: T[]): ListObject<T> {
  return { Items: items, TotalItemCount: items.length };
}

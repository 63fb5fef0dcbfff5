/**
 * Stores that hold account data register how to forget it. Signing out (or a session that ends)
 * runs every one, so nothing of one account survives into the next.
 */
const dehydrators = new Set<() => void>();

export function onDehydrate(forget: () => void): void {
  dehydrators.add(forget);
}

export function dehydrateAll(): void {
  for (const forget of dehydrators) forget();
}

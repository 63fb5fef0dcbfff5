import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Saves a CDP CPU profile as bench-profiles/<name>.cpuprofile and prints the functions with the most
 * self time (what to look at first), by file and function.
 */
export function writeProfileSummary(name: string, profile: Profile, top = 18): void {
  const folder = join(process.cwd(), 'bench-profiles');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = deltas[index + 1] ?? 0;
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.split('/').pop()}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    selfMicros.set(key, (selfMicros.get(key) ?? 0) + delta);
    total += delta;
  });
  console.log(`\nprofile ${name}: ${Math.round(total / 1000)} ms sampled, saved to ${file}`);
  for (const [key, micros] of [...selfMicros].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${(micros / 1000).toFixed(1).padStart(7)} ms  ${key}`);
  }
}

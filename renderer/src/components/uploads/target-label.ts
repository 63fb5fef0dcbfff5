import type { UploadTarget, UploadTargetChoice } from '../../../../preload/contract';

const sameTarget = (a: UploadTarget, b: UploadTarget) => a.kind === b.kind && a.id === b.id;

/**
 * How the Uploads list names where a file goes. `kindName` is the translated kind ("Group cover").
 * One's own places need no name; a group's images are named after the group when it is one of the
 * person's; anything else by the name it was offered under, or its kind and id as a last resort.
 */
export function uploadTargetLabel(
  target: UploadTarget,
  choices: readonly UploadTargetChoice[],
  kindName: string,
): string {
  if (target.kind === 'generic' || target.kind === 'user-picture') return kindName;
  if (target.kind === 'community-cover' || target.kind === 'community-profile') {
    const group = choices.find((choice) => sameTarget(choice.target, { kind: 'community', id: target.id }));
    return group ? `${kindName}: ${group.label}` : `${kindName} ${target.id}`;
  }
  return choices.find((choice) => sameTarget(choice.target, target))?.label ?? `${kindName} ${target.id}`;
}

import type { MetadataAnswer, MetadataField } from '../../../preload/contract';

/** Answers typed into a form of metadata fields, as main takes them: trimmed, empty ones left out. */
export function answersOf(fields: readonly MetadataField[], typed: Record<number, string>): MetadataAnswer[] {
  return fields
    .map((field) => ({ metadataId: field.id, value: (typed[field.id] ?? '').trim() }))
    .filter((answer) => answer.value !== '');
}

/** The required fields left empty (the form says which, and nothing is sent until they are answered). */
export function missingRequired(fields: readonly MetadataField[], typed: Record<number, string>): MetadataField[] {
  return fields.filter((field) => field.isRequired === true && (typed[field.id] ?? '').trim() === '');
}

/** ASP.NET model binding ignores the case of JSON/XML member names; so do we, by normalising to PascalCase. */
export function pascalizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pascalizeKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      out[key.charAt(0).toUpperCase() + key.slice(1)] = pascalizeKeys(inner);
    }
    return out;
  }
  return value;
}

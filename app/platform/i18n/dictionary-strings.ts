/**
 * Every string of a dictionary with its dotted path (array items as `[i]`): what the dictionary
 * tests walk (`dictionaries.test.ts`, `plurals.test.ts`).
 */
export function leaves(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  }
  return [];
}

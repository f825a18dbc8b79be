/** Card text (spec §5): the first 100 characters plus an ellipsis, or 'Premium {name} available for export.'. */
export function shortDescription(description: string | null | undefined, name: string): string {
  const text = description?.trim();
  if (!text) return `Premium ${name} available for export.`;
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

export type SpecValue = string | boolean;

/** Boolean specification values read Yes / No (spec §2); anything else is shown as text. */
export function formatSpecValue(value: SpecValue): string {
  if (value === true) return "Yes";
  if (value === false) return "No";
  return String(value);
}

/** Specifications JSON text as ordered rows; anything malformed reads as no rows rather than an error. */
export function parseSpecifications(json: string | null | undefined): Array<[string, SpecValue]> {
  try {
    const value = JSON.parse(json ?? "{}");
    if (!value || typeof value !== "object" || Array.isArray(value)) return [];
    return Object.entries(value).flatMap(([key, v]) =>
      typeof v === "string" || typeof v === "boolean"
        ? [[key, v] as [string, SpecValue]]
        : typeof v === "number"
          ? [[key, String(v)] as [string, SpecValue]]
          : [],
    );
  } catch {
    return [];
  }
}

/** A JSON list of image URLs; anything else reads as an empty list. */
export function parseImageList(json: string | null | undefined): string[] {
  try {
    const value = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "") : [];
  } catch {
    return [];
  }
}

// One kind of stored thing, its fields described once (issue 39, as Payload's collection configs): what the form, its
// errors and the History panel call each field, the longest text kept, and whether and how the Translations screen
// offers it. A kind's descriptor lives in its feature folder (`catalogue/category-entity.ts`, …); its form schema,
// its versions and the translations registry read it, so adding a field is one entry there plus its migration.

export interface EntityField {
  /** What the form and its errors call it, and the History panel unless `versionLabel` says otherwise. */
  label: string;
  /** The History panel's name where it differs from the form's. */
  versionLabel?: string;
  /** The longest text kept: the form refuses more. Absent for what is not typed text. */
  max?: number;
  /** How the Translations screen edits it: one line, several, or as an address. Absent: not translated. */
  translated?: "line" | "multiline" | "slug";
  /** Kept in each version unless false (a version keeps every field the form edits, by default). */
  versioned?: false;
}

export type EntityFields = Record<string, EntityField>;

/** The columns a version keeps, each under its History panel label, in reading order. */
export function versionLabels(fields: EntityFields): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => field.versioned !== false)
      .map(([column, field]) => [column, field.versionLabel ?? field.label]),
  );
}

/** The translated fields, in the descriptor's order, with how each is edited. */
export function translatedFields(
  fields: EntityFields,
): Array<{ field: string; as: NonNullable<EntityField["translated"]> }> {
  return Object.entries(fields).flatMap(([field, { translated }]) => (translated ? [{ field, as: translated }] : []));
}

/**
 * What a form holds, as one string to compare: every field the form would send (a chosen file by name and size,
 * so picking a picture is a change too). Browser only.
 */
export function formSnapshot(form: HTMLFormElement): string {
  const entries: string[] = [];
  for (const [name, value] of new FormData(form)) {
    entries.push(`${name}=${typeof value === "string" ? value : `file:${value.name}:${value.size}`}`);
  }
  return JSON.stringify(entries);
}

/**
 * A SchemaForm that shows values the server does not have yet (a refused submission, a kept one brought back
 * after signing in again, a restored draft) carries this attribute: it has unsaved changes before anything is typed.
 */
export const UNSAVED_ATTRIBUTE = "data-unsaved";

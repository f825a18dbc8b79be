/** Tags JSON text as a list of non-empty strings. */
export function parseTags(json: string | null | undefined): string[] {
  try {
    const value = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string" && t.trim() !== "") : [];
  } catch {
    return [];
  }
}

/**
 * A product's saved gallery in the order the edit form sent (`gallery_order`, one URL each, first to last; issue
 * 29). The form may be stale or made up, so the order is a wish, not a list to trust: a URL the gallery does not
 * hold is ignored, a repeated one counts once, and a saved picture the order leaves out keeps its place after the
 * ordered ones (in its saved order), so no save ever loses a picture. No order at all keeps the saved one.
 */
export function galleryInOrder(saved: readonly string[], order: readonly string[]): string[] {
  const held = new Set(saved);
  const placed = new Set<string>();
  const first: string[] = [];
  for (const url of order) {
    if (!held.has(url) || placed.has(url)) continue;
    placed.add(url);
    // A picture saved twice (an old import) stays twice, its copies side by side.
    for (const entry of saved) if (entry === url) first.push(entry);
  }
  return [...first, ...saved.filter((url) => !placed.has(url))];
}

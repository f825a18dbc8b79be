import { useEffect, useRef } from "react";

/** The attribute that marks a line's Remove button with its product's id, for finding it again after a removal. */
export const removeButtonOf = (productId: string) => ({ "data-remove-line": productId });

/**
 * Where the keyboard's focus goes after a line of the quote list is removed (with JavaScript the page stays): the
 * pressed button is gone with its line, and focus would fall to <body>, sending the buyer back to the top. It moves
 * to the Remove button of the line that took its place, else of the line above, else to the empty list's heading.
 * Only while focus is still nowhere else; the toast alone says what happened (the new focus is the next button's
 * own name, nothing repeated).
 */
export function useFocusAfterRemove(ids: string[]) {
  const removing = useRef<{ id: string; index: number } | null>(null);
  const emptyHeading = useRef<HTMLHeadingElement>(null);
  const key = ids.join(".");
  useEffect(() => {
    const pending = removing.current;
    const shown = key ? key.split(".") : [];
    if (!pending || shown.includes(pending.id)) return;
    removing.current = null;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    const next = shown[pending.index] ?? shown[pending.index - 1];
    const target = next
      ? document.querySelector<HTMLElement>(`[data-remove-line="${CSS.escape(next)}"]`)
      : emptyHeading.current;
    target?.focus();
  }, [key]);
  return {
    /** For the Remove button's click (a key press is one too): which line is on its way out. */
    onRemove: (id: string) => {
      removing.current = { id, index: Math.max(0, ids.indexOf(id)) };
    },
    /** For the empty list's heading, focused when the last line goes. */
    emptyHeading,
  };
}

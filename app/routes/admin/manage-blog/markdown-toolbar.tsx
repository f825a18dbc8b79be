import { Bold, Heading2, Image, Italic, Link2, List, ListOrdered, Quote, type LucideIcon } from "lucide-react";
import { link, picture, prefixLines, wrap, type Edit } from "~/features/blog/body-edits";
import { useHydrated } from "~/lib/use-hydrated";

type MakeEdit = (text: string, start: number, end: number, picturePrompt: string) => Edit | null;

const BUTTONS: Array<[string, LucideIcon, MakeEdit]> = [
  ["Bold", Bold, (t, s, e) => wrap(t, s, e, "**", "bold text")],
  ["Italic", Italic, (t, s, e) => wrap(t, s, e, "*", "italic text")],
  ["Heading", Heading2, (t, s, e) => prefixLines(t, s, e, "heading")],
  ["List", List, (t, s, e) => prefixLines(t, s, e, "bullet")],
  ["Numbered list", ListOrdered, (t, s, e) => prefixLines(t, s, e, "numbered")],
  [
    "Link",
    Link2,
    (t, s, e) => {
      const url = window.prompt("Link address (https://…, mailto:… or /a-page-of-this-site)", "https://");
      return url?.trim() && url.trim() !== "https://" ? link(t, s, e, url) : null;
    },
  ],
  ["Quote", Quote, (t, s, e) => prefixLines(t, s, e, "quote")],
  [
    "Picture",
    Image,
    (t, s, e, suggested) => {
      const url = window.prompt("Picture address (/media/… from the site's pictures, or https://…)", suggested);
      if (!url?.trim()) return null;
      const alt = window.prompt("Alt Text (what the picture shows, for readers who cannot see it)", "") ?? "";
      return picture(t, s, e, url, alt);
    },
  ],
];

/**
 * Bold, Italic, Heading, List, Numbered list, Link, Quote and Picture for a Markdown textarea (the blog body, ADR
 * 0044). Only with JavaScript: without it the textarea alone is the editor, and these buttons would do nothing.
 */
export function MarkdownToolbar({ field, picturePrompt }: { field: string; picturePrompt?: string | null }) {
  if (!useHydrated()) return null;
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={field}
      className="mb-1 flex flex-wrap gap-1 rounded-md border border-slate-200 bg-slate-50 p-1"
    >
      {BUTTONS.map(([label, Icon, make]) => (
        <button
          key={label}
          type="button"
          onClick={(event) => {
            const area = event.currentTarget.form?.elements.namedItem(field);
            if (!(area instanceof HTMLTextAreaElement)) return;
            const edit = make(area.value, area.selectionStart, area.selectionEnd, picturePrompt ?? "");
            if (edit) apply(area, edit);
          }}
          aria-label={label}
          title={label}
          className="rounded p-2 text-slate-700 hover:bg-white hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Icon className="size-4" aria-hidden />
        </button>
      ))}
    </div>
  );
}

// As typing would: execCommand keeps the browser's undo history; the fallback sets the value React listens for.
function apply(area: HTMLTextAreaElement, edit: Edit) {
  area.focus();
  area.setSelectionRange(edit.from, edit.to);
  if (!document.execCommand("insertText", false, edit.insert)) {
    const value = area.value.slice(0, edit.from) + edit.insert + area.value.slice(edit.to);
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(area, value);
    area.dispatchEvent(new Event("input", { bubbles: true }));
  }
  area.setSelectionRange(...edit.select);
}

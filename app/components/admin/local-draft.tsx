import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { useFormLoader } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { UNSAVED_ATTRIBUTE } from "~/lib/web/form-snapshot";
import { SiteTime } from "./site-time";

/**
 * Autosave for the long forms (product, blog post, home and about pages; ADR 0036): placed inside a SchemaForm, it
 * keeps what is typed in this browser's localStorage (a second after the last keystroke; files are not kept), and
 * when the page opens with a draft that differs from the form it offers it back ('Restore draft' / 'Discard', with
 * its time). A successful save forgets it; a refused one keeps it.
 */
interface Draft {
  at: string;
  entries: Array<[string, string]>;
}

const SAVE_DELAY_MS = 1000;
// Drafts already offered and restored or discarded in this tab (by time): restoring remounts the form's fields, and
// this component with them, which must not offer the same draft again.
const settled = new Set<string>();
const SECRET_FIELD = /password|secret|token/i;

function textEntries(form: HTMLFormElement): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && !SECRET_FIELD.test(name)) entries.push([name, value]);
  }
  return entries;
}

const sameEntries = (a: Array<[string, string]>, b: Array<[string, string]>) => JSON.stringify(a) === JSON.stringify(b);

function readDraft(key: string): Draft | null {
  try {
    const draft = JSON.parse(localStorage.getItem(key) ?? "null") as Draft | null;
    return draft && typeof draft.at === "string" && Array.isArray(draft.entries) ? draft : null;
  } catch {
    return null;
  }
}

function forget(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage switched off: there is nothing to forget.
  }
}

/** `storageKey` names the item: `draft:product:<id>` (or `:new`), `draft:blog:<id>`, `draft:page:home`. */
export function LocalDraft({ storageKey }: { storageKey: string }) {
  const anchor = useRef<HTMLSpanElement>(null);
  const load = useFormLoader();
  const navigation = useNavigation();
  const [offer, setOffer] = useState<Draft | null>(null);
  // Submitted (the form's own check may still stop it), then sent (React Router is sending it).
  const submitted = useRef(false);
  const sent = useRef(false);

  // On opening: a draft that differs from what the form shows is offered back.
  useEffect(() => {
    const form = anchor.current?.closest("form");
    const draft = readDraft(storageKey);
    if (!form || !draft || settled.has(draft.at)) return;
    if (sameEntries(draft.entries, textEntries(form))) return;
    // The draft lives in the browser and is compared with the form's DOM: only an effect can see both.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOffer(draft);
  }, [storageKey]);

  // While typing: the form's text, a second after the last change; the form as it opened is no draft.
  useEffect(() => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    const opened = textEntries(form);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      const entries = textEntries(form);
      try {
        if (sameEntries(entries, opened)) localStorage.removeItem(storageKey);
        else localStorage.setItem(storageKey, JSON.stringify({ at: new Date().toISOString(), entries }));
      } catch {
        // Storage full or switched off: autosave is a help, never a reason to fail.
      }
    };
    const changed = () => {
      submitted.current = false;
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    };
    const submitting = (event: Event) => {
      if (event.target !== form) return;
      clearTimeout(timer);
      save();
      submitted.current = true;
    };
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    document.addEventListener("submit", submitting);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("input", changed);
      form.removeEventListener("change", changed);
      document.removeEventListener("submit", submitting);
      // Gone after sending: the save succeeded (a refusal stays on the page). Signing in again after an expired
      // session is not a save: the draft stays for the kept form.
      if (sent.current) setTimeout(() => !location.pathname.startsWith("/admin/login") && forget(storageKey), 0);
    };
  }, [storageKey]);

  // The answer came and the form is still here: a refusal shows its values (`data-unsaved`), a success does not.
  useEffect(() => {
    if (navigation.state === "submitting" && submitted.current) {
      submitted.current = false;
      sent.current = true;
    }
    if (navigation.state !== "idle" || !sent.current) return;
    sent.current = false;
    const form = anchor.current?.closest("form");
    if (form && !form.hasAttribute(UNSAVED_ATTRIBUTE)) forget(storageKey);
  }, [navigation.state, storageKey]);

  return (
    <>
      <span ref={anchor} hidden />
      {offer ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p>
            An unsaved draft of this form from <SiteTime iso={offer.at} /> is kept in this browser.
          </p>
          <div className="flex gap-2">
            <Button
              size="sm"
              onClick={() => {
                settled.add(offer.at);
                setOffer(null);
                load?.(offer.entries);
              }}
            >
              Restore draft
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                settled.add(offer.at);
                forget(storageKey);
                setOffer(null);
              }}
            >
              Discard
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}

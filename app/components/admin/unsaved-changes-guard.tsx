import { useCallback, useEffect, useRef } from "react";
import { useBlocker, useNavigation, type BlockerFunction } from "react-router";
import { Button } from "~/components/ui/button";
import { formSnapshot, UNSAVED_ATTRIBUTE } from "~/lib/web/form-snapshot";

/**
 * Every back-office form that sends changes (method post) is watched, whoever wrote it: what it held when the
 * administrator first reached into it (focus, pointer, a dropped file) is its baseline, and a form that differs from
 * its baseline, or shows values the server does not have (`data-unsaved`), has unsaved changes. Leaving such a page
 * asks first: in-app navigation through an accessible dialog (React Router's blocker), closing or reloading the tab
 * through the browser's own prompt (`beforeunload`). Sending the form itself is never held up.
 */
interface Watch {
  baselines: WeakMap<HTMLFormElement, string>;
  /**
   * The path a form was reached on. React Router moves to the next page (a save's redirect) before React takes the
   * old page's form out of the document, so a Back pressed in between must not count that form against the new page.
   */
  pages: WeakMap<HTMLFormElement, string>;
  /** True while a submit event travels from the document down to React's handler (which navigates) and back up. */
  submitting: boolean;
  /** The form just sent by the browser itself (no React Router): the page unloads with it, nothing to ask. */
  sent: HTMLFormElement | null;
  /** The form whose submit event came last, and the one React Router is sending (state "submitting"). */
  lastSubmitted: HTMLFormElement | null;
  sending: HTMLFormElement | null;
}

// One back office per tab, so one watch per page (only effects and event handlers touch it, never the server).
const watch: Watch = {
  baselines: new WeakMap(),
  pages: new WeakMap(),
  submitting: false,
  sent: null,
  lastSubmitted: null,
  sending: null,
};

const watched = (form: HTMLFormElement) => form.method === "post" && form.isConnected;

/** The forms with unsaved changes; given the router's current path, only those reached on it (or never reached). */
function formsWithUnsavedChanges(currentPath?: string): HTMLFormElement[] {
  return [...document.forms].filter((form) => {
    if (!watched(form) || form === watch.sent) return false;
    const page = watch.pages.get(form);
    if (currentPath !== undefined && page !== undefined && page !== currentPath) return false;
    if (form.hasAttribute(UNSAVED_ATTRIBUTE)) return true;
    const baseline = watch.baselines.get(form);
    return baseline !== undefined && baseline !== formSnapshot(form);
  });
}

export const LEAVE_TITLE = "Leave this page?";
export const LEAVE_MESSAGE = "Your changes are not saved.";

export function UnsavedChangesGuard() {
  const navigation = useNavigation();

  useEffect(() => {
    const takeBaseline = (event: Event) => {
      const form = event.target instanceof Element ? event.target.closest("form") : null;
      if (!form || !watched(form) || watch.baselines.has(form)) return;
      watch.baselines.set(form, formSnapshot(form));
      watch.pages.set(form, window.location.pathname);
    };
    const submitStarts = () => {
      watch.submitting = true;
    };
    const submitEnds = (event: Event) => {
      watch.submitting = false;
      if (!(event.target instanceof HTMLFormElement)) return;
      watch.lastSubmitted = event.target;
      // React Router's forms always prevent the browser's own submission; one that is not prevented unloads the page.
      if (!event.defaultPrevented) watch.sent = event.target;
    };
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (formsWithUnsavedChanges().length === 0) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    const reach = ["focusin", "pointerdown", "dragenter"] as const;
    for (const type of reach) document.addEventListener(type, takeBaseline, true);
    document.addEventListener("submit", submitStarts, true);
    document.addEventListener("submit", submitEnds);
    window.addEventListener("beforeunload", beforeUnload);
    return () => {
      for (const type of reach) document.removeEventListener(type, takeBaseline, true);
      document.removeEventListener("submit", submitStarts, true);
      document.removeEventListener("submit", submitEnds);
      window.removeEventListener("beforeunload", beforeUnload);
    };
  }, []);

  // Sent through React Router (its check passed), then answered: what the form held is the server's business now, and
  // the next reach into it takes a new baseline. A refusal marks the form `data-unsaved`, so it still counts.
  useEffect(() => {
    if (navigation.state === "submitting") {
      watch.sending = watch.lastSubmitted;
    } else if (navigation.state === "idle") {
      if (watch.sending) watch.baselines.delete(watch.sending);
      watch.sending = null;
      watch.sent = null;
    }
  }, [navigation.state]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      !watch.submitting &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
      formsWithUnsavedChanges(currentLocation.pathname).length > 0,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  return blocker.state === "blocked" ? <LeaveDialog onStay={blocker.reset} onLeave={blocker.proceed} /> : null;
}

/** A modal the browser keeps modal (focus inside, the page behind inert); Escape means stay. */
function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    return () => dialog.close();
  }, []);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby="leave-title"
      aria-describedby="leave-message"
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-lg border border-slate-200 bg-white p-6 shadow-xl backdrop:bg-slate-900/40"
      onCancel={(event) => {
        event.preventDefault();
        onStay();
      }}
    >
      <h2 id="leave-title" className="text-lg font-bold text-brand-900">
        {LEAVE_TITLE}
      </h2>
      <p id="leave-message" className="mt-2 text-sm text-slate-700">
        {LEAVE_MESSAGE}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="outline" size="sm" onClick={onStay} autoFocus>
          Stay on this page
        </Button>
        <Button variant="danger" size="sm" onClick={onLeave}>
          Leave without saving
        </Button>
      </div>
    </dialog>
  );
}

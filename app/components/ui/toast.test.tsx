// @vitest-environment happy-dom
import { act, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, expect, it, vi } from "vitest";
import { ToastProvider, useToast } from "./toast";
import type { ToastInput } from "~/lib/web/toast";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

afterEach(() => {
  vi.useRealTimers();
  globalThis.IS_REACT_ACT_ENVIRONMENT = undefined;
});

/** Lets React's scheduler (setImmediate, left real) render what is pending. */
async function letReactRender() {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Hands the provider's `show` to the test. */
function Grab({ onShow }: { onShow: (show: (toast: ToastInput) => void) => void }) {
  const show = useToast();
  useEffect(() => onShow(show), [onShow, show]);
  return null;
}

it("a toast that arrives just as the one before runs out is shown for its whole time", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  let show: (toast: ToastInput) => void = () => {};
  const grab = (fn: typeof show) => (show = fn);
  const container = document.createElement("div");
  const root = createRoot(container);
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  await act(() => root.render(<ToastProvider children={<Grab onShow={grab} />} />));
  await act(() => show({ title: "User Role Updated", description: "The role is now admin." }));
  expect(container.textContent).toContain("The role is now admin.");

  // The next toast is asked for, and the first one's 5 s end before React has put the new one on screen (an action's
  // answer that lands at that moment): the first toast's timer must not take the new toast away.
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  vi.advanceTimersByTime(4999);
  show({ title: "User Role Updated", description: "The role is now user." });
  vi.advanceTimersByTime(1);
  await letReactRender();
  expect(container.textContent).toContain("The role is now user.");

  // It still goes after its own 5 s.
  vi.advanceTimersByTime(4998);
  await letReactRender();
  expect(container.textContent).toContain("The role is now user.");
  vi.advanceTimersByTime(2);
  await letReactRender();
  expect(container.querySelector("[data-testid=toast]")).toBeNull();
  root.unmount();
});

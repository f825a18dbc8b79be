import type { Locator, Page } from "@playwright/test";
import { expect } from "@playwright/test";

/**
 * Moves a card of a sortable list (app/components/admin/sortable-list.tsx) with the keyboard, the way a
 * screen-reader user would: Space on its grip, arrow keys until the live region says `until`, then Space.
 * Each key waits for the cards to stop moving first: dnd-kit measures where the cards are as the key is pressed,
 * so a key pressed mid-animation can carry the card one place short or not at all (CI saw both).
 */
export async function carryByKeyboard(
  page: Page,
  grip: Locator,
  keys: readonly string[],
  until: string,
  { maxPresses = 24 }: { maxPresses?: number } = {},
) {
  await grip.focus();
  await page.keyboard.press("Space");
  await expect(grip).toHaveAttribute("aria-pressed", "true");
  const live = page.getByRole("status").filter({ hasText: /^Picked up | is over / });
  const over = page.getByRole("status").filter({ hasText: until });
  for (let i = 0; i < maxPresses && !(await over.count()); i++) {
    await settled(page);
    const said = await live.textContent();
    await page.keyboard.press(keys[i % keys.length]!);
    // A key that moves the card is announced; one that cannot (the row's end) says nothing new.
    await expect(live)
      .not.toHaveText(said ?? "", { timeout: 1000 })
      .catch(() => undefined);
  }
  await expect(over).toHaveCount(1);
  await settled(page);
  await page.keyboard.press("Space");
  await expect(grip).not.toHaveAttribute("aria-pressed", "true");
}

/** Until no CSS transition or animation is running on the page. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
}

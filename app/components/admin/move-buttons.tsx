import { ArrowDown, ArrowUp } from "lucide-react";
import { Form } from "react-router";

const BUTTON =
  "rounded-md p-2 text-slate-600 hover:bg-slate-100 disabled:opacity-30 disabled:hover:bg-transparent aria-disabled:opacity-30 aria-disabled:hover:bg-transparent";

/** Up / down buttons that move an item one place in a sorted list; plain forms, so keyboard and no-JS work. */
export function MoveButtons({ id, name, first, last }: { id: string; name: string; first: boolean; last: boolean }) {
  return (
    <Form method="post" className="flex">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <MoveButton direction="up" name={name} disabled={first} />
      <MoveButton direction="down" name={name} disabled={last} />
    </Form>
  );
}

/**
 * The same buttons for a list inside a bigger form (a product's gallery in its edit form): they move the item on the
 * page only, and the form's own Save sends the order. They need JavaScript, so the caller shows them once it runs.
 * At the list's end a button says it cannot move (aria-disabled) but keeps the focus, so the keyboard is not lost.
 */
export function InFormMoveButtons({
  name,
  first,
  last,
  onMove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  return (
    <div className="flex">
      <MoveButton direction="up" name={name} disabled={first} onMove={() => onMove(-1)} />
      <MoveButton direction="down" name={name} disabled={last} onMove={() => onMove(1)} />
    </div>
  );
}

function MoveButton({
  direction,
  name,
  disabled,
  onMove,
}: {
  direction: "up" | "down";
  name: string;
  disabled: boolean;
  /** Moves on the page (a button of its own) instead of sending a form. */
  onMove?: () => void;
}) {
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  const look = { "aria-label": `Move ${name} ${direction}`, title: `Move ${direction}`, className: BUTTON };
  return onMove ? (
    <button type="button" aria-disabled={disabled || undefined} onClick={disabled ? undefined : onMove} {...look}>
      <Icon className="size-4" aria-hidden />
    </button>
  ) : (
    <button type="submit" name="direction" value={direction} disabled={disabled} {...look}>
      <Icon className="size-4" aria-hidden />
    </button>
  );
}

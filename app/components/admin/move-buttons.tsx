import { ArrowDown, ArrowUp } from "lucide-react";
import { Form } from "react-router";

const BUTTON = "rounded-md p-2 text-slate-600 hover:bg-slate-100 disabled:opacity-30 disabled:hover:bg-transparent";

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

function MoveButton({ direction, name, disabled }: { direction: "up" | "down"; name: string; disabled: boolean }) {
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  return (
    <button
      type="submit"
      name="direction"
      value={direction}
      disabled={disabled}
      aria-label={`Move ${name} ${direction}`}
      title={`Move ${direction}`}
      className={BUTTON}
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
}

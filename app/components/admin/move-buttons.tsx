import { ArrowDown, ArrowUp } from "lucide-react";
import { Form } from "react-router";

/** Up / down buttons that move an item one place in a sorted list; plain forms, so keyboard and no-JS work. */
export function MoveButtons({ id, name, first, last }: { id: string; name: string; first: boolean; last: boolean }) {
  const button = "rounded-md p-2 text-slate-600 hover:bg-slate-100 disabled:opacity-30 disabled:hover:bg-transparent";
  return (
    <Form method="post" className="flex">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="direction"
        value="up"
        disabled={first}
        aria-label={`Move ${name} up`}
        title="Move up"
        className={button}
      >
        <ArrowUp className="size-4" aria-hidden />
      </button>
      <button
        type="submit"
        name="direction"
        value="down"
        disabled={last}
        aria-label={`Move ${name} down`}
        title="Move down"
        className={button}
      >
        <ArrowDown className="size-4" aria-hidden />
      </button>
    </Form>
  );
}

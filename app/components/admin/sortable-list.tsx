import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { useCallback, useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { moved } from "~/lib/whole-order";

/**
 * A list reordered by drag and drop (pointer or touch) or by the keyboard (Tab to a card's handle, Space to pick it
 * up, arrow keys to move, Space to drop, Escape to cancel), each move told to screen readers. `onOrder` gets the whole
 * new order once the item is dropped, to be saved in one request. Before JavaScript runs there is no handle: the
 * page's own buttons (up / down, a position) do the same with plain forms.
 */
export function SortableList<T extends { id: string }>({
  id,
  items,
  nameOf,
  onOrder,
  className,
  children,
}: {
  /** Stable across server and browser, so the screen-reader instructions' id matches. */
  id: string;
  items: T[];
  nameOf: (item: T) => string;
  onOrder: (items: T[]) => void;
  className: string;
  /** The card, given its drag handle to place (null before JavaScript runs). */
  children: (item: T, index: number, handle: ReactNode) => ReactNode;
}) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle or a tap that scrolls is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const name = (itemId: string | number) => {
    const item = items.find((i) => i.id === itemId);
    return item ? nameOf(item) : "item";
  };
  const place = (itemId: string | number | undefined) =>
    itemId === undefined ? "" : `position ${ids.indexOf(String(itemId)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, at ${place(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over ${place(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at ${place(over.id)}. Saving the new order.` : `${name(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled; it stays at ${place(active.id)}.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onOrder(moved(items, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }

  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To move this item, press Space or Enter, then the arrow keys; press Space or Enter again to drop it there, or Escape to cancel.",
        },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul className={className}>
          {items.map((item, index) => (
            <SortableEntry key={item.id} id={item.id} handleLabel={`Reorder ${nameOf(item)}`}>
              {(handle) => children(item, index, handle)}
            </SortableEntry>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableEntry({
  id,
  handleLabel,
  children,
}: {
  id: string;
  handleLabel: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const hydrated = useHydrated();
  // The grip: where a pointer drags and where the keyboard picks the card up; only once JavaScript runs.
  const handle = hydrated ? (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={handleLabel}
      title="Drag to reorder, or press Space and use the arrow keys"
      className="cursor-grab touch-none rounded-md bg-white/90 p-2 text-slate-700 ring-1 ring-slate-200 hover:bg-white active:cursor-grabbing"
    >
      <GripVertical className="size-4" aria-hidden />
    </button>
  ) : null;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? "relative z-10 opacity-80 shadow-lg" : "relative"}
    >
      {children(handle)}
    </li>
  );
}

/** Keeps a list shown in the order just chosen until the server's answer (the loader's new list) replaces it. */
export function useShownOrder<T extends { id: string }>(items: T[]) {
  const [chosen, setChosen] = useState<{ from: T[]; order: T[] } | null>(null);
  // A new list from the loader (after any save) wins over an order chosen against the previous one.
  const shown = chosen && chosen.from === items ? chosen.order : items;
  const forget = useCallback(() => setChosen(null), []);
  return [shown, (order: T[]) => setChosen({ from: items, order }), forget] as const;
}

import { HistoryLink, HistoryPanel } from "~/components/admin/history-panel";
import type { HistoryEntry } from "~/features/versions/restore.server";
import { Pencil, Plus, Trash2, type LucideIcon } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { ImageField, SchemaForm } from "~/components/forms/index";
import { ButtonLink } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import type { ItemKind } from "~/features/sorted-image-items/sorted-image-items";
import type { FormFailure } from "~/lib/forms/submission";
import { AdminPageHeader } from "~/components/admin/page-header";
import { InlineFormButtons, SortOrderField, useInlineEditing } from "./inline-editing";
import { MoveButtons } from "~/components/admin/move-buttons";
import { DeleteForm } from "~/components/admin/delete-form";
import { Card } from "~/components/admin/card";
import { SortableList, useShownOrder } from "~/components/admin/sortable-list";

interface SortedItem {
  id: string;
  image_url: string | null;
  sort_order: number;
}

/** What a card gets from the page: its place, its move buttons, its drag handle and its edit/delete buttons. */
export interface ItemCardParts {
  index: number;
  move: ReactNode;
  handle: ReactNode;
  actions: ReactNode;
}

/**
 * The page of a sorted list of pictured items (certificates, gallery; spec §2, §4): the header with 'Back to Edit
 * Pages' and the add button, the inline form (closed, adding, editing: `?edit=new|{id}`), the empty state, and the
 * grid of cards, which the route draws. The grid reorders by drag and drop or the keyboard (the whole order saved in
 * one request, intent `reorder`); the up / down buttons stay as the way without JavaScript.
 */
export function SortedImageItemsPage<T extends SortedItem>({
  title,
  kind: { words, form },
  loaderData: { items, history, entity, version },
  actionData: result,
  nameOf,
  fields,
  imageLabel,
  EmptyIcon,
  emptyHint,
  look,
  listClassName,
  children,
}: {
  title: string;
  kind: ItemKind<any>;
  /** The route's own props: the loader's items and the action's answer. */
  loaderData: { items: T[]; history?: HistoryEntry[]; entity?: string; version?: string | null };
  actionData?: unknown;
  nameOf: (item: T, index: number) => string;
  /** The inline form's own fields; the sort order, the picture and the buttons follow them. */
  fields: (item: T | null) => ReactNode;
  imageLabel: string;
  EmptyIcon: LucideIcon;
  emptyHint?: string;
  /** The edit and delete buttons: with their words on a card, or as icons over a picture. */
  look: "labelled" | "overlay";
  listClassName: string;
  children: (item: T, parts: ItemCardParts) => ReactNode;
}) {
  const { editing, formOpen } = useInlineEditing(items);
  // The inline form shows its own refusal; a refused move or delete is told here.
  const failure = result as FormFailure | undefined;
  useToastOnChange(failure?.form === "save" ? undefined : failure?.toast);
  const [shown, choose, forget] = useShownOrder(items);
  const reorder = useFetcher<FormFailure>();
  useToastOnChange(reorder.data?.toast);
  // A refused order (the list changed meanwhile) goes back to the list as the server has it.
  useEffect(() => {
    if (reorder.state === "idle" && reorder.data?.ok === false) forget();
  }, [reorder.state, reorder.data, forget]);

  return (
    <div>
      <AdminPageHeader title={title} back={{ to: "/admin/edit-pages", label: "Back to Edit Pages" }}>
        <ButtonLink to="?edit=new">
          <Plus className="size-4" aria-hidden /> {words.addNew}
        </ButtonLink>
      </AdminPageHeader>
      {formOpen ? (
        <Card className="mb-6">
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4">
            <h2 className="text-lg font-semibold text-brand-900">{editing ? words.edit : words.addNew}</h2>
            {editing && history ? <HistoryLink entries={history} /> : null}
          </div>
          <SchemaForm
            of={form}
            result={result}
            intent="save"
            method="post"
            encType="multipart/form-data"
            className="grid gap-5 sm:grid-cols-2"
            key={editing?.id ?? "new"}
            version={editing ? version : null}
          >
            {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
            {editing?.image_url ? <input type="hidden" name="image_saved" value="1" /> : null}
            {fields(editing)}
            <SortOrderField defaultValue={String(editing?.sort_order ?? items.length)} />
            <div className="sm:col-span-2">
              <ImageField name="image" label={imageLabel} currentUrl={editing?.image_url ?? null} />
            </div>
            <InlineFormButtons label={editing ? words.update : words.add} cancelTo="." />
          </SchemaForm>
        </Card>
      ) : null}
      {editing && history ? (
        <div className="mb-6">
          <HistoryPanel entries={history} restoreAction={`/admin/history/${entity}/${editing.id}/restore`} />
        </div>
      ) : null}
      {items.length === 0 ? (
        <Card className="text-center">
          <EmptyIcon className="mx-auto size-10 text-slate-300" aria-hidden />
          <p className="mt-3 font-semibold text-brand-900">{words.empty}</p>
          {emptyHint ? <p className="mt-1 text-sm text-muted">{emptyHint}</p> : null}
        </Card>
      ) : (
        <SortableList
          id={`sort-${words.one.replace(/\W/g, "-")}`}
          items={shown}
          nameOf={(item) => nameOf(item, items.indexOf(item))}
          onOrder={(order) => {
            choose(order);
            const body = new FormData();
            body.set("intent", "reorder");
            for (const item of order) body.append("order", item.id);
            void reorder.submit(body, { method: "post" });
          }}
          className={listClassName}
        >
          {(item, index, handle) => {
            const name = nameOf(item, items.indexOf(item));
            return children(item, {
              index,
              move: <MoveButtons id={item.id} name={name} first={index === 0} last={index === shown.length - 1} />,
              handle,
              actions: <ItemActions id={item.id} name={name} what={`the ${words.one} "${name}"`} look={look} />,
            });
          }}
        </SortableList>
      )}
    </div>
  );
}

const actionLooks = {
  labelled: {
    edit: "inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50",
    delete: "inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-red-600 hover:bg-red-50",
  },
  overlay: {
    edit: "rounded-md bg-white/90 p-2 text-brand-700 hover:bg-white",
    delete: "rounded-md bg-white/90 p-2 text-red-600 hover:bg-white",
  },
};

/** Edit (opens the inline form) and delete (after the confirmation, spec §5) for one card. */
function ItemActions({
  id,
  name,
  what,
  look,
}: {
  id: string;
  name: string;
  what: string;
  look: keyof typeof actionLooks;
}) {
  const labelled = look === "labelled";
  return (
    <div className={labelled ? "flex gap-1" : "flex justify-end gap-1"}>
      <Link to={`?edit=${id}`} className={actionLooks[look].edit} aria-label={`Edit ${name}`} title="Edit">
        <Pencil className="size-4" aria-hidden />
        {labelled ? "Edit" : null}
      </Link>
      <DeleteForm what={what} id={id} label={`Delete ${name}`} className={actionLooks[look].delete}>
        <Trash2 className="size-4" aria-hidden />
        {labelled ? "Delete" : null}
      </DeleteForm>
    </div>
  );
}

/** A card's picture at 4:3, or the placeholder icon when there is none. */
export function ItemPicture({
  src,
  alt,
  fit,
  Placeholder,
}: {
  src: string | null;
  alt: string;
  fit: "contain" | "cover";
  Placeholder: LucideIcon;
}) {
  return (
    <div className="flex aspect-[4/3] items-center justify-center bg-slate-100">
      {src ? (
        <img
          src={src}
          alt={alt}
          width={400}
          height={300}
          loading="lazy"
          className={fit === "contain" ? "size-full object-contain" : "size-full object-cover"}
        />
      ) : (
        <Placeholder className="size-12 text-slate-300" aria-label="No image" />
      )}
    </div>
  );
}

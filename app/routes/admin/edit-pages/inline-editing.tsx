import { useSearchParams } from "react-router";
import { Field, SubmitButton } from "~/components/forms/fields";
import { ButtonLink } from "~/components/ui/button";

/**
 * Certificates and gallery edit inline (spec §4: closed, adding, editing). The state lives in the address
 * (`?edit=new`, `?edit={id}`), so it works without JavaScript and survives a reload.
 */
export function useInlineEditing<T extends { id: string }>(items: T[]) {
  const [params] = useSearchParams();
  const edit = params.get("edit");
  const editing = edit && edit !== "new" ? (items.find((item) => item.id === edit) ?? null) : null;
  return { editing, formOpen: edit === "new" || editing !== null };
}

/** The inline form's submit and cancel (back to the list, form closed). */
export function InlineFormButtons({ label, cancelTo }: { label: string; cancelTo: string }) {
  return (
    <div className="flex gap-3 sm:col-span-2">
      <SubmitButton>{label}</SubmitButton>
      <ButtonLink to={cancelTo} variant="outline">
        Cancel
      </ButtonLink>
    </div>
  );
}

/**
 * The sort order of a certificate or gallery item (spec §5: an integer; new items start at the current count). Its
 * form's schema makes it a whole-number input.
 */
export function SortOrderField({ defaultValue }: { defaultValue: string }) {
  return <Field name="sort_order" label="Sort Order" hint="Lower numbers come first." defaultValue={defaultValue} />;
}

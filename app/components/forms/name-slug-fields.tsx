import { useState } from "react";
import { slugFollowsName, slugify } from "~/lib/slug";
import { Field } from "./fields";
import { useField } from "./form";

/**
 * The name and slug of a category, product or blog post, with one slug rule (spec §5): the slug follows the name
 * while it is empty, still the saved slug, or still what the name gave; once edited by hand it stays as typed.
 */
export function NameSlugFields({
  nameField = "name",
  nameLabel,
  saved,
  addressPrefix,
  className,
  onChange,
}: {
  /** The name input's name (`title` for blog posts). */
  nameField?: string;
  nameLabel: string;
  /** The saved record's name and slug, when editing. */
  saved?: { name: string; slug: string } | null;
  /** The address the slug goes into, shown under it ("/products/"). */
  addressPrefix: string;
  className?: string;
  /** Told the name and slug as they change (a live preview, a warning about the address). */
  onChange?: (fields: { name: string; slug: string }) => void;
}) {
  const typedName = useField(nameField, saved?.name ?? "").defaultValue as string;
  const typedSlug = useField("slug", saved?.slug ?? "").defaultValue as string;
  const [name, setName] = useState(typedName);
  const [slug, setSlug] = useState(typedSlug);
  const originalSlug = saved?.slug ?? "";

  return (
    <div className={className ?? "grid gap-5 sm:grid-cols-2"}>
      <Field
        name={nameField}
        label={nameLabel}
        value={name}
        onChange={(event) => {
          const next = event.target.value;
          const nextSlug = slugFollowsName(slug, name, originalSlug) ? slugify(next) : slug;
          setSlug(nextSlug);
          setName(next);
          onChange?.({ name: next, slug: nextSlug });
        }}
      />
      <Field
        name="slug"
        label="Slug"
        value={slug}
        onChange={(event) => {
          setSlug(event.target.value);
          onChange?.({ name, slug: event.target.value });
        }}
        inputClassName={undefined}
        className="[&_input]:font-mono"
        hint={`Used in the address: ${addressPrefix}${slugify(slug) || "…"}`}
      />
    </div>
  );
}

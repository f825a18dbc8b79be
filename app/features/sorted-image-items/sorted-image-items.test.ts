import { describe, expect, it } from "vitest";
import { certificateForm, certificates } from "~/features/certificates/certificates.schema";
import { gallery, galleryForm } from "~/features/gallery/gallery.schema";
import { constraintsOf, parseSubmission } from "~/lib/forms/submission";

const form = (entries: Record<string, string | File>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};
const noFile = () => new File([], "");
const aFile = () => new File(["xyz"], "a.jpg", { type: "image/jpeg" });

describe("certificate and gallery forms", () => {
  it("use the spec's words (§2, §8)", () => {
    expect(certificates.words).toMatchObject({
      addNew: "Add New Certificate",
      empty: "No certificates found.",
      added: "Certificate Added",
      updated: "Certificate Updated",
      deleted: "Certificate Deleted",
      deleteError: "Error deleting certificate",
      fetchError: "Error fetching certificates",
    });
    expect(gallery.words).toMatchObject({
      addNew: "Add New Gallery Item",
      empty: "No gallery items found.",
      added: "Gallery Item Added",
      updated: "Gallery Item Updated",
      deleted: "Gallery Item Deleted",
      addError: "Error adding gallery item",
      updateError: "Error updating gallery item",
      deleteError: "Error deleting gallery item",
    });
  });

  it("refuse a certificate without a name with 'Missing Name', keeping what was typed", () => {
    const result = parseSubmission(form({ name: "  ", authority: "DGFT", sort_order: "" }), certificateForm.schema);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toEqual(["Certificate name is required."]);
    expect(result.values).toMatchObject({ authority: "DGFT" });
    expect(certificateForm.invalidToast(result.errors)).toEqual({
      title: "Missing Name",
      description: "Certificate name is required.",
      variant: "destructive",
    });
  });

  it("read the sort order as an integer (spec §5): blank is left to the server, '7abc' is 7, 'abc' is refused", () => {
    const sort = (sort_order: string) => parseSubmission(form({ name: "IEC", sort_order }), certificateForm.schema);
    expect(sort("")).toMatchObject({ ok: true, value: { sort_order: undefined } });
    expect(sort(" 3 ")).toMatchObject({ ok: true, value: { sort_order: 3 } });
    expect(sort("1.7xyz")).toMatchObject({ ok: true, value: { sort_order: 1 } });
    expect(sort("abc")).toMatchObject({ ok: false, errors: { sort_order: ["Sort order must be a whole number."] } });
    expect(sort("2000000")).toMatchObject({
      ok: false,
      errors: { sort_order: ["Sort order must be at most 1000000."] },
    });
    // …and the input is told so by the schema.
    expect(constraintsOf(certificateForm.schema).sort_order).toEqual({
      type: "number",
      step: 1,
      min: -1_000_000,
      max: 1_000_000,
    });
    expect(constraintsOf(certificateForm.schema).name).toEqual({ required: true, maxLength: 120 });
  });

  it("require a gallery picture unless a saved one is kept ('Missing Image')", () => {
    const check = (entries: Record<string, string | File>) => parseSubmission(form(entries), galleryForm.schema);
    const missing = check({ title: "Harvest", image: noFile() });
    expect(missing).toMatchObject({ ok: false, errors: { image: ["Gallery item image is required."] } });
    if (!missing.ok)
      expect(galleryForm.invalidToast(missing.errors)).toMatchObject({
        title: "Missing Image",
        description: "Gallery item image is required.",
      });
    expect(check({ image: aFile() }).ok).toBe(true);
    expect(check({ image: noFile(), image_saved: "1" }).ok).toBe(true);
    expect(check({ image: noFile(), image_saved: "1", image_remove: "1" }).ok).toBe(false);
    expect(check({ image: aFile(), image_saved: "1", image_remove: "1" }).ok).toBe(true);
  });
});

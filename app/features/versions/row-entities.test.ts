import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { describeRow, rowFieldParts, type RowEntity } from "~/features/history/row-versions.server";
import { categoryForm } from "~/features/catalogue/catalogue.schema";
import { CATEGORY_ENTITY } from "~/features/catalogue/category-entity";
import { postForm } from "~/features/blog/blog.schema";
import { POST_ENTITY } from "~/features/blog/post-entity";
import { certificateForm } from "~/features/certificates/certificates.schema";
import { galleryForm } from "~/features/gallery/gallery.schema";
import { CERTIFICATE_ENTITY, GALLERY_ITEM_ENTITY } from "~/features/sorted-image-items/item-entities";

// Each kind stored as one row is described once (issue 39): its form's labels and limits and its History panel's
// labels come from the descriptor, so changing a field there changes all of them.
const KINDS: Array<[RowEntity, z.ZodType, Record<string, string>]> = [
  [CATEGORY_ENTITY, categoryForm.schema, { name: "Onions", slug: "onions" }],
  [POST_ENTITY, postForm.schema, { title: "Harvest", slug: "harvest", content: "Text." }],
  [CERTIFICATE_ENTITY, certificateForm.schema, { name: "APEDA" }],
  [GALLERY_ITEM_ENTITY, galleryForm.schema, { image_saved: "on" }],
];

/** Text of `length` characters the field's own rule accepts (an address for a link). */
const textOf = (field: string, length: number) =>
  field.endsWith("_url") ? `https://example.com/${"a".repeat(length - 20)}` : "a".repeat(length);

describe.each(KINDS)("$kindName", (entity, schema, valid) => {
  const limited = Object.entries(entity.fields).filter(([field, { max }]) => max && field !== "slug");

  it.each(limited)("%s: the form keeps its limit and names it by its label", (field, { label, max }) => {
    expect(schema.safeParse({ ...valid, [field]: textOf(field, max!) }).success).toBe(true);
    const long = schema.safeParse({ ...valid, [field]: textOf(field, max! + 1) });
    expect(long.success).toBe(false);
    expect(JSON.stringify(long.error?.issues)).toContain(`${label} is too long`);
  });

  it("a version reads each field under its History label", () => {
    const snapshot = Object.fromEntries(Object.keys(entity.fields).map((field) => [field, `${field} value`]));
    const readable = describeRow(entity, snapshot);
    for (const [field, { label, versionLabel }] of Object.entries(entity.fields))
      expect(readable[versionLabel ?? label]).toBe(`${field} value`);
  });
});

describe("one field of a row's version put back alone (ADR 0055)", () => {
  it("offers each versioned column but the status, publishing times and the columns a rule ties together", () => {
    expect(rowFieldParts(CATEGORY_ENTITY, "Category Name")).toEqual({ paths: [["name"]] });
    expect(rowFieldParts(CATEGORY_ENTITY, "Status")).toHaveProperty("why");
    expect(rowFieldParts(POST_ENTITY, "Publish at")).toHaveProperty("why");
    expect(rowFieldParts(CERTIFICATE_ENTITY, "Verification Link")).toEqual({ paths: [["verify_url"]] });
    expect(rowFieldParts(CERTIFICATE_ENTITY, "Valid Until")).toMatchObject({
      why: expect.stringContaining("Valid From"),
    });
    expect(rowFieldParts(GALLERY_ITEM_ENTITY, "Translation (ar): title")).toEqual({
      paths: [["translations", "ar", "title"]],
    });
    expect(rowFieldParts(GALLERY_ITEM_ENTITY, "id")).toBeNull();
  });
});

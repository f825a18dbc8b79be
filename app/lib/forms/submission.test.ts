import { describe, expect, it } from "vitest";
import { z } from "zod";
import { categoryForm, CATEGORY_REQUIRED } from "~/features/catalogue/catalogue.schema";
import { checkbox, constraintsOf, list, optionalFile, optionalFiles, parseSubmission, text } from "./submission";

const form = (entries: Array<[string, string | File]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("parseSubmission", () => {
  it("gives typed values: trimmed text, a cleaned slug, a flag, and no file when none was chosen", () => {
    const result = parseSubmission(
      form([
        ["name", "  Red Onions "],
        ["slug", "Red Onions!"],
        ["description", ""],
        ["image", new File([], "")],
        ["image_remove", "1"],
      ]),
      categoryForm.schema,
    );
    expect(result).toMatchObject({
      ok: true,
      value: { name: "Red Onions", slug: "red-onions", description: "", image: null, image_remove: true },
    });
  });

  it("gives one list of messages per field and what was typed, without files", () => {
    const result = parseSubmission(
      form([
        ["name", "   "],
        ["slug", "x".repeat(121)],
        ["image", new File(["abc"], "a.jpg")],
      ]),
      categoryForm.schema,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toEqual(["Category Name is required."]);
    expect(result.errors.slug).toEqual(["Slug is too long (at most 120 characters)."]);
    expect(result.values).toEqual({ name: "   ", slug: "x".repeat(121) });
    // The spec's toast names every required field when one is missing.
    expect(categoryForm.invalidToast(result.errors)).toMatchObject({
      title: "Missing Fields",
      description: CATEGORY_REQUIRED,
    });
  });

  it("reads every value of an array field and one of any other", () => {
    const schema = z.object({ tags: z.array(z.string()), one: z.string() });
    const result = parseSubmission(
      form([
        ["tags", "a"],
        ["tags", "b"],
        ["one", "x"],
        ["one", "y"],
      ]),
      schema,
    );
    expect(result).toMatchObject({ ok: true, value: { tags: ["a", "b"], one: "x" } });
  });

  it("a slug with no letter or digit left is refused with its own message", () => {
    const result = parseSubmission(
      form([
        ["name", "Onions"],
        ["slug", "!!!"],
      ]),
      categoryForm.schema,
    );
    expect(!result.ok && result.errors.slug).toEqual(["The slug needs at least one letter or digit."]);
    expect(!result.ok && categoryForm.invalidToast(result.errors).description).toBe(
      "The slug needs at least one letter or digit.",
    );
  });
});

describe("constraintsOf", () => {
  it("turns the schema's rules into the input's HTML constraints, so no limit is written twice", () => {
    const schema = z.object({
      name: text.required("Name", 120),
      note: text.optional("Note", 500),
      email: z.email().max(254),
      order: z.coerce.number().int().min(0).max(9999),
      featured: checkbox(),
      image: optionalFile(),
    });
    expect(constraintsOf(schema)).toEqual({
      name: { required: true, maxLength: 120 },
      note: { maxLength: 500 },
      email: { type: "email", maxLength: 254 },
      order: { type: "number", min: 0, max: 9999, step: 1 },
      featured: {},
      image: {},
    });
  });

  it("gives an array field's inputs the constraints of one item", () => {
    const schema = z.object({ keys: list(z.string().max(100), 10, "Too many."), files: optionalFiles(3, "Too many.") });
    expect(constraintsOf(schema)).toEqual({ keys: { maxLength: 100 }, files: {} });
  });
});

import { describe, expect, it } from "vitest";
import { constraintsOf, parseSubmission } from "~/lib/forms/submission";
import { csvImportForm, csvUploadForm, PRODUCT_REQUIRED, productForm } from "./catalogue.schema";
import { CHOOSE_CSV, CSV_TOO_LARGE, MAX_CSV_BYTES, NOT_CSV } from "./csv/limits";

const form = (entries: Array<[string, string | File]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
const noFile = () => new File([], "");

describe("productForm", () => {
  it("sent empty: Name, Category and Slug each get a message, and the toast is the spec's sentence", () => {
    const result = parseSubmission(
      form([
        ["name", " "],
        ["slug", ""],
        ["category_id", ""],
        ["description", "kept"],
        ["image", noFile()],
        ["gallery_new", noFile()],
      ]),
      productForm.schema,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: ["Product Name is required."],
      slug: ["Slug is required."],
      category_id: ["Category is required."],
    });
    expect(result.values).toMatchObject({ description: "kept" });
    expect(productForm.invalidToast(result.errors)).toEqual({
      title: "Missing Fields",
      description: PRODUCT_REQUIRED,
      variant: "destructive",
    });
  });

  it("gives typed values: a cleaned slug, the flag, only chosen gallery files, and the specification rows", () => {
    const picture = new File(["x"], "g1.jpg", { type: "image/jpeg" });
    const result = parseSubmission(
      form([
        ["name", " Nashik Red Onion "],
        ["slug", "Nashik Red Onion"],
        ["category_id", "c1"],
        ["is_featured", "on"],
        ["image", noFile()],
        ["gallery_new", picture],
        ["gallery_new", noFile()],
        ["gallery_remove", "/storage/a.jpg"],
        ["gallery_order", "/storage/b.jpg"],
        ["gallery_order", "/storage/a.jpg"],
        ["spec_key", "Size"],
        ["spec_type", "text"],
        ["spec_value", "55 mm"],
        ["spec_key", "Organic"],
        ["spec_type", "boolean"],
        ["spec_value", "no"],
      ]),
      productForm.schema,
    );
    expect(result).toMatchObject({
      ok: true,
      value: {
        name: "Nashik Red Onion",
        slug: "nashik-red-onion",
        category_id: "c1",
        description: "",
        export_info: "",
        is_featured: true,
        image: null,
        image_remove: false,
        gallery_new: [picture],
        gallery_remove: ["/storage/a.jpg"],
        gallery_order: ["/storage/b.jpg", "/storage/a.jpg"],
        spec_key: ["Size", "Organic"],
        spec_type: ["text", "boolean"],
        spec_value: ["55 mm", "no"],
      },
    });
  });

  it("with no rows and nothing ticked, the lists are empty", () => {
    const result = parseSubmission(
      form([
        ["name", "A"],
        ["slug", "a"],
        ["category_id", "c1"],
      ]),
      productForm.schema,
    );
    expect(result).toMatchObject({
      ok: true,
      value: { gallery_new: [], gallery_remove: [], gallery_order: [], spec_key: [], spec_type: [], spec_value: [] },
    });
  });

  it("gives each specification input the schema's limit, so it is written once", () => {
    const constraints = constraintsOf(productForm.schema);
    expect(constraints.spec_key).toEqual({ maxLength: 100 });
    expect(constraints.spec_value).toEqual({ maxLength: 500 });
    expect(constraints.name).toEqual({ required: true, maxLength: 200 });
    expect(constraints.category_id).toMatchObject({ required: true });
  });
});

describe("csvUploadForm", () => {
  const fileError = (file: File | null) => {
    const result = parseSubmission(form(file ? [["file", file]] : []), csvUploadForm.schema);
    return result.ok ? null : result.errors.file;
  };

  it("wants a chosen .csv or .xlsx file within the size limit, and says so at the field", () => {
    expect(fileError(null)).toEqual([CHOOSE_CSV]);
    expect(fileError(noFile())).toEqual([CHOOSE_CSV]);
    expect(fileError(new File(["PK"], "prices.xlsx"))).toBeNull();
    expect(fileError(new File(["PK"], "prices.ods"))).toEqual([NOT_CSV]);
    expect(fileError(new File([new Uint8Array(MAX_CSV_BYTES + 1)], "big.csv"))).toEqual([CSV_TOO_LARGE]);
    // An empty file that was chosen is the parser's to answer ('The file is empty.').
    expect(fileError(new File([], "empty.CSV"))).toBeNull();
    expect(fileError(new File(["name,category_slug\n"], "products.csv"))).toBeNull();
  });

  it("refuses with the spec's 'Import Error' toast", () => {
    const result = parseSubmission(form([["file", noFile()]]), csvUploadForm.schema);
    expect(!result.ok && csvUploadForm.invalidToast(result.errors)).toEqual({
      title: "Import Error",
      description: CHOOSE_CSV,
      variant: "destructive",
    });
  });
});

describe("csvImportForm", () => {
  it("reads the draft and the counts the preview showed", () => {
    const result = parseSubmission(
      form([
        ["draftId", "d1"],
        ["add", "2"],
        ["update", "0"],
      ]),
      csvImportForm.schema,
    );
    expect(result).toMatchObject({ ok: true, value: { draftId: "d1", add: 2, update: 0 } });
    expect(parseSubmission(form([["add", "x"]]), csvImportForm.schema).ok).toBe(false);
  });
});

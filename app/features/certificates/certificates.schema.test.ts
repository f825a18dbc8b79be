import { describe, expect, it } from "vitest";
import { constraintsOf, parseSubmission } from "~/lib/forms/submission";
import { certificateForm, VALID_UNTIL_BEFORE_FROM } from "./certificates.schema";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries({ name: "FSSAI", ...entries })) data.append(name, value);
  return data;
};
const parse = (entries: Record<string, string>) => parseSubmission(form(entries), certificateForm.schema);

describe("certificate validity fields", () => {
  it("are optional: blank is stored as nothing", () => {
    expect(parse({ certificate_number: " ", valid_from: "", valid_until: "", verify_url: "  " })).toMatchObject({
      ok: true,
      value: { certificate_number: "", valid_from: "", valid_until: "", verify_url: "" },
    });
    expect(parse({})).toMatchObject({ ok: true, value: { valid_from: "", valid_until: "", verify_url: "" } });
  });

  it("take a number, two days in order and an http(s) address", () => {
    expect(
      parse({
        certificate_number: " 10021051000372 ",
        valid_from: "2026-04-01",
        valid_until: "2026-04-01",
        verify_url: " https://foscos.fssai.gov.in/ ",
      }),
    ).toMatchObject({
      ok: true,
      value: {
        certificate_number: "10021051000372",
        valid_from: "2026-04-01",
        valid_until: "2026-04-01",
        verify_url: "https://foscos.fssai.gov.in/",
      },
    });
  });

  it("refuse a day that is not a real one, with a message at the field and what was typed kept", () => {
    for (const bad of ["2027-02-30", "31/12/2027", "2027-13-01", "soon"]) {
      const result = parse({ valid_from: bad });
      expect(result, bad).toMatchObject({
        ok: false,
        errors: { valid_from: ["Valid From must be a real date (YYYY-MM-DD)."] },
        values: { valid_from: bad },
      });
    }
    expect(parse({ valid_until: "2028-02-29" }).ok).toBe(true);
  });

  it("refuse an end before the start, at Valid Until", () => {
    const result = parse({ valid_from: "2027-06-01", valid_until: "2027-05-31" });
    expect(result).toMatchObject({ ok: false, errors: { valid_until: [VALID_UNTIL_BEFORE_FROM] } });
    expect(!result.ok && certificateForm.invalidToast(result.errors)).toMatchObject({
      title: "Missing Fields",
      description: VALID_UNTIL_BEFORE_FROM,
    });
    // Only the day's own message when one of the two is not a day.
    const oneBad = parse({ valid_from: "junk", valid_until: "2027-05-31" });
    expect(!oneBad.ok && oneBad.errors).toEqual({ valid_from: ["Valid From must be a real date (YYYY-MM-DD)."] });
  });

  it("refuse an address that is not absolute http(s)", () => {
    const rule = "Verify URL must be a full web address starting with https:// or http://.";
    for (const bad of ["foscos.fssai.gov.in", "ftp://example.com/x", "javascript:alert(1)", "/verify", "https://"]) {
      expect(parse({ verify_url: bad }), bad).toMatchObject({ ok: false, errors: { verify_url: [rule] } });
    }
    expect(parse({ verify_url: "HTTPS:/Example.com" })).toMatchObject({
      value: { verify_url: "https://example.com/" },
    });
    expect(parse({ verify_url: `https://example.com/${"x".repeat(500)}` })).toMatchObject({
      ok: false,
      errors: { verify_url: ["Verify URL is too long (at most 500 characters)."] },
    });
    expect(parse({ certificate_number: "x".repeat(81) })).toMatchObject({
      ok: false,
      errors: { certificate_number: ["Certificate Number is too long (at most 80 characters)."] },
    });
  });

  it("tell the inputs their type and limits", () => {
    const constraints = constraintsOf(certificateForm.schema);
    expect(constraints.valid_from).toEqual({ type: "date" });
    expect(constraints.valid_until).toEqual({ type: "date" });
    expect(constraints.verify_url).toEqual({ type: "url", maxLength: 500 });
    expect(constraints.certificate_number).toEqual({ maxLength: 80 });
  });
});

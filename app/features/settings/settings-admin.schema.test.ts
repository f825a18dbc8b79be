import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/lib/forms/submission";
import {
  settingAddForm,
  settingRefusalSentence,
  settingValueProblem,
  SETTING_REQUIRED,
  storedSettingValue,
} from "./settings-admin.schema";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("setting values, by key (spec §5)", () => {
  it("takes an http(s) URL, '#' or nothing for a link, and also a stored picture for the logo", () => {
    for (const ok of ["", "#", "https://www.linkedin.com/company/x", " http://example.com "])
      expect(settingValueProblem("social_linkedin_url", ok), ok).toBeNull();
    for (const bad of ["javascript:alert(1)", "www.example.com", "/media/application-assets/public/x.png"])
      expect(settingValueProblem("social_linkedin_url", bad), bad).toMatch(/^Use a full web address/);
    expect(settingValueProblem("header_logo_url", "/media/application-assets/public/settings/logo-a1.png")).toBeNull();
    expect(settingValueProblem("header_logo_url", "/media/application-assets/../x.png")).not.toBeNull();
  });

  it("needs a value for a custom setting; the site's own may be cleared (issue 27)", () => {
    expect(settingValueProblem("office_hours", "  ")).toBe("Value is required.");
    for (const key of ["contact_address", "contact_email", "contact_phone", "whatsapp_number"])
      expect(settingValueProblem(key, " "), key).toBeNull();
  });

  it("needs an email for contact_email and a number with its country code for the phone and chat", () => {
    expect(settingRefusalSentence("Value is required.")).toBe(SETTING_REQUIRED);
    expect(settingValueProblem("contact_email", "sales@example.com")).toBeNull();
    expect(settingValueProblem("contact_email", "sales at example")).toMatch(/email address/);
    expect(settingValueProblem("whatsapp_number", "+91 98390-12345")).toBeNull();
    expect(settingValueProblem("contact_phone", "call us")).toMatch(/phone number/);
    expect(settingValueProblem("whatsapp_number", "099887 66554")).toBe(
      "Add the country code, starting with +: for an Indian number, +91 99887 66554.",
    );
    expect(settingValueProblem("contact_phone", "+91 12345")).toMatch(/too few or too many digits/);
    expect(storedSettingValue("whatsapp_number", " +919839012345 ")).toBe("+91 98390 12345");
    expect(storedSettingValue("contact_phone", "+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(settingValueProblem("site_time_zone", "Asia/Kolkata")).toBeNull();
    expect(settingValueProblem("site_time_zone", "Mars/Olympus")).toMatch(/time zone/);
    expect(settingValueProblem("office_hours", "x".repeat(2001))).toMatch(/too long/);
  });
});

describe("the export documents' settings (issue 44)", () => {
  it("takes a 10-character IEC, stored in capitals without spaces, or nothing", () => {
    for (const ok of ["AABCG1234F", " aabcg 1234f ", "0588012345", ""])
      expect(settingValueProblem("iec_number", ok), ok).toBeNull();
    for (const bad of ["AABCG1234", "AABCG1234FX", "AABCG-1234"])
      expect(settingValueProblem("iec_number", bad), bad).toMatch(/10-character Importer-Exporter Code/);
    expect(storedSettingValue("iec_number", " aabcg 1234f ")).toBe("AABCG1234F");
  });

  it("keeps the APEDA number and the bank details as typed, and lets them be cleared", () => {
    const bank = "State Bank of India, Kanpur Main Branch\nA/c 12345678901\nSWIFT SBININBB123";
    expect(settingValueProblem("bank_details", bank)).toBeNull();
    expect(storedSettingValue("bank_details", ` ${bank} `)).toBe(bank);
    expect(storedSettingValue("apeda_registration", "RCMC/APEDA/01234/2025-2026")).toBe("RCMC/APEDA/01234/2025-2026");
    for (const key of ["iec_number", "apeda_registration", "bank_details"])
      expect(settingValueProblem(key, " "), key).toBeNull();
  });
});

describe("the Add Setting form", () => {
  it("trims, lowercases and joins the key with underscores", () => {
    const parsed = parseSubmission(
      form({ setting_key: "  Office Hours ", setting_value: " 9–6 ", description: "" }),
      settingAddForm.schema,
    );
    expect(parsed.ok && parsed.value).toEqual({ setting_key: "office_hours", setting_value: "9–6", description: "" });
  });

  it("refuses a missing key or value with the spec's sentence, and a value against its key's rule", () => {
    const missing = parseSubmission(form({ setting_key: "x", setting_value: " " }), settingAddForm.schema);
    expect(missing.ok).toBe(false);
    if (missing.ok) return;
    expect(missing.errors.setting_value).toEqual(["Value is required."]);
    expect(settingAddForm.invalidToast(missing.errors)).toMatchObject({
      title: "Error Adding Setting",
      description: SETTING_REQUIRED,
    });
    const badKey = parseSubmission(form({ setting_key: "hours/day", setting_value: "8" }), settingAddForm.schema);
    expect(!badKey.ok && badKey.errors.setting_key).toEqual([
      "Use letters, digits and underscores in the key (snake_case).",
    ]);
    const badLink = parseSubmission(
      form({ setting_key: "social_x_url", setting_value: "javascript:x" }),
      settingAddForm.schema,
    );
    expect(!badLink.ok && badLink.errors.setting_value?.[0]).toMatch(/^Use a full web address/);
  });
});

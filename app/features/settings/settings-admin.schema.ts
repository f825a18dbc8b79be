import { z } from "zod";
import type { ToastInput } from "~/lib/web/toast";
import { checkbox, defineForm, firstError, missingFieldsToast, optionalFile, text } from "~/lib/forms/submission";
import { dialledNumber } from "./phone";
import { SITE_FIELDS, siteFieldOf } from "./site-fields";
import { safeHttpUrl } from "~/lib/web/safe-url";
import { isTimeZone } from "~/lib/site-time";
import { MAX_REPLY_TARGET_MINUTES, parseBusinessHours } from "~/lib/business-hours";

// The settings editor's forms (spec §2, §5): the rule for each setting's value, the Add form and the Save All form.
// Apart from settings.schema.ts, which every public page loads: zod stays out of the public pages' scripts.

export const SETTING_REQUIRED = "Setting Key and Value are required.";
export const SETTING_VALUE_MAX = 2000;
export const LOGO_KEY = "header_logo_url";

/** Spec §5: trimmed, lowercased, spaces to underscores. */
export const normaliseSettingKey = (key: string) => key.trim().toLowerCase().replace(/\s+/g, "_");

const VALUE_REQUIRED = "Value is required.";
const LINK_RULE = "Use a full web address starting with http:// or https://, or # to hide it.";
const EMAIL_RULE = "Use an email address, like exports@example.com.";
const MINUTES_RULE = `Use a whole number of minutes from 1 to ${MAX_REPLY_TARGET_MINUTES}, like 60.`;
const BUSINESS_HOURS_RULE = "Use days and hours like Mon-Sat 09:30-18:30.";
const TIME_ZONE_RULE = "Choose a time zone from the list, like Asia/Kolkata.";
const IEC_RULE = "Use the 10-character Importer-Exporter Code, letters and digits, like AABCG1234F.";
/** An IEC as DGFT writes it: capitals, no spaces (it is typed from a certificate, often with spaces). */
const iecOf = (value: string) => value.replace(/\s+/g, "").toUpperCase();
const isLinkKey = (key: string) => key.endsWith("_url");
/** One of our stored pictures (the logo uploaded here), by its root-relative address. */
const isStoredPicture = (value: string) =>
  /^\/media\/application-assets\/[\w./-]+$/.test(value) && !value.includes("..");

/**
 * What is wrong with `value` for the setting `key`, or null. Settings holding a link (the logo and the social
 * profiles, any key ending in _url) take an http(s) URL, '#' (hidden) or nothing, and the logo also one of our
 * stored pictures. The site's own settings (site-fields.ts) may be cleared, which hides their element (ADR 0035);
 * a custom setting needs a value. The contact email must be an email, the phone and chat numbers must carry their
 * country code (the chat link dials only the digits, spec §2), the time zone must be one `Intl` knows.
 */
export function settingValueProblem(key: string, value: string): string | null {
  const v = value.trim();
  if (v.length > SETTING_VALUE_MAX) return `Value is too long (at most ${SETTING_VALUE_MAX} characters).`;
  const kind = siteFieldOf(key)?.kind;
  if (kind === "timeZone") return v && isTimeZone(v) ? null : TIME_ZONE_RULE;
  if (isLinkKey(key)) {
    if (v === "" || v === "#" || (key === LOGO_KEY && isStoredPicture(v))) return null;
    return safeHttpUrl(v) ? null : LINK_RULE;
  }
  if (!v) return kind ? null : VALUE_REQUIRED;
  if (kind === "email" && !z.email().safeParse(v).success) return EMAIL_RULE;
  if (kind === "minutes") {
    const minutes = Number(v);
    return Number.isInteger(minutes) && minutes >= 1 && minutes <= MAX_REPLY_TARGET_MINUTES ? null : MINUTES_RULE;
  }
  if (kind === "businessHours") return parseBusinessHours(v) ? null : BUSINESS_HOURS_RULE;
  if (kind === "iec") return /^[A-Z0-9]{10}$/.test(iecOf(v)) ? null : IEC_RULE;
  if (kind === "phone") {
    const number = dialledNumber(v);
    return number.ok ? null : number.message;
  }
  return null;
}

/**
 * A value as it is stored once accepted: trimmed, a phone number written as it is dialled ("+91 98390 12345"), an
 * IEC in capitals without spaces.
 */
export function storedSettingValue(key: string, value: string): string {
  const v = value.trim();
  if (v && siteFieldOf(key)?.kind === "iec") return iecOf(v);
  if (v && siteFieldOf(key)?.kind === "phone") {
    const number = dialledNumber(v);
    if (number.ok) return number.number;
  }
  return v;
}

/** The toast's sentence for a refused setting: the spec's when a value is missing, else the rule it broke. */
export const settingRefusalSentence = (message: string) => (message === VALUE_REQUIRED ? SETTING_REQUIRED : message);

export const settingAddForm = defineForm(
  z
    .object({
      setting_key: text
        .required("Setting Key", 100)
        .transform(normaliseSettingKey)
        .pipe(z.string().regex(/^[a-z0-9_.-]+$/, "Use letters, digits and underscores in the key (snake_case).")),
      setting_value: text.required("Value", SETTING_VALUE_MAX),
      description: text.optional("Description", 500),
    })
    .superRefine(({ setting_key, setting_value }, ctx) => {
      const problem = setting_key && setting_value ? settingValueProblem(setting_key, setting_value) : null;
      if (problem) ctx.addIssue({ code: "custom", path: ["setting_value"], message: problem });
    }),
  missingFieldsToast(SETTING_REQUIRED, "Error Adding Setting"),
);

export type SettingAddValues = z.output<typeof settingAddForm.schema>;

/**
 * A setting on the page: a stored row, or one of the site's own settings (site-fields.ts) not stored yet, which
 * Save All inserts when given a value. Its `id` names its inputs (`new:{key}` while unstored).
 */
export interface SettingSlot {
  id: string;
  setting_key: string;
  setting_value: string;
  description: string | null;
  updated_at: string;
  stored: boolean;
}

export function settingSlots(
  rows: ReadonlyArray<Omit<SettingSlot, "stored">>,
  defaults: Record<string, string> = {},
): SettingSlot[] {
  const slots: SettingSlot[] = rows.map((row) => ({ ...row, stored: true }));
  for (const { key } of SITE_FIELDS)
    if (!rows.some((row) => row.setting_key === key))
      slots.push({
        id: `new:${key}`,
        setting_key: key,
        setting_value: defaults[key] ?? "",
        description: null,
        updated_at: "",
        stored: false,
      });
  return slots;
}

/** The Save All form's names: a setting's value, and the value the page showed (only what was changed is written). */
export const valueField = (id: string) => `value:${id}`;
export const originalField = (id: string) => `original:${id}`;
export const LOGO_FIELD = "logo_image";

export type SettingsValues = Record<string, unknown> & { logo_image: File | null; logo_image_remove: boolean };

/**
 * The Save All form over the listed settings. In the browser it checks only the length: each value's own rule
 * (settingValueProblem) is applied on the server setting by setting, so one refused value never holds back the
 * others, with or without JavaScript.
 */
export function settingsForm(settings: ReadonlyArray<{ id: string; setting_key: string }>) {
  const shape: Record<string, z.ZodType> = { [LOGO_FIELD]: optionalFile(), [`${LOGO_FIELD}_remove`]: checkbox() };
  for (const { id } of settings) {
    shape[valueField(id)] = z
      .string()
      .max(SETTING_VALUE_MAX, `Value is too long (at most ${SETTING_VALUE_MAX} characters).`)
      .optional();
    shape[originalField(id)] = z.string().optional();
  }
  const keyOf = (field: string) => settings.find((s) => valueField(s.id) === field)?.setting_key ?? "settings";
  return defineForm(z.object(shape), (errors): ToastInput => {
    const field = Object.keys(errors).find((name) => errors[name]?.length) ?? "";
    return { title: `Error saving ${keyOf(field)}`, description: firstError(errors), variant: "destructive" };
  });
}

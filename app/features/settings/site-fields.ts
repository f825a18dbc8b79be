import { BUSINESS_HOURS_KEY, REPLY_TARGET_KEY } from "~/lib/business-hours";
import { SITE_TIME_ZONE_KEY } from "~/lib/site-time";

/**
 * The settings the site itself reads, as labelled fields in groups (issue 27): what an administrator edits without
 * knowing a key. They can be cleared (their element on the public site is then hidden, ADR 0035) but not deleted;
 * every other setting is a custom key in the list below them.
 */
export type SiteFieldKind =
  "text" | "textarea" | "email" | "phone" | "url" | "logo" | "timeZone" | "minutes" | "businessHours" | "iec";

export interface SiteField {
  key: string;
  label: string;
  kind: SiteFieldKind;
  hint: string;
}

export interface SiteFieldGroup {
  title: string;
  fields: SiteField[];
}

/** The exporter's registrations, printed on its export documents (issue 44); never on the public site. */
export const IEC_NUMBER_KEY = "iec_number";
export const APEDA_REGISTRATION_KEY = "apeda_registration";
// Read by the orders as BANK_DETAILS_KEY and frozen into each order when it is made; spelt out here, since
// importing it would make the settings and orders features import each other.
const BANK_DETAILS = "bank_details";

const social = (key: string, label: string): SiteField => ({
  key,
  label,
  kind: "url",
  hint: `The ${label} page's address (https://…). Empty: no ${label} icon.`,
});

export const SITE_FIELD_GROUPS: SiteFieldGroup[] = [
  {
    title: "Contact",
    fields: [
      {
        key: "contact_address",
        label: "Address",
        kind: "textarea",
        hint: "Shown in the footer, on the contact page and in the PDFs. Empty: not shown.",
      },
      { key: "contact_email", label: "Email", kind: "email", hint: "For buyers. Empty: not shown." },
      {
        key: "contact_phone",
        label: "Phone",
        kind: "phone",
        hint: "With its country code, like +91 98390 12345. Empty: not shown.",
      },
    ],
  },
  {
    title: "Chat",
    fields: [
      {
        key: "whatsapp_number",
        label: "WhatsApp number",
        kind: "phone",
        hint: "With its country code, like +91 98390 12345. Empty: no chat button.",
      },
    ],
  },
  {
    title: "Social links",
    fields: [
      social("social_facebook_url", "Facebook"),
      social("social_twitter_url", "Twitter"),
      social("social_linkedin_url", "LinkedIn"),
      social("social_instagram_url", "Instagram"),
    ],
  },
  {
    title: "Brand",
    fields: [
      {
        key: "header_logo_url",
        label: "Logo",
        kind: "logo",
        hint: "An image address (https://…), or upload a picture. Empty: the company name is shown.",
      },
    ],
  },
  {
    title: "Time zone",
    fields: [
      {
        key: SITE_TIME_ZONE_KEY,
        label: "Time zone",
        kind: "timeZone",
        hint: "Every time in the back office is shown in it, and scheduled publishing times are typed in it.",
      },
    ],
  },
  {
    // Speed to lead (issue 28): when each new inquiry's first reply is due.
    title: "Replies",
    fields: [
      {
        key: REPLY_TARGET_KEY,
        label: "Reply target (minutes)",
        kind: "minutes",
        hint: "How soon a new inquiry should get its first reply, counted in business hours. Empty: 60.",
      },
      {
        key: BUSINESS_HOURS_KEY,
        label: "Business hours",
        kind: "businessHours",
        hint: "The days and hours the desk answers, in the site's time zone, like Mon-Sat 09:30-18:30. Empty: every hour counts.",
      },
    ],
  },
  {
    // Printed on the proforma invoice and the other export documents (issue 44); the public site never shows them.
    title: "Export documents",
    fields: [
      {
        key: IEC_NUMBER_KEY,
        label: "IEC number",
        kind: "iec",
        hint: "The Importer-Exporter Code from DGFT: 10 letters and digits, like AABCG1234F. Empty: not printed.",
      },
      {
        key: APEDA_REGISTRATION_KEY,
        label: "APEDA registration",
        kind: "text",
        hint: "The RCMC number APEDA gave you, as it is on the certificate. Empty: not printed.",
      },
      {
        key: BANK_DETAILS,
        label: "Bank details",
        kind: "textarea",
        hint: "Where buyers pay: bank and branch, account name and number, SWIFT and IFSC, one per line. Copied into each new order.",
      },
    ],
  },
];

export const SITE_FIELDS: SiteField[] = SITE_FIELD_GROUPS.flatMap((group) => group.fields);

/** The site's own setting for `key`, or undefined for a custom key. */
export const siteFieldOf = (key: string) => SITE_FIELDS.find((field) => field.key === key);

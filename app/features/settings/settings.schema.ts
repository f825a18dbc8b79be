import { safeHttpUrl, safeImageSrc } from "~/lib/web/safe-url";

/**
 * Keys the public shell reads (spec §3). A missing or cleared one is empty and hides its element: no demo value
 * stands in for a real exporter's details (issue 27, ADR 0035; the demo seed writes its own values).
 */
export const PUBLIC_SETTING_KEYS = [
  "header_logo_url",
  "social_facebook_url",
  "social_twitter_url",
  "social_linkedin_url",
  "social_instagram_url",
  "contact_address",
  "contact_email",
  "contact_phone",
  "whatsapp_number",
] as const;

export type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];
export type PublicSettings = Record<PublicSettingKey, string>;

export const COMPANY_NAME = "Ganga Agro Exports";

/** The digits of a phone number, as the chat link needs them (spec §2). */
export const phoneDigits = (value: string) => value.replace(/\D/g, "");

/** A phone number as a `tel:` link dials it: its digits and a leading +. */
export const telHref = (value: string) => `tel:${value.replace(/[^\d+]/g, "")}`;

const SOCIAL_KEYS = [
  "social_facebook_url",
  "social_twitter_url",
  "social_linkedin_url",
  "social_instagram_url",
] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];

/** What the public shell needs, already made safe: only this reaches the browser. */
export interface PublicShell {
  logoUrl: string | null;
  socials: Array<{ key: SocialKey; href: string }>;
  /** Each of these is empty when its setting is cleared: its element is then not shown. */
  address: string;
  /** On a page of another language, the address was not translated and is shown in English (ADR 0030). */
  addressInEnglish?: boolean;
  email: string;
  phone: string;
  whatsappNumber: string;
}

export function toPublicShell(settings: PublicSettings): PublicShell {
  return {
    logoUrl: safeImageSrc(settings.header_logo_url),
    // '#' or nothing hides a link (spec §2); anything but an http(s) URL is never rendered as a link.
    socials: SOCIAL_KEYS.flatMap((key) => {
      const href = settings[key] === "#" ? null : safeHttpUrl(settings[key]);
      return href ? [{ key, href }] : [];
    }),
    address: settings.contact_address,
    email: settings.contact_email,
    phone: settings.contact_phone,
    whatsappNumber: settings.whatsapp_number,
  };
}

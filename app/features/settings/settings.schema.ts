import { safeHttpUrl, safeImageSrc } from "~/lib/web/safe-url";

/** Keys the public shell reads, and what it shows when a key is missing (spec §3, §9). */
export const SETTING_DEFAULTS = {
  header_logo_url: "",
  social_facebook_url: "#",
  social_twitter_url: "#",
  social_linkedin_url: "#",
  social_instagram_url: "#",
  contact_address: "117/N/72, Kakadeo, Kanpur, Uttar Pradesh 208025, India",
  contact_email: "exports@gangaagroexports.com",
  contact_phone: "+91 98390 12345",
  whatsapp_number: "+91 98390 12345",
} as const;

export type PublicSettingKey = keyof typeof SETTING_DEFAULTS;
export type PublicSettings = Record<PublicSettingKey, string>;

export const COMPANY_NAME = "Ganga Agro Exports";

/** The digits of a phone number, as the chat link needs them (spec §2). */
export const phoneDigits = (value: string) => value.replace(/\D/g, "");

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
    // '#' hides a link (spec §2); anything but an http(s) URL is never rendered as a link.
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

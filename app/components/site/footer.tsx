import { Facebook, Instagram, Linkedin, Mail, MapPin, MessageCircle, Phone, Twitter } from "lucide-react";
import { useI18n } from "~/features/i18n/i18n-context";
import { codesIsolatedIn } from "~/lib/i18n/bidi";
import { COMPANY_NAME, telHref, type PublicShell, type SocialKey } from "~/features/settings/settings.schema";
import { ENGLISH_ATTRIBUTES } from "~/features/translations/fallback";
import { chatHref, ChatLink } from "./chat-button";
import { FooterLanguageLinks } from "./language-switcher";
import { Logo } from "./logo";
import { NAV_ITEMS } from "./nav";

const SOCIALS: Record<SocialKey, { label: string; Icon: typeof Facebook }> = {
  social_facebook_url: { label: "Facebook", Icon: Facebook },
  social_twitter_url: { label: "Twitter", Icon: Twitter },
  social_linkedin_url: { label: "LinkedIn", Icon: Linkedin },
  social_instagram_url: { label: "Instagram", Icon: Instagram },
};

/** One year formatter per language: making one costs more than the rest of the footer (issue 25). */
const yearFormats = new Map<string, Intl.DateTimeFormat>();
function yearFormat(lang: string): Intl.DateTimeFormat {
  let format = yearFormats.get(lang);
  if (!format) yearFormats.set(lang, (format = new Intl.DateTimeFormat(lang, { year: "numeric" })));
  return format;
}

export function Footer({ shell }: { shell: PublicShell }) {
  const socials = shell.socials.map((s) => ({ ...s, ...SOCIALS[s.key] }));
  const { lang, dir, t, path } = useI18n();
  // Addresses and numbers read left to right in a right-to-left page too.
  const ltr = dir === "rtl" ? "ltr" : undefined;
  const year = yearFormat(lang).format(new Date());
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <Logo src={null} light />
          <p className="text-sm leading-relaxed text-brand-200">{t("footer.about")}</p>
          {socials.length > 0 ? (
            <ul className="flex gap-3" aria-label={t("footer.social")}>
              {socials.map(({ key, label, Icon, href }) => (
                <li key={key}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                    className="flex size-10 items-center justify-center rounded-full bg-white/10 hover:bg-accent-500 hover:text-brand-950"
                  >
                    <Icon className="size-5" aria-hidden />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav aria-label={t("footer.nav")}>
          <h2 className="mb-4 text-sm font-semibold tracking-wider text-white uppercase">{t("footer.quickLinks")}</h2>
          <ul className="space-y-2 text-sm">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <a href={path(item.to)} className="hover:text-accent-400">
                  {t(item.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="lg:col-span-2">
          <h2 className="mb-4 text-sm font-semibold tracking-wider text-white uppercase">{t("footer.contact")}</h2>
          <ul className="space-y-3 text-sm">
            {/* A cleared setting hides its line (ADR 0035). */}
            {shell.address ? (
              <li className="flex gap-3">
                <MapPin className="mt-0.5 size-5 shrink-0 text-accent-400" aria-hidden />
                {/* The address may be in English on a right-to-left page: marked so, in its own direction. */}
                <address
                  className="not-italic"
                  {...(shell.addressInEnglish ? ENGLISH_ATTRIBUTES : dir === "rtl" ? { dir: "auto" } : {})}
                >
                  {shell.addressInEnglish ? shell.address : codesIsolatedIn(lang, shell.address)}
                </address>
              </li>
            ) : null}
            {shell.email ? (
              <li className="flex gap-3">
                <Mail className="mt-0.5 size-5 shrink-0 text-accent-400" aria-hidden />
                <a href={`mailto:${shell.email}`} dir={ltr} className="break-all hover:text-accent-400">
                  {shell.email}
                </a>
              </li>
            ) : null}
            {shell.phone ? (
              <li className="flex gap-3">
                <Phone className="mt-0.5 size-5 shrink-0 text-accent-400" aria-hidden />
                <a href={telHref(shell.phone)} dir={ltr} className="hover:text-accent-400">
                  {shell.phone}
                </a>
              </li>
            ) : null}
            {chatHref(shell.whatsappNumber) ? (
              <li className="flex gap-3">
                <MessageCircle className="mt-0.5 size-5 shrink-0 text-accent-400" aria-hidden />
                <ChatLink number={shell.whatsappNumber} className="hover:text-accent-400" />
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <FooterLanguageLinks />
        <p className="container-page py-5 text-center text-xs text-brand-300">
          {t("footer.copyright", { year, company: COMPANY_NAME })}
        </p>
      </div>
    </footer>
  );
}

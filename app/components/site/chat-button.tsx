import { MessageCircle } from "lucide-react";
import { english } from "~/features/i18n/catalogue";
import { useI18n } from "~/features/i18n/i18n-context";
import type { Translate } from "~/features/i18n/translate";
import { phoneDigits } from "~/features/settings/settings.schema";

/**
 * The chat message a product page starts with (issue 6): it names the product, so the exporter knows what is asked
 * about; in the page's language when given its `t`.
 */
export const productChatMessage = (productName: string, t?: Translate) =>
  t
    ? t("chat.productMessage", { product: productName })
    : english["chat.productMessage"].replace("{product}", productName);

/** The WhatsApp chat link for a number (its digits only), with a first message; null when no number is set. */
export function chatHref(number: string, message?: string): string | null {
  const digits = phoneDigits(number);
  if (!digits) return null;
  return `https://wa.me/${digits}${message ? `?text=${encodeURIComponent(message)}` : ""}`;
}

/** Where a value goes in a translated sentence that shows it left to right. */
const SLOT = "\u0000";

/** A sentence of a right-to-left page with a number in it, kept left to right (`+91 98390 12345`, not reversed). */
function LeftToRight({ text, value }: { text: string; value: string }) {
  const [before, after = ""] = text.split(SLOT);
  return (
    <>
      {before}
      <bdi dir="ltr">{value}</bdi>
      {after}
    </>
  );
}

/** The plain chat link of the footer and the contact page: there without JavaScript too (issue 23). */
export function ChatLink({ number, className }: { number: string; className?: string }) {
  const { dir, t } = useI18n();
  const href = chatHref(number);
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {dir === "rtl" ? (
        <LeftToRight text={t("chat.link", { number: SLOT })} value={number} />
      ) : (
        t("chat.link", { number })
      )}
    </a>
  );
}

/**
 * Floating chat link when a number is known, using its digits only. The server renders it hidden: app/island/header.ts
 * shows it once the page is scrolled past 300 px (spec §2). Without JavaScript it stays hidden, since the page cannot
 * tell how far it is scrolled, and the footer's and the contact page's chat links serve instead.
 */
export function ChatButton({ number, message }: { number: string; message?: string }) {
  const { t } = useI18n();
  const href = chatHref(number, message);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      hidden
      data-testid="chat-button"
      aria-label={t("chat.button")}
      className="fixed end-4 bottom-4 z-30 flex size-14 items-center justify-center rounded-full bg-[#1f9d55] text-white shadow-lg transition-transform hover:scale-105 sm:end-6 sm:bottom-6"
    >
      <MessageCircle className="size-7" aria-hidden />
    </a>
  );
}

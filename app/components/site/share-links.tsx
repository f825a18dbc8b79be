import { Link2, Mail, MessageCircle, Share2 } from "lucide-react";
import { useI18n } from "~/features/i18n/i18n-context";

/** A wa.me link with no number: WhatsApp asks the buyer whom to send the text to. */
export const whatsAppShareHref = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** A mail the buyer's own client opens, to whomever they choose: the server sends nothing. */
export const emailShareHref = (subject: string, body: string) =>
  `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;

const LINK =
  "inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50";

/**
 * 'Share' on a product page (issue 43): WhatsApp and email as plain links, in the page's language, with or without
 * JavaScript; 'Copy link' and the phone's own share sheet are shown by the page's script (app/island/share.ts) where
 * the browser can do them.
 */
export function ShareLinks({ name, url }: { name: string; url: string }) {
  const { t } = useI18n();
  const text = t("product.shareText", { name, url });
  return (
    <div
      className="mt-6 flex flex-wrap items-center gap-2"
      data-share
      data-share-title={name}
      data-share-url={url}
      data-share-copied={t("product.shareCopied")}
      data-testid="share"
    >
      <span className="me-1 text-sm font-semibold text-brand-900">{t("product.share")}</span>
      <a href={whatsAppShareHref(text)} target="_blank" rel="noopener noreferrer" className={LINK}>
        <MessageCircle className="size-4" aria-hidden /> {t("product.shareWhatsApp")}
      </a>
      <a href={emailShareHref(name, t("product.shareEmailBody", { name, url }))} className={LINK}>
        <Mail className="size-4" aria-hidden /> {t("product.shareEmail")}
      </a>
      <button type="button" className={LINK} data-share-copy hidden>
        <Link2 className="size-4" aria-hidden /> {t("product.shareCopy")}
      </button>
      <button type="button" className={LINK} data-share-native hidden>
        <Share2 className="size-4" aria-hidden /> {t("product.shareMore")}
      </button>
    </div>
  );
}

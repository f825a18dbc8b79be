import { Languages } from "lucide-react";
import { useMatches } from "react-router";
import { useI18n } from "~/features/i18n/i18n-context";

/**
 * Above a page whose main text is not translated into the page's language (its loader says `available: false`):
 * the page still answers, in English field by field, and says so in the visitor's language (ADR 0030).
 */
export function UntranslatedNotice() {
  const { t } = useI18n();
  const untranslated = useMatches().some(
    (match) => (match.loaderData as { available?: unknown } | undefined)?.available === false,
  );
  if (!untranslated) return null;
  return (
    <p
      role="note"
      className="border-b border-accent-400/40 bg-accent-400/15 text-sm text-ink"
      data-testid="untranslated"
    >
      <span className="container-page flex items-center gap-2 py-2">
        <Languages className="size-4 shrink-0" aria-hidden />
        {t("content.untranslated")}
      </span>
    </p>
  );
}

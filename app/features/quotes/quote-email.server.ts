import { wordingOf } from "~/features/i18n/catalogues.server";
import {
  escapeHtml,
  greetingName,
  sendMail,
  siteSender,
  teamMailConfigured,
  type MailConfig,
} from "~/lib/mail/mail.server";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_INFO, type Language } from "~/lib/i18n/languages";
import { quoteDocument, type QuoteFacts, type QuoteLineFacts } from "./quote-document";

/**
 * The email that carries a sent quote (issue 28): plain text and HTML saying the same, in the quote's language, the
 * PDF attached and the link to the quote page. Every text from the desk is escaped in the HTML.
 */
export function quoteEmailContent(
  quote: QuoteFacts & { lang: string },
  lines: readonly QuoteLineFacts[],
  { link, issuedDay, company = COMPANY_NAME }: { link: string; issuedDay: string; company?: string },
) {
  const lang: Language = isLanguage(quote.lang) ? quote.lang : DEFAULT_LANGUAGE;
  const { t } = wordingOf(lang);
  const document = quoteDocument(quote, lines, { t, lang, issuedDay });
  const name = greetingName(quote.buyer_name);
  const greeting = name ? t("quote.email.greeting", { name }) : t("quote.email.greetingNoName");
  const intro = t("quote.email.intro", { number: quote.number });
  const total = t("quote.email.total", { total: document.total, terms: document.termsText });
  const linkText = t("quote.email.link");
  const reply = t("quote.email.reply");
  const subject = t("quote.subject", { number: quote.number, company });
  const text = [
    greeting,
    "",
    intro,
    "",
    ...document.lines.map(
      (line, i) => `  ${i + 1}. ${line.product}: ${line.quantity}, ${line.unitPrice} = ${line.amount}`,
    ),
    "",
    total,
    document.validity,
    "",
    linkText,
    link,
    "",
    reply,
    "",
    company,
  ].join("\n");
  const e = escapeHtml;
  const dir = LANGUAGE_INFO[lang].dir;
  const cellStart = dir === "rtl" ? "right" : "left";
  const cellEnd = dir === "rtl" ? "left" : "right";
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1c2521;line-height:1.5">
<p>${e(greeting)}</p>
<p>${e(intro)}</p>
<table style="border-collapse:collapse;width:100%;max-width:640px">
<thead><tr style="background:#1f5135;color:#fff">
<th style="text-align:${cellStart};padding:6px">${e(document.columns.product)}</th>
<th style="text-align:${cellEnd};padding:6px">${e(document.columns.quantity)}</th>
<th style="text-align:${cellEnd};padding:6px">${e(document.columns.unitPrice)}</th>
<th style="text-align:${cellEnd};padding:6px">${e(document.columns.amount)}</th>
</tr></thead>
<tbody>
${document.lines
  .map(
    (line) => `<tr style="border-bottom:1px solid #dfe7e2">
<td style="padding:6px"><strong>${e(line.product)}</strong>${line.details ? `<br><small>${e(line.details)}</small>` : ""}</td>
<td style="text-align:${cellEnd};padding:6px">${e(line.quantity)}</td>
<td style="text-align:${cellEnd};padding:6px">${e(line.unitPrice)}</td>
<td style="text-align:${cellEnd};padding:6px">${e(line.amount)}</td>
</tr>`,
  )
  .join("\n")}
</tbody></table>
<p><strong>${e(total)}</strong><br>${e(document.validity)}</p>
<p>${e(linkText)}<br><a href="${e(link)}">${e(link)}</a></p>
<p>${e(reply)}</p>
<p>${e(company)}</p>
</body></html>
`;
  return { subject, text, html };
}

/**
 * Emails the quote to its buyer with the PDF attached, from the address the site's mail comes from, Reply-To the
 * team. False when mail is not configured (SMTP_URL and INQUIRY_NOTIFY_TO); throws when the server refuses it.
 */
export async function emailQuote(
  config: MailConfig,
  quote: QuoteFacts & { lang: string; buyer_email: string },
  lines: readonly QuoteLineFacts[],
  { link, issuedDay, pdf }: { link: string; issuedDay: string; pdf: Uint8Array },
): Promise<boolean> {
  if (!teamMailConfigured(config)) return false;
  const team = config.inquiryNotifyTo!;
  const content = quoteEmailContent(quote, lines, { link, issuedDay });
  await sendMail(config, {
    from: siteSender(config, COMPANY_NAME),
    to: quote.buyer_email,
    replyTo: team,
    subject: content.subject,
    text: content.text,
    html: content.html,
    attachments: [{ filename: quotePdfName(quote), content: Buffer.from(pdf), contentType: "application/pdf" }],
  });
  return true;
}

/** "Q-2026-0001-v2.pdf" */
export const quotePdfName = (quote: Pick<QuoteFacts, "number" | "revision">) =>
  `${quote.number}${quote.revision > 1 ? `-v${quote.revision}` : ""}.pdf`;

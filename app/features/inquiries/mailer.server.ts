import { wordingOf } from "~/features/i18n/catalogues.server";
import { escapeHtml, greetingName, sendMail, siteSender, type MailConfig } from "~/lib/mail/mail.server";
import type { Db } from "~/db/database.server";
import { getPublicSettings } from "~/features/settings/settings.server";
import { COMPANY_NAME, phoneDigits } from "~/features/settings/settings.schema";
import { formatInquiryTime } from "./inquiries.schema";
import { linesNamedIn, type StoredInquiry } from "./inquiry-reads.server";
import type { Translate } from "~/features/i18n/translate";
import { countryAsWritten } from "~/lib/country";
import { isolatedIn } from "~/lib/i18n/bidi";
import { DEFAULT_LANGUAGE, LANGUAGE_INFO, type Language } from "~/lib/i18n/languages";
import { storedLanguage } from "./inquiry-language.server";
import { sampleEmailBlock } from "./sample-text";
import { inquiryReference, lineQuantityIn, deliveryMonthText, quoteEmailBlock, type QuoteLine } from "./quote-text";

// The inquiries' two emails: the team's notification (every inquiry) and the buyer's receipt (quote requests).
// Both are made from the stored inquiry, read once by the caller (`mail-queue.server.ts`, from the outbox).

/**
 * Emails one stored inquiry to INQUIRY_NOTIFY_TO. False when the inquiry is gone; throws when the mail server
 * does not accept it (the caller records the outcome).
 */
export async function sendTeamNotification(
  config: MailConfig,
  stored: StoredInquiry | null,
  timeZone: string,
): Promise<boolean> {
  if (!stored) return false;
  // The country named in English, with the buyer's words where they wrote it otherwise (issue 41).
  const inquiry = { ...stored.inquiry, country: countryAsWritten(stored.inquiry.country_code, stored.inquiry.country) };
  const to = config.inquiryNotifyTo!;
  // A quote request lists what the buyer asked for: each product with its quantity, grade and packaging, and the terms.
  const lines = [
    // In the site's time zone, as the back office shows it (ADR 0035).
    `New inquiry received ${formatInquiryTime(inquiry.created_at, timeZone)}`,
    "",
    `Name: ${inquiry.full_name}`,
    `Email: ${inquiry.email}`,
    `Phone: ${inquiry.phone || "-"}`,
    ...(inquiry.kind === "quote"
      ? [`Subject: ${inquiry.subject}`, "", ...quoteEmailBlock(inquiry, stored.lines), "", "Message:"]
      : inquiry.kind === "sample"
        ? [`Subject: ${inquiry.subject}`, "", ...sampleEmailBlock(inquiry, stored.lines), "", "Message:"]
        : [
            `Product: ${inquiry.product_name ?? "-"}`,
            `Page: ${inquiry.page_path ?? "-"}`,
            `Subject: ${inquiry.subject}`,
            "",
          ]),
    inquiry.message || "-",
    "",
    config.publicUrl
      ? `Open it in the back office: ${config.publicUrl}/admin/inquiries/${inquiry.id}`
      : `Open it in the back office under /admin/inquiries/${inquiry.id}`,
    "Reply to this email to answer the buyer.",
  ];
  // The buyer's name and address go in as an address object, which nodemailer encodes; the schema has already
  // refused line breaks in them and in the subject.
  await sendMail(config, {
    from: siteSender(config, COMPANY_NAME),
    to,
    replyTo: { name: inquiry.full_name, address: inquiry.email },
    subject: `New inquiry: ${inquiry.subject}`,
    text: lines.join("\n"),
  });
  return true;
}

/**
 * Emails the buyer a receipt, from the address the team's notifications come from (Reply-To the team). It repeats
 * only what the catalogue and the form's lists decide: the products as chosen (name from the catalogue, a number,
 * a unit, a grade and a packaging from that product's lists), the Incoterm and the month; never the message,
 * company, port or any other text typed into the form, and the name only as `greetingName` allows. False when the
 * request is gone (or is no quote request); throws when the mail server does not accept it.
 */
export async function sendQuoteReceipt(db: Db, config: MailConfig, stored: StoredInquiry | null): Promise<boolean> {
  // A sample request's receipt too (issue 28): its product and kilograms, never the courier address typed.
  if (stored?.inquiry.kind !== "quote" && stored?.inquiry.kind !== "sample") return false;
  const { inquiry, lines } = stored;
  const settings = await getPublicSettings(db);
  const team = config.inquiryNotifyTo!;
  // In the language of the page the buyer wrote from; the team's notification stays English.
  const lang = storedLanguage(inquiry.lang);
  const t = wordingOf(lang).t;
  const receipt = receiptContent(
    {
      name: greetingName(inquiry.full_name),
      reference: inquiryReference(inquiry.id),
      lines: (await linesNamedIn(db, lang, lines)).map((line) => receiptLine(t, line, lang)),
      incoterm: inquiry.incoterm,
      month: deliveryMonthText(inquiry.delivery_month, lang),
      // The exporter's own chat number (site settings), never anything from the form.
      chat: phoneDigits(settings.whatsapp_number) ? settings.whatsapp_number : null,
      website: config.publicUrl ?? null,
      sample: inquiry.kind === "sample",
    },
    lang,
  );
  await sendMail(config, {
    // INQUIRY_NOTIFY_FROM may name itself ('Website <website@…>'); else the team's (first) address sends it.
    from: siteSender(config, COMPANY_NAME),
    // The address alone: a display name is text the sender typed too.
    to: inquiry.email,
    replyTo: team,
    subject: receipt.subject,
    text: receipt.text,
    html: receipt.html,
  });
  return true;
}

// The buyer's receipt: what it may repeat, and how.

interface ReceiptFacts {
  name: string | null;
  reference: string;
  lines: string[];
  incoterm: string | null;
  month: string | null;
  chat: string | null;
  website: string | null;
  /**
   * A sample request's receipt (issue 28): says so, and that the courier takes it to the address given, without
   * repeating that address (text typed into the form, which the receipt never carries: see `greetingName`).
   */
  sample?: boolean;
}

/**
 * "Red Onion: 2 × 40 ft containers, grade 60 mm+, packaging 25 kg mesh bag" in the receipt's language; in a
 * right-to-left one the grade and packaging as chosen are isolated ("60 mm+", not "+mm 60").
 */
export function receiptLine(t: Translate, line: QuoteLine, lang: Language = DEFAULT_LANGUAGE): string {
  const details = [
    lineQuantityIn(t, line),
    ...(line.grade ? [t("email.receipt.grade", { grade: isolatedIn(lang, line.grade) })] : []),
    ...(line.packaging ? [t("email.receipt.packaging", { packaging: isolatedIn(lang, line.packaging) })] : []),
  ];
  return t("email.receipt.line", {
    product: line.product_name,
    details: details.join(t("email.receipt.listSeparator")),
  });
}

/** The receipt as plain text and as HTML (every piece escaped), saying the same, in `lang` (the buyer's page's). */
export function receiptContent(facts: ReceiptFacts, lang: Language = DEFAULT_LANGUAGE) {
  const { name, reference, lines, incoterm, month, chat, website, sample = false } = facts;
  const t = wordingOf(lang).t;
  const subject = t(sample ? "email.sampleReceipt.subject" : "email.receipt.subject", { reference });
  const greeting = name ? t("email.receipt.greeting", { name }) : t("email.receipt.greetingNoName");
  const thanks = t(sample ? "email.sampleReceipt.thanks" : "email.receipt.thanks");
  const referenceText = t("email.receipt.reference", { reference });
  const terms = [
    incoterm ? t("email.receipt.incoterm", { incoterm }) : null,
    month ? t("email.receipt.delivery", { month }) : null,
  ].filter((line): line is string => !!line);
  const chatText = chat ? t("email.receipt.chat", { chat: "\u0000" }).split("\u0000") : null;
  const next = [
    t("email.receipt.replyTime"),
    t(sample ? "email.sampleReceipt.courier" : "email.receipt.change"),
    ...(chatText ? [chatText.join(chat!)] : []),
  ];
  const products = t(sample ? "email.sampleReceipt.sample" : "email.receipt.products");
  const whatNext = t("email.receipt.next");
  const text = [
    greeting,
    "",
    thanks,
    "",
    referenceText,
    "",
    `${products}:`,
    ...lines.map((line, i) => `  ${i + 1}. ${line}`),
    ...(terms.length ? ["", ...terms] : []),
    "",
    `${whatNext}:`,
    ...next.map((line) => `  - ${line}`),
    "",
    COMPANY_NAME,
    ...(website ? [website] : []),
  ].join("\n");
  const e = escapeHtml;
  const chatLink = chat ? `https://wa.me/${phoneDigits(chat)}` : null;
  const [beforeReference, afterReference] = t("email.receipt.reference", { reference: "\u0000" }).split("\u0000");
  const html = `<!doctype html>
<html lang="${lang}" dir="${LANGUAGE_INFO[lang].dir}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1c2521;line-height:1.5">
<p>${e(greeting)}</p>
<p>${e(thanks)}</p>
<p>${e(beforeReference)}<strong>${e(reference)}</strong>${e(afterReference ?? "")}</p>
<h2 style="font-size:16px;color:#1a3727">${e(products)}</h2>
<ol>
${lines.map((line) => `<li>${e(line)}</li>`).join("\n")}
</ol>
${terms.length ? `<p>${terms.map(e).join("<br>")}</p>\n` : ""}<h2 style="font-size:16px;color:#1a3727">${e(whatNext)}</h2>
<ul>
<li>${e(next[0])}</li>
<li>${e(next[1])}</li>
${chatLink && chatText ? `<li>${e(chatText[0])}<a href="${e(chatLink)}"><span dir="ltr">${e(chat!)}</span></a>${e(chatText[1] ?? "")}</li>\n` : ""}</ul>
<p>${e(COMPANY_NAME)}${website ? `<br><a href="${e(website)}">${e(website)}</a>` : ""}</p>
</body></html>
`;
  return { reference, subject, text, html };
}

import { COMPANY_NAME, phoneDigits } from "~/features/settings/settings.schema";
import { REPLY_TIME_TEXT } from "./reply-time";

// The buyer's receipt of a quote request, as text and HTML: what it may repeat, and how (sent by mailer.server.ts).

/** Longest name a receipt greets by; a longer one, or one with anything but letters, is not repeated. */
export const GREETING_NAME_MAX = 40;

/**
 * The name a receipt may greet the buyer by: letters (any script), spaces, apostrophes and hyphens, at most four
 * words and GREETING_NAME_MAX characters. Anything else ('Click http://…', a domain, digits) is not repeated:
 * whoever sends the form chooses the recipient, so the receipt must carry nothing they could use to write to
 * someone else in the exporter's name.
 */
export function greetingName(name: string): string | null {
  const clean = name.trim().replace(/\s+/g, " ");
  if (!clean || clean.length > GREETING_NAME_MAX || clean.split(" ").length > 4) return null;
  return /^\p{L}[\p{L}\p{M}' -]*$/u.test(clean) ? clean : null;
}

interface ReceiptFacts {
  name: string | null;
  reference: string;
  lines: string[];
  incoterm: string | null;
  month: string | null;
  chat: string | null;
  website: string | null;
}

/** The receipt as plain text and as HTML (every piece escaped), saying the same. */
export function receiptContent(facts: ReceiptFacts) {
  const { name, reference, lines, incoterm, month, chat, website } = facts;
  const greeting = name ? `Dear ${name},` : "Dear Sir or Madam,";
  const thanks =
    "Thank you for your quote request. We have received it and will reply with our prices and availability.";
  const terms = [incoterm ? `Incoterm: ${incoterm}` : null, month ? `Target Delivery: ${month}` : null].filter(
    (line): line is string => !!line,
  );
  const next = [
    REPLY_TIME_TEXT,
    "To change anything, simply reply to this email.",
    ...(chat ? [`To talk to us sooner, chat with us on WhatsApp: ${chat}`] : []),
  ];
  const text = [
    greeting,
    "",
    thanks,
    "",
    `Your reference: ${reference}`,
    "",
    "Products:",
    ...lines.map((line, i) => `  ${i + 1}. ${line}`),
    ...(terms.length ? ["", ...terms] : []),
    "",
    "What happens next:",
    ...next.map((line) => `  - ${line}`),
    "",
    COMPANY_NAME,
    ...(website ? [website] : []),
  ].join("\n");
  const e = escapeHtml;
  const chatLink = chat ? `https://wa.me/${phoneDigits(chat)}` : null;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(`We received your quote request (${reference})`)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1c2521;line-height:1.5">
<p>${e(greeting)}</p>
<p>${e(thanks)}</p>
<p>Your reference: <strong>${e(reference)}</strong></p>
<h2 style="font-size:16px;color:#1a3727">Products</h2>
<ol>
${lines.map((line) => `<li>${e(line)}</li>`).join("\n")}
</ol>
${terms.length ? `<p>${terms.map(e).join("<br>")}</p>\n` : ""}<h2 style="font-size:16px;color:#1a3727">What happens next</h2>
<ul>
<li>${e(REPLY_TIME_TEXT)}</li>
<li>To change anything, simply reply to this email.</li>
${chatLink ? `<li>To talk to us sooner, chat with us on WhatsApp: <a href="${e(chatLink)}">${e(chat!)}</a></li>\n` : ""}</ul>
<p>${e(COMPANY_NAME)}${website ? `<br><a href="${e(website)}">${e(website)}</a>` : ""}</p>
</body></html>
`;
  return { reference, text, html };
}

const escapeHtml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&#39;", '"': "&quot;" })[c]!);

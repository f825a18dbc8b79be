/**
 * What groups one importer's inquiries and quotes (issue 28, "Buyers"): the same email, or the same company once
 * case, punctuation, spacing and a trailing legal form ("Ltd", "LLC", "Sdn Bhd", "Pvt Ltd"…) are set aside.
 */

export const emailKey = (email: string) => email.trim().toLowerCase();

const LEGAL_FORMS =
  /\b(co|company|corp|corporation|inc|incorporated|ltd|limited|llc|l l c|plc|pvt|private|pte|sdn|bhd|fze|fzco|fzc|llp|gmbh|bv|sa|sarl|pt|tbk|trading|est|establishment)\b/g;

/** The company folded to letters and digits, legal forms dropped; null when nothing is left (no company given). */
export function companyKey(company: string | null | undefined): string | null {
  if (!company) return null;
  const folded = company
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .replace(LEGAL_FORMS, " ")
    .replace(/\s+/g, " ")
    .trim();
  return folded || null;
}

/** Both keys of an inquiry or a quote, as stored (`inquiries.email_key`, `inquiries.company_key`). */
export const buyerKeys = (email: string, company: string | null | undefined) => ({
  email_key: emailKey(email),
  company_key: companyKey(company),
});

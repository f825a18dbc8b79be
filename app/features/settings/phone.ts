import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/** The country a number typed without its code most likely belongs to: the exporter's (spec §1). */
const HOME_COUNTRY = "IN";

export const PHONE_RULE = "Use a phone number with its country code, like +91 98390 12345.";

/**
 * A phone or chat number as it will be dialled from abroad ("+91 98390 12345"), or why it cannot be: a buyer abroad
 * and the chat link need the country code, so a number without one is refused, with the form it probably meant.
 */
export function dialledNumber(value: string): { ok: true; number: string } | { ok: false; message: string } {
  const typed = value.trim();
  if (!typed.startsWith("+")) {
    const guess = parsePhoneNumberFromString(typed, HOME_COUNTRY);
    return {
      ok: false,
      message: guess?.isValid()
        ? `Add the country code, starting with +: for an Indian number, ${guess.formatInternational()}.`
        : PHONE_RULE,
    };
  }
  const number = parsePhoneNumberFromString(typed);
  if (!number?.isValid()) return { ok: false, message: `${PHONE_RULE} This one has too few or too many digits.` };
  return { ok: true, number: number.formatInternational() };
}

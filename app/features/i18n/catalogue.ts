import email from "./messages/en/email";
import forms from "./messages/en/forms";
import pdf from "./messages/en/pdf";
import chrome from "./messages/en/chrome";
import pages from "./messages/en/pages";
import quote from "./messages/en/quote";
import order from "./messages/en/order";
import lot from "./messages/en/lot";
import account from "./messages/en/account";
import type { Message } from "./catalogue-types";

/**
 * The English catalogue, whole: the reference every other language is checked against (`npm run i18n:check`) and
 * the text a key falls back to. `chrome`, `pages`, `forms` and `account` are sent to the browser; `email`, `pdf`, `quote`, `order` and `lot` stay on the server.
 */
export const english = {
  ...chrome,
  ...pages,
  ...forms,
  ...account,
  ...email,
  ...pdf,
  ...quote,
  ...order,
  ...lot,
} as const;
export type MessageKey = keyof typeof english;
/** What a language has: any of the keys (complete once it has all of them). */
export type Messages = Partial<Record<MessageKey, Message>>;

import type { Language, ShippedLanguage } from "~/lib/i18n/languages";
import type { Messages } from "./catalogue";
import { makeTranslator } from "./translate";
import { ENGLISH_WORDING, type Wording } from "./wording";
import arChrome from "./messages/ar/chrome";
import arEmail from "./messages/ar/email";
import arForms from "./messages/ar/forms";
import arPages from "./messages/ar/pages";
import arPdf from "./messages/ar/pdf";
import arQuote from "./messages/ar/quote";
import arOrder from "./messages/ar/order";
import arLot from "./messages/ar/lot";
import arAccount from "./messages/ar/account";
import bnChrome from "./messages/bn/chrome";
import bnEmail from "./messages/bn/email";
import bnForms from "./messages/bn/forms";
import bnPages from "./messages/bn/pages";
import bnPdf from "./messages/bn/pdf";
import bnQuote from "./messages/bn/quote";
import bnOrder from "./messages/bn/order";
import bnLot from "./messages/bn/lot";
import bnAccount from "./messages/bn/account";
import esChrome from "./messages/es/chrome";
import esEmail from "./messages/es/email";
import esForms from "./messages/es/forms";
import esPages from "./messages/es/pages";
import esPdf from "./messages/es/pdf";
import esQuote from "./messages/es/quote";
import esOrder from "./messages/es/order";
import esLot from "./messages/es/lot";
import esAccount from "./messages/es/account";
import frChrome from "./messages/fr/chrome";
import frEmail from "./messages/fr/email";
import frForms from "./messages/fr/forms";
import frPages from "./messages/fr/pages";
import frPdf from "./messages/fr/pdf";
import frQuote from "./messages/fr/quote";
import frOrder from "./messages/fr/order";
import frLot from "./messages/fr/lot";
import frAccount from "./messages/fr/account";
import idChrome from "./messages/id/chrome";
import idEmail from "./messages/id/email";
import idForms from "./messages/id/forms";
import idPages from "./messages/id/pages";
import idPdf from "./messages/id/pdf";
import idQuote from "./messages/id/quote";
import idOrder from "./messages/id/order";
import idLot from "./messages/id/lot";
import idAccount from "./messages/id/account";
import msChrome from "./messages/ms/chrome";
import msEmail from "./messages/ms/email";
import msForms from "./messages/ms/forms";
import msPages from "./messages/ms/pages";
import msPdf from "./messages/ms/pdf";
import msQuote from "./messages/ms/quote";
import msOrder from "./messages/ms/order";
import msLot from "./messages/ms/lot";
import msAccount from "./messages/ms/account";
import ruChrome from "./messages/ru/chrome";
import ruEmail from "./messages/ru/email";
import ruForms from "./messages/ru/forms";
import ruPages from "./messages/ru/pages";
import ruPdf from "./messages/ru/pdf";
import ruQuote from "./messages/ru/quote";
import ruOrder from "./messages/ru/order";
import ruLot from "./messages/ru/lot";
import ruAccount from "./messages/ru/account";
import viChrome from "./messages/vi/chrome";
import viEmail from "./messages/vi/email";
import viForms from "./messages/vi/forms";
import viPages from "./messages/vi/pages";
import viPdf from "./messages/vi/pdf";
import viQuote from "./messages/vi/quote";
import viOrder from "./messages/vi/order";
import viLot from "./messages/vi/lot";
import viAccount from "./messages/vi/account";

interface Areas {
  /** Sent to the browser. */
  client: Messages;
  /** Emails, PDFs and the quote and order pages' texts (their loaders send what they need): the server's only. */
  server: Messages;
}

const areas = (
  chrome: object,
  pages: object,
  forms: object,
  account: object,
  email: object,
  pdf: object,
  quote: object,
  order: object,
  lot: object,
): Areas => ({
  client: { ...chrome, ...pages, ...forms, ...account } as Messages,
  server: { ...email, ...pdf, ...quote, ...order, ...lot } as Messages,
});

const CATALOGUES: Record<ShippedLanguage, Areas> = {
  ar: areas(arChrome, arPages, arForms, arAccount, arEmail, arPdf, arQuote, arOrder, arLot),
  bn: areas(bnChrome, bnPages, bnForms, bnAccount, bnEmail, bnPdf, bnQuote, bnOrder, bnLot),
  ms: areas(msChrome, msPages, msForms, msAccount, msEmail, msPdf, msQuote, msOrder, msLot),
  id: areas(idChrome, idPages, idForms, idAccount, idEmail, idPdf, idQuote, idOrder, idLot),
  vi: areas(viChrome, viPages, viForms, viAccount, viEmail, viPdf, viQuote, viOrder, viLot),
  ru: areas(ruChrome, ruPages, ruForms, ruAccount, ruEmail, ruPdf, ruQuote, ruOrder, ruLot),
  es: areas(esChrome, esPages, esForms, esAccount, esEmail, esPdf, esQuote, esOrder, esLot),
  fr: areas(frChrome, frPages, frForms, frAccount, frEmail, frPdf, frQuote, frOrder, frLot),
};

/** What the browser needs of a language (English is in the bundle already: nothing). */
export function clientMessagesOf(lang: Language): Messages | null {
  return lang === "en" ? null : CATALOGUES[lang].client;
}

/** Everything a language has, for the server's own texts (emails, PDFs) and for `npm run i18n:check`. */
export function catalogueOf(lang: Language): Messages {
  return lang === "en" ? {} : { ...CATALOGUES[lang].client, ...CATALOGUES[lang].server };
}

/** A language's wording for a loader: the texts it puts in its data (toasts, formatted values) in the page's language. */
const wordings = new Map<Language, Wording>([["en", ENGLISH_WORDING]]);

/** A language's wording with everything it has (pages, forms, emails, PDFs), made once per language. */
export function wordingOf(lang: Language): Wording {
  let wording = wordings.get(lang);
  if (!wording) wordings.set(lang, (wording = { lang, t: makeTranslator(lang, catalogueOf(lang)) }));
  return wording;
}

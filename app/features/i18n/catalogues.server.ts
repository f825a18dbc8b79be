import type { Language, ShippedLanguage } from "~/lib/i18n/languages";
import type { Messages } from "./catalogue";
import type { Translated } from "./catalogue-types";
import arEmail from "./messages/ar/email";
import arForms from "./messages/ar/forms";
import arPdf from "./messages/ar/pdf";
import arSite from "./messages/ar/site";
import bnEmail from "./messages/bn/email";
import bnForms from "./messages/bn/forms";
import bnPdf from "./messages/bn/pdf";
import bnSite from "./messages/bn/site";
import esEmail from "./messages/es/email";
import esForms from "./messages/es/forms";
import esPdf from "./messages/es/pdf";
import esSite from "./messages/es/site";
import frEmail from "./messages/fr/email";
import frForms from "./messages/fr/forms";
import frPdf from "./messages/fr/pdf";
import frSite from "./messages/fr/site";
import idEmail from "./messages/id/email";
import idForms from "./messages/id/forms";
import idPdf from "./messages/id/pdf";
import idSite from "./messages/id/site";
import msEmail from "./messages/ms/email";
import msForms from "./messages/ms/forms";
import msPdf from "./messages/ms/pdf";
import msSite from "./messages/ms/site";
import ruEmail from "./messages/ru/email";
import ruForms from "./messages/ru/forms";
import ruPdf from "./messages/ru/pdf";
import ruSite from "./messages/ru/site";
import viEmail from "./messages/vi/email";
import viForms from "./messages/vi/forms";
import viPdf from "./messages/vi/pdf";
import viSite from "./messages/vi/site";

interface Areas {
  /** Sent to the browser. */
  client: Messages;
  /** Emails and PDFs: the server's only. */
  server: Messages;
}

const areas = (site: Translated<unknown>, forms: object, email: object, pdf: object): Areas => ({
  client: { ...site, ...forms } as Messages,
  server: { ...email, ...pdf } as Messages,
});

const CATALOGUES: Record<ShippedLanguage, Areas> = {
  ar: areas(arSite, arForms, arEmail, arPdf),
  bn: areas(bnSite, bnForms, bnEmail, bnPdf),
  ms: areas(msSite, msForms, msEmail, msPdf),
  id: areas(idSite, idForms, idEmail, idPdf),
  vi: areas(viSite, viForms, viEmail, viPdf),
  ru: areas(ruSite, ruForms, ruEmail, ruPdf),
  es: areas(esSite, esForms, esEmail, esPdf),
  fr: areas(frSite, frForms, frEmail, frPdf),
};

/** What the browser needs of a language (English is in the bundle already: nothing). */
export function clientMessagesOf(lang: Language): Messages | null {
  return lang === "en" ? null : CATALOGUES[lang].client;
}

/** Everything a language has, for the server's own texts (emails, PDFs) and for `npm run i18n:check`. */
export function catalogueOf(lang: Language): Messages {
  return lang === "en" ? {} : { ...CATALOGUES[lang].client, ...CATALOGUES[lang].server };
}

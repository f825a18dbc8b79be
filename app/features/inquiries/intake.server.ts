import { wordingOf } from "~/features/i18n/catalogues.server";
import type { z } from "zod";
import type { Db } from "~/db/database.server";
import type { InquiryKind } from "~/db/schema";
import { countInWindow, installationHmac } from "~/features/abuse/hmac-and-rate-limit.server";
import { formFailure, refuse } from "~/lib/forms/respond.server";
import { parseSubmission, type FormDefinition, type FormValues, type Refusal } from "~/lib/forms/submission";
import { log } from "~/lib/log.server";
import { sameOriginPath } from "~/lib/same-origin";
import { newId, nowIso } from "~/lib/time";
import type { AppServices } from "~/services.server";
import type { MessageKey } from "~/features/i18n/catalogue";
import type { Translate } from "~/features/i18n/translate";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import { HONEYPOT_FIELD } from "./inquiries.schema";
import type { MailConfig } from "~/lib/mail/mail.server";
import { deliverInBackground, enqueueInquiryMail } from "./mail-queue.server";
import { replyDueFor } from "./reply-due.server";

/**
 * The one way a buyer's form becomes an inquiry (the contact form, a quote request): the honeypot, the form's
 * schema, the kind's own checks, the rate limit per sender, the row, then the emails after the answer; and one
 * answer for each refusal (400, 429 with Retry-After, 503). ADR 0011.
 */

/** Accepted inquiries per sender address and window (ADR 0011). */
export const INQUIRY_RATE_LIMIT = 5;
export const INQUIRY_RATE_WINDOW_MS = 10 * 60 * 1000;
export const PAGE_PATH_MAX = 300;

type AnyObjectSchema = z.ZodObject<z.ZodRawShape>;

/** One kind of inquiry a public form sends: how it is read, checked and stored. */
export interface InquiryIntake<S extends AnyObjectSchema, Ready> {
  /** The form, its messages in the request's language. */
  form: (t: Translate) => FormDefinition<S>;
  /** Which form of the page an answer is for (FormFailure.form), when the page has several. */
  formName?: string;
  /** What comes back as typed with a refusal; by default the submission's values. */
  typedValues?: (values: FormValues, form: FormData) => FormValues;
  /** Checks what the schema accepted against what is stored, before the sender is counted: what to store, or why not (400). */
  prepare: (db: Db, value: z.output<S>, form: FormData, t: Translate) => Promise<{ ok: true; ready: Ready } | Refusal>;
  /**
   * Stores it, with the columns every inquiry starts with, in the transaction its emails are written in; says what
   * it stored, so nothing just written is read back (its emails' recipient, the products counted as demand).
   */
  store: (trx: Db, ready: Ready, row: ReceivedInquiry) => Promise<StoredInquiryFacts>;
  /** The 503's words when it could not be kept; `log`: what the log says (English). */
  notSaved: { title: MessageKey; message: MessageKey; log: string };
}

/** What an intake stored: its kind, the buyer's address and the products of its lines (none for a message). */
export interface StoredInquiryFacts {
  kind: InquiryKind;
  email: string;
  products: string[];
}

type Outcome =
  | { kind: "stored"; id: string; mail: string[]; stored: StoredInquiryFacts }
  | { kind: "refused"; refusal: Refusal }
  | { kind: "limited"; retryAfter: number }
  /** The database refused or could not be reached; nothing was kept. */
  | { kind: "failed" };

/**
 * Receives one form of `intake`'s kind. A robot (the honeypot filled) is to be answered like a buyer, and nothing is
 * kept; a stored inquiry's emails go out after the answer and are retried when they fail. `lang`: the language of
 * the page it was posted to (`inquiryLanguage`), which its messages are in and it is stored with; `shown`: what else
 * the page shows with a refusal.
 */
export async function receiveInquiry<S extends AnyObjectSchema, Ready, Extra extends object = object>(
  services: Pick<AppServices, "db" | "config" | "clientIp" | "now">,
  form: FormData,
  intake: InquiryIntake<S, Ready>,
  {
    lang = DEFAULT_LANGUAGE,
    shown = async () => ({}) as Extra,
  }: { lang?: Language; shown?: () => Promise<Extra> } = {},
) {
  const { db, config, clientIp, now } = services;
  if (isFromRobot(form)) return { kind: "robot" as const };
  const t = wordingOf(lang).t;
  const definition = intake.form(t);
  const submission = parseSubmission(form, definition.schema);
  const typed = { values: intake.typedValues?.(submission.values, form) ?? submission.values, form: intake.formName };
  const answer = (refusal: Refusal, status: number, headers?: Record<string, string>) =>
    shown().then((extra) => ({ kind: "refused" as const, answer: refuse(typed, refusal, status, { extra, headers }) }));
  if (!submission.ok) {
    const toast = definition.invalidToast(submission.errors);
    const extra = await shown();
    return {
      kind: "refused" as const,
      answer: formFailure({ ...typed, errors: submission.errors }, toast, 400, { extra }),
    };
  }
  const outcome = await storeInquiry(db, intake, submission.value, form, { ip: clientIp, config, now, lang, t });
  switch (outcome.kind) {
    case "stored":
      // Stored with its emails; they go out after the buyer has the answer, and a failure is retried (ADR 0048).
      deliverInBackground(db, config, outcome.mail, now);
      // Demand reads requests from the stored inquiries themselves (ADR 0056): nothing to count here.
      return { kind: "stored" as const, id: outcome.id };
    case "refused":
      return answer(outcome.refusal, 400);
    case "limited": {
      const { refusal, headers } = tooManyMessages(outcome.retryAfter, t);
      return answer(refusal, 429, headers);
    }
    case "failed":
      return answer({ ok: false, title: t(intake.notSaved.title), message: t(intake.notSaved.message) }, 503);
  }
}

async function storeInquiry<S extends AnyObjectSchema, Ready>(
  db: Db,
  intake: InquiryIntake<S, Ready>,
  value: z.output<S>,
  form: FormData,
  { ip, config, now, lang, t }: { ip: string; config: MailConfig; now: () => number; lang: Language; t: Translate },
): Promise<Outcome> {
  try {
    const checked = await intake.prepare(db, value, form, t);
    if (!checked.ok) return { kind: "refused", refusal: checked };
    const admitted = await admitSender(db, ip);
    if (!admitted.allowed) return { kind: "limited", retryAfter: admitted.retryAfter };
    const received = receivedInquiry(admitted.ipHash, lang);
    const row = { ...received, reply_due_at: await replyDueFor(db, received.created_at) };
    // The inquiry and its emails are stored together or not at all (ADR 0048).
    const { stored, mail } = await db.transaction().execute(async (trx) => {
      const stored = await intake.store(trx, checked.ready, row);
      return { stored, mail: await enqueueInquiryMail(trx, config, { id: row.id, ...stored }, now()) };
    });
    return { kind: "stored", id: row.id, mail, stored };
  } catch (error) {
    log.error(intake.notSaved.log, error);
    return { kind: "failed" };
  }
}

/** Counts this sender's inquiry; within the limit, the address hash to store with it, else the seconds to wait. */
export async function admitSender(
  db: Db,
  ip: string,
): Promise<{ allowed: true; ipHash: string } | { allowed: false; retryAfter: number }> {
  // The address is kept only as this hash (ADR 0011); the count is a fixed window per hash.
  const ipHash = await installationHmac(db, ip);
  const rate = await countInWindow(db, `inquiry:${ipHash}`, {
    limit: INQUIRY_RATE_LIMIT,
    windowMs: INQUIRY_RATE_WINDOW_MS,
  });
  return rate.allowed ? { allowed: true, ipHash } : rate;
}

/** What a sender over the limit is told (contact form and quote requests alike), and when to try again. */
export function tooManyMessages(
  retryAfter: number,
  t: Translate = wordingOf(DEFAULT_LANGUAGE).t,
): { refusal: Refusal; headers: Record<string, string> } {
  const minutes = Math.ceil(retryAfter / 60);
  return {
    refusal: {
      ok: false,
      title: t("forms.refusal.tooMany.title"),
      message: t("forms.refusal.tooMany.message", { count: minutes }),
    },
    headers: { "Retry-After": String(retryAfter) },
  };
}

export type ReceivedInquiry = ReturnType<typeof receivedInquiry>;

/**
 * The columns every inquiry starts with, whatever its kind: a fresh id, its language, status new. Its emails are
 * outbox rows written with it (ADR 0048); ADR 0011's mail columns stay empty.
 */
export function receivedInquiry(ipHash: string, lang: Language = DEFAULT_LANGUAGE) {
  const now = nowIso();
  return {
    id: newId(),
    lang,
    ip_hash: ipHash,
    status: "new" as const,
    notified_at: null,
    notify_error: null,
    notify_due_at: null,
    /** When the first reply is due (speed to lead): set by the intake from the settings (`replyDueFor`). */
    reply_due_at: null as string | null,
    created_at: now,
    updated_at: now,
  };
}

/** A same-origin path (with its query) from a form field or a Referer, cut to what is stored, or null. */
export function safePagePath(raw: unknown, ownOrigin?: string): string | null {
  return sameOriginPath(raw, ownOrigin)?.slice(0, PAGE_PATH_MAX) ?? null;
}

/**
 * The hidden field a person never fills (ADR 0011): a robot that filled it is answered like a buyer, before any
 * check, and nothing is kept.
 */
export function isFromRobot(form: FormData): boolean {
  const honeypot = form.get(HONEYPOT_FIELD);
  return typeof honeypot === "string" && honeypot.trim() !== "";
}

import type { z } from "zod";
import type { FieldErrors, FormDefinition } from "./submission";

/**
 * The messages a field's schema gives for what a browser can tell by itself is wrong, found by asking the schema
 * (ADR 0058): the public pages check a form in the browser without zod, so the server writes these on each control
 * (`data-msg-*`) in the page's language, word for word what it would answer itself.
 */
export interface FieldMessages {
  /** Left empty (or spaces only). */
  required?: string;
  /** Longer than its `maxLength` once trimmed (a value put there by autofill or a script). */
  toolong?: string;
  /** Not an email address (`type="email"`). */
  email?: string;
  /** Below the control's `min` (a number or a month). */
  low?: string;
  /** Above the control's `max`. */
  high?: string;
}

/** What the control says about itself: the schema's constraints with the page's own attributes over them. */
export interface ControlLimits {
  type?: string;
  required?: boolean;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
}

type AnyObjectSchema = z.ZodObject<z.ZodRawShape>;

/** The first message `schema` gives for `value` in field `name` alone, or undefined when it takes it. */
function messageFor(schema: AnyObjectSchema, name: string, value: string): string | undefined {
  const field = schema.shape[name] as z.ZodType | undefined;
  const parsed = field?.safeParse(value);
  return parsed && !parsed.success ? parsed.error.issues[0]?.message : undefined;
}

/** A value just past a limit of a control of this type, or null when this type has no such value. */
function pastLimit(type: string | undefined, limit: string | number, side: "low" | "high"): string | null {
  if (type === "number") {
    const n = Number(limit);
    return Number.isFinite(n) ? String(side === "low" ? n - 1 : n + 1) : null;
  }
  // Months and days: any far past or far future one (the schema's rule may be "not before this month").
  if (type === "month") return side === "low" ? "1900-01" : "9999-12";
  if (type === "date") return side === "low" ? "1900-01-01" : "9999-12-31";
  return null;
}

const cache = new WeakMap<FormDefinition<AnyObjectSchema>, Map<string, FieldMessages>>();

/**
 * The messages of field `name` of a form for each check its control gets in the browser. A field the schema leaves
 * optional but a rule of the whole form requires (a quote line's quantity) takes the definition's `requiredMessage`.
 */
export function fieldMessages(
  definition: FormDefinition<AnyObjectSchema>,
  name: string,
  limits: ControlLimits,
): FieldMessages {
  const key = JSON.stringify([name, limits]);
  let made = cache.get(definition);
  if (!made) cache.set(definition, (made = new Map()));
  const known = made.get(key);
  if (known) return known;
  const { schema } = definition;
  const messages: FieldMessages = {};
  const required = messageFor(schema, name, "") ?? (limits.required ? definition.requiredMessage?.(name) : undefined);
  if (required) messages.required = required;
  if (limits.maxLength !== undefined) {
    const toolong = messageFor(schema, name, "x".repeat(limits.maxLength + 1));
    if (toolong) messages.toolong = toolong;
  }
  if (limits.type === "email") {
    const email = messageFor(schema, name, "x");
    if (email) messages.email = email;
  }
  for (const side of ["low", "high"] as const) {
    const limit = side === "low" ? limits.min : limits.max;
    const value = limit === undefined ? null : pastLimit(limits.type, limit, side);
    const message = value === null ? undefined : messageFor(schema, name, value);
    if (message) messages[side] = message;
  }
  made.set(key, messages);
  return messages;
}

/** The messages as the control's data attributes (`data-msg-required`...), which the public pages' script reads. */
export function messageAttributes(messages: FieldMessages): Record<`data-msg-${string}`, string> {
  return Object.fromEntries(Object.entries(messages).map(([kind, text]) => [`data-msg-${kind}`, text]));
}

/**
 * The texts of the form's refusal toast the browser builds (`invalidToast`): its title, and the sentence it says
 * when a required field is empty (absent when the form has no required field, or says the first message instead).
 */
export function invalidToastTexts(definition: FormDefinition<AnyObjectSchema>): {
  title: string;
  requiredSentence?: string;
} {
  const { title } = definition.invalidToast({});
  for (const name of Object.keys(definition.schema.shape)) {
    const message = messageFor(definition.schema, name, "");
    if (!message) continue;
    const errors: FieldErrors = { [name]: [message] };
    const { description } = definition.invalidToast(errors);
    // A required field: the toast names them all rather than repeating the field's message.
    if (description && description !== message) return { title, requiredSentence: description };
  }
  return { title };
}

import { z } from "zod";
import type { ToastInput } from "~/lib/web/toast";
import { slugify } from "~/lib/slug";

// zod compiles object schemas with `new Function` when it may. The site's Content-Security-Policy forbids eval, so in
// the browser the attempt only raises a CSP violation report before zod falls back; checking a form does not need the
// compiled path. Set here, before the form schemas that import this module are built.
z.config({ jitless: true });

/**
 * The one way a form is checked, on the server and (before sending) in the browser: FormData is read against the
 * form's zod schema into typed values, or into one list of messages per field plus what was typed.
 */

/** Messages per field name; `""` holds the messages about the form as a whole. */
export type FieldErrors = Record<string, string[] | undefined>;
/** What was typed, by field name (files are never echoed back). */
export type FormValues = Record<string, string | string[]>;

/** An action's answer when the form was refused: the page re-renders with the values, the errors and the toast. */
export interface FormFailure {
  ok: false;
  errors: FieldErrors;
  values: FormValues;
  toast?: ToastInput;
  /** Which form on the page the answer is for, when a page has several (`intent`). */
  form?: string;
}

/** Why a service would not do what was asked, in the spec's words; `field` names the input it is about. */
export interface Refusal {
  ok: false;
  title: string;
  message: string;
  field?: string;
  /** The answer's status when the refusal decides it (a full disk: 507), over the caller's. */
  status?: number;
  /** An edit form refused as opened on an outdated version: the record's version now, which the form carries from
   * then on, so that saving again after reading the refusal is a choice made knowingly (ADR 0049). */
  version?: string;
}

export type Submission<T> =
  { ok: true; value: T; values: FormValues } | { ok: false; errors: FieldErrors; values: FormValues };

type AnyObjectSchema = z.ZodObject<z.ZodRawShape>;

/** A form's schema with the spec's toast for a refusal (spec §8), shared by the action and the browser. */
export interface FormDefinition<S extends AnyObjectSchema> {
  schema: S;
  /** The toast shown when the schema refuses the form; by default the first message, titled 'Missing Fields'. */
  invalidToast: (errors: FieldErrors) => ToastInput;
  /**
   * The message for a field its own schema leaves optional but a rule of the whole form requires (a quote line's
   * quantity, once the line names a product): what the browser's check says when the page marks it required.
   */
  requiredMessage?: (name: string) => string | undefined;
}

export function defineForm<S extends AnyObjectSchema>(
  schema: S,
  invalidToast: ToastInput | ((errors: FieldErrors) => ToastInput) = (errors) => ({
    title: "Missing Fields",
    description: firstError(errors),
    variant: "destructive",
  }),
  options: Pick<FormDefinition<S>, "requiredMessage"> = {},
): FormDefinition<S> {
  return { schema, invalidToast: typeof invalidToast === "function" ? invalidToast : () => invalidToast, ...options };
}

/**
 * The spec's 'Missing Fields' toast (spec §5 and §8): its sentence naming every required field when one is
 * missing, otherwise the first message (a value too long, a bad format). A form whose refusal the spec titles
 * otherwise ('Error Adding Setting') passes its title; a form in another language than English passes how its
 * 'is required' messages are known.
 */
export const missingFieldsToast =
  (
    requiredSentence: string,
    title = "Missing Fields",
    isRequiredMessage: (message: string) => boolean = (m) => m.endsWith(" is required."),
  ) =>
  (errors: FieldErrors): ToastInput => ({
    title,
    description: Object.values(errors).some((list) => list?.some(isRequiredMessage))
      ? requiredSentence
      : firstError(errors),
    variant: "destructive",
  });

export const firstError = (errors: FieldErrors) => Object.values(errors).find((list) => list?.length)?.[0];

/** A field whose schema is an array reads every value of its name (`getAll`); every other field reads one. */
function isArrayField(schema: z.ZodType | undefined): boolean {
  const inner = schema && innermost(schema);
  return inner instanceof z.ZodArray;
}

/** An array field's item schema; any other field itself. */
function itemOf(schema: z.ZodType): z.ZodType {
  const inner = innermost(schema);
  return inner instanceof z.ZodArray ? (inner.element as z.ZodType) : schema;
}

/**
 * The schema under optional, default, pipe (its input side) and transform wrappers; under a preprocess (a pipe
 * whose input side is a transform), the schema the value is then checked by.
 */
function innermost(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    const def = current.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
    if (def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in.def.type === "transform" && def.out ? def.out : def.in;
    else break;
  }
  return current;
}

/** The entries of `form` shaped for `schema`: strings and files; arrays for array fields; absent stays absent. */
export function formEntries(form: FormData, schema: AnyObjectSchema): Record<string, unknown> {
  const entries: Record<string, unknown> = {};
  for (const name of new Set(form.keys())) {
    entries[name] = isArrayField(schema.shape[name] as z.ZodType | undefined) ? form.getAll(name) : form.get(name);
  }
  return entries;
}

export function typedValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const name of new Set(form.keys())) {
    const texts = form.getAll(name).filter((v): v is string => typeof v === "string");
    if (texts.length) values[name] = texts.length === 1 ? texts[0] : texts;
  }
  return values;
}

export function errorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const name = issue.path.length ? String(issue.path[0]) : "";
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}

export function parseSubmission<S extends AnyObjectSchema>(form: FormData, schema: S): Submission<z.output<S>> {
  const values = typedValues(form);
  const parsed = schema.safeParse(formEntries(form, schema));
  return parsed.success
    ? { ok: true, value: parsed.data, values }
    : { ok: false, errors: errorsOf(parsed.error), values };
}

/** The HTML constraints a field's schema implies, so the browser checks the same limits without JavaScript. */
export interface FieldConstraints {
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  type?: "email" | "url" | "number" | "date";
  min?: number;
  max?: number;
  step?: number;
}

export function constraintsOf(schema: AnyObjectSchema): Record<string, FieldConstraints> {
  const all: Record<string, FieldConstraints> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    // An array field is one input per item: each takes the item's constraints.
    const input = itemOf(field as z.ZodType);
    const inner = innermost(input);
    const optional = input.safeParse(undefined).success;
    const c: FieldConstraints = {};
    if (inner.def.type === "string") {
      const string = inner as z.ZodString;
      if (string.maxLength !== null) c.maxLength = string.maxLength;
      if (string.minLength !== null && string.minLength > 0) {
        c.required = !optional;
        if (string.minLength > 1) c.minLength = string.minLength;
      }
      if (string.format === "email") c.type = "email";
      if (string.format === "url") c.type = "url";
      if (string.format === "date") c.type = "date";
    } else if (inner instanceof z.ZodNumber) {
      c.type = "number";
      if (inner.minValue !== null && Number.isFinite(inner.minValue)) c.min = inner.minValue;
      if (inner.maxValue !== null && Number.isFinite(inner.maxValue)) c.max = inner.maxValue;
      if (inner.isInt) c.step = 1;
    }
    all[name] = c;
  }
  return all;
}

/** Common field rules, written once. `required` trims first, so spaces alone count as empty. */
export const text = {
  required: (label: string, max: number) =>
    z
      .string({ error: `${label} is required.` })
      .trim()
      .min(1, `${label} is required.`)
      .max(max, `${label} is too long (at most ${max} characters).`),
  optional: (label: string, max: number) =>
    z
      .string()
      .trim()
      .max(max, `${label} is too long (at most ${max} characters).`)
      .optional()
      .transform((v) => v ?? ""),
};

/** Blank (or spaces) as absent, for an optional field whose value has a format; anything else trimmed. */
const blankAsAbsent = (v: unknown) => (typeof v === "string" ? v.trim() || undefined : v);

/**
 * An optional day from a date input (YYYY-MM-DD, a real calendar day; blank is ""). Its input gets `type="date"`
 * from the schema; without one, a browser sends what was typed, which this refuses.
 */
export const optionalDate = (label: string) =>
  z
    .preprocess(blankAsAbsent, z.iso.date(`${label} must be a real date (YYYY-MM-DD).`).optional())
    .transform((v) => v ?? "");

/**
 * An optional absolute http(s) address (blank is ""): a link we will render for visitors, so no `javascript:`,
 * relative path or other scheme. Its input gets `type="url"` from the schema.
 */
export const optionalHttpUrl = (label: string, max: number) => {
  const rule = `${label} must be a full web address starting with https:// or http://.`;
  return z
    .preprocess(
      blankAsAbsent,
      z
        .url({ protocol: /^https?$/, error: rule })
        .max(max, `${label} is too long (at most ${max} characters).`)
        // Stored as the browser reads it ("https:/host" is "https://host/").
        .transform((v) => new URL(v).href)
        .optional(),
    )
    .transform((v) => v ?? "");
};

/** A slug typed by hand or made from the name: cleaned by the spec's rule, and required. */
export const slugText = (max: number) =>
  z
    .string({ error: "Slug is required." })
    .trim()
    .min(1, "Slug is required.")
    .max(max, `Slug is too long (at most ${max} characters).`)
    .transform((v) => slugify(v, max))
    .pipe(z.string().min(1, "The slug needs at least one letter or digit."));

/**
 * A whole number from a number input, read as `parseInt` reads it ("12", "12.7" and "12abc" are 12); blank is
 * `undefined`, for the caller's default. Its input gets `type="number"` and `step="1"` from the schema.
 */
export const integer = (label: string, { min, max }: { min: number; max: number }) =>
  z.preprocess(
    (v) => {
      if (typeof v !== "string" || !v.trim()) return undefined;
      const n = Number.parseInt(v.trim(), 10);
      return Number.isNaN(n) ? v : n;
    },
    z
      .number({ error: `${label} must be a whole number.` })
      .int(`${label} must be a whole number.`)
      .min(min, `${label} must be at least ${min}.`)
      .max(max, `${label} must be at most ${max}.`)
      .optional(),
  );

/** A checkbox or a flag: present ("on", "1") when set, absent or empty when not. */
export const checkbox = () =>
  z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true" || v === "1");

/** A file input: the chosen file, or null when none was chosen (browsers send an empty, nameless file). */
export const optionalFile = () =>
  z
    .any()
    .optional()
    .transform((v): File | null => (v instanceof File && v.size > 0 ? v : null));

/** A multiple file input: the chosen files (browsers send one empty, nameless file when none was chosen). */
export const optionalFiles = (max: number, tooMany: string) =>
  z
    .array(z.any())
    .optional()
    .transform((items): File[] => (items ?? []).filter((v): v is File => v instanceof File && v.size > 0))
    .refine((files) => files.length <= max, tooMany);

/** A field sent as one input per item (checkboxes, table rows); absent means an empty list. */
export const list = <T extends z.ZodType>(item: T, max: number, tooMany: string) =>
  z
    .array(item)
    .max(max, tooMany)
    .optional()
    .transform((items): Array<z.output<T>> => items ?? []);

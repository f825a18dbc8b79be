import { z } from "zod";
import { defineForm, firstError } from "~/lib/forms/submission";
import { wordsOf } from "./normalize";

// The back office's synonym group form (issue 43), checked in the browser and by the action. A word is what the
// search calls one (`wordsOf`), so the form accepts exactly what `synonymGroups` will use.

export const MAX_GROUP_WORDS = 20;
export const MAX_WORD_CHARS = 40;
export const MAX_SYNONYM_GROUPS = 200;
/** Room for 20 words of 40 characters and their commas: the input's own limit. */
const MAX_WORDS_CHARS = 1000;

export const WORDS_REQUIRED = "Words are required.";
export const SINGLE_WORDS = "Enter single words separated by commas";
export const TWO_WORDS = "Enter at least two words: a group joins words that mean the same thing.";

/** What is wrong with a group as typed, or its words: trimmed, empty entries and repeats (folded alike) left out. */
export function checkSynonymWords(typed: string): { ok: true; words: string[] } | { ok: false; message: string } {
  const words: string[] = [];
  const seen = new Set<string>();
  for (const entry of typed.split(/[,،]/).map((e) => e.trim())) {
    if (!entry) continue;
    const folded = wordsOf(entry);
    if (folded.length !== 1)
      return {
        ok: false,
        message: `${SINGLE_WORDS}: "${entry}" is ${folded.length ? "more than one word" : "not a word"}.`,
      };
    if ([...entry].length > MAX_WORD_CHARS)
      return { ok: false, message: `"${entry}" is too long (at most ${MAX_WORD_CHARS} characters a word).` };
    if (seen.has(folded[0]!)) continue;
    seen.add(folded[0]!);
    words.push(entry);
  }
  if (words.length < 2) return { ok: false, message: TWO_WORDS };
  if (words.length > MAX_GROUP_WORDS)
    return {
      ok: false,
      message: `A group holds at most ${MAX_GROUP_WORDS} words (this one has ${words.length}): split it in two.`,
    };
  return { ok: true, words };
}

export const synonymGroupForm = defineForm(
  z.object({
    // Present when an existing group is edited; absent when one is added.
    id: z.string().trim().max(100).optional(),
    words: z
      .string({ error: WORDS_REQUIRED })
      .trim()
      .min(1, WORDS_REQUIRED)
      .max(MAX_WORDS_CHARS, `Words are too long (at most ${MAX_WORDS_CHARS} characters).`)
      .transform((typed, ctx) => {
        const checked = checkSynonymWords(typed);
        if (checked.ok) return checked.words;
        ctx.addIssue({ code: "custom", message: checked.message, input: typed });
        return z.NEVER;
      }),
  }),
  (errors) => ({ title: "Synonyms Not Saved", description: firstError(errors), variant: "destructive" }),
);

export type SynonymGroupValues = z.output<typeof synonymGroupForm.schema>;

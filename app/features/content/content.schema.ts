import { z } from "zod";
import { checkbox, defineForm, optionalFile } from "~/lib/forms/submission";
import { PAGE_SECTIONS, type PageSlug, type SectionDef } from "./home-content";
import { parseHeroVideo } from "./video";

/** Longest text each field type takes; a page text is never a book. */
export const MAX_LENGTH = { text: 300, textarea: 5000, url: 2000 } as const;

export const VIDEO_LINK_MESSAGE = "Use a YouTube, Vimeo or direct .mp4 link.";

/**
 * One section's rule. A text left out of the form keeps what is stored (a partial form changes only what it
 * sends); a picture is a file input with its staged removal (`{key}_remove`).
 */
function sectionRules(section: SectionDef): Record<string, z.ZodType> {
  if (section.type === "image") return { [section.key]: optionalFile(), [`${section.key}_remove`]: checkbox() };
  const max = MAX_LENGTH[section.type];
  const text = z.string().trim().max(max, `Use at most ${max} characters.`);
  const rule = section.type === "url" ? text.refine((v) => !v || parseHeroVideo(v) !== null, VIDEO_LINK_MESSAGE) : text;
  return { [section.key]: rule.optional() };
}

/** A page editor's form, built from its section list; refused as 'Error saving {section label}' (spec §8). */
function pageForm(page: PageSlug) {
  const sections = PAGE_SECTIONS[page];
  return defineForm(z.object(Object.assign({}, ...sections.map(sectionRules))), (errors) => {
    const section = sections.find((s) => errors[s.key]?.length) ?? sections[0];
    return {
      title: `Error saving ${section.label}`,
      description: errors[section.key]?.[0],
      variant: "destructive",
    };
  });
}

export const pageForms: Record<PageSlug, ReturnType<typeof pageForm>> = {
  home: pageForm("home"),
  "about-us": pageForm("about-us"),
};

/** What a page editor's form holds once checked: texts (absent when not sent), files, removal flags. */
export type PageValues = Record<string, unknown>;

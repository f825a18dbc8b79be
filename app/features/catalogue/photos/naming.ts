import { typedKey } from "~/lib/slug";

/**
 * The naming rule (issue 29): `nashik-red-onion.jpg` is the main picture of the product whose slug is
 * nashik-red-onion, `nashik-red-onion-2.jpg`, `-3` … its gallery in number order. Case-insensitive; .jpg, .jpeg,
 * .png and .webp; folders inside the ZIP are ignored (only the last part of a name counts).
 */
export const PHOTO_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp"] as const;

export const NAMING_RULE =
  "Name each photo by the product's name, or the end of its web address: Nashik Red Onion.jpg or nashik-red-onion.jpg is the main picture, Nashik Red Onion 2.jpg or nashik-red-onion-2.jpg, -3 … the gallery, in number order. Upper or lower case, spaces, hyphens and underscores are all the same; .jpg, .jpeg, .png or .webp; folders inside the ZIP are ignored.";

/**
 * A product's name or slug, or a file's name, as they are compared (issue 41: "Turmeric Powder.jpg", named as the
 * product is, matched nothing): lower case, each run of spaces, hyphens and underscores one hyphen.
 */
export const photoKey = (text: string) => typedKey(text, "-");

export interface PhotoTarget {
  slug: string;
  /** 1: the main picture; 2 and up: the gallery, in this order. */
  position: number;
}

/** The last part of a name inside a ZIP (either slash), never used as a path. */
export const baseName = (entryName: string) => entryName.split(/[\\/]/).pop() ?? "";

/** Why a file matches no product, or null when it names a picture of one. */
export type NoMatch = "not a picture" | "no product with this slug";

/**
 * What a file in the ZIP is for, given the `photoKey`s of the catalogue's products (their slugs and names). A name
 * that is itself a product's wins (a product `onion-2` takes `onion-2.jpg` as its main picture), then the `-N`
 * suffix, N from 2. `slug` in the answer is the key matched.
 */
export function matchPhoto(entryName: string, slugs: ReadonlySet<string>): PhotoTarget | NoMatch {
  const name = baseName(entryName).toLowerCase();
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot) : "";
  if (!(PHOTO_EXTENSIONS as readonly string[]).includes(extension)) return "not a picture";
  const stem = photoKey(name.slice(0, dot));
  if (slugs.has(stem)) return { slug: stem, position: 1 };
  const numbered = /^(.+)-(\d{1,4})$/.exec(stem);
  if (numbered && Number(numbered[2]) >= 2 && slugs.has(numbered[1]))
    return { slug: numbered[1], position: Number(numbered[2]) };
  return "no product with this slug";
}

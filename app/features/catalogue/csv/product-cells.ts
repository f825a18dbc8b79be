import type { PublishStatus } from "~/db/schema";
import { safeImageSrc } from "~/lib/web/safe-url";
import { PRODUCT_TEXT_FIELDS, type ProductTextFieldName } from "../product-fields";

// The spec's product columns read from their cells, each with what it cannot keep as written: `warn` receives a
// sentence for the preview's list of rows that import, but not exactly as written.

type Warn = (message: string) => void;

/** The longest text a column keeps; longer cells are cut there. */
export const CELL_LIMITS = Object.fromEntries(
  Object.entries(PRODUCT_TEXT_FIELDS).map(([field, { max }]) => [field, max]),
) as Record<ProductTextFieldName, number>;

/** A cell's text for a message: short, on one line. */
export const quote = (value: string) => {
  const flat = value.replace(/\s+/g, " ");
  return `"${flat.length > 60 ? `${flat.slice(0, 57)}...` : flat}"`;
};

/** A long-text cell cut to its limit; blank is null. */
export function readLongText(value: string, column: ProductTextFieldName, warn: Warn): string | null {
  if (value.length > CELL_LIMITS[column])
    warn(`${column} is longer than ${CELL_LIMITS[column].toLocaleString("en")} characters; it will be cut there.`);
  return value.slice(0, CELL_LIMITS[column]) || null;
}

/** Spec §5: only the text 'true' makes a product featured. */
export function readFeatured(value: string, warn: Warn, note: Warn = () => {}): 0 | 1 {
  if (!value || value === "true" || value === "false") return value === "true" ? 1 : 0;
  // As spreadsheets write it: TRUE and FALSE, Yes and No, 1 and 0 (issue 41).
  const said = value.trim().toLowerCase();
  if (["true", "yes", "y", "1"].includes(said)) {
    note("is_featured: TRUE, Yes or 1 read as true.");
    return 1;
  }
  if (["false", "no", "n", "0"].includes(said)) {
    note("is_featured: FALSE, No or 0 read as false.");
    return 0;
  }
  warn(`is_featured is ${quote(value)}, not "true"; the product will not be featured.`);
  return 0;
}

/**
 * The status a row writes: Published or Draft as typed (any case), or null for an empty cell (the importer's default
 * decides). Anything else is a draft, with a warning: a product never goes live by a typo.
 */
export function readStatus(value: string, warn: Warn): PublishStatus | null {
  const typed = value.trim().toLowerCase();
  if (!typed) return null;
  if (typed === "published" || typed === "draft") return typed;
  warn(`status is ${quote(value)}, not Published or Draft; the product will be a draft.`);
  return "draft";
}

/**
 * Specifications as stored JSON (text and true/false values, spec §3), with what was not kept: a JSON object, or
 * (as typed in a spreadsheet) `Key: value` pairs separated by semicolons or new lines. `pairs` counts the pairs read
 * that way, for the preview.
 */
export function readSpecifications(value: string): { json: string; problem: string | null; pairs?: number } {
  if (!value) return { json: "{}", problem: null };
  if (!value.startsWith("{") && !value.startsWith("[")) return readSpecificationPairs(value);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    // Spec §5: invalid specifications are treated as empty.
    return { json: "{}", problem: "specifications are not valid JSON; they will be imported as empty." };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    return {
      json: "{}",
      problem: 'specifications are not a JSON object such as {"Size": "55 mm"}; they will be imported as empty.',
    };
  }
  const kept: Record<string, string | boolean> = {};
  const left: string[] = [];
  for (const [key, v] of Object.entries(parsed)) {
    if (typeof v === "string" || typeof v === "boolean") kept[key] = v;
    // A number keeps its digits as text, the way the product page shows it.
    else if (typeof v === "number" && Number.isFinite(v)) kept[key] = String(v);
    else left.push(quote(key));
  }
  const problem = left.length
    ? `specification ${left.join(", ")} ${left.length === 1 ? "is" : "are"} not text or true/false; left out.`
    : null;
  return { json: JSON.stringify(kept), problem };
}

/** `Size: 45 mm+; Moisture: 10%`: a part without a colon, or with nothing before it, is left out by name. */
function readSpecificationPairs(value: string) {
  const kept: Record<string, string | boolean> = {};
  const left: string[] = [];
  let pairs = 0;
  for (const part of value.split(/[;\n]/)) {
    const text = part.trim();
    if (!text) continue;
    const colon = text.indexOf(":");
    const key = colon > 0 ? text.slice(0, colon).trim() : "";
    if (!key) {
      left.push(quote(text));
      continue;
    }
    const v = text.slice(colon + 1).trim();
    // As in JSON, true and false are the yes/no values the product page shows as such.
    kept[key] = v === "true" ? true : v === "false" ? false : v;
    pairs++;
  }
  const problem = left.length
    ? `specifications: ${left.slice(0, 3).join(", ")}${left.length > 3 ? ", ..." : ""} ${left.length === 1 ? "is" : "are"} not written Key: value; left out.`
    : null;
  return { json: JSON.stringify(kept), problem, pairs };
}

/**
 * The pictures a row asks for. `image` undefined or `gallery` null: the row asks for none (blank, or nothing
 * usable), so an update keeps the current one and a new product has none.
 */
export function readPictures(imageCell: string, galleryCell: string, updating: boolean, warn: Warn) {
  let image: string | undefined;
  if (imageCell) {
    image = safeImageSrc(imageCell) ?? undefined;
    if (!image)
      warn(
        `image_url ${quote(imageCell)} is not an http(s) address or a path on this site; ${updating ? "the current main image is kept" : "the product will have no main image"}.`,
      );
  }
  const gallery = readGallery(
    galleryCell,
    updating ? "the current gallery is kept" : "the product will have no gallery",
  );
  gallery.problems.forEach(warn);
  return { image, gallery: gallery.urls };
}

/**
 * The gallery a cell asks for, or null when it asks for nothing usable (blank, not a JSON list, or only unsafe
 * addresses): an update then keeps the current gallery. `[]` is a request for no gallery.
 */
function readGallery(value: string, keeps: string): { urls: string[] | null; problems: string[] } {
  if (!value) return { urls: null, problems: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed))
    return {
      urls: null,
      problems: [
        `gallery_images is not a JSON list of picture addresses such as ["https://example.com/a.jpg"]; ${keeps}.`,
      ],
    };
  const urls: string[] = [];
  const dropped: string[] = [];
  for (const entry of parsed) {
    if (typeof entry === "string" && !entry.trim()) continue;
    const safe = typeof entry === "string" ? safeImageSrc(entry) : null;
    if (safe) urls.push(safe);
    else dropped.push(quote(typeof entry === "string" ? entry : JSON.stringify(entry)));
  }
  if (!dropped.length) return { urls, problems: [] };
  const problems = [
    `gallery_images: ${dropped.length === 1 ? "this entry is" : "these entries are"} not an http(s) address or a path on this site and ${dropped.length === 1 ? "is" : "are"} left out: ${dropped.slice(0, 3).join(", ")}${dropped.length > 3 ? ", ..." : ""}.`,
  ];
  if (!urls.length) return { urls: null, problems: [...problems, `gallery_images has no usable address; ${keeps}.`] };
  return { urls, problems };
}

import { MAX_TRANSLATION_UNITS, primaryLanguage, type ImportUnit, type ReadResult } from "./limits";
import { childrenNamed, readXml, textOf, type XmlElement } from "./xml-reader";

/**
 * XLIFF 2.0 (OASIS), the exchange format of translators' tools: one `<unit id="product/<id>/<field>">` per field,
 * its English as `<source>`, the translation (an outdated one to correct, none when missing) as `<target>`.
 */

export interface XliffUnit {
  id: string;
  source: string;
  target: string;
  /** missing or outdated, told to the translator as a note. */
  status: string;
  /** The item's name in the back office, as a note for context. */
  title: string;
}

// Characters XML 1.0 cannot carry at all are left out; a carriage return is kept as a reference.
// eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 forbids
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapeXml = (text: string) =>
  text
    .replace(INVALID_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\r/g, "&#13;");

export function writeXliff(lang: string, units: readonly XliffUnit[]): string {
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="${escapeXml(lang)}">`,
    `  <file id="f1">`,
  ];
  for (const unit of units) {
    lines.push(
      `    <unit id="${escapeXml(unit.id)}">`,
      `      <notes>`,
      `        <note category="status">${escapeXml(unit.status)}</note>`,
      `        <note category="item">${escapeXml(unit.title)}</note>`,
      `      </notes>`,
      `      <segment state="${unit.target ? "translated" : "initial"}">`,
      `        <source>${escapeXml(unit.source)}</source>`,
      ...(unit.target ? [`        <target>${escapeXml(unit.target)}</target>`] : []),
      `      </segment>`,
      `    </unit>`,
    );
  }
  lines.push(`  </file>`, `</xliff>`, ``);
  return lines.join("\n");
}

/** Units anywhere below `<file>`: XLIFF 2.0 lets tools wrap them in `<group>`s. */
function collectUnits(element: XmlElement, into: XmlElement[]) {
  for (const child of element.children) {
    if (typeof child === "string") continue;
    if (child.name === "unit") into.push(child);
    else if (child.name === "group") collectUnits(child, into);
  }
}

/** One unit's text: its segments' (and ignorables') sources and targets joined, in order. */
function readUnit(unit: XmlElement): ImportUnit {
  const id = unit.attributes.id ?? "";
  let source = "";
  let target = "";
  let problem: string | undefined;
  for (const part of unit.children) {
    if (typeof part === "string" || (part.name !== "segment" && part.name !== "ignorable")) continue;
    for (const [name, append] of [
      ["source", (text: string) => (source += text)],
      ["target", (text: string) => (target += text)],
    ] as const)
      for (const element of childrenNamed(part, name)) {
        const text = textOf(element);
        if (text === null) problem = "markup inside the text";
        else append(text);
      }
  }
  return { id, source, target, problem };
}

export function readXliff(text: string): ReadResult {
  const xml = readXml(text);
  if (!xml.ok) return xml;
  const { root } = xml;
  if (root.name !== "xliff" || !(root.attributes.version ?? "").startsWith("2."))
    return { ok: false, message: 'This is not an XLIFF 2.0 file (its root is not <xliff version="2.0">).' };
  const lang = root.attributes.trgLang;
  if (!lang) return { ok: false, message: "The file does not say its target language (trgLang)." };
  const units: XmlElement[] = [];
  for (const file of childrenNamed(root, "file")) collectUnits(file, units);
  if (units.length > MAX_TRANSLATION_UNITS)
    return { ok: false, message: `The file has more than ${MAX_TRANSLATION_UNITS} units.` };
  return { ok: true, lang: primaryLanguage(lang), units: units.map(readUnit) };
}

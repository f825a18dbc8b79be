/**
 * A strict reader for the small XML subset translation files use (ADR 0030): elements, attributes, text, the five
 * predefined entities, character references, CDATA and comments. A document type declaration is refused outright,
 * so no entity can be declared (no "billion laughs", no external entity reaching the file system or the network),
 * and depth and element counts are bounded, so a hostile file costs at most one linear pass over its bytes.
 */

export interface XmlElement {
  /** The local name (a prefix such as `xlf:` is dropped). */
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

export type XmlResult = { ok: true; root: XmlElement } | { ok: false; message: string };

export const MAX_XML_DEPTH = 32;
export const MAX_XML_ELEMENTS = 200_000;

const NAME = /[A-Za-z_][\w.\-:]*/y;
const ATTRIBUTE = /\s+([A-Za-z_][\w.\-:]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

class XmlError extends Error {}

// What XML 1.0 forbids in a document: control characters but tab and line ends, lone surrogates, U+FFFE and U+FFFF.
const FORBIDDEN_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** A character XML 1.0 allows in a document. */
function allowedCodePoint(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&([^;&\s]{0,10});?/g, (match, name: string) => {
    if (!match.endsWith(";")) throw new XmlError("An ampersand (&) is not followed by a known entity.");
    if (name in PREDEFINED) return PREDEFINED[name];
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(name);
    if (!numeric) throw new XmlError(`The entity &${name}; is not one XML predefines.`);
    const code = numeric[1] ? parseInt(numeric[1], 16) : parseInt(numeric[2], 10);
    if (!allowedCodePoint(code)) throw new XmlError(`The character reference &${name}; is not allowed in XML.`);
    return String.fromCodePoint(code);
  });
}

const localName = (name: string) => name.slice(name.lastIndexOf(":") + 1);

export function readXml(input: string): XmlResult {
  try {
    return { ok: true, root: parse(input) };
  } catch (error) {
    if (error instanceof XmlError) return { ok: false, message: `The file is not well-formed XML: ${error.message}` };
    throw error;
  }
}

function parse(input: string): XmlElement {
  // XML's own end-of-line handling; a carriage return kept on purpose is written &#13;.
  const xml = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (FORBIDDEN_CHARACTER.test(xml)) throw new XmlError("it holds a character XML does not allow.");
  let at = 0;
  const declaration = /^<\?xml\s[^?]*\?>/.exec(xml);
  if (declaration) at = declaration[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let elements = 0;

  const appendText = (text: string) => {
    if (!text) return;
    const parent = stack.at(-1);
    if (!parent) {
      if (text.trim()) throw new XmlError("there is text outside the root element.");
      return;
    }
    const last = parent.children.at(-1);
    if (typeof last === "string") parent.children[parent.children.length - 1] = last + text;
    else parent.children.push(text);
  };

  while (at < xml.length) {
    const lt = xml.indexOf("<", at);
    if (lt === -1) {
      appendText(decodeEntities(xml.slice(at)));
      break;
    }
    if (lt > at) appendText(decodeEntities(xml.slice(at, lt)));
    if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt + 4);
      if (end === -1) throw new XmlError("a comment is not closed.");
      at = end + 3;
    } else if (xml.startsWith("<![CDATA[", lt)) {
      if (!stack.length) throw new XmlError("there is text outside the root element.");
      const end = xml.indexOf("]]>", lt + 9);
      if (end === -1) throw new XmlError("a CDATA section is not closed.");
      appendText(xml.slice(lt + 9, end));
      at = end + 3;
    } else if (xml.startsWith("<!", lt)) {
      // <!DOCTYPE and <!ENTITY: what entity expansion and external entities need.
      throw new XmlError("document type declarations and entity declarations are not accepted.");
    } else if (xml.startsWith("<?", lt)) {
      throw new XmlError("processing instructions are not accepted.");
    } else if (xml.startsWith("</", lt)) {
      NAME.lastIndex = lt + 2;
      const name = NAME.exec(xml)?.[0];
      const open = stack.pop();
      if (!name || !open || localName(name) !== open.name)
        throw new XmlError(`a closing tag </${name ?? ""}> does not match the element it closes.`);
      const close = /\s*>/y;
      close.lastIndex = lt + 2 + name.length;
      if (!close.exec(xml)) throw new XmlError(`the closing tag </${name}> is not closed.`);
      at = close.lastIndex;
    } else {
      NAME.lastIndex = lt + 1;
      const name = NAME.exec(xml)?.[0];
      if (!name) throw new XmlError("a tag has no valid name.");
      if (root && !stack.length) throw new XmlError("there is more than one root element.");
      if (++elements > MAX_XML_ELEMENTS) throw new XmlError(`it has more than ${MAX_XML_ELEMENTS} elements.`);
      if (stack.length >= MAX_XML_DEPTH) throw new XmlError(`elements are nested more than ${MAX_XML_DEPTH} deep.`);
      const element: XmlElement = { name: localName(name), attributes: {}, children: [] };
      let position = lt + 1 + name.length;
      for (;;) {
        ATTRIBUTE.lastIndex = position;
        const attribute = ATTRIBUTE.exec(xml);
        if (!attribute) break;
        const key = attribute[1];
        if (Object.hasOwn(element.attributes, key)) throw new XmlError(`the attribute ${key} is given twice.`);
        element.attributes[key] = decodeEntities(attribute[2] ?? attribute[3]);
        position = ATTRIBUTE.lastIndex;
      }
      const end = /\s*(\/?)>/y;
      end.lastIndex = position;
      const closing = end.exec(xml);
      if (!closing) throw new XmlError(`the tag <${name}> is not closed properly.`);
      at = end.lastIndex;
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else root = element;
      if (!closing[1]) stack.push(element);
    }
  }
  if (stack.length) throw new XmlError(`the element <${stack.at(-1)!.name}> is not closed.`);
  if (!root) throw new XmlError("it has no root element.");
  return root;
}

/** The element's child elements of a name. */
export const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((child): child is XmlElement => typeof child !== "string" && child.name === name);

/** The element's text, or null when it holds an element (inline markup this reader does not translate). */
export function textOf(element: XmlElement): string | null {
  let text = "";
  for (const child of element.children) {
    if (typeof child !== "string") return null;
    text += child;
  }
  return text;
}

import { describe, expect, it } from "vitest";
import { readTranslationCsv, writeTranslationCsv } from "./csv";
import { readXliff, writeXliff } from "./xliff";
import { MAX_XML_DEPTH, readXml } from "./xml-reader";

const UNITS = [
  {
    id: "product/p1/name",
    title: "Red Onion",
    status: "missing",
    source: 'Red "Nashik" onion <40 mm> & more',
    target: "",
  },
  {
    id: "page_content/home/hero_title/content",
    title: "Home: hero_title",
    status: "outdated",
    source: "Line one\r\nLine two",
    target: "بصل أحمر\nسطر",
  },
  { id: "product/p1/spec:Size / Grade:value", title: "Red Onion", status: "missing", source: "=1+1", target: "" },
];

describe("XLIFF 2.0 export and the strict reader", () => {
  it("reads back exactly what it wrote: ids, sources and targets with markup characters, scripts and line ends", () => {
    const read = readXliff(writeXliff("ar", UNITS));
    expect(read).toEqual({
      ok: true,
      lang: "ar",
      units: UNITS.map(({ id, source, target }) => ({ id, source, target, problem: undefined })),
    });
  });

  it("reads units inside groups, CDATA, comments, prefixed names and a regional target language", () => {
    const read = readXliff(`<?xml version="1.0"?>
<!-- from a CAT tool -->
<x:xliff xmlns:x="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en" trgLang="ar-AE">
  <x:file id="f"><x:group id="g"><x:unit id="category/c1/name"><x:segment>
    <x:source>Onions</x:source><x:target><![CDATA[بصل & <ok>]]></x:target>
  </x:segment></x:unit></x:group></x:file>
</x:xliff>`);
    expect(read).toEqual({
      ok: true,
      lang: "ar",
      units: [{ id: "category/c1/name", source: "Onions", target: "بصل & <ok>", problem: undefined }],
    });
  });

  it("marks a unit whose text holds inline markup instead of dropping the markup silently", () => {
    const read = readXliff(
      `<xliff version="2.0" trgLang="bn"><file id="f"><unit id="a"><segment><source>x</source><target>a<ph id="1"/>b</target></segment></unit></file></xliff>`,
    );
    expect(read.ok && read.units[0].problem).toBe("markup inside the text");
  });

  it("refuses entity declarations (billion laughs, external entities) before expanding anything", () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<xliff version="2.0" trgLang="ar"><file id="f"><unit id="a"><segment><source>&lol2;</source></segment></unit></file></xliff>`;
    expect(readXliff(laughs)).toEqual({ ok: false, message: expect.stringContaining("not accepted") });
    const external = `<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><xliff version="2.0" trgLang="ar">&xxe;</xliff>`;
    expect(readXliff(external).ok).toBe(false);
    // An undeclared entity is not looked up anywhere either.
    expect(readXml("<a>&nbsp;</a>")).toEqual({ ok: false, message: expect.stringContaining("&nbsp;") });
  });

  it("refuses malformed and hostile input with a message, never a crash", () => {
    for (const bad of [
      "",
      "plain text",
      "<a>",
      "<a></b>",
      "<a><b></a></b>",
      "<a x='1' x='2'/>",
      "<a>&#0;</a>",
      "<a>&#x110000;</a>",
      "<a>& b</a>",
      "<a/><b/>",
      "<a><?php evil() ?></a>",
      "<a>\u0001</a>",
      `<a b="<"/>`,
      "<a><!-- open",
      "<a><![CDATA[ open</a>",
      "<".repeat(1000),
    ])
      expect(readXml(bad).ok, JSON.stringify(bad.slice(0, 40))).toBe(false);
  });

  it("bounds nesting depth, so a deep file costs no recursion", () => {
    const deep = "<a>".repeat(MAX_XML_DEPTH + 1) + "</a>".repeat(MAX_XML_DEPTH + 1);
    expect(readXml(deep)).toEqual({ ok: false, message: expect.stringContaining("nested") });
    const deeper = "<a>".repeat(100_000);
    expect(readXml(deeper).ok).toBe(false);
  });

  it("bounds the number of units a file may hold", () => {
    const units = Array.from({ length: 20_000 }, (_, i) => ({
      id: `product/p${i}/name`,
      title: "x",
      status: "missing",
      source: "Onion",
      target: "",
    }));
    const read = readXliff(writeXliff("ar", units));
    expect(read.ok && read.units.length).toBe(20_000);
    const tooMany = writeXliff("ar", [...units, { ...units[0], id: "extra" }]);
    expect(readXliff(tooMany)).toEqual({ ok: false, message: "The file has more than 20000 units." });
  });

  it("refuses a file that is not XLIFF 2.0 or names no target language", () => {
    expect(readXliff(`<xliff version="1.2"><file/></xliff>`).ok).toBe(false);
    expect(readXliff(`<xliff version="2.0"><file id="f"/></xliff>`)).toEqual({
      ok: false,
      message: "The file does not say its target language (trgLang).",
    });
  });
});

describe("CSV export and reader", () => {
  it("reads back what it wrote, formula-like cells included, and keeps the language", () => {
    const read = readTranslationCsv(writeTranslationCsv("bn", UNITS));
    expect(read).toEqual({
      ok: true,
      lang: "bn",
      units: UNITS.map(({ id, source, target }) => ({ id, source, target, problem: undefined })),
    });
  });

  it("marks rows of another language and refuses a file without the needed columns", () => {
    const read = readTranslationCsv("id,language,translation\na,ar,x\nb,bn,y\n");
    expect(read.ok && read.units.map((unit) => unit.problem)).toEqual([
      undefined,
      "another language than the file's first row",
    ]);
    expect(readTranslationCsv("id,translation\na,x\n").ok).toBe(false);
  });
});

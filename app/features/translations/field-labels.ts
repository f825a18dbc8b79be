/** How the back office names a translated field (`spec:Size:name` is 'Specification "Size": name'). */
const NAMES: Record<string, string> = {
  name: "Name",
  slug: "Web address",
  description: "Description",
  export_info: "Export information",
  authority: "Issuing authority",
  title: "Title",
  excerpt: "Excerpt",
  content: "Text",
  tags: "Tags (separated by commas)",
  value: "Text",
  alt_text: "Alt Text",
  "trade:grades": "Trade terms: grades (separated by ;)",
  "trade:packaging": "Trade terms: packaging (separated by ;)",
  "trade:payment_terms": "Trade terms: payment terms (separated by ;)",
  "trade:shelf_life": "Trade terms: shelf life",
  "trade:origin": "Trade terms: origin",
};

export function fieldLabel(field: string): string {
  const spec = /^spec:(.*):(name|value)$/s.exec(field);
  if (spec) return `Specification "${spec[1]}": ${spec[2]}`;
  return NAMES[field] ?? field;
}

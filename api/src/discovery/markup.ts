/**
 * Escaping for the text this server writes by hand (the page's head, the feeds, the sitemap):
 * every value is a job's or the operator's text, so every value goes through one of these.
 */

/** Text or an attribute value (double- or single-quoted) in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Characters XML 1.0 cannot hold at all, not even escaped (C0 controls other than tab, line feed
 * and carriage return, lone surrogates, U+FFFE/U+FFFF): dropped, or the whole feed would not parse.
 */
const NOT_XML =
  // Control characters are what this pattern is for.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text or an attribute value in XML (RSS, the sitemap). */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** A description cut to about `max` characters at a word, for a meta tag or a feed summary. */
export function summary(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length > max / 2 ? atWord : cut).replace(/[\s,.;:]+$/, '')}…`;
}

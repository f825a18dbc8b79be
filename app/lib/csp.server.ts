import { createHash } from "node:crypto";

// Frames the site embeds: the office map (contact page) and hero videos.
const FRAME_SOURCES =
  "https://www.google.com https://maps.google.com https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com";

/**
 * The Content-Security-Policy of every response. Inline scripts run only when their SHA-256 is listed: a page is
 * rendered once and may be served from the page cache to many visitors, so a per-response nonce cannot be used
 * (ADR 0018).
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${FRAME_SOURCES}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

// React escapes "</script" inside what it writes, so the first "</script>" after an opening tag ends that script.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const EXECUTABLE_TYPE = /^(?:|module|text\/javascript|application\/javascript)$/i;

/** The base64 SHA-256 of each inline script the browser would run (not `src=` scripts, not JSON-LD data blocks). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = attributes.match(/\stype\s*=\s*["']?([^"'\s>]*)/i)?.[1] ?? "";
    if (!EXECUTABLE_TYPE.test(type)) continue;
    hashes.add(createHash("sha256").update(body, "utf8").digest("base64"));
  }
  return [...hashes];
}

import fs from "node:fs";
import path from "node:path";

/** Where vite.island.config.ts writes the name of the public pages' script. */
const MANIFEST = "build/island-manifest.json";
const ENTRY = "app/island/site.ts";

let built: string | undefined;

/**
 * The address of the public pages' one script (ADR 0058): Vite serves its source in development; the build names
 * it by its content's hash, read once from the island build's manifest.
 */
export function islandScriptUrl(): string {
  if (import.meta.env.DEV) return `/${ENTRY}`;
  built ??= `/${readManifest()[ENTRY].file.replace(/^client\//, "")}`;
  return built;
}

function readManifest(): Record<string, { file: string }> {
  return JSON.parse(fs.readFileSync(path.resolve(MANIFEST), "utf8")) as Record<string, { file: string }>;
}

// `npm start`: build when the sources are newer than the build, then run the server (migrations, seed, serve).
import path from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";

const root = path.resolve(import.meta.dirname, "..");
buildIfStale();

process.chdir(root);
// Before any module loads: React picks its build (development or production) when first imported.
process.env.NODE_ENV ??= "production";
const { register } = await import("tsx/esm/api");
register();
await import("../server/main.ts");

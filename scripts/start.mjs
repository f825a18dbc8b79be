// `npm start`: build when the sources are newer than the build, then run the compiled server (migrations, seed,
// serve). `npm start` execs this file, so SIGTERM and SIGINT reach the server itself.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfStale } from "./build-if-stale.mjs";

const root = path.resolve(import.meta.dirname, "..");
buildIfStale();

process.chdir(root);
// Before any module loads: React picks its build (development or production) when first imported.
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(path.join(root, "build/server/main.js")).href);

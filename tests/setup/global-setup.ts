import { execSync } from "node:child_process";
import fs from "node:fs";

/** The HTTP-level integration tests run the production build in process; build it once when missing. */
export default function setup() {
  if (!fs.existsSync("build/server/index.js")) {
    execSync("npx react-router build", { stdio: "inherit" });
  }
}

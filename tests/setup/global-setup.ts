import { buildIfStale } from "../../scripts/build-if-stale.mjs";

/** The HTTP-level integration tests run the production build in process; build it when the sources changed. */
export default function setup() {
  buildIfStale();
}

import type en from "../en/chrome";
import type { Translated } from "../../catalogue-types";

export default {} satisfies Translated<typeof en>;

import type en from "../en/forms";
import type { Translated } from "../../catalogue-types";

export default {} satisfies Translated<typeof en>;

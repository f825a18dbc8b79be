import type en from "../en/email";
import type { Translated } from "../../catalogue-types";

export default {} satisfies Translated<typeof en>;

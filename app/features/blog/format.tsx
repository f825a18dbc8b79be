import { parseBody } from "./body";
import { BodyView } from "./body-view";

/**
 * A body parsed and drawn in one step: the editor's live preview, which thus shows what the public page will.
 * The public page parses on the server and sends the blocks, so readers' browsers never load the parser.
 */
export function FormattedText({ text, className }: { text: string; className?: string }) {
  return <BodyView blocks={parseBody(text)} className={className} />;
}

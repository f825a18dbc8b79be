/** Why a mail server refused a message, kept short: the code and the first line, any credentials in a URL masked. */
export function describeError(error: unknown): string {
  const e = error as { code?: string; message?: string };
  // A connection URL with a password could appear in a message; keep the code and the first line only.
  const text = `${e.code ? `${e.code}: ` : ""}${(e.message ?? String(error)).split("\n")[0]}`.replace(
    /\/\/[^@/\s]*@/g,
    "//***@",
  );
  return text.slice(0, 300);
}

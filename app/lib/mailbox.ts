/** Providers that deliver `j.doe@` and `jdoe@` to the same mailbox, by the one domain they share. */
const DOTLESS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The mailbox an address delivers to, for counting what is sent to it (issue 37: a limit per spelling is no limit):
 * case folded, a `+tag` dropped, and for Gmail the dots of the local part dropped. Only a key: the address is kept
 * and used as typed.
 */
export function mailboxKey(email: string): string {
  const folded = email.trim().toLowerCase();
  const at = folded.lastIndexOf("@");
  if (at <= 0) return folded;
  let local = folded.slice(0, at);
  let domain = folded.slice(at + 1);
  const tag = local.indexOf("+");
  if (tag > 0) local = local.slice(0, tag);
  if (domain in DOTLESS) {
    local = local.replaceAll(".", "") || local;
    domain = DOTLESS[domain];
  }
  return `${local}@${domain}`;
}

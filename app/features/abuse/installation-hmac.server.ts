import { createHmac } from "node:crypto";
import { installationSecret } from "~/db/app-secrets.server";
import type { Db } from "~/db/database.server";

// The secret's name predates its other uses (it first salted the senders' addresses); renaming it would change
// every stored hash and sign every open summary cookie anew.
const SECRET_NAME = "ip_hash_salt";
const secrets = new WeakMap<Db, Promise<string>>();

/** The installation's HMAC key: made once, on first use, and kept in the database so every process shares it. */
function hmacKey(db: Db): Promise<string> {
  let key = secrets.get(db);
  if (!key) {
    key = installationSecret(db, SECRET_NAME);
    key.catch(() => secrets.delete(db));
    secrets.set(db, key);
  }
  return key;
}

/**
 * HMAC-SHA-256 of `text` with the installation's key, as hex. Keeps a sender's address as a hash (the same sender
 * gives the same hash, and the address cannot be read back), keys a receipt's recipient count, and signs the quote
 * summary cookie: each use puts its own prefix in `text`, so two uses never give the same hash.
 */
export async function installationHmac(db: Db, text: string): Promise<string> {
  return createHmac("sha256", await hmacKey(db))
    .update(text)
    .digest("hex");
}

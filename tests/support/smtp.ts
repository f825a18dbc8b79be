import net, { type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  user: unknown;
  raw: string;
}

/**
 * A real SMTP server on loopback with a random port (no mock transport): it asks for a user name and password
 * and records every message. `beforeAccept` runs while the message is being delivered, before the server
 * answers 250, so a test can look at the world at that moment or hold the delivery up.
 */
export async function startSmtpServer(
  options: { beforeAccept?: (raw: string) => Promise<void> | void; port?: number } = {},
) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "s3cret") callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        try {
          await options.beforeAccept?.(raw);
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user,
            raw,
          });
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  // A given port: the mail server comes back where the site was told it is (tests of retries).
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://mailer:s3cret@127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it (an SMTP server that is down). */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Waits until `check` returns a truthy value (the notification is sent after the buyer's answer). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The MIME parts of a captured message: each part's headers (lowercased names) and its decoded body. */
function mimeParts(raw: string): Array<{ headers: string; body: Buffer }> {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1]);
  const parts: Array<{ headers: string; body: Buffer }> = [];
  for (const boundary of boundaries) {
    for (const chunk of raw.split(`--${boundary}`).slice(1)) {
      const split = chunk.indexOf("\r\n\r\n");
      if (split === -1) continue;
      const headers = chunk.slice(0, split).toLowerCase();
      const text = chunk.slice(split + 4).replace(/\r\n$/, "");
      if (/content-type:\s*multipart\//.test(headers)) continue;
      const body = /content-transfer-encoding:\s*base64/.test(headers)
        ? Buffer.from(text.replace(/\s+/g, ""), "base64")
        : /content-transfer-encoding:\s*quoted-printable/.test(headers)
          ? Buffer.from(
              text
                .replace(/=\r?\n/g, "")
                .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
              "latin1",
            )
          : Buffer.from(text, "utf8");
      parts.push({ headers, body });
    }
  }
  return parts;
}

/** The decoded body of the message's first part of `contentType` ("text/plain", "application/pdf"…), or undefined. */
export function mimePart(raw: string, contentType: string): Buffer | undefined {
  return mimeParts(raw).find((part) => part.headers.includes(`content-type: ${contentType}`))?.body;
}

/** A message's plain text, whether it is one part (base64 or quoted-printable) or has a text/plain part. */
export function mailText(raw: string): string {
  const part = mimePart(raw, "text/plain");
  if (part) return part.toString("utf8");
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).toLowerCase();
  const body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*base64/.test(head))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (!/content-transfer-encoding:\s*quoted-printable/.test(head)) return body;
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

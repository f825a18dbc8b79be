import type { createTestApp } from "./test-app";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A contact message that passes every rule of the form. */
export const VALID_CONTACT = {
  full_name: "Ahmed Al Mansouri",
  email: "ahmed@example.ae",
  phone: "+971 50 123 4567",
  subject: "Red onions 55mm+",
  message: "Please quote 2 containers CIF Jebel Ali.\nPacking: 25 kg mesh bags.",
};

/**
 * Sends the contact form as a buyer would (honeypot empty), each time from a sender address of its own unless one is
 * given, so the per-address rate limit bites only where a test sets out to reach it. `app` is read at each call:
 * test files create theirs in `beforeAll`.
 */
export function contactFormSender(app: () => TestApp) {
  let nextIp = 1;
  const freshIp = () => `203.0.113.${nextIp++}`;
  const send = (form: Record<string, string>, init: { ip?: string; path?: string; via?: TestApp } = {}) =>
    (init.via ?? app()).request(init.path ?? "/contact-us", {
      form: { website: "", ...form },
      ip: init.ip ?? freshIp(),
    });
  return { freshIp, send };
}

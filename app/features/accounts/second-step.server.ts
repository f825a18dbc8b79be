import { parse, serialize } from "cookie";
import type { Db } from "~/db/database.server";
import { signIn } from "~/features/auth/login.server";
import { countWrongCode, MAX_FAILURES, secondStepKey } from "~/features/auth/throttle.server";
import { recordActivity } from "~/features/history/record.server";
import { servedOverHttps } from "~/lib/https.server";
import type { AccountMailConfig } from "./account-mail.server";
import { checkOwnCode } from "./code-checks.server";
import { consumeToken, hashToken, peekToken, TOKEN_TTL_MS } from "./tokens.server";

/** The cookie that carries a sign-in from its password step to its two-factor step (5 minutes). */
const COOKIE = "signin_2fa";

export function readSecondStepToken(request: Request): string | null {
  const header = request.headers.get("Cookie");
  return header ? (parse(header)[COOKIE] ?? null) : null;
}

export function secondStepCookie(request: Request, publicUrl: string | undefined, token: string): string {
  return serialize(COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(request, publicUrl),
    path: "/admin",
    maxAge: TOKEN_TTL_MS["two-factor"] / 1000,
  });
}

export function clearSecondStepCookie(request: Request, publicUrl: string | undefined): string {
  return serialize(COOKIE, "", {
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(request, publicUrl),
    path: "/admin",
    maxAge: 0,
  });
}

export type SecondStepResult =
  | { kind: "signed-in"; session: string }
  | { kind: "expired" }
  | { kind: "wrong"; cookieSpent: boolean }
  | { kind: "refused"; retryAfterSeconds: number; message: string };

/**
 * The second step of a sign-in: the cookie's account, its code counted and checked (`checkOwnCode`), the cookie
 * used up by the sign-in. A cookie is spent after MAX_FAILURES wrong codes of either kind (issue 37: one cookie
 * took 25), so each new try needs the password again.
 */
export async function completeSecondStep(
  db: Db,
  config: AccountMailConfig,
  input: { token: string | null; code: string; ip: string },
  now: number,
): Promise<SecondStepResult> {
  const { token, ip } = input;
  const account = await peekToken(db, token, "two-factor", now);
  if (!account || !token) return { kind: "expired" };
  const actor = { id: account.userId, email: account.email, fullName: account.fullName, ip };
  const checked = await checkOwnCode(db, config, actor, { code: input.code, ip }, now);
  if (checked.kind === "refused") return checked;
  if (checked.kind === "ok") {
    if (!(await consumeToken(db, token, "two-factor", now))) return { kind: "expired" };
    const session = await signIn(db, actor, now, checked.how === "code" ? "two-factor" : "recovery code");
    return { kind: "signed-in", session };
  }
  await recordActivity(db, actor, {
    action: "sign-in-refused",
    entity: "user",
    entityId: account.userId,
    label: account.fullName || account.email,
    summary: "Sign-in refused: wrong two-factor code",
    details: { reason: "wrong two-factor code" },
    at: new Date(now).toISOString(),
  });
  const cookieSpent = (await countWrongCode(db, secondStepKey(hashToken(token)), now)) >= MAX_FAILURES;
  if (cookieSpent) await consumeToken(db, token, "two-factor", now);
  return { kind: "wrong", cookieSpent };
}

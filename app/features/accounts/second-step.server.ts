import { parse, serialize } from "cookie";
import { servedOverHttps } from "~/lib/https.server";
import { TOKEN_TTL_MS } from "./tokens.server";

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

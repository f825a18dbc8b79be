import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 12;

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  password: z.string().min(1).max(1024),
});

export const setupSchema = z.object({
  name: z.string().trim().min(1, "Full name is required.").max(120),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email("Please enter a valid email address.")),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(1024, "Password is too long."),
});

/** Only same-site admin paths may be a post-login destination (no open redirect). */
export function safeAdminRedirect(target: string | null | undefined): string {
  if (target && /^\/admin(\/|$|\?)/.test(target) && !target.startsWith("//") && !target.includes("\\")) {
    if (!/^\/admin\/(login|setup|logout)\b/.test(target)) return target;
  }
  return "/admin/dashboard";
}

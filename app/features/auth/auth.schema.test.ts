import { describe, expect, it } from "vitest";
import { newPasswordForm } from "~/features/accounts/accounts.schema";
import { parseSubmission } from "~/lib/forms/submission";
import { setupForm } from "./auth.schema";

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
};

describe("a new password typed twice", () => {
  it("says a short password is short under the first field only", () => {
    // Seen (issue 41): setup showed "Password must be at least 12 characters." under both fields.
    const setup = parseSubmission(
      formOf({ name: "Ravi", email: "ravi@example.com", password: "short", confirmPassword: "short" }),
      setupForm.schema,
    );
    const invite = parseSubmission(formOf({ password: "short", confirmPassword: "short" }), newPasswordForm.schema);
    for (const submission of [setup, invite]) {
      expect(submission.ok).toBe(false);
      if (submission.ok) continue;
      expect(submission.errors.password).toEqual(["Password must be at least 12 characters."]);
      expect(submission.errors.confirmPassword).toBeUndefined();
    }
  });

  it("still asks for the repetition, and for it to match", () => {
    const missing = parseSubmission(
      formOf({ password: "a-long-enough-password", confirmPassword: "" }),
      newPasswordForm.schema,
    );
    expect(!missing.ok && missing.errors.confirmPassword).toEqual(["Confirm Password is required."]);
    const different = parseSubmission(
      formOf({ password: "a-long-enough-password", confirmPassword: "another-long-password" }),
      newPasswordForm.schema,
    );
    expect(!different.ok && different.errors.confirmPassword).toEqual(["The two passwords do not match."]);
  });
});

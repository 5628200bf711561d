import { changeEmailSchema } from "@kindred/shared/mail";
import { describe, expect, it } from "vitest";
import { changePasswordFormSchema, PASSWORDS_DIFFER } from "./change-password-schema";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("Settings → Account forms", () => {
  it("'Change password' needs the current password, a new one by the registration's rules, typed twice", () => {
    const ok = { currentPassword: "old-secret", newPassword: "new-secret-1", confirm: "new-secret-1" };
    expect(changePasswordFormSchema.safeParse(ok).success).toBe(true);
    expect(issues(changePasswordFormSchema.safeParse({ ...ok, currentPassword: "" }))).toEqual({
      currentPassword: "Enter your current password",
    });
    expect(issues(changePasswordFormSchema.safeParse({ ...ok, newPassword: "abc", confirm: "abc" }))).toEqual(
      {
        newPassword: "Password must be at least 6 characters",
      },
    );
    expect(issues(changePasswordFormSchema.safeParse({ ...ok, confirm: "new-secret-2" }))).toEqual({
      confirm: PASSWORDS_DIFFER,
    });
  });

  it("'Change email' needs an address and the current password", () => {
    expect(issues(changeEmailSchema.safeParse({ email: "nope", currentPassword: "" }))).toEqual({
      email: "Invalid email format",
      currentPassword: "Enter your current password",
    });
    expect(changeEmailSchema.parse({ email: " New@Example.test", currentPassword: "x" })).toEqual({
      email: "new@example.test",
      currentPassword: "x",
    });
  });
});

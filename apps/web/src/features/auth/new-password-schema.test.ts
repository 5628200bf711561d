import { zodResolver } from "@hookform/resolvers/zod";
import { passwordResetRequestSchema } from "@kindred/shared/mail";
import { describe, expect, it } from "vitest";
import { newPasswordFormSchema, PASSWORDS_DIFFER } from "./new-password-schema";

// What the forms show: each schema through the resolver react-hook-form runs on submit.
const options = { fields: {}, shouldUseNativeValidation: false } as const;
async function messages(schema: Parameters<typeof zodResolver>[0], values: Record<string, string>) {
  // biome-ignore lint/suspicious/noExplicitAny: the resolver is generic over each form's values
  const { errors } = await zodResolver(schema as any)(values, undefined, options as any);
  return Object.fromEntries(
    Object.entries(errors).map(([field, e]) => [field, (e as { message?: string }).message]),
  );
}

describe("'Choose a new password'", () => {
  it("takes the registration's rules and the same password twice", async () => {
    expect(
      await messages(newPasswordFormSchema, { password: "correct-horse", confirm: "correct-horse" }),
    ).toEqual({});
    expect(await messages(newPasswordFormSchema, { password: "abc", confirm: "abc" })).toEqual({
      password: "Password must be at least 6 characters",
    });
    expect(
      await messages(newPasswordFormSchema, { password: "correct-horse", confirm: "correct-hose" }),
    ).toEqual({
      confirm: PASSWORDS_DIFFER,
    });
  });
});

describe("'Forgot password?'", () => {
  it("asks for an address, and trims and lower-cases it as the server will", async () => {
    expect(await messages(passwordResetRequestSchema, { email: "" })).toEqual({
      email: "Invalid email format",
    });
    expect(await messages(passwordResetRequestSchema, { email: "not-an-address" })).toEqual({
      email: "Invalid email format",
    });
    expect(passwordResetRequestSchema.parse({ email: "  Ana@Example.TEST " })).toEqual({
      email: "ana@example.test",
    });
  });
});

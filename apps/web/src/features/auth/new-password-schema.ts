import { password } from "@kindred/shared/auth";
import { z } from "zod";

export const PASSWORDS_DIFFER = "The two passwords are not the same. Please type the new one again.";

/** 'Choose a new password': the registration's rules, typed twice (a typo here locks the person out). */
export const newPasswordFormSchema = z
  .object({ password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: PASSWORDS_DIFFER });
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

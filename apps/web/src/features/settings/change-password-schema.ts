import { changePasswordSchema } from "@kindred/shared/mail";
import { z } from "zod";

export const PASSWORDS_DIFFER = "The two new passwords are not the same. Please type the new one again.";

/** The shared request's fields, and the new password typed twice (a typo here locks the person out). */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: PASSWORDS_DIFFER });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

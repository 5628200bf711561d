import { z } from "zod";
import { PASSWORD_MIN, USERNAME_MIN } from "./constants.ts";

/** Every username is made of these ASCII characters only (registration, onboarding and Google alike). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

const username = z
  .string({ error: "Username is required" })
  .trim()
  .min(USERNAME_MIN, "Username must be at least 3 characters")
  .max(30, "Username must be at most 30 characters")
  .regex(USERNAME_PATTERN, "Username may use letters, numbers, dots, dashes and underscores only");
export const password = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, "Password must be at least 6 characters")
  .max(200, "Password must be at most 200 characters");

export const loginSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(USERNAME_MIN, "Username must be at least 3 characters"),
  password: z
    .string({ error: "Password is required" })
    .min(PASSWORD_MIN, "Password must be at least 6 characters"),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const email = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .email("Invalid email format")
  .max(254);

export const registerSchema = z.object({
  username,
  password,
  email,
  name: z.string().trim().max(100, "Full name must be at most 100 characters").optional().default(""),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** GET /api/auth/providers: which third-party sign-ins this server offers ('Or continue with'). */
export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

import { hash, randomBytes } from "node:crypto";

export const SESSION_COOKIE = "kindred_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return hash("sha256", token);
}

import { hash, verify } from "@node-rs/argon2";

// OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this when the account does not exist keeps the timing the same either way,
// so response time does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  dummyHash ??= hashPassword("not-a-real-password");
  const target = storedHash ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return ok && Boolean(storedHash);
}

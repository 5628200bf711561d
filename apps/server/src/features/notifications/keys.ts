import webpush from "web-push";
import type { Db } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import { storedPushKeys } from "./data.ts";
import { offerPushKeys } from "./mutations.ts";

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

const FALLBACK_SUBJECT = "mailto:support@kindred.example";

/** Who push services may contact: VAPID_SUBJECT, else the public origin when it is https. */
export function vapidSubject(env: Pick<Env, "VAPID_SUBJECT" | "PUBLIC_ORIGIN">): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (env.PUBLIC_ORIGIN?.startsWith("https://")) return env.PUBLIC_ORIGIN;
  return FALLBACK_SUBJECT;
}

/**
 * The VAPID keys: from the environment, else the pair in the database. The first instance to need one
 * makes it; every instance offers its own and keeps the one that won (id 1), so N instances share a pair
 * and a subscription made through one is sendable by all.
 */
export function vapidKeys(env: Env, db: Db): () => Promise<VapidDetails> {
  const subject = vapidSubject(env);
  let loading: Promise<VapidDetails> | null = null;
  const load = async (): Promise<VapidDetails> => {
    if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
      return { subject, publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
    const stored = await storedPushKeys(db);
    if (stored) return { subject, ...stored };
    await offerPushKeys(db, webpush.generateVAPIDKeys());
    const won = await storedPushKeys(db);
    if (!won) throw new Error("push_keys holds no key pair after offering one");
    return { subject, ...won };
  };
  return () => {
    // A failure (the database down) is not kept: the next call tries again.
    loading ??= load().catch((error) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

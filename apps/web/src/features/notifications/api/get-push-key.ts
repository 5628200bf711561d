import { apiJson } from "@/lib/api";

/** GET /api/push/key: the VAPID public key (base64url) this server signs its pushes with. */
export async function getPushKey(): Promise<string> {
  const { publicKey } = await apiJson<{ publicKey: string }>("GET", "/api/push/key");
  return publicKey;
}

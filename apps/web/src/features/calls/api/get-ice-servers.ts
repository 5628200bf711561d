import type { IceConfig } from "@kindred/shared/calls";
import { apiJson } from "@/lib/api";

/** GET /api/calls/ice-servers: STUN/TURN for this call, and whether to relay only. */
export async function getIceConfig(): Promise<IceConfig> {
  // The schemas load beside the request, with a page's first call (api/parse-call.ts).
  const [body, { iceConfigSchema }] = await Promise.all([
    apiJson<unknown>("GET", "/api/calls/ice-servers"),
    import("@kindred/shared/calls"),
  ]);
  const parsed = iceConfigSchema.safeParse(body);
  // Without a usable answer, host candidates still connect two people on one network.
  return parsed.success ? parsed.data : { iceServers: [], iceTransportPolicy: "all" };
}

import { type IceConfig, iceConfigSchema } from "@kindred/shared/calls";
import { apiJson } from "@/lib/api";

/** GET /api/calls/ice-servers: STUN/TURN for this call, and whether to relay only. */
export async function getIceConfig(): Promise<IceConfig> {
  const body = await apiJson<unknown>("GET", "/api/calls/ice-servers");
  const parsed = iceConfigSchema.safeParse(body);
  // Without a usable answer, host candidates still connect two people on one network.
  return parsed.success ? parsed.data : { iceServers: [], iceTransportPolicy: "all" };
}

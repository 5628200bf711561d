import { describe, expect, it } from "vitest";
import type { Env } from "../../env.ts";
import { iceConfigFor } from "./ice.ts";

const env = (over: Partial<Env>) =>
  ({ STUN_URLS: [], TURN_URLS: [], TURN_SECRET: undefined, ICE_TRANSPORT_POLICY: undefined, ...over }) as Env;
const TURN = { TURN_URLS: ["turn:127.0.0.1:3478"], TURN_SECRET: "s3cret" };

describe("ICE transport policy (DECISIONS 'Call privacy')", () => {
  it("is relay-only whenever TURN is configured, unless the operator allows direct connections", () => {
    expect(iceConfigFor(env(TURN), 7).iceTransportPolicy).toBe("relay");
    expect(iceConfigFor(env({ ...TURN, ICE_TRANSPORT_POLICY: "all" }), 7).iceTransportPolicy).toBe("all");
  });

  it("is all without TURN (there is no relay to use), and relay when asked for", () => {
    expect(iceConfigFor(env({}), 7).iceTransportPolicy).toBe("all");
    expect(iceConfigFor(env({ TURN_URLS: ["turn:127.0.0.1:3478"] }), 7).iceTransportPolicy).toBe("all");
    expect(iceConfigFor(env({ ICE_TRANSPORT_POLICY: "relay" }), 7).iceTransportPolicy).toBe("relay");
  });
});

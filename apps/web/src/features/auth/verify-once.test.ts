import { describe, expect, it, vi } from "vitest";
import { oncePerToken } from "./verify-once";

const answer = { email: "a@example.test", emailVerified: true as const };

describe("oncePerToken (the /verify-email page's POST)", () => {
  it("posts a token once however often the page asks (StrictMode mounts twice), and shares the answer", async () => {
    const post = vi.fn(async () => answer);
    const verify = oncePerToken(post);
    const [first, second] = await Promise.all([verify("t1"), verify("t1")]);
    expect(await verify("t1")).toBe(answer);
    expect(first).toBe(answer);
    expect(second).toBe(answer);
    expect(post).toHaveBeenCalledTimes(1);
    await verify("t2");
    expect(post).toHaveBeenCalledTimes(2);
  });

  it("keeps the server's refusal (a used token stays used) without posting again", async () => {
    const post = vi.fn(async () => {
      throw Object.assign(new Error("400: expired"), { status: 400 });
    });
    const verify = oncePerToken(post);
    await expect(verify("t")).rejects.toMatchObject({ status: 400 });
    await expect(verify("t")).rejects.toMatchObject({ status: 400 });
    expect(post).toHaveBeenCalledTimes(1);
  });

  it("posts again after a failure the server did not answer (the network, a 503)", async () => {
    const post = vi
      .fn<(token: string) => Promise<typeof answer>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockRejectedValueOnce(Object.assign(new Error("503"), { status: 503 }))
      .mockResolvedValueOnce(answer);
    const verify = oncePerToken(post);
    await expect(verify("t")).rejects.toThrow("Failed to fetch");
    await expect(verify("t")).rejects.toThrow("503");
    await expect(verify("t")).resolves.toBe(answer);
    expect(post).toHaveBeenCalledTimes(3);
  });
});

import type { Message, SendMessageInput } from "@kindred/shared/chat";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { fakeTimersInEachTest } from "../../test/fake-clock";
import { Outbox, type OutboxDeps } from "./outbox";
import { SEND_TIMEOUT_MS } from "./retry-policy";

let seq = 0;
function stored(matchId: number, input: SendMessageInput): Message {
  seq += 1;
  return {
    id: seq,
    matchId,
    senderId: 1,
    content: input.content,
    sentAt: new Date().toISOString(),
    seq,
    clientId: input.clientId,
    isRead: false,
  };
}

/** A server that answers each send with what `script` says, in turn; afterwards it stores the message. */
function server(script: Array<"offline" | "fault" | "hang" | "slow" | ApiError> = []) {
  const calls: SendMessageInput[] = [];
  const byClientId = new Map<string, Message>();
  const send = vi.fn(async (matchId: number, input: SendMessageInput) => {
    calls.push(input);
    const step = script.shift();
    if (step === "offline") throw new TypeError("Failed to fetch");
    if (step === "fault") throw new ApiError(503, "Service unavailable", null);
    if (step === "hang") return new Promise<Message>(() => {});
    if (step instanceof ApiError) throw step;
    if (step === "slow") await new Promise((r) => setTimeout(r, SEND_TIMEOUT_MS + 500));
    const known = byClientId.get(input.clientId) ?? stored(matchId, input);
    byClientId.set(input.clientId, known);
    return known;
  });
  return { send, calls, byClientId };
}

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

let ids = 0;
function outbox(deps: Partial<OutboxDeps> & Pick<OutboxDeps, "send">) {
  const delivered: Message[] = [];
  const box = new Outbox({
    onDelivered: (m) => delivered.push(m),
    random: () => 0,
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`,
    ...deps,
  });
  return { box, delivered };
}

fakeTimersInEachTest();

describe("Outbox", () => {
  it("shows a message as sending at once and delivers it with its clientId", async () => {
    const api = server();
    const { box, delivered } = outbox({ send: api.send });
    const item = box.enqueue(7, "Hello");
    expect(box.forMatch(7)).toMatchObject([{ clientId: item.clientId, status: "sending", content: "Hello" }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toEqual([{ content: "Hello", clientId: item.clientId }]);
    expect(delivered.map((m) => m.clientId)).toEqual([item.clientId]);
    expect(box.forMatch(7)).toEqual([]);
  });

  it("retries with the same clientId after no answer and a server fault, with backoff, and stores once", async () => {
    const api = server(["offline", "fault"]);
    const { box, delivered } = outbox({ send: api.send });
    const item = box.enqueue(7, "Still there?");
    await vi.advanceTimersByTimeAsync(0);
    expect(box.forMatch(7)[0]).toMatchObject({ status: "waiting", retries: 1 });
    await vi.advanceTimersByTimeAsync(999);
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.calls.map((c) => c.clientId)).toEqual([item.clientId, item.clientId, item.clientId]);
    expect(delivered).toHaveLength(1);
    expect(api.byClientId.size).toBe(1);
  });

  it("gives up on an attempt that gets no answer and sends again", async () => {
    const api = server(["hang"]);
    const { box, delivered } = outbox({ send: api.send });
    box.enqueue(7, "Anyone?");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    expect(box.forMatch(7)[0]?.status).toBe("waiting");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.calls).toHaveLength(2);
    expect(delivered).toHaveLength(1);
  });

  it("still counts an answer that comes after its attempt was given up on", async () => {
    const api = server(["slow"]);
    const { box, delivered } = outbox({ send: api.send });
    box.enqueue(7, "Slow line");
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS + 600);
    expect(delivered.map((m) => m.content)).toEqual(["Slow line"]);
    expect(box.forMatch(7)).toEqual([]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.calls).toHaveLength(1);
  });

  it("stops at a refusal with the server's sentence; Retry resends the same clientId, Discard drops it", async () => {
    const sentence = "You are sending messages too quickly. Please wait a moment.";
    const api = server([new ApiError(429, sentence, { message: sentence })]);
    const { box, delivered } = outbox({ send: api.send });
    const item = box.enqueue(7, "One more");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls).toHaveLength(1);
    expect(box.forMatch(7)).toMatchObject([{ status: "refused", error: sentence }]);
    box.retry(item.clientId);
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls.map((c) => c.clientId)).toEqual([item.clientId, item.clientId]);
    expect(delivered).toHaveLength(1);

    const blocked = server([new ApiError(403, "Chat will unlock after your second audio call.", null)]);
    const second = outbox({ send: blocked.send });
    const gone = second.box.enqueue(7, "Hi");
    await vi.advanceTimersByTimeAsync(0);
    second.box.discard(gone.clientId);
    expect(second.box.forMatch(7)).toEqual([]);
  });

  it("sends one match's messages one at a time, in the order they were written", async () => {
    const api = server(["offline"]);
    const { box, delivered } = outbox({ send: api.send });
    box.enqueue(7, "first");
    box.enqueue(7, "second");
    box.enqueue(8, "elsewhere");
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls.map((c) => c.content)).toEqual(["first", "elsewhere"]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.calls.map((c) => c.content)).toEqual(["first", "elsewhere", "first", "second"]);
    expect(delivered.map((m) => m.content)).toEqual(["elsewhere", "first", "second"]);
  });

  it("wake sends a waiting message now instead of at its backoff", async () => {
    const api = server(["offline", "offline", "offline"]);
    const { box, delivered } = outbox({ send: api.send });
    box.enqueue(7, "Back online");
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 10);
    expect(box.forMatch(7)[0]?.retryAt).toBeGreaterThan(Date.now() + 3_000);
    box.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(delivered).toHaveLength(1);
  });

  it("survives a reload: unsent messages come back from storage and go with their clientId", async () => {
    const storage = memoryStorage();
    const offline = server(["offline"]);
    const first = outbox({ send: offline.send, storage, storageKey: "k" });
    const item = first.box.enqueue(7, "Before the reload");
    await vi.advanceTimersByTimeAsync(0);
    first.box.dispose();
    expect(storage.data.get("k")).toContain(item.clientId);

    const api = server();
    const second = outbox({ send: api.send, storage, storageKey: "k" });
    expect(second.box.forMatch(7)).toMatchObject([{ clientId: item.clientId, status: "sending" }]);
    second.box.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toEqual([{ content: "Before the reload", clientId: item.clientId }]);
    expect(storage.data.has("k")).toBe(false);
  });

  it("settle drops a queued message the server is known to hold", async () => {
    const api = server(["offline"]);
    const { box } = outbox({ send: api.send });
    const item = box.enqueue(7, "Got there");
    await vi.advanceTimersByTimeAsync(0);
    box.settle([stored(7, { content: "Got there", clientId: item.clientId })]);
    expect(box.forMatch(7)).toEqual([]);
  });

  it("keeps the same list object until something changes (for useSyncExternalStore)", () => {
    const { box } = outbox({ send: server().send });
    expect(box.forMatch(7)).toBe(box.forMatch(7));
    box.enqueue(7, "x");
    const list = box.forMatch(7);
    expect(box.forMatch(7)).toBe(list);
  });
});

import type { Message, SendMessageInput } from "@kindred/shared/chat";
import { loadOutgoing, type SmallStorage, saveOutgoing } from "./outbox-storage";
import type { OutgoingMessage } from "./outgoing-message";
import { classifySendFailure, retryDelayMs, SEND_TIMEOUT_MS } from "./retry-policy";

export interface OutboxDeps {
  send: (matchId: number, input: SendMessageInput) => Promise<Message>;
  onDelivered: (message: Message) => void;
  storage?: SmallStorage | null;
  storageKey?: string;
  random?: () => number;
  newId?: () => string;
}

const NONE: readonly OutgoingMessage[] = Object.freeze([]);

class SendTimeout extends Error {}

/**
 * Messages that must not be lost. Each gets its clientId once and keeps it through every retry, so the
 * server stores it once however often it is sent. Per match only the oldest unsent message is in flight,
 * so messages reach the server in the order they were written. The queue lives outside any screen (it
 * keeps trying while the person reads another page) and in session storage (it survives a reload).
 */
export class Outbox {
  private items: OutgoingMessage[] = [];
  private readonly inFlight = new Map<number, { clientId: string; attempt: number }>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();
  private readonly snapshots = new Map<number, readonly OutgoingMessage[]>();
  private attempts = 0;
  private disposed = false;

  constructor(private readonly deps: OutboxDeps) {
    this.items = loadOutgoing(deps.storage, deps.storageKey);
  }

  /** Starts sending whatever a previous page load left unsent. */
  resume(): void {
    for (const matchId of new Set(this.items.map((i) => i.matchId))) this.pump(matchId);
  }

  enqueue(matchId: number, content: string): OutgoingMessage {
    const item: OutgoingMessage = {
      clientId: this.deps.newId?.() ?? crypto.randomUUID(),
      matchId,
      content,
      createdAt: new Date().toISOString(),
      status: "sending",
      retries: 0,
      error: null,
      retryAt: null,
    };
    this.items = [...this.items, item];
    this.changed();
    this.pump(matchId);
    return item;
  }

  /** A refused message, sent again by hand (the same clientId). */
  retry(clientId: string): void {
    const item = this.find(clientId);
    if (item?.status !== "refused") return;
    this.update(clientId, { status: "sending", error: null, retries: 0, retryAt: null });
    this.pump(item.matchId);
  }

  discard(clientId: string): void {
    const item = this.find(clientId);
    if (!item) return;
    this.items = this.items.filter((i) => i.clientId !== clientId);
    this.changed();
    this.pump(item.matchId);
  }

  /** The network or the socket is back: every waiting message goes now instead of at its backoff. */
  wake(): void {
    if (this.items.some((i) => i.status === "waiting")) {
      const now = Date.now();
      this.items = this.items.map((i) => (i.status === "waiting" ? { ...i, retryAt: now } : i));
      this.changed();
    }
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.resume();
  }

  /** Messages the server is known to hold (fetched or pushed) leave the queue. */
  settle(messages: readonly Message[]): void {
    const held = new Set(messages.map((m) => m.clientId));
    if (!this.items.some((i) => held.has(i.clientId))) return;
    this.items = this.items.filter((i) => !held.has(i.clientId));
    this.changed();
  }

  forMatch(matchId: number): readonly OutgoingMessage[] {
    let list = this.snapshots.get(matchId);
    if (!list) {
      const mine = this.items.filter((i) => i.matchId === matchId);
      list = mine.length > 0 ? mine : NONE;
      this.snapshots.set(matchId, list);
    }
    return list;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.listeners.clear();
  }

  private pump(matchId: number): void {
    if (this.disposed || this.inFlight.has(matchId)) return;
    const head = this.items.find((i) => i.matchId === matchId && i.status !== "refused");
    if (!head) return;
    const wait = (head.retryAt ?? 0) - Date.now();
    if (head.status === "waiting" && wait > 0) {
      if (!this.timers.has(matchId)) {
        this.timers.set(
          matchId,
          setTimeout(() => {
            this.timers.delete(matchId);
            this.pump(matchId);
          }, wait),
        );
      }
      return;
    }
    const attempt = ++this.attempts;
    this.inFlight.set(matchId, { clientId: head.clientId, attempt });
    if (head.status !== "sending") this.update(head.clientId, { status: "sending" });
    void this.attempt(head, attempt);
  }

  private async attempt(item: OutgoingMessage, attempt: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SendTimeout("No answer")), SEND_TIMEOUT_MS);
    });
    // Through a promise, so that even a send that throws at once is handled as a failed attempt.
    const sending = Promise.resolve().then(() =>
      this.deps.send(item.matchId, { content: item.content, clientId: item.clientId }),
    );
    try {
      const message = await Promise.race([sending, timeout]);
      this.delivered(item, message, attempt);
    } catch (error) {
      // An attempt given up on may still succeed late: the server then holds it, so show it.
      if (error instanceof SendTimeout) sending.then((m) => this.delivered(item, m, -1)).catch(() => {});
      this.failed(item, error, attempt);
    } finally {
      clearTimeout(timer);
    }
  }

  private delivered(item: OutgoingMessage, message: Message, attempt: number): void {
    if (this.disposed) return;
    if (this.inFlight.get(item.matchId)?.attempt === attempt) this.inFlight.delete(item.matchId);
    if (this.find(item.clientId)) {
      this.items = this.items.filter((i) => i.clientId !== item.clientId);
      this.changed();
    }
    this.deps.onDelivered(message);
    this.pump(item.matchId);
  }

  private failed(item: OutgoingMessage, error: unknown, attempt: number): void {
    if (this.disposed || this.inFlight.get(item.matchId)?.attempt !== attempt) return;
    this.inFlight.delete(item.matchId);
    const current = this.find(item.clientId);
    if (current) {
      const failure = classifySendFailure(error);
      if (failure.kind === "refused") {
        this.update(item.clientId, { status: "refused", error: failure.reason, retryAt: null });
      } else {
        const retries = current.retries + 1;
        const retryAt = Date.now() + retryDelayMs(retries, this.deps.random);
        this.update(item.clientId, { status: "waiting", retries, retryAt });
      }
    }
    this.pump(item.matchId);
  }

  private find(clientId: string): OutgoingMessage | undefined {
    return this.items.find((i) => i.clientId === clientId);
  }

  private update(clientId: string, patch: Partial<OutgoingMessage>): void {
    this.items = this.items.map((i) => (i.clientId === clientId ? { ...i, ...patch } : i));
    this.changed();
  }

  private changed(): void {
    this.snapshots.clear();
    saveOutgoing(this.deps.storage, this.deps.storageKey, this.items);
    for (const listener of this.listeners) listener();
  }
}

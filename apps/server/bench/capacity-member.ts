// One simulated member of `npm run bench:capacity`, doing what the web app does for a person with it
// open (docs/capacity-model.md): the online-status socket and its heartbeat, a page about once a
// minute with that page's requests, and, by role, an open conversation or a call.
import { randomUUID } from "node:crypto";
import { callRoomId } from "@kindred/shared/calls";
import { TIMERS } from "@kindred/shared/constants";
import WebSocket from "ws";
import type { MemberSpec } from "./capacity-seed.ts";
import type { Tally } from "./capacity-tally.ts";
import { failureKind, request } from "./soak-chat-http.ts";

const PAGE_EVERY_MS = 60_000;
const MESSAGE_EVERY_MS = 30_000;
const TIMEOUT_MS = 10_000;

/** The requests each page makes as it opens (apps/web/src/app/preload.ts and the pages' queries). */
const EVERY_PAGE = ["/api/user", "/api/chats", "/api/calls/missed"];
const PAGES: ((m: MemberSpec) => string[])[] = [
  () => ["/api/matches", "/api/calls/allowance"], // /home
  () => ["/api/matches", "/api/calls/allowance"], // /matches
  () => [], // /chats
  () => ["/api/notifications/settings"], // /profile
];

/** Where a chat message was sent from, by its content, for the other member's socket to time. */
export const sentAt = new Map<string, number>();

const routeKey = (method: string, path: string) =>
  `${method} ${path.replace(/\?.*$/, "").replace(/\/\d+(?=\/|$)/g, "/:id")}`;

export class Member {
  private socket: WebSocket | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private lastSeq = 0;
  private callId: number | null = null;
  private readonly rooms: WebSocket[] = [];

  constructor(
    readonly spec: MemberSpec,
    private readonly origin: string,
    private readonly tally: Tally,
  ) {}

  /** An API request as the page sends it, timed by route; an unexpected answer counts as an error. */
  async api(method: string, path: string, body?: unknown): Promise<unknown> {
    const key = routeKey(method, path);
    const started = performance.now();
    try {
      const res = await request(`${this.origin}${path}`, {
        method,
        headers: {
          cookie: this.spec.cookie,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: TIMEOUT_MS,
      });
      this.tally.request(key, performance.now() - started);
      if (res.status >= 400) {
        this.tally.error(`${key} ${res.status}`);
        return null;
      }
      return res.text ? JSON.parse(res.text) : null;
    } catch (error) {
      if (!this.stopped) this.tally.error(`${key} ${failureKind(error)}`);
      return null;
    }
  }

  start(partner: Member | undefined): void {
    this.connect();
    this.every(TIMERS.heartbeatMs, () => this.send({ type: "heartbeat" }));
    this.every(PAGE_EVERY_MS, () => this.openPage());
    if (this.spec.role === "chatting") {
      this.every(TIMERS.pollMs, () => this.poll());
      this.every(MESSAGE_EVERY_MS, () => this.sendMessage());
    }
    if (this.spec.role === "calling" && this.spec.index % 2 === 0 && partner)
      this.timers.push(setTimeout(() => void this.call(partner), 2_000));
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.socket?.close(1000);
    for (const ws of this.rooms) ws.close(1000);
  }

  /** Runs `task` every `ms`, from a random point in the first period, as members arrive at random. */
  private every(ms: number, task: () => unknown) {
    const first = setTimeout(() => {
      if (this.stopped) return;
      void task();
      this.timers.push(setInterval(() => void task(), ms));
    }, Math.random() * ms);
    this.timers.push(first);
  }

  private connect() {
    const ws = new WebSocket(`${this.origin.replace(/^http/, "ws")}/ws`, {
      headers: { cookie: this.spec.cookie, origin: this.origin },
      perMessageDeflate: false,
    });
    this.socket = ws;
    ws.on("open", () => ws.send(JSON.stringify({ type: "register" })));
    ws.on("message", (raw) => this.onFrame(JSON.parse(raw.toString())));
    ws.on("error", (error) => this.tally.error(`/ws ${failureKind(error)}`));
    ws.on("close", () => {
      if (this.stopped) return;
      // The app reconnects after a drop; the drop itself is what the bench counts.
      this.tally.drop();
      this.timers.push(setTimeout(() => this.connect(), 1_000));
    });
  }

  private send(frame: object) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private onFrame(frame: { type?: string; message?: { content: string; seq: number; senderId: number } }) {
    if (frame.type === "error") this.tally.error(`/ws frame ${JSON.stringify(frame)}`.slice(0, 120));
    if (frame.type !== "chat:message" || !frame.message || frame.message.senderId === this.spec.id) return;
    const sent = sentAt.get(frame.message.content);
    if (sent !== undefined) {
      this.tally.push(performance.now() - sent);
      sentAt.delete(frame.message.content);
    }
    this.lastSeq = Math.max(this.lastSeq, frame.message.seq);
    // An open conversation marks what arrives as read.
    void this.api("POST", `/api/matches/${this.spec.pairMatchId}/read`, { upToSeq: frame.message.seq });
  }

  private openPage() {
    const page = this.spec.role === "chatting" ? conversationPage(this.spec) : pick(PAGES)(this.spec);
    return Promise.all([...EVERY_PAGE, ...page].map((path) => this.api("GET", path)));
  }

  private async poll() {
    const page = await this.api(
      "GET",
      `/api/matches/${this.spec.pairMatchId}/messages?after=${this.lastSeq}&limit=50`,
    );
    const messages = (Array.isArray(page) ? page : ((page as { messages?: unknown[] })?.messages ?? [])) as {
      seq: number;
    }[];
    for (const m of messages) this.lastSeq = Math.max(this.lastSeq, m.seq);
  }

  private async sendMessage() {
    const content = `cap ${this.spec.index} ${randomUUID()}`;
    sentAt.set(content, performance.now());
    await this.api("POST", `/api/matches/${this.spec.pairMatchId}/messages`, {
      content,
      clientId: randomUUID(),
    });
  }

  /** Rings the partner, who answers; both join the call's room, exchange SDP and candidates, then poll. */
  private async call(partner: Member) {
    const started = performance.now();
    const call = (await this.api("POST", "/api/calls", { matchId: this.spec.pairMatchId })) as {
      id: number;
    } | null;
    if (!call) return;
    this.callId = call.id;
    partner.callId = call.id;
    await partner.api("PATCH", `/api/calls/${call.id}`, { status: "active" });
    const [mine, theirs] = await Promise.all([this.joinRoom(call.id), partner.joinRoom(call.id)]);
    const roomId = callRoomId(call.id);
    const sdp = (type: string) => ({ sdp: { type, sdp: `v=0\r\no=- ${call.id} 2 IN IP4 127.0.0.1\r\n` } });
    const answered = new Promise<void>((resolve) =>
      mine.on("message", (raw) => {
        if (JSON.parse(raw.toString()).type === "answer") resolve();
      }),
    );
    theirs.on("message", (raw) => {
      if (JSON.parse(raw.toString()).type !== "offer") return;
      theirs.send(JSON.stringify({ type: "answer", roomId, data: sdp("answer") }));
      candidates(theirs, roomId);
    });
    mine.send(JSON.stringify({ type: "offer", roomId, data: sdp("offer") }));
    candidates(mine, roomId);
    await answered;
    this.tally.callSetup(performance.now() - started);
    for (const member of [this, partner]) member.every(TIMERS.pollMs, () => member.pollCall());
  }

  /** The call page's re-fetch: the call, and the match it belongs to. */
  private pollCall() {
    if (this.callId === null) return;
    return Promise.all([
      this.api("GET", `/api/calls/${this.callId}`),
      this.api("GET", `/api/matches/${this.spec.pairMatchId}`),
    ]);
  }

  /** A signalling socket in the call's room, as the call page opens one. */
  private joinRoom(callId: number): Promise<WebSocket> {
    const ws = new WebSocket(`${this.origin.replace(/^http/, "ws")}/rtc`, {
      headers: { cookie: this.spec.cookie, origin: this.origin },
      perMessageDeflate: false,
    });
    ws.on("error", (error) => this.tally.error(`/rtc ${failureKind(error)}`));
    ws.on("close", () => {
      if (!this.stopped) this.tally.drop();
    });
    this.rooms.push(ws);
    return new Promise((resolve) => {
      ws.on("open", () => {
        ws.send(JSON.stringify({ type: "register" }));
        ws.send(JSON.stringify({ type: "join_room", roomId: callRoomId(callId), data: { callId } }));
      });
      ws.on("message", (raw) => {
        const frame = JSON.parse(raw.toString()) as { type?: string };
        if (frame.type === "room_joined") resolve(ws);
        if (frame.type === "error") this.tally.error(`/rtc frame ${JSON.stringify(frame)}`.slice(0, 120));
      });
    });
  }
}

function conversationPage(spec: MemberSpec): string[] {
  return [`/api/matches/${spec.pairMatchId}`, `/api/matches/${spec.pairMatchId}/messages?after=0&limit=50`];
}

function candidates(ws: WebSocket, roomId: string) {
  for (let n = 0; n < 4; n += 1) {
    const candidate = `candidate:${n} 1 udp 2122260223 192.168.1.${n + 2} ${40_000 + n} typ host generation 0`;
    ws.send(
      JSON.stringify({
        type: "ice_candidate",
        roomId,
        data: { candidate: { candidate, sdpMid: "0", sdpMLineIndex: 0 } },
      }),
    );
  }
  ws.send(JSON.stringify({ type: "ice_complete", roomId }));
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

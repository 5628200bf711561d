/** A stand-in for the browser's WebSocket that a test opens, feeds and closes by hand. */
export class FakeSocket {
  /** Every socket opened since the test began (reset it in a beforeEach). */
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  types() {
    return this.sent.map((f) => f.type);
  }
}

/** FakeSocket where the code under test takes a WebSocket constructor. */
export const FakeWebSocket = FakeSocket as unknown as typeof WebSocket;

/** The socket opened last. */
export function lastSocket(): FakeSocket {
  return FakeSocket.all[FakeSocket.all.length - 1] as FakeSocket;
}

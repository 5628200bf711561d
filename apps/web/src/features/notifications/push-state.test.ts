import { describe, expect, it } from "vitest";
import { applicationServerKey, type BrowserFacts, isIosTab, pushState, sameKey } from "./push-state";

const ENDPOINT = "https://push.example/abc";
const facts = (over: Partial<BrowserFacts> = {}): BrowserFacts => ({
  supported: true,
  iosTab: false,
  permission: "granted",
  endpoint: ENDPOINT,
  ...over,
});

describe("the 'Notifications on this browser' state", () => {
  it("is on only when the browser holds a subscription the server lists", () => {
    expect(pushState(facts(), [ENDPOINT])).toEqual({ kind: "on", endpoint: ENDPOINT });
    expect(pushState(facts(), ["https://push.example/other"])).toEqual({ kind: "off" });
    expect(pushState(facts({ endpoint: null }), [ENDPOINT])).toEqual({ kind: "off" });
  });

  it("is off until permission is granted, denied once it is refused", () => {
    expect(pushState(facts({ permission: "default" }), [ENDPOINT])).toEqual({ kind: "off" });
    expect(pushState(facts({ permission: "denied" }), [ENDPOINT])).toEqual({ kind: "denied" });
  });

  it("says the browser cannot, or that iOS needs the app installed first", () => {
    expect(pushState(facts({ supported: false }), [])).toEqual({ kind: "unsupported" });
    // iOS Safari in a tab has no PushManager: installing is the way, not another browser.
    expect(pushState(facts({ supported: false, iosTab: true }), [])).toEqual({ kind: "needs-install" });
  });
});

describe("an iPhone or iPad Safari tab", () => {
  const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1";
  const mac =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15";
  const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";

  it("is Safari on iOS, or on iPadOS (which says Mac) with a touch screen, not added to the Home Screen", () => {
    expect(isIosTab({ userAgent: iphone, standalone: false })).toBe(true);
    expect(isIosTab({ userAgent: mac, maxTouchPoints: 5, standalone: false })).toBe(true);
  });

  it("is not the installed app, a Mac, or another browser", () => {
    expect(isIosTab({ userAgent: iphone, standalone: true })).toBe(false);
    expect(isIosTab({ userAgent: mac, maxTouchPoints: 0, standalone: false })).toBe(false);
    expect(isIosTab({ userAgent: chrome })).toBe(false);
  });
});

describe("the VAPID key", () => {
  it("turns base64url (no padding) into the bytes subscribe wants", () => {
    const bytes = Uint8Array.from([4, 251, 255, 62, 63, 0, 1]);
    const b64url = Buffer.from(bytes).toString("base64url");
    expect(b64url).not.toContain("=");
    expect(Array.from(applicationServerKey(b64url))).toEqual(Array.from(bytes));
  });

  it("tells a subscription made with another key, and trusts one that does not say", () => {
    const key = Uint8Array.from([1, 2, 3]);
    expect(sameKey(Uint8Array.from([1, 2, 3]).buffer, key)).toBe(true);
    expect(sameKey(Uint8Array.from([1, 2, 4]).buffer, key)).toBe(false);
    expect(sameKey(Uint8Array.from([1, 2]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(true);
  });
});

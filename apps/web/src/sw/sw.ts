// The service worker (/sw.js, scope /): an offline page, the hashed assets kept for speed, push
// notifications and what their clicks do. It never caches an API answer or a page: those hold a
// person's data. Built to dist/sw.js (vite.config.ts), with no imports left, so it runs as a classic script.
import { decideClick, type NotificationData } from "./click-action";
import { notificationFor, parsePayload } from "./notification";
import type { ServiceWorkerScope, WindowClient } from "./worker-types";

declare const self: ServiceWorkerScope;

/** Replaced at build time by a hash of the build's files (vite.config.ts): each build has its own cache. */
declare const __KINDRED_SW_VERSION__: string;
const CACHE = `kindred-${__KINDRED_SW_VERSION__}`;
const OFFLINE_PAGE = "/offline.html";

// A new worker takes over at once (and claims open pages on activate), so no page stays on old code
// past its next navigation.
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      // Page loads start while the worker wakes up, instead of after it.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    // Pages go to the network, uncached; only a failed load is answered here.
    event.respondWith(
      (async () => {
        try {
          return (await event.preloadResponse) ?? (await fetch(request));
        } catch {
          return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
        }
      })(),
    );
    return;
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith("/assets/")) return;
  // Hashed file names never change content: the cached copy is always right.
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const cached = await cache.match(request);
      if (cached) return cached;
      const response = await fetch(request);
      if (response.ok && response.type === "basic") await cache.put(request, response.clone());
      return response;
    })(),
  );
});

const windows = () => self.clients.matchAll({ type: "window", includeUncontrolled: true });

self.addEventListener("push", (event) => {
  event.waitUntil(
    (async () => {
      const focused = (await windows()).some((w) => w.focused);
      const { title, options } = notificationFor(
        parsePayload(event.data?.text() ?? null),
        Date.now(),
        focused,
      );
      await self.registration.showNotification(title, options);
    })(),
  );
});

const json = (method: string, body: unknown): RequestInit => ({
  method,
  credentials: "include",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** Declines as the incoming-call banner does without a session (PATCH /api/calls/{id}, rejected). */
async function decline(callId: number): Promise<void> {
  await fetch(`/api/calls/${callId}`, json("PATCH", { status: "rejected" })).catch(() => undefined);
}

async function focusOrOpen(open: readonly WindowClient[], id: string, url: string | undefined) {
  const window = open.find((w) => w.id === id);
  try {
    if (!window) throw new Error("the window closed");
    const focused = await window.focus();
    if (url) await focused.navigate(url);
  } catch {
    // A window this worker does not control cannot be navigated: open the page instead.
    if (url) await self.clients.openWindow(url);
  }
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const open = await windows();
      const data = (event.notification.data ?? null) as NotificationData | null;
      const action = decideClick(event.action, data, open);
      if (action.type === "decline") await decline(action.callId);
      else if (action.type === "open") await self.clients.openWindow(action.url);
      else await focusOrOpen(open, action.id, action.navigate);
    })(),
  );
});

// The push service replaced this browser's subscription (Firefox does, when it rotates them): the
// server gets the new one, and forgets the old, as the settings page would do (/api/push/...).
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      let next = event.newSubscription;
      if (!next) {
        const key = await fetch("/api/push/key", { credentials: "include" });
        if (!key.ok) return;
        const { publicKey } = (await key.json()) as { publicKey: string };
        next = await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: publicKey,
        });
      }
      await fetch("/api/push/subscriptions", json("POST", next.toJSON()));
      if (old && old.endpoint !== next.endpoint) {
        await fetch("/api/push/subscriptions", json("DELETE", { endpoint: old.endpoint }));
      }
    })().catch(() => undefined),
  );
});

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { errorDetail } from "@/lib/api";
import { serviceWorkerRegistration } from "@/lib/service-worker";
import { addSubscription } from "../api/add-subscription";
import { getPushKey } from "../api/get-push-key";
import { pushSubscriptionsKey, usePushSubscriptionsQuery } from "../api/get-subscriptions";
import { removeSubscription } from "../api/remove-subscription";
import { forgetPushOwner, rememberPushOwner } from "../push-owner";
import {
  applicationServerKey,
  type BrowserFacts,
  isIosTab,
  type NavigatorLike,
  type PushState,
  pushState,
  sameKey,
} from "../push-state";

const DISMISSED =
  "Notifications stay off: the browser's question was closed without an answer. Turn them on to be asked again.";

/** What this browser says about push, read without asking the person anything. */
async function readBrowserFacts(): Promise<BrowserFacts> {
  const iosTab = isIosTab(navigator as NavigatorLike);
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  const none: BrowserFacts = { supported: false, iosTab, permission: "default", endpoint: null };
  if (!supported) return none;
  const registration = await serviceWorkerRegistration();
  if (!registration) return none;
  const subscription = await registration.pushManager.getSubscription();
  return { supported, iosTab, permission: Notification.permission, endpoint: subscription?.endpoint ?? null };
}

/** The subscription to post: the one held, unless it was made with another key; else a new one. */
async function subscribe(registration: ServiceWorkerRegistration): Promise<PushSubscription> {
  const key = applicationServerKey(await getPushKey());
  const held = await registration.pushManager.getSubscription();
  if (held && sameKey(held.options?.applicationServerKey, key)) return held;
  await held?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

export interface BrowserPush {
  /** Null until the browser and the server have both answered. */
  state: PushState | null;
  busy: boolean;
  error: string | null;
  turnOn: () => Promise<void>;
  turnOff: () => Promise<void>;
}

/** The 'Notifications on this browser' switch: its truthful state, and turning it on (asking then) and off. */
export function useBrowserPush(userId: number): BrowserPush {
  const queryClient = useQueryClient();
  const server = usePushSubscriptionsQuery();
  const [facts, setFacts] = useState<BrowserFacts | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const read = useCallback(async () => setFacts(await readBrowserFacts()), []);
  useEffect(() => {
    void read();
    // Unblocking in the browser's site settings shows here without a reload.
    let status: PermissionStatus | undefined;
    void navigator.permissions
      ?.query({ name: "notifications" })
      .then((s) => {
        status = s;
        s.onchange = () => void read();
      })
      .catch(() => undefined);
    return () => {
      if (status) status.onchange = null;
    };
  }, [read]);

  const settle = async () => {
    await Promise.all([read(), queryClient.invalidateQueries({ queryKey: pushSubscriptionsKey })]);
    setBusy(false);
  };

  const turnOn = async () => {
    setError(null);
    setBusy(true);
    try {
      // Asked here, from the click, never on page load.
      const permission =
        Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      if (permission === "default") setError(DISMISSED);
      if (permission !== "granted") return;
      const registration = await serviceWorkerRegistration();
      if (!registration) throw new Error("Kindred's service worker could not start in this browser.");
      await addSubscription((await subscribe(registration)).toJSON());
      rememberPushOwner(userId);
    } catch (e) {
      setError(`Notifications could not be turned on: ${errorDetail(e, "please try again.")}`);
    } finally {
      await settle();
    }
  };

  const turnOff = async () => {
    setError(null);
    setBusy(true);
    try {
      const registration = await serviceWorkerRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      const endpoint = subscription?.endpoint ?? facts?.endpoint;
      // The server first: once it forgets the endpoint nothing more is pushed, whatever the browser does.
      if (endpoint) await removeSubscription(endpoint);
      forgetPushOwner();
      await subscription?.unsubscribe();
    } catch (e) {
      setError(`Notifications could not be turned off: ${errorDetail(e, "please try again.")}`);
    } finally {
      await settle();
    }
  };

  const endpoints = server.data?.subscriptions.map((s) => s.endpoint);
  const known = endpoints !== undefined || server.isError || facts?.supported === false;
  const state = facts && known ? pushState(facts, endpoints ?? []) : null;
  const loadError = server.error
    ? `Your browsers with notifications on could not be read: ${errorDetail(server.error, "please reload.")}`
    : null;
  return { state, busy, error: error ?? loadError, turnOn, turnOff };
}

import { useEffect } from "react";
import { serviceWorkerRegistration } from "@/lib/service-worker";
import { addSubscription } from "../api/add-subscription";
import { isPushOwner } from "../push-owner";

/**
 * Mounted once for a signed-in person (app root): push services rotate subscriptions, and the server
 * may have dropped one, so on every app start this browser's current subscription is posted again
 * (research §1.3), when this person is the one who turned notifications on here. Asks nothing.
 */
export function usePushResync(userId: number): void {
  useEffect(() => {
    if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
    if (!isPushOwner(userId)) return;
    void (async () => {
      const registration = await serviceWorkerRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) await addSubscription(subscription.toJSON());
    })().catch(() => {
      // The next app start tries again; the settings page shows the state as it is.
    });
  }, [userId]);
}

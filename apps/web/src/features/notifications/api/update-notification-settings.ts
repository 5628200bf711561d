import type { NotificationSettings } from "@kindred/shared/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { notificationSettingsKey } from "./get-notification-settings";

const mutationKey = ["update-notification-settings"] as const;

/**
 * PUT /api/notifications/settings with one change (a patch), optimistic: the page shows it at once,
 * and each PUT carries every change shown so far, so quick changes in a row do not undo each other.
 * When the last save in flight settles, the settings are read again: a failed one then shows what is
 * really saved (alone in flight, it is put back at once).
 */
export function useUpdateNotificationSettingsMutation() {
  const queryClient = useQueryClient();
  const shown = () => queryClient.getQueryData<NotificationSettings>(notificationSettingsKey);
  return useMutation<
    NotificationSettings,
    Error,
    Partial<NotificationSettings>,
    { previous?: NotificationSettings }
  >({
    mutationKey,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsKey });
      const previous = shown();
      if (previous) queryClient.setQueryData(notificationSettingsKey, { ...previous, ...patch });
      return { previous };
    },
    // onMutate has run: what is shown now includes this change.
    mutationFn: () => apiJson<NotificationSettings>("PUT", "/api/notifications/settings", shown()),
    onError: (_error, _patch, context) => {
      if (queryClient.isMutating({ mutationKey }) === 1 && context?.previous) {
        queryClient.setQueryData(notificationSettingsKey, context.previous);
      }
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: notificationSettingsKey });
      }
    },
  });
}

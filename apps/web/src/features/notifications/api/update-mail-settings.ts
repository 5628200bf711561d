import type { MailSettings } from "@kindred/shared/mail";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { mailSettingsKey } from "./get-mail-settings";

const mutationKey = ["update-mail-settings"] as const;

/**
 * PUT /api/notifications/mail with one change, optimistic, as the push settings' mutation: each PUT
 * carries everything shown so far, and the settings are read again when the last save settles.
 */
export function useUpdateMailSettingsMutation() {
  const queryClient = useQueryClient();
  const shown = () => queryClient.getQueryData<MailSettings>(mailSettingsKey);
  return useMutation<MailSettings, Error, Partial<MailSettings>, { previous?: MailSettings }>({
    mutationKey,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: mailSettingsKey });
      const previous = shown();
      if (previous) queryClient.setQueryData(mailSettingsKey, { ...previous, ...patch });
      return { previous };
    },
    mutationFn: () => apiJson<MailSettings>("PUT", "/api/notifications/mail", shown()),
    onError: (_error, _patch, context) => {
      if (queryClient.isMutating({ mutationKey }) === 1 && context?.previous) {
        queryClient.setQueryData(mailSettingsKey, context.previous);
      }
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: mailSettingsKey });
      }
    },
  });
}

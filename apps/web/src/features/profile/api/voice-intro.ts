import type { SelfUser } from "@kindred/shared/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { apiJson } from "@/lib/api";
import { userQueryKey } from "@/lib/auth";

export interface VoiceIntroUpload {
  recording: Blob;
  peaks: readonly number[];
}

/** PUT /api/profile/voice: the recording as the raw body, in the recorder's type; the waveform in the query. */
export function saveVoiceIntro({ recording, peaks }: VoiceIntroUpload): Promise<SelfUser> {
  return apiJson<SelfUser>("PUT", `/api/profile/voice?peaks=${peaks.join(",")}`, recording);
}

export function deleteVoiceIntro(): Promise<SelfUser> {
  return apiJson<SelfUser>("DELETE", "/api/profile/voice");
}

export function useSaveVoiceIntroMutation() {
  const queryClient = useQueryClient();
  return useMutation<SelfUser, Error, VoiceIntroUpload>({
    mutationFn: saveVoiceIntro,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({ title: "Voice intro saved", description: "Your matches will hear it before any photo." });
    },
  });
}

export function useDeleteVoiceIntroMutation() {
  const queryClient = useQueryClient();
  return useMutation<SelfUser, Error, void>({
    mutationFn: deleteVoiceIntro,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({ title: "Voice intro deleted" });
    },
  });
}

import type { SelfUser } from "@kindred/shared/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { apiJson } from "@/lib/api";
import { userQueryKey } from "@/lib/auth";
import { PROFILE_UPDATED_TOAST } from "@/lib/profile-update";

export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

/** POST /api/profile/photo as multipart, the file in field "photo". */
export function uploadPhoto(file: File): Promise<SelfUser> {
  const data = new FormData();
  data.append("photo", file);
  return apiJson<SelfUser>("POST", "/api/profile/photo", data);
}

export function removePhoto(): Promise<SelfUser> {
  return apiJson<SelfUser>("DELETE", "/api/profile/photo");
}

export function useUploadPhotoMutation() {
  const queryClient = useQueryClient();
  return useMutation<SelfUser, Error, File>({
    mutationFn: uploadPhoto,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast(PROFILE_UPDATED_TOAST);
    },
  });
}

export function useRemovePhotoMutation() {
  const queryClient = useQueryClient();
  return useMutation<SelfUser, Error, void>({
    mutationFn: removePhoto,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast(PROFILE_UPDATED_TOAST);
    },
  });
}

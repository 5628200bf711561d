import type { SelfUser } from "@kindred/shared/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { env } from "@/config/env";
import { ApiError, apiJson } from "@/lib/api";
import { userQueryKey } from "@/lib/auth";

const PROFILE_UPDATED = {
  title: "Profile updated",
  description: "Your profile has been successfully updated.",
};

export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

async function readError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let message = text || res.statusText || "Upload failed";
  let field: string | undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown; field?: unknown };
    if (typeof body.message === "string") message = body.message;
    if (typeof body.field === "string") field = body.field;
  } catch {
    // Not JSON: keep the text.
  }
  return new ApiError(res.status, message, { message, field });
}

/** POST /api/profile/photo as multipart (field "photo"): apiRequest only sends JSON. */
export async function uploadPhoto(file: File): Promise<SelfUser> {
  const data = new FormData();
  data.append("photo", file);
  const res = await fetch(`${env.apiBaseUrl}/api/profile/photo`, {
    method: "POST",
    credentials: "include",
    body: data,
  });
  if (!res.ok) throw await readError(res);
  return (await res.json()) as SelfUser;
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
      toast(PROFILE_UPDATED);
    },
  });
}

export function useRemovePhotoMutation() {
  const queryClient = useQueryClient();
  return useMutation<SelfUser, Error, void>({
    mutationFn: removePhoto,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast(PROFILE_UPDATED);
    },
  });
}

import type { SelfUser } from "@kindred/shared/user";
import { Camera, ImageOff, Loader2, Trash2, Upload } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { profileUpdateError } from "@/lib/profile-update";
import { PHOTO_ACCEPT, useRemovePhotoMutation, useUploadPhotoMutation } from "../api/profile-photo";

/** The profile photo: hidden from matches until revealed; upload (JPEG/PNG/WebP) or remove it. */
export function PhotoCard({ user }: { user: SelfUser }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The photo's URL never changes (an authorised route per user), so a new upload needs a fresh query.
  const [version, setVersion] = useState(0);
  const upload = useUploadPhotoMutation();
  const remove = useRemovePhotoMutation();
  const busy = upload.isPending || remove.isPending;
  const error = upload.error ?? remove.error;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    remove.reset();
    upload.mutate(file, { onSuccess: () => setVersion((v) => v + 1) });
  };

  return (
    <Card role="region" aria-labelledby={`${inputId}-title`}>
      <CardHeader className="pb-4">
        <div className="flex items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-xl bg-rose-50 text-rose-700">
            <Camera className="size-4" aria-hidden />
          </span>
          <CardTitle level={2} id={`${inputId}-title`} className="text-lg">
            Photo
          </CardTitle>
        </div>
        <CardDescription>Only revealed to a match after your audio calls.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="mx-auto flex aspect-square w-full max-w-72 items-center justify-center overflow-hidden rounded-2xl lg:max-w-none bg-gradient-to-br from-stone-100 to-stone-50 ring-1 ring-stone-200">
          {user.photoUrl ? (
            <img
              src={`${user.photoUrl}?v=${version}`}
              alt="Your profile"
              className="size-full object-cover"
            />
          ) : (
            <div className="flex flex-col items-center gap-2 text-stone-500">
              <ImageOff className="size-8" aria-hidden />
              <span className="text-sm">No photo yet</span>
            </div>
          )}
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={PHOTO_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Upload photo"
          onChange={onFile}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => input.current?.click()} disabled={busy} className="flex-1">
            {upload.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
            {user.photoUrl ? "Replace photo" : "Upload photo"}
          </Button>
          {user.photoUrl ? (
            <Button
              variant="ghost"
              onClick={() => {
                upload.reset();
                remove.mutate();
              }}
              disabled={busy}
              className="text-red-600 hover:bg-red-50 hover:text-red-700"
            >
              <Trash2 aria-hidden /> Remove
            </Button>
          ) : null}
        </div>
        <p className="text-stone-500 text-xs">JPEG, PNG or WebP, up to 5 MB.</p>
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-700 text-sm">
            {profileUpdateError(error)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

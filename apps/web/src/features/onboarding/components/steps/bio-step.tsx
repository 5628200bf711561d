import { BIO_MAX } from "@kindred/shared/profile";
import { useFormContext, useWatch } from "react-hook-form";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { WizardValues } from "../../wizard-values";

export function BioStep({ invalid }: { invalid: boolean }) {
  const { register } = useFormContext<WizardValues>();
  const bio = useWatch<WizardValues, "bio">({ name: "bio" });
  return (
    <div className="grid gap-2">
      <Label htmlFor="onboarding-bio">About me</Label>
      <Textarea
        id="onboarding-bio"
        rows={6}
        maxLength={BIO_MAX}
        autoFocus
        placeholder="I love long walks, terrible puns and trying every café in town..."
        aria-invalid={invalid || undefined}
        aria-describedby="onboarding-step-error"
        className="resize-none"
        {...register("bio")}
      />
      <p className="text-right text-stone-500 text-xs tabular-nums">
        {bio?.length ?? 0}/{BIO_MAX}
      </p>
    </div>
  );
}

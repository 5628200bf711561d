import { useFormContext } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { WizardValues } from "../../wizard-values";

export function UsernameStep({ invalid }: { invalid: boolean }) {
  const { register } = useFormContext<WizardValues>();
  return (
    <div className="grid gap-2">
      <Label htmlFor="onboarding-username">Username</Label>
      <Input
        id="onboarding-username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby="onboarding-step-error"
        {...register("username")}
      />
      <p className="text-sm text-stone-500">Letters, numbers, dots, dashes and underscores.</p>
    </div>
  );
}

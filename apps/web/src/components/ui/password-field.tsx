import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { Input } from "./input";
import { Label } from "./label";

interface PasswordFieldProps extends Omit<ComponentProps<"input">, "type"> {
  id: string;
  label: string;
  error?: string;
}

/** A labelled password input with a show/hide toggle (a typo seen is a sign-in that works). */
export function PasswordField({ id, label, error, ...inputProps }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={shown ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="pr-11"
          {...inputProps}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-stone-500 hover:text-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400"
        >
          {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
          <span className="sr-only">Show password</span>
        </button>
      </div>
      {error ? (
        <p id={errorId} className="text-red-600 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

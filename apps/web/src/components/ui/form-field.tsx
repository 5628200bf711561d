import type { ComponentProps } from "react";
import { Input } from "./input";
import { Label } from "./label";

interface FormFieldProps extends ComponentProps<"input"> {
  id: string;
  label: string;
  error?: string;
}

/** A labelled input with its error message wired through aria-describedby. */
export function FormField({ id, label, error, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} className="text-red-600 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import type { FormEvent } from "react";
import { useRef, useState } from "react";
import type { ZodType } from "zod";

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A form checked by its shared schema, the server's own. The schema's code (zod) is fetched when the
 * person first focuses a field, not with the page: the sign-in page paints and answers sooner. The
 * first submit shows every field's message and focuses the first wrong field; after it, each change
 * checks again, so a message goes as soon as its field is right.
 */
export function useCheckedForm<F extends string, T>(loadSchema: () => Promise<ZodType<T>>) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const submitted = useRef(false);
  const schema = useRef<Promise<ZodType<T>> | null>(null);
  const load = () => {
    schema.current ??= loadSchema();
    return schema.current;
  };

  async function check(form: HTMLFormElement, focus: boolean): Promise<T | null> {
    const result = (await load()).safeParse(Object.fromEntries(new FormData(form)));
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found: FieldErrors<F> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]) as F;
      found[field] ??= issue.message;
    }
    setErrors(found);
    if (focus) {
      const first = [...form.elements].find(
        (el): el is HTMLInputElement => el instanceof HTMLInputElement && el.name in found,
      );
      first?.focus();
    }
    return null;
  }

  return {
    errors,
    /** The server named a field (409, 400): its message goes on it, and focus with it. */
    setFieldError(form: HTMLFormElement | null, field: F, message: string) {
      setErrors((current) => ({ ...current, [field]: message }));
      const input = form?.elements.namedItem(field);
      if (input instanceof HTMLInputElement) input.focus();
    },
    formProps: (onValid: (values: T) => void) => ({
      noValidate: true,
      onFocus: () => void load().catch(() => undefined),
      onChange: (event: FormEvent<HTMLFormElement>) => {
        if (submitted.current) void check(event.currentTarget, false);
      },
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        submitted.current = true;
        const form = event.currentTarget;
        check(form, true).then(
          (values) => {
            if (values !== null) onValid(values);
          },
          // The schema's code could not be fetched: the server checks the same rules and says what is wrong.
          () => onValid(Object.fromEntries(new FormData(form)) as T),
        );
      },
    }),
  };
}

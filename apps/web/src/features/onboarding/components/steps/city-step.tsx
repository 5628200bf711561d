import { CITY_NAMES } from "@kindred/shared/cities";
import { Check, MapPin } from "lucide-react";
import { useController } from "react-hook-form";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { cn } from "@/lib/cn";
import type { WizardValues } from "../../wizard-values";

/** SPEC §2 step 8: the 40 UK cities as a searchable list. */
export function CityStep() {
  const { field } = useController<WizardValues, "location">({ name: "location" });
  return (
    <div className="grid gap-3">
      <Command label="Search cities" defaultValue={field.value ?? undefined}>
        <CommandInput placeholder="Search cities..." autoFocus />
        <CommandList>
          <CommandEmpty>No city found.</CommandEmpty>
          {CITY_NAMES.map((city) => {
            const chosen = city === field.value;
            return (
              <CommandItem
                key={city}
                value={city}
                onSelect={() => field.onChange(city)}
                className={cn(chosen && "font-semibold text-rose-700")}
              >
                <MapPin className="size-4 text-stone-500" aria-hidden />
                <span className="flex-1">{city}</span>
                <Check className={cn("size-4 text-rose-700", !chosen && "invisible")} aria-hidden />
              </CommandItem>
            );
          })}
        </CommandList>
      </Command>
      <p className="text-sm text-stone-600" aria-live="polite">
        {field.value ? (
          <>
            Selected: <strong className="font-semibold text-stone-900">{field.value}</strong>
          </>
        ) : (
          "Choose the city closest to you."
        )}
      </p>
    </div>
  );
}

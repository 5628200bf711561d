// Call-time slots of SPEC §5 ("Call-time slot"): one rule set for the wizard's slot form and the server.
//
// A slot is a half-open interval [start, end) of London wall-clock time within one day: it contains its
// start and not its end, so 09:00–12:00 and 12:00–15:00 touch without overlapping. A slot cannot run past
// midnight (the end must come after the start on the same day, and hours stop at 23).

import { z } from "zod";
import { DAY_NAMES, type DayName } from "./options.ts";
import { normalizeTime, parseTime, rangesOverlap, slotMinutes } from "./slot-times.ts";
import type { CallPreferences, TimeSlot } from "./user.ts";

export { formatTime24, normalizeTime, parseTime, rangesOverlap, slotMinutes } from "./slot-times.ts";

export const SLOT_MESSAGES = {
  missing: "Please provide both start and end time",
  format: "Invalid time format",
  order: "End time must be after start time",
  overlap: "This time slot overlaps with an existing slot",
} as const;

/** At most this many slots per list (weekdays, weekends); matches `callPreferencesSchema` in user.ts. */
export const MAX_SLOTS_PER_LIST = 24;

function isBlank(value: unknown): boolean {
  return typeof value !== "string" || value.trim() === "";
}

/**
 * Checks a new slot against the slots already in its list, in SPEC order: both times given, both valid,
 * end after start, no overlap. Returns the first failing message, or null if the slot may be added.
 * Existing slots that are themselves invalid are ignored.
 */
export function validateSlot(
  slot: { start?: string | null; end?: string | null },
  existing: readonly TimeSlot[],
): string | null {
  if (isBlank(slot.start) || isBlank(slot.end)) return SLOT_MESSAGES.missing;
  const start = parseTime(slot.start as string);
  const end = parseTime(slot.end as string);
  if (start === null || end === null) return SLOT_MESSAGES.format;
  if (end <= start) return SLOT_MESSAGES.order;
  for (const other of existing) {
    const range = slotMinutes(other);
    if (range && rangesOverlap(start, end, range[0], range[1])) return SLOT_MESSAGES.overlap;
  }
  return null;
}

/** A slot as a client sends it: the times are checked by the list's refinement so that SPEC messages apply. */
const slotInputSchema = z.object(
  {
    start: z.string({ error: SLOT_MESSAGES.format }).nullish(),
    end: z.string({ error: SLOT_MESSAGES.format }).nullish(),
  },
  { error: SLOT_MESSAGES.missing },
);

const slotListSchema = z
  .array(slotInputSchema, { error: "Call times must be a list of slots" })
  .max(MAX_SLOTS_PER_LIST, `At most ${MAX_SLOTS_PER_LIST} call-time slots per list`);

const dayNameSchema = z.enum(DAY_NAMES, {
  error: "Unavailable days must be day names from monday to sunday",
});

/**
 * A whole CallPreferences object as PUT /api/profile receives it. Every list is optional (missing means
 * empty). Each slot is checked as `validateSlot` checks it against the slots before it in the same list, with
 * the issue's path pointing at it (["weekdays", 2]). The output is canonical: times as "HH:MM", slots sorted
 * by start, unavailable days unique and in week order; it satisfies `callPreferencesSchema` of user.ts.
 */
export const callPreferencesInputSchema = z
  .object(
    {
      weekdays: slotListSchema.optional(),
      weekends: slotListSchema.optional(),
      notAvailable: z
        .array(dayNameSchema, { error: "Unavailable days must be a list of day names" })
        .optional(),
    },
    { error: "Call preferences must be an object with weekdays, weekends and notAvailable" },
  )
  .superRefine((prefs, ctx) => {
    for (const list of ["weekdays", "weekends"] as const) {
      const slots = prefs[list];
      if (!Array.isArray(slots)) continue;
      const accepted: TimeSlot[] = [];
      slots.forEach((slot, index) => {
        if (typeof slot !== "object" || slot === null) return; // already reported by the item schema
        const message = validateSlot(slot, accepted);
        if (message) {
          ctx.addIssue({ code: "custom", message, path: [list, index] });
        } else {
          accepted.push({ start: slot.start as string, end: slot.end as string });
        }
      });
    }
  })
  .transform((prefs): CallPreferences => {
    const canonical = (slots: typeof prefs.weekdays): TimeSlot[] =>
      (slots ?? [])
        .map((slot) => ({
          start: normalizeTime(slot.start ?? "") ?? "",
          end: normalizeTime(slot.end ?? "") ?? "",
        }))
        .sort((a, b) => a.start.localeCompare(b.start));
    const days = new Set<DayName>(prefs.notAvailable ?? []);
    return {
      weekdays: canonical(prefs.weekdays),
      weekends: canonical(prefs.weekends),
      notAvailable: DAY_NAMES.filter((day) => days.has(day)),
    };
  });

export type CallPreferencesInput = z.input<typeof callPreferencesInputSchema>;

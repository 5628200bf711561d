const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });

/** A moment in the console, on the moderator's own clock: "5 Dec 2026, 18:05". */
export const formatWhen = (iso: string) => dateTime.format(new Date(iso));

/** A day: "5 Dec 2026". A bare date (a birth date) is read as that day, whatever the clock's zone. */
export const formatDay = (iso: string) =>
  dateOnly.format(new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00` : iso));

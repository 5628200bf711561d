import { type APIRequestContext, expect } from "@playwright/test";

// The development mailbox (the shared app has no SMTP_URL, so its mail is kept there), read as a
// developer's browser would, through the API.

/** The mailbox's numbers of the mails to `to` with `subject`, newest first. */
export async function mailsTo(request: APIRequestContext, to: string, subject: string): Promise<number[]> {
  const res = await request.get("/dev/mailbox");
  expect(res.status()).toBe(200);
  const rows = (await res.text()).split("<tr>").filter((row) => row.includes(`<td>${to}</td>`));
  return rows.flatMap((row) => {
    const found = row.match(/<a href="\/dev\/mailbox\/(\d+)">([^<]*)<\/a>/);
    return found && found[2] === subject ? [Number(found[1])] : [];
  });
}

/** A kept mail's plain text. */
export async function mailText(request: APIRequestContext, id: number): Promise<string> {
  const res = await request.get(`/dev/mailbox/${id}`);
  expect(res.status()).toBe(200);
  const pre = (await res.text()).match(/<pre>([\s\S]*?)<\/pre>/)?.[1] ?? "";
  return pre
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

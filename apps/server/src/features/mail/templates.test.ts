import { describe, expect, it } from "vitest";
import { isNotificationMail, type MailContent, withoutNames } from "./kinds.ts";
import { renderMail, ukTime } from "./templates.ts";

const origin = "https://kindred.example";
const at = new Date("2025-07-04T17:05:00Z"); // 18:05 in London (BST)

const every: MailContent[] = [
  { kind: "password_reset", link: `${origin}/reset-password?token=abc` },
  { kind: "reset_google_only", signInUrl: `${origin}/auth` },
  { kind: "password_changed" },
  { kind: "verify_email", link: `${origin}/verify-email?token=abc` },
  { kind: "email_change_confirm", link: `${origin}/verify-email?token=abc`, newEmail: "new@example.com" },
  { kind: "email_change_notice", newEmail: "new@example.com" },
  { kind: "missed_call", callerName: "<b>x</b>", at, matchId: 7 },
  { kind: "call_reminder", otherName: "<b>x</b>", at, matchId: 7 },
  { kind: "unread_digest", count: 3, fromNames: ["<b>x</b>", "ann"] },
  { kind: "new_matches", count: 2 },
];

describe("mail templates", () => {
  it("write every kind as HTML and text, with Kindred's name and colour, links from the origin only", () => {
    for (const content of every) {
      const mail = renderMail(content, {
        origin,
        username: "sam",
        unsubscribeUrl: `${origin}/unsubscribe?t=1`,
      });
      expect(mail.subject.length, content.kind).toBeGreaterThan(5);
      expect(mail.html).toContain("Kindred");
      expect(mail.html).toContain("#e11d48");
      expect(mail.text).toContain("Hi sam,");
      for (const href of mail.html.matchAll(/href="([^"]+)"/g))
        expect(href[1]).toMatch(/^https:\/\/kindred\.example/);
      for (const link of mail.text.matchAll(/https?:\/\/\S+/g))
        expect(link[0]).toMatch(/^https:\/\/kindred\.example/);
    }
  });

  it("names no one in a notification mail without names ('Hide names in notifications')", () => {
    for (const content of every.filter(isNotificationMail)) {
      const mail = renderMail(withoutNames(content), { origin, username: "sam" });
      expect(`${mail.subject}${mail.html}${mail.text}`, content.kind).not.toMatch(/<b>x<\/b>|&lt;b&gt;|ann/);
    }
  });

  it("escapes every value in the HTML (a username or a name like <b>x</b>)", () => {
    for (const content of every) {
      const mail = renderMail(content, { origin, username: "<b>x</b>" });
      expect(mail.html, content.kind).not.toContain("<b>x</b>");
      expect(mail.html).toContain("&lt;b&gt;x&lt;/b&gt;");
      expect(mail.text).toContain("<b>x</b>");
    }
  });

  it("gives notification mail a footer with its unsubscribe link and Settings; account mail none", () => {
    const unsub = `${origin}/unsubscribe?token=T&type=calls`;
    const missed = renderMail(every[6] as MailContent, { origin, username: "sam", unsubscribeUrl: unsub });
    expect(missed.html).toContain(`href="${unsub.replace("&", "&amp;")}"`);
    expect(missed.html).toContain("Unsubscribe from missed call emails");
    expect(missed.text).toContain(`Unsubscribe from missed call emails: ${unsub}`);
    expect(missed.text).toContain(`${origin}/settings`);
    const reset = renderMail(every[0] as MailContent, { origin, username: "sam" });
    expect(reset.text).not.toContain("Unsubscribe");
    expect(reset.html).not.toContain("Unsubscribe");
  });

  it("writes subjects a person understands, and times on the London clock", () => {
    const subject = (c: MailContent) => renderMail(c, { origin, username: "sam" }).subject;
    expect(every.map(subject)).toEqual([
      "Reset your Kindred password",
      "Reset your Kindred password",
      "Your Kindred password was changed",
      "Confirm your email address",
      "Confirm your new email address",
      "Your Kindred email address is changing",
      "Missed call from <b>x</b>",
      "Your call with <b>x</b> is in 1 hour",
      "You have 3 unread messages on Kindred",
      "You have new matches on Kindred",
    ]);
    expect(subject({ kind: "unread_digest", count: 1, fromNames: [] })).toBe(
      "You have an unread message on Kindred",
    );
    expect(subject({ kind: "missed_call", callerName: "a\r\nBcc: x@y", at, matchId: 1 })).toBe(
      "Missed call from a Bcc: x@y",
    );
    expect(ukTime(at)).toBe("Fri 4 Jul, 6:05 PM (UK time)");
    expect(renderMail(every[7] as MailContent, { origin, username: "s" }).text).toContain(
      "Fri 4 Jul, 6:05 PM (UK time)",
    );
  });
});

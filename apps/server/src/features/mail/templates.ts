// The words of every mail (kinds.ts says what exists). Each kind is written once as a subject, a title,
// paragraphs and at most one action; renderMail turns that into the HTML and plain-text parts.
import { formatTime12, londonClock } from "@kindred/shared/availability";
import type { MailType } from "@kindred/shared/mail";
import { isNotificationMail, MAIL_TYPE_OF, type MailContent } from "./kinds.ts";
import { button, type FooterLinks, layout, paragraph, textFooter } from "./layout.ts";

export interface RenderContext {
  /** Where every link points (mailOrigin / PUBLIC_ORIGIN), never a request's Host. */
  origin: string;
  username: string;
  /** Notification mail: the page that turns this type off. */
  unsubscribeUrl?: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface Words {
  subject: string;
  title: string;
  paragraphs: string[];
  action?: { label: string; href: string };
  /** After the action: what to do if it wasn't them, and the like. */
  after?: string[];
}

/** What each unsubscribe link turns off, in the footer's words. */
export const MAIL_TYPE_LABEL: Record<MailType, string> = {
  calls: "missed call emails",
  reminders: "call reminder emails",
  messages: "unread message emails",
  news: "new match emails",
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 'Fri 12 Dec, 6:05 PM (UK time)': the London clock, as the web app shows scheduled slots. */
export function ukTime(at: Date): string {
  const c = londonClock(at);
  const hhmm = `${String(Math.floor(c.secondOfDay / 3600)).padStart(2, "0")}:${String(Math.floor((c.secondOfDay % 3600) / 60)).padStart(2, "0")}`;
  const weekday = c.weekday.charAt(0).toUpperCase() + c.weekday.slice(1, 3);
  return `${weekday} ${c.day} ${MONTHS[c.month - 1]}, ${formatTime12(hhmm)} (UK time)`;
}

/** Names and counts go into a subject line: no line breaks, and not endless. */
function oneLine(value: string, max = 60): string {
  const flat = value.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function names(list: string[]): string {
  const shown = list.slice(0, 3).map((n) => oneLine(n, 40));
  const rest = list.length - shown.length;
  if (rest > 0) return `${shown.join(", ")} and ${rest} more`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

const IGNORE = "If you didn't ask for this, you can ignore this email: nothing changes.";

function words(content: MailContent, origin: string): Words {
  switch (content.kind) {
    case "password_reset":
      return {
        subject: "Reset your Kindred password",
        title: "Choose a new password",
        paragraphs: [
          "Someone asked to reset the password of your Kindred account. If it was you, open this link.",
        ],
        action: { label: "Choose a new password", href: content.link },
        after: ["The link works for 30 minutes, and only once.", IGNORE],
      };
    case "reset_google_only":
      return {
        subject: "Reset your Kindred password",
        title: "You sign in with Google",
        paragraphs: [
          "Someone asked to reset the password of your Kindred account, but your account has no password: you sign in with Google.",
        ],
        action: { label: "Sign in with Google", href: content.signInUrl },
        after: [IGNORE],
      };
    case "password_changed":
      return {
        subject: "Your Kindred password was changed",
        title: "Your password was changed",
        paragraphs: [
          "The password of your Kindred account was just changed, and every other device was signed out.",
          "If this wasn't you, choose a new password now with 'Forgot password?' on the sign-in page.",
        ],
        action: { label: "Go to Kindred", href: `${origin}/auth` },
      };
    case "verify_email":
      return {
        subject: "Confirm your email address",
        title: "Confirm your email address",
        paragraphs: ["Open this link to confirm that this is your address, so Kindred can reach you here."],
        action: { label: "Confirm my address", href: content.link },
        after: ["The link works for 24 hours.", IGNORE],
      };
    case "email_change_confirm":
      return {
        subject: "Confirm your new email address",
        title: "Confirm your new email address",
        paragraphs: [
          `You asked to use ${content.newEmail} for your Kindred account. It becomes your address when you open this link.`,
        ],
        action: { label: "Use this address", href: content.link },
        after: ["The link works for 24 hours.", IGNORE],
      };
    case "email_change_notice":
      return {
        subject: "Your Kindred email address is changing",
        title: "Your email address is changing",
        paragraphs: [
          `Someone signed in to your Kindred account asked to change its email address to ${content.newEmail}. It changes only when the link sent there is opened.`,
          "If this wasn't you, sign in and change your password now, and the change will not happen.",
        ],
        action: { label: "Go to Settings", href: `${origin}/settings` },
      };
    case "moderation_statement":
      return {
        subject: `Kindred: ${content.statement.title.toLowerCase()}`,
        title: content.statement.title,
        paragraphs: [content.statement.text],
        action: content.appealUrl
          ? { label: "Read the decision and appeal", href: content.appealUrl }
          : undefined,
      };
    case "missed_call": {
      const name = content.callerName;
      const when = ukTime(content.at);
      return {
        subject: name ? `Missed call from ${oneLine(name)}` : "Missed call on Kindred",
        title: name ? `You missed a call from ${name}` : "You missed a call",
        paragraphs: [
          name ? `${name} called you on Kindred on ${when}.` : `Someone called you on Kindred on ${when}.`,
        ],
        action: { label: "Call back", href: `${origin}/matches` },
      };
    }
    case "call_reminder": {
      const name = content.otherName;
      const when = ukTime(content.at);
      return {
        subject: name ? `Your call with ${oneLine(name)} is in 1 hour` : "Your Kindred call is in 1 hour",
        title: name ? `Your call with ${name} is in 1 hour` : "Your call is in 1 hour",
        paragraphs: [
          name ? `You scheduled a call with ${name} for ${when}.` : `You scheduled a call for ${when}.`,
        ],
        action: { label: "See your matches", href: `${origin}/matches` },
      };
    }
    case "unread_digest": {
      const what = content.count === 1 ? "an unread message" : `${content.count} unread messages`;
      const from = content.fromNames.length > 0 ? ` from ${names(content.fromNames)}` : "";
      return {
        subject: `You have ${what} on Kindred`,
        title: `You have ${what}`,
        paragraphs: [`You have ${what}${from} waiting on Kindred.`],
        action: { label: "Read your messages", href: `${origin}/chats` },
      };
    }
    case "new_matches": {
      const what = content.count === 1 ? "a new match" : `${content.count} new matches`;
      return {
        subject: "You have new matches on Kindred",
        title: `You have ${what}`,
        paragraphs: [`You have ${what} on Kindred. Say hello, or schedule a call.`],
        action: { label: "See your matches", href: `${origin}/matches` },
      };
    }
  }
}

export function renderMail(content: MailContent, ctx: RenderContext): RenderedMail {
  const origin = new URL(ctx.origin).origin;
  const w = words(content, origin);
  const footer: FooterLinks | undefined = isNotificationMail(content)
    ? {
        settingsUrl: `${origin}/settings`,
        unsubscribeUrl: ctx.unsubscribeUrl,
        typeLabel: MAIL_TYPE_LABEL[MAIL_TYPE_OF[content.kind]],
      }
    : undefined;
  const greeting = `Hi ${ctx.username},`;
  const body = [
    paragraph(greeting),
    ...w.paragraphs.map(paragraph),
    w.action ? button(w.action.label, w.action.href) : "",
    ...(w.after ?? []).map(paragraph),
  ].join("\n");
  const html = layout({ title: w.title, body, footer, origin });
  const text = [
    greeting,
    ...w.paragraphs,
    ...(w.action ? [`${w.action.label}: ${w.action.href}`] : []),
    ...(w.after ?? []),
    "— Kindred",
    `--\n${textFooter(footer)}`,
  ].join("\n\n");
  return { subject: w.subject, html, text };
}

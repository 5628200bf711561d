import { format } from "date-fns";

// The sentences of SPEC §2 "Conversation screen", word for word, as functions of the match.

/** SPEC §9: "Chats show 'of 3' calls", the three calls of the ladder to the photo reveal. */
export const CALLS_OF = 3;

/** 'Calls completed: N of 3' or 'No calls yet'. Past the third call "of 3" would read wrong, so it drops. */
export function callsSummary(callCount: number): string {
  if (callCount <= 0) return "No calls yet";
  if (callCount > CALLS_OF) return `Calls completed: ${callCount}`;
  return `Calls completed: ${callCount} of ${CALLS_OF}`;
}

/** Why the chat is still locked, for this pair's progress. */
export function lockedSentence(callCount: number, username: string): string {
  return callCount <= 0
    ? `Complete an audio call with ${username} to unlock the chat feature.`
    : `Chat will unlock after your audio call with ${username} is completed.`;
}

export function emptyThreadText(username: string): { title: string; text: string } {
  return { title: "No messages yet", text: `Send your first message to ${username}` };
}

/** SPEC §9 time format 'h:mm a', in the reader's own time zone (a message happened where they are). */
export function messageTime(iso: string): string {
  return format(new Date(iso), "h:mm a");
}

// Which account turned notifications on in this browser. The app start re-posts the subscription only
// for that account: another person signing in here does not silently inherit it.

const KEY = "kindred.notifications.user";

export function rememberPushOwner(userId: number): void {
  try {
    localStorage.setItem(KEY, String(userId));
  } catch {
    // Storage blocked: the app start just does not re-post.
  }
}

export function forgetPushOwner(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}

export function isPushOwner(userId: number): boolean {
  try {
    return localStorage.getItem(KEY) === String(userId);
  } catch {
    return false;
  }
}

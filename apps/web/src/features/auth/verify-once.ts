import { isFinalAnswer } from "./link-errors";

/**
 * Posts each token once per page load and shares the answer: React's StrictMode mounts the page twice,
 * and a second POST of a token just used answers 400, which would show 'expired' over the success.
 * A failure without the server's answer (the network, a 5xx) may be tried again.
 */
export function oncePerToken<T>(post: (token: string) => Promise<T>): (token: string) => Promise<T> {
  const posted = new Map<string, Promise<T>>();
  return (token) => {
    const known = posted.get(token);
    if (known) return known;
    const request = post(token).catch((error: unknown) => {
      if (!isFinalAnswer(error)) posted.delete(token);
      throw error;
    });
    posted.set(token, request);
    return request;
  };
}

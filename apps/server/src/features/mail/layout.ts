// The frame every Kindred mail shares: the name, the web app's rose/stone colours, a button, a footer.
// Inline styles and tables only: mail clients drop <style> blocks and most of CSS layout.

/** The web app's palette (tailwind): rose-600 is its theme colour (index.html). */
export const BRAND = {
  rose: "#e11d48",
  roseDark: "#be123c",
  roseLight: "#fff1f2",
  stone50: "#fafaf9",
  stone200: "#e7e5e4",
  stone500: "#78716c",
  stone900: "#1c1917",
} as const;

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A paragraph of text (escaped here). */
export function paragraph(text: string): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${BRAND.stone900}">${escapeHtml(text)}</p>`;
}

/** The mail's one action, as a rose button with the link written out below it for clients that hide buttons. */
export function button(label: string, href: string): string {
  const url = escapeHtml(href);
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:8px;background:${BRAND.rose}"><a href="${url}" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(label)}</a></td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${BRAND.stone500}">Or open this link: <a href="${url}" style="color:${BRAND.roseDark};word-break:break-all">${url}</a></p>`;
}

export interface FooterLinks {
  settingsUrl: string;
  unsubscribeUrl?: string;
  /** What the unsubscribe link turns off, e.g. 'missed call emails'. */
  typeLabel?: string;
}

export function layout(opts: { title: string; body: string; footer?: FooterLinks; origin: string }): string {
  const { footer } = opts;
  const footerHtml = footer
    ? `<p style="margin:0 0 8px">${
        footer.unsubscribeUrl
          ? `<a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:${BRAND.stone500}">Unsubscribe from ${escapeHtml(footer.typeLabel ?? "these emails")}</a> · `
          : ""
      }<a href="${escapeHtml(footer.settingsUrl)}" style="color:${BRAND.stone500}">Choose which emails you get</a></p>`
    : `<p style="margin:0 0 8px">You're getting this email because of your Kindred account.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(opts.title)}</title>
</head>
<body style="margin:0;padding:0;background:${BRAND.stone50};font-family:${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.stone50}">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 0 16px"><a href="${escapeHtml(opts.origin)}" style="font-family:${FONT};font-size:24px;font-weight:700;color:${BRAND.rose};text-decoration:none">Kindred</a></td></tr>
<tr><td style="background:#ffffff;border:1px solid ${BRAND.stone200};border-radius:12px;padding:32px;font-family:${FONT}">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:${BRAND.stone900}">${escapeHtml(opts.title)}</h1>
${opts.body}
</td></tr>
<tr><td style="padding:16px 8px;font-family:${FONT};font-size:12px;line-height:18px;color:${BRAND.stone500}">
${footerHtml}
<p style="margin:0">Kindred · <a href="${escapeHtml(opts.origin)}" style="color:${BRAND.stone500}">${escapeHtml(new URL(opts.origin).host)}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The plain-text part's footer. */
export function textFooter(footer: FooterLinks | undefined): string {
  if (!footer) return "You're getting this email because of your Kindred account.";
  const lines = [];
  if (footer.unsubscribeUrl)
    lines.push(`Unsubscribe from ${footer.typeLabel ?? "these emails"}: ${footer.unsubscribeUrl}`);
  lines.push(`Choose which emails you get: ${footer.settingsUrl}`);
  return lines.join("\n");
}

import type { MailAttachment, MailMessage } from './mail.port';

/**
 * Every e-mail the app sends is a letter (issue #31 item 5): plain text and HTML written from the same parts, under
 * the sender's letterhead (the organization's logo, or its name when it has none), signed with its name, and ending
 * with why the reader gets it and where they stop it when the e-mail is one they may turn off. Parts are text: each
 * is escaped once here, so no producer writes markup around a name someone typed.
 */
export interface Letterhead {
  /** The organization's name ('CrewClock' for an e-mail no one organization sends). */
  name: string;
  /** A public address of its logo (see `mailLogoPath`), or null. */
  logoUrl: string | null;
}

/** A paragraph, a paragraph ending in a link, lines kept together, or a numbered list; falsy parts are left out. */
export type LetterPart =
  | string
  | { lead?: string; link: string; label: string }
  | { lines: string[] }
  | { list: ListItem[] }
  | null
  | undefined
  | false;

export interface ListItem {
  /** Shown bold in HTML. */
  title: string;
  /**
   * `label: text`; with a `url`, the text links to it in HTML, and plain text gives the url its own line named
   * `link` ('Map': `Address: 12 Elm St` then `Map: https://…`).
   */
  lines: Array<ListLine | null | false>;
}

/** A line of a list item: text, or a labelled value (shown as a link to `url` when given; `link`: its text label). */
export type ListLine = string | { label: string; text: string; link?: string; url?: string };

/**
 * Why the reader gets this e-mail and where they change it: their settings (a staff member's own e-mail) or an
 * unsubscribe page (a customer's). `oneClickUrl` adds RFC 8058's List-Unsubscribe headers: the address a mail
 * provider POSTs to when its reader clicks its own "Unsubscribe".
 */
export interface LetterFooter {
  note: string;
  link: string;
  label: string;
  oneClickUrl?: string;
}

export interface Letter {
  id?: string;
  to: string;
  subject: string;
  from: Letterhead;
  body: LetterPart[];
  footer?: LetterFooter;
  attachments?: MailAttachment[];
}

export function letter({ id, to, subject, from, body, footer, attachments }: Letter): MailMessage {
  const parts = body.filter((part): part is Exclude<LetterPart, null | undefined | false> => !!part);
  const text = [
    ...parts.map(partText),
    `-- \n${from.name}`,
    ...(footer ? [`${footer.note}\n${footer.label}: ${footer.link}`] : []),
  ];
  return {
    ...(id ? { id } : {}),
    to,
    subject,
    text: text.join('\n\n') + '\n',
    html: page(subject, from, parts.map(partHtml).join(''), footer),
    ...(footer?.oneClickUrl
      ? {
          headers: {
            'List-Unsubscribe': `<${footer.oneClickUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
    ...(attachments?.length ? { attachments } : {}),
  };
}

/** Names, job titles and addresses are typed by people: never markup in an e-mail's HTML. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Line = ListItem['lines'][number];
const isLine = (line: Line): line is Exclude<Line, null | false> => !!line;

/** Text of several lines (a job's notes): a list item's lines stay under its title in text; broken in HTML. */
const indent = (text: string) => text.replace(/\n/g, '\n   ');
const withBreaks = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');

function partText(part: Exclude<LetterPart, null | undefined | false>): string {
  if (typeof part === 'string') return part;
  if ('link' in part) return part.lead ? `${part.lead}\n${part.link}` : `${part.label}: ${part.link}`;
  if ('lines' in part) return part.lines.join('\n');
  return part.list
    .map((item, i) =>
      [
        `${i + 1}. ${item.title}`,
        ...item.lines
          .filter(isLine)
          .map((line) =>
            typeof line === 'string'
              ? `   ${indent(line)}`
              : `   ${line.label}: ${indent(line.text)}${line.url ? `\n   ${line.link ?? 'Link'}: ${line.url}` : ''}`,
          ),
      ].join('\n'),
    )
    .join('\n\n');
}

const P = 'margin:0 0 16px;';
const A = 'color:#1864ab;';

const anchor = (url: string, label: string) => `<a href="${escapeHtml(url)}" style="${A}">${escapeHtml(label)}</a>`;

function partHtml(part: Exclude<LetterPart, null | undefined | false>): string {
  if (typeof part === 'string') return `<p style="${P}">${withBreaks(part)}</p>`;
  if ('link' in part)
    return `<p style="${P}">${part.lead ? `${escapeHtml(part.lead)}<br>` : ''}${anchor(part.link, part.label)}</p>`;
  if ('lines' in part) return `<p style="${P}">${part.lines.map(escapeHtml).join('<br>')}</p>`;
  const items = part.list.map(
    (item) =>
      `<li style="margin:0 0 12px;"><strong>${escapeHtml(item.title)}</strong>` +
      item.lines
        .filter(isLine)
        .map((line) =>
          typeof line === 'string'
            ? `<br>${withBreaks(line)}`
            : `<br>${escapeHtml(line.label)}: ${line.url ? anchor(line.url, line.text) : withBreaks(line.text)}`,
        )
        .join('') +
      '</li>',
  );
  return `<ol style="${P}padding-left:20px;">${items.join('')}</ol>`;
}

/** Tables and inline styles: what e-mail clients (Outlook's Word engine included) lay out alike. */
function page(subject: string, from: Letterhead, body: string, footer: LetterFooter | undefined): string {
  const head = from.logoUrl
    ? `<img src="${escapeHtml(from.logoUrl)}" alt="${escapeHtml(from.name)}" height="40" style="display:block;height:40px;max-width:220px;border:0;">`
    : `<strong style="font-size:18px;">${escapeHtml(from.name)}</strong>`;
  const foot = footer ? `<br>${escapeHtml(footer.note)} ${anchor(footer.link, footer.label)}` : '';
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(subject)}</title></head>` +
    '<body style="margin:0;padding:0;background:#f1f3f5;">' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5;">' +
    '<tr><td align="center" style="padding:24px 12px;">' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;' +
    "border:1px solid #dee2e6;border-radius:8px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto," +
    'Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#212529;">' +
    `<tr><td style="padding:20px 24px;border-bottom:1px solid #dee2e6;">${head}</td></tr>` +
    `<tr><td style="padding:24px 24px 8px;">${body}</td></tr>` +
    '<tr><td style="padding:16px 24px;border-top:1px solid #dee2e6;font-size:13px;color:#495057;">' +
    `${escapeHtml(from.name)}${foot}</td></tr>` +
    '</table></td></tr></table></body></html>'
  );
}

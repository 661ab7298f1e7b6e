import { letter, type Letter } from './letter';

const base: Letter = {
  id: 'letter-test',
  to: 'rae@example.test',
  subject: 'Your visit',
  from: { name: 'Maple Lawns', logoUrl: null },
  body: ['Hello Rae,'],
};

/** The HTML's visible text, roughly: tags dropped, entities decoded. */
const visible = (html: string) =>
  html
    .replace(/<br>/g, '\n')
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('letter', () => {
  it('writes the text and the HTML from the same parts, signed with the sender’s name', () => {
    const mail = letter({
      ...base,
      body: [
        'Hello Rae,',
        'Two lines\nof one paragraph.',
        { lead: 'See it here:', link: 'https://app.test/share/booking/b1', label: 'Your visit' },
        { link: 'https://app.test/account/login', label: 'Sign in' },
        { lines: ['Gutter cleaning', 'Was: Monday', 'Now: Tuesday'] },
      ],
      attachments: [{ filename: 'visit.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
    });
    expect(mail).toMatchObject({ id: 'letter-test', to: 'rae@example.test', subject: 'Your visit' });
    expect(mail.text).toBe(
      'Hello Rae,\n\nTwo lines\nof one paragraph.\n\nSee it here:\nhttps://app.test/share/booking/b1\n\n' +
        'Sign in: https://app.test/account/login\n\nGutter cleaning\nWas: Monday\nNow: Tuesday\n\n-- \nMaple Lawns\n',
    );
    const html = mail.html!;
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(html).toContain('<title>Your visit</title>');
    expect(html).toContain('>Hello Rae,</p>');
    expect(html).toContain('>Two lines<br>of one paragraph.</p>');
    expect(html).toMatch(
      />See it here:<br><a href="https:\/\/app\.test\/share\/booking\/b1"[^>]*>Your visit<\/a><\/p>/,
    );
    expect(html).toMatch(/<a href="https:\/\/app\.test\/account\/login"[^>]*>Sign in<\/a>/);
    expect(html).toContain('>Gutter cleaning<br>Was: Monday<br>Now: Tuesday</p>');
    // The paragraphs in the same order in both.
    const order = (s: string) =>
      ['Hello Rae', 'Two lines', 'See it here', 'Sign in', 'Gutter cleaning'].map((w) => s.indexOf(w));
    expect(order(visible(html))).toEqual([...order(visible(html))].sort((a, b) => a - b));
    expect(order(mail.text)).toEqual([...order(mail.text)].sort((a, b) => a - b));
    expect(mail.attachments).toEqual([
      { filename: 'visit.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' },
    ]);
    expect(mail.headers).toBeUndefined();
  });

  it('escapes what people typed in the HTML and leaves it as typed in the text', () => {
    const name = 'Tom & Jerry\'s <script>alert("x")</script>';
    const mail = letter({
      ...base,
      subject: `${name} says hello`,
      from: { name, logoUrl: 'https://app.test/api/mail-logo/o1/f1?a=1&b="2"' },
      body: [`${name} is on the way.`, { lead: name, link: 'https://app.test/x?a=1&b=2', label: name }],
      footer: { note: `A customer of ${name}.`, link: 'https://app.test/unsubscribe/t', label: 'Unsubscribe' },
    });
    expect(mail.text).toContain(`${name} is on the way.`);
    expect(mail.text).toContain(`${name}\nhttps://app.test/x?a=1&b=2`);
    expect(mail.text).toContain(`-- \n${name}\n`);
    expect(mail.text).toContain(`A customer of ${name}.`);
    const html = mail.html!;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('"x"');
    expect(html).toContain('Tom &amp; Jerry&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; is on the way.');
    expect(html).toContain('<title>Tom &amp; Jerry&#39;s &lt;script&gt;');
    expect(html).toContain('href="https://app.test/x?a=1&amp;b=2"');
    expect(html).toContain('src="https://app.test/api/mail-logo/o1/f1?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('alt="Tom &amp; Jerry&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"');
  });

  it('heads the letter with the logo (its alt the name) when there is one, else the name in bold', () => {
    const withLogo = letter({
      ...base,
      from: { name: 'Maple Lawns', logoUrl: 'https://app.test/api/mail-logo/o1/f1' },
    });
    expect(withLogo.html).toMatch(/<img src="https:\/\/app\.test\/api\/mail-logo\/o1\/f1" alt="Maple Lawns"[^>]*>/);
    expect(withLogo.html).not.toMatch(/<strong[^>]*>Maple Lawns<\/strong>/);
    const withoutLogo = letter(base);
    expect(withoutLogo.html).not.toContain('<img');
    expect(withoutLogo.html).toMatch(/<strong[^>]*>Maple Lawns<\/strong>/);
    // The text has no letterhead: the signature names the sender.
    expect(withLogo.text).toBe('Hello Rae,\n\n-- \nMaple Lawns\n');
  });

  it('ends with the footer in both parts; a one-click address adds the List-Unsubscribe headers', () => {
    const footer = {
      note: 'You get this e-mail as a customer of Maple Lawns. No more visit reminders or feedback requests?',
      link: 'https://app.test/unsubscribe/tok',
      label: 'Unsubscribe',
    };
    const plain = letter({ ...base, footer });
    expect(
      plain.text.endsWith(`-- \nMaple Lawns\n\n${footer.note}\nUnsubscribe: https://app.test/unsubscribe/tok\n`),
    ).toBe(true);
    expect(plain.html).toContain(footer.note);
    expect(plain.html).toMatch(/<a href="https:\/\/app\.test\/unsubscribe\/tok"[^>]*>Unsubscribe<\/a>/);
    expect(plain.headers).toBeUndefined();

    const oneClick = letter({ ...base, footer: { ...footer, oneClickUrl: 'https://app.test/api/unsubscribe/tok' } });
    expect(oneClick.headers).toEqual({
      'List-Unsubscribe': '<https://app.test/api/unsubscribe/tok>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.text).toBe(plain.text);
    expect(oneClick.html).toBe(plain.html);
  });

  it('leaves out falsy parts and list lines', () => {
    const mail = letter({
      ...base,
      id: undefined,
      body: ['Hello Rae,', null, undefined, false, 'Bye.', { list: [{ title: 'Job', lines: [null, false, 'Kept'] }] }],
    });
    expect(mail.id).toBeUndefined();
    expect(mail.attachments).toBeUndefined();
    expect(mail.text).toBe('Hello Rae,\n\nBye.\n\n1. Job\n   Kept\n\n-- \nMaple Lawns\n');
    expect(mail.html!.match(/<p /g)).toHaveLength(2);
  });

  it('numbers a list in the text and writes an ordered list in the HTML, a line’s link on its text', () => {
    const mail = letter({
      ...base,
      body: [
        {
          list: [
            {
              title: '8:30 AM–9:30 AM  Gutter cleaning',
              lines: [
                'Customer: Maple Homes',
                { label: 'Address', text: '12 Elm St', link: 'Map', url: 'https://maps.test/?q=12%20Elm' },
                'Notes: Side gate\ncode 42',
              ],
            },
            { title: '1:00 PM–2:00 PM  Hedge trim', lines: [{ label: 'Address', text: '3 Oak', url: 'https://m/3' }] },
          ],
        },
      ],
    });
    expect(mail.text).toBe(
      '1. 8:30 AM–9:30 AM  Gutter cleaning\n   Customer: Maple Homes\n   Address: 12 Elm St\n' +
        '   Map: https://maps.test/?q=12%20Elm\n   Notes: Side gate\n   code 42\n\n' +
        '2. 1:00 PM–2:00 PM  Hedge trim\n   Address: 3 Oak\n   Link: https://m/3\n\n-- \nMaple Lawns\n',
    );
    const html = mail.html!;
    expect(html).toMatch(
      /<ol[^>]*><li[^>]*><strong>8:30 AM–9:30 AM {2}Gutter cleaning<\/strong><br>Customer: Maple Homes<br>Address: <a href="https:\/\/maps\.test\/\?q=12%20Elm"[^>]*>12 Elm St<\/a><br>Notes: Side gate<br>code 42<\/li><li[^>]*><strong>1:00 PM–2:00 PM {2}Hedge trim<\/strong><br>Address: <a href="https:\/\/m\/3"[^>]*>3 Oak<\/a><\/li><\/ol>/,
    );
  });
});

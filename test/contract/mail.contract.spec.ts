import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MailMessage } from '../../src/core/mail/mail.port';
import { OutboxMailer } from '../../src/core/mail/outbox-mailer';
import { SmtpMailer } from '../../src/core/mail/smtp-mailer';
import { startSmtpServer } from '../support/smtp-server';

/** The mail port's adapters carry a message's attachments: the outbox file keeps them, SMTP sends them as MIME parts. */
const ICS = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nSUMMARY:Window cleaning\\, façade\r\nEND:VCALENDAR\r\n';
const message: MailMessage = {
  id: 'booking-attachment-test',
  to: 'vera@example.test',
  subject: 'Booked: Window cleaning',
  text: 'Your visit is booked.',
  attachments: [{ filename: 'visit.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: ICS }],
};

describe('mail adapters and attachments', () => {
  it('the outbox adapter writes the attachment into the message file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crewclock-outbox-'));
    try {
      await new OutboxMailer(dir).send(message);
      const written = JSON.parse(readFileSync(join(dir, 'booking-attachment-test.json'), 'utf8'));
      expect(written.attachments).toEqual(message.attachments);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the SMTP adapter sends the attachment as a MIME part of its type, byte for byte', async () => {
    const smtp = await startSmtpServer();
    try {
      await new SmtpMailer(smtp.url, 'CrewClock <no-reply@crewclock.test>').send(message);
      const [mail] = smtp.received;
      expect(mail.to).toEqual(['vera@example.test']);
      const data = mail.data.replace(/\n/g, '\r\n');
      const headerAt = data.search(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
      expect(headerAt).toBeGreaterThan(0);
      const part = data.slice(headerAt);
      expect(part).toMatch(/filename=visit\.ics/);
      expect(part).toMatch(/Content-Transfer-Encoding: base64/i);
      const body = part.slice(part.indexOf('\r\n\r\n') + 4, part.indexOf('\r\n--'));
      expect(Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')).toBe(ICS);
    } finally {
      await smtp.close();
    }
  });

  it("the SMTP adapter sends a message's extra headers (RFC 8058's one-click unsubscribe)", async () => {
    const smtp = await startSmtpServer();
    try {
      const url = 'https://crewclock.test/api/unsubscribe/some-token';
      await new SmtpMailer(smtp.url, 'CrewClock <no-reply@crewclock.test>').send({
        ...message,
        headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      const head = smtp.received[0].data.split(/\r?\n\r?\n/)[0].replace(/\r?\n\s+/g, ' ');
      expect(head).toContain(`List-Unsubscribe: <${url}>`);
      expect(head).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      await smtp.close();
    }
  });
});

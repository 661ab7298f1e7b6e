import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';

/**
 * Log positions on the wire, as opaque per-organization tokens. A global position counts every event of every
 * organization: handed out as a number, the difference between two of them told an organization how much the
 * others did in between. A token is the position encrypted (AES-256, one block: the position and eight zero bytes)
 * with a key of the organization's own, derived from the server's secret: the same position always gives the same
 * token (links and exports stay stable), another organization's token or a made-up one does not decode, and nothing
 * about the position shows. 32 lower-case hexadecimal digits: nothing a spreadsheet reads as a formula (a
 * base64 token could begin with '-') and nothing a URL has to escape.
 */
export class PositionTokens {
  constructor(private readonly secret: string) {}

  encode(organizationId: string, position: number): string {
    const block = Buffer.alloc(16);
    block.writeBigUInt64BE(BigInt(Math.max(0, Math.floor(position))), 0);
    const cipher = createCipheriv('aes-256-ecb', this.keyOf(organizationId), null).setAutoPadding(false);
    return Buffer.concat([cipher.update(block), cipher.final()]).toString('hex');
  }

  /** The position a token of this organization stands for, or null for anything else. */
  decode(organizationId: string, token: unknown): number | null {
    if (typeof token !== 'string' || !TOKEN.test(token)) return null;
    const bytes = Buffer.from(token, 'hex');
    if (bytes.length !== 16) return null;
    const decipher = createDecipheriv('aes-256-ecb', this.keyOf(organizationId), null).setAutoPadding(false);
    const block = Buffer.concat([decipher.update(bytes), decipher.final()]);
    if (block.readBigUInt64BE(8) !== 0n) return null;
    const position = block.readBigUInt64BE(0);
    return position <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(position) : null;
  }

  /** A coder bound to one organization. */
  of(organizationId: string): PositionCodec {
    return {
      encode: (position) => this.encode(organizationId, position),
      decode: (token) => this.decode(organizationId, token),
    };
  }

  private keyOf(organizationId: string): Buffer {
    return createHmac('sha256', this.secret).update(`as-of position of ${organizationId}`).digest();
  }
}

/** Positions of one organization, to and from their tokens. */
export interface PositionCodec {
  encode(position: number): string;
  decode(token: unknown): number | null;
}

const TOKEN = /^[0-9a-f]{32}$/;

export const POSITION_TOKENS = Symbol('PositionTokens');

import { describe, expect, it } from 'vitest';
import { confirmPath, ticketFromLink } from './qr-link';

const ticket = 'AbCdEfGhIjKlMnOpQrSt_-';

describe('ticketFromLink', () => {
  it('reads the ticket from a confirm link, with or without the tenant', () => {
    expect(ticketFromLink(`https://lintel.example/qr/confirm?ticket=${ticket}`)).toBe(ticket);
    expect(ticketFromLink(`  http://127.0.0.1:5005/qr/confirm?ticket=${ticket}&tid=1300000009001 `)).toBe(
      ticket,
    );
    expect(ticketFromLink(ticket)).toBe(ticket);
  });

  it('refuses other links, schemes and malformed tickets', () => {
    expect(ticketFromLink(`https://lintel.example/login?ticket=${ticket}`)).toBeNull();
    expect(ticketFromLink(`javascript:alert(1)//qr/confirm?ticket=${ticket}`)).toBeNull();
    expect(ticketFromLink('https://lintel.example/qr/confirm?ticket=short')).toBeNull();
    expect(ticketFromLink('hello')).toBeNull();
    expect(ticketFromLink('')).toBeNull();
  });

  it('builds the in-app confirm address', () => {
    expect(confirmPath(ticket)).toBe(`/qr/confirm?ticket=${ticket}`);
  });
});

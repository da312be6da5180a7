import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { filePolicy } from './file.policy.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
const accepted = (name: string, data: Buffer, allow?: string) =>
  refusal(() => filePolicy.acceptedSuffix(name, data, allow));

describe('file policy', () => {
  it('accepts a file whose content is what its extension says, by the lower-case suffix', () => {
    expect(filePolicy.acceptedSuffix('Photo.PNG', PNG, undefined)).toBe('png');
    expect(filePolicy.acceptedSuffix('report.pdf', PDF, '.pdf,.docx')).toBe('pdf');
    expect(filePolicy.acceptedSuffix('notes.txt', Buffer.from('plain text\n'), undefined)).toBe('txt');
  });

  it('refuses content that does not match the extension', () => {
    expect(accepted('photo.png', PDF)).toBe('files.contentMismatch');
    expect(accepted('report.pdf', PNG)).toBe('files.contentMismatch');
    expect(accepted('notes.txt', Buffer.from([0x41, 0x00, 0x42]))).toBe('files.contentMismatch');
    expect(accepted('notes.txt', Buffer.from([0xc3, 0x28]))).toBe('files.contentMismatch');
  });

  it('refuses extensions off the list (pages and scripts never), and outside allowSuffix', () => {
    for (const name of ['page.html', 'icon.svg', 'run.exe', 'script.js', 'noextension'])
      expect(accepted(name, Buffer.from('x')), name).toBe('files.suffixRefused');
    expect(accepted('photo.png', PNG, 'jpg,.pdf')).toBe('files.suffixRefused');
    // allowSuffix cannot widen the server's list.
    expect(accepted('page.html', Buffer.from('<p>'), '.html')).toBe('files.suffixRefused');
  });

  it('refuses empty files', () => {
    expect(accepted('empty.txt', Buffer.alloc(0))).toBe('files.empty');
  });

  it('keeps the visibility of avatars, signatures and logos; file centre files take the flag', () => {
    expect(refusal(() => filePolicy.assertVisibilityChange({ kind: 'avatar', isPublic: false }, true))).toBe(
      'files.visibilityFixed',
    );
    expect(refusal(() => filePolicy.assertVisibilityChange({ kind: 'avatar', isPublic: false }, false))).toBe(
      undefined,
    );
    expect(refusal(() => filePolicy.assertVisibilityChange({ kind: 'file', isPublic: false }, true))).toBe(
      undefined,
    );
  });

  it('keeps files in use', () => {
    expect(refusal(() => filePolicy.assertDeletable(true))).toBe('files.inUse');
    expect(refusal(() => filePolicy.assertDeletable(false))).toBe(undefined);
  });
});

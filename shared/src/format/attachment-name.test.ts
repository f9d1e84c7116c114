import { describe, expect, it } from 'vitest';
import { attachmentName } from './attachment-name.ts';

describe('attachmentName (spec §5: 12 characters without extension)', () => {
  it('drops the extension and cuts to 12 characters', () => {
    expect(attachmentName('quarterly-report-2026.pdf')).toBe('quarterly-re');
  });

  it('keeps short names whole', () => {
    expect(attachmentName('notes.txt')).toBe('notes');
  });

  it('keeps a name with no extension', () => {
    expect(attachmentName('README')).toBe('README');
    expect(attachmentName('averyveryverylongname')).toBe('averyveryver');
  });

  it('drops only the last extension when there are several dots', () => {
    expect(attachmentName('a.b.pdf')).toBe('a.b');
    expect(attachmentName('archive.tar.gz')).toBe('archive.tar');
    expect(attachmentName('report.final.v2.docx')).toBe('report.final');
  });

  it('does not treat a leading dot as an extension', () => {
    expect(attachmentName('.env')).toBe('.env');
  });

  it('keeps only the last segment of a path or address', () => {
    expect(attachmentName('/uploads/ab12/photo.png')).toBe('photo');
  });

  it('returns empty for nothing', () => {
    expect(attachmentName(undefined)).toBe('');
    expect(attachmentName('')).toBe('');
  });
});

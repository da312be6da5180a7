import type { FileRow } from '@lintel/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { FilePreviewModal } from './file-preview-modal';

const media = (over: Partial<FileRow>): FileRow => ({
  id: '1300000000950',
  provider: 'local',
  bucketName: null,
  fileName: 'media',
  suffix: '',
  filePath: 'media',
  sizeKb: 40,
  sizeInfo: '40.0 KB',
  url: `/upload/1300000000101/file/${'cd'.repeat(16)}`,
  fileMd5: null,
  fileType: null,
  fileAlias: null,
  isPublic: false,
  dataId: null,
  kind: 'file',
  contentType: 'application/octet-stream',
  family: 'document',
  createUserName: 'Admin',
  createTime: '2026-11-01T08:00:00+08:00',
  updateTime: null,
  ...over,
});

const video = media({
  fileName: 'walkthrough.webm',
  suffix: 'webm',
  url: `/upload/1300000000101/file/${'cd'.repeat(16)}.webm`,
  contentType: 'video/webm',
  family: 'video',
});
const audio = media({
  fileName: 'voice.mp3',
  fileAlias: 'Board meeting',
  suffix: 'mp3',
  url: `/upload/1300000000101/file/${'ef'.repeat(16)}.mp3`,
  contentType: 'audio/mpeg',
  family: 'audio',
});

describe('file preview', () => {
  it('plays a video in a <video> with controls from its served address', async () => {
    const onDownload = vi.fn();
    await renderPage(<FilePreviewModal file={video} onDownload={onDownload} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const player = dialog.querySelector('video');
    expect(player).not.toBeNull();
    expect(player!.getAttribute('src')).toBe(video.url);
    expect(player!.hasAttribute('controls')).toBe(true);
    // Only the metadata until played: the server answers the rest in Range requests.
    expect(player!.getAttribute('preload')).toBe('metadata');
    expect(player!.getAttribute('aria-label')).toBe('walkthrough.webm');
    expect(dialog.querySelector('audio, img, iframe')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /Download/ }));
    expect(onDownload).toHaveBeenCalledWith(video);
  });

  it('plays audio in an <audio> with controls, named by its alias', async () => {
    await renderPage(<FilePreviewModal file={audio} onDownload={() => {}} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const player = dialog.querySelector('audio');
    expect(player).not.toBeNull();
    expect(player!.getAttribute('src')).toBe(audio.url);
    expect(player!.hasAttribute('controls')).toBe(true);
    expect(player!.getAttribute('preload')).toBe('metadata');
    expect(player!.getAttribute('aria-label')).toBe('Board meeting');
    expect(dialog.querySelector('video, img, iframe')).toBeNull();
  });
});

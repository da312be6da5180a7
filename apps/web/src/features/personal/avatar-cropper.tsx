import { UploadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { UPLOAD_MAX_BYTES } from '@lintel/contracts';
import { Button, Flex, Modal, Slider, Typography } from 'antd';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../shared/api/notify';
import { clampCrop, MAX_ZOOM, MIN_ZOOM, scaleOf, sourceRect, type CropState } from './crop-math';

/** The viewport in CSS pixels, and the exported avatar's size. */
const VIEW = 280;
const OUTPUT = 256;
const ACCEPT = ['image/png', 'image/jpeg', 'image/webp'];

interface Props {
  open: boolean;
  onCancel: () => void;
  onSave: (png: Blob) => Promise<unknown>;
}

/** Choose an image, drag and zoom it inside a square, save the square as a 256x256 PNG. */
export function AvatarCropper({ open, onCancel, onSave }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<{ url: string; image: HTMLImageElement }>();
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const [saving, setSaving] = useState(false);
  const drag = useRef<{ x: number; y: number; start: CropState }>(undefined);

  useEffect(() => () => source && URL.revokeObjectURL(source.url), [source]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!ACCEPT.includes(file.type)) return notifier().error(t('personal.avatar.typeRefused'));
    if (file.size > UPLOAD_MAX_BYTES) return notifier().error(t('personal.avatar.tooLarge'));
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      setSource({ url, image });
      setCrop({ zoom: 1, x: 0, y: 0 });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      notifier().error(t('personal.avatar.unreadable'));
    };
    image.src = url;
  };

  const set = (next: CropState) =>
    source && setCrop(clampCrop(next, source.image.naturalWidth, source.image.naturalHeight, VIEW));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, start: crop };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d) set({ ...d.start, x: d.start.x + event.clientX - d.x, y: d.start.y + event.clientY - d.y });
  };

  const save = async () => {
    if (!source) return;
    const { naturalWidth: w, naturalHeight: h } = source.image;
    const { sx, sy, size } = sourceRect(crop, w, h, VIEW);
    const canvas = document.createElement('canvas');
    canvas.width = OUTPUT;
    canvas.height = OUTPUT;
    canvas.getContext('2d')?.drawImage(source.image, sx, sy, size, size, 0, 0, OUTPUT, OUTPUT);
    setSaving(true);
    try {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error(t('personal.avatar.unreadable'));
      await onSave(blob);
    } finally {
      setSaving(false);
    }
  };

  const scale = source ? scaleOf(source.image.naturalWidth, source.image.naturalHeight, VIEW, crop.zoom) : 1;
  return (
    <Modal
      open={open}
      title={t('personal.avatar.title')}
      onCancel={onCancel}
      // Each opening starts from an empty dialog.
      afterClose={() => {
        setSource(undefined);
        setCrop({ zoom: 1, x: 0, y: 0 });
      }}
      onOk={() => void save().catch(() => undefined)}
      okText={t('personal.avatar.save')}
      okButtonProps={{ disabled: !source, loading: saving }}
      destroyOnHidden
    >
      <Flex vertical align="center" gap={12}>
        <input
          ref={input}
          type="file"
          accept={ACCEPT.join(',')}
          hidden
          data-testid="avatar-file"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <div
          data-testid="avatar-crop-view"
          style={{
            width: VIEW,
            height: VIEW,
            position: 'relative',
            overflow: 'hidden',
            borderRadius: 8,
            background: 'var(--ant-color-fill-tertiary, #f5f5f5)',
            cursor: source ? 'grab' : 'default',
            touchAction: 'none',
          }}
          onPointerDown={source ? onPointerDown : undefined}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = undefined)}
          onPointerCancel={() => (drag.current = undefined)}
          onWheel={(event) => set({ ...crop, zoom: crop.zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1) })}
        >
          {source ? (
            <img
              src={source.url}
              alt=""
              draggable={false}
              style={{
                position: 'absolute',
                left: VIEW / 2 + crop.x - (source.image.naturalWidth * scale) / 2,
                top: VIEW / 2 + crop.y - (source.image.naturalHeight * scale) / 2,
                width: source.image.naturalWidth * scale,
                height: source.image.naturalHeight * scale,
                maxWidth: 'none',
                userSelect: 'none',
                pointerEvents: 'none',
              }}
            />
          ) : (
            <Flex align="center" justify="center" style={{ height: '100%' }}>
              <Typography.Text type="secondary">{t('personal.avatar.empty')}</Typography.Text>
            </Flex>
          )}
          {source && (
            // The avatar is shown round: dim what the circle leaves out (the PNG keeps the square).
            <div
              aria-hidden
              style={{
                position: 'absolute',
                inset: 0,
                borderRadius: '50%',
                boxShadow: '0 0 0 200px rgba(0, 0, 0, 0.35)',
                border: '1px solid rgba(255, 255, 255, 0.8)',
                pointerEvents: 'none',
              }}
            />
          )}
        </div>
        <Flex align="center" gap={8} style={{ width: VIEW }}>
          <ZoomOutOutlined />
          <Slider
            style={{ flex: 1 }}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.01}
            value={crop.zoom}
            disabled={!source}
            onChange={(zoom) => set({ ...crop, zoom })}
            aria-label={t('personal.avatar.zoom')}
          />
          <ZoomInOutlined />
        </Flex>
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          {t('personal.avatar.choose')}
        </Button>
        <Typography.Text type="secondary">{t('personal.avatar.hint')}</Typography.Text>
      </Flex>
    </Modal>
  );
}

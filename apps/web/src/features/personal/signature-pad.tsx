import { ClearOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { ColorPicker, Button, Empty, Flex, Image, Slider, Space, Typography } from 'antd';
import { useEffect, useReducer, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { notifier } from '../../shared/api/notify';
import { emptySignature, paintStrokes, signatureReducer } from './signature-strokes';

/** The drawing surface in canvas pixels; CSS scales it to the card's width. */
const WIDTH = 640;
const HEIGHT = 240;

interface Props {
  /** The saved signature's URL, shown beside the pad. */
  saved: string | null;
  onSave: (png: Blob) => Promise<unknown>;
}

/**
 * Handwritten electronic signature (SPEC 2 personal centre): pointer events (mouse, pen, touch),
 * brush thickness and colour, undo, clear; saved as a transparent PNG.
 */
export function SignaturePad({ saved, onSave }: Props) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, dispatch] = useReducer(signatureReducer, emptySignature);
  const [width, setWidth] = useState(3);
  const [color, setColor] = useState('#1f1f1f');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) paintStrokes(ctx, state.strokes, WIDTH, HEIGHT);
  }, [state.strokes]);

  /** The pointer's position in canvas pixels, whatever size CSS gives the canvas. */
  const at = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / (box.width || WIDTH)) * WIDTH,
      y: ((event.clientY - box.top) / (box.height || HEIGHT)) * HEIGHT,
    };
  };

  const save = async () => {
    const element = canvas.current;
    if (!element || state.strokes.length === 0) return;
    setSaving(true);
    try {
      const blob = await new Promise<Blob | null>((resolve) => element.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error(t('personal.signature.exportFailed'));
      await onSave(blob);
      notifier().success(t('personal.signature.saved'));
      dispatch({ type: 'clear' });
    } catch (error) {
      // The API client has already shown its own failures.
      if (!(error instanceof ApiError))
        notifier().error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="signature-pad">
      <Space wrap size="middle">
        <Space>
          <Typography.Text>{t('personal.signature.thickness')}</Typography.Text>
          <Slider
            min={1}
            max={12}
            value={width}
            onChange={setWidth}
            style={{ width: 140 }}
            aria-label={t('personal.signature.thickness')}
          />
        </Space>
        <Space>
          <Typography.Text>{t('personal.signature.color')}</Typography.Text>
          <ColorPicker value={color} onChange={(value) => setColor(value.toHexString())} disabledAlpha />
        </Space>
        <Button
          icon={<UndoOutlined />}
          onClick={() => dispatch({ type: 'undo' })}
          disabled={!state.strokes.length}
        >
          {t('personal.signature.undo')}
        </Button>
        <Button
          icon={<ClearOutlined />}
          onClick={() => dispatch({ type: 'clear' })}
          disabled={!state.strokes.length}
        >
          {t('personal.signature.clear')}
        </Button>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          onClick={() => void save()}
          loading={saving}
          disabled={!state.strokes.length}
        >
          {t('personal.signature.save')}
        </Button>
      </Space>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        data-testid="signature-canvas"
        aria-label={t('personal.signature.area')}
        style={{
          width: '100%',
          maxWidth: WIDTH,
          aspectRatio: `${WIDTH} / ${HEIGHT}`,
          border: '1px dashed var(--ant-color-border, #d9d9d9)',
          borderRadius: 8,
          background: 'repeating-linear-gradient(0deg, transparent 0 47px, rgba(0,0,0,0.04) 47px 48px)',
          touchAction: 'none',
          cursor: 'crosshair',
        }}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          dispatch({ type: 'start', ...at(event), color, width });
        }}
        onPointerMove={(event) => state.drawing && dispatch({ type: 'move', ...at(event) })}
        onPointerUp={() => dispatch({ type: 'end' })}
        onPointerCancel={() => dispatch({ type: 'end' })}
      />
      <div>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('personal.signature.current')}
        </Typography.Title>
        {saved ? (
          <Image
            src={saved}
            alt={t('personal.signature.current')}
            width={320}
            data-testid="saved-signature"
            style={{ border: '1px solid var(--ant-color-border-secondary, #f0f0f0)', borderRadius: 8 }}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('personal.signature.none')} />
        )}
      </div>
    </Flex>
  );
}

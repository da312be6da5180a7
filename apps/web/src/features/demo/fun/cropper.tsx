import { DownloadOutlined, ScissorOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Row, Slider, Space } from 'antd';
import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { DemoCard } from '../demo-card';
import { cropToDataUrl, loadImage, samplePicture } from './crop-image';

/** Image cropping with react-easy-crop: choose a picture, frame it, crop, see and download the result. */
export default function CropperDemo() {
  const { t } = useTranslation();
  const [source, setSource] = useState<string>(() => samplePicture());
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [result, setResult] = useState<string | null>(null);

  // An object URL of a chosen file lives until another replaces it.
  useEffect(
    () => () => {
      if (source.startsWith('blob:')) URL.revokeObjectURL(source);
    },
    [source],
  );

  const choose = (file: File | undefined) => {
    if (!file || !file.type.startsWith('image/')) return;
    setSource(URL.createObjectURL(file));
    setResult(null);
  };
  const cut = async () => {
    if (!area) return;
    setResult(cropToDataUrl(await loadImage(source), area));
  };

  return (
    <DemoCard title="routes.demoCropper" intro="demo.cropper.intro">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={14}>
          <div style={{ position: 'relative', height: 320, background: '#333' }} data-testid="cropper">
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              aspect={1}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          </div>
          <Space wrap style={{ marginTop: 12, width: '100%' }}>
            <label className="ant-btn ant-btn-default" style={{ cursor: 'pointer' }}>
              <UploadOutlined /> {t('demo.cropper.choose')}
              <input
                type="file"
                accept="image/*"
                style={{ display: 'none' }}
                onChange={(e) => choose(e.target.files?.[0])}
              />
            </label>
            <span id="demo-zoom">{t('demo.cropper.zoom')}</span>
            <Slider
              style={{ width: 160 }}
              min={1}
              max={3}
              step={0.1}
              value={zoom}
              onChange={setZoom}
              ariaLabelledByForHandle="demo-zoom"
            />
            <Button type="primary" icon={<ScissorOutlined />} disabled={!area} onClick={() => void cut()}>
              {t('demo.cropper.crop')}
            </Button>
          </Space>
        </Col>
        <Col xs={24} md={10}>
          {result ? (
            <Space orientation="vertical">
              <img
                src={result}
                alt={t('demo.cropper.result')}
                style={{ maxWidth: '100%', width: 240 }}
                data-testid="crop-result"
              />
              <Button icon={<DownloadOutlined />} href={result} download="cropped.png">
                {t('demo.cropper.download')}
              </Button>
            </Space>
          ) : (
            <Empty description={t('demo.cropper.none')} />
          )}
        </Col>
      </Row>
    </DemoCard>
  );
}

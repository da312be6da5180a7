import { DownloadOutlined } from '@ant-design/icons';
import { Button, Col, Input, Row, Slider, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qrSvg } from '../../../shared/print/print-codes';
import { DemoCard } from '../demo-card';

/** QR codes with the product's own generator (the print templates' QR element): text, size, download. */
export default function QrCodeDemo() {
  const { t } = useTranslation();
  const [text, setText] = useState(() => window.location.origin);
  const [size, setSize] = useState(200);
  // Empty for no text, or for more than a QR code holds.
  const src = useMemo(() => {
    const svg = qrSvg(text);
    return svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : null;
  }, [text]);
  return (
    <DemoCard title="routes.demoQrcode" intro="demo.qr.intro">
      <Row gutter={[24, 16]}>
        <Col xs={24} md={12}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <label htmlFor="demo-qr-text">{t('demo.qr.text')}</label>
            <Input.TextArea
              id="demo-qr-text"
              rows={3}
              maxLength={500}
              showCount
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <span id="demo-qr-size">{t('demo.qr.size', { size })}</span>
            <Slider
              min={100}
              max={400}
              step={10}
              value={size}
              onChange={setSize}
              ariaLabelledByForHandle="demo-qr-size"
            />
            <Button icon={<DownloadOutlined />} disabled={!src} href={src ?? undefined} download="qrcode.svg">
              {t('demo.qr.download')}
            </Button>
          </Space>
        </Col>
        <Col xs={24} md={12}>
          {src && (
            <img
              src={src}
              width={size}
              height={size}
              alt={t('demo.qr.alt', { text })}
              data-testid="qr-image"
            />
          )}
        </Col>
      </Row>
    </DemoCard>
  );
}

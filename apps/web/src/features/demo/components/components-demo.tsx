import type { PickedUserRow } from '@lintel/contracts';
import { Card, Col, Row, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickAccounts } from '../../../shared/api/account-picker';
import { DictField } from '../../../shared/dict/dict-field';
import { useDict } from '../../../shared/dict/use-dict';
import { qrSvg } from '../../../shared/print/print-codes';
import { RegionCascader } from '../../../shared/region/region-cascader';
import { MENU_ICON_NAMES, MenuIcon } from '../../../shared/ui/menu-icons';
import { DemoCard } from '../demo-card';

/** The account picker of the message forms: accounts of the tenant by account or real name. */
function AccountPicker() {
  const { t } = useTranslation();
  const [options, setOptions] = useState<PickedUserRow[]>([]);
  return (
    <Select
      showSearch
      allowClear
      style={{ width: '100%' }}
      filterOption={false}
      aria-label={t('demo.components.account')}
      placeholder={t('demo.components.accountHint')}
      onSearch={(keyword) => {
        if (keyword.trim()) void pickAccounts(keyword.trim()).then(setOptions);
      }}
      options={options.map((o) => ({
        value: o.id,
        label: `${o.realName ?? o.account} (${o.account}${o.orgName ? `, ${o.orgName}` : ''})`,
      }))}
    />
  );
}

/** A gallery of the product's own shared components, each live on the tenant's data. */
export default function ComponentsDemo() {
  const { t } = useTranslation();
  const orgTypes = useDict('org_type').data ?? [];
  const [region, setRegion] = useState<string[]>();
  const [orgType, setOrgType] = useState<string | string[] | null>(null);
  const [icon, setIcon] = useState<string | null>(null);
  return (
    <DemoCard title="routes.demoComponents" intro="demo.components.intro">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('demo.components.dictTag')}>
            <DictField code="org_type" mode="tag" value={orgTypes.map((item) => item.value)} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('demo.components.dictField')}>
            <DictField
              code="org_type"
              mode="select"
              value={orgType}
              onChange={setOrgType}
              aria-label={t('demo.components.dictField')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('demo.components.region')}>
            <RegionCascader value={region} onChange={setRegion} aria-label={t('demo.components.region')} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('demo.components.account')}>
            <AccountPicker />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('demo.components.qr')}>
            <img
              alt={t('demo.qr.alt', { text: 'Lintel' })}
              width={96}
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg('Lintel'))}`}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            size="small"
            title={t('demo.components.icons', { count: MENU_ICON_NAMES.length, icon: icon ?? '-' })}
          >
            <Space wrap data-testid="icon-gallery">
              {MENU_ICON_NAMES.map((name) => (
                <Tooltip key={name} title={name}>
                  <button
                    type="button"
                    aria-label={name}
                    aria-pressed={icon === name}
                    onClick={() => setIcon(name)}
                    style={{
                      fontSize: 20,
                      padding: 6,
                      background: 'none',
                      border: '1px solid transparent',
                      cursor: 'pointer',
                    }}
                  >
                    <MenuIcon name={name} />
                  </button>
                </Tooltip>
              ))}
            </Space>
          </Card>
        </Col>
      </Row>
    </DemoCard>
  );
}

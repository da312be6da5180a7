import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Input, Popover, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICON_NAMES, MenuIcon } from '../../../shared/ui/menu-icons';
import { gridTabStop, onIconGridKey } from './icon-grid-keys';

interface Props {
  /** The icon name as the menu table stores it ('SettingOutlined'); empty when none. */
  value?: string | null;
  onChange?(value: string | null): void;
  disabled?: boolean;
  /** From Form.Item: the field's id, so that its label points at (and focuses) the picker. */
  id?: string;
}

/** The names matching a search: case-insensitive, on the name with or without its "Outlined" style. */
export function searchIcons(query: string, names: readonly string[] = MENU_ICON_NAMES): string[] {
  const q = query.trim().toLowerCase().replace(/\s+/g, '');
  if (!q) return [...names];
  return names.filter((name) => name.toLowerCase().includes(q));
}

/**
 * A form control choosing a menu icon: a button showing the current icon opens a searchable grid of
 * the shell's icon catalogue; a click takes the icon and closes the grid.
 */
export function IconPicker({ value, onChange, disabled, id }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const matches = useMemo(() => searchIcons(query), [query]);

  const choose = (name: string | null) => {
    onChange?.(name);
    setOpen(false);
    setQuery('');
  };

  const tabStop = gridTabStop(matches, value);
  const grid = (
    <Flex vertical gap={8} style={{ width: 360 }}>
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('menu.iconSearch')}
        aria-label={t('menu.iconSearch')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div
        style={{ maxHeight: 260, overflowY: 'auto' }}
        role="listbox"
        aria-label={t('menu.icon')}
        onKeyDown={onIconGridKey}
      >
        {matches.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menu.iconNone')} />
        ) : (
          <Flex wrap gap={4}>
            {matches.map((name) => (
              <Tooltip key={name} title={name} mouseEnterDelay={0.4}>
                <Button
                  role="option"
                  aria-selected={name === value}
                  aria-label={name}
                  tabIndex={name === tabStop ? 0 : -1}
                  type={name === value ? 'primary' : 'text'}
                  icon={<MenuIcon name={name} />}
                  onClick={() => choose(name)}
                  style={{ width: 40, height: 40, fontSize: 18 }}
                />
              </Tooltip>
            ))}
          </Flex>
        )}
      </div>
    </Flex>
  );

  return (
    <Flex gap={4} align="center">
      <Popover
        open={open && !disabled}
        onOpenChange={(next) => setOpen(next)}
        trigger="click"
        placement="bottomLeft"
        content={grid}
        destroyOnHidden
      >
        <Button
          id={id}
          disabled={disabled}
          icon={value ? <MenuIcon name={value} /> : undefined}
          // The icon's name shown leads the accessible name (WCAG 2.5.3, label in name).
          aria-label={value ? `${value}, ${t('menu.iconChoose')}` : t('menu.iconChoose')}
          aria-haspopup="listbox"
          aria-expanded={open && !disabled}
          style={{ minWidth: 200, justifyContent: 'flex-start' }}
        >
          {value || <span style={{ color: 'var(--ant-color-text-tertiary)' }}>{t('menu.iconChoose')}</span>}
        </Button>
      </Popover>
      {value && !disabled && (
        <Button
          type="text"
          size="small"
          icon={<CloseCircleFilled />}
          aria-label={t('menu.iconClear')}
          onClick={() => choose(null)}
        />
      )}
    </Flex>
  );
}

import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RowSelection } from './row-selection';

/**
 * The bar above a list while rows are ticked: how many, a way to untick them all, and the actions
 * the user may apply to them. Lists with their own table (trees) place it above it themselves.
 */
export function SelectionBar<T>({ selection }: { selection: RowSelection<T> | undefined }) {
  const { t } = useTranslation();
  if (!selection) return null;
  return (
    <>
      {selection.keys.length > 0 && (
        <Flex
          align="center"
          gap={8}
          wrap
          style={{ marginBottom: 8 }}
          role="toolbar"
          aria-label={t('batch.toolbar')}
          data-testid="selection-bar"
        >
          <Typography.Text role="status">
            {t('listkit.selected', { n: selection.keys.length })}
          </Typography.Text>
          {selection.actions}
          <Button size="small" type="link" onClick={() => selection.onChange([], [])}>
            {t('listkit.clearSelection')}
          </Button>
        </Flex>
      )}
      {selection.overlay}
    </>
  );
}

import { KeyOutlined } from '@ant-design/icons';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { theme } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COLUMN_HEIGHT,
  HEADER_HEIGHT,
  NODE_WIDTH,
  sourceHandle,
  targetHandle,
  type TableNode,
} from './diagram-layout';

const hidden = { opacity: 0, width: 6, height: 6, minWidth: 0, minHeight: 0, border: 0 };

/** A table of the diagram: its name and comment, then one line per column (primary key marked). */
export const TableNodeView = memo(function TableNodeView({ data }: NodeProps<TableNode>) {
  const { token } = theme.useToken();
  const { t } = useTranslation();
  return (
    <div
      style={{
        width: NODE_WIDTH,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        boxShadow: token.boxShadowTertiary,
        fontSize: 12,
        color: token.colorText,
        paddingBottom: 8,
      }}
    >
      <div
        style={{
          height: HEADER_HEIGHT,
          padding: '4px 10px',
          background: token.colorPrimaryBg,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: `${token.borderRadius}px ${token.borderRadius}px 0 0`,
          overflow: 'hidden',
        }}
      >
        <div
          style={{
            fontWeight: 600,
            fontSize: 13,
            whiteSpace: 'nowrap',
            textOverflow: 'ellipsis',
            overflow: 'hidden',
          }}
        >
          {data.name}
        </div>
        <div
          style={{
            color: token.colorTextSecondary,
            whiteSpace: 'nowrap',
            textOverflow: 'ellipsis',
            overflow: 'hidden',
            lineHeight: '14px',
          }}
        >
          {data.comment ?? '\u00a0'}
        </div>
      </div>
      {data.columns.map((column) => (
        <div
          key={column.name}
          title={column.description ?? undefined}
          style={{
            position: 'relative',
            height: COLUMN_HEIGHT,
            display: 'flex',
            alignItems: 'center',
            gap: 6,
            padding: '0 10px',
          }}
        >
          <Handle
            type="target"
            position={Position.Left}
            id={targetHandle(column.name)}
            isConnectable={false}
            style={hidden}
          />
          <span style={{ width: 12, flex: 'none', color: token.colorWarning }}>
            {column.isPrimarykey && <KeyOutlined aria-label={t('develop.database.column.primaryKey')} />}
          </span>
          <span
            style={{
              flex: 1,
              minWidth: 0,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              fontWeight: column.isPrimarykey ? 600 : undefined,
            }}
          >
            {column.name}
          </span>
          <span
            style={{
              flex: 'none',
              maxWidth: 110,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              color: token.colorTextSecondary,
            }}
          >
            {column.dataType}
          </span>
          <Handle
            type="source"
            position={Position.Right}
            id={sourceHandle(column.name)}
            isConnectable={false}
            style={hidden}
          />
        </div>
      ))}
    </div>
  );
});

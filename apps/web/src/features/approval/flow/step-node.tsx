import { Handle, Position, type NodeProps } from '@xyflow/react';
import { theme } from 'antd';
import type { DesignNode } from './flow-model';

const SHAPES = {
  start: { radius: 24, colour: 'colorSuccess' },
  end: { radius: 24, colour: 'colorError' },
  approver: { radius: 6, colour: 'colorPrimary' },
  condition: { radius: 6, colour: 'colorWarning' },
} as const;

/** One node of the designer: its name and kind, a target handle above and a source handle below. */
export function StepNode({ data, selected }: NodeProps<DesignNode>) {
  const { token } = theme.useToken();
  const shape = SHAPES[data.type];
  const colour = token[shape.colour];
  return (
    <div
      style={{
        minWidth: 140,
        padding: '8px 14px',
        borderRadius: shape.radius,
        border: `2px solid ${colour}`,
        background: token.colorBgContainer,
        color: token.colorText,
        textAlign: 'center',
        boxShadow: selected ? `0 0 0 3px ${token.colorPrimaryBorder}` : undefined,
      }}
    >
      {data.type !== 'start' && <Handle type="target" position={Position.Top} />}
      <div style={{ fontWeight: 600 }}>{data.name}</div>
      <div style={{ fontSize: 12, color: token.colorTextSecondary }}>{data.label}</div>
      {data.type !== 'end' && <Handle type="source" position={Position.Bottom} />}
    </div>
  );
}

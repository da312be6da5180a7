import { Flex } from 'antd';
import { useState } from 'react';
import { pageTodo } from '../approval-api';
import { InstanceDrawer } from '../instance-drawer';
import { InstanceList } from '../instance-list';

/**
 * Approval → my to-do (`/approvalFlow/todo/index`): the pending requests waiting for the caller.
 * Opening one shows its answers and history, with approve, return and reject (and a comment).
 */
export default function TodoPage() {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Flex vertical gap={12}>
      <InstanceList scope="todo" fetch={pageTodo} onOpen={setOpen} />
      <InstanceDrawer id={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}

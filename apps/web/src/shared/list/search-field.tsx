import { Form, type FormItemProps } from 'antd';

/**
 * A search form field that the caller's field blacklist may hide (`useHiddenFields`): a filter on a
 * hidden field would be refused by the server (and would reveal its values), so the field is left out.
 */
export function SearchField({
  name,
  hidden,
  ...props
}: Omit<FormItemProps, 'name' | 'hidden'> & { name: string; hidden?: ReadonlySet<string> }) {
  if (hidden?.has(name)) return null;
  return <Form.Item name={name} {...props} />;
}

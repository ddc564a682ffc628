import { Input, type InputProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';

type SearchInputProps = Omit<InputProps, 'onChange' | 'placeholder' | 'aria-label' | 'prefix' | 'allowClear'> & {
  /** Its placeholder and its accessible name. */
  label: string;
  onChange: (value: string) => void;
};

/** A box that filters a list as the user types: a magnifier, a clear button and its label inside. */
export function SearchInput({ label, onChange, ...input }: SearchInputProps) {
  return (
    <Input allowClear prefix={<SearchOutlined />} placeholder={label} aria-label={label} onChange={(e) => onChange(e.target.value)} {...input} />
  );
}
